"""Build Star Party as ONE executable for the machine it runs on: ``dist/starparty``
(``dist/starparty.exe`` on Windows; on macOS the app ``dist/starparty.app``, zipped into
``dist/starparty-macos.zip`` to hand round), holding Python, pygame-ce, zeroconf, msgpack,
platformdirs, the game, its fonts, catalogs, rules texts and sounds. A guest without Python
runs that file.

    python tools/build_app.py [--dist DIR] [--work DIR]

PyInstaller does the freezing (``--onefile``). It is not a dependency of the game: when the
running Python cannot import it (or the game's own dependencies), this script makes its own
build environment, ``build/app-venv``, installs ``.[build]`` there (PyInstaller, pinned to a
major version) and runs itself again with that Python. In a checkout set up with
``pip install -e '.[test]'`` (CI) or ``-e '.[build]'`` everything is already there.

Reproducible: every option is fixed below, the data files are listed from ``pyproject.toml``'s
package data (the same list the wheel ships) plus ``assets/sounds``, and PyInstaller runs with
``PYTHONHASHSEED=0`` (Python's hash order otherwise changes the archive's layout from run to
run) and ``SOURCE_DATE_EPOCH`` set to the last commit's time. Two builds of the same checkout
with the same build environment give the same bytes, whatever ``--dist`` and ``--work``
(checked on Linux; see docs/BENCHMARKS.md). What PyInstaller leaves open: the bytes depend on
the build environment's package versions and on the system libraries it collects (libstdc++,
libcrypto... differ between Linux distributions), and on Windows and macOS on that OS's
bootloader and signing, not checked here.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "starparty"
#: macOS: the app bundle's identifier (the Finder, Gatekeeper and the firewall know it by it)
BUNDLE_ID = "party.star.starparty"
#: the entry script: ``python -m game`` is the ``starparty`` command
ENTRY = ROOT / "game" / "__main__.py"
#: run-time files outside the packages (``game.client.make_sounds.DEFAULT_DIR``: the sounds are
#: looked for at ``<bundle>/assets/sounds``, and only made again if absent)
EXTRA_DATA = {"assets/sounds": "*.wav"}
#: what the build needs besides the game's own dependencies
NEEDED_MODULES = ("PyInstaller", "pygame", "zeroconf", "msgpack", "platformdirs", "budoux",
                  "numpy")
#: never wanted in the program (PyInstaller finds them through optional imports)
EXCLUDES = ("tkinter", "unittest", "pydoc", "doctest", "pytest", "hypothesis", "setuptools", "pip")


def package_data_files(root: Path = ROOT) -> list[tuple[Path, str]]:
    """(file, folder in the bundle) for every package-data file ``pyproject.toml`` ships in
    the wheel: one list for both, so the program and the wheel cannot drift apart."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    package_data: dict[str, list[str]] = config["tool"]["setuptools"]["package-data"]
    packages = sorted({path.parent.relative_to(root).as_posix().replace("/", ".")
                       for top in ("game", "net") for path in (root / top).rglob("__init__.py")})
    found: set[tuple[Path, str]] = set()
    for package in packages:
        folder = root / package.replace(".", "/")
        for pattern in package_data.get("*", []) + package_data.get(package, []):
            for path in folder.glob(pattern):
                if path.is_file():
                    found.add((path, path.parent.relative_to(root).as_posix()))
    for folder, pattern in EXTRA_DATA.items():
        for path in (root / folder).glob(pattern):
            found.add((path, folder))
    return sorted(found)


def pyinstaller_arguments(dist: Path, work: Path, platform: str = sys.platform) -> list[str]:
    """The fixed PyInstaller command line (after ``python -m PyInstaller``) on ``platform``.

    macOS gets an app bundle, ``dist/starparty.app`` (``--windowed``, one folder: PyInstaller
    is dropping one-file bundles there): double-clicked in the Finder it opens the window and
    no Terminal, which a plain executable always brings up beside it."""
    mac = platform == "darwin"
    arguments = [
        "--onedir" if mac else "--onefile", "--name", NAME, "--noconfirm", "--clean", "--noupx",
        "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work / "work"), "--specpath", str(work),
        "--paths", str(ROOT),
        # the subcommands, rules, bots and client kits are imported by name (importlib)
        "--collect-submodules", "game", "--collect-submodules", "net",
        # Japanese line breaking reads BudouX's model, a JSON file beside its code
        "--collect-data", "budoux",
        # the release number (net.wire) and the games' entry points (game.registry) are read
        # from the distribution's metadata, written afresh from pyproject.toml
        "--add-data", f"{metadata_dir(work)}{os.pathsep}{metadata_dir(work).name}",
    ]
    for module in EXCLUDES:
        arguments += ["--exclude-module", module]
    if mac:
        arguments += ["--windowed", "--osx-bundle-identifier", BUNDLE_ID]
    # not stripped (``--strip``): it saved a third of the file, but numpy's bundled OpenBLAS
    # (patched by auditwheel) no longer loads once stripped, and PyInstaller strips every
    # library or none (its issue 9463); the file is 46 MiB, the start still about a second
    if platform == "win32":
        # a double-click shows no console window; from cmd/PowerShell the output still shows
        arguments += ["--hide-console", "hide-early"]
    for path, folder in package_data_files():
        arguments += ["--add-data", f"{path}{os.pathsep}{folder}"]
    return [*arguments, str(ENTRY)]


def missing_modules() -> list[str]:
    return [name for name in NEEDED_MODULES if importlib.util.find_spec(name) is None]


def installed_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(NAME)
    except PackageNotFoundError:
        return None


def source_version() -> str:
    namespace: dict[str, str] = {}
    exec((ROOT / "game" / "__init__.py").read_text(encoding="utf-8"), namespace)  # noqa: S102
    return namespace["__version__"]


def build_venv_python(folder: Path) -> Path:
    """A venv of its own with ``.[build]`` installed (made once, brought up to date by pip)."""
    python = folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        print(f"build_app: making the build environment {folder}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[build]"],
                   check=True)
    return python


def last_commit_time() -> str | None:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                              capture_output=True, text=True, check=True).stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def program_name(platform: str = sys.platform) -> str:
    """What the build writes in ``dist/``: the program, or macOS's app bundle."""
    return {"win32": f"{NAME}.exe", "darwin": f"{NAME}.app"}.get(platform, NAME)


def metadata_dir(work: Path) -> Path:
    """Where ``write_metadata`` puts the program's ``starparty-<version>.dist-info``."""
    return work / "metadata" / f"{NAME}-{source_version()}.dist-info"


def write_metadata(work: Path, root: Path = ROOT) -> Path:
    """The distribution metadata the program carries, made from ``pyproject.toml`` itself:
    PyInstaller's ``--copy-metadata`` takes whatever an import finds first, which can be a stale
    ``starparty.egg-info`` of an older install in the checkout (a program then knows no game)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = {"console_scripts": project.get("scripts", {}), **project.get("entry-points", {})}
    folder = metadata_dir(work)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {source_version()}\n", encoding="utf-8")
    (folder / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items())
        + "\n" for group, points in groups.items() if points), encoding="utf-8")
    return folder


def refresh_egg_info(root: Path = ROOT) -> None:
    """An editable install leaves ``starparty.egg-info`` in the checkout, and PyInstaller
    collects it beside ``write_metadata``'s (it is first on the path): make it current, so that
    an older install's entry points cannot hide the games from the program."""
    if (root / f"{NAME}.egg-info").is_dir():
        subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q",
                        "egg_info"], cwd=root, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the program is written (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (default: build/pyinstaller)")
    parser.add_argument("--venv", type=Path, default=ROOT / "build" / "app-venv",
                        help="the build environment made when this Python lacks PyInstaller")
    args = parser.parse_args(argv)
    missing = missing_modules()
    if missing or installed_version() != source_version():
        if os.environ.get("STARPARTY_BUILD_VENV") == str(args.venv):
            print(f"build_app: the build environment lacks {missing or NAME}", file=sys.stderr)
            return 1
        python = build_venv_python(args.venv)
        env = {**os.environ, "STARPARTY_BUILD_VENV": str(args.venv)}
        forwarded = ["--dist", str(args.dist), "--work", str(args.work), "--venv", str(args.venv)]
        return subprocess.run([str(python), str(Path(__file__).resolve()), *forwarded],
                              env=env).returncode
    # PyInstaller's cache (its bincache index) inside this build's work folder, not the
    # account's ~/.cache/pyinstaller: another build on the machine cleans and rewrites that one,
    # and a build reading its index half written failed once in CI ("SyntaxError" in index.dat)
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYINSTALLER_CONFIG_DIR": str(args.work.resolve() / "pyinstaller-cache")}
    env.pop("PYTHONPATH", None)
    if epoch := last_commit_time():
        env.setdefault("SOURCE_DATE_EPOCH", epoch)
    started = time.perf_counter()
    write_metadata(args.work.resolve())
    refresh_egg_info()
    subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_arguments(
        args.dist.resolve(), args.work.resolve())], cwd=ROOT, env=env, check=True)
    program = args.dist.resolve() / program_name()
    if sys.platform == "darwin":  # one file to hand round: the bundle zipped as the Finder does
        archive = program.with_name(f"{NAME}-macos.zip")
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(program), str(archive)],
                       check=True)
        program = archive
    print(f"build_app: {program} ({program.stat().st_size / 2**20:.1f} MiB, "
          f"{time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
