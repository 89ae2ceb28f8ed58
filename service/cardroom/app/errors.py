"""Application errors: a canonical status code, a machine-readable reason and metadata.

Transports map ``code`` (the names of the gRPC canonical codes) to their own
status (gRPC status, HTTP status) and put ``reason``/``metadata`` into an
``ErrorInfo``. Messages never contain hidden information.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engines.contract import RuleError

INVALID_ARGUMENT = "INVALID_ARGUMENT"
FAILED_PRECONDITION = "FAILED_PRECONDITION"
NOT_FOUND = "NOT_FOUND"
ALREADY_EXISTS = "ALREADY_EXISTS"
ABORTED = "ABORTED"
UNAUTHENTICATED = "UNAUTHENTICATED"
PERMISSION_DENIED = "PERMISSION_DENIED"
RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
UNAVAILABLE = "UNAVAILABLE"
DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"


class AppError(Exception):
    def __init__(
        self,
        code: str,
        reason: str,
        message: str,
        metadata: Mapping[str, str] | None = None,
        *,
        retry_after: float | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.message = message
        self.metadata = dict(metadata or {})
        #: seconds after which a retry may succeed (a rate limit): gRPC RetryInfo, HTTP Retry-After
        self.retry_after = retry_after

    @classmethod
    def from_rule(cls, error: RuleError) -> AppError:
        """A rules refusal: INVALID_ARGUMENT when malformed, else FAILED_PRECONDITION."""
        return cls(INVALID_ARGUMENT if error.malformed else FAILED_PRECONDITION, error.code, error.message)


def stale_version(current_version: int) -> AppError:
    return AppError(
        ABORTED,
        "STALE_VERSION",
        f"the match is at version {current_version}; decide again from the fresh view",
        {"current_version": str(current_version)},
    )
