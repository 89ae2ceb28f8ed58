"""Who is calling: the client id the per-client limits count (app/limits.py).

The client is the caller's network address (gRPC ``context.peer()``, aiohttp
``request.remote``). Behind a load balancer or reverse proxy that address is the
proxy's, so the operator lists the proxies (``--trusted-proxies``, addresses or
CIDRs): when the peer is one of them, the client is the right-most address of
``x-forwarded-for`` that is not a trusted proxy (every proxy appends the address
it received the request from, so only the entries added by trusted proxies are
believed; anything a client wrote itself sits further left and is ignored).

IPv6 clients are counted per /64, the block one subscriber usually gets, so one
host cannot walk through its own addresses to dodge a limit. Written by hand: it is
a few lines over ``ipaddress``, and the limits need exactly this policy.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
IPV6_CLIENT_PREFIX = 64


class ClientIdentity:
    def __init__(self, trusted_proxies: str | None):
        self.trusted = [
            ipaddress.ip_network(part.strip(), strict=False)
            for part in (trusted_proxies or "").split(",")
            if part.strip()
        ]

    def client(self, peer: str | None, forwarded_for: Sequence[str] = ()) -> str:
        """The client id of a caller whose connection comes from ``peer`` (an address; anything else, such
        as a Unix socket, is one local client) with these ``x-forwarded-for`` header values."""
        address = _address(peer)
        if address is None:
            return (peer or "local").split(":", 1)[0]
        hops = [hop.strip() for value in forwarded_for for hop in value.split(",")]
        while self._trusted(address) and hops:
            hop = _address(hops.pop())
            if hop is None:
                break  # a proxy that writes no address: keep the proxy as the client
            address = hop
        return _client_id(address)

    def grpc_client(self, peer: str, metadata: Sequence[tuple[str, str | bytes]]) -> str:
        """``client`` for gRPC's peer string (``ipv4:1.2.3.4:5``, ``ipv6:[::1]:5``, ``unix:...``)."""
        kind, _, rest = (peer or "").partition(":")
        host = rest.rpartition(":")[0].strip("[]") if kind in ("ipv4", "ipv6") else kind or "local"
        forwarded = [value for key, value in metadata if key == "x-forwarded-for" and isinstance(value, str)]
        return self.client(host, forwarded)

    def _trusted(self, address: Address) -> bool:
        return any(address in network for network in self.trusted)


def _address(text: str | None) -> Address | None:
    try:
        address = ipaddress.ip_address((text or "").partition("%")[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _client_id(address: Address) -> str:
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(address)
