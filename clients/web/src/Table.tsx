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
  loadSeat,
  MatchState,
  MatchStatus,
  message,
  payload,
  requestId,
  saveSeat,
  type Seat,
  StaleVersion,
  stateJson,
} from "./api";
import { Card, isCard } from "./cards";
import { go, playerName, setPlayerName } from "./Lobby";
import { actionWords, eventWords, humanize, type SeatName, valueWords } from "./words";

const GAME_NAMES: Record<string, string> = { pumptown: "Pumptown", pumba: "Pumba", "up-or-down": "Up or Down?", "flip-7": "Flip 7" };
const HIDDEN_KEYS = new Set(["you", "options", "legalActions", "players", "hand"]);
const STATUS_WORDS: Record<number, string> = {
  [MatchStatus.MATCH_STATUS_WAITING]: "waiting for players",
  [MatchStatus.MATCH_STATUS_ACTIVE]: "playing",
  [MatchStatus.MATCH_STATUS_FINISHED]: "finished",
  [MatchStatus.MATCH_STATUS_ABANDONED]: "abandoned",
};

interface Logged {
  version: number;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Follows a match: the latest state, the events in words, and whether the stream is up. */
function useMatch(name: string, seat: Seat | undefined, seatName: () => SeatName) {
  const [state, setState] = useState<MatchState | undefined>();
  const [log, setLog] = useState<Logged[]>([]);
  const [online, setOnline] = useState(false);
  const [problem, setProblem] = useState("");
  const latest = useRef(0);

  function apply(next: MatchState | undefined, events: Json[], version: number) {
    if (!next?.match || next.match.version < latest.current) return;
    const game = next.match.gameId;
    if (events.length && version > latest.current) {
      const names = seatName();
      const lines = events.map((event) => ({ version, text: eventWords(game, payload(event), names) }));
      setLog((old) => [...old, ...lines].slice(-60));
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
          apply(first, [], first.match!.version);
          setOnline(true);
          setProblem("");
          if (ENDED.has(first.match!.status)) return;
          const updates = client.watchMatch({ name, afterVersion: latest.current }, { ...authOf(seat), signal: abort.signal });
          for await (const update of updates) {
            apply(update.state, update.events.map(eventJson), update.version);
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

  return { state, log, online, problem, apply };
}

/** Seconds left until an RFC 3339 deadline, ticking. */
function useCountdown(deadline: string | undefined): number | undefined {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return undefined;
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

/** The deadline of the pending decision, wherever the service puts it (MatchState or Match). */
function deadlineOf(json: Json): string | undefined {
  const found = json?.deadline ?? json?.match?.deadline ?? json?.turnDeadline ?? json?.match?.turnDeadline;
  if (!found) return undefined;
  return typeof found === "string" ? found : found.time ?? undefined;
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
    const cards = value.every((item) => isCard(game, name, item));
    return (
      <span class={cards ? `cards${name === "grid" ? " cards--grid" : ""}` : "list"}>
        {value.map((item) => (
          <ViewValue game={game} name={name} value={item} picks={picks} />
        ))}
      </span>
    );
  }
  if (value !== null && typeof value === "object") {
    return (
      <dl class="fields">
        {Object.entries(value).map(([key, item]) => (
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
  const actionsRef = useRef<HTMLDivElement>(null);
  const eventsRef = useRef<HTMLOListElement>(null);
  // new events are appended and scrolled to, so the earlier lines keep their place
  useEffect(() => eventsRef.current?.scrollTo({ top: eventsRef.current.scrollHeight }), [log]);

  const json = useMemo(() => (state ? stateJson(state) : undefined), [state]);
  const countdown = useCountdown(deadlineOf(json));
  const match = state?.match;
  const game = match?.gameId ?? "";
  const seats = match?.seats ?? [];
  names.current = (index: number) => seats[index]?.playerName || `seat ${index + 1}`;
  const seatName = names.current;
  const yourSeat = state?.yourSeat;
  const legal: Action[] = state?.legalActions ?? [];
  const legalJson = useMemo(() => legal.map((action) => payload(actionJson(action))), [legal]);
  const toAct: number[] = state?.toAct ?? [];
  const yourTurn = yourSeat !== undefined && toAct.includes(yourSeat);
  const view = json?.view ? payload(json.view) : undefined;

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
            <span class="countdown" role="timer" aria-label={`${countdown} seconds left`}>
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
        <p class="share">
          Share: <a href={share}>{share}</a>
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

      {yourSeat !== undefined && match?.status === MatchStatus.MATCH_STATUS_ACTIVE && (
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
      )}

      {json?.result && <Result state={json} seatName={seatName} />}

      <section class="events" aria-label="What happened">
        <h2>What happened</h2>
        <ol class="events__list" aria-live="polite" tabIndex={0} ref={eventsRef}>
          {log.map((line) => (
            <li data-version={line.version}>{line.text}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}
