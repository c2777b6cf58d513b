"""Autosaves: a table is options + seed + moves + seats, written atomically as msgpack.

Atomic means write a temporary file, fsync it, rename it over the old one, fsync the
directory: a crash at any instant leaves either the previous save or the new one, never half.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgpack

SAVE_FORMAT = "starparty-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".spsave"
#: a save is small (moves are tiny); anything larger is not ours
MAX_SAVE_BYTES = 32 * 1024 * 1024


class SaveError(Exception):
    """A save file that cannot be used (missing, corrupt, another format or version)."""


def default_autosave_dir() -> Path:
    """``<user data dir>/starparty/autosave`` (platformdirs), created on demand."""
    import platformdirs

    return Path(platformdirs.user_data_dir("starparty")) / "autosave"


def write_save(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename, fsync dir)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = msgpack.packb(data, use_bin_type=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    try:
        directory = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def read_save(path: Path) -> dict[str, Any]:
    """Load and check a save; ``SaveError`` says what is wrong with it."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read save {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is too large to be a Star Party save")
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=True)
    except Exception as exc:  # msgpack raises several unrelated types
        raise SaveError(f"{path} is not a Star Party save (corrupt: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path} is not a Star Party save")
    if data.get("save_version") != SAVE_VERSION:
        raise SaveError(
            f"{path} has save version {data.get('save_version')!r}; this build reads {SAVE_VERSION}"
        )
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("moves", list),
                      ("seats", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path} is damaged: field {key!r} is missing or has the wrong type")
    return data


def newest_save(directory: Path) -> Path | None:
    """The most recently written save in ``directory`` (None if there is none)."""
    directory = Path(directory)
    if not directory.is_dir():
        return None
    saves = [p for p in directory.glob(f"*{SAVE_SUFFIX}") if p.is_file()]
    return max(saves, key=lambda p: p.stat().st_mtime_ns, default=None)
