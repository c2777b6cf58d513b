"""The wire format on its own: framing, limits, schema, version rule (docs/PROTOCOL.md)."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.wire import (
    APP_VERSION,
    CLIENT_MESSAGES,
    MAX_ARRAY,
    MAX_CLIENT_FRAME,
    MAX_DEPTH,
    PROTOCOL_VERSION,
    FrameBuffer,
    WireError,
    check_client_message,
    decode,
    encode,
    versions_compatible,
)

values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=6),
    max_leaves=30,
)
messages = st.dictionaries(st.text(max_size=8), values, max_size=6).map(
    lambda d: {**d, "t": "x"})


@settings(max_examples=200, deadline=None)
@given(message=messages, cuts=st.lists(st.integers(1, 40), max_size=10))
def test_frames_round_trip_however_the_stream_is_cut(message: dict, cuts: list[int]) -> None:
    stream = encode(message) * 2
    buffer, received, position = FrameBuffer(), [], 0
    for cut in [*cuts, len(stream)]:
        received += buffer.feed(stream[position:position + cut])
        position += cut
    assert received == [message, message]


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200))
def test_decoding_random_bytes_raises_only_wire_errors(data: bytes) -> None:
    try:
        decode(data)
    except WireError as exc:
        assert exc.code in ("bad_frame", "bad_message")


def test_the_length_is_checked_before_anything_is_read() -> None:
    buffer = FrameBuffer(max_frame=MAX_CLIENT_FRAME)
    with pytest.raises(WireError) as exc:
        buffer.feed(struct.pack(">I", MAX_CLIENT_FRAME + 1))
    assert exc.value.code == "frame_too_large" and exc.value.fatal
    with pytest.raises(ValueError):
        encode({"t": "x", "blob": "a" * MAX_CLIENT_FRAME}, max_frame=MAX_CLIENT_FRAME)


def test_container_and_depth_limits() -> None:
    with pytest.raises(WireError) as too_long:
        decode(msgpack.packb({"t": "x", "a": list(range(MAX_ARRAY + 1))}))
    assert too_long.value.code == "bad_frame"
    nested: object = 1
    for _ in range(MAX_DEPTH):
        nested = [nested]
    with pytest.raises(WireError) as too_deep:
        decode(msgpack.packb({"t": "x", "a": nested}))
    assert too_deep.value.code == "bad_message"
    shallow: object = 1
    for _ in range(MAX_DEPTH - 2):
        shallow = [shallow]
    assert decode(msgpack.packb({"t": "x", "a": shallow}))["a"] == shallow
    with pytest.raises(WireError):
        decode(msgpack.packb({1: "int keys are refused"}))
    with pytest.raises(WireError):
        decode(msgpack.packb(msgpack.ExtType(1, b"x")))


def test_schema_requires_fields_with_their_types() -> None:
    hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION}
    assert check_client_message(dict(hello, extra="ignored")) is not None
    for broken, code in [
        ({"t": "hello", "app": APP_VERSION}, "bad_message"),
        (dict(hello, protocol="1"), "bad_message"),
        (dict(hello, protocol=True), "bad_message"),
        (dict(hello, role="referee"), "bad_message"),
        (dict(hello, token=5), "bad_message"),
        ({"t": "move", "version": 0, "move": {}, "seat": "0"}, "bad_message"),
        ({"t": "warp"}, "unknown_type"),
    ]:
        with pytest.raises(WireError) as exc:
            check_client_message(broken)
        assert exc.value.code == code and not exc.value.fatal
    # a move that is not a map passes the schema: the table refuses it (malformed_move)
    assert check_client_message({"t": "move", "version": 0, "move": "x"})["move"] == "x"
    assert set(CLIENT_MESSAGES) == {"hello", "move", "sync", "legal", "ping", "pong", "leave"}


def test_the_protocol_version_alone_decides_compatibility() -> None:
    major, minor, *_ = APP_VERSION.split(".")
    assert versions_compatible(PROTOCOL_VERSION, APP_VERSION)
    assert versions_compatible(PROTOCOL_VERSION, f"{major}.{minor}.99")
    # another release speaking the same protocol plays: the app version is information
    assert versions_compatible(PROTOCOL_VERSION, f"{major}.{int(minor) + 1}.0")
    assert versions_compatible(PROTOCOL_VERSION, f"{int(major) + 1}.{minor}.0")
    assert versions_compatible(PROTOCOL_VERSION, "a foreign client 0.1")
    assert not versions_compatible(PROTOCOL_VERSION + 1, APP_VERSION)
    assert not versions_compatible(PROTOCOL_VERSION - 1, APP_VERSION)


def test_protocol_doc_example_frame_is_exact() -> None:
    frame = encode({"t": "ping", "n": 1})
    assert frame.hex(" ") == "00 00 00 0b 82 a1 74 a4 70 69 6e 67 a1 6e 01"


def test_protocol_doc_names_every_message_field_and_code() -> None:
    from pathlib import Path

    from net.wire import FATAL_ERRORS, SERVER_MESSAGES, SOFT_ERRORS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()
    for kind, fields in CLIENT_MESSAGES.items():
        assert f"`{kind}`" in doc, kind
        for field in fields:
            assert f"`{field}`" in doc, (kind, field)
    for kind in SERVER_MESSAGES:
        assert f"`{kind}`" in doc, kind
    for code in (*FATAL_ERRORS, *SOFT_ERRORS, "stale_version", "not_your_turn", "spectator",
                 "wrong_seat", "not_started", "malformed_move", "unknown_move_type"):
        assert f"`{code}`" in doc, code
    assert "65 536 bytes" in doc and MAX_CLIENT_FRAME == 65536


def _depth(value: object) -> int:
    """Reference: the nesting depth of a decoded value (a scalar or empty container is 1)."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 1


_shapes = st.recursive(
    st.one_of(st.integers(-(2**31), 2**31), st.text(max_size=2), st.just([]), st.just({})),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=2), inner, max_size=3)),
    max_leaves=60,
)


@given(shape=_shapes, wrap=st.integers(min_value=0, max_value=MAX_DEPTH + 2))
@settings(max_examples=300, deadline=None)
def test_the_depth_limit_is_exactly_max_depth_for_any_shape(shape: object, wrap: int) -> None:
    for _ in range(wrap):
        shape = [shape]
    payload = msgpack.packb({"t": "x", "a": shape})
    if _depth({"t": "x", "a": shape}) <= MAX_DEPTH:
        assert decode(payload)["a"] == shape
    else:
        with pytest.raises(WireError) as too_deep:
            decode(payload)
        assert too_deep.value.code == "bad_message"
