// k6 profile of the REST/JSON API: each virtual user plays Flip 7 matches to the end, every seat with
// its own token, sending the etag it decided on (If-Match). Bounded by VUS and DURATION.
//
//   go install go.k6.io/k6@v1.4.2        (from the Go module proxy, ~8 min to build; or a k6 package)
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e VUS=10 -e DURATION=60s deploy/loadtest/rest.k6.js
//
// Thresholds fail the run when more than 1% of calls fail or SubmitAction's p99 passes 250 ms.
import http from "k6/http";
import { check, fail } from "k6";
import { Trend } from "k6/metrics";

const BASE = __ENV.BASE_URL || "http://127.0.0.1:8080";
const SEATS = 3;
const submitLatency = new Trend("submit_action_ms", true);

export const options = {
  vus: Number(__ENV.VUS || 10),
  duration: __ENV.DURATION || "60s",
  thresholds: {
    http_req_failed: ["rate<0.01"],
    submit_action_ms: ["p(99)<250"],
  },
};

function call(method, path, body, token, etag) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-Match"] = etag;
  const answer = http.request(method, `${BASE}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name: path.replace(/matches\/[a-z0-9]+/, "matches/{id}") },
  });
  return answer;
}

export default function () {
  const created = call("POST", "/v1/games/flip-7/matches", { seatCount: SEATS, playerName: "k6-0" });
  if (!check(created, { "created": (r) => r.status === 200 })) fail(`create: ${created.status} ${created.body}`);
  const name = created.json("state.match.name");
  const tokens = [created.json("seatToken")];
  for (let seat = 1; seat < SEATS; seat++) {
    const joined = call("POST", `/v1/${name}:join`, { playerName: `k6-${seat}` });
    check(joined, { "joined": (r) => r.status === 200 });
    tokens.push(joined.json("seatToken"));
  }
  let state = call("POST", `/v1/${name}:start`, {}, tokens[0]).json();
  for (let step = 0; step < 2000 && state.match.status === "MATCH_STATUS_ACTIVE"; step++) {
    const seat = state.toAct[0];
    // the flat list (Flip 7 lists at most two actions; the default answers compact sets to expand)
    const mine = call("GET", `/v1/${name}?legalActionsForm=LEGAL_ACTIONS_FORM_FLAT`, undefined, tokens[seat]).json();
    if (!mine.legalActions || mine.legalActions.length === 0) continue;
    const action = mine.legalActions[Math.floor(Math.random() * mine.legalActions.length)];
    const answer = call("POST", `/v1/${name}:submitAction`, { action }, tokens[seat], mine.match.etag);
    submitLatency.add(answer.timings.duration);
    if (answer.status === 200) {
      state = answer.json("state");
    } else if (answer.status === 409) {
      state = call("GET", `/v1/${name}`, undefined, tokens[0]).json(); // stale: decide again
    } else {
      fail(`submitAction: ${answer.status} ${answer.body}`);
    }
  }
}
