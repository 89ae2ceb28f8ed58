"""Every reason the service can send (ErrorInfo.reason, an SSE event's ``reason``) is a value of the proto's
``ErrorReason`` enum, so a client can switch over the typed enum of its SDK.

The reasons are found by reading the service's code (its AST), not by listing them here: the reason
argument of every ``AppError(...)``, the code of every ``RuleError(...)``, every ``reason=`` /
``range_reason=`` keyword, every ``{"reason": ...}`` literal of the transports (SSE events) and every
module-level ``*REASON*`` table, each a string literal or a module constant. A reason passed on from
one of those (``error.code``, ``bound.reason``) is allowed as an attribute; any other expression
fails the test, so a reason built at run time cannot slip past it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import cardroom
from cardroom.v1 import match_pb2

ROOT = Path(cardroom.__file__).parent
#: attributes that carry a reason collected where it was made (RuleError.code, Bound.reason, AppError.reason)
FORWARDED = {"code", "reason", "range_reason"}


def _modules() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(), str(path))
        for path in sorted(ROOT.rglob("*.py"))
        if path.relative_to(ROOT).parts[0] != "v1"  # generated stubs
    }


def _constants(modules: dict[Path, ast.Module]) -> dict[str, set[str]]:
    """Module-level ``NAME = "TEXT"`` of every module (a name imported elsewhere keeps its value)."""
    found: dict[str, set[str]] = {}
    for tree in modules.values():
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
            value = node.value if isinstance(target, ast.Name) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.setdefault(target.id, set()).add(value.value)
    return found


def _reason_expressions(tree: ast.Module, api: bool) -> Iterator[ast.expr]:
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(target, ast.Name) and "REASON" in target.id and isinstance(node.value, ast.Dict):
            yield from node.value.values
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "AppError" and len(node.args) >= 2:
                yield node.args[1]
            if name == "RuleError" and node.args:
                yield node.args[0]
            yield from (keyword.value for keyword in node.keywords if keyword.arg in ("reason", "range_reason"))
        elif isinstance(node, ast.Dict) and api:  # an SSE event's data (engine events have their own reasons)
            yield from (
                value
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value == "reason"
            )


def _forwarded(expression: ast.expr) -> bool:
    """A reason collected where it was made: an attribute carrying one, or a lookup in a ``*REASON*`` table."""
    if isinstance(expression, ast.Attribute) and expression.attr in FORWARDED:
        return True
    return any(isinstance(node, ast.Name) and "REASON" in node.id for node in ast.walk(expression))


def emitted_reasons() -> tuple[dict[str, str], list[str]]:
    """``({reason: first place it is sent from}, [expressions that are not a known reason])``."""
    modules = _modules()
    constants = _constants(modules)
    reasons: dict[str, str] = {}
    unknown: list[str] = []
    for path, tree in modules.items():
        for expression in _reason_expressions(tree, path.parent.name == "api"):
            where = f"{path.relative_to(ROOT)}:{expression.lineno}"
            if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
                reasons.setdefault(expression.value, where)
            elif isinstance(expression, ast.Name) and expression.id in constants:
                for value in constants[expression.id]:
                    reasons.setdefault(value, where)
            elif _forwarded(expression):
                for node in ast.walk(expression):  # a lookup's default
                    if isinstance(node, ast.Constant) and isinstance(node.value, str):
                        reasons.setdefault(node.value, where)
            else:
                unknown.append(f"{where}: {ast.unparse(expression)}")
    return reasons, unknown


def test_every_reason_the_service_sends_is_an_error_reason() -> None:
    reasons, unknown = emitted_reasons()
    assert not unknown, f"reasons the scan cannot read (use a literal or a module constant): {unknown}"
    # the scan finds what it should: the engines' codes, the app's, the gateway's, the limits'
    assert {"CARD_NOT_PLAYABLE", "MATCH_FULL", "NOT_FOUND", "RATE_LIMITED", "SERVER_SHUTTING_DOWN"} <= set(reasons)
    enum = {name.removeprefix("ERROR_REASON_") for name in match_pb2.ErrorReason.DESCRIPTOR.values_by_name}
    missing = {reason: where for reason, where in reasons.items() if reason not in enum}
    assert not missing, f"reasons sent that are not values of ErrorReason (proto/cardroom/v1/match.proto): {missing}"

