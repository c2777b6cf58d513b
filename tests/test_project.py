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


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in the file: at the top, inside
    functions (lazy imports) and under ``TYPE_CHECKING`` alike."""
    paths = [path for package in packages for path in (ROOT / package).rglob("*.py")]
    modules = {module_name(path): path for path in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    targets.add(child if child in modules else node.module)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


GRAPH = import_graph("game", "net")


def imports_of(prefix: str) -> set[tuple[str, str]]:
    """(module, imported) pairs for every module at or under ``prefix``."""
    return {(m, t) for m, targets in GRAPH.items() for t in targets
            if m == prefix or m.startswith(prefix + ".")}


def test_net_imports_only_the_ruleset_contract_of_game() -> None:
    """net/ is a library: it is handed rulesets and bots, and knows game only by the contract."""
    leaks = {(m, t) for m, t in imports_of("net") if t.startswith("game")}
    assert leaks <= {(m, "game.rules.base") for m, _ in leaks}, sorted(leaks)
    assert "pygame" not in top_level(imported_modules(ROOT / "net"))


def test_no_client_module_imports_the_app() -> None:
    """Scenes see the narrow ``Stage``; only the commands build and run ``App``."""
    importers = {m for m, t in imports_of("game.client") if t == "game.client.app"}
    assert importers == set(), sorted(importers)


def game_client_packages() -> list[str]:
    from game.client.kits import CLIENT_KITS

    return sorted({target.partition(":")[0] for target in CLIENT_KITS.values()})


def test_game_client_packages_never_import_each_other_and_generic_code_none_of_them() -> None:
    packages = game_client_packages()
    assert "game.client.stars" in packages
    for package in packages:
        for module, target in imports_of("game.client"):
            inside = module == package or module.startswith(package + ".")
            if target == package or target.startswith(package + "."):
                assert inside, f"{module} imports {target}: find a game's kit through the " \
                               "registry (game.client.kits.get_kit)"


#: layers from the bottom; a module may import only its own layer or lower ones
LAYERS = [
    ("game.rules.base", "game"),
    ("game.rules",),
    ("game.ai",),
    ("net",),
    ("game.tables", "game.demo"),
    # the client's tiers: session, widgets, kits, the Scene and Stage contract...
    ("game.client", "game.client.scenes.base"),
    # generic scenes, the base of every game's table (scenes/table.py), Continue
    ("game.client.scenes", "game.client.resume"),
    # one package per game (its kit's), above the generic scenes it builds on
    tuple(game_client_packages()),
    ("game.client.app",),
    ("game.commands", "game.__main__"),
]


def layer_of(module: str) -> int:
    best, best_len = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    assert best >= 0, f"{module} is in no layer of this test: place it"
    return best


def test_the_architecture_page_names_every_layer() -> None:
    page = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    for prefixes in LAYERS:
        for prefix in prefixes:
            path = prefix.replace(".", "/")
            assert path in page, f"docs/ARCHITECTURE.md does not place {path}"


def test_imports_never_run_up_a_layer() -> None:
    upward = sorted((m, t) for m, targets in GRAPH.items() for t in targets
                    if layer_of(t) > layer_of(m))
    assert upward == [], upward


def test_the_import_graph_has_no_circle() -> None:
    """Every import counts, lazy or for type checking only: a circle is a wall with a door."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            circle = path[path.index(module):] + [module]
            raise AssertionError("import circle: " + " -> ".join(circle))
        if module in done:
            return
        path.append(module)
        for target in sorted(GRAPH[module]):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(GRAPH):
        visit(module)


def test_the_circle_check_sees_lazy_and_type_checking_imports() -> None:
    """The graph above includes imports inside functions and ``TYPE_CHECKING`` blocks."""
    assert "game.client.app" in GRAPH["game.commands.play"]  # imported inside main()
    assert "game.client.scenes.base" in GRAPH["game.client.scenes.menu"]
    assert "game.client.layout" in GRAPH["game.client.scenes.base"]  # TYPE_CHECKING only


def test_help_lists_the_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0
    for command in ("play", "demo", "host", "bot", "screenshots"):
        assert command in result.stdout
