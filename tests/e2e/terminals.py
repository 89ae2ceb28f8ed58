"""`cardroom play` in real terminals: each player is a process on its own pseudo-terminal (pexpect),
typing what a person would type after reading what the terminal printed."""

from __future__ import annotations

import contextlib
import os
import random
import re
import select
import signal
import sys
import time

import pexpect

from support.processes import REPO

PROMPT = r"pick 1-(\d+)> "
OVER = r"Match over"
#: SGR colour/style sequences rich writes on a terminal; stripped before reading the text
SGR = re.compile(r"\x1b\[[0-9;]*m")


class Player:
    """One `cardroom play` on a pseudo-terminal; ``output`` is everything it printed (raw)."""

    def __init__(self, server_address: str, *args: str, name: str | None = None, timeout: float = 60):
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(REPO / "service"), str(REPO / "clients/python/src")]),
            "TERM": "xterm-256color",
            "COLUMNS": "250",
        }
        env.pop("NO_COLOR", None)
        naming = ["--name", name] if name is not None else []
        command = ["-m", "cardroom.cli", "play", "--server", server_address, *naming, *args]
        self.process = pexpect.spawn(
            sys.executable, command, env=env, encoding="utf-8", dimensions=(60, 250), timeout=timeout, cwd=REPO
        )
        self.output = ""
        self.done = False
        #: whether the last step answered a menu
        self.answered = False

    def _read(self) -> None:
        self.output += (self.process.before or "") + (self.process.after if isinstance(self.process.after, str) else "")

    def expect(self, pattern: str, timeout: float = 60) -> re.Match:
        self.process.expect(pattern, timeout=timeout)
        self._read()
        return self.process.match

    def peek(self) -> str:
        """Everything printed so far, reading what is waiting without blocking (it is consumed: a
        later ``expect`` sees only what comes after)."""
        try:
            while True:
                self.output += self.process.read_nonblocking(65536, timeout=0)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return self.output

    def send(self, line: str) -> None:
        self.process.sendline(line)

    def interrupt(self) -> None:
        """Ctrl-C, as the terminal sends it (a process that already ended has nothing to interrupt)."""
        with contextlib.suppress(OSError):
            self.process.sendintr()

    def eof(self) -> None:
        self.process.sendeof()

    def step(self, rng: random.Random, timeout: float = 0.3) -> bool:
        """Answer the menu if one is shown (a random legal action); True once the match is over."""
        self.answered = False
        index = self.process.expect([PROMPT, OVER, pexpect.TIMEOUT], timeout=timeout)
        if index == 2:
            return False
        self._read()
        if index == 0:
            self.send(str(rng.randint(1, int(self.process.match.group(1)))))
            self.answered = True
            return False
        self.done = True
        return True

    def finish(self, timeout: float = 30) -> int:
        """Wait for the process to exit; its exit status."""
        self.process.expect(pexpect.EOF, timeout=timeout)
        self._read()
        self.process.close()
        return self.process.exitstatus if self.process.exitstatus is not None else -self.process.signalstatus

    @property
    def text(self) -> str:
        """What a person read: the output without colour sequences and carriage returns."""
        return SGR.sub("", self.output).replace("\r", "")

    def kill(self) -> None:
        if self.process.isalive():
            self.process.kill(signal.SIGKILL)


def play_until(players: list[Player], seed: int, done, deadline: float = 150) -> None:
    """Every player answers its menus with random legal actions until ``done()``; waits on all the
    terminals at once (select), so no player's turn waits on another's."""
    rng = random.Random(seed)
    stop = time.monotonic() + deadline
    while not done():
        if time.monotonic() > stop:
            last = "\n".join(player.text[-2000:] for player in players)
            raise TimeoutError(f"the match did not get there; last output:\n{last}")
        moved = [player.step(rng, timeout=0) or player.answered for player in players if not player.done]
        if not any(moved):
            select.select([player.process.child_fd for player in players if not player.done], [], [], 1.0)


def play_to_the_end(players: list[Player], seed: int, deadline: float = 150) -> None:
    """Random legal actions until each player has seen the match end."""
    play_until(players, seed, lambda: all(player.done for player in players), deadline)
