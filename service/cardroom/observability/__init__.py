"""Operating the service: Prometheus metrics, structured and access logs, OpenTelemetry traces.

Transports and the commit path call into this package. Its metrics, logs and traces call
nothing of theirs; only the HTTP middleware reads the REST gateway's table of HTTP statuses,
so that it reports an aiohttp error with the code the client is answered with.
"""
