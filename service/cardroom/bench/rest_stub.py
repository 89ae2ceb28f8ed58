"""GameService over the REST gateway, called like a ``grpc.aio`` stub: the load generator's REST transport.

``RestStub(base_url, session).SubmitAction(request, metadata=..., timeout=...)`` sends the call as a browser or
any HTTP client would (the route of the method's ``google.api.http`` option, proto3 JSON, the seat token in
``authorization``) and answers the response message, or raises ``grpc.aio.AioRpcError`` with the code of the
JSON error's ``status``, so the players' code (bench/players.py) runs unchanged over either transport.

Hand-written plumbing: no Python library is a client for ``google.api.http`` routes; the routes themselves are
the server's (api/http_rules.py), read from the same descriptors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import grpc
from google.protobuf import json_format, message
from google.protobuf.message_factory import GetMessageClass

from ..api.grpc_service import SERVICE
from ..api.http_rules import Route, routes_of

_VARIABLE = re.compile(r"\{v(\d+):[^}]*\}")


def _routes() -> dict[str, Route]:
    routes: dict[str, Route] = {}
    for route in routes_of(SERVICE):
        routes.setdefault(route.method.name, route)  # the first binding of each method
    return routes


class RestStub:
    def __init__(self, base_url: str, session: aiohttp.ClientSession) -> None:
        self._base = base_url.rstrip("/")
        self._session = session
        self._routes = _routes()

    def __getattr__(self, name: str) -> Callable[..., Awaitable[message.Message]]:
        route = self._routes[name]
        answer_type = GetMessageClass(route.method.output_type)

        async def call(
            request: message.Message, metadata: Sequence[tuple[str, str]] | None = None, timeout: float | None = None
        ) -> message.Message:
            path = _VARIABLE.sub(lambda found: _field(request, route.path_fields[int(found[1])]), route.path)
            headers = {"content-type": "application/json", **dict(metadata or ())}
            body = json_format.MessageToJson(request, indent=None) if route.body == "*" else None
            limit = aiohttp.ClientTimeout(total=timeout)
            async with self._session.request(
                route.verb, self._base + path, data=body, headers=headers, timeout=limit
            ) as response:
                text = await response.text()
                status = response.status
            if status != 200:
                raise _error(status, text)
            return json_format.Parse(text, answer_type(), ignore_unknown_fields=True)

        return call


def _field(request: message.Message, path: str) -> str:
    value: Any = request
    for part in path.split("."):
        value = getattr(value, part)
    return str(value)


def _error(status: int, text: str) -> grpc.aio.AioRpcError:
    try:
        error = json.loads(text)["error"]
        code = grpc.StatusCode[error["status"]]
        details = error.get("message", "")
    except (ValueError, KeyError, TypeError):
        code, details = grpc.StatusCode.UNKNOWN, f"HTTP {status}: {text[:200]}"
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), details)
