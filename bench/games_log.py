"""A bench's games log: every finished game appended as a JSON line, taken back with ``--resume``.

A long run (hours of the hard bot) can then be split over several sittings or machines and
summed up at the end. Each line holds the game's job (which seeds it), the content variant it
was played under ("" for what ships) and its result; a job is taken back only for the same
variant. A log named ``*.gz`` is gzip (each sitting appends a member), small enough to keep in
the repository. A log whose end was cut by a stopped sitting is written back with what stands
before anything is appended, so the games appended after it can be read.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

#: ``Pool.imap`` or ``map``: results in the order of the jobs
Mapper = Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]


def _open(log: Path, mode: str) -> TextIO:
    return gzip.open(log, mode) if log.suffix == ".gz" else log.open(mode)  # type: ignore[return-value]


def _readable_part(stream: Iterable[str]) -> tuple[list[str], bool]:
    """The lines that can be read, and whether something could not (a gzip member cut short)."""
    lines: list[str] = []
    try:
        for line in stream:
            lines.append(line)
    except (EOFError, OSError, zlib.error):
        return lines, True
    return lines, False


def logged_results(log: Path, variant: str = "") -> dict[str, Any]:
    """The results already in ``log`` for ``variant``, by job (``json.dumps(job)``); a damaged
    end (a line or gzip member cut short) is dropped from the file."""
    if not log.exists():
        return {}
    with _open(log, "rt") as stream:
        lines, damaged = _readable_part(stream)
    done: dict[str, Any] = {}
    kept: list[str] = []
    for line in lines:
        try:
            entry = json.loads(line)
            job, result = json.dumps(entry["job"]), entry["result"]
        except (ValueError, KeyError, TypeError):
            damaged = True  # a line cut short when a sitting was stopped
            continue
        kept.append(line if line.endswith("\n") else line + "\n")
        if entry.get("variant", "") == variant:
            done[job] = result
    if damaged:
        with _open(log, "wt") as out:
            out.write("".join(kept))
    return done


def logged_map(play: Callable[[Any], Any], jobs: list[Any], mapper: Mapper, log: Path | None,
               resume: bool, variant: str = "") -> list[Any]:
    """``play`` over ``jobs`` with ``mapper``, results in the order of the jobs. With ``log``,
    each finished game is appended to it; with ``resume``, a job of ``variant`` already there
    is taken from it instead of played again."""
    done = logged_results(log, variant) if resume and log is not None else {}
    todo = [job for job in jobs if json.dumps(job) not in done]
    for job, result in zip(todo, mapper(play, todo) if todo else iter(()), strict=True):
        done[json.dumps(job)] = result
        if log is not None:
            with _open(log, "at") as out:
                out.write(json.dumps({"job": job, "variant": variant, "result": result}) + "\n")
    return [done[json.dumps(job)] for job in jobs]
