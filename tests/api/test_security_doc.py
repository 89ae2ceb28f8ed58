"""docs/security.md names the tests that hold each limit and each item of issue 12: every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: `dir/test_file.py::test_name` (relative to tests/ or with tests/), or `::test_name` after such a reference
REFERENCE = re.compile(r"`((?:tests/)?[a-z0-9_]+/test_[a-z0-9_]+\.py)?(?:::(test_[a-z0-9_]+))?`")


def test_every_test_named_in_docs_security_exists() -> None:
    text = (ROOT / "docs" / "security.md").read_text()
    named, missing, current = 0, [], None
    for line in text.splitlines():
        for path, name in REFERENCE.findall(line):
            if path:
                current = ROOT / (path if path.startswith("tests/") else f"tests/{path}")
                if not current.is_file():
                    missing.append(path)
                    continue
            if name:
                named += 1
                if current is None or not re.search(rf"^(async )?def {name}\(", current.read_text(), re.M):
                    missing.append(f"{current}::{name}")
    assert named > 40, "no test references found: has the page's format changed?"
    assert not missing, f"docs/security.md names tests that do not exist: {missing}"
