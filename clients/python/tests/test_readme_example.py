"""The README's Python example, run as written against a live server (only the address differs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[3] / "README.md"

pytestmark = pytest.mark.asyncio


def readme_example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    (example,) = [block for block in blocks if "from cardroom_client import" in block]
    return example


async def test_the_readme_python_example_plays_a_match(live_server, capsys):
    namespace: dict = {"__name__": "readme_example"}
    exec(compile(readme_example(), str(README), "exec"), namespace)
    await namespace["main"](live_server.address)
    assert re.search(r"winners: \[\d", capsys.readouterr().out)
