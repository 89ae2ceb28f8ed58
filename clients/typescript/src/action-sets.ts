/**
 * Compact legal actions: `MatchState.legalActionSets`, the answer's default form, expanded into the actions they
 * stand for. A set is `action` with one value of each of `params` (the first outermost, the last varying fastest),
 * every combination except those where the two `distinct` parameters are equal. Expanding every set of a state, in
 * order, gives its flat `legalActions` exactly, in order (what a request with `legalActionsForm` FLAT or BOTH
 * answers). Typed structurally, so the messages of every entry point (`@cardroom/client` and each game's) fit.
 */

/** One varying parameter of an action set, as the generated `ActionParam` holds it. */
export interface ActionParamLike {
  name: string;
  jsonName: string;
  ints: number[];
  strings: string[];
  bools: boolean[];
  stringLists: { values: string[] }[];
}

/** An action set, as the generated `ActionSet` holds it. */
export interface ActionSetLike<A> {
  action?: A | undefined;
  params: ActionParamLike[];
  distinct: string[];
}

/** Every action of `sets`, in order. */
export function expandActionSets<A extends object>(sets: readonly ActionSetLike<A>[]): A[] {
  return sets.flatMap((set) => expandActionSet(set));
}

/** Every action of one set, in order. */
export function expandActionSet<A extends object>(set: ActionSetLike<A>): A[] {
  const values = set.params.map(paramValues);
  const [first, second] = set.distinct.map((name) => set.params.findIndex((param) => param.name === name));
  const actions: A[] = [];
  for (const combo of product(values)) {
    if (set.distinct.length === 2 && combo[first] === combo[second]) continue;
    const action = structuredClone(set.action ?? ({} as A));
    const fields = inner(action);
    set.params.forEach((param, index) => {
      fields[param.jsonName] = combo[index];
    });
    actions.push(action);
  }
  return actions;
}

/** The actions a state's caller may send now, in the engine's order: the flat `legalActions` when the request asked
 * for them (FLAT or BOTH), else the `legalActionSets` (the default) expanded. */
export function legalActions<A extends object>(state: { legalActions: A[]; legalActionSets: ActionSetLike<A>[] }): A[] {
  return state.legalActions.length > 0 ? state.legalActions : expandActionSets(state.legalActionSets);
}

function paramValues(param: ActionParamLike): unknown[] {
  if (param.stringLists.length > 0) return param.stringLists.map((list) => [...list.values]);
  if (param.ints.length > 0) return param.ints;
  if (param.strings.length > 0) return param.strings;
  return param.bools;
}

/** Every combination of `values`, the first list outermost. */
function* product(values: unknown[][]): Generator<unknown[]> {
  if (values.length === 0) {
    yield [];
    return;
  }
  const [head, ...rest] = values;
  for (const value of head) {
    for (const tail of product(rest)) yield [value, ...tail];
  }
}

/** The typed action message inside an action (`action.pumptown.play`): the one set member at each oneof level. */
function inner(action: object): Record<string, unknown> {
  let message = action as Record<string, unknown>;
  for (let level = 0; level < 2; level++) {
    const member = Object.values(message).find((value) => value !== undefined && typeof value === "object");
    if (member === undefined) throw new Error("an action set's action names no game and kind");
    message = member as Record<string, unknown>;
  }
  return message;
}
