"""The master process of ``--workers N``: starts the workers, replaces one that dies, forwards SIGTERM.

Each worker has a slot on a ``WorkerBoard`` (shared memory): set while it serves, cleared when
it dies, so every worker's /readyz can report DEGRADED while one of them is being replaced. A
worker that exits while the master is not stopping is restarted after ``RESTART_DELAY``
seconds, doubled (up to ``MAX_RESTART_DELAY``) each time a worker dies within
``STABLE_SECONDS`` of its start, so a crash loop does not spin. Written by hand: the standard
library's ``multiprocessing`` has pools for tasks but no supervisor that keeps N servers up.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

log = logging.getLogger(__name__)

RESTART_DELAY = 1.0
MAX_RESTART_DELAY = 30.0
STABLE_SECONDS = 60.0


class WorkerBoard:
    """One flag per worker slot, shared by the master and every worker (it pickles into a spawned one)."""

    def __init__(self, context: SpawnContext, workers: int):
        self._slots = context.Array("b", workers)

    def mark(self, slot: int, serving: bool) -> None:
        self._slots[slot] = 1 if serving else 0

    def counts(self) -> tuple[int, int]:
        """(workers serving, workers expected)."""
        flags = list(self._slots)
        return sum(flags), len(flags)


def supervise(
    workers: int, target: Callable[..., None], args: tuple[Any, ...], on_exit: Callable[[int], None]
) -> int:
    """Run ``target(*args, board, slot)`` in ``workers`` processes until SIGTERM/SIGINT, replacing
    any that exits before; ``on_exit(pid)`` after each exit. Returns the highest exit code of
    the workers that were stopped."""
    context = multiprocessing.get_context("spawn")
    board = WorkerBoard(context, workers)
    running: dict[int, SpawnProcess] = {}
    started: dict[int, float] = {}
    delays = dict.fromkeys(range(workers), RESTART_DELAY)
    restart_at: dict[int, float] = {}
    stopping = False

    def start(slot: int) -> None:
        process = context.Process(target=target, args=(*args, board, slot), daemon=False)
        process.start()
        running[slot], started[slot] = process, time.monotonic()

    def stop(_signum, _frame) -> None:
        nonlocal stopping
        stopping = True
        restart_at.clear()
        for process in running.values():
            if process.is_alive():
                process.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for slot in range(workers):
        start(slot)
    codes = []
    while running or restart_at:
        now = time.monotonic()
        timeout = max(0.0, min(restart_at.values()) - now) if restart_at else None
        wait([process.sentinel for process in running.values()], timeout)
        for slot, process in list(running.items()):
            if process.is_alive():
                continue
            process.join()
            on_exit(process.pid)
            board.mark(slot, False)
            del running[slot]
            if stopping:
                codes.append(process.exitcode or 0)
                continue
            if time.monotonic() - started[slot] >= STABLE_SECONDS:
                delays[slot] = RESTART_DELAY  # it had been serving a while: not a crash loop
            delay = delays[slot]
            delays[slot] = min(delay * 2, MAX_RESTART_DELAY)
            log.warning(
                "worker %d (pid %d) exited with %s; replacing it in %.1fs", slot, process.pid, process.exitcode, delay
            )
            restart_at[slot] = time.monotonic() + delay
        for slot, due in list(restart_at.items()):
            if due <= time.monotonic() and not stopping:
                del restart_at[slot]
                start(slot)
    return max(codes, default=0)
