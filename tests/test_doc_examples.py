"""Every shell example of README.md and docs/*.md is run as a user would run it (issue 21,
point 3: the README's ``bot`` example once used port 47474 while hosts listen on 47077, so
copying it gave "connection refused").

An example is a command line of a fenced shell block (sh, bat...) or an inline code span that
is one (``starparty ...``, ``python ...``, ``bench/ai.py stars ...``). Each one matches exactly
one row of ``RUN`` (a test below runs it, or for a synopsis such as ``starparty bot
HOST:PORT``, its concrete instance) or of ``SKIPPED`` (with the reason it cannot run here): a
new example that is in neither table fails
``test_every_example_is_run_or_skipped_with_a_reason``.

What running "as written" changes, and only that (``command_line``): ``starparty`` is
``python -m game`` from this checkout; the README's LAN address 192.168.1.20 is this machine,
127.0.0.1; hosts also get ``--bind 127.0.0.1 --no-discovery`` (tests stay on loopback and never
advertise on the real network); ``docs/img`` output goes to a temporary folder (the committed
pictures are left alone); settings and autosaves live in a temporary folder. Ports are kept:
an example without ``--port`` must reach the host on the default port, which is the point.

Only ``test_the_lan_examples_run_as_written`` binds the default port: it holds a lock file
across processes (pytest-xdist workers, other checkouts on the machine) and checks that the
port is free first.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.commands import SUBCOMMANDS
from game.rules import RULESETS, get_ruleset
from net.client import Client
from net.server import DEFAULT_PORT

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_LANGUAGES = {"sh", "bash", "shell", "console", "zsh", "bat", "cmd", "powershell", "ps1"}
#: the LAN address the README's examples use for the host's machine
EXAMPLE_HOST = "192.168.1.20"

#: a benchmark's command line (with or without ``nice``, its interpreter, an environment variable)
BENCH = r"(nice (-n \d+ )?)?([A-Z_]+=\S+ )?(\.venv/bin/python )?bench/\w+\.py( .*)?"
#: how an inline code span that is a command line begins
COMMAND_START = (r"(\.venv/bin/)?starparty( |$)|(nice (-n \d+ )?)?(\.venv/bin/)?python3? "
                 r"|[A-Z_]+=\S+ |(bench|tools)/\w+\.py ")

#: example (a regular expression matching its whole text) -> the test that runs it
RUN: dict[str, str] = {
    # README, LAN play: run in order, the bot joining the hosts the lines above start
    r"\.venv/bin/starparty host --game stars --seats 4": "lan",
    r"\.venv/bin/starparty host --game stargazer --seats 4 --headless": "lan",
    r"\.venv/bin/starparty host --headless --resume": "lan",
    r"\.venv/bin/starparty bot \S+ --token bot\.token": "lan",
    # docs/ARCHITECTURE.md: "playable headless" for every game (the lines above: stargazer)
    r"starparty host --headless --game <name>": "every_game_headless",
    r"starparty bot HOST:PORT": "every_game_headless",
    r"starparty --help": "help",
    r"starparty host --help": "help",
    r"starparty demo \[--game [a-z|]+\] \[--players N\] \[--seed S\]": "demo",
    r"starparty demo --game <name>": "demo",
    r"starparty screenshots docs/img": "screenshots",
    r"starparty screenshots docs/img/ja --lang ja": "screenshots",
    # synopses of the two lines above
    r"starparty screenshots OUTDIR": "screenshots",
    r"starparty screenshots OUTDIR --lang ja": "screenshots",
    # a command or its options named in a sentence: each must exist (its --help lists it)
    r"starparty": "names",
    r"starparty (host|bot|screenshots)": "names",
    r"starparty host --headless": "names",
    r"starparty host --resume": "names",
    r"starparty bot --level": "names",
    r"starparty bot --token FILE": "names",
    r"starparty host --bind 127\.0\.0\.1": "names",
    r"starparty bot --wait": "names",
    r"starparty host --hints": "names",
    r"starparty play --lang ja": "names",
}

#: example (a regular expression) -> why it is not run here
SKIPPED: dict[str, str] = {
    r"python3 -m venv \.venv && \.venv/bin/pip install .*":
        "creates a virtual environment and installs from the package index (CI installs the "
        "project this way before it runs this very suite)",
    r"py -3 -m venv \.venv && .*": "Windows (cmd / PowerShell)",
    BENCH: "benchmarks that run for minutes to hours and load the machine; their options are "
           "checked against the script's --help by "
           "test_the_benchmark_examples_use_options_that_exist",
    r"python tools/extract_messages\.py":
        "rewrites the message catalogs in place (tests/client/test_i18n.py checks that they "
        "are current)",
    r"python tools/export_game_data\.py":
        "rewrites docs/data in place; tests/test_game_data.py checks that the files are current "
        "(the tool's --check) and run it into a temporary folder",
    r"python3? tools/build_app\.py":
        "builds the one-file program (a minute or two); tests/test_build_app.py builds it once "
        "per run and plays it",
    r"(\.venv/bin/pip install -e '\.\[build\]' && )?(\.venv/bin/)?python3? -m build":
        "makes the wheel and the sdist; tests/test_wheel.py builds and installs them",
}


@dataclass(frozen=True)
class Example:
    doc: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def _fenced_commands(path: Path) -> Iterator[Example]:
    """The command lines of the fenced shell blocks of ``path`` (comments cut, ``\\``
    continuations joined)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    language: str | None = None
    pending, start = "", 0
    for number, line in enumerate(lines, 1):
        fence = re.match(r"\s*```\s*(\S*)", line)
        if fence:
            language = None if language is not None else fence.group(1).lower()
            continue
        if language not in SHELL_LANGUAGES:
            continue
        text = re.sub(r"(^|\s)#.*$", "", line).strip()
        if not text:
            continue
        start = start or number
        if text.endswith("\\"):
            pending += text[:-1].strip() + " "
            continue
        yield Example(path.relative_to(ROOT).as_posix(), start, pending + text)
        pending, start = "", 0


def _inline_commands(path: Path) -> Iterator[Example]:
    """Every inline code span of ``path`` that is a command line (``COMMAND_START``)."""
    text = path.read_text(encoding="utf-8")
    for span in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
        words = " ".join(span.group(1).split())
        if re.match(COMMAND_START, words):
            line = text.count("\n", 0, span.start()) + 1
            yield Example(path.relative_to(ROOT).as_posix(), line, words)


def doc_examples() -> list[Example]:
    return [example for path in DOCS
            for example in (*_fenced_commands(path), *_inline_commands(path))]


def examples_for(pattern: str) -> list[Example]:
    found = [e for e in doc_examples() if re.fullmatch(pattern, e.text)]
    assert found, f"no example of the docs matches {pattern!r} any more"
    return found


def example(pattern: str) -> str:
    """The text of the one example ``pattern`` stands for (the first, if several docs say it)."""
    return examples_for(pattern)[0].text


# ---------------------------------------------------------------------------- coverage
def test_every_example_is_run_or_skipped_with_a_reason() -> None:
    examples = doc_examples()
    assert len(examples) > 20, "the examples were found"
    for found in examples:
        rows = [p for p in (*RUN, *SKIPPED) if re.fullmatch(p, found.text)]
        assert len(rows) == 1, (f"{found}\nis neither run by a test nor skipped with a reason "
                                "(add it to RUN or SKIPPED)" if not rows
                                else f"{found}\nmatches several rows: {rows}")
    for pattern in (*RUN, *SKIPPED):
        examples_for(pattern)  # no row outlives its example


def test_the_default_port_is_one_constant_and_the_docs_give_it() -> None:
    """The docs' host port and the programs' default are ``net.server.DEFAULT_PORT``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ports = re.findall(re.escape(EXAMPLE_HOST) + r":(\d+)", readme)
    assert ports and {int(port) for port in ports} == {DEFAULT_PORT}, \
        "the README's examples reach the host on the port it listens on by default"
    said = re.findall(r"listens on port (\d+)", readme)
    assert said and {int(port) for port in said} == {DEFAULT_PORT}
    protocol = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert re.findall(r"default port is \*\*(\d+)\*\*", protocol) == [str(DEFAULT_PORT)]
    literal = re.compile(rf"\b{DEFAULT_PORT}\b")
    elsewhere = [path.relative_to(ROOT).as_posix()
                 for folder in ("game", "net") for path in sorted((ROOT / folder).rglob("*.py"))
                 if literal.search(path.read_text(encoding="utf-8"))]
    assert elsewhere == ["net/server.py"], "the default port is written in one place"


# ---------------------------------------------------------------------------- running
def command_line(text: str, outdir: Path | None = None) -> list[str]:
    """``text`` as this machine runs it (see the module docstring for what changes)."""
    words = shlex.split(text.replace(EXAMPLE_HOST, "127.0.0.1"))
    assert words[0] in ("starparty", ".venv/bin/starparty"), text
    argv = [sys.executable, "-m", "game", *words[1:]]
    if words[1:2] == ["host"]:
        argv += ["--bind", "127.0.0.1", "--no-discovery"]
    if outdir is not None:
        argv = [str(outdir / arg.removeprefix("docs/img").lstrip("/"))
                if arg.startswith("docs/img") else arg for arg in argv]
    return argv


@dataclass
class User:
    """Where a user's commands run: a fresh folder, settings and autosaves of their own."""

    cwd: Path
    env: dict[str, str]

    def run(self, argv: list[str], timeout: float = 60,
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, cwd=cwd or self.cwd, env=self.env, capture_output=True,
                              text=True, timeout=timeout)


@pytest.fixture
def user(tmp_path: Path) -> User:
    home = tmp_path / "home"
    home.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "STARPARTY_TOKEN"}
    env.update(PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               STARPARTY_CONFIG_DIR=str(tmp_path / "config"),
               STARPARTY_AUTOSAVE_DIR=str(tmp_path / "autosave"))
    return User(home, env)


class Running:
    """A command started in the background; ``lines`` (stdout and stderr) kept up to date."""

    def __init__(self, argv: list[str], user: User) -> None:
        self.argv = argv
        self.process = subprocess.Popen(argv, cwd=user.cwd, env=user.env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        self._pump = threading.Thread(target=self._read, daemon=True)
        self._pump.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def wait_for(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        """The first output line matching ``pattern``; fails (with the output) if the
        command ends or ``timeout`` passes first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if found := re.search(pattern, line):
                    return found
            if self.process.poll() is not None:
                self._pump.join(5)
                if any(re.search(pattern, line) for line in self.lines):
                    continue
                break
            time.sleep(0.02)
        raise AssertionError(f"{shlex.join(self.argv[2:])!r} did not say {pattern!r}; "
                             f"exit status {self.process.poll()}, output:\n"
                             + "\n".join(self.lines))

    def exit_status(self, timeout: float = 30) -> int:
        status = self.process.wait(timeout)
        self._pump.join(5)
        return status

    def stop(self) -> int:
        """Ctrl-C, as in the terminal; the exit status."""
        self.process.send_signal(signal.SIGINT)
        return self.exit_status()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)


@contextlib.contextmanager
def running(argv: list[str], user: User) -> Iterator[Running]:
    command = Running(argv, user)
    try:
        yield command
    finally:
        command.kill()


@contextlib.contextmanager
def the_default_port() -> Iterator[None]:
    """Hold the default port for this test: one holder at a time on this machine (a lock
    file), and the port must be free (another program's host is waited for, then skipped)."""
    lock_path = Path(tempfile.gettempdir()) / f"starparty-port-{DEFAULT_PORT}.lock"
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            deadline = time.monotonic() + 30
            while not _port_is_free(DEFAULT_PORT):
                if time.monotonic() > deadline:
                    pytest.skip(f"port {DEFAULT_PORT} is in use by another program here")
                time.sleep(0.5)
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as a host binds it
        try:
            probe.bind(("0.0.0.0", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True


LISTENING = r"listening on 127\.0\.0\.1:(\d+)"


@pytest.mark.timeout(180)
def test_the_lan_examples_run_as_written(user: User) -> None:
    """The README's LAN lines in order: a window host; a headless host, the bot joining it
    at the address written (its token kept in bot.token), Ctrl-C saving the table; the
    resume line bringing it back and the bot taking its seat back with its token."""
    window_host = example(r"\.venv/bin/starparty host --game stars --seats 4")
    headless_host = example(r"\.venv/bin/starparty host --game stargazer --seats 4 --headless")
    resume = example(r"\.venv/bin/starparty host --headless --resume")
    bot_line = example(r"\.venv/bin/starparty bot \S+ --token bot\.token")
    token_file = user.cwd / "bot.token"
    with the_default_port():
        with running(command_line(window_host), user) as host:
            assert int(host.wait_for(LISTENING).group(1)) == DEFAULT_PORT
            guest = Client("127.0.0.1", DEFAULT_PORT, "Bea", reconnect=False)
            try:
                snapshot = guest.wait_for(lambda m: m["t"] == "snapshot", 10)
                assert snapshot is not None, "a player joins the window's table"
                assert snapshot["table"]["game"] == "stars"
                assert [s["kind"] for s in snapshot["table"]["seats"]] == ["human"] + ["open"] * 3
            finally:
                guest.close()
            assert host.stop() == 0
        with running(command_line(headless_host), user) as host:
            assert int(host.wait_for(LISTENING).group(1)) == DEFAULT_PORT
            with running(command_line(bot_line), user) as bot:
                bot.wait_for(r"^Joined 'Star Party' \(stargazer\) as seat 0 "
                             r"\(its token is in bot\.token\)")
                assert token_file.stat().st_mode & 0o077 == 0, "the token is the user's only"
                assert host.stop() == 0
                host.wait_for(r"^Saved ")
                assert bot.exit_status() == 1
                bot.wait_for("the host closed the table")
        with running(command_line(resume), user) as host:
            host.wait_for(r"^Resumed .*stargazer")
            assert int(host.wait_for(LISTENING).group(1)) == DEFAULT_PORT
            with running(command_line(bot_line), user) as bot:
                joined = bot.wait_for(r"^Joined .* as seat \d+.*")
                assert joined.group(0).endswith("as seat 0"), "its token took its seat back"
                assert host.stop() == 0
                assert bot.exit_status() == 1


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_game_is_hosted_headless_and_joined_by_a_bot(user: User, game: str) -> None:
    """``starparty host --headless --game <name>`` and ``starparty bot HOST:PORT`` for every
    registered game (on any free port: this test is not about the default one)."""
    host_line = example(r"starparty host --headless --game <name>").replace("<name>", game)
    with running(command_line(host_line) + ["--port", "0"], user) as host:
        port = host.wait_for(LISTENING).group(1)
        bot_line = example(r"starparty bot HOST:PORT").replace("HOST:PORT", f"127.0.0.1:{port}")
        with running(command_line(bot_line), user) as bot:
            bot.wait_for(rf"^Joined '.*' \({game}\) as seat 0")
            assert host.stop() == 0
            assert bot.exit_status() == 1


def test_the_help_examples(user: User) -> None:
    listed = user.run(command_line(example(r"starparty --help")))
    assert listed.returncode == 0 and all(name in listed.stdout for name in SUBCOMMANDS)
    host_help = user.run(command_line(example(r"starparty host --help")))
    assert host_help.returncode == 0
    # the README: "--password, --port, --name and --seats ... are explained by host --help"
    for option in ("--password", "--port", "--name", "--seats"):
        assert option in host_help.stdout
    assert f"default: {DEFAULT_PORT}" in " ".join(host_help.stdout.split())


def test_the_named_commands_and_options_exist(user: User) -> None:
    """``starparty host --resume`` said in a sentence: ``host --help`` lists ``--resume``."""
    helps: dict[str, str] = {}
    for pattern, runner in RUN.items():
        if runner != "names":
            continue
        for found in examples_for(pattern):
            words = found.text.split()[1:]
            command = words[0] if words else ""
            assert not words or command in SUBCOMMANDS, found
            if command not in helps:
                result = user.run(command_line(f"starparty {command} --help".strip()))
                assert result.returncode == 0, result.stderr
                helps[command] = result.stdout
            for option in (word for word in words if word.startswith("--")):
                assert option in helps[command], f"{found}: {option} is not in its --help"


def test_the_demo_examples(user: User) -> None:
    """``starparty demo [--game stars|stargazer] [--players N] [--seed S]``: every game it
    names (which are all the registered ones) at its smallest table, seeded."""
    synopsis = example(r"starparty demo \[--game [a-z|]+\] \[--players N\] \[--seed S\]")
    games = re.search(r"--game ([a-z|]+)", synopsis)
    assert games is not None and sorted(games.group(1).split("|")) == sorted(RULESETS)
    for game in sorted(RULESETS):
        players = get_ruleset(game).min_players
        line = f"starparty demo --game {game} --players {players} --seed 3"
        result = user.run(command_line(line), timeout=120)
        assert result.returncode == 0, result.stderr
        assert f": {players} " in result.stdout.splitlines()[0]
        assert "seed 3" in result.stdout.splitlines()[0]


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_the_screenshot_examples_make_the_pictures_the_readme_shows(
        user: User, tmp_path: Path) -> None:
    """Both lines, at one small size to stay cheap; every ``docs/img`` picture the README
    shows is one they make, under its name."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(docs/img/([^)\s]+\.png)\)", readme))
    outdir = tmp_path / "img"
    for pattern in (r"starparty screenshots docs/img",
                    r"starparty screenshots docs/img/ja --lang ja"):
        argv = command_line(example(pattern), outdir) + ["--size", "640x360"]
        result = user.run(argv, timeout=240)
        assert result.returncode == 0, result.stderr
    made = {path.relative_to(outdir).as_posix() for path in outdir.rglob("*.png")}
    assert shown and shown <= made, f"the README shows pictures no example makes: {shown - made}"
    assert not any(path.is_relative_to(ROOT) for path in outdir.rglob("*.png"))


def test_the_benchmark_examples_use_options_that_exist(user: User) -> None:
    helps: dict[tuple[str, ...], str] = {}

    def help_of(*command: str) -> str:
        if command not in helps:
            result = user.run([sys.executable, *command, "--help"], cwd=ROOT)
            assert result.returncode == 0, f"{shlex.join(command)} --help: {result.stderr}"
            helps[command] = result.stdout
        return helps[command]

    for found in examples_for(BENCH):
        script = re.search(r"bench/\w+\.py", found.text)
        assert script is not None and (ROOT / script.group(0)).is_file(), found
        words = found.text[script.end():].split()
        # subcommands show in the usage as "{stars,calibrate,stargazer} ..."
        choices = re.search(r"\{([\w,-]+)\} \.\.\.", help_of(script.group(0)))
        command = [script.group(0)]
        if choices is not None:  # a script with subcommands (bench/ai.py stars ...)
            assert words and words[0] in choices.group(1).split(","), found
            command.append(words[0])
        text = help_of(*command)
        for option in re.findall(r"(?<![\w-])--[a-z-]+", found.text):
            assert option in text, f"{found}: {shlex.join(command)} has no {option}"
