"""A test table over REST only: proto3 JSON in and out, a seat token per seat, and an SSE follower."""

from __future__ import annotations

import json
import random
import threading
import uuid
from typing import Any

import httpx
from httpx_sse import connect_sse

#: heartbeat of the SSE streams under test, seconds (the default is 15)
HEARTBEAT = 0.5
#: the query of a GetMatch that lists every legal action
FLAT = {"legalActionsForm": "LEGAL_ACTIONS_FORM_FLAT"}


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return response.json()


class RestTable:
    def __init__(
        self, http: httpx.Client, game: str, players: int, *, options: dict | None = None, seed: int | None = None
    ):
        self.http = http
        self.game = game
        body: dict[str, Any] = {"seatCount": players, "playerName": "p0", "requestId": str(uuid.uuid4())}
        if options:
            body["options"] = {_oneof_field(game): options}
        if seed is not None:
            body["seed"] = str(seed)
        created = ok(http.post(f"/v1/games/{game}/matches", json=body))
        self.name = created["state"]["match"]["name"]
        self.tokens = [created["seatToken"]]
        for seat in range(1, players):
            joined = ok(
                http.post(f"/v1/{self.name}:join", json={"playerName": f"p{seat}", "requestId": str(uuid.uuid4())})
            )
            assert joined["seat"] == seat
            self.tokens.append(joined["seatToken"])

    def start(self) -> dict[str, Any]:
        return ok(self.http.post(f"/v1/{self.name}:start", json={}, headers=bearer(self.tokens[0])))

    def get(self, seat: int | None, *, flat: bool = True) -> dict[str, Any]:
        """GetMatch as ``seat`` (None: a spectator); ``flat``: with the flat ``legalActions`` these tests pick from
        (the default answer lists compact ``legalActionSets`` only)."""
        params = FLAT if flat else {}
        headers = bearer(self.tokens[seat] if seat is not None else None)
        return ok(self.http.get(f"/v1/{self.name}", params=params, headers=headers))

    def act(self, seat: int, action: dict[str, Any], **fields: Any) -> httpx.Response:
        body = {"action": action, "requestId": str(uuid.uuid4()), **fields}
        return self.http.post(f"/v1/{self.name}:submitAction", json=body, headers=bearer(self.tokens[seat]))

    def play_randomly(self, rng: random.Random, max_actions: int = 100_000) -> int:
        """Play to the end; each acting seat picks one of its own legal actions, as JSON, unchanged."""
        state = self.get(0)
        actions = 0
        while state["match"]["status"] == "MATCH_STATUS_ACTIVE":
            seat = rng.choice(state["toAct"])
            mine = self.get(seat)
            assert mine.get("yourSeat", 0) == seat
            answer = ok(self.act(seat, rng.choice(mine["legalActions"]), expectedVersion=mine["match"]["version"]))
            state = answer["state"]
            actions += 1
            assert actions < max_actions
        return actions


async def play_async(
    client: httpx.AsyncClient, table: RestTable, rng: random.Random, actions: int, state: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Up to ``actions`` random legal actions over ``client`` (fewer when the match ends), each acting seat picking
    one of its own, from ``state`` (the match's, read when None); the state answered last."""
    if state is None:
        state = ok(await client.get(f"/v1/{table.name}", headers=bearer(table.tokens[0])))
    for _ in range(actions):
        if state["match"]["status"] != "MATCH_STATUS_ACTIVE":
            break
        seat = rng.choice(state["toAct"])
        mine = ok(await client.get(f"/v1/{table.name}", params=FLAT, headers=bearer(table.tokens[seat])))
        body = {
            "action": rng.choice(mine["legalActions"]),
            "requestId": str(uuid.uuid4()),
            "expectedVersion": mine["match"]["version"],
        }
        answer = await client.post(f"/v1/{table.name}:submitAction", json=body, headers=bearer(table.tokens[seat]))
        state = ok(answer)["state"]
    return state


def _oneof_field(game: str) -> str:
    """The GameOptions oneof field of a game, in proto3 JSON: ``up-or-down`` -> ``upOrDown``."""
    first, *rest = game.split("-")
    return first + "".join(part.capitalize() for part in rest)


class SseFollower(threading.Thread):
    """Follows a match over Server-Sent Events as one seat, from version 0 to the end.

    After ``disconnect_after`` it drops the connection, waits until the match has moved on
    without it (``moved_on``), and resumes with ``Last-Event-ID``.
    """

    def __init__(self, base_url: str, name: str, token: str, disconnect_after: int, moved_on):
        super().__init__(daemon=True)
        self.base_url, self.name, self.token = base_url, name, token
        self.disconnect_after = disconnect_after
        self.moved_on = moved_on
        self.events: list[tuple[str, dict[str, Any]]] = []  # (connection, update)
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with httpx.Client(base_url=self.base_url, timeout=httpx.Timeout(30, read=60)) as client:
                last_id = self._follow(client, "first", {"afterVersion": "0"}, {})
                self.moved_on(int(last_id))
                self._follow(client, "resumed", {}, {"Last-Event-ID": last_id})
        except BaseException as error:  # reported to the test thread
            self.error = error

    def _follow(self, client: httpx.Client, connection: str, params: dict, headers: dict) -> str:
        url = f"/v1/{self.name}:watch"
        with connect_sse(client, "GET", url, params=params, headers={**bearer(self.token), **headers}) as source:
            assert source.response.status_code == 200
            assert source.response.headers["content-type"].startswith("text/event-stream")
            last_id = ""
            for event in source.iter_sse():
                if not event.data:
                    # a heartbeat comment: httpx-sse turns it into an empty event once an id was seen
                    continue
                assert event.event == "message", event.data
                update = json.loads(event.data)
                assert event.id == str(update["version"])
                self.events.append((connection, update))
                last_id = event.id
                if connection == "first" and update["version"] >= self.disconnect_after:
                    break
            return last_id
