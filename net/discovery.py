"""LAN discovery with zeroconf (mDNS/DNS-SD), service type ``_starparty._tcp.local.``.

The host *advertises* a unique instance with its real LAN address(es), port and a TXT record
(game, table name, seats taken/total, status, protocol version, app version, whether a
password is needed); the lobby *browses* and gets
``("added" | "updated" | "removed", TableAd)`` tuples through a queue, so the UI thread never
waits on the network. TXT records from other hosts are untrusted: anything malformed is
ignored. Manual ``host:port`` entry does not need any of this.

Interfaces: by default every IPv4 LAN interface, loopback excluded (``lan_addresses()``);
tests pass ``interfaces=["127.0.0.1"]`` so no packet leaves the machine.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import socket
import threading
import uuid
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

SERVICE_TYPE = "_starparty._tcp.local."
STATUSES = ("lobby", "playing", "over")
MAX_SEATS = 64
MAX_TEXT = 64
#: seconds before each new try to resolve a table whose records did not come in time; after the
#: last, the table is left out until zeroconf reports it again (a change or a new announcement)
RESOLVE_RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0)
#: the name of the threads that resolve tables (each try runs on its own short-lived thread)
RESOLVE_THREAD_NAME = "lan-browser-resolve"


def lan_addresses(include_loopback: bool = False) -> list[str]:
    """IPv4 addresses of this machine's interfaces (loopback only if asked)."""
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6 entries are tuples
            if ip.ip.startswith("127.") and not include_loopback:
                continue
            if ip.ip.startswith("169.254.") or ip.ip in found:
                continue
            found.append(ip.ip)
    return found


#: bind addresses that listen on every interface (a table there is advertised on the LAN)
WILDCARD_BINDS = ("", "0.0.0.0")


def advertised_interfaces(bind: str, interfaces: list[str] | None = None) -> list[str] | None:
    """The interfaces to advertise a table listening on ``bind`` on: a table is reachable only
    where it listens, so a server bound to one address is advertised on that address only
    (``127.0.0.1``: loopback, never the LAN). A wildcard bind: ``interfaces`` as given (None:
    every LAN interface). ``ValueError`` when ``interfaces`` names an address ``bind`` does not
    listen on."""
    if bind in WILDCARD_BINDS:
        return interfaces
    try:
        bound = socket.gethostbyname(bind)  # "localhost" -> 127.0.0.1
    except OSError:
        bound = bind
    if interfaces is not None and any(i not in (bind, bound) for i in interfaces):
        raise ValueError(f"the table listens on {bind} only: it cannot be advertised on "
                         f"{', '.join(i for i in interfaces if i not in (bind, bound))}")
    return [bound]


@dataclass(frozen=True)
class TableAd:
    """One advertised table as the browser sees it."""

    instance: str
    name: str
    game: str
    seats_taken: int
    seats_total: int
    status: str
    protocol: int
    addresses: tuple[str, ...]
    port: int
    #: the host's Star Party version (information only: compatibility is ``protocol``)
    app: str = ""
    #: the table asks for a password
    password: bool = False
    #: the table's id (``net.table.Table.table_id``; "" from hosts older than the key): a
    #: window's kept seat token is for one table, not for whatever serves that address now
    table_id: str = ""

    @property
    def host(self) -> str:
        return self.addresses[0]

    @property
    def address(self) -> str:
        """``host:port`` for ``net.client.Client`` / manual entry."""
        return f"{self.host}:{self.port}"

    @property
    def compatible(self) -> bool:
        from net.wire import PROTOCOL_VERSION

        return self.protocol == PROTOCOL_VERSION


def make_txt(name: str, game: str, seats_taken: int, seats_total: int, status: str,
             protocol: int | None = None, password: bool = False,
             app: str | None = None, table_id: str = "") -> dict[str, str]:
    from net.wire import APP_VERSION, PROTOCOL_VERSION

    txt = {
        "game": game[:MAX_TEXT],
        "table": name[:MAX_TEXT],
        "taken": str(seats_taken),
        "seats": str(seats_total),
        "status": status,
        "proto": str(PROTOCOL_VERSION if protocol is None else protocol),
        "app": (APP_VERSION if app is None else app)[:MAX_TEXT],
        "password": "yes" if password else "no",
    }
    if table_id:
        txt["id"] = table_id[:MAX_TEXT]
    return txt


def parse_ad(instance: str, properties: dict[Any, Any], addresses: list[str],
             port: Any) -> TableAd | None:
    """A ``TableAd`` from raw zeroconf data, or None if anything is malformed."""
    try:
        text: dict[str, str] = {}
        for key, value in properties.items():
            if not isinstance(key, bytes | str) or not isinstance(value, bytes | str):
                continue
            key_text = key.decode("utf-8") if isinstance(key, bytes) else key
            text[key_text] = value.decode("utf-8") if isinstance(value, bytes) else value
        taken, total, protocol = int(text["taken"]), int(text["seats"]), int(text["proto"])
        name, game, status = text["table"], text["game"], text["status"]
        app, password = text.get("app", ""), text.get("password", "no")
        table_id = text.get("id", "")
    except (KeyError, ValueError, UnicodeDecodeError, AttributeError):
        return None
    if len(table_id) > MAX_TEXT or not table_id.isprintable():
        return None
    if not (0 <= taken <= total <= MAX_SEATS and status in STATUSES and 0 < protocol < 10**6):
        return None
    if password not in ("yes", "no") or len(app) > MAX_TEXT or not app.isprintable():
        return None
    if not game or len(game) > MAX_TEXT or len(name) > MAX_TEXT or not name.isprintable():
        return None
    if not isinstance(port, int) or not 0 < port < 65536 or not addresses:
        return None
    return TableAd(instance, name, game, taken, total, status, protocol, tuple(addresses), port,
                   app, password == "yes", table_id)


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import IPVersion, Zeroconf

    chosen = interfaces if interfaces is not None else (lan_addresses() or ["127.0.0.1"])
    return Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


def _instance_label(table_name: str) -> str:
    suffix = f" [{uuid.uuid4().hex[:6]}]"
    label = "".join(ch for ch in table_name if ch.isprintable() and ch != ".") or "Star Party"
    while len((label + suffix).encode()) > 63:
        label = label[:-1]
    return label + suffix


def _drop_queued_answers(zc: Any, instance: str) -> None:
    """Forget answers about ``instance`` that zeroconf computed for earlier queries and still
    holds back (it aggregates multicast answers up to 0.5 s, or 1.2 s for records it just
    sent): sent after an update's announcement, they told browsers the old TXT again (seen
    0.4-0.5 s after every change). The announcement itself carries every record anew."""
    key = instance.lower()
    for name in ("out_queue", "out_delay_queue"):
        for group in getattr(getattr(zc, name, None), "queue", ()):
            answers = group.answers
            for record in list(answers):
                if record.name.lower() == key:
                    del answers[record]
                elif any(extra.name.lower() == key for extra in answers[record]):
                    answers[record] = {e for e in answers[record] if e.name.lower() != key}


class Advertiser:
    """Advertise a table; ``update`` changes the TXT record; ``close`` withdraws it."""

    def __init__(self, port: int, *, name: str, game: str, seats_taken: int, seats_total: int,
                 status: str = "lobby", addresses: list[str] | None = None,
                 interfaces: list[str] | None = None, password: bool = False,
                 table_id: str = "") -> None:
        self.port = port
        self.interfaces = interfaces
        self.addresses = addresses or (
            [a for a in interfaces if a not in ("0.0.0.0",)] if interfaces else None
        ) or lan_addresses() or ["127.0.0.1"]
        self.txt = make_txt(name, game, seats_taken, seats_total, status, password=password,
                            table_id=table_id)
        self.instance = f"{_instance_label(name)}.{SERVICE_TYPE}"
        self._zc: Any = None
        self._info: Any = None
        self._broadcast: Any = None
        self._lock = threading.Lock()
        self._closed = False

    def _service_info(self) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            self.instance,
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties=self.txt,
            server=f"starparty-{uuid.uuid4().hex[:10]}.local.",
        )

    def start(self) -> None:
        """Register (blocks ~1.6 s while zeroconf probes and announces)."""
        with self._lock:
            if self._closed:
                return
            self._zc = _zeroconf(self.interfaces)
            self._info = self._service_info()
            self._zc.register_service(self._info, allow_name_change=True)
            self.instance = self._info.name

    def start_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=self._safe_start, name="advertiser", daemon=True)
        thread.start()
        return thread

    def _safe_start(self) -> None:
        try:
            self.start()
        except Exception as exc:
            log.error("could not advertise the table on the LAN: %s", exc)

    def update(self, **fields: Any) -> None:
        """Change TXT fields (``name``, ``game``, ``seats_taken``, ``seats_total``, ``status``,
        ``table_id``).

        The new record is announced at once (three times, 225 ms apart); answers to earlier
        queries that zeroconf still held back, and the previous update's remaining
        announcements, are dropped, so no browser hears the old record after the new one."""
        with self._lock:
            current = {"name": self.txt["table"], "game": self.txt["game"],
                       "seats_taken": int(self.txt["taken"]),
                       "seats_total": int(self.txt["seats"]), "status": self.txt["status"],
                       "password": self.txt["password"] == "yes",
                       "table_id": self.txt.get("id", "")}
            current.update(fields)
            txt = make_txt(**current)
            if txt == self.txt:
                return
            self.txt = txt
            if self._zc is None or self._info is None:
                return
            from zeroconf import ServiceInfo

            self._info = ServiceInfo(
                SERVICE_TYPE, self.instance, addresses=self._info.addresses, port=self.port,
                properties=self.txt, server=self._info.server,
            )
            future = asyncio.run_coroutine_threadsafe(self._async_update(self._info),
                                                      self._zc.loop)
            future.result(timeout=5)

    async def _async_update(self, info: Any) -> None:
        """On zeroconf's loop: no query is answered between these steps."""
        _drop_queued_answers(self._zc, info.name)
        if self._broadcast is not None:
            self._broadcast.cancel()  # still announcing the previous record
        self._broadcast = await self._zc.async_update_service(info)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info, self._zc, self._info = self._zc, self._info, None, None
        if zc is not None:
            try:
                if info is not None:
                    zc.unregister_service(info)
            finally:
                zc.close()


class Browser:
    """Keep a live list of tables; changes arrive on ``events`` as (kind, TableAd)."""

    def __init__(self, *, interfaces: list[str] | None = None,
                 events: queue.Queue[tuple[str, TableAd]] | None = None,
                 resolve_timeout: float = 3.0) -> None:
        from zeroconf import ServiceBrowser

        self.events: queue.Queue[tuple[str, TableAd]] = events or queue.Queue()
        self.resolve_timeout = resolve_timeout
        self._tables: dict[str, TableAd] = {}
        self._lock = threading.Lock()
        #: instance -> the timer of the next try to resolve it (the first one too)
        self._scheduled: dict[str, threading.Timer] = {}
        #: instances zeroconf reports present (a late retry must not list a withdrawn table)
        self._present: set[str] = set()
        self._closed = False
        self._zc = _zeroconf(interfaces)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])

    def tables(self) -> list[TableAd]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name, t.instance))

    def poll(self) -> list[tuple[str, TableAd]]:
        """Every change since the last poll; never blocks (for the UI thread)."""
        changes = []
        while True:
            try:
                changes.append(self.events.get_nowait())
            except queue.Empty:
                return changes

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's handler, on its browser thread: it must return at once. Resolving a
        table waits up to ``resolve_timeout`` for its records, and the browser thread runs its
        handlers one after another (``close`` waits for all that are queued), so each
        resolution runs on its own thread."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self._cancel_scheduled(name)
            with self._lock:
                self._present.discard(name)
                gone = self._tables.pop(name, None)
            if gone is not None:
                self.events.put(("removed", gone))
            return
        with self._lock:
            self._present.add(name)
        self._schedule(zeroconf, service_type, name, 0.0, 0)

    def _resolve(self, zeroconf: Any, service_type: str, name: str, tries: int) -> None:
        """Read the table's records; a try that times out (a lost packet, a busy host) is
        tried again later (``RESOLVE_RETRY_DELAYS``), since zeroconf tells of a table only
        once until it changes."""
        from zeroconf import IPVersion

        try:
            info = zeroconf.get_service_info(service_type, name,
                                             timeout=int(self.resolve_timeout * 1000))
            if info is None:
                if tries >= len(RESOLVE_RETRY_DELAYS):
                    log.info("table advertisement %r never resolved; left out", name)
                    return
                self._schedule(zeroconf, service_type, name, RESOLVE_RETRY_DELAYS[tries],
                               tries + 1, replace=False)
                return
            ad = parse_ad(name, info.properties or {},
                          info.parsed_addresses(IPVersion.V4Only), info.port)
            if ad is None:
                log.info("ignoring malformed table advertisement %r", name)
                return
            # a try scheduled meanwhile is left to run: it was asked for by a newer change
            with self._lock:
                if self._closed or name not in self._present:
                    return
                previous = self._tables.get(name)
                self._tables[name] = ad
            if previous != ad:
                self.events.put(("added" if previous is None else "updated", ad))
        except Exception as exc:  # another host's garbage must never reach the UI as a crash
            log.info("ignoring advertisement %r: %s", name, exc)

    def _schedule(self, zeroconf: Any, service_type: str, name: str, delay: float,
                  tries: int, replace: bool = True) -> None:
        """Resolve ``name`` on a timer thread after ``delay`` s (0: the first try, at once),
        replacing the try already waiting (a retry does not: that one came from a newer
        change); nothing once closed or the table is withdrawn."""
        timer = threading.Timer(delay, self._run_scheduled,
                                args=(zeroconf, service_type, name, tries))
        timer.daemon = True
        timer.name = RESOLVE_THREAD_NAME
        with self._lock:
            if self._closed or name not in self._present:
                return
            previous = self._scheduled.get(name)
            if previous is not None and not replace:
                return
            self._scheduled[name] = timer
        if previous is not None:
            previous.cancel()
        timer.start()

    def _run_scheduled(self, zeroconf: Any, service_type: str, name: str, tries: int) -> None:
        """Runs on its own timer's thread: it goes on only while that timer is the try
        scheduled for ``name`` (not closed, withdrawn or replaced by a newer try)."""
        with self._lock:
            if self._closed or self._scheduled.get(name) is not threading.current_thread():
                return
            del self._scheduled[name]
        self._resolve(zeroconf, service_type, name, tries)

    def _cancel_scheduled(self, name: str) -> None:
        with self._lock:
            scheduled = self._scheduled.pop(name, None)
        if scheduled is not None:
            scheduled.cancel()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            waiting, self._scheduled = list(self._scheduled.values()), {}
        for timer in waiting:
            timer.cancel()
        try:
            self._browser.cancel()
        finally:
            self._zc.close()
