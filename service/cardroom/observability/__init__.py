"""Operating the service: Prometheus metrics, structured and access logs, OpenTelemetry traces.

Transports and the commit path call into this package; it calls nothing of theirs,
so it sits below ``api`` and ``app`` like ``engines`` and ``store``.
"""
