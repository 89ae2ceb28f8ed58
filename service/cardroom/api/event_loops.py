"""The event loop a server worker runs on (``--event-loop``).

uvloop (libuv under the asyncio API) is the default: on the same server and machine it cut the worker's
CPU per move by about a fifth for unary SubmitAction play and by 2-13% for Play sessions
(docs/benchmarks.md, "Eighth pass"). ``asyncio`` keeps the standard library's loop, for a platform uvloop
does not build on or to rule the loop out when chasing a problem.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import uvloop

Result = TypeVar("Result")

EVENT_LOOPS: dict[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "uvloop": uvloop.new_event_loop,
    "asyncio": asyncio.new_event_loop,
}


def loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop]:
    """The constructor of the event loop called ``name``; a clear exit for an unknown name."""
    if name not in EVENT_LOOPS:
        raise SystemExit(f"--event-loop must be one of {', '.join(EVENT_LOOPS)}, not {name!r}")
    return EVENT_LOOPS[name]


def run_on(name: str, main: Coroutine[Any, Any, Result]) -> Result:
    """Run ``main`` to its end on a new event loop of kind ``name`` (``asyncio.run`` with a loop factory)."""
    with asyncio.Runner(loop_factory=loop_factory(name)) as runner:
        return runner.run(main)
