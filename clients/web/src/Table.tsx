/**
 * A table: follows one match (GetMatch, then WatchMatch over SSE, reopened after any failure from the
 * last version seen) as this tab's seat or as a spectator, and draws it. The view of every game is
 * drawn by one generic renderer (cards through the game's card renderer, players as panels, the seat's
 * private cards apart); the legal actions are buttons, and a card that a legal action names is itself
 * clickable.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  type Action,
  actionJson,
  authOf,
  client,
  ENDED,
  eventJson,
  forgetSeat,
  type Json,
  legalActions,
  loadSeat,
  MatchState,
  MatchStatus,
  message,
  onStreamChange,
  payload,
  requestId,
  saveSeat,
  type Seat,
  StaleVersion,
  stateJson,
} from "./api";
import { Card, isCard, isCardField } from "./cards";
import { go, playerName, setPlayerName } from "./Lobby";
import { TableRules, useGame } from "./Rules";
import { actionWords, eventWords, humanize, type SeatName, valueWords } from "./words";

const GAME_NAMES: Record<string, string> = { pumptown: "Pumptown", pumba: "Pumba", "up-or-down": "Up or Down?", "flip-7": "Flip 7" };
const HIDDEN_KEYS = new Set(["you", "options", "legalActions", "players", "hand"]);
/** The typed enum twins of string fields (`typedPhase` of `phase`, `typedKind` of `kind`): the string is shown. */
const ENUM_TWINS = new Set(["typedPhase", "typedKind"]);
const STATUS_WORDS: Record<number, string> = {
  [MatchStatus.MATCH_STATUS_WAITING]: "waiting for players",
  [MatchStatus.MATCH_STATUS_ACTIVE]: "playing",
  [MatchStatus.MATCH_STATUS_FINISHED]: "finished",
  [MatchStatus.MATCH_STATUS_ABANDONED]: "abandoned",
};

interface Logged {
  version: number;
  text: string;
  /** The game's event (`{"roundEnded": {...}}`); absent for the lines about who decided. */
  event?: Json;
}

/** Who decided a change, when it was not the seat's player: its clock ran out (or it is away), or a bot. */
interface DecidedBy {
  seat?: number;
  timedOut: boolean;
  byBot: boolean;
}

/** The lines of one committed change: its events in words, after who decided it when that was not its player. */
function linesOf(game: string, events: Json[], version: number, by: DecidedBy | undefined, names: SeatName): Logged[] {
  const lines: Logged[] = events.map((event) => ({ version, text: eventWords(game, payload(event), names), event: payload(event) }));
  if (events.length && by?.seat !== undefined && (by.timedOut || by.byBot)) {
    const who = names(by.seat);
    lines.unshift({ version, text: by.timedOut ? `${who} ran out of time: the server played for them` : `${who} (bot) decided` });
  }
  return lines;
}

/** The match's past up to `version` from its log (GetMatchLog, as this seat may read it), so that a page opened
 * or reloaded mid-match shows what happened before it, and the scores of the rounds already played. */
async function history(name: string, seat: Seat | undefined, version: number, game: string, names: SeatName): Promise<Logged[]> {
  const lines: Logged[] = [];
  let pageToken = "";
  do {
    const page = await client.getMatchLog({ name, afterVersion: 0, pageSize: 1000, pageToken }, authOf(seat));
    for (const entry of page.entries) {
      if (entry.version > version) return lines; // the watch delivers the rest
      lines.push(...linesOf(game, entry.events.map(eventJson), entry.version, entry, names));
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
  return lines;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Follows a match: the latest state, the events in words, and whether the stream is up. */
function useMatch(name: string, seat: Seat | undefined, seatName: () => SeatName) {
  const [state, setState] = useState<MatchState | undefined>();
  const [log, setLog] = useState<Logged[]>([]);
  const [online, setOnline] = useState(false);
  const [problem, setProblem] = useState("");
  const latest = useRef(0);
  // a cut stream is reopened by the client by itself (Last-Event-ID); meanwhile the page says so instead of
  // showing a table that no longer moves
  const [streaming, setStreaming] = useState(true);
  useEffect(() => onStreamChange(setStreaming), []);

  function apply(next: MatchState | undefined, events: Json[], version: number, by?: DecidedBy) {
    if (!next?.match || next.match.version < latest.current) return;
    if (events.length && version > latest.current) {
      const lines = linesOf(next.match.gameId, events, version, by, seatName());
      // every line is kept: dropping the oldest would move the others up under the reader's eyes
      setLog((old) => [...old, ...lines]);
    }
    latest.current = next.match.version;
    setState(next);
  }

  useEffect(() => {
    let stopped = false;
    const abort = new AbortController();
    latest.current = 0;
    setLog([]);
    (async () => {
      let delay = 250;
      while (!stopped) {
        try {
          const first = await client.getMatch({ name }, authOf(seat));
          if (latest.current === 0) {
            // names from this state's seats: the table's own names are not set before its first state
            const seats = first.match!.seats;
            const past = await history(name, seat, first.match!.version, first.match!.gameId, (index) => seats[index]?.playerName || `seat ${index + 1}`);
            setLog(past);
          }
          apply(first, [], first.match!.version);
          setOnline(true);
          setProblem("");
          if (ENDED.has(first.match!.status)) return;
          const updates = client.watchMatch({ name, afterVersion: latest.current }, { ...authOf(seat), signal: abort.signal });
          for await (const update of updates) {
            apply(update.state, update.events.map(eventJson), update.version, update);
            setOnline(true);
            delay = 250;
          }
          return; // the stream ends after the update that finished the match
        } catch (failure) {
          if (stopped) return;
          setOnline(false);
          setProblem(message(failure));
          await sleep(delay);
          delay = Math.min(delay * 2, 5000);
        }
      }
    })();
    return () => {
      stopped = true;
      abort.abort();
    };
  }, [name, seat?.token]);

  return { state, log, online: online && streaming, problem: streaming ? problem : "the connection dropped: reconnecting", apply };
}

/** Seconds left until an RFC 3339 deadline, ticking: read from the clock at each render (the tick only asks for
 * one), so a new deadline is never counted from a time taken before it came. */
function useCountdown(deadline: string | undefined): number | undefined {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return undefined;
  return Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
}

/** The deadline of the pending decision (MatchState.deadline, an RFC 3339 time in JSON); unset without a clock. */
function deadlineOf(json: Json): string | undefined {
  return typeof json?.deadline === "string" ? json.deadline : undefined;
}

/** Where a field's row goes in its panel: one-line values first, then rows of cards (one card high), then nested
 * messages and lists of them, whose height changes, last, so that their growth moves no other row. A nested message
 * absent from an update keeps the place its key had when it was last seen. */
const RANKS = new Map<string, number>();
/** The fields of the views that hold a message or a list of them (proto), whether set or not: always last. */
const NESTED = new Set(["columns", "stack", "remaining", "pending", "chain", "redistributions", "duels", "duel", "decision", "slots"]);

function rankOf(game: string, key: string, value: Json): number {
  if (NESTED.has(key)) return 2;
  const id = `${game}/${key}`;
  // nothing to tell it by (absent, or an empty list: of cards? of messages?): the place it had
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return RANKS.get(id) ?? 0;
  let rank = 0;
  if (isCardField(game, key) || isCard(game, key, value)) rank = 1;
  else if (typeof value === "object" && !(Array.isArray(value) && value.every((item) => typeof item !== "object"))) rank = 2;
  RANKS.set(id, rank);
  return rank;
}

/** Who plays a seat when it is not its player: a bot, the server for a seat away (timeouts) or left. */
function seatState(info: Json): string {
  if (!info) return "";
  if (info.left) return "left";
  if (info.bot) return `bot${info.botLevel ? ` (${info.botLevel})` : ""}`;
  if (info.awaySince) return "away";
  return "";
}

interface Picks {
  seatName: SeatName;
  /** card code -> indexes of the legal actions that name it */
  byCard: Map<string, number[]>;
  submit: (index: number) => void;
  focus: (indexes: number[]) => void;
  selected: number[];
}

function ViewValue({ game, name, value, picks }: { game: string; name: string; value: Json; picks: Picks }): ComponentChildren {
  const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  if (empty && isCardField(game, name)) {
    // a card's height while there is none, so the first card does not push what is below
    return (
      <span class="cards cards--empty">
        <span class="muted">none</span>
      </span>
    );
  }
  if (value === undefined || value === null) return <span class="muted">—</span>;
  if (isCard(game, name, value)) {
    const actions = picks.byCard.get(String(value)) ?? [];
    return (
      <Card
        game={game}
        code={value}
        onPick={actions.length ? () => (actions.length === 1 ? picks.submit(actions[0]) : picks.focus(actions)) : undefined}
        selected={actions.length > 0 && actions.every((index) => picks.selected.includes(index))}
      />
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">none</span>;
    // seats, counts: one line of words, not a column that grows
    if (value.every((item) => item === null || typeof item !== "object") && !isCard(game, name, value[0])) {
      return <span>{valueWords(game, name, value, picks.seatName)}</span>;
    }
    const cards = value.every((item) => isCard(game, name, item));
    const kind = cards ? `cards${name === "grid" ? " cards--grid" : name === "hand" ? " cards--hand" : ""}` : "list";
    return (
      <span class={kind}>
        {value.map((item) => (
          <ViewValue game={game} name={name} value={item} picks={picks} />
        ))}
      </span>
    );
  }
  if (value !== null && typeof value === "object") {
    const rows = Object.entries(value)
      .filter(([key]) => !ENUM_TWINS.has(key))
      .sort(([a, first], [b, second]) => rankOf(game, a, first) - rankOf(game, b, second));
    return (
      <dl class="fields">
        {rows.map(([key, item]) => (
          <div class="fields__row">
            <dt>{humanize(key)}</dt>
            <dd>
              <ViewValue game={game} name={key} value={item} picks={picks} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return <span>{valueWords(game, name, value, picks.seatName)}</span>;
}

/** The event that scores a round in each game with rounds, and the field of its totals after the round. */
const ROUND_ENDS: Record<string, [string, string]> = {
  pumba: ["roundEnded", "totals"],
  "flip-7": ["roundEnd", "totals"],
  pumptown: ["roundOver", "cumulative"],
};

/** Scores per round, from the events of the match (its log, then its updates): one row per round ended. */
function RoundScores({ game, log, seatCount, seatName }: { game: string; log: Logged[]; seatCount: number; seatName: SeatName }) {
  const ends = ROUND_ENDS[game];
  if (!ends) return null; // Up or Down? is one round: its scores are the players' and the result's
  const rounds = log.flatMap((line) => {
    const [verb, fields] = line.event ? Object.entries(line.event)[0] ?? [] : [];
    return verb === ends[0] ? [fields as Json] : [];
  });
  const seats = Array.from({ length: seatCount }, (_, seat) => seat);
  return (
    <section class="scores" aria-labelledby="scores-title" tabIndex={0}>
      <h2 id="scores-title">Scores per round</h2>
      {rounds.length === 0 ? (
        <p class="muted">No round has ended yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Round</th>
              {seats.map((seat) => (
                <th scope="col">{seatName(seat)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.map((round, index) => (
              <tr>
                <th scope="row">{round.round ?? index + 1}</th>
                {seats.map((seat) => (
                  <td>
                    {round.scores?.[seat] ?? 0} <span class="muted">(total {round[ends[1]]?.[seat] ?? 0})</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Result({ state, seatName }: { state: Json; seatName: SeatName }) {
  const result = state.result;
  if (!result) return null;
  const scores: number[] = result.scores ?? [];
  const ranks: number[] = result.ranks ?? [];
  const winners: number[] = result.winners ?? [];
  return (
    <section class="result" aria-labelledby="result-title">
      <h2 id="result-title">Final result: {winners.map(seatName).join(" and ")} won</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((score, seat) => (
            <tr class={winners.includes(seat) ? "winner" : ""}>
              <td>{ranks[seat] ?? ""}</td>
              <td>{seatName(seat)}</td>
              <td>{score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Table({ name }: { name: string }) {
  const [seat, setSeat] = useState<Seat | undefined>(() => loadSeat(name));
  const names = useRef<SeatName>((index) => `seat ${index + 1}`);
  const { state, log, online, problem, apply } = useMatch(name, seat, () => names.current);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [joinName, setJoinName] = useState(playerName());
  const [copied, setCopied] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const eventsRef = useRef<HTMLOListElement>(null);
  // new events are appended and scrolled to, so the earlier lines keep their place
  useEffect(() => eventsRef.current?.scrollTo({ top: eventsRef.current.scrollHeight }), [log]);

  const json = useMemo(() => (state ? stateJson(state) : undefined), [state]);
  const deadline = deadlineOf(json);
  const countdown = useCountdown(deadline);
  const match = state?.match;
  const game = match?.gameId ?? "";
  const seats = match?.seats ?? [];
  names.current = (index: number) => seats[index]?.playerName || `seat ${index + 1}`;
  const seatName = names.current;
  const yourSeat = state?.yourSeat;
  // the answers list compact sets (an 8-seat Pumptown turn's flat list is 76-171 KB): one button per expanded action
  const legal: Action[] = useMemo(() => (state ? legalActions(state) : []), [state]);
  const legalJson = useMemo(() => legal.map((action) => payload(actionJson(action))), [legal]);
  const toAct: number[] = state?.toAct ?? [];
  const yourTurn = yourSeat !== undefined && toAct.includes(yourSeat);
  // the typed view, not its JSON: proto3 JSON leaves out empty and default fields, the typed message has
  // every field, so the rows of a panel do not come and go (and move the rows below) from one update to the next
  const view: Json = state?.view ? Object.values(state.view).find((member) => member !== undefined) : undefined;

  useEffect(() => setSelected([]), [match?.version]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError("");
    try {
      await work();
    } catch (failure) {
      if (!(failure instanceof StaleVersion)) setError(message(failure)); // stale: a newer update is on its way
    } finally {
      setBusy(false);
    }
  }

  const submit = (index: number) =>
    run(async () => {
      const answer = await client.submitAction(
        { name, action: legal[index], expectedVersion: match!.version, requestId: requestId() },
        authOf(seat),
      );
      apply(answer.state, answer.events.map(eventJson), answer.state?.match?.version ?? 0);
    });

  const byCard = useMemo(() => {
    const found = new Map<string, number[]>();
    legalJson.forEach((action, index) => {
      const fields = Object.values(action)[0] as Json;
      const card = fields?.card;
      if (card !== undefined && isCard(game, "card", card)) found.set(String(card), [...(found.get(String(card)) ?? []), index]);
    });
    return found;
  }, [legalJson, game]);

  const picks: Picks = {
    seatName,
    byCard,
    submit,
    selected,
    focus: (indexes) => {
      setSelected(indexes);
      actionsRef.current?.querySelector<HTMLButtonElement>(`[data-action="${indexes[0]}"]`)?.focus();
    },
  };

  const join = () =>
    run(async () => {
      setPlayerName(joinName);
      const joined = await client.joinMatch({ name, playerName: joinName, requestId: requestId() });
      const mine = { token: joined.seatToken, seat: joined.state!.yourSeat ?? 0 };
      saveSeat(name, mine);
      setSeat(mine);
    });
  const start = () => run(async () => apply(await client.startMatch({ name, requestId: requestId() }, authOf(seat)), [], 0));
  const leave = () =>
    run(async () => {
      await client.leaveMatch({ name, requestId: requestId() }, authOf(seat));
      forgetSeat(name);
      go("");
    });

  const share = `${location.origin}${location.pathname}#/${name}`;
  const waiting = match?.status === MatchStatus.MATCH_STATUS_WAITING;
  const players: Json[] = view?.players ?? [];
  // what the pending decision is about, in the catalog's words (GetGame's decision kinds, else its phases)
  const catalog = useGame(game);
  const decisionKind = view?.decision?.kind;
  const about: string =
    (decisionKind && catalog?.decisionKinds?.find((info: Json) => info.name === decisionKind)?.description) ||
    catalog?.phases?.find((info: Json) => info.name === view?.phase)?.description ||
    "";
  const decisionWhy = view ? [view.phase, view.decision?.kind].filter(Boolean).map((word) => humanize(String(word))).join(", ") : "";

  return (
    <main class="table" data-game={game} data-version={match?.version ?? 0} data-status={match ? STATUS_WORDS[match.status] : "loading"}>
      <header class="table__header">
        <a href="#/" class="button">
          ← Lobby
        </a>
        <h1>{GAME_NAMES[game] ?? "Table"}</h1>
        <span class={`online ${online ? "online--yes" : "online--no"}`} role="status">
          {online ? "connected" : "reconnecting…"}
        </span>
      </header>
      <section class="status" aria-live="polite">
        <p>
          <strong>{match ? STATUS_WORDS[match.status] : "loading…"}</strong>
          {yourSeat !== undefined ? ` — you are ${seatName(yourSeat)}` : " — spectating"}
          {countdown !== undefined && (
            <span class="countdown" role="timer" data-deadline={deadline} aria-label={`${countdown} seconds left`}>
              {" "}
              ⏱ {countdown}s
            </span>
          )}
        </p>
        <p class="decision" data-your-turn={yourTurn ? "yes" : "no"}>
          {match?.status === MatchStatus.MATCH_STATUS_ACTIVE
            ? yourTurn
              ? `Your decision${decisionWhy ? ` (${decisionWhy})` : ""}`
              : `Waiting for ${toAct.map(seatName).join(", ") || "—"}${decisionWhy ? ` (${decisionWhy})` : ""}`
            : " "}
        </p>
        <p class="why" title={about}>
          {match?.status === MatchStatus.MATCH_STATUS_ACTIVE ? about : " "}
        </p>
        <p class="share">
          Share: <a href={share}>{share}</a>{" "}
          {"clipboard" in navigator && (
            <button type="button" class="small" onClick={() => navigator.clipboard.writeText(share).then(() => setCopied(true))}>
              {copied ? "Link copied" : "Copy link"}
            </button>
          )}
        </p>
        <p class="error" role="alert">
          {error || (online ? "" : problem)}
        </p>
      </section>

      {waiting && (
        <section class="seating" aria-label="Seats">
          <ul>
            {seats.map((info, index) => (
              <li>
                Seat {index + 1}: {info.occupied ? info.playerName || "player" : <em>free</em>}
              </li>
            ))}
          </ul>
          {seat === undefined ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                join();
              }}
            >
              <label for="join-name">Your name</label> <input id="join-name" value={joinName} maxLength={40} required onInput={(e) => setJoinName((e.target as HTMLInputElement).value)} />{" "}
              <button type="submit" class="primary" disabled={busy}>
                Join this table
              </button>
            </form>
          ) : (
            <p>
              {yourSeat === match?.creatorSeat && (
                <button type="button" class="primary" onClick={start} disabled={busy}>
                  Start the match
                </button>
              )}{" "}
              <button type="button" onClick={leave} disabled={busy}>
                Leave
              </button>
              {yourSeat !== match?.creatorSeat && <span class="muted"> Waiting for the creator to start.</span>}
            </p>
          )}
        </section>
      )}

      {view && (
        <div class="board">
          <section class="players" aria-label="Players">
            {players.map((player, index) => {
              const seatIndex = typeof player.seat === "number" ? player.seat : index;
              const { seat: _seat, ...visible } = player;
              return (
                <article
                  tabIndex={0}
                  class={`player${toAct.includes(seatIndex) ? " player--acting" : ""}${seatIndex === yourSeat ? " player--you" : ""}`}
                  aria-label={`${seatName(seatIndex)}${seatIndex === yourSeat ? " (you)" : ""}${toAct.includes(seatIndex) ? ", deciding" : ""}`}
                >
                  <h2>
                    {seatName(seatIndex)}
                    {seatIndex === yourSeat && " (you)"}
                    {toAct.includes(seatIndex) && <span class="badge"> deciding</span>}
                    {seatState(seats[seatIndex]) && <span class="badge badge--seat"> {seatState(seats[seatIndex])}</span>}
                  </h2>
                  <ViewValue game={game} name="player" value={visible} picks={picks} />
                </article>
              );
            })}
          </section>
          <section class="centre" aria-label="Table" tabIndex={0}>
            <ViewValue
              game={game}
              name="table"
              value={Object.fromEntries(Object.entries(view).filter(([key]) => !HIDDEN_KEYS.has(key)))}
              picks={picks}
            />
          </section>
          {yourSeat !== undefined && (
            <section class="hand" aria-label="Your cards" data-private="hand" tabIndex={0}>
              <h2>Your cards</h2>
              <ViewValue game={game} name="hand" value={view.hand ?? []} picks={picks} />
            </section>
          )}
        </div>
      )}

      {view && (
        // one slot of a fixed height for the actions, then the result: the end of a match moves nothing
        <div class="dock">
          {json?.result ? (
            <Result state={json} seatName={seatName} />
          ) : yourSeat !== undefined ? (
            <section class="actions" aria-label="Your legal actions" ref={actionsRef} data-testid="actions">
              <h2>Actions</h2>
              <div class="actions__list">
                {legalJson.length === 0 && <span class="muted">Nothing to decide now.</span>}
                {legalJson.map((action, index) => (
                  <button
                    type="button"
                    class={`action${selected.includes(index) ? " action--selected" : ""}`}
                    data-action={index}
                    disabled={busy}
                    onClick={() => submit(index)}
                  >
                    {actionWords(game, action, seatName)}
                  </button>
                ))}
              </div>
            </section>
          ) : (
            <p class="muted">You are watching this table: only what every player sees is shown.</p>
          )}
        </div>
      )}

      <section class="events" aria-label="What happened">
        <h2>What happened</h2>
        <ol class="events__list" aria-live="polite" tabIndex={0} ref={eventsRef}>
          {log.map((line) => (
            <li data-version={line.version}>{line.text}</li>
          ))}
        </ol>
      </section>

      {view && <RoundScores game={game} log={log} seatCount={seats.length} seatName={seatName} />}

      {/* read before joining, at hand during play; last, so that it moves nothing when it arrives */}
      {match && <TableRules match={match} />}
    </main>
  );
}
