"""Process logging: one line per event, JSON (python-json-logger) or text (``--log-format``).

A JSON line holds ``timestamp`` (UTC, ISO 8601), ``level``, ``logger``, ``process``,
``message`` and whatever the call passed as ``extra`` (the access log's fields).
"""

from __future__ import annotations

import logging
import sys

from pythonjsonlogger.json import JsonFormatter

LOG_FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(process)d %(name)s %(levelname)s %(message)s"


def configure_logging(level: str, log_format: str) -> None:
    """Send every log record of the process to stderr in ``log_format``."""
    if log_format not in LOG_FORMATS:
        raise SystemExit(f"--log-format must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(
            JsonFormatter(
                "{levelname}{name}{process}{message}",
                style="{",
                rename_fields={"levelname": "level", "name": "logger"},
                timestamp=True,
            )
        )
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)
