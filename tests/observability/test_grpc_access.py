"""observability/grpc_access.py on a real grpc.aio server in this process: a stream whose client stops reading (the
HTTP/2 window fills, the server's write waits) and then cancels ends CANCELLED, with the servicer's generator
closed at once. grpc ends such a call without closing the handler's generator, so an interceptor that yielded
(as this one did) left it to the garbage collector and logged the call UNKNOWN, a server error in the alert
rules' count (deploy/prometheus)."""

from __future__ import annotations

import asyncio
import logging

import grpc
import pytest

from cardroom.observability.grpc_access import AccessInterceptor
from cardroom.observability.metrics import REQUESTS

METHOD = "/cardroom.test.Endless/Stream"
#: the messages are large so that the client's window (grown by grpc's BDP probing to megabytes) fills soon
MESSAGE = b"x" * 100_000


def _calls(code: str) -> float:
    return REQUESTS.labels("grpc", METHOD.lstrip("/"), code, "")._value.get()


@pytest.mark.asyncio
async def test_a_stream_cancelled_while_the_server_waits_to_write_is_logged_cancelled_and_closed_at_once(caplog):
    sent, ended = [], asyncio.Event()

    async def endless(_requests, _context):
        try:
            while True:
                sent.append(1)
                yield MESSAGE
        finally:
            ended.set()

    server = grpc.aio.server(interceptors=[AccessInterceptor()])
    handler = grpc.stream_stream_rpc_method_handler(endless)
    endless_service = grpc.method_handlers_generic_handler("cardroom.test.Endless", {"Stream": handler})
    server.add_generic_rpc_handlers((endless_service,))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    before = _calls("CANCELLED"), _calls("UNKNOWN")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            call = channel.stream_stream(METHOD)(iter([b""]))
            await call.read()
            # until the server's writes wait for a window the client no longer opens: grpc says nothing when a write
            # waits, so a steady count of messages taken from the generator is the sign (the window, grown by BDP
            # probing, holds ~8 MB here: about 80 messages)
            for _ in range(50):
                seen = len(sent)
                await asyncio.sleep(0.2)
                if len(sent) == seen:
                    break
            else:
                pytest.fail(f"the server never stopped sending ({len(sent)} messages)")
            call.cancel()
            await asyncio.wait_for(ended.wait(), 5)
    finally:
        await server.stop(None)
    assert (_calls("CANCELLED"), _calls("UNKNOWN")) == (before[0] + 1, before[1])
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text
