"""Pumptown (rules: ../shared/rules/pumptown.md; decisions beyond it: docs/rules/pumptown.md).

DOCSTRING-PLACEHOLDER
"""

from .engine import PumptownEngine

__all__ = ["PumptownEngine"]
