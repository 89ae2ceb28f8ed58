/**
 * A realtime play session: the Play RPC (one bidirectional stream) of one seat, or of a spectator, with
 * reconnection; the same interface over gRPC (`connectGrpc(...).playSession`, Node) and over the WebSocket
 * `/v1/play` (`connectRest(...).playSession`, browsers), as the Python SDK's `Session`:
 *
 *     const session = client.playSession({ name, seatToken });
 *     for await (const update of session) {            // every committed update, pushed as the seat sees it
 *       const state = update.state!;
 *       if (state.toAct.includes(state.yourSeat ?? -1)) {
 *         try {
 *           await session.act(legalActions(state)[0]);  // expanded from the compact sets; the version it produced
 *         } catch (error) {
 *           if (!(error instanceof StaleVersion)) throw error; // the next update brings the fresh view
 *         }
 *       }
 *     }
 *
 * `act` sends the action on the open stream with a fresh `requestId` and, as its expected version, the
 * version of the last update the session yielded; it resolves with the version the action produced once the
 * service accepted it (that version's update has then been received: the service sends an outcome after its
 * update), or rejects with the typed `CardroomError` it was refused with, and the session goes on.
 *
 * A dropped stream (a server killed or restarted, a connection cut) is reopened, through whatever replica the
 * address reaches, after the last version received: no update is skipped or repeated. Actions sent and not yet
 * answered are sent again with their `requestId`, so the service applies each once and answers it whether it
 * was applied before the drop or not. After `RetryPolicy.watchReconnects` failed reopenings in a row, or on an
 * error that is not a dropped connection, the iteration throws that error. The session ends with its match.
 */
import { CardroomError } from "./errors.js";
import { backoff, RESUMABLE, type RetryPolicy } from "./retry.js";
import { AsyncQueue } from "./session-queue.js";

/** What a session needs of the generated messages (those of every game or of one game's cut). */
export interface SessionUpdate {
  version: number;
  state?: { match?: { version: number } } | undefined;
}

/** How to open a session. */
export interface PlayOptions {
  /** The match, `games/{game}/matches/{match}`. */
  name: string;
  /** The seat's token; none for a spectator, whose session is read-only (its actions are refused). */
  seatToken?: string;
  /** Push the updates committed after this version; 0 (the default) replays the match from its creation. */
  afterVersion?: number;
}

export interface ActOptions {
  /** The version the action was decided on; default: the last update yielded (none before the first). */
  expectedVersion?: number;
  /** Idempotency key; default: a fresh UUID. */
  requestId?: string;
}

/** An action as the wire carries it (`PlayAction`), generic in the game's `Action` message. */
export interface SessionAction<Action> {
  requestId: string;
  expectedVersion?: number;
  action: Action;
}

/** One message of the server, decoded by the transport. */
export type SessionItem<Update> =
  | { update: Update; outcome?: undefined }
  | { update?: undefined; outcome: { requestId: string; version: number; error?: CardroomError } };

/**
 * One opened stream of a transport: the client's actions in (`send`, once it is open or queued until then),
 * the server's items out. The iteration ends when the server ends the session (its match is over) and throws a
 * `CardroomError` when the stream fails: UNAVAILABLE (or CANCELLED, DEADLINE_EXCEEDED) for a dropped connection.
 */
export interface SessionStream<Update, Action> extends AsyncIterable<SessionItem<Update>> {
  send(action: SessionAction<Action>): void;
  close(): void;
}

/** Opens one stream: the transport (session-grpc.ts, session-ws.ts). */
export type OpenStream<Update, Action> = (open: {
  name: string;
  seatToken: string;
  afterVersion: number;
}) => SessionStream<Update, Action>;

/** What both clients add to the generated `GameServiceClient`. */
export interface PlaySessions<Update extends SessionUpdate, Action> {
  /** A play session on a match, as a seat (`seatToken`) or as a spectator; see `PlaySession`. */
  playSession(options: PlayOptions): PlaySession<Update, Action>;
}

/** The error of an action on a session that is over (its match ended, or `close()` was called). */
export class SessionEnded extends CardroomError {
  constructor(message: string) {
    super("CANCELLED", "", message);
    this.name = "SessionEnded";
  }
}

interface Pending<Action> {
  message: SessionAction<Action>;
  resolve(version: number): void;
  reject(error: unknown): void;
}

export class PlaySession<Update extends SessionUpdate, Action> implements AsyncIterable<Update> {
  /** The last version received: a reopened stream resumes after it. */
  lastVersion: number;
  /** The last update the session yielded (what the player saw). */
  latest: Update | undefined;
  private readonly updates = new AsyncQueue<Update>();
  /** Actions sent and not yet answered, by request id, in the order sent. */
  private readonly pending = new Map<string, Pending<Action>>();
  private stream: SessionStream<Update, Action> | undefined;
  private ended: CardroomError | undefined;
  private closed = false;
  private running: Promise<void> | undefined;
  private wakeBackoff: (() => void) | undefined;

  constructor(
    private readonly openStream: OpenStream<Update, Action>,
    private readonly options: PlayOptions,
    private readonly policy: RetryPolicy,
  ) {
    this.lastVersion = options.afterVersion ?? 0;
  }

  /** Open the stream (iterating or acting does it). */
  start(): void {
    this.running ??= this.run();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Update, void, undefined> {
    this.start();
    for await (const update of this.updates) {
      this.latest = update;
      yield update;
    }
    if (this.ended && !(this.ended instanceof SessionEnded)) throw this.ended;
  }

  /** Apply `action` for the session's seat: the version it produced (see the module's comment). */
  act(action: Action, options: ActOptions = {}): Promise<number> {
    if (this.ended) return Promise.reject(new SessionEnded("the session is over"));
    this.start();
    const expectedVersion = options.expectedVersion ?? this.latest?.state?.match?.version;
    const message: SessionAction<Action> = {
      requestId: options.requestId ?? globalThis.crypto.randomUUID(),
      action,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    };
    return new Promise<number>((resolve, reject) => {
      this.pending.set(message.requestId, { message, resolve, reject });
      this.stream?.send(message); // else the next stream sends it after its open
    });
  }

  /** End the session: the iteration ends, actions not answered yet reject with `SessionEnded`. */
  async close(): Promise<void> {
    this.closed = true;
    this.stream?.close();
    this.wakeBackoff?.();
    this.finish(new SessionEnded("the session was closed"));
    await this.running;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      const stream = this.openStream({
        name: this.options.name,
        seatToken: this.options.seatToken ?? "",
        afterVersion: this.lastVersion,
      });
      this.stream = stream;
      for (const { message } of this.pending.values()) stream.send(message); // unanswered: sent again, answered once
      try {
        for await (const item of stream) {
          failures = 0;
          this.receive(item);
        }
        this.finish(new SessionEnded("the match is over"));
        return;
      } catch (error) {
        if (this.closed) return;
        const resumable = error instanceof CardroomError && RESUMABLE.has(error.status);
        if (!resumable || failures >= this.policy.watchReconnects) {
          this.finish(error instanceof CardroomError ? error : new CardroomError("UNKNOWN", "", String(error)));
          return;
        }
      } finally {
        this.stream = undefined;
        stream.close();
      }
      failures++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff(this.policy, failures));
        this.wakeBackoff = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private receive(item: SessionItem<Update>): void {
    if (!item.outcome) {
      if (item.update.version > this.lastVersion) { // resumed after the last received: never a repeat
        this.lastVersion = item.update.version;
        this.updates.push(item.update);
      }
      return;
    }
    const { requestId, version, error } = item.outcome;
    const pending = this.pending.get(requestId);
    if (!pending) return; // an answer of an action answered on an earlier stream
    this.pending.delete(requestId);
    if (error) pending.reject(error);
    else pending.resolve(version);
  }

  private finish(error: CardroomError): void {
    if (this.ended) return;
    this.ended = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.updates.end();
  }
}
