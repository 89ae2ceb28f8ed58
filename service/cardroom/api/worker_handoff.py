"""Hands a Play WebSocket (``GET /v1/play?match=NAME``) to the ``--workers N`` process that owns its match.

The kernel spreads connections over the workers (SO_REUSEPORT) whatever match they are for, so the sessions of one
match's seats land in different processes, each of which then follows the match's feed, decodes its states and
builds its updates for its share of the seats. A client that names the match in the URL's query (the open message
comes after the handshake: too late to choose) has its connection passed, before the handshake is answered, to
worker ``crc32(name) % N``: the accepted socket goes as SCM_RIGHTS over a Unix datagram socket in a directory only
the master and its workers use, with the request's bytes rebuilt from what aiohttp parsed; the owner adopts the
socket into its HTTP server, feeds it those bytes and answers the handshake as if the client had connected to it.
All the sessions of a match then share one process's feed, decoded states and built frames (docs/benchmarks.md,
twentieth pass: 16% less server CPU per move with 2 workers).

Nothing is handed off over TLS (its session state lives in the process that accepted it), without ``?match=``,
or when the owner does not take the socket (restarting, its queue full): the worker that accepted the connection
serves the session itself, as without the hint. The query is a placement hint only: the session plays the match
of its open message, authenticated by its seat token, wherever it runs. An RFC 6455 client sends nothing before
the server's 101, so the request is all there is to pass on.

Written by hand: no library passes accepted sockets between asyncio processes.
"""

from __future__ import annotations

import array
import asyncio
import logging
import os
import socket
import zlib
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from ..observability.metrics import PLAY_HANDOFFS

log = logging.getLogger(__name__)

QUERY = "match"
#: the response header of the handshake naming the worker that serves the session (operators, tests)
WORKER_HEADER = "Cardroom-Worker"
#: a request larger than this is served where it arrived (a datagram carries the whole request)
MAX_REQUEST_BYTES = 64 * 1024


@dataclass(frozen=True)
class Placement:
    """Where the sessions of each match are served: worker ``slot`` of ``workers``, sockets in ``directory``."""

    directory: str
    workers: int
    slot: int

    def owner(self, match: str) -> int:
        return zlib.crc32(match.encode()) % self.workers

    def address(self, slot: int) -> str:
        return str(Path(self.directory) / f"worker-{slot}.sock")


def request_bytes(http: web.Request) -> bytes:
    """The request line and headers of ``http`` as the client sent them (a WebSocket upgrade has no body)."""
    version = http.version
    lines = [f"{http.method} {http.raw_path} HTTP/{version.major}.{version.minor}\r\n".encode()]
    lines.extend(name + b": " + value + b"\r\n" for name, value in http.raw_headers)
    lines.append(b"\r\n")
    return b"".join(lines)


class Handoff:
    """The sending side, in every worker: ``pass_on`` gives a request's connection to its match's owner."""

    def __init__(self, placement: Placement) -> None:
        self.placement = placement
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._socket.setblocking(False)

    def pass_on(self, http: web.Request) -> bool:
        """True when the owner took the connection: this worker has let go of it and must not answer.
        False: serve it here (no hint, this worker owns the match, or the owner did not take it). Never made over
        TLS (server.py): a TLS session cannot change process."""
        match = http.query.get(QUERY)
        if not match or http.transport is None:
            return False
        owner = self.placement.owner(match)
        if owner == self.placement.slot:
            return False
        data = request_bytes(http)
        if len(data) > MAX_REQUEST_BYTES:
            return False
        connection = http.transport.get_extra_info("socket")
        if connection is None:
            return False
        copy = os.dup(connection.fileno())
        try:
            # sendmsg, not socket.send_fds: that ignores its address argument (Python 3.11)
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [copy]))]
            self._socket.sendmsg([data], rights, 0, self.placement.address(owner))
        except OSError as error:  # not there (restarting), not reading, or its queue full
            log.debug("worker %d did not take a Play session: %s", owner, error)
            PLAY_HANDOFFS.labels("kept").inc()
            return False
        finally:
            os.close(copy)
        # no await since the send: this loop cannot have read from the socket the owner now serves; closing the
        # transport removes it from this loop's poller before its descriptor closes (the owner's copy keeps the
        # connection open)
        http.protocol.force_close()
        PLAY_HANDOFFS.labels("passed").inc()
        return True

    def close(self) -> None:
        self._socket.close()


class HandedOff:
    """The receiving side, in every worker: adopts the connections the other workers pass to it into ``server``."""

    def __init__(self, placement: Placement, server: web.Server) -> None:
        self._server = server
        self._loop = asyncio.get_running_loop()
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        address = placement.address(placement.slot)
        Path(address).unlink(missing_ok=True)  # the socket of this slot's previous worker
        self._socket.bind(address)
        self._socket.setblocking(False)
        self._adopting: set[asyncio.Task[None]] = set()
        self._loop.add_reader(self._socket.fileno(), self._receive)

    def _receive(self) -> None:
        while True:
            try:
                data, fds, flags, _ = socket.recv_fds(self._socket, MAX_REQUEST_BYTES, 1)
            except BlockingIOError:
                return
            if not fds:
                continue
            connection = socket.socket(fileno=fds[0])
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                connection.close()  # never sent by a worker: drop it rather than misread it
                continue
            task = self._loop.create_task(self._adopt(connection, data))
            self._adopting.add(task)
            task.add_done_callback(self._adopting.discard)

    async def _adopt(self, connection: socket.socket, data: bytes) -> None:
        try:
            _, protocol = await self._loop.connect_accepted_socket(self._server, connection)
        except OSError as error:  # the client went away meanwhile
            log.debug("a handed-off Play session could not be adopted: %s", error)
            connection.close()
            return
        protocol.data_received(data)

    def close(self) -> None:
        """Stop taking connections; the other workers serve their sessions themselves from now on."""
        if self._socket.fileno() != -1:
            self._loop.remove_reader(self._socket.fileno())
            self._socket.close()
