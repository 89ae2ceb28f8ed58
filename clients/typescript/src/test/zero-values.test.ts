/**
 * proto3 JSON leaves out every zero value of a field without presence (`seat: 0`, `occupied: false`, `""`,
 * empty lists, an enum's zero); this client decodes every REST answer with the generated `fromJSON`, which fills
 * them in, so the types it hands back are exact: `seat: number` is a number, `legalActions` a list. Fields where
 * absence means something are `optional` in the proto and typed `?: T | undefined`: present (even when 0) or
 * `undefined`, never defaulted (README, "Zero values in JSON").
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { bearer, connectRest, MatchState, MatchStatus } from "../index.js";
import { liveService } from "./match.js";

test("a REST answer's omitted zeros decode to what the types promise", () => {
  // GetMatch of a waiting 2-seat table by its creator, as the server writes it: seat 0's `seat`, seat 1's
  // `occupied`, the empty `toAct` and `legalActions` are absent; `yourSeat` is optional and sent though 0
  const raw = {
    match: { name: "games/pumba/matches/m", seatCount: 2, status: "MATCH_STATUS_WAITING", version: "1",
             seats: [{ playerName: "ann", occupied: true }, { seat: 1 }] },
    yourSeat: 0,
  };
  const state: MatchState = MatchState.fromJSON(raw);
  const [first, second] = state.match!.seats;
  assert.equal(first.seat, 0);
  assert.equal(second.occupied, false);
  assert.equal(second.playerName, "");
  assert.deepEqual(state.toAct, []);
  assert.deepEqual(state.legalActions, []);
  assert.equal(state.yourSeat, 0);
  assert.equal(state.match!.status, MatchStatus.MATCH_STATUS_WAITING);
  assert.equal(MatchState.fromJSON({ ...raw, yourSeat: undefined }).yourSeat, undefined); // a spectator
  assert.equal(state.view, undefined); // a message field: absent is "not set", typed `view?: SeatView`
});

test("an optional field tells 'absent' from 0, a plain one cannot (Pumba's last round)", () => {
  const view = MatchState.fromJSON({
    view: { pumba: { lastRound: { round: 2, winner: 0, results: [{ score: 0 }, { seat: 1 }] } } },
  }).view!.pumba!;
  const [played, sat] = view.lastRound!.results;
  assert.equal(view.lastRound!.winner, 0); // optional: sent and read as 0
  assert.equal(played.score, 0); // optional: a score of 0
  assert.equal(sat.score, undefined); // did not play
  assert.equal(view.lastRound!.blocked, false); // plain: absent reads as false
  assert.deepEqual(sat.revealedHand, []);
});

test("the live server omits the zeros, the client hands them back filled in", async () => {
  const { httpUrl } = liveService();
  const client = connectRest(httpUrl);
  const created = await client.createMatch({
    parent: "games/pumba", seatCount: 2, playerName: "ann", requestId: randomUUID(),
  });
  const name = created.state!.match!.name;
  const rawAs = async (token?: string) => {
    const response = await fetch(`${httpUrl}/v1/${name}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    assert.equal(response.status, 200);
    return (await response.json()) as { match: { seats: Array<Record<string, unknown>> }; yourSeat?: number };
  };
  const raw = await rawAs(created.seatToken);
  assert.equal("seat" in raw.match.seats[0], false);
  assert.equal("occupied" in raw.match.seats[1], false);
  assert.equal(raw.yourSeat, 0);
  assert.equal("yourSeat" in (await rawAs()), false);

  const mine = await client.getMatch({ name }, bearer(created.seatToken));
  assert.deepEqual(mine.match!.seats.map((seat) => [seat.seat, seat.occupied]), [[0, true], [1, false]]);
  assert.equal(mine.yourSeat, 0);
  assert.deepEqual(mine.toAct, []);
  assert.equal((await client.getMatch({ name })).yourSeat, undefined);
});
