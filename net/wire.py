"""The wire: msgpack maps with a string type tag ``"t"``, length-prefixed, with hard limits.

Every frame is a 4-byte big-endian payload length followed by one msgpack map. The length
is checked against a cap *before* anything is read, msgpack decoding is bounded (string,
array, map lengths, nesting depth), and each client message is checked against the schema
below before the server looks at it. ``docs/PROTOCOL.md`` is the human version of this file.
"""

from __future__ import annotations

import asyncio
import importlib.metadata
import struct
from itertools import chain, compress
from typing import Any

import msgpack


def _app_version() -> str:
    """The installed Star Party release (``net`` is part of it, but imports no game code)."""
    try:
        return importlib.metadata.version("starparty")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "0.0.0"


APP_VERSION = _app_version()
PROTOCOL_VERSION = 1
HEADER = struct.Struct(">I")
#: client -> server frames (the server drops a connection that announces more)
MAX_CLIENT_FRAME = 64 * 1024
#: server -> client frames (snapshots carry a whole view)
MAX_SERVER_FRAME = 1024 * 1024
MAX_DEPTH = 32
_is_container = frozenset((dict, list)).__contains__
MAX_STR = 16 * 1024
MAX_ARRAY = 4096
MAX_MAP = 512

Message = dict[str, Any]

#: Client -> server messages: type -> {field: (required, allowed types)}. Unknown fields are
#: ignored (forward compatibility); a missing required field or a wrong type is ``bad_message``.
INT = (int,)
STR = (str,)
OPT_STR = (str, type(None))
#: any value: the table judges it (a move that is not a map is refused ``malformed_move``)
ANY = (object,)
CLIENT_MESSAGES: dict[str, dict[str, tuple[bool, tuple[type, ...]]]] = {
    "hello": {
        "protocol": (True, INT),
        "app": (True, STR),
        "name": (False, STR),
        "role": (False, STR),
        "token": (False, OPT_STR),
        "password": (False, OPT_STR),
    },
    "move": {"version": (True, INT), "move": (True, ANY), "seat": (False, INT)},
    "sync": {},
    "legal": {},
    "ping": {"n": (False, INT)},
    "pong": {"n": (False, INT)},
    "leave": {},
}
ROLES = ("player", "spectator")

#: Server -> client message types (for the client's own sanity check and the docs).
SERVER_MESSAGES = (
    "welcome", "snapshot", "events", "refused", "table", "game_over", "legal", "error", "ping",
    "pong", "bye",
)

#: Error codes after which the server closes the connection (the client must not retry
#: blindly: a human has to change something).
FATAL_ERRORS = {
    "bad_frame": "the data is not a valid frame",
    "frame_too_large": "a frame exceeded the size limit",
    "hello_required": "the first message must be hello",
    "version_mismatch": "client and server versions are incompatible",
    "bad_password": "wrong table password",
    "locked_out": "too many wrong passwords from this address; wait before trying again",
    "table_full": "every seat at this table is taken",
    "already_started": "the game has started; only its players may reconnect",
    "bad_token": "that token does not hold a seat at this table",
    "server_full": "the server has too many connections",
    "rate_limited": "too many messages; slow down",
    "timeout": "nothing heard from the client in time",
    "too_many_errors": "too many malformed messages",
    "slow_consumer": "the client does not read its messages",
    "replaced": "the seat was reclaimed by another connection with its token",
    "shutting_down": "the host is stopping",
}
#: Errors that leave the connection open.
SOFT_ERRORS = {
    "bad_message": "the message does not match the schema",
    "unknown_type": "unknown message type",
    "already_joined": "hello was already received on this connection",
}
#: ``error`` codes a client should not answer by reconnecting.
NO_RETRY = {"version_mismatch", "bad_password", "locked_out", "table_full", "already_started",
            "bad_token", "replaced", "server_full"}


class WireError(Exception):
    """A message or frame that breaks the protocol. ``fatal``: close the connection."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = code in FATAL_ERRORS


def error_message(code: str, message: str = "") -> Message:
    text = message or FATAL_ERRORS.get(code) or SOFT_ERRORS.get(code) or code
    return {"t": "error", "code": code, "message": text}


# ---------------------------------------------------------------------------- framing
def encode(message: Message, max_frame: int = MAX_SERVER_FRAME) -> bytes:
    """One frame: length header + msgpack payload. ``ValueError`` if over ``max_frame``."""
    payload = msgpack.packb(message, use_bin_type=True)
    if len(payload) > max_frame:
        kind = message.get("t")
        raise ValueError(f"a {kind!r} frame of {len(payload)} bytes exceeds {max_frame}")
    return HEADER.pack(len(payload)) + payload


def _depth_ok(value: Any) -> bool:
    """No value sits deeper than ``MAX_DEPTH`` (the top value is at depth 1).

    Walks one nesting level at a time with C-level iterators that keep only containers: every
    client checks every view it decodes, so a per-value Python walk would cost more than the
    decode itself (figures in docs/BENCHMARKS.md)."""
    level = [value] if _is_container(type(value)) else []
    for depth in range(1, MAX_DEPTH + 1):
        if not level:
            return True
        if depth == MAX_DEPTH:
            return not any(map(len, level))  # their items would be deeper than allowed
        items = list(chain.from_iterable([v.values() if type(v) is dict else v for v in level]))
        level = list(compress(items, map(_is_container, map(type, items))))
    return True


def decode(payload: bytes) -> Message:
    """Decode one payload into a map with a string ``"t"``; ``WireError`` otherwise."""
    try:
        value = msgpack.unpackb(
            payload, raw=False, strict_map_key=True, use_list=True,
            max_str_len=MAX_STR, max_bin_len=MAX_STR, max_array_len=MAX_ARRAY,
            max_map_len=MAX_MAP, max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises ValueError, TypeError, StackError, ...
        raise WireError("bad_frame", f"undecodable msgpack ({type(exc).__name__})") from None
    if not _depth_ok(value):
        raise WireError("bad_message", f"nesting deeper than {MAX_DEPTH}")
    if not isinstance(value, dict) or not isinstance(value.get("t"), str):
        raise WireError("bad_message", "a message is a map with a string 't'")
    return value


def check_client_message(message: Message) -> Message:
    """Check a decoded client message against ``CLIENT_MESSAGES``; returns it."""
    kind = message["t"]
    schema = CLIENT_MESSAGES.get(kind)
    if schema is None:
        raise WireError("unknown_type", f"unknown message type {kind[:40]!r}")
    for field, (required, types) in schema.items():
        if field not in message:
            if required:
                raise WireError("bad_message", f"{kind}: missing field {field!r}")
            continue
        value = message[field]
        if types is ANY:
            continue
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = "/".join("nil" if t is type(None) else t.__name__ for t in types)
            raise WireError("bad_message", f"{kind}: field {field!r} must be {names}")
    if kind == "hello" and message.get("role", "player") not in ROLES:
        raise WireError("bad_message", f"hello: role must be one of {ROLES}")
    return message


def versions_compatible(protocol: int, app: str) -> bool:
    """The version rule: the protocol number alone decides (``app`` is information: two
    releases that speak the same protocol play together)."""
    return protocol == PROTOCOL_VERSION


def mismatch_text(protocol: Any, app: Any) -> str:
    """The ``version_mismatch`` message both sides show: the client's words in it printable
    only (it repeated NUL, BEL and a right-to-left override as sent: an outside hostile
    client)."""
    app_text = printable(app, 40)
    protocol = printable(protocol, 12)
    return (f"version mismatch: the host speaks protocol {PROTOCOL_VERSION} (Star Party "
            f"{APP_VERSION}), this client protocol {protocol} (Star Party {app_text}); "
            "install the same version on both computers")


def printable(value: Any, limit: int) -> str:
    """``value`` as text to show: printable characters only, at most ``limit`` of them."""
    return "".join(ch for ch in str(value) if ch.isprintable())[:limit]


# ---------------------------------------------------------------------------- streams
async def read_frame(reader: asyncio.StreamReader, max_frame: int) -> bytes:
    """The next payload; ``WireError('frame_too_large')`` before reading an oversized one.

    Raises ``asyncio.IncompleteReadError`` at end of stream (a truncated frame included).
    """
    header = await reader.readexactly(HEADER.size)
    (length,) = HEADER.unpack(header)
    if length > max_frame:
        raise WireError("frame_too_large", f"frame of {length} bytes exceeds {max_frame}")
    return await reader.readexactly(length)


class FrameBuffer:
    """Incremental framing for code that reads raw bytes (tests, other tools)."""

    def __init__(self, max_frame: int = MAX_SERVER_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[Message]:
        self._buffer += data
        messages: list[Message] = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self.max_frame:
                raise WireError("frame_too_large", f"frame of {length} bytes")
            if len(self._buffer) < HEADER.size + length:
                break
            payload = bytes(self._buffer[HEADER.size:HEADER.size + length])
            del self._buffer[:HEADER.size + length]
            messages.append(decode(payload))
        return messages
