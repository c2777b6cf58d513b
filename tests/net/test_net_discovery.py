"""zeroconf on 127.0.0.1 only (never another interface): register, discover, update, remove;
malformed advertisements from other hosts are ignored."""

from __future__ import annotations

import os
import queue
import socket
import threading
import time

import pytest
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from net.discovery import SERVICE_TYPE, Advertiser, Browser, TableAd, parse_ad
from net.wire import PROTOCOL_VERSION

LOOPBACK = ["127.0.0.1"]


def next_event(browser: Browser, kind: str, instance: str | None = None,
               timeout: float = 10.0, name: str | None = None) -> TableAd:
    """The next ``kind`` event for our table (other tables on this machine's loopback, from
    other programs, are skipped)."""
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
    advertiser = Advertiser(47123, name="Orion's table", game="stars", seats_taken=1,
                            seats_total=4, interfaces=LOOPBACK, addresses=LOOPBACK)
    try:
        advertiser.start()
        ad = next_event(browser, "added", advertiser.instance)
        assert (ad.name, ad.game, ad.seats_taken, ad.seats_total, ad.status) == (
            "Orion's table", "stars", 1, 4, "lobby")
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
