/**
 * The play session's transport over gRPC: the `Play` bidirectional stream of a nice-grpc client (Node).
 * Its failures are already `CardroomError`s (grpc.ts's middleware); a refusal inside the stream is a
 * `PlayStatus`, the bytes of a google.rpc.Status, whose ErrorInfo detail is decoded here.
 */
import { ErrorInfo } from "nice-grpc-error-details";
import { cardroomError, STATUS_NAMES } from "./errors.js";
import type { GameServiceClient, MatchUpdate, PlayOutcome, PlayRequest, PlayStatus } from "./gen/cardroom/v1/game_service.js";
import { type Action, LegalActionsForm } from "./gen/cardroom/v1/match.js";
import { withMatch } from "./match-metadata.js";
import type { OpenStream, SessionItem } from "./session.js";
import { AsyncQueue } from "./session-queue.js";

const ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";

function refusal(status: PlayStatus | undefined) {
  if (!status) return cardroomError("UNKNOWN", "", "refused without a status");
  const detail = status.details.find((any) => any.typeUrl === ERROR_INFO);
  const info = detail ? ErrorInfo.decode(detail.value) : undefined;
  return cardroomError(STATUS_NAMES[status.code] ?? "UNKNOWN", info?.reason ?? "", status.message, info?.metadata ?? {});
}

/** Streams of `client.play` (the raw generated method, before any wrapping). */
export function grpcStreams(play: GameServiceClient["play"]): OpenStream<MatchUpdate, Action> {
  return (open) => {
    const outgoing = new AsyncQueue<PlayRequest>();
    const abort = new AbortController();
    // the server's default form: the updates' legal actions as compact sets (legalActions(state) expands them);
    // an accepted action's outcome comes in its update's message (one message fewer per action)
    const legalActionsForm = LegalActionsForm.LEGAL_ACTIONS_FORM_UNSPECIFIED;
    outgoing.push({ open: { ...open, legalActionsForm, outcomesInUpdates: true } });
    const responses = play(outgoing, { signal: abort.signal, metadata: withMatch(undefined, open.name) });
    const outcomeItem = ({ requestId, version, accepted, error }: PlayOutcome): SessionItem<MatchUpdate> => ({
      outcome: { requestId, version, error: accepted ? undefined : refusal(error) },
    });
    async function* items(): AsyncGenerator<SessionItem<MatchUpdate>> {
      for await (const response of responses) {
        if (response.update) {
          yield { update: response.update };
          if (response.updateOutcome) yield outcomeItem(response.updateOutcome); // after its update, as a separate one
        } else if (response.outcome) yield outcomeItem(response.outcome);
      }
    }
    return {
      send: (action) => outgoing.push({ action }),
      close: () => {
        outgoing.end();
        abort.abort();
      },
      [Symbol.asyncIterator]: items,
    };
  };
}
