"""Who the per-client limits count: the peer, or what trusted proxies put in x-forwarded-for."""

from __future__ import annotations

from cardroom.api.client_identity import ClientIdentity


def test_without_trusted_proxies_the_peer_is_the_client_whatever_it_forwards() -> None:
    identity = ClientIdentity(None)
    assert identity.client("203.0.113.7", ["1.2.3.4"]) == "203.0.113.7"
    assert identity.grpc_client("ipv4:203.0.113.7:5123", [("x-forwarded-for", "1.2.3.4")]) == "203.0.113.7"


def test_a_trusted_proxy_names_the_client_and_forged_entries_are_ignored() -> None:
    identity = ClientIdentity("10.0.0.0/8, 192.168.1.5")
    # the client wrote "6.6.6.6" itself; the edge proxy appended the address it saw, the inner proxy its own
    assert identity.client("192.168.1.5", ["6.6.6.6, 198.51.100.9, 10.1.2.3"]) == "198.51.100.9"
    assert identity.client("192.168.1.5", ["6.6.6.6", "198.51.100.9"]) == "198.51.100.9"  # two headers
    assert identity.client("192.168.1.5", []) == "192.168.1.5"  # a proxy that forwards nothing
    assert identity.client("192.168.1.5", ["not-an-address"]) == "192.168.1.5"
    assert identity.client("10.9.9.9", ["10.1.1.1"]) == "10.1.1.1"  # only proxies: the left-most
    assert identity.client("203.0.113.7", ["198.51.100.9"]) == "203.0.113.7"  # an untrusted peer


def test_grpc_peers_and_ipv6_are_grouped_per_64() -> None:
    identity = ClientIdentity("::1")
    assert identity.grpc_client("ipv6:[2001:db8:1:2:aaaa::1]:443", ()) == "2001:db8:1:2::/64"
    assert identity.client("2001:db8:1:2:bbbb::9") == identity.client("2001:db8:1:2::1")
    assert identity.grpc_client("ipv6:[::1]:443", [("x-forwarded-for", "2001:db8::5")]) == "2001:db8::/64"
    assert identity.client("::ffff:198.51.100.9") == "198.51.100.9"
    assert identity.grpc_client("unix:/run/cardroom.sock", ()) == "unix"
