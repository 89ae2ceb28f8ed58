"""Helpers shared by test suites: real processes (redis-server, the cardroom server) on loopback."""
