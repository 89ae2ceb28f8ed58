/** The lobby: the games with their summary and house rules, their open tables, and a form to create a table. */
import { useEffect, useState } from "preact/hooks";
import { Game, GameOptions, Match } from "@cardroom/client";
import { client, type Json, message, oneofKey, requestId, saveSeat } from "./api";
import { humanize } from "./words";

export function playerName(): string {
  return sessionStorage.getItem("cardroom.name") ?? "";
}

export function setPlayerName(name: string): void {
  sessionStorage.setItem("cardroom.name", name);
}

export function go(path: string): void {
  location.hash = `#/${path}`;
}

type Values = Record<string, string | boolean>;

function initialValues(game: Json): Values {
  const values: Values = {};
  for (const option of game.options ?? []) {
    const value = JSON.parse(option.defaultJson);
    values[option.name] = option.kind === "OPTION_KIND_BOOL" ? Boolean(value) : Array.isArray(value) ? value.join(", ") : String(value);
  }
  return values;
}

/** snake_case option name -> its proto3 JSON (and TypeScript) field name. */
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, letter: string) => letter.toUpperCase());
}

/** The options that differ from their defaults, as the game's `<Game>Options` JSON. */
function changedOptions(game: Json, values: Values): Json | undefined {
  const changed: Json = {};
  const defaults = initialValues(game);
  for (const option of game.options ?? []) {
    const value = values[option.name];
    if (value === defaults[option.name]) continue;
    const key = camel(option.name);
    if (option.kind === "OPTION_KIND_BOOL") changed[key] = value;
    else if (option.kind === "OPTION_KIND_INT") changed[key] = Number(value);
    else if (option.kind === "OPTION_KIND_INT_LIST")
      changed[key] = { values: String(value).split(/[\s,]+/).filter(Boolean).map(Number) };
    else changed[key] = String(value);
  }
  return Object.keys(changed).length ? { [oneofKey(game.gameId)]: changed } : undefined;
}

function OptionInput({ gameId, option, value, set }: { gameId: string; option: Json; value: string | boolean; set: (v: string | boolean) => void }) {
  const id = `opt-${gameId}-${option.name}`;
  const label = (
    <label for={id}>
      <span class="option__name">{humanize(option.name)}</span>
      <span class="option__help">{option.description}</span>
    </label>
  );
  if (option.kind === "OPTION_KIND_BOOL") {
    return (
      <div class="option option--bool">
        <input id={id} type="checkbox" checked={Boolean(value)} onChange={(e) => set((e.target as HTMLInputElement).checked)} />
        {label}
      </div>
    );
  }
  const choices: string[] = option.choices ?? [];
  if (option.kind === "OPTION_KIND_ENUM") {
    return (
      <div class="option">
        {label}
        <select id={id} value={String(value)} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
          {choices.map((choice) => (
            <option value={choice}>{humanize(choice)}</option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div class="option">
      {label}
      <input
        id={id}
        type={option.kind === "OPTION_KIND_INT" ? "number" : "text"}
        min={option.minimum}
        max={option.maximum}
        list={choices.length ? `${id}-choices` : undefined}
        value={String(value)}
        onInput={(e) => set((e.target as HTMLInputElement).value)}
      />
      {choices.length > 0 && (
        <datalist id={`${id}-choices`}>
          {choices.map((choice) => (
            <option value={choice} />
          ))}
        </datalist>
      )}
    </div>
  );
}

function GamePanel({ game, tables, refresh }: { game: Json; tables: Json[]; refresh: () => void }) {
  const [seats, setSeats] = useState(Math.max(game.minPlayers, 2));
  const [values, setValues] = useState<Values>(() => initialValues(game));
  const [name, setName] = useState(playerName());
  const [clock, setClock] = useState("0");
  const [bots, setBots] = useState(0);
  const levels: string[] = game.botLevels ?? [];
  const [level, setLevel] = useState(levels.includes("standard") ? "standard" : (levels[0] ?? ""));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function create(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      setPlayerName(name);
      const options = changedOptions(game, values);
      const created = await client.createMatch({
        parent: game.name,
        seatCount: seats,
        playerName: name,
        requestId: requestId(),
        ...(options ? { options: GameOptions.fromJSON(options) } : {}),
        ...(Number(clock) > 0 ? { table: { turnSeconds: Number(clock), reserveSeconds: 0, autoStartWhenFull: false, absentBotLevel: "" } } : {}),
        // the bots take the last seats, so the seats of the people who join come first
        bots: Array.from({ length: Math.min(bots, seats - 1) }, (_, index) => ({ seat: seats - 1 - index, level })),
      });
      const match = created.state!.match!;
      saveSeat(match.name, { token: created.seatToken, seat: created.state!.yourSeat ?? match.creatorSeat });
      go(match.name);
    } catch (failure) {
      setError(message(failure));
      setBusy(false);
    }
  }

  async function join(match: Json) {
    setError("");
    try {
      setPlayerName(name);
      const joined = await client.joinMatch({ name: match.name, playerName: name, requestId: requestId() });
      saveSeat(match.name, { token: joined.seatToken, seat: joined.state!.yourSeat ?? 0 });
      go(match.name);
    } catch (failure) {
      setError(message(failure));
      refresh();
    }
  }

  // the catalog's range is for default options; a `min_players` house rule (Flip 7) may lower it
  const fewest = Math.min(game.minPlayers, Number(values.min_players) || game.minPlayers);
  const range = [];
  for (let n = fewest; n <= game.maxPlayers; n++) range.push(n);
  return (
    <section class="game" aria-labelledby={`title-${game.gameId}`} data-game={game.gameId}>
      <h2 id={`title-${game.gameId}`}>{game.displayName}</h2>
      <p class="game__summary">{game.summary}</p>
      <p class="game__players">
        {game.minPlayers}–{game.maxPlayers} players
      </p>
      <h3>Open tables</h3>
      {tables.length === 0 ? (
        <p class="muted">No open table: create one.</p>
      ) : (
        <ul class="tables">
          {tables.map((match) => {
            const taken = (match.seats ?? []).filter((seat: Json) => seat.occupied);
            return (
              <li class="tables__row" data-match={match.name}>
                <span>
                  {taken.map((seat: Json) => seat.playerName || "?").join(", ")} — {taken.length}/{match.seatCount} seats
                </span>
                <span class="tables__buttons">
                  <button type="button" onClick={() => join(match)} disabled={taken.length >= match.seatCount}>
                    Join
                  </button>
                  <a class="button" href={`#/${match.name}`}>
                    Watch
                  </a>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <form class="create" onSubmit={create} aria-label={`Create a ${game.displayName} table`}>
        <div class="option">
          <label for={`name-${game.gameId}`}>Your name</label>
          <input id={`name-${game.gameId}`} value={name} maxLength={40} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
        <div class="option">
          <label for={`seats-${game.gameId}`}>Seats</label>
          <select id={`seats-${game.gameId}`} value={seats} onChange={(e) => setSeats(Number((e.target as HTMLSelectElement).value))}>
            {range.map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </div>
        <div class="option">
          <label for={`clock-${game.gameId}`}>
            <span class="option__name">Turn clock</span>
            <span class="option__help">Seconds per decision, 0 for none; when it runs out the server plays for the seat.</span>
          </label>
          <input id={`clock-${game.gameId}`} type="number" min={0} max={3600} value={clock} onInput={(e) => setClock((e.target as HTMLInputElement).value)} />
        </div>
        {levels.length > 0 && (
          <div class="option option--pair">
            <label for={`bots-${game.gameId}`}>Bots</label>
            <select id={`bots-${game.gameId}`} value={Math.min(bots, seats - 1)} onChange={(e) => setBots(Number((e.target as HTMLSelectElement).value))}>
              {Array.from({ length: seats }, (_, n) => (
                <option value={n}>{n}</option>
              ))}
            </select>
            <label for={`level-${game.gameId}`}>Bot level</label>
            <select id={`level-${game.gameId}`} value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
              {levels.map((choice) => (
                <option value={choice}>{choice}</option>
              ))}
            </select>
          </div>
        )}
        <details class="rules">
          <summary>House rules ({game.options?.length ?? 0})</summary>
          {(game.options ?? []).map((option: Json) => (
            <OptionInput
              gameId={game.gameId}
              option={option}
              value={values[option.name]}
              set={(value) => setValues({ ...values, [option.name]: value })}
            />
          ))}
        </details>
        <button type="submit" class="primary" disabled={busy}>
          Create table
        </button>
        <p class="error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}

export function Lobby() {
  const [games, setGames] = useState<Json[]>([]);
  const [tables, setTables] = useState<Record<string, Json[]>>({});
  const [error, setError] = useState("");

  async function refresh() {
    try {
      const listed = (await client.listGames({})).games.map((game) => Game.toJSON(game) as Json);
      setGames(listed);
      const open: Record<string, Json[]> = {};
      await Promise.all(
        listed.map(async (game: Json) => {
          const answer = await client.listMatches({ parent: game.name, pageSize: 20, pageToken: "" });
          open[game.gameId] = answer.matches.map((match) => Match.toJSON(match) as Json);
        }),
      );
      setTables(open);
      setError("");
    } catch (failure) {
      setError(message(failure));
    }
  }

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  return (
    <main class="lobby" aria-busy={games.length === 0}>
      <h1>cardroom</h1>
      <p class="muted">Pick a game, create a table, share its link, or join an open table.</p>
      <p class="error" role="alert">
        {error}
      </p>
      <div class="games">
        {games.map((game) => (
          <GamePanel key={game.gameId} game={game} tables={tables[game.gameId] ?? []} refresh={refresh} />
        ))}
      </div>
    </main>
  );
}
