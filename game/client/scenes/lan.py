"""LAN play: host a table from the window (it is served and advertised on the LAN), or find
one in the lobby (zeroconf) or by ``host:port`` and join it; then a waiting room until the
game starts. Networking itself is ``net``'s: this module only wires its pieces to scenes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, Lazy, _, ngettext, tr
from game.client.kits import get_kit, has_table
from game.client.lan_browser import BackgroundBrowser
from game.client.layout import Layout, TextCache
from game.client.net_text import error_text
from game.client.scenes.base import Scene, SkyScene
from game.client.session import GameConfig, HostSession, RemoteSession, background
from game.client.settings import SeatTokens
from game.client.widgets import (
    Button,
    Form,
    TextField,
    Widget,
    draw_frame,
    draw_panel,
    pressed,
    shade_layer,
    stack_rects,
)

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

CONNECTION_WORDS = {"connecting": N_("Connecting..."), "connected": N_("Connected."),
                    "reconnecting": N_("Reconnecting...")}


def start_hosting(app: Stage, config: GameConfig, seed: int,
                  password: str | None = None, hints: bool = False) -> HostSession:
    """Create the table the setup screen describes, serve it on the LAN and advertise it; the
    host keeps seat 1. ``password``: players must give it to join (and the table is advertised
    as locked). ``hints``: players may ask their windows for hints (the table's ``info``
    says so to everyone who joins). A couch game (``config.mode == "couch"``) seats every
    local player of ``config`` at this screen. ``OSError`` when no port can be had."""
    from game.tables import new_table

    table = new_table(config.game, dict(config.options), seed, config.seat_specs(),
                      name=_("{name}'s table").format(name=app.settings.player_name),
                      ai_delay=app.ai_delay,
                      autosave_dir=app.autosave_dir, hints=hints, seating=config.seating())
    try:
        return serve_table(app, table, password=password or None,
                           config=config if config.mode == "couch" else None)
    except OSError:
        table.close()
        raise


def serve_table(app: Stage, table: Any, *, password: str | None = None,
                port: int | None = None, config: GameConfig | None = None) -> HostSession:
    """Serve ``table`` (new or resumed) on the LAN, advertise it, and seat the host at its
    local human seats: one, or (``config``: a couch game) every player at this screen.

    ``port`` None: ``app.lan_port``, or any free port if that one is taken; a given ``port``
    must be had (``OSError`` otherwise, e.g. ``starparty host --port``)."""
    from game.tables import note_password
    from net.local import LocalConnection
    from net.server import ServerThread

    note_password(table, password)
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
                                    password=bool(password), table_id=table.table_id)
            advertiser.start_in_background()
        except Exception as error:  # no discovery: manual host:port still works
            app.toast(N_("The table is not advertised on the LAN ({error}); share the address.",
                         error=str(error)))
            advertiser = None
    local = [s["seat"] for s in table.info()["seats"] if s["kind"] == "human"]
    connections = {seat: LocalConnection.for_seat(table, seat)
                   for seat in (local if config is not None else local[:1])}
    return HostSession(table, connections, server, advertiser, config)


def host_addresses(session: HostSession) -> list[str]:
    port = session.server.port
    if session.advertiser is not None and session.advertiser.addresses:
        return [f"{a}:{port}" for a in session.advertiser.addresses]
    return [f"127.0.0.1:{port}"]


class LobbyScene(SkyScene):
    """The waiting room: who has joined; the host may start (free seats become bots)."""

    restful = True

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
        # no button is chosen until the arrows (or a pad's D-pad) choose one: an Enter meant
        # for something else left a guest's table, or started the host's with bots before
        # anyone had joined (a new player's playtest)
        self.form.focus = -1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.started = False
        #: the host starts the game by itself once every seat is taken (``--start full``)
        self.auto_start = False
        #: a guest's join screen: told ``(code, sentence)`` when the table refuses or goes
        #: away, to say it beside what was clicked (None: a toast says it)
        self.on_failed: Callable[[str, str], None] | None = None
        #: a spectator (no seat): the table opens without one, read-only
        self.watching = False

    def start_game(self) -> None:
        from game.tables import star_names

        if self.hosting and self.session.status == "lobby":
            # the bots that take the free seats are named after stars in this window's
            # language, as the setup's are ("プレイヤー3 (AI)" read as a person, in English too)
            self.session.table.start(fill_open=fill_level(self.session.table.game),
                                     name_bots=partial(star_names, word=_))

    def poll(self) -> None:
        if self.app.scene is not self or self.started:
            return
        seats = len(self.session.info.get("seats", []))
        for _seat, event in self.session.poll():
            if event["type"] == "connection" and event["state"] in ("failed", "closed"):
                reason = self.error_text(event)
                code = getattr(self.session, "error_code", "") or ""
                detail = self.session.error
                self.leave()
                if self.on_failed is not None:  # (a known code follows a language switch)
                    said = (Lazy(lambda c=code, d=detail: error_text(c, d)) if code
                            else N_("Could not join: {error}", error=reason))
                    self.on_failed(code, said)
                else:
                    self.app.toast(N_("Could not join: {error}", error=reason))
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
        if self.session.status != "lobby" and self.session.views and (
                self.session.human_seats or self.watching):
            game = self.session.info.get("game", "")
            if not has_table(game):
                self.app.toast(N_("This window cannot show a {game} table yet.", game=game))
                self.leave()
                return
            self.started = True
            # a couch host's config says which device plays which local seat
            config = getattr(self.session, "config", None)
            self.app.replace(get_kit(game).open_table(self.app, config, 0, self.session))

    def seat_token(self, info: dict[str, Any], seat: int, size: int) -> pygame.Surface | None:
        """The piece ``seat`` plays with at the table (the kit's ``seat_token``), or None."""
        game = info.get("game", "")
        if not isinstance(game, str) or not has_table(game):
            return None
        kit = get_kit(game)
        if kit.seat_token is None:
            return None
        return kit.seat_token(seat, size, self.app.settings.colour_blind)

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
            password = getattr(getattr(self.session.server, "server", None), "password", None)
            if password:
                line += "  ·  " + _("password: {password}").format(password=password)
            watching = self.session.table.spectators
            if watching:
                line += "  ·  " + ngettext("{n} watching", "{n} watching",
                                           watching).format(n=watching)
        else:
            state = CONNECTION_WORDS.get(self.session.connection)
            line = _(state) if state is not None else self.session.connection
        line += "  ·  " + hints_words(info)
        line, size = fitted(self.text, line, small, self.panel.w - 2 * lay.px(28))
        label = self.text.render(line, size, theme.TEXT_DIM)
        surface.blit(label, (x, y))
        y += lay.px(36)
        for seat in info.get("seats", []):
            who = seat["name"]
            if seat["kind"] == "open" and not seat.get("taken"):
                # a free seat's name is the host's placeholder, in the host's language (an
                # English guest read 「プレイヤー3」: a playtest): this window's own words
                who = _("Player {n}").format(n=seat["seat"] + 1)
            if seat["kind"] == "ai":
                state, color = bot_label(seat.get("bot")), theme.TEXT_DIM
            elif seat.get("taken"):
                state, color = _("here"), theme.LEGAL
            else:
                state, color = _("free seat"), theme.ACCENT
            mine = seat["seat"] in self.session.human_seats
            shown = who if not mine else (
                _("{name}  (you)") if len(self.session.human_seats) == 1  # else a couch host's
                else _("{name}  (at this screen)")).format(name=who)
            # name and state on one baseline (TextCache.line_top): a Latin name beside a
            # Japanese state would sit higher than it
            line = y + self.text.font(body).get_linesize() // 2
            name_x, colour = x, theme.SEAT_COLORS[seat["seat"] % 8]
            token = self.seat_token(info, seat["seat"], lay.px(22))
            if token is not None:  # the seat's piece, as the table shows it (the generic seat
                # colours named the players in other colours than the table's: a playtest)
                surface.blit(token, token.get_rect(midleft=(x, line)))
                name_x, colour = x + token.get_width() + lay.px(8), theme.TEXT
            name = self.text.render(shown, body, colour, bold=True)
            surface.blit(name, (name_x, self.text.line_top(shown, body, line, bold=True)))
            status = self.text.render(state, body, color)
            surface.blit(status, (self.panel.right - lay.px(28) - status.get_width(),
                                  self.text.line_top(state, body, line)))
            y += lay.px(34)
        if self.hosting:
            waiting = (N_("The game starts by itself when every seat is taken.")
                       if self.auto_start else N_("Start when everyone is here."))
        elif self.watching:
            waiting = N_("You are watching: the game shows here when the host starts it.")
        else:
            waiting = N_("Waiting for the host to start the game...")
        label = self.text.render(tr(waiting), body, theme.TEXT)
        surface.blit(label, label.get_rect(midbottom=(self.panel.centerx,
                                                      self.panel.bottom - lay.px(16))))
        self.form.draw(surface, self.text, lay)
        self.draw_footer(surface, N_("Up/Down, then Enter: choose  ·  Esc: leave"),
                         N_("D-pad, then A: choose  ·  B: leave"))


def hints_words(info: dict[str, Any]) -> str:
    """Whether the table's host allows hints, for everyone in its lobby."""
    return _("hints allowed") if info.get("hints") else _("no hints at this table")


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


#: a table's status in its row when nothing more is to be said (a status of a newer host's
#: shows as it is)
STATUS_LINES = {"lobby": N_("Waiting for players"), "playing": N_("Playing"),
                "over": N_("Finished")}


def game_title(game: str) -> str:
    """A game's title in the window's language (its registered name when this version does
    not know it: a newer host's game)."""
    from game.rules import RULESETS, get_ruleset

    return _(get_ruleset(game).title or game) if game in RULESETS else game


def seats_text(table: Any, seated: bool) -> str:
    """A table row's seats: that this window's seat is kept there, else ``seats_free_text``
    ("Full" told a returning player nothing: an outside playtest)."""
    if seated and table.status == "playing":
        return _("your seat is kept for you")
    if table.status == "over":  # ("Full", then "This game is over." on a click: a playtest)
        return _(STATUS_LINES["over"])
    return seats_free_text(table)


def seats_free_text(table: Any) -> str:
    """``2 of 4 seats free`` (``Full`` when none is)."""
    free = table.seats_total - table.seats_taken
    if free <= 0:
        return _("Full")
    return ngettext("{free} of {total} seat free", "{free} of {total} seats free",
                    table.seats_total).format(free=free, total=table.seats_total)


def version_problem(table: Any) -> str:
    """Why a table cannot play with this window's version and what to do ("" when it can)."""
    from net.wire import APP_VERSION, PROTOCOL_VERSION

    if table.compatible:
        return ""
    if table.app and table.app != APP_VERSION:
        return _("Another version: the host runs Star Party {theirs}, you run {ours}. "
                 "Install the same version to join.").format(theirs=table.app, ours=APP_VERSION)
    return _("Another network protocol ({theirs}; yours: {ours}). Install the same Star Party "
             "version to join.").format(theirs=table.protocol, ours=PROTOCOL_VERSION)


def table_details(table: Any, seated: bool,
                  password_known: bool = False) -> tuple[str, theme.Color]:
    """A table row's second line (and its colour): why it cannot be joined, else its state."""
    problem = version_problem(table)
    if problem:
        return problem, theme.WARNING
    if not has_table(table.game):
        return _("This window cannot show a {game} table yet.").format(
            game=game_title(table.game)), theme.WARNING
    state = _(STATUS_LINES[table.status]) if table.status in STATUS_LINES else table.status
    if seated and table.status == "playing":
        return _("Playing: your seat is kept for you. Click to go back."), theme.LEGAL
    watch = can_watch(table.game)
    if table.status == "playing":
        return (_("Playing: only its players may come back. Click to watch.") if watch
                else _("Playing: only its players may come back.")), theme.TEXT_DIM
    if table.status != "lobby":
        return state, theme.TEXT_DIM
    if table.seats_taken >= table.seats_total:
        return (_("Every seat is taken. Click to watch.") if watch
                else _("Every seat is taken.")), theme.TEXT_DIM
    if table.password and password_known:  # typed earlier in this run (``ask_password``)
        return (_("Waiting for players. Click to join with the password you typed (right-"
                  "click or W: watch).") if watch else
                _("Waiting for players. Click to join with the password you typed.")), theme.TEXT
    if table.password:
        return (_("Waiting for players. Password needed: click to type it (right-click or W: "
                  "watch).") if watch else
                _("Waiting for players. Password needed: click to type it.")), theme.TEXT
    return (_("Waiting for players. Click to join (right-click or W: watch).") if watch
            else _("Waiting for players. Click to join.")), theme.TEXT


def can_watch(game: str) -> bool:
    """Whether this window can show a table of ``game`` to a spectator."""
    return has_table(game) and get_kit(game).watch


def table_label(table: Any) -> str:
    """One line for a table (tests and screen readers): name, game, seats, state, lock."""
    parts = [table.name, game_title(table.game), seats_free_text(table),
             table_details(table, seated=False)[0]]
    if table.password:
        parts.append(_("password"))
    return "  ·  ".join(parts)


def fitted(text: TextCache, line: str, size: int, width: int,
           bold: bool = False) -> tuple[str, int]:
    """``line`` at the largest size up to ``size`` that fits ``width``; cut with an ellipsis
    when even the smallest size does not fit (a long table name)."""
    size = text.fit(line, size, width, bold=bold)
    return text.cut(line, size, width, bold), size


def draw_lock(surface: pygame.Surface, centre: tuple[int, int], height: int,
              color: theme.Color) -> None:
    """A padlock (drawn, not a glyph: every font and language shows it)."""
    w, h = height * 3 // 4, height // 2
    body = pygame.Rect(0, 0, w, h)
    body.midbottom = (centre[0], centre[1] + height // 2)
    shackle = pygame.Rect(0, 0, w * 2 // 3, height * 2 // 3)
    shackle.midtop = (centre[0], centre[1] - height // 2)
    pygame.draw.rect(surface, color, shackle, max(2, height // 8),
                     border_radius=shackle.w // 2)
    pygame.draw.rect(surface, color, body, border_radius=max(1, height // 10))


def draw_warning(surface: pygame.Surface, text: TextCache, centre: tuple[int, int],
                 height: int) -> None:
    """A warning triangle with an exclamation mark (cannot play with this version)."""
    x, y = centre
    half = height // 2
    points = [(x, y - half), (x + half, y + half), (x - half, y + half)]
    pygame.draw.polygon(surface, theme.WARNING, points)
    mark = text.render("!", max(theme.MIN_FONT_PX, height * 3 // 4), theme.SKY_TOP, bold=True)
    surface.blit(mark, mark.get_rect(center=(x, y + half // 3)))


def draw_table_marks(surface: pygame.Surface, text: TextCache, layout: Layout, table: Any,
                     x: int, centre_y: int, mark: int) -> int:
    """A table's marks from ``x`` (the warning for another version, the lock for a password),
    as the join screen's rows and the menu's list draw them; the x after them."""
    if not table.compatible:
        draw_warning(surface, text, (x + mark // 2, centre_y), mark)
        x += mark + layout.px(8)
    if table.password:
        draw_lock(surface, (x + mark // 2, centre_y), mark, theme.ACCENT)
        x += mark + layout.px(8)
    return x


class TableRow(Widget):
    """One table found on the LAN. Line 1: lock or warning mark, name, game, free seats;
    line 2: what a click does, why it cannot, or what went wrong joining it (``note``, kept
    beside the row until the player tries again)."""

    def __init__(self, table: Any, action: Callable[[Any], None], seated: bool,
                 watch: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.action = action
        self.seated = seated
        #: right-click or W: watch the table instead (a TV set up before everyone arrived
        #: could not attach to a table with free seats: an outside playtest)
        self.watch = watch
        #: the table's password was typed earlier in this run (the row says it is not asked)
        self.password_known = False
        #: an error or progress message about this row (an ``N_``/``Lazy`` message)
        self.note = ""
        self.note_color: theme.Color = theme.WARNING

    @property
    def label(self) -> str:
        return table_label(self.table)

    @property
    def joinable(self) -> bool:
        table = self.table
        return table.compatible and has_table(table.game) and (
            self.seated or (table.status == "lobby" and table.seats_taken < table.seats_total))

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if pressed(event, self.rect, focused):
            self.action(self)
            return True
        if self.watch is not None and ((
                event.type == pygame.MOUSEBUTTONUP and event.button == 3
                and self.rect.collidepoint(event.pos)) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_w and (
                    focused or self.rect.collidepoint(pygame.mouse.get_pos())))):
            # (W with the mouse over the row too: a mouse player gives no row the focus)
            self.watch(self)
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        table = self.table
        draw_frame(surface, self.rect, layout, focused, hovered)
        pad, mark = layout.px(14), layout.px(22)
        top = self.rect.y + layout.px(8)
        x = self.rect.x + pad
        x = draw_table_marks(surface, text, layout, table, x, self.rect.y + self.rect.h // 3,
                             mark)
        body, small = layout.font_px("body"), layout.font_px("small")
        watchable = table.compatible and table.status != "over" and can_watch(table.game)
        colour = theme.TEXT if self.joinable or watchable else theme.TEXT_DIM
        seats, seats_size = fitted(text, seats_text(table, self.seated), body, self.rect.w // 4)
        seats_label = text.render(seats, seats_size,
                                  theme.LEGAL if self.joinable else theme.TEXT_DIM)
        seats_x = self.rect.right - pad - seats_label.get_width()
        surface.blit(seats_label, (seats_x, top))
        title, size = fitted(text, f"{table.name}  ·  {game_title(table.game)}", body,
                             seats_x - x - pad, bold=True)
        surface.blit(text.render(title, size, colour, bold=True), (x, top))
        if self.note:
            line, line_colour = tr(self.note), self.note_color
        else:
            line, line_colour = table_details(table, self.seated, self.password_known)
        right = ""
        if table.app:
            right = _("Star Party {version}").format(version=table.app)
        version_w = text.size(right, small)[0] if right else 0
        line_x = self.rect.x + pad
        width = self.rect.right - pad - line_x - (version_w + pad if right else 0)
        line, size = fitted(text, line, small, width)
        y2 = self.rect.bottom - layout.px(8) - text.size(line or " ", size)[1]
        surface.blit(text.render(line, size, line_colour), (line_x, y2))
        if right:
            surface.blit(text.render(right, small, theme.TEXT_DIM),
                         (self.rect.right - pad - version_w, y2))


class PasswordField(TextField):
    """A text field that shows stars for what is typed."""

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        typed, self.value = self.value, "*" * len(self.value)
        try:
            super().draw(surface, text, layout, focused, hovered)
        finally:
            self.value = typed


#: the most tables the list shows at once (the address box below never moves)
VISIBLE_TABLES = 5
#: a typed address refused with one of these has no seat for the player: watching is offered
NO_SEAT_CODES = ("table_full", "already_started")


class JoinScene(SkyScene):
    """Tables found on the LAN (live), or an address typed by hand; your name above them.

    A refused join comes back here and stays beside what caused it (the table's row, the
    address box, the password prompt) until the player edits it or tries again; a table that
    asks for a password asks for it in a field first."""

    def __init__(self, app: Stage, browse: bool = True) -> None:
        """``browse`` False: no zeroconf browser; the list shows what ``show_tables`` is given
        (the screenshot walk's sample tables, without a network)."""
        super().__init__(app)
        self.name = TextField(N_("Your name"), app.settings.player_name, self._name)
        self.address = TextField(N_("Address (host:port)"), "", self._address_edited, limit=60)
        self.join_button = Button(N_("Join"), self.join_typed, size="body")
        #: beside the address box when its host has no seat to give (full, or started)
        self.watch_button = Button(N_("Watch"), self.watch_typed, size="body")
        #: the typed table that can be watched (host, port), while the refusal is shown
        self.watch_address: tuple[str, int] | None = None
        self.back_button = Button(N_("Back"), self.back, size="body")
        self.table_buttons: list[TableRow] = []
        self.tables: list[Any] = []
        #: the LAN browser while this screen is shown (``lan_browser.BackgroundBrowser``)
        self.browser: Any = None
        self.browse_error = ""
        #: what went wrong with the typed address (kept until it is edited or tried again)
        self.address_note = ""
        #: notes of rows, by table instance (rows are rebuilt as the list changes), each with
        #: the table's status it was given for (``set_row_note``)
        self.row_notes: dict[str, tuple[str, str | None]] = {}
        #: addresses last tried with a password remembered from earlier in the run (refused:
        #: the prompt starts empty, no "wrong password" for what the player never typed)
        self.remembered: set[str] = set()
        self.form = Form([self.name, self.address, self.join_button, self.back_button])
        self.form.focus = 1  # the address: typing goes there first
        #: the first table shown (the wheel scrolls a list longer than the screen's rows)
        self.first = 0
        self._closing = False
        #: browse while shown (a lobby or a table over the join screen closes the browser)
        self._browse = browse
        #: the browser was closed because another scene covered this one
        self._covered = False
        self._open_browser()

    def _name(self, value: str) -> None:
        """Saved as Settings saves it (a blank name keeps the last one), and counts as chosen."""
        if self.app.settings.choose_name(value):
            self.app.store_settings()

    def _address_edited(self, _value: str) -> None:
        self.address_note = ""
        self.offer_watch_typed(None)

    def offer_watch_typed(self, address: tuple[str, int] | None) -> None:
        """Show (an address) or take away (None) the Watch button beside the address box."""
        if address == self.watch_address:
            return
        self.watch_address = address
        focused = self.form.widgets[self.form.focus]
        self.form.widgets = [w for w in self.form.widgets if w is not self.watch_button]
        if address is not None:
            self.form.widgets.insert(self.form.widgets.index(self.join_button),
                                     self.watch_button)
        self.form.focus = self.form.widgets.index(
            focused if focused in self.form.widgets else self.address)
        self.relayout()

    def watch_typed(self) -> None:
        """Watch the typed table whose host has no seat to give (no seat taken, no token)."""
        if self.watch_address is not None:
            host, port = self.watch_address
            self.join(host, port, source="", watch=True)

    def _open_browser(self) -> None:
        if self._browse and not self._closing and self.browser is None:
            self.browser = BackgroundBrowser(self.app.lan_interfaces)

    def _close_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def exit(self) -> None:
        self._closing = True
        self._close_browser()

    def poll(self) -> None:
        """Browse only while shown: under a lobby or a table (a refused join comes back here)
        no browser runs (every start has its close); it opens again when the screen shows."""
        if not self.shown():
            if self.browser is not None:
                self._close_browser()
                self._covered = True
            return
        if self._covered:  # shown again: browse again
            self._covered = False
            self._open_browser()
            return
        if self.browser is None:
            return
        if self.browser.error:  # no zeroconf here: typing works anyway
            self.browse_error = N_("LAN discovery is unavailable ({error})",
                                   error=self.browser.error)
        if self.browser.poll():
            self.show_tables(self.browser.tables())

    def show_tables(self, tables: list[Any]) -> None:
        """Rebuild the list's rows (their notes kept), leaving the focus where it was."""
        self.tables = tables
        seated = SeatTokens()
        self.first = max(0, min(self.first, len(tables) - VISIBLE_TABLES))
        self.table_buttons = [TableRow(t, self.choose, seated.kept_for(t.address, t.table_id),
                                       self.watch_row)
                              for t in tables[self.first:self.first + VISIBLE_TABLES]]
        for table in tables:
            if self.row_notes.get(table.instance, ("", table.status))[1] != table.status:
                del self.row_notes[table.instance]
        for row in self.table_buttons:
            row.note = self.row_notes.get(row.table.instance, ("", None))[0]
            row.password_known = row.table.address in self.app.table_passwords
        focused = self.form.widgets[self.form.focus]
        self.form.widgets = [self.name, *self.table_buttons, self.address,
                             *([self.watch_button] if self.watch_address else []),
                             self.join_button, self.back_button]
        # the list changing under the player must not move their focus (or their typing)
        self.form.focus = (self.form.widgets.index(focused) if focused in self.form.widgets
                           else self.form.widgets.index(self.address))
        self.relayout()

    def set_row_note(self, instance: str, note: str) -> None:
        # a note answers the table as it was: it goes when the table's state changes ("This
        # game is over." stayed beside a table playing again: a playtest)
        self.row_notes[instance] = (note, next(
            (table.status for table in self.tables if table.instance == instance), None))
        for row in self.table_buttons:
            if row.table.instance == instance:
                row.note = note

    def version_refused(self, row: TableRow) -> bool:
        """A fresh try on ``row``: its old note goes; another version's table says why
        beside it (True) instead of being tried."""
        table = row.table
        self.set_row_note(table.instance, "")
        if not version_problem(table):
            return False
        self.set_row_note(table.instance, Lazy(lambda: version_problem(table)))
        return True

    def choose(self, row: TableRow) -> None:
        """A click on a table: join it, ask for its password, or say why not beside it."""
        table = row.table
        if self.version_refused(row):
            self.app.sounds.play("invalid")
            return
        if not has_table(table.game):
            self.set_row_note(table.instance, N_("This window cannot show a {game} table yet.",
                                                 game=table.game))
        elif not row.seated and table.status == "over":
            self.set_row_note(table.instance, N_("This game is over."))
        elif not row.seated and (table.status == "playing"
                                 or table.seats_taken >= table.seats_total):
            self.offer_watch(row)
        elif table.password:
            self.ask_password(table.host, table.port, table.name, table.instance)
        else:
            self.join(table.host, table.port, source=table.instance)
        if row.note and not row.joinable:
            self.app.sounds.play("invalid")

    def watch_row(self, row: TableRow) -> None:
        """Right-click or W on a table: watch it, even while it still has free seats."""
        table = row.table
        if self.version_refused(row):
            self.app.sounds.play("invalid")
            return
        if table.status == "over":
            self.set_row_note(table.instance, N_("This game is over."))
        else:
            self.offer_watch(row)
        if row.note:
            self.app.sounds.play("invalid")

    def offer_watch(self, row: TableRow) -> None:
        """A table without a seat for this player (its row says so): watch it when this
        window can show the game to a spectator, else say why not beside the row."""
        table = row.table
        started = table.status == "playing"
        if not can_watch(table.game):
            self.set_row_note(table.instance, N_(
                "Started: only its players may come back. Watching is not possible from the "
                "window yet.") if started else N_(
                "Full: every seat is taken. Watching is not possible from the window yet."))
            return
        if table.password:
            self.ask_password(table.host, table.port, table.name, table.instance, watch=True)
        else:
            self.join(table.host, table.port, source=table.instance, watch=True)

    def ask_password(self, host: str, port: int, title: str, source: str,
                     error: str = "", typed: str = "", watch: bool = False) -> None:
        """The table's password: the one typed for it earlier in this run, else a prompt."""
        address = f"{host}:{port}"
        known = self.app.table_passwords.get(address)
        if known and not error:
            self.join(host, port, source=source, password=known, watch=watch)
            self.remembered.add(address)
            return
        self.app.push(PasswordPrompt(self.app, self, host, port, title, source, error, typed,
                                     watch))

    def join_typed(self) -> None:
        from net.client import parse_address
        from net.server import DEFAULT_PORT

        try:
            host, port = parse_address(self.address.value, DEFAULT_PORT)
        except ValueError:
            self.address_note = N_("Not an address: type host:port, e.g. {example}.",
                                   example="192.168.1.20:" + str(DEFAULT_PORT))
            self.app.sounds.play("invalid")
            return
        self.address_note = ""
        self.offer_watch_typed(None)
        self.join(host, port, source="")

    def join(self, host: str, port: int, *, source: str = "",
             password: str | None = None, watch: bool = False) -> None:
        """Join the table at ``host:port``; with a token kept from an earlier visit (left the
        game, or restarted the program) the window takes its seat back. ``source``: the row
        (table instance) or "" (the address box) where a refusal will be said. ``watch``: as
        a spectator (no seat, no token)."""
        from net.client import Client

        address, tokens = f"{host}:{port}", SeatTokens()
        kept = None if watch else tokens.get(address)
        self.remembered.discard(address)
        if password:
            self.app.table_passwords[address] = password  # (forgotten if it is refused)

        def connect(token: str | None = None) -> Client:
            return Client(host, port, self.app.settings.player_name, token=token,
                          role="spectator" if watch else "player", password=password,
                          reconnect=True, max_attempts=3)

        session = RemoteSession(connect(kept), fresh_client=connect if kept else None,
                                keep_token=None if watch else
                                lambda token, table: tokens.put(address, token, table))
        lobby = LobbyScene(self.app, session, hosting=False)
        lobby.watching = watch
        lobby.on_failed = lambda code, text: self.refused(host, port, source, password, code,
                                                          text, watch)
        self.app.push(lobby)

    def refused(self, host: str, port: int, source: str, password: str | None, code: str,
                text: str, watch: bool = False) -> None:
        """A join came back refused (or the table went away): say so where it started; a
        password the host asks for (or a wrong one) is asked for again in its field."""
        if code in ("bad_password", "locked_out"):
            address = f"{host}:{port}"
            self.app.table_passwords.pop(address, None)
            title = next((t.name for t in self.tables if t.instance == source), "")
            error = "" if code == "bad_password" and password is None else text
            if address in self.remembered:  # an earlier table's password, not the player's
                self.remembered.discard(address)  # (a new table there): the prompt starts
                password = None  # empty, with nothing said to be wrong
                error = "" if code == "bad_password" else text
            self.ask_password(host, port, title or f"{host}:{port}", source, error,
                              typed=password or "", watch=watch)
        elif source:
            self.set_row_note(source, text)
        else:
            self.address_note = text
            self.offer_watch_typed((host, port) if code in NO_SEAT_CODES and not watch
                                   else None)

    def relayout(self) -> None:
        # the address row never moves, so a table appearing cannot slide under a click
        lay = self.layout
        width = lay.px(760)
        left = lay.width // 2 - width // 2
        top = int(lay.height * 0.15)
        self.name.rect = pygame.Rect(left, top, width, lay.px(44))
        y = self.name.rect.bottom + lay.px(14)
        self.list_rect = pygame.Rect(left, y, width, VISIBLE_TABLES * lay.px(68) - lay.px(8))
        for button in self.table_buttons:
            button.rect = pygame.Rect(left, y, width, lay.px(60))
            y += lay.px(68)
        y = self.list_rect.bottom + lay.px(30)  # room for "more tables" under the list
        join_w = lay.px(200)
        # a Watch button, when offered, takes its room from the address box (which stays put)
        watch_w = lay.px(160) if self.watch_address else -lay.px(10)
        self.address.rect = pygame.Rect(left, y, width - join_w - watch_w - 2 * lay.px(10),
                                        lay.px(48))
        self.watch_button.rect = pygame.Rect(self.address.rect.right + lay.px(10), y,
                                             max(0, watch_w), lay.px(48))
        self.join_button.rect = pygame.Rect(left + width - join_w, y, join_w, lay.px(48))
        self.note_y = self.address.rect.bottom + lay.px(6)
        self.back_button.rect = pygame.Rect(0, 0, lay.px(300), lay.px(44))
        self.back_button.rect.midtop = (lay.width // 2, self.note_y + lay.px(30))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.widgets[self.form.focus] is self.address:
            self.join_typed()
            return
        if event.type == pygame.MOUSEWHEEL and len(self.tables) > VISIBLE_TABLES:
            self.first -= event.y
            self.show_tables(self.tables)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.first += VISIBLE_TABLES if event.key == pygame.K_PAGEDOWN else -VISIBLE_TABLES
            self.show_tables(self.tables)  # (a pad's LB/RB: the wheel's pages)
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, N_("Join a LAN game"))
        lay = self.layout
        if not self.table_buttons:
            text = tr(self.browse_error or N_("Looking for tables on your network..."))
            size = self.text.fit(text, lay.font_px("large"), self.list_rect.w)
            label = self.text.render(text, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=self.list_rect.center))
        elif len(self.tables) > VISIBLE_TABLES:
            more = len(self.tables) - VISIBLE_TABLES
            words = ngettext("{n} more table: scroll the list with the mouse wheel",
                             "{n} more tables: scroll the list with the mouse wheel",
                             more).format(n=more)
            line, size = fitted(self.text, words, lay.font_px("small"), self.list_rect.w)
            label = self.text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(lay.width // 2,
                                                       self.list_rect.bottom + lay.px(4))))
        self.form.draw(surface, self.text, lay)
        if self.address_note:
            note = tr(self.address_note)
            if self.watch_address is not None:
                note = _("{why}  ·  Watch: look on without a seat.").format(why=note)
            line, size = fitted(self.text, note, lay.font_px("small"),
                                self.join_button.rect.right - self.address.rect.x)
            label = self.text.render(line, size, theme.WARNING)
            surface.blit(label, (self.address.rect.x, self.note_y))
        self.draw_footer(surface, N_("Click a table, or type host:port and press Enter  ·  "
                                     "Esc back"),
                         N_("D-pad: choose  ·  A: join  ·  X: type an address  ·  LB/RB: more "
                            "tables  ·  B: back"))


class PasswordScene(Scene):
    """A table's password asked over the screen: its name with a lock, one sentence, the
    field and two buttons; a subclass says what the password is for (``submitted``)."""

    opaque = False
    #: an empty field may be sent (a host may serve a table without one)
    empty_allowed = False

    def __init__(self, app: Stage, title: str, ask: str, ok: str, error: str = "",
                 typed: str = "") -> None:
        super().__init__(app)
        self.title, self.ask = title, ask
        #: what went wrong on the last try (wrong password, locked out...)
        self.error = error
        #: (a retry keeps what was typed: a typo is fixed with Backspace)
        self.field = PasswordField(N_("Password"), typed, self._edited, limit=64)
        self.ok = Button(ok, self.submit, size="body")
        self.cancel = Button(N_("Cancel"), self.app.pop, size="body")
        self.form = Form([self.field, self.cancel, self.ok])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def _edited(self, _value: str) -> None:
        self.error = ""

    def submit(self) -> None:
        if not self.field.value and not self.empty_allowed:
            self.error = N_("Type the table's password first.")
            self.app.sounds.play("invalid")
            return
        self.app.pop()
        self.submitted(self.field.value)

    def submitted(self, password: str) -> None:
        raise NotImplementedError

    def relayout(self) -> None:
        lay = self.layout
        self.panel = pygame.Rect(0, 0, lay.px(640), lay.px(280))
        self.panel.center = lay.rect.center
        inner = self.panel.inflate(-2 * lay.px(32), 0)
        self.field.rect = pygame.Rect(inner.x, self.panel.y + lay.px(100), inner.w, lay.px(50))
        self.error_y = self.field.rect.bottom + lay.px(8)
        w, h = (inner.w - lay.px(20)) // 2, lay.px(50)
        self.cancel.rect = pygame.Rect(inner.x, self.panel.bottom - lay.px(24) - h, w, h)
        self.ok.rect = pygame.Rect(inner.right - w, self.cancel.rect.y, w, h)
        self.shade = shade_layer(lay.rect.size, 150)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.widgets[self.form.focus] is self.field:
            self.submit()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        lay = self.layout
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.ACCENT, 2)
        width = self.panel.w - 2 * lay.px(32)
        mark = lay.px(26)
        title, size = fitted(self.text, self.title, lay.font_px("large"),
                             width - mark - lay.px(12), bold=True)
        label = self.text.render(title, size, theme.ACCENT, bold=True)
        x = self.panel.centerx - (label.get_width() + mark + lay.px(12)) // 2
        y = self.panel.y + lay.px(26)
        draw_lock(surface, (x + mark // 2, y + label.get_height() // 2), mark, theme.ACCENT)
        surface.blit(label, (x + mark + lay.px(12), y))
        ask, size = fitted(self.text, tr(self.ask), lay.font_px("body"), width)
        label = self.text.render(ask, size, theme.TEXT)
        surface.blit(label, label.get_rect(midtop=(self.panel.centerx,
                                                   y + lay.px(40))))
        self.form.draw(surface, self.text, lay)
        if self.error:
            line, size = fitted(self.text, tr(self.error), lay.font_px("body"), width)
            label = self.text.render(line, size, theme.WARNING)
            surface.blit(label, (self.field.rect.x, self.error_y))


class PasswordPrompt(PasswordScene):
    """The password of a table, over the join screen: a wrong one is said beside the field,
    which keeps what was typed for another try."""

    def __init__(self, app: Stage, join: JoinScene, host: str, port: int, title: str,
                 source: str, error: str = "", typed: str = "", watch: bool = False) -> None:
        super().__init__(app, title, N_("This table asks for a password."),
                         N_("Watch") if watch else N_("Join"), error, typed)
        self.join_scene, self.host, self.port = join, host, port
        self.source, self.watch = source, watch

    def submitted(self, password: str) -> None:
        self.join_scene.join(self.host, self.port, source=self.source, password=password,
                             watch=self.watch)
