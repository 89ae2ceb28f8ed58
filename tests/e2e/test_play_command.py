"""`cardroom play` driven through pipes: two terminals, one creating and one joining, play to the end."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from support.processes import wait_until


def _player(server, args: list[str], workdir: Path, label: str) -> tuple[subprocess.Popen, Path]:
    """A `cardroom play` process whose input is the number 1 on every line (always the first legal action)."""
    choices = workdir / f"{label}.in"
    choices.write_text("1\n" * 5000)
    output = workdir / f"{label}.out"
    command = [sys.executable, "-m", "cardroom.cli", "play", "--server", server.address, "--name", label, *args]
    with choices.open() as stdin, output.open("w") as stdout:
        process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT)
    return process, output


def test_two_terminals_play_a_short_game_to_the_end(server):
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        creator, creator_out = _player(
            server, ["--game", "up-or-down", "--players", "2", "--option", "card_range=SHORT"], workdir, "ann"
        )
        wait_until(lambda: "Created " in creator_out.read_text(), 20, "the created match")
        match_name = re.search(r"^Created (\S+)$", creator_out.read_text(), re.M).group(1)
        joiner, joiner_out = _player(server, ["--join", match_name], workdir, "bob")
        try:
            assert joiner.wait(90) == 0, joiner_out.read_text()[-3000:]
            assert creator.wait(30) == 0, creator_out.read_text()[-3000:]
        finally:
            for process in (creator, joiner):
                if process.poll() is None:
                    process.kill()
        for output in (creator_out.read_text(), joiner_out.read_text()):
            assert "Your move:" in output
            assert "Match over." in output
            assert re.search(r"^scores: \[\d+, \d+\] · winners: \[", output, re.M)
        assert "Every seat is taken: starting." in creator_out.read_text()
