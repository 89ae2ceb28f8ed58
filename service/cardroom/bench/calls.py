"""Timed gRPC calls of the load generator and what it counts about them.

Every call goes through :class:`Meter`, which keeps the latency of each
SubmitAction (and of the baseline method), the number of calls per method and
the errors by status code and ``ErrorInfo`` reason: the figures the report
sums over every generator process.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import grpc
from cardroom_client.metadata import call_metadata
from grpc_status import rpc_status

from ..api.errors import error_info

#: deadline of every call the generator makes, seconds
CALL_TIMEOUT = 30.0
#: a fresh connection per client: channels to one target would otherwise share one
#: TCP connection, which SO_REUSEPORT hands to a single server worker
CHANNEL_OPTIONS = (("grpc.use_local_subchannel_pool", 1),)


def error_key(error: grpc.aio.AioRpcError) -> str:
    """``CODE/REASON`` of a failed call (the reason of its ErrorInfo, ``-`` when it has none)."""
    status = rpc_status.from_call(error)
    info = error_info(status) if status else None
    return f"{error.code().name}/{info.reason if info else '-'}"


@dataclass
class Meter:
    """Latencies of the timed method, calls per method and errors, for one generator process."""

    timed_method: str
    latencies: list[float] = field(default_factory=list)
    calls: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)

    async def call(self, stub: Any, name: str, request: Any, token: str | None = None) -> Any:
        """Call method ``name`` of ``stub`` (a ``grpc.aio`` stub); errors are counted and re-raised."""
        self.calls[name] += 1
        started = time.perf_counter()
        try:
            method = getattr(stub, name)
            # the match a request names goes in cardroom-match metadata too, as the SDK sends it (a proxy in front
            # of several replicas places the match by it: deploy/nginx/)
            metadata = call_metadata(token, getattr(request, "name", ""))
            answer = await method(request, metadata=metadata, timeout=CALL_TIMEOUT)
        except grpc.aio.AioRpcError as error:
            self.errors[error_key(error)] += 1
            raise
        if name == self.timed_method:
            self.latencies.append(time.perf_counter() - started)
        return answer

    def figures(self) -> dict[str, Any]:
        return {"latencies": self.latencies, "calls": dict(self.calls), "errors": dict(self.errors)}
