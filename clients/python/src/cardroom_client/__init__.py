"""Python client of the cardroom game service: generated stubs (``cardroom_client.v1``) and a thin asyncio SDK."""

from .action_sets import expand_action_set, expand_action_sets, legal_actions, random_legal_action
from .client import Client, RetryPolicy, Seat, connect, new_request_id
from .errors import CardroomError, SessionEnded, StaleVersion
from .session import Session

__all__ = [
    "CardroomError",
    "Client",
    "RetryPolicy",
    "Seat",
    "Session",
    "SessionEnded",
    "StaleVersion",
    "connect",
    "expand_action_set",
    "expand_action_sets",
    "legal_actions",
    "new_request_id",
    "random_legal_action",
]
