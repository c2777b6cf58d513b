"""The project's shape as the product owner asked for it: layout, seeds, set-up commands, walls."""

from __future__ import annotations

import ast
import hashlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SEED_SHA256 = {
    "000_dddf2663a8a23301.txt": "e2b7222261dfbfbaca3fed6e69d859711e814c57b7135d61d5dd502816cb85f3",
    "001_e4f177fb23834537.txt": "1e2e50f89ca0714d79784c64f86d41684884634d0e5076de3967246f7bd38151",
}

PLAY = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/starparty"
TEST = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"


def test_top_level_has_the_required_entries() -> None:
    for name in ("pyproject.toml", "README.md", "game", "assets", "net", "tests", "seeds"):
        assert (ROOT / name).exists(), name


def test_seed_documents_are_kept_unchanged() -> None:
    for name, digest in SEED_SHA256.items():
        assert hashlib.sha256((ROOT / "seeds" / name).read_bytes()).hexdigest() == digest, name
    readme = (ROOT / "seeds" / "README.md").read_text()
    assert "Look at the Stars" in readme and "Stargazer" in readme


def test_readme_gives_the_two_setup_commands_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    assert PLAY in readme
    assert TEST in readme
    assert "Windows" in readme


def test_ci_runs_the_readme_test_command_headless() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    assert TEST in script
    assert "SDL_VIDEODRIVER=dummy" in script and "SDL_AUDIODRIVER=dummy" in script


def test_pyproject_declares_distribution_dependencies_and_script() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = meta["project"]
    assert project["name"] == "starparty"
    assert project["requires-python"] == ">=3.11"
    deps = " ".join(project["dependencies"])
    for needed in ("pygame-ce", "msgpack", "zeroconf"):
        assert needed in deps
    test_extra = " ".join(project["optional-dependencies"]["test"])
    for needed in ("pytest", "hypothesis", "pytest-timeout"):
        assert needed in test_extra
    assert project["scripts"]["starparty"] == "game.__main__:main"


def imported_modules(package: Path) -> set[str]:
    """Every module name imported anywhere under ``package`` (dotted, absolute imports)."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return names


def top_level(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


@pytest.mark.parametrize("package", ["game/rules", "game/ai"])
def test_rules_and_bots_stay_pure(package: str) -> None:
    """The wall of DESIGN.md: no pygame, no sockets, no threads, no clocks in rules or bots."""
    forbidden = {"pygame", "socket", "asyncio", "threading", "time", "net", "zeroconf"}
    assert top_level(imported_modules(ROOT / package)) & forbidden == set()


def test_net_knows_no_game() -> None:
    """net/ hosts any Ruleset through the registry; it never imports a game or pygame."""
    imported = imported_modules(ROOT / "net")
    games = ("game.rules.stars", "game.rules.stargazer")
    assert not any(name.startswith(games) for name in imported)
    assert "pygame" not in top_level(imported)


def test_help_lists_the_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0
    for command in ("play", "demo", "host", "bot", "screenshots"):
        assert command in result.stdout
