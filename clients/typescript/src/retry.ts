/** Bounds of the client's retries and reconnections, shared by the gRPC client and the play sessions. */
import type { StatusName } from "./errors.js";

/** A stream that drops (server restart, lost connection) ends with one of these: reopen it. */
export const RESUMABLE: ReadonlySet<StatusName> = new Set<StatusName>(["UNAVAILABLE", "CANCELLED", "DEADLINE_EXCEEDED"]);

/** Bounds of the retries, the Python SDK's defaults unless given. */
export interface RetryPolicy {
  /** Attempts per unary call (gRPC caps it at 5). */
  attempts: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  multiplier: number;
  /** Reconnections in a row of a watch or a play session whose stream keeps dropping. */
  watchReconnects: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 5,
  initialBackoffMs: 200,
  maxBackoffMs: 3000,
  multiplier: 2,
  watchReconnects: 8,
};

/** Milliseconds before reconnection number `failures` (1-based), jittered so that the watchers
 * of a restarted server do not all come back at once. */
export function backoff(policy: RetryPolicy, failures: number): number {
  const ceiling = Math.min(policy.initialBackoffMs * policy.multiplier ** (failures - 1), policy.maxBackoffMs);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
