/**
 * The rules of one table, as a player deciding whether to join (or a spectator) reads them: the game's summary
 * (GetGame), every house rule with the value this table plays it at (the match's effective options) and its
 * description, and the table settings (turn clock, bots).
 */
import { useEffect, useState } from "preact/hooks";
import { client, Game, type Json, type Match } from "./api";
import { camel } from "./Lobby";
import { humanize } from "./words";

/** An option's value in words: booleans as yes/no, lists joined. */
function shown(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.join(", ");
  if (value !== null && typeof value === "object") return shown(Object.values(value)[0]); // an IntList {values}
  return humanize(String(value));
}

const games = new Map<string, Promise<Json | undefined>>();

/** The game's catalog entry (GetGame: summary, house rules, phases and decision kinds in words), read once per
 * page; undefined until it comes, or when it cannot be read (it is a courtesy: the table works without it). */
export function useGame(gameId: string): Json | undefined {
  const [game, setGame] = useState<Json | undefined>();
  useEffect(() => {
    if (!gameId) return;
    if (!games.has(gameId)) {
      const read = client.getGame({ name: `games/${gameId}` }).then(
        (found) => Game.toJSON(found) as Json,
        () => {
          games.delete(gameId); // tried again by the next table
          return undefined;
        },
      );
      games.set(gameId, read);
    }
    games.get(gameId)!.then(setGame);
  }, [gameId]);
  return game;
}

export function TableRules({ match }: { match: Match }) {
  const game = useGame(match.gameId);
  // the typed options (every field of the game's message, unlike their JSON, which leaves out false and 0)
  const options: Json = Object.values(match.options ?? {}).find((member) => member !== undefined) ?? {};
  const table = match.table;
  const bots = match.seats.filter((seat) => seat.bot);
  return (
    <section class="table-rules" aria-labelledby="table-rules-title">
      <h2 id="table-rules-title">Rules of this table</h2>
      {game && <p>{game.summary}</p>}
      <dl class="fields">
        <div class="fields__row">
          <dt>turn clock</dt>
          <dd>{table && table.turnSeconds > 0 ? `${table.turnSeconds} s per decision${table.reserveSeconds > 0 ? ` + ${table.reserveSeconds} s reserve` : ""}` : "none"}</dd>
        </div>
        <div class="fields__row">
          <dt>bots</dt>
          <dd>{bots.length ? bots.map((seat) => `seat ${seat.seat + 1} (${seat.botLevel || "standard"})`).join(", ") : "none"}</dd>
        </div>
        {(game?.options ?? []).map((option: Json) => {
          const value = options[camel(option.name)];
          return (
            <div class="fields__row" data-option={option.name}>
              <dt>{humanize(option.name)}</dt>
              <dd>
                <strong>{value === undefined ? shown(JSON.parse(option.defaultJson)) : shown(value)}</strong>
                <span class="option__help">{option.description}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
