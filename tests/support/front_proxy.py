"""Two live replicas on one Redis behind nginx configured by the repository's ``deploy/nginx/`` (bench/spawned.py's
``nginx_front``), and what nginx's log says about where each request went."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from cardroom.bench.spawned import nginx_front
from support.processes import ServerProcess, wait_until


class ReplicasBehindNginx:
    """Two replicas (one seat-token key, the proxy trusted for x-forwarded-for) behind nginx: ``http_url`` and
    ``grpc_address`` are the proxy's."""

    def __init__(self, redis_url: str, log: Path) -> None:
        self.replicas = [ServerProcess(redis_url, "--trusted-proxies", "127.0.0.1") for _ in range(2)]
        self.log = log
        self.http_url = ""
        self.grpc_address = ""

    @contextlib.contextmanager
    def running(self) -> Iterator[ReplicasBehindNginx]:
        try:
            for replica in self.replicas:
                replica.start()
            http_ports = [replica.http_port for replica in self.replicas]
            grpc_ports = [replica.port for replica in self.replicas]
            with nginx_front(http_ports, grpc_ports, access_log=self.log) as front:
                self.http_url, self.grpc_address = front.http_url, front.grpc_address
                yield self
        finally:
            for replica in self.replicas:
                replica.stop()

    def requests(self) -> list[tuple[str, str, str]]:
        """(placement key, the port of the replica that answered, URI) of each request nginx has logged so far
        but the health checks its start waited on (a request nginx tried on several replicas lists them all, the
        one that answered last)."""
        rows = [line.split(maxsplit=4) for line in self.log.read_text().splitlines()] if self.log.exists() else []
        return [
            (key, tried.split(", ")[-1].rpartition(":")[2], uri)
            for key, _status, _method, uri, tried in rows
            if uri not in ("/healthz", "/grpc.health.v1.Health/Check")
        ]

    def requests_when(self, logged: Callable[[list[tuple[str, str, str]]], bool]) -> list[tuple[str, str, str]]:
        """``requests()`` once ``logged`` says all those awaited are there: nginx writes a request's line after
        its answer has gone out, so a client can be done with a request before its line is (at most 10 s)."""
        wait_until(lambda: logged(self.requests()), 10, "nginx logged the requests awaited")
        return self.requests()

    def replica_of(self, match_id: str) -> ServerProcess:
        """The one replica every request about ``match_id`` went to (fails if there were several)."""
        requests = self.requests_when(lambda logged: any(key == match_id for key, _port, _uri in logged))
        ports = {port for key, port, _uri in requests if key == match_id}
        assert len(ports) == 1, ports
        (port,) = ports
        return next(replica for replica in self.replicas if port in (str(replica.http_port), str(replica.port)))
