/**
 * Typed errors of the cardroom API, the same over gRPC and REST: the canonical code
 * (`status`, such as "FAILED_PRECONDITION"), the ErrorInfo `reason` (such as
 * "NOT_YOUR_TURN") and its `metadata`. A decision made on an old version is a
 * `StaleVersion` that carries the match's current version.
 */

/** The gRPC canonical codes by number (google/rpc/code.proto). */
export const STATUS_NAMES = [
  "OK",
  "CANCELLED",
  "UNKNOWN",
  "INVALID_ARGUMENT",
  "DEADLINE_EXCEEDED",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "PERMISSION_DENIED",
  "RESOURCE_EXHAUSTED",
  "FAILED_PRECONDITION",
  "ABORTED",
  "OUT_OF_RANGE",
  "UNIMPLEMENTED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATA_LOSS",
  "UNAUTHENTICATED",
] as const;

export type StatusName = (typeof STATUS_NAMES)[number];

export class CardroomError extends Error {
  constructor(
    /** canonical code, for example "ABORTED" */
    readonly status: StatusName,
    /** ErrorInfo reason without the ERROR_REASON_ prefix, for example "STALE_VERSION"; "" when none was sent */
    readonly reason: string,
    message: string,
    /** ErrorInfo metadata, for example `current_version` */
    readonly metadata: Record<string, string> = {},
  ) {
    super(`${status} ${reason || "-"}: ${message}`);
    this.name = "CardroomError";
  }

  /** The canonical code as a number (the gRPC status code). */
  get code(): number {
    return STATUS_NAMES.indexOf(this.status);
  }
}

/** ABORTED / STALE_VERSION: decide again from a fresh view of `currentVersion`. */
export class StaleVersion extends CardroomError {
  get currentVersion(): number {
    return Number(this.metadata["current_version"]);
  }
}

/** The error for a failed call: `StaleVersion` when that is what it is, else `CardroomError`. */
export function cardroomError(
  status: StatusName,
  reason: string,
  message: string,
  metadata: Record<string, string> = {},
): CardroomError {
  const kind = status === "ABORTED" && reason === "STALE_VERSION" ? StaleVersion : CardroomError;
  return new kind(status, reason, message, metadata);
}
