"""A real LAN, simulated: three network namespaces on a bridge (created and removed here).
The host advertises on its LAN interface with the production defaults; players in the other
namespaces discover it with zeroconf and play a whole game over TCP.

Needs root and iproute2 (CI has both); elsewhere it skips and says why. Nothing is added to
the root namespace: the bridge lives in its own namespace, as in the platform notes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.save import read_save

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")

ROOT = Path(__file__).resolve().parents[2]
SUBNET = "10.231.0"


def _why_not() -> str | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root to create network namespaces (ip netns add)"
    if shutil.which("ip") is None:
        return "needs iproute2 (the ip command)"
    return None


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


@pytest.fixture
def lan() -> Iterator[dict[str, str]]:
    reason = _why_not()
    if reason:
        pytest.skip(reason)
    tag = f"sp{os.getpid() % 100000}"
    switch = f"{tag}-sw"
    hosts = {"host": f"{tag}-a", "p1": f"{tag}-b", "p2": f"{tag}-c"}
    created: list[str] = []
    try:
        ip("netns", "add", switch)
        created.append(switch)
        ip("-n", switch, "link", "set", "lo", "up")
        ip("-n", switch, "link", "add", "br0", "type", "bridge")
        ip("-n", switch, "link", "set", "br0", "up")
        for index, namespace in enumerate(hosts.values(), start=1):
            ip("netns", "add", namespace)
            created.append(namespace)
            port = f"p{index}"
            ip("-n", switch, "link", "add", port, "type", "veth", "peer", "name", "eth0",
               "netns", namespace)
            ip("-n", switch, "link", "set", port, "master", "br0")
            ip("-n", switch, "link", "set", port, "up")
            ip("-n", namespace, "link", "set", "lo", "up")
            ip("-n", namespace, "addr", "add", f"{SUBNET}.{index}/24", "dev", "eth0")
            ip("-n", namespace, "link", "set", "eth0", "up")
    except subprocess.CalledProcessError as exc:
        for namespace in reversed(created):
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        pytest.skip(f"cannot build network namespaces here: {exc.stderr!r}")
    try:
        yield hosts
    finally:
        for namespace in reversed(created):
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True, timeout=20)


def in_ns(namespace: str, *command: str) -> list[str]:
    return ["ip", "netns", "exec", namespace, sys.executable, *command]


@pytest.mark.netns
@pytest.mark.slow
@pytest.mark.timeout(180)
def test_players_in_other_namespaces_discover_the_host_and_play(
    lan: dict[str, str], tmp_path: Path
) -> None:
    host = subprocess.Popen(
        in_ns(lan["host"], "-m", "game", "host", "--headless", "--game", "stars",
              "--seats", "2", "--port", "47077", "--name", "LAN party", "--linger", "1",
              "--autosave-dir", str(tmp_path), "--seed", "5"),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    players = [
        subprocess.Popen(in_ns(lan[name], "-m", "tests.net.lan_player", str(seed)), cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for seed, name in enumerate(("p1", "p2"))
    ]
    try:
        outputs = [p.communicate(timeout=150) for p in players]
        host_output, _ = host.communicate(timeout=30)
    finally:
        for process in (*players, host):
            if process.poll() is None:
                process.kill()
                process.wait(10)
    reports = []
    for (out, err), process in zip(outputs, players, strict=True):
        assert process.returncode == 0, (out, err, host_output)
        reports.append(json.loads(out.strip().splitlines()[-1]))
    for report in reports:
        # found through mDNS on the host's real LAN address, never loopback
        assert report["address"] == f"{SUBNET}.1:47077"
        assert report["game"] == "stars" and report["table"] == "LAN party"
        assert report["over"] and report["failure"] is None
    assert sorted(r["seat"] for r in reports) == [0, 1]
    assert host.returncode == 0 and "Game over. Ranking" in host_output
    (save,) = tmp_path.glob("*.spsave")
    assert read_save(save)["status"] == "over"
