"""Per-client limits of a public deployment: request rates, open tables, seats per match, open streams.

The policy lives here; the counting is the limiter storage's (``store/limiter.py``:
in this process beside the memory store, in Redis for every replica beside the
Redis store). A *client* is what the transport says it is (its network address,
or the address a trusted proxy put in ``x-forwarded-for``, see
``api/client_identity.py``); it is stored and counted only as a keyed hash
(:meth:`Limits.key`), so no address is kept at rest.

* rates: one token bucket per client and method (``--rate-limits``), every
  replica sharing it, each worker taking its tokens a lease at a time
  (``app/rate_leases.py``); a refusal is RESOURCE_EXHAUSTED / RATE_LIMITED with the
  seconds until a token is back (RetryInfo, HTTP ``Retry-After``);
* open tables: the waiting matches a client created (``--max-open-tables``), a
  claim per match that expires with an idle match; at the cap the claims are
  checked against the store first, so a table that started, was abandoned or
  expired stops counting however that happened;
* seats: the seats one client holds in one match (``--max-seats-per-client``),
  checked in the join's change function against the match document itself;
* streams: WatchMatch / SSE streams open at once per client over every worker and
  replica (``--max-streams-per-client``): a lease per stream in the limiter storage,
  renewed by a heartbeat of each worker, gone within ``--presence-ttl`` when its
  worker dies (``app/stream_leases.py``).

When the limiter storage cannot be reached the call is let through (and logged):
the match store is then most likely unreachable too and answers UNAVAILABLE itself;
a limiter outage must not turn into refusals of every caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..store.contract import WAITING, MatchStore, StoredMatch, StoreUnavailable
from ..store.limiter import Limiter
from .config import Settings
from .errors import RESOURCE_EXHAUSTED, AppError
from .rate_leases import RateLeases
from .stream_leases import StreamLeases
from .tokens import TokenSigner

log = logging.getLogger(__name__)

RATE_LIMITED = "RATE_LIMITED"
OPEN_TABLES_LIMIT = "OPEN_TABLES_LIMIT"
SEATS_PER_CLIENT_LIMIT = "SEATS_PER_CLIENT_LIMIT"
STREAMS_LIMIT = "STREAMS_LIMIT"
#: every other method's bucket in ``--rate-limits``
ANY_METHOD = "*"


@dataclass(frozen=True)
class Rate:
    """A token bucket: ``burst`` calls at once, then ``per_second``."""

    per_second: float
    burst: int


def parse_rate_limits(text: str | None) -> dict[str, Rate | None]:
    """``METHOD=RATE/BURST,...,*=RATE/BURST`` (``off`` for no limit; ``off`` alone: no rate limits at all)."""
    text = (text or "off").strip()
    if text == "off":
        return {ANY_METHOD: None}
    rates: dict[str, Rate | None] = {}
    for part in text.split(","):
        method, sep, value = (piece.strip() for piece in part.partition("="))
        try:
            if not sep or not method:
                raise ValueError
            if value == "off":
                rates[method] = None
                continue
            per_second, burst = value.split("/")
            rate = Rate(float(per_second), int(burst))
            if not (rate.per_second > 0 and math.isfinite(rate.per_second) and rate.burst >= 1):
                raise ValueError
        except ValueError:
            raise ValueError(f"--rate-limits: expected METHOD=RATE/BURST or METHOD=off, got {part.strip()!r}") from None
        rates[method] = rate
    rates.setdefault(ANY_METHOD, None)
    return rates


class Limits:
    """The limits one worker enforces; one instance shared by both transports."""

    def __init__(self, limiter: Limiter, store: MatchStore, settings: Settings, signer: TokenSigner):
        self.limiter = limiter
        self.store = store
        self.rates = parse_rate_limits(settings.rate_limits)
        self.max_open_tables = settings.max_open_tables
        self.max_seats_per_client = settings.max_seats_per_client
        self.max_streams_per_client = settings.max_streams_per_client
        self.table_ttl = settings.idle_ttl
        self._signer = signer
        self._leases = RateLeases(limiter)
        self._streams = StreamLeases(limiter, settings.presence_ttl)

    def key(self, client: str) -> str:
        """The client as it is counted and stored: a keyed hash; "" (no client: an in-process caller) stays ""."""
        return self._signer.derived_id("client", client) if client else ""

    async def check_rate(self, client: str, method: str) -> None:
        """Take a token of ``client``'s bucket for ``method``; RESOURCE_EXHAUSTED / RATE_LIMITED when empty."""
        rate = self.rates.get(method, self.rates[ANY_METHOD])
        if rate is None or not client:
            return
        try:
            wait = await self._leases.take(f"{self.key(client)}/{method}", rate.per_second, rate.burst)
        except StoreUnavailable as error:
            log.warning("rate limit of %s not checked: limiter storage unavailable (%s)", method, error)
            return
        if wait > 0:
            raise AppError(
                RESOURCE_EXHAUSTED,
                RATE_LIMITED,
                f"too many {method} calls from this client: at most {rate.burst} at once, then "
                f"{rate.per_second:g} per second; retry in {wait:.2f}s",
                {"method": method, "retry_after_seconds": f"{wait:.3f}"},
                retry_after=wait,
            )

    async def hold_open_table(self, client_key: str, match_id: str) -> None:
        """Count ``match_id`` as one of the client's open tables, or refuse (RESOURCE_EXHAUSTED /
        OPEN_TABLES_LIMIT). Call :meth:`drop_open_table` if the match is then not created."""
        if not self.max_open_tables or not client_key:
            return
        key = f"{client_key}/open-tables"
        try:
            held = await self.limiter.claim(key, match_id, self.max_open_tables, self.table_ttl)
            if held is not None:
                gone = set(held) - await self._waiting(held)
                await self.limiter.release(key, sorted(gone))
                held = await self.limiter.claim(key, match_id, self.max_open_tables, self.table_ttl) if gone else held
        except StoreUnavailable as error:
            log.warning("open tables not counted: limiter storage unavailable (%s)", error)
            return
        if held is not None:
            raise AppError(
                RESOURCE_EXHAUSTED,
                OPEN_TABLES_LIMIT,
                f"this client already has {self.max_open_tables} tables waiting for players; start or leave one",
                {"max_open_tables": str(self.max_open_tables)},
            )

    async def drop_open_table(self, client_key: str, match_id: str) -> None:
        """Forget a claim whose match was never created."""
        if self.max_open_tables and client_key:
            with contextlib.suppress(StoreUnavailable):  # else the claim expires by itself
                await self.limiter.release(f"{client_key}/open-tables", [match_id])

    async def _waiting(self, match_ids: list[str]) -> set[str]:
        """Which of ``match_ids`` are still matches waiting for players."""
        found = await asyncio.gather(*(self.store.get(match_id) for match_id in match_ids), return_exceptions=True)
        for outcome in found:
            if isinstance(outcome, StoreUnavailable):
                raise outcome
        return {match.match_id for match in found if isinstance(match, StoredMatch) and match.status == WAITING}

    def check_seats(self, holders: Iterable[str], client_key: str) -> None:
        """Refuse (RESOURCE_EXHAUSTED / SEATS_PER_CLIENT_LIMIT) a seat for ``client_key`` when the match's
        seat holders (their client keys) already count ``--max-seats-per-client`` of it."""
        cap = self.max_seats_per_client
        if cap and client_key and sum(holder == client_key for holder in holders) >= cap:
            raise AppError(
                RESOURCE_EXHAUSTED,
                SEATS_PER_CLIENT_LIMIT,
                f"this client already holds {cap} seat{'s' if cap != 1 else ''} of this match",
                {"max_seats_per_client": str(cap)},
            )

    async def open_stream(self, client: str) -> Callable[[], None]:
        """Count one more open stream of ``client`` over every worker and replica, or refuse
        (RESOURCE_EXHAUSTED / STREAMS_LIMIT). Returns the release, which may be called any number of
        times, from synchronous code too."""
        cap = self.max_streams_per_client
        if not cap or not client:
            return lambda: None
        lease = await self._streams.hold(f"{self.key(client)}/streams", cap)
        if isinstance(lease, list):
            raise AppError(
                RESOURCE_EXHAUSTED,
                STREAMS_LIMIT,
                f"this client already has {cap} streams open; close one first",
                {"max_streams_per_client": str(cap)},
            )
        return lease
