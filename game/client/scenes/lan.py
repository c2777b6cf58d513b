"""LAN play: host a table from the window (it is served and advertised on the LAN), or find
one in the lobby (zeroconf) or by ``host:port`` and join it; then a waiting room until the
game starts. Networking itself is ``net``'s: this module only wires its pieces to scenes."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, Lazy, _, ngettext, tr
from game.client.kits import get_kit, has_table
from game.client.net_text import error_text
from game.client.scenes.base import SkyScene
from game.client.session import GameConfig, HostSession, RemoteSession, background
from game.client.settings import SeatTokens
from game.client.widgets import Button, Form, TextField, draw_panel, stack_rects

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

CONNECTION_WORDS = {"connecting": N_("Connecting..."), "connected": N_("Connected."),
                    "reconnecting": N_("Reconnecting...")}
STATUS_WORDS = {"lobby": N_("waiting for players"), "playing": N_("playing"),
                "over": N_("finished")}


def start_hosting(app: Stage, config: GameConfig, seed: int) -> HostSession:
    """Create the table the setup screen describes, serve it on the LAN and advertise it; the
    host keeps seat 1. ``OSError`` when no port can be had."""
    from game.tables import new_table

    table = new_table(config.game, dict(config.options), seed, config.seat_specs(),
                      name=_("{name}'s table").format(name=app.settings.player_name),
                      ai_delay=app.ai_delay,
                      autosave_dir=app.autosave_dir)
    try:
        return serve_table(app, table)
    except OSError:
        table.close()
        raise


def serve_table(app: Stage, table: Any, *, password: str | None = None,
                port: int | None = None) -> HostSession:
    """Serve ``table`` (new or resumed) on the LAN, advertise it, and seat the host at its
    local human seat.

    ``port`` None: ``app.lan_port``, or any free port if that one is taken; a given ``port``
    must be had (``OSError`` otherwise, e.g. ``starparty host --port``)."""
    from net.local import LocalConnection
    from net.server import ServerThread

    server = None
    error: OSError | None = None
    for candidate in ((app.lan_port, 0) if port is None else (port,)):
        try:
            server = ServerThread(table, host=app.lan_bind, port=candidate, password=password)
            server.start()
            break
        except OSError as exc:
            server, error = None, exc
    if server is None:
        if port is not None and error is not None:
            raise error  # the port asked for: say why it cannot be had (in use, not allowed)
        raise OSError("could not open a port for the table")
    advertiser = None
    if app.lan_advertise:
        try:
            from net.discovery import Advertiser, advertised_interfaces

            interfaces = advertised_interfaces(app.lan_bind, app.lan_interfaces)
            advertiser = Advertiser(server.port, name=table.name, game=table.game,
                                    seats_taken=table.seats_taken(),
                                    seats_total=table.seat_count, status=table.status,
                                    interfaces=interfaces, addresses=interfaces,
                                    password=bool(password))
            advertiser.start_in_background()
        except Exception as error:  # no discovery: manual host:port still works
            app.toast(N_("The table is not advertised on the LAN ({error}); share the address.",
                         error=str(error)))
            advertiser = None
    host_seat = next(s["seat"] for s in table.info()["seats"] if s["kind"] == "human")
    connection = LocalConnection.for_seat(table, host_seat)
    return HostSession(table, connection, server, advertiser)


def host_addresses(session: HostSession) -> list[str]:
    port = session.server.port
    if session.advertiser is not None and session.advertiser.addresses:
        return [f"{a}:{port}" for a in session.advertiser.addresses]
    return [f"127.0.0.1:{port}"]


class LobbyScene(SkyScene):
    """The waiting room: who has joined; the host may start (free seats become bots)."""

    holds_game = True

    def __init__(self, app: Stage, session: Any, hosting: bool) -> None:
        super().__init__(app)
        self.session = session
        self.hosting = hosting
        buttons = []
        if hosting:
            self.start_button = Button(start_label(session), self.start_game)
            buttons.append(self.start_button)
        buttons.append(Button(N_("Leave"), self.back, size="body"))
        self.form = Form(buttons)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.started = False
        #: the host starts the game by itself once every seat is taken (``--start full``)
        self.auto_start = False

    def start_game(self) -> None:
        if self.hosting and self.session.status == "lobby":
            self.session.table.start(fill_open=fill_level(self.session.table.game))

    def poll(self) -> None:
        if self.app.scene is not self or self.started:
            return
        seats = len(self.session.info.get("seats", []))
        for _seat, event in self.session.poll():
            if event["type"] == "connection" and event["state"] in ("failed", "closed"):
                self.app.toast(N_("Could not join: {error}", error=self.error_text(event)))
                self.leave()
                return
            if event["type"] == "refused" and not event.get("error"):  # errors: toast above
                self.app.toast(error_text(event["code"], event["detail"]))
        if len(self.session.info.get("seats", [])) != seats:
            self.relayout()
        if self.hosting:
            self.start_button.label = start_label(self.session)
        if self.hosting and self.auto_start and self.session.status == "lobby" and \
                self.session.table.seats_taken() == self.session.table.seat_count:
            self.session.table.start(fill_open=None)
        if self.session.status != "lobby" and self.session.views and self.session.human_seats:
            game = self.session.info.get("game", "")
            if not has_table(game):
                self.app.toast(N_("This window cannot show a {game} table yet.", game=game))
                self.leave()
                return
            self.started = True
            self.app.replace(get_kit(game).open_table(self.app, None, 0, self.session))

    def error_text(self, event: dict[str, Any]) -> str:
        """Why the connection failed, in the window's language when the code is known."""
        code = getattr(self.session, "error_code", "") or ""
        if code:
            return error_text(code, self.session.error)
        return self.session.error or error_text(event.get("code", ""), event["detail"])

    def leave(self) -> None:
        if not self.hosting:
            background(self.session.client.leave)
            self.session.closed = True
        else:
            self.session.close()
        self.app.pop()

    def back(self) -> None:
        self.leave()

    def exit(self) -> None:
        if not self.started and not self.session.closed:
            self.session.close()

    def relayout(self) -> None:
        lay = self.layout
        seats = max(2, len(self.session.info.get("seats", [])))
        self.panel = pygame.Rect(0, 0, lay.px(760), lay.px(130) + seats * lay.px(34))
        self.panel.midtop = (lay.width // 2, int(lay.height * 0.17))
        stack_rects(self.form.widgets, lay.width // 2, self.panel.bottom + lay.px(20),
                    lay.px(420), lay.px(52), lay.px(64) - lay.px(52))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        info = self.session.info
        title = info.get("name") or (N_("Your LAN table") if self.hosting else N_("Joining..."))
        self.draw_heading(surface, title)
        draw_panel(surface, self.panel, lay)
        x, y = self.panel.x + lay.px(28), self.panel.y + lay.px(22)
        body, small = lay.font_px("body"), lay.font_px("small")
        if self.hosting:
            line = _("Others join from 'Join LAN game' or at {addresses}").format(
                addresses=", ".join(host_addresses(self.session)))
        else:
            state = CONNECTION_WORDS.get(self.session.connection)
            line = _(state) if state is not None else self.session.connection
        label = self.text.render(line, small, theme.TEXT_DIM)
        surface.blit(label, (x, y))
        y += lay.px(36)
        for seat in info.get("seats", []):
            who = seat["name"]
            if seat["kind"] == "ai":
                state, color = bot_label(seat.get("bot")), theme.TEXT_DIM
            elif seat.get("taken"):
                state, color = _("here"), theme.LEGAL
            else:
                state, color = _("free seat"), theme.ACCENT
            mine = seat["seat"] in self.session.human_seats
            name = self.text.render(_("{name}  (you)").format(name=who) if mine else who, body,
                                    theme.SEAT_COLORS[seat["seat"] % 8], bold=True)
            surface.blit(name, (x, y))
            status = self.text.render(state, body, color)
            surface.blit(status, (self.panel.right - lay.px(28) - status.get_width(), y))
            y += lay.px(34)
        if self.hosting:
            waiting = (N_("The game starts by itself when every seat is taken.")
                       if self.auto_start else N_("Start when everyone is here."))
        else:
            waiting = N_("Waiting for the host to start the game...")
        label = self.text.render(tr(waiting), body, theme.TEXT)
        surface.blit(label, label.get_rect(midbottom=(self.panel.centerx,
                                                      self.panel.bottom - lay.px(16))))
        self.form.draw(surface, self.text, lay)
        self.draw_footer(surface, N_("Esc: leave"))


def start_label(session: Any) -> str:
    """The host's start button: bots are mentioned only while a seat is free for one."""
    free = sum(1 for seat in session.info.get("seats", []) if not seat.get("taken"))
    if not free:
        return N_("Start the game")
    return Lazy(lambda: ngettext("Start now ({n} free seat: a bot)",
                                 "Start now ({n} free seats: bots)", free).format(n=free))


def bot_label(level: str | None) -> str:
    """A bot's seat state in the lobby: "AI (normal)" in the window's language."""
    from game.client.session import bot_level_word

    return _("AI ({level})").format(level=bot_level_word(level) if level else _("bot"))


def fill_level(game: str) -> str:
    """The bot level that takes a LAN table's free seats: the kit's choice if present."""
    from game.client.session import bot_levels

    levels = bot_levels(game)
    preferred = get_kit(game).default_bot if has_table(game) else None
    return preferred if preferred in levels else levels[-1]


def table_label(table: Any) -> str:
    """``Orion's table  ·  2/4 seats  ·  waiting for players`` (and why it cannot be joined)."""
    status = STATUS_WORDS.get(table.status)
    parts = [table.name,
             _("{taken}/{total} seats").format(taken=table.seats_taken,
                                              total=table.seats_total),
             _(status) if status is not None else table.status]
    if not table.compatible:
        parts.append(_("other version"))
    if table.password:
        parts.append(_("password"))
    if not has_table(table.game):
        parts.append(_("no {game} table here yet").format(game=table.game))
    return "  ·  ".join(parts)


class JoinScene(SkyScene):
    """Tables found on the LAN (live), or an address typed by hand."""

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        self.address = TextField(N_("Address (host:port)"), "", lambda _text: None, limit=60)
        self.join_button = Button(N_("Join address"), self.join_typed, size="body")
        self.back_button = Button(N_("Back"), self.back, size="body")
        self.table_buttons: list[Button] = []
        self.tables: list[Any] = []
        self.browser: Any = None
        self.browse_error = ""
        self.form = Form([self.address, self.join_button, self.back_button])
        self._closing = False
        threading.Thread(target=self._start_browser, daemon=True, name="lan-browser").start()

    def _start_browser(self) -> None:
        try:
            from net.discovery import Browser

            browser = Browser(interfaces=self.app.lan_interfaces)
        except Exception as error:  # no zeroconf here: typing works anyway
            self.browse_error = N_("LAN discovery is unavailable ({error})", error=str(error))
            return
        if self._closing:
            background(browser.close)
        else:
            self.browser = browser

    def exit(self) -> None:
        self._closing = True
        if self.browser is not None:
            background(self.browser.close)
            self.browser = None

    def poll(self) -> None:
        if self.browser is None or not self.browser.poll():
            return
        self.tables = self.browser.tables()
        self.table_buttons = [
            Button(Lazy(lambda t=t: table_label(t)), lambda t=t: self.join(t.host, t.port),
                   size="body")
            for t in self.tables[:6]]
        seated = SeatTokens()
        for button, table in zip(self.table_buttons, self.tables, strict=False):
            button.enabled = (table.compatible and has_table(table.game) and (
                table.status == "lobby" or seated.get(table.address) is not None))
        focused = self.form.widgets[self.form.focus]
        self.form.widgets = [*self.table_buttons, self.address, self.join_button,
                             self.back_button]
        # the list changing under the player must not move their focus (or their typing)
        self.form.focus = (self.form.widgets.index(focused) if focused in self.form.widgets
                           else len(self.table_buttons))
        self.relayout()

    def join_typed(self) -> None:
        from net.client import parse_address
        from net.server import DEFAULT_PORT

        try:
            host, port = parse_address(self.address.value, DEFAULT_PORT)
        except ValueError as error:
            self.app.toast(str(error))
            self.app.sounds.play("invalid")
            return
        self.join(host, port)

    def join(self, host: str, port: int) -> None:
        """Join the table at ``host:port``; with a token kept from an earlier visit (left the
        game, or restarted the program) the window takes its seat back."""
        from net.client import Client

        address, tokens = f"{host}:{port}", SeatTokens()
        kept = tokens.get(address)

        def connect(token: str | None = None) -> Client:
            return Client(host, port, self.app.settings.player_name, token=token,
                          reconnect=True, max_attempts=3)

        session = RemoteSession(connect(kept), fresh_client=connect if kept else None,
                                keep_token=lambda token, table: tokens.put(address, token, table))
        self.app.push(LobbyScene(self.app, session, hosting=False))

    def relayout(self) -> None:
        # the address row never moves, so a table appearing cannot slide under a click
        lay = self.layout
        y = int(lay.height * 0.17)
        for button in self.table_buttons:
            button.rect = pygame.Rect(0, 0, lay.px(760), lay.px(46))
            button.rect.midtop = (lay.width // 2, y)
            y += lay.px(52)
        y = int(lay.height * 0.17) + 6 * lay.px(52) + lay.px(20)
        self.address.rect = pygame.Rect(0, 0, lay.px(760), lay.px(50))
        self.address.rect.midtop = (lay.width // 2, y)
        self.join_button.rect = pygame.Rect(0, 0, lay.px(370), lay.px(48))
        self.join_button.rect.topleft = (self.address.rect.x, y + lay.px(62))
        self.back_button.rect = pygame.Rect(0, 0, lay.px(370), lay.px(48))
        self.back_button.rect.topright = (self.address.rect.right, y + lay.px(62))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.widgets[self.form.focus] is self.address:
            self.join_typed()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, N_("Join a LAN game"))
        lay = self.layout
        if not self.table_buttons:
            text = tr(self.browse_error or N_("Looking for tables on your network..."))
            size = self.text.fit(text, lay.font_px("large"), lay.width - lay.px(40))
            label = self.text.render(text, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=(lay.width // 2, int(lay.height * 0.33))))
        self.form.draw(surface, self.text, lay)
        self.draw_footer(surface, N_("Click a table, or type host:port and press Enter  ·  "
                                     "Esc back"))
