"""One GameService call, made over gRPC or over REST, with the same proto messages in and out.

The REST form of a call is read from the method's ``google.api.http`` rule (the gateway's own
``routes_of``): path variables from the request's fields, the rest as the JSON body. A refusal
comes back as ``Refused(code, reason)`` on both transports, so a test states its expectations once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import grpc
import httpx
from google.protobuf import json_format
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from cardroom.api.http_rules import routes_of
from cardroom.api.rest import SERVICE
from cardroom.v1 import game_service_pb2_grpc
from e2e.table import error_reason

ROUTES = {route.method.name: route for route in routes_of(SERVICE)}
TRANSPORTS = ("grpc", "rest")


@dataclass
class Refused(Exception):
    code: str
    reason: str | None


class Caller:
    def __init__(self, transport: str, channel: grpc.Channel, http: httpx.Client):
        self.transport = transport
        self.stub = game_service_pb2_grpc.GameServiceStub(channel)
        self.http = http

    def __call__(self, method: str, request: Message, token: str | None = None) -> Any:
        if self.transport == "grpc":
            return self._grpc(method, request, token)
        return self._rest(method, request, token)

    def _grpc(self, method: str, request: Message, token: str | None) -> Any:
        metadata = (("authorization", f"Bearer {token}"),) if token else ()
        try:
            return getattr(self.stub, method)(request, metadata=metadata)
        except grpc.RpcError as error:
            raise Refused(error.code().name, error_reason(error)) from None

    def _rest(self, method: str, request: Message, token: str | None) -> Any:
        route = ROUTES[method]
        fields = json_format.MessageToDict(request, preserving_proto_field_name=True)
        path = route.path
        for index, field in enumerate(route.path_fields):
            path = _fill(path, f"v{index}", fields.pop(field))
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        # proto3 JSON parsers take the proto field names as well as the lowerCamel ones
        if route.verb == "GET":
            response = self.http.get(path, params=fields, headers=headers)
        else:
            response = self.http.post(path, json=fields, headers=headers)
        if response.status_code != 200:
            details = response.json()["error"]
            reason = next((d.get("reason") for d in details.get("details", []) if "reason" in d), None)
            raise Refused(details["status"], reason)
        answer = GetMessageClass(route.method.output_type)()
        json_format.Parse(response.text, answer)
        return answer


def _fill(path: str, variable: str, value: str) -> str:
    start = path.index("{" + variable + ":")
    end = path.index("}", start)
    return path[:start] + value + path[end + 1 :]
