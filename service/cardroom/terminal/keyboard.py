"""The person at the keyboard as one stream of inputs: lines typed, the end of input (Ctrl-D or a closed
pipe) and Ctrl-C (or a closed terminal), put on the session's queue next to the match's updates.

Plumbing written by hand because it is small: a daemon thread reads the input file descriptor with
``os.read`` (never the buffered ``sys.stdin``, whose lock a daemon thread would hold at interpreter exit)
and the loop's signal handlers turn SIGINT and SIGHUP into inputs instead of KeyboardInterrupt, so
leaving is an ordinary step of the session, with no traceback.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import signal
import threading
from typing import Any

LINE = "line"
EOF = "eof"
INTERRUPT = "interrupt"
SIGNALS = (signal.SIGINT, signal.SIGHUP)


class Keyboard:
    """Puts ``(LINE, text)``, ``(EOF, None)`` and ``(INTERRUPT, None)`` on ``queue``."""

    def __init__(self, queue: asyncio.Queue[tuple[str, Any]], fd: int = 0):
        self.queue = queue
        self.fd = fd
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        for number in SIGNALS:
            self.loop.add_signal_handler(number, self._put, INTERRUPT, None)
        threading.Thread(target=self._read, name="keyboard", daemon=True).start()

    def stop(self) -> None:
        if self.loop is not None:
            for number in SIGNALS:
                self.loop.remove_signal_handler(number)

    def _put(self, kind: str, value: Any) -> None:
        self.queue.put_nowait((kind, value))

    def _read(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                chunk = b""
            pending += decoder.decode(chunk, final=not chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                self._send(LINE, line.rstrip("\r"))
            if not chunk:
                if pending:
                    self._send(LINE, pending)
                self._send(EOF, None)
                return

    def _send(self, kind: str, value: Any) -> None:
        assert self.loop is not None
        with contextlib.suppress(RuntimeError):  # the loop closed: the session is over
            self.loop.call_soon_threadsafe(self._put, kind, value)
