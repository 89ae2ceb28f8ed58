"""A loopback TCP proxy whose open connections a test can make go silent, as a network that vanishes without
closing anything (a phone losing its signal): no FIN, no RST, bytes just stop arriving both ways. Connections
opened after that are forwarded again. Runs on the test's event loop (asyncio streams)."""

from __future__ import annotations

import asyncio
import contextlib


class SilentProxy:
    def __init__(self, target: str) -> None:
        host, _, port = target.rpartition(":")
        self._target = (host, int(port))
        self._server: asyncio.Server | None = None
        self._open: dict[int, tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = {}  # by connection number
        self._silenced: set[int] = set()
        self._opened = 0

    @property
    def address(self) -> str:
        assert self._server is not None
        host, port = self._server.sockets[0].getsockname()[:2]
        return f"{host}:{port}"

    @property
    def connections(self) -> int:
        """Connections accepted so far."""
        return self._opened

    async def start(self) -> SilentProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        return self

    def silence(self) -> None:
        """From now on, every open connection forwards nothing, in either direction, and stays open."""
        self._silenced.update(self._open)

    async def close(self) -> None:
        assert self._server is not None
        self._server.close()
        for writers in list(self._open.values()):
            for writer in writers:
                writer.close()
        await self._server.wait_closed()

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        self._opened += 1
        key = self._opened
        upstream_reader, upstream_writer = await asyncio.open_connection(*self._target)
        self._open[key] = (client_writer, upstream_writer)
        try:
            await asyncio.gather(
                self._pipe(client_reader, upstream_writer, key), self._pipe(upstream_reader, client_writer, key)
            )
        finally:
            del self._open[key]
            for writer in (client_writer, upstream_writer):
                writer.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, key: int) -> None:
        with contextlib.suppress(ConnectionError):
            while chunk := await reader.read(65536):
                if key not in self._silenced:
                    writer.write(chunk)
                    await writer.drain()
        writer.close()
