"""Benchmarks: ``cardroom bench engines`` (rule engines) and ``cardroom bench service`` (the full stack over gRPC)."""
