"""zeroconf on 127.0.0.1 only (never another interface): register, discover, update, remove;
malformed advertisements from other hosts are ignored."""

from __future__ import annotations

import os
import queue
import socket
import sys
import threading
import time

import pytest
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from net.discovery import (
    RESOLVE_THREAD_NAME,
    SERVICE_TYPE,
    Advertiser,
    Browser,
    TableAd,
    make_txt,
    parse_ad,
)
from net.wire import PROTOCOL_VERSION

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")

LOOPBACK = ["127.0.0.1"]


def next_event(browser: Browser, kind: str, instance: str | None = None,
               timeout: float = 20.0, name: str | None = None) -> TableAd:
    """The next ``kind`` event for our table (other tables on this machine's loopback, from
    other programs, are skipped). The timeout bounds a hang; it is not a speed check
    (bench/net.py measures discovery, about 1.4 s)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            got, ad = browser.events.get(timeout=0.1)
        except queue.Empty:
            continue
        if (got == kind and (instance is None or ad.instance == instance)
                and (name is None or ad.name == name)):
            return ad
    raise AssertionError(f"no {kind!r} event for {instance!r} within {timeout}s")


@pytest.mark.timeout(60)
def test_register_discover_update_remove_on_loopback() -> None:
    browser = Browser(interfaces=LOOPBACK)
    # a name of this run only: other tests (here and in parallel runs) advertise tables too
    name = f"Discovery check {os.getpid()}"
    advertiser = Advertiser(47123, name=name, game="stars", seats_taken=1,
                            seats_total=4, interfaces=LOOPBACK, addresses=LOOPBACK)
    try:
        advertiser.start()
        ad = next_event(browser, "added", advertiser.instance)
        assert (ad.name, ad.game, ad.seats_taken, ad.seats_total, ad.status) == (
            name, "stars", 1, 4, "lobby")
        assert ad.address == "127.0.0.1:47123" and ad.protocol == PROTOCOL_VERSION
        assert ad.compatible and ad.instance.endswith(SERVICE_TYPE)
        assert ad in browser.tables()

        advertiser.update(seats_taken=3, status="playing")
        updated = next_event(browser, "updated", advertiser.instance)
        assert (updated.seats_taken, updated.status) == (3, "playing")

        advertiser.close()
        removed = next_event(browser, "removed", ad.instance)
        assert removed.instance == ad.instance and ad not in browser.tables()
    finally:
        advertiser.close()
        browser.close()


@pytest.mark.timeout(60)
def test_two_tables_get_unique_instance_names() -> None:
    browser = Browser(interfaces=LOOPBACK)
    ads = [Advertiser(47200 + i, name="Same name", game="stargazer", seats_taken=0,
                      seats_total=3, interfaces=LOOPBACK, addresses=LOOPBACK) for i in range(2)]
    try:
        for ad in ads:
            ad.start()
        assert ads[0].instance != ads[1].instance
        seen = {next_event(browser, "added", ad.instance).port for ad in ads}
        assert seen == {47200, 47201}
    finally:
        for ad in ads:
            ad.close()
        browser.close()


@pytest.mark.timeout(60)
def test_a_table_whose_first_resolution_timed_out_still_shows(monkeypatch) -> None:  # noqa: ANN001
    """zeroconf reports a table once until it changes: a lost answer (Wi-Fi, a busy host)
    must not hide it for good. Real zeroconf on loopback; the browser's first two tries to
    read the records come back empty, as a timeout does."""
    import net.discovery

    monkeypatch.setattr(net.discovery, "RESOLVE_RETRY_DELAYS", (0.2, 0.2, 0.2))
    name = f"Late answer {os.getpid()}"
    failed: list[str] = []
    real = Zeroconf.get_service_info

    def first_tries_time_out(self, type_, instance, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        # only this test's table (another run's may still be on the loopback)
        if instance.startswith(f"{name} [") and len(failed) < 2:
            failed.append(instance)
            return None
        return real(self, type_, instance, *args, **kwargs)

    monkeypatch.setattr(Zeroconf, "get_service_info", first_tries_time_out)
    browser = Browser(interfaces=LOOPBACK)
    advertiser = Advertiser(47150, name=name, game="stars", seats_taken=0, seats_total=2,
                            interfaces=LOOPBACK, addresses=LOOPBACK)
    try:
        advertiser.start()
        ad = next_event(browser, "added", advertiser.instance)
        assert ad.name == name and failed == [advertiser.instance] * 2
    finally:
        advertiser.close()
        browser.close()


class FakeInfo:
    def __init__(self, port: int) -> None:
        self.port = port
        self.properties = {b"game": b"stars", b"table": b"Fake", b"taken": b"0",
                           b"seats": b"2", b"status": b"lobby",
                           b"proto": str(PROTOCOL_VERSION).encode()}

    def parsed_addresses(self, version: object) -> list[str]:
        return ["127.0.0.1"]


class FakeZeroconf:
    """Answers ``get_service_info`` from a script: None (timed out) or a port."""

    def __init__(self, answers: list[int | None]) -> None:
        self.answers = answers
        self.asked = 0

    def get_service_info(self, type_: str, name: str, timeout: int) -> FakeInfo | None:
        self.asked += 1
        answer = self.answers.pop(0) if self.answers else None
        return None if answer is None else FakeInfo(answer)

    def close(self) -> None:
        pass


@pytest.fixture
def fake_browser(monkeypatch):  # noqa: ANN001, ANN201
    """A Browser on a scripted zeroconf: the test calls its change handler itself."""
    import zeroconf

    import net.discovery

    class NoServiceBrowser:
        def __init__(self, zc, type_, handlers) -> None:  # noqa: ANN001
            self.handlers = handlers

        def cancel(self) -> None:
            pass

    monkeypatch.setattr(net.discovery, "RESOLVE_RETRY_DELAYS", (0.05, 0.05))
    monkeypatch.setattr(zeroconf, "ServiceBrowser", NoServiceBrowser)
    monkeypatch.setattr(net.discovery, "_zeroconf", lambda interfaces: FakeZeroconf([]))
    # resolving threads of earlier tests' real browsers may still be ending: not this one's
    monkeypatch.setattr(sys.modules[__name__], "EARLIER_THREADS", set(threading.enumerate()))
    browser = Browser(interfaces=LOOPBACK)
    yield browser
    browser.close()


#: threads alive when the ``fake_browser`` of the test was made
EARLIER_THREADS: set[threading.Thread] = set()


def retry_threads() -> list[threading.Thread]:
    """The test's browser's resolving threads (first tries and retries) still alive."""
    return [t for t in threading.enumerate()
            if t.name == RESOLVE_THREAD_NAME and t not in EARLIER_THREADS]


def test_retries_stop_after_the_last_delay_and_when_the_table_goes(fake_browser) -> None:  # noqa: ANN001
    from zeroconf import ServiceStateChange

    instance = f"Fake [abc123].{SERVICE_TYPE}"
    never = FakeZeroconf([])
    fake_browser._on_change(never, SERVICE_TYPE, instance, ServiceStateChange.Added)
    deadline = time.monotonic() + 5
    while retry_threads() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert never.asked == 3, "the first try and one per delay, then no more"
    assert fake_browser.tables() == [] and fake_browser.poll() == []

    gone = FakeZeroconf([None, 47001])  # would answer on the first retry...
    fake_browser._on_change(gone, SERVICE_TYPE, instance, ServiceStateChange.Added)
    fake_browser._on_change(gone, SERVICE_TYPE, instance, ServiceStateChange.Removed)
    time.sleep(0.3)
    # (the first try runs on its own thread: it may or may not have begun by the removal)
    assert gone.asked <= 1, "...but the table was withdrawn first: no retry"
    assert fake_browser.tables() == [] and fake_browser.poll() == []


def test_a_retry_already_running_when_the_table_goes_does_not_list_it(fake_browser) -> None:  # noqa: ANN001
    from zeroconf import ServiceStateChange

    instance = f"Fake [aa11bb].{SERVICE_TYPE}"
    fake_browser._on_change(FakeZeroconf([None]), SERVICE_TYPE, instance,
                            ServiceStateChange.Added)
    fake_browser._on_change(FakeZeroconf([]), SERVICE_TYPE, instance,
                            ServiceStateChange.Removed)
    # a retry past its own check when the removal came: its answer arrives afterwards
    fake_browser._resolve(FakeZeroconf([47004]), SERVICE_TYPE, instance, 1)
    assert fake_browser.tables() == [] and fake_browser.poll() == []


def test_closing_the_browser_cancels_its_pending_retries(fake_browser) -> None:  # noqa: ANN001
    from zeroconf import ServiceStateChange

    late = FakeZeroconf([None, 47002])
    fake_browser._on_change(late, SERVICE_TYPE, f"Fake [def456].{SERVICE_TYPE}",
                            ServiceStateChange.Added)
    fake_browser.close()
    time.sleep(0.3)
    assert late.asked <= 1 and fake_browser.tables() == []
    assert not retry_threads()


def test_a_retry_that_succeeds_lists_the_table_once(fake_browser) -> None:  # noqa: ANN001
    from zeroconf import ServiceStateChange

    instance = f"Fake [fed321].{SERVICE_TYPE}"
    late = FakeZeroconf([None, 47003])
    fake_browser._on_change(late, SERVICE_TYPE, instance, ServiceStateChange.Added)
    deadline = time.monotonic() + 5
    while not fake_browser.tables() and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    assert [(kind, ad.port) for kind, ad in fake_browser.poll()] == [("added", 47003)]
    assert late.asked == 2 and not retry_threads()


class SlowZeroconf(FakeZeroconf):
    """Every table's records take until the test releases them (a host that answers late)."""

    def __init__(self) -> None:
        super().__init__([])
        self.release = threading.Event()

    def get_service_info(self, type_: str, name: str, timeout: int) -> FakeInfo | None:
        self.asked += 1
        self.release.wait(10)
        return None


def test_the_change_handler_never_waits_for_a_table_to_resolve(fake_browser) -> None:  # noqa: ANN001
    """zeroconf calls the handler on its browser thread, one change after another, and its
    close waits for every change queued: a handler that waited for records (3 s a table that
    does not answer) would hold the lobby's browser open for as long as all of them."""
    from zeroconf import ServiceStateChange

    slow = SlowZeroconf()
    names = [f"Slow{i} [00000{i}].{SERVICE_TYPE}" for i in range(5)]

    def changes() -> None:
        for name in names:
            fake_browser._on_change(slow, SERVICE_TYPE, name, ServiceStateChange.Added)

    handler = threading.Thread(target=changes)
    handler.start()
    try:
        handler.join(5)
        assert not handler.is_alive(), "the handler waited for a table's records"
        deadline = time.monotonic() + 5
        while slow.asked < len(names) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow.asked == len(names), "each table resolves on its own thread, all at once"
    finally:
        slow.release.set()
    assert fake_browser.tables() == []


@pytest.mark.timeout(60)
def test_malformed_advertisements_from_other_hosts_are_ignored() -> None:
    rogue = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
    browser = Browser(interfaces=LOOPBACK)
    bad_records = [
        {"game": "stars", "table": "x", "taken": "many", "seats": "4", "status": "lobby",
         "proto": "1"},
        {"game": "stars", "table": "x", "taken": "5", "seats": "4", "status": "lobby",
         "proto": "1"},
        {b"game": b"\xff\xfe", b"table": b"x", b"taken": b"1", b"seats": b"4",
         b"status": b"lobby", b"proto": b"1"},
        {"table": "missing game"},
        {"game": "stars", "table": "x", "taken": "1", "seats": "4", "status": "exploded",
         "proto": "1"},
    ]
    infos = [
        ServiceInfo(SERVICE_TYPE, f"rogue{i}.{SERVICE_TYPE}",
                    addresses=[socket.inet_aton("127.0.0.1")], port=4000 + i,
                    properties=props, server=f"rogue{i}.local.")
        for i, props in enumerate(bad_records)
    ]
    good = Advertiser(47300, name="Honest", game="stars", seats_taken=0, seats_total=2,
                      interfaces=LOOPBACK, addresses=LOOPBACK)
    try:
        # register in parallel: each registration waits ~1.6 s for probing and announcing
        threads = [threading.Thread(target=rogue.register_service, args=(info,))
                   for info in infos]
        threads.append(threading.Thread(target=good.start))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        next_event(browser, "added", good.instance)
        time.sleep(0.5)  # give the rogue records every chance to be (wrongly) listed
        listed = browser.tables()
        assert "Honest" in [t.name for t in listed]
        assert not [t for t in listed if 4000 <= t.port < 4000 + len(bad_records)]
    finally:
        good.close()
        rogue.unregister_all_services()
        rogue.close()
        browser.close()


def test_parse_ad_rejects_bad_fields_and_accepts_good_ones() -> None:
    props = {b"game": b"stars", b"table": b"T", b"taken": b"2", b"seats": b"4",
             b"status": b"lobby", b"proto": b"1"}
    ad = parse_ad("i", props, ["10.0.0.1"], 4000)
    assert ad is not None and ad.address == "10.0.0.1:4000"
    assert parse_ad("i", props, [], 4000) is None
    assert parse_ad("i", props, ["10.0.0.1"], 0) is None
    assert parse_ad("i", {**props, b"seats": b"100"}, ["10.0.0.1"], 4000) is None
    assert parse_ad("i", {**props, b"proto": None}, ["10.0.0.1"], 4000) is None
    assert parse_ad("i", {**props, b"table": b"a" * 65}, ["10.0.0.1"], 4000) is None
    other = parse_ad("i", {**props, b"proto": b"7"}, ["10.0.0.1"], 4000)
    assert other is not None and not other.compatible


@pytest.mark.timeout(60)
def test_headless_host_advertises_and_updates_seats_as_players_join(tmp_path) -> None:  # noqa: ANN001
    import subprocess
    import sys
    from pathlib import Path

    from net.client import Client

    root = Path(__file__).resolve().parents[2]
    browser = Browser(interfaces=LOOPBACK)
    table_name = f"Loopback table {os.getpid()}"
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--game", "stargazer",
         "--seats", "3", "--port", "0", "--bind", "127.0.0.1", "--interfaces", "127.0.0.1",
         "--name", table_name, "--autosave-dir", str(tmp_path)],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    client = None
    try:
        ad = next_event(browser, "added", name=table_name)
        assert (ad.name, ad.game, ad.seats_taken, ad.seats_total, ad.status) == (
            table_name, "stargazer", 0, 3, "lobby")
        assert ad.host == "127.0.0.1"
        client = Client(ad.host, ad.port, "Joiner")  # the advertised address really serves
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        # ... the table it advertises: its id is the one the table tells its players
        assert client.wait_for(lambda m: isinstance(m.get("table"), dict), 5)
        assert ad.table_id and client.table["id"] == ad.table_id
        updated = next_event(browser, "updated", ad.instance)
        assert updated.seats_taken == 1
    finally:
        if client is not None:
            client.close()
        host.terminate()
        assert host.wait(20) == 0
        removed = next_event(browser, "removed", name=table_name)
        assert removed.port == ad.port
        browser.close()


class RecordWatcher:
    """An independent mDNS client on loopback: asks for one instance's TXT record every 50 ms
    (multicast, as browsers do) and notes every TXT answer that goes by, in order."""

    def __init__(self) -> None:
        from zeroconf import DNSIncoming

        self.instance: str | None = None
        self.seen: list[tuple[float, dict[bytes, bytes]]] = []
        self._stop = threading.Event()
        self._incoming = DNSIncoming
        self.listen = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        self.listen.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listen.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self.listen.bind(("224.0.0.251", 5353))  # the mDNS group only, joined on loopback
        self.listen.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                               socket.inet_aton("224.0.0.251") + socket.inet_aton("127.0.0.1"))
        self.listen.settimeout(0.2)
        self.ask = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        self.ask.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF,
                            socket.inet_aton("127.0.0.1"))
        self.ask.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
        self.threads = [threading.Thread(target=self._listen, daemon=True),
                        threading.Thread(target=self._ask, daemon=True)]
        for thread in self.threads:
            thread.start()

    def _listen(self) -> None:
        from zeroconf.const import _TYPE_TXT

        while not self._stop.is_set():
            try:
                data, _ = self.listen.recvfrom(9000)
            except OSError:
                continue
            message = self._incoming(data)
            if not message.is_response() or self.instance is None:
                continue
            for record in message.answers():
                if (record.type == _TYPE_TXT and record.ttl > 0
                        and record.name.lower() == self.instance.lower()):
                    pairs = [item.partition(b"=") for item in _txt_items(record.text)]
                    self.seen.append((time.monotonic(), {k: v for k, _, v in pairs}))

    def _ask(self) -> None:
        from zeroconf import DNSOutgoing, DNSQuestion
        from zeroconf.const import _CLASS_IN, _FLAGS_QR_QUERY, _TYPE_TXT

        while not self._stop.wait(0.05):
            if self.instance is None:
                continue
            query = DNSOutgoing(_FLAGS_QR_QUERY)
            query.add_question(DNSQuestion(self.instance, _TYPE_TXT, _CLASS_IN))
            for packet in query.packets():
                self.ask.sendto(packet, ("224.0.0.251", 5353))

    def close(self) -> None:
        self._stop.set()
        for thread in self.threads:
            thread.join(2)
        self.listen.close()
        self.ask.close()


def _txt_items(text: bytes) -> list[bytes]:
    items, index = [], 0
    while index < len(text):
        length = text[index]
        items.append(text[index + 1:index + 1 + length])
        index += 1 + length
    return items


@pytest.mark.timeout(60)
def test_a_watched_record_never_goes_back_to_an_older_txt() -> None:
    """Over several updates, no answer carries an older TXT once a newer one went out
    (before: each change was followed 0.4-0.5 s later by the previous record, answered to
    queries zeroconf had held back; browsers showed stale seats for up to 1.9 s)."""
    watcher = RecordWatcher()
    # (named to sort after the tables other tests look for in a lobby's first six)
    advertiser = Advertiser(47311, name="Zz flicker check", game="stars", seats_taken=0,
                            seats_total=9, interfaces=LOOPBACK, addresses=LOOPBACK,
                            password=True)
    try:
        advertiser.start()
        watcher.instance = advertiser.instance
        for taken in range(1, 7):
            time.sleep(0.35)
            advertiser.update(seats_taken=taken)
        time.sleep(1.5)
    finally:
        advertiser.close()
        watcher.close()
    values = [int(txt[b"taken"]) for _, txt in watcher.seen]
    assert values and max(values) == 6, values
    assert values == sorted(values), f"an older TXT came back: {values}"
    assert {txt[b"password"] for _, txt in watcher.seen} == {b"yes"}


def test_txt_carries_the_app_version_and_the_password_flag() -> None:

    from net.wire import APP_VERSION

    txt = make_txt("T", "stars", 1, 4, "lobby", password=True)
    assert txt["app"] == APP_VERSION and txt["password"] == "yes"
    props = {k.encode(): v.encode() for k, v in txt.items()}
    ad = parse_ad("i", props, ["10.0.0.1"], 4000)
    assert ad is not None and ad.password and ad.app == APP_VERSION
    # another app version with the same protocol is compatible: the app is information
    other = parse_ad("i", {**props, b"app": b"9.9.9", b"password": b"no"}, ["10.0.0.1"], 4000)
    assert other is not None and other.compatible and not other.password
    # hosts before these keys are still listed (no password flag known: assumed none)
    old = {k: v for k, v in props.items() if k not in (b"app", b"password")}
    assert parse_ad("i", old, ["10.0.0.1"], 4000) is not None
    assert parse_ad("i", {**props, b"password": b"maybe"}, ["10.0.0.1"], 4000) is None


@pytest.mark.timeout(60)
def test_a_headless_host_bound_to_loopback_advertises_on_loopback_only(
        tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """``--bind 127.0.0.1`` without ``--interfaces``: the table is advertised on exactly the
    address it listens on (never on the LAN), and a browser on loopback finds it there."""
    import asyncio

    import net.discovery
    from game.commands.host import build_table, host_parser, serve_headless

    given: list[dict] = []

    class SpyAdvertiser(Advertiser):
        def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
            given.append(kwargs)
            super().__init__(*args, **kwargs)

        def start(self) -> None:  # only ever on loopback in a test
            if self.interfaces == LOOPBACK:
                super().start()

    monkeypatch.setattr(net.discovery, "Advertiser", SpyAdvertiser)
    table_name = f"Bound table {os.getpid()}"
    args = host_parser().parse_args([
        "--headless", "--game", "stargazer", "--seats", "ai:random,ai:random,ai:random",
        "--start", "now", "--port", "0", "--bind", "127.0.0.1", "--name", table_name,
        "--linger", "6", "--autosave-dir", str(tmp_path)])
    browser = Browser(interfaces=LOOPBACK)
    host = threading.Thread(target=lambda: asyncio.run(serve_headless(build_table(args), args)),
                            daemon=True)
    host.start()
    try:
        deadline = time.monotonic() + 10
        while not given and time.monotonic() < deadline:
            time.sleep(0.05)
        assert given and given[0]["interfaces"] == LOOPBACK, given
        assert given[0]["addresses"] == LOOPBACK
        ad = next_event(browser, "added", name=table_name)
        assert ad.addresses == ("127.0.0.1",)
    finally:
        host.join(30)
        browser.close()
    assert not host.is_alive()


def test_bind_and_advertised_interfaces_agree() -> None:
    from net.discovery import advertised_interfaces

    assert advertised_interfaces("0.0.0.0") is None, "every LAN interface"
    assert advertised_interfaces("0.0.0.0", ["192.0.2.7"]) == ["192.0.2.7"]
    assert advertised_interfaces("127.0.0.1") == LOOPBACK
    assert advertised_interfaces("localhost") == LOOPBACK
    assert advertised_interfaces("127.0.0.1", LOOPBACK) == LOOPBACK
    with pytest.raises(ValueError, match="192.0.2.7"):
        advertised_interfaces("127.0.0.1", ["192.0.2.7"])


def test_the_table_id_travels_in_the_txt_record_and_is_optional() -> None:
    """A window's kept seat is for one table: a new table at the same address is another
    (the window said "your seat is kept" for it: a second outside playtest). The TXT record
    says the table's id; a host older than the key says none, and its ad still parses."""
    txt = make_txt("T", "stars", 1, 4, "playing", table_id="ab12cd34ef56")
    ad = parse_ad("i", {k.encode(): v.encode() for k, v in txt.items()}, ["10.0.0.1"], 4000)
    assert ad is not None and ad.table_id == "ab12cd34ef56"
    older = {k: v for k, v in txt.items() if k != "id"}
    ad = parse_ad("i", older, ["10.0.0.1"], 4000)
    assert ad is not None and ad.table_id == ""
    assert parse_ad("i", {**txt, "id": "x" * 65}, ["10.0.0.1"], 4000) is None
    assert parse_ad("i", {**txt, "id": "a\nb"}, ["10.0.0.1"], 4000) is None
    assert "id" not in make_txt("T", "stars", 1, 4, "lobby"), "no key without an id"
