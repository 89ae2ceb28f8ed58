"""The README's first steps, run as they are written against a live server (issue 16 part 8), so they cannot drift.

Each block is cut out of README.md by the line it starts with and run unchanged but for the server's address
(``localhost:8080`` / ``localhost:50051`` become the test server's ports):

* the REST block under "REST/JSON and Server-Sent Events": bash with curl and jq, ids, tokens and the ETag
  filled in by the steps before, ``:start`` and a real action from ``legalActions``;
* the Python SDK example, run with ``clients/python/src`` on the path;
* the TypeScript example, transpiled by the TypeScript client's own ``typescript`` package and run by Node
  inside ``clients/typescript`` (so ``@cardroom/client`` is the built package itself: scripts/test.sh builds it
  before pytest, ``npm run build`` by hand).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx

from support.processes import REPO

README = REPO / "README.md"
TYPESCRIPT = REPO / "clients" / "typescript"
#: bound of one block's run; a match of two first-legal-action players takes a few seconds
TIMEOUT = 300


def _block(language: str, first_line: str) -> str:
    """The fenced ``language`` block of the README whose first line starts with ``first_line``."""
    for body in re.findall(rf"^```{language}\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S):
        if body.startswith(first_line):
            return body
    raise AssertionError(f"README.md has no {language} block starting with {first_line!r}")


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        command, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=TIMEOUT
    )
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


def test_the_python_sdk_example_plays_a_match(server, tmp_path: Path) -> None:
    example = tmp_path / "example.py"
    example.write_text(_block("python", "import asyncio").replace("localhost:50051", server.address))
    output = _run([sys.executable, str(example)], cwd=tmp_path, env={"PYTHONPATH": str(REPO / "clients/python/src")})
    assert re.search(r"^winners: \[\d(, \d)?\]$", output, re.M), output


def test_the_typescript_example_plays_a_match(server) -> None:
    assert (TYPESCRIPT / "dist" / "esm" / "index.js").exists(), (
        "build the client first: npm run build in clients/typescript"
    )
    source = _block("ts", "import { bearer, connectRest").replace("http://localhost:8080", server.http_url)
    transpile = (
        "const ts = require('typescript'); const fs = require('fs');"
        "const out = ts.transpileModule(fs.readFileSync(0, 'utf8'),"
        " {compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022}});"
        "process.stdout.write(out.outputText);"
    )
    javascript = subprocess.run(
        ["node", "-e", transpile], cwd=TYPESCRIPT, input=source, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert javascript.returncode == 0, javascript.stderr
    # inside the package, so that "@cardroom/client" resolves to it (a package may import itself by name)
    module = TYPESCRIPT / f".readme-example-{os.getpid()}.mjs"
    module.write_text(javascript.stdout)
    try:
        output = _run(["node", str(module)], cwd=TYPESCRIPT)
    finally:
        module.unlink()
    assert re.search(r"^winners: \[ \d+(, \d+)? \]$", output, re.M), output
