/**
 * The metadata every gRPC call about a match names it in (`cardroom-match`): a proxy in front of several replicas
 * sends all of a match's calls to one replica by it, so its sessions and commits share that replica's feed and
 * state cache (the service does not read it; its docs/operations.md, "Several replicas behind one proxy").
 */
import { Metadata } from "nice-grpc";

export const MATCH_METADATA = "cardroom-match";

/** `metadata` with the match `name` in `cardroom-match` when `name` is a match's (`games/G/matches/M`). */
export function withMatch(metadata: Metadata | undefined, name: unknown): Metadata | undefined {
  if (typeof name !== "string" || !name.includes("/matches/")) return metadata;
  return Metadata(metadata).set(MATCH_METADATA, name);
}
