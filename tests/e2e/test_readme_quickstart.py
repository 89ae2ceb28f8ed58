"""The README's REST quick start, run as it is written against a live server (issue 16 part 8), so it cannot drift.

The bash block under "REST/JSON and Server-Sent Events" is cut out of README.md by its first line and run
unchanged but for the server's address (``API=localhost:8080``): curl and jq, the match name, seat tokens and the
ETag filled in by the steps before, ``:start`` and a real action from ``legalActions``, then the watch stream.
The README's Python and TypeScript examples are run as written by their SDKs' suites:
clients/python/tests/test_readme_example.py and clients/typescript/src/test/readme.test.ts.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import httpx

from support.processes import REPO

README = REPO / "README.md"
#: bound of the block's run (a few seconds; the watch stops after 2)
TIMEOUT = 300


def _block(language: str, first_line: str) -> str:
    """The fenced ``language`` block of the README whose first line starts with ``first_line``."""
    for body in re.findall(rf"^```{language}\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S):
        if body.startswith(first_line):
            return body
    raise AssertionError(f"README.md has no {language} block starting with {first_line!r}")


def _run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, f"{command[0]} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_rest_block_plays_a_real_action(server, tmp_path: Path) -> None:
    block = _block("bash", "API=localhost:8080")
    script = "set -eu\n" + block.replace("API=localhost:8080", f"API={server.http_url}", 1)
    script += 'printf "\\nMATCH %s\\n" "$NAME"\n'  # where the block's match is, for the checks below
    lines = _run(["bash", "-c", script], cwd=tmp_path).splitlines()
    assert json.loads(lines[0]) == ["games/pumptown", "games/pumba", "games/up-or-down", "games/flip-7"]
    assert json.loads(lines[1])["code"] == "N0_1"
    name = lines[-1].removeprefix("MATCH ")
    assert re.fullmatch(r"games/flip-7/matches/[a-z0-9]+", name), lines
    with httpx.Client(base_url=server.http_url, timeout=30) as http:
        log = http.get(f"/v1/{name}:log").json()
    actions = [entry for entry in log["entries"] if "action" in entry]
    assert len(actions) == 1, log  # the block's one action, accepted (its If-Match was current)
    events = json.loads(lines[lines.index(str(log["entries"][-1]["version"])) + 1])
    assert events, lines  # SubmitAction answered the action's events
    assert "data:" in "\n".join(lines), "the :watch stream sent no event"
