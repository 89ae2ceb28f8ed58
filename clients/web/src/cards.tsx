/**
 * One small card renderer per game, from the card notation of each game's rules (§1): a card code
 * becomes a face (colour, number or rank, suit symbol) and a name in words for screen readers.
 * `isCard` tells the generic view renderer which values of a view are cards.
 */
import type { JSX } from "preact";

export interface Face {
  /** Big text in the middle of the card. */
  rank: string;
  /** Small symbol in the corners (suit, kind). */
  mark: string;
  /** A CSS colour family, one of the `.card--*` classes. */
  tone: string;
  /** The card in words: "Sota of copas", "27 (blue)". */
  words: string;
  /** Face down: the back of a card. */
  back?: boolean;
}

const UOD_COLOURS = ["yellow", "red", "blue", "pink", "purple", "teal"];

function upOrDown(code: number): Face {
  const colour = UOD_COLOURS[(code - 1) % 6];
  return { rank: String(code), mark: "", tone: colour, words: `${code} ${colour}` };
}

const PUMBA_SUITS: Record<string, [string, string, string]> = {
  o: ["oros", "●", "gold"],
  c: ["copas", "♥", "red"],
  e: ["espadas", "♠", "blue"],
  b: ["bastos", "♣", "green"],
};
const PUMBA_RANKS: Record<string, string> = { "1": "As", S: "Sota", C: "Caballo", R: "Rey" };

export function pumbaSuit(code: string): string {
  return PUMBA_SUITS[code]?.[0] ?? code;
}

function pumba(code: string): Face {
  const [name, symbol, tone] = PUMBA_SUITS[code[1]];
  const rank = code[0];
  return { rank, mark: symbol, tone, words: `${PUMBA_RANKS[rank] ?? rank} of ${name}` };
}

const FLIP7_ACTIONS: Record<string, [string, string, string]> = {
  FRZ: ["❄", "Freeze", "blue"],
  FL3: ["3×", "Flip Three", "orange"],
  SC: ["♥", "Second Chance", "red"],
};

function flip7(code: string): Face {
  const kind = code.split("_")[0];
  if (kind in FLIP7_ACTIONS) {
    const [rank, words, tone] = FLIP7_ACTIONS[kind];
    return { rank, mark: "", tone, words };
  }
  if (kind === "X2") return { rank: "×2", mark: "", tone: "green", words: "times 2" };
  if (kind.startsWith("P")) return { rank: `+${kind.slice(1)}`, mark: "", tone: "green", words: `plus ${kind.slice(1)}` };
  const value = Number(kind.slice(1));
  return { rank: String(value), mark: "", tone: UOD_COLOURS[value % 6], words: `number ${value}` };
}

const PUMP_NAMES: Record<string, string> = {
  PEEK: "Peek",
  DOUB: "Double",
  SWAP: "Swap",
  STEAL: "Steal",
  BLOCK: "Block a Knock",
  SWIPE: "Swipe",
  NOPE: "Nope",
  REARR: "Rearrange",
  DUEL: "Duel",
  ELIM: "Eliminate",
  REDIS: "Redistribute",
};
const PUMP_CODE = /^(PEEK|DOUB|SWAP|STEAL|BLOCK|SWIPE|NOPE|REARR|DUEL|ELIM|REDIS)\d$/;

function pumptown(code: string): Face {
  if (code === "??") return { rank: "", mark: "", tone: "back", words: "face-down card", back: true };
  const pump = PUMP_CODE.exec(code);
  if (pump) return { rank: PUMP_NAMES[pump[1]], mark: "★", tone: "purple", words: `pump card ${PUMP_NAMES[pump[1]]}` };
  const value = Number(code.slice(1, -1));
  return { rank: String(value), mark: "", tone: UOD_COLOURS[value % 6], words: `${value}` };
}

const UOD_CARD_KEYS = new Set(["display", "played", "lower", "upper", "taken", "pileUpTop", "hand", "known", "cards", "card", "discard"]);

/** The fields of each game's view that hold cards (a card, or a list of them), empty or not: the table keeps a
 * card's height for them while they are empty, so a first card never pushes the rows below it. */
const CARD_FIELDS: Record<string, Set<string>> = {
  "up-or-down": UOD_CARD_KEYS,
  pumba: new Set(["hand", "top"]),
  "flip-7": new Set(["numbers", "mods", "sc", "discard"]),
  pumptown: new Set(["grid", "discard", "setAside", "hand", "pumpDiscard", "cards"]),
};

export function isCardField(game: string, key: string): boolean {
  return CARD_FIELDS[game]?.has(key) ?? false;
}

/** Whether `value`, found under `key` in a view, action or event of `game`, is a card. */
export function isCard(game: string, key: string, value: unknown): boolean {
  switch (game) {
    case "up-or-down":
      return typeof value === "number" && UOD_CARD_KEYS.has(key) && value >= 1 && value <= 126;
    case "pumba":
      return typeof value === "string" && /^[1-7SCR][oceb]$/.test(value);
    case "flip-7":
      return typeof value === "string" && /^(N\d{1,2}|FRZ|FL3|SC|P\d{1,2}|X2)_\d+$/.test(value);
    case "pumptown":
      return typeof value === "string" && (value === "??" || /^N\d{1,2}[a-f]$/.test(value) || PUMP_CODE.test(value));
    default:
      return false;
  }
}

export function faceOf(game: string, code: string | number): Face {
  switch (game) {
    case "up-or-down":
      return upOrDown(Number(code));
    case "pumba":
      return pumba(String(code));
    case "flip-7":
      return flip7(String(code));
    default:
      return pumptown(String(code));
  }
}

export function cardWords(game: string, code: string | number): string {
  return faceOf(game, code).words;
}

interface CardProps {
  game: string;
  code: string | number;
  small?: boolean;
  /** Makes the card a button (it is a legal action's card). */
  onPick?: () => void;
  pickLabel?: string;
  selected?: boolean;
}

export function Card({ game, code, small, onPick, pickLabel, selected }: CardProps): JSX.Element {
  const face = faceOf(game, code);
  const className = `card card--${face.tone}${small ? " card--small" : ""}${face.back ? " card--back" : ""}${
    onPick ? " card--playable" : ""
  }${selected ? " card--selected" : ""}${face.rank.length > 3 ? " card--word" : ""}`;
  const inner = face.back ? (
    <span class="card__back" aria-hidden="true" />
  ) : (
    <>
      <span class="card__mark card__mark--top" aria-hidden="true">{face.mark}</span>
      <span class="card__rank" aria-hidden="true">{face.rank}</span>
      <span class="card__mark card__mark--bottom" aria-hidden="true">{face.mark}</span>
    </>
  );
  if (onPick) {
    // named by its content, not aria-label: the drawn face (rank and suit marks) is hidden from assistive
    // technology, and a label that does not contain the visible "♥7♥" fails WCAG 2.5.3 (label in name)
    return (
      <button type="button" class={className} data-card={String(code)} onClick={onPick}>
        {inner}
        <span class="visually-hidden">{pickLabel ?? face.words}</span>
      </button>
    );
  }
  return (
    <span class={className} role="img" data-card={face.back ? undefined : String(code)} aria-label={face.words}>
      {inner}
    </span>
  );
}
