"""What every game's table scene does the same way, whatever the game: ``GameTableScene``.

A game's table (``game/client/<game>/table.py``) subclasses it and writes only its own drawing,
input and animation of events. The base holds the session (a ``Session``: solo, hot-seat,
Continue, LAN host or guest, spectator, replay) and does the rest: who is at the screen
(``active``, ``hotseat``, ``watching``, ``replaying``), the hot-seat handover, a LAN host's
departed players (``Departures``), leaving with the one question of ``leaving.leave_warning``,
the status line, the game log's scrolling, the table's news (connection, refusals) and the
countdown to the results.

The hooks a game may override: ``poll`` or ``on_event`` (the session's news),
``handle_input`` (its keys and clicks), ``animate`` (its animations, each frame), ``take_over``
and ``send`` (extend them with ``super()``), ``view``, ``is_over``, ``reason_text``, and for
the end ``game_over_shown``, ``results_may_count`` and ``results_due`` (Stargazer plays its
final scoring there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.departures import Departures
from game.client.hinting import HintAsker
from game.client.i18n import N_, _, ngettext, stand_in_name, tr
from game.client.kits import get_kit
from game.client.leaving import leave_warning
from game.client.net_text import CONNECTION_NEWS, error_text
from game.client.scenes.base import Scene, controls_hint
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.handover import HandoverScene, Recap
from game.client.scenes.lan import fill_level
from game.client.scenes.link_lost import LinkLostScene
from game.client.scenes.menu import back_to_menu
from game.client.scenes.results import ResultsScene
from game.client.scenes.rules import RulesScene
from game.client.session import (
    BAD_HOST_DATA,
    GameConfig,
    LocalSession,
    RemoteSession,
    Session,
    party_at_one_screen,
)

if TYPE_CHECKING:
    from game.client.scenes.base import Stage
    from game.client.starfield import Starfield


class GameTableScene(Scene):
    """One game at this screen for the local seats of ``config`` (or a given ``session``)."""

    holds_game = True
    #: seconds from the end of the game (as shown here) to ``results_due``
    results_delay = 1.6

    def __init__(self, app: Stage, config: GameConfig | None, seed: int = 0,
                 session: Session | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.seed = seed
        self.session: Session = session or LocalSession(
            config, seed, ai_delay=app.ai_delay, autosave_dir=app.autosave_dir)
        humans = self.session.human_seats
        #: the seat played (or looked at) on this screen
        self.active = humans[0] if humans else 0
        #: several players take turns at this screen (a handover between them)
        self.hotseat = len(humans) > 1
        #: a replay of a finished game: nothing to play, nothing to send
        self.replaying = self.session.replay
        #: a spectator (a LAN table joined without a seat): read-only, nothing sent
        self.watching = not humans and not self.replaying
        #: the handover screen is up: the next player is not at the screen yet
        self.awaiting_handover = False
        #: per seat, how much of the game log its player had seen when they last took the
        #: screen (hot-seat): their next handover tells them what came since
        self.log_seen: dict[int, int] = {}
        self.status = ("", theme.TEXT)
        self.status_time = 0.0
        #: the type of every event seen, in order (tests and the screenshot walk read it)
        self.events_seen: list[str] = []
        self.clock = 0.0
        #: the game log, oldest first (each game words its own entries)
        self.log: list[Any] = []
        #: entries scrolled back from the newest (the wheel over the log; at most the first
        #: page's: ``draw_log_page``)
        self.log_scroll = 0
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        #: the right column (the game's layout sets it): the departures panel sits at its foot
        self.right = pygame.Rect(0, 0, 0, 0)
        self.starfield: Starfield | None = None
        #: LAN host: remote seats whose player is gone, and the seats a bot stands in for
        self.departures = Departures(self.session, app.toast, self._seat_news, fill_level)
        #: a LAN guest's link went down and the log said so (it says when it is back)
        self.link_logged_down = False
        #: the results screen took the session over (a LAN table may play again)
        self.handed_on = False
        #: seconds left before ``results_due`` (None: not counting)
        self.results_in: float | None = None
        #: the finished game's results as they came (kept: a LAN host's Play again clears
        #: the session's before a table still showing the end has shown them)
        self.final_results: dict[str, Any] | None = None
        #: hints (H, the Hint button): the hard bot's move for the seat at the screen, where
        #: the table allows them (``hinting.hints_allowed``); ``show_hint`` puts one on the board
        self.hints = HintAsker(self.session, lambda: self.active, self.show_hint,
                               lambda: self.awaiting_handover or self.is_over())
        #: the top bar's way out ("Ann · Esc: menu") as a button, where it was last drawn
        #: (empty: not one, e.g. whose turn it is at one screen)
        self.way_out_rect = pygame.Rect(0, 0, 0, 0)

    # --- what a game tells the base ------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any] | None:
        """The view on screen: the active seat's (a spectator: its one public view, kept under
        no seat). Never another local seat's: in hot-seat that would show a hidden hand."""
        views = self.session.views
        if self.watching:
            return next(iter(views.values()), None)
        return views.get(self.active)

    def poll(self) -> None:
        """Read the session's news, each event to ``on_event``; then ``watch_for_results``.
        (A game that opens its log on the first view, or plays moves out at a pace, reads the
        news its own way and calls ``watch_for_results`` itself.)"""
        for seat, event in self.session.poll():
            self.on_event(seat, event)
        self.watch_for_results()

    def on_event(self, seat: int, event: dict[str, Any]) -> None:
        """Show one event (a game animates its own and passes the rest to ``table_news``)."""
        self.events_seen.append(event.get("type", ""))
        if not event.get("replayed"):
            self.table_news(event)

    def departures_laid_out(self) -> None:
        """The departures panel (``self.departures.rect``) has just been placed or has gone:
        a game whose right column holds more makes room for it here."""

    def link_words(self) -> tuple[str, str] | None:
        """What ``LinkLostScene`` says over a LAN table whose link is down (a title and what
        brings the game back); None: the link is up, or the table is this window's own."""
        session = self.session
        if isinstance(session, RemoteSession) and session.error_code == BAD_HOST_DATA:
            # (said even at a finished game: a bad game_over left it "Counting the stars..."
            # for ever, without a word: an outside hostile-host check)
            return (N_("The host sent what this window cannot show"),
                    N_("Leave, then find the table in the menu again.") if self.watching else
                    N_("Leave, then join the table again from the menu: your seat is kept "
                       "for you."))
        if not isinstance(session, RemoteSession) or self.is_over() or session.link_up or \
                self.final_results is not None or session.results is not None:
            return None  # (a finished game still playing out its end needs no link)
        if session.connection in ("failed", "closed"):
            return (N_("The table is gone"),
                    N_("The connection to the table failed. Leave, then find the table in the "
                       "menu again.") if self.watching else
                    N_("The connection to the table failed. Leave, then join the table again "
                       "from the menu: your seat is kept for you."))
        if session.host_stopped:
            return (N_("The host closed the table"),
                    N_("The game comes back here by itself when the host continues it "
                       "(Continue in the host's menu)."))
        return (N_("The connection to the table is lost"),
                N_("Trying again every few seconds: the game comes back here by itself."))

    def is_over(self) -> bool:
        """The game on screen is over (leaving asks nothing then)."""
        return bool(self.view and self.view.get("over"))

    def animate(self, dt: float) -> None:
        """The game's animations run ``dt`` more (before the results count down)."""

    def reason_text(self, code: str) -> str | None:
        """The game's words for a refusal ``code`` (None: the window's general words)."""
        return None

    def show_hint(self, hint: Any) -> str | None:
        """Show a hint (``game.ai.hints.Hint``) on the board; returns in words what the
        board cannot show (None: nothing). ``self.hints.line()`` says why."""
        return None

    def send(self, move: dict[str, Any]) -> None:
        """A move for the seat at the screen (a spectator or a replay sends nothing: their
        table would refuse it anyway)."""
        if not self.watching and not self.replaying:
            self.session.send(self.active, move)

    # --- the status line and the log -------------------------------------------------------
    def say(self, message: str, color: theme.Color = theme.TEXT, seconds: float = 4.0) -> None:
        self.status = (message, color)
        self.status_time = seconds

    def add_to_log(self, entries: list[Any]) -> None:
        """Add entries to the game log (a reader scrolled back keeps the same page)."""
        self.log += entries
        if self.log_scroll:
            self.log_scroll += len(entries)

    def scroll_log(self, step: int) -> None:
        self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + step))

    def draw_log_page(self, surface: pygame.Surface, x: int, top: int, width: int,
                      room: int, step: int, size: int,
                      wrap: Callable[[str, int, int], list[str]]) -> None:
        """The game log's lines in a panel of ``room`` lines from ``top``, each ``wrap``ped to
        ``width``, the newest at the bottom: the page ending ``log_scroll`` entries before the
        newest. Scrolled back, the bottom line says how many are newer (the panel looked
        stale); scrolled to the start, the first page shows full and the wheel goes no
        further back (it showed one line at the bottom of an empty panel)."""
        end = len(self.log) - self.log_scroll
        if self.log_scroll:
            room -= 1  # the bottom line says how many are newer
        lines: list[tuple[str, Any]] = []
        for text, color in reversed(self.log[:end]):
            wrapped = wrap(tr(text), size, width)
            if len(lines) + len(wrapped) > room:
                break
            lines[:0] = [(line, color) for line in wrapped]
        else:  # the first entry is on the page: the rest of it follows
            for text, color in self.log[end:]:
                wrapped = wrap(tr(text), size, width)
                if len(lines) + len(wrapped) > room:
                    break
                lines += [(line, color) for line in wrapped]
                end += 1
            self.log_scroll = len(self.log) - end  # (a wheel further back changes nothing)
        newer = len(self.log) - end
        y = top + (room - len(lines)) * step
        for text, color in lines:
            surface.blit(self.text.render(text, size, color), (x, y))
            y += step
        if newer:
            words = ngettext("{n} newer below", "{n} newer below", newer).format(n=newer)
            label = self.text.render(words, self.text.fit(words, self.layout.font_px("tiny"),
                                                          width), theme.ACCENT)
            surface.blit(label, label.get_rect(topright=(x + width, y)))

    def follow_log(self) -> None:
        """The log shows the newest entries again (a new card or round, the log closed)."""
        self.log_scroll = 0

    def table_news(self, event: dict[str, Any]) -> None:
        """What the table (not the game) says: the connection's state, a refused move."""
        kind = event.get("type")
        if kind == "connection":
            self.log_link(event["state"])
            if self.link_words() is None:  # (else the overlay says it)
                self.app.toast(CONNECTION_NEWS.get(event["state"], event["state"]))
        elif kind == "refused":
            self.app.sounds.play("invalid")
            words = self.reason_text(event["code"])
            self.say(words if words is not None else error_text(event["code"], event["detail"]),
                     theme.ILLEGAL)

    def log_link(self, state: str) -> None:
        """A LAN guest's log keeps the link going down and coming back (the overlay and a
        toast said it, and a player reading the log back saw the game jump: a LAN
        evening's playtest)."""
        if not isinstance(self.session, RemoteSession):
            return
        if state in ("reconnecting", "failed", "closed") and not self.link_logged_down:
            self.link_logged_down = True
            self.add_to_log([(N_("The host closed the table.") if self.session.host_stopped
                              else N_("The connection to the table was lost."),
                              theme.ILLEGAL)])
        elif state == "connected" and self.link_logged_down:
            self.link_logged_down = False
            self.add_to_log([(N_("Back at the table: the game goes on."), theme.LEGAL)])

    def log_names(self) -> list[str]:
        """The seats' names for the game log's news and a move's caption: a seat a bot stands
        in for now is "Aiko (AI)" (the log said "Aiko drew the card" of the bot's cards while
        her board said a bot played for her: a LAN evening's playtest)."""
        names = list(self.session.names)
        for seat in self.departures.stand_ins:
            if 0 <= seat < len(names):
                names[seat] = stand_in_name(names[seat])  # (Japanese: 「Aikoさん（AI）が」)
        return names

    def _seat_news(self, message: str) -> None:
        """A player left or came back, a bot took a departed player's seat or gave it back
        (``Departures``): said, and kept in the game log (it went by in 4 s: a playtest)."""
        self.app.sounds.play("click")
        self.say(message, theme.ACCENT)
        self.add_to_log([(message, theme.ACCENT)])

    # --- hot-seat ---------------------------------------------------------------------------------
    def show_handover(self, seat: int, previous: int | None = None,
                      undo: Callable[[], None] | None = None) -> None:
        """Hide the table until ``seat``'s player is at the screen; ``previous`` may still
        come back and take their turn back with ``undo``."""
        self.awaiting_handover = True
        if self.active in self.log_seen:  # the player leaving the screen saw it all so far
            self.log_seen[self.active] = len(self.log)
        # what happened since this player last had the screen (the others' turns went by
        # behind the handover: a playtest), or the game so far at their first turn
        recap = Recap(list(self.log[self.log_seen.get(seat, 0):]), seat in self.log_seen) \
            if get_kit(self.session.info["game"]).handover_recap else None
        self.app.push(HandoverScene(self.app, self, seat, previous, undo, recap))

    def take_over(self, seat: int) -> None:
        """The handover screen was accepted: ``seat`` now plays on this screen."""
        self.active = seat
        self.awaiting_handover = False
        self.log_seen[seat] = len(self.log)
        self.say(N_("{name}, your turn.", name=self.session.names[seat]), theme.ACCENT)

    # --- scene hooks ----------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.poll()

    def exit(self) -> None:
        self.hints.close()
        if not self.handed_on:
            self.session.close()

    def leave(self) -> None:
        self.session.close()
        # (a party: its lobby, seated)
        back_to_menu(self.app, party_at_one_screen(getattr(self.session, "config", None),
                                                   self.session))

    def way_out_words(self, name: str) -> str:
        """The top bar's right end: whose place this is and where Esc (a pad's B) leads, as
        ``back`` decides: a spectator leaves at once (no menu: its bar said "B: menu" beside
        a panel's "Esc: leave", a playtest), a player gets the leave question."""
        if self.watching:
            return controls_hint(self.app, _("Watching  ·  Esc: leave"),
                                 _("Watching  ·  B: leave"))
        return controls_hint(self.app, _("{name}  ·  Esc: menu"),
                             _("{name}  ·  B: menu")).format(name=name)

    def draw_way_out(self, surface: pygame.Surface, words: str, line: int,
                     colour: theme.Color = theme.TEXT_DIM, button: bool = True,
                     right: int | None = None) -> pygame.Rect:
        """The top bar's right end (or words ending at ``right``), on its baseline ``line``;
        ``button``: framed as the button it is (a click does what Esc does: a player with the
        mouse alone could not leave a game, the words "Esc: menu" did nothing under a click, a
        playtest), else plain words that leave the button as it is. Returns what it took
        (the bar's middle text keeps left of it)."""
        lay = self.layout
        size = lay.font_px("body")
        label = self.text.render(words, size, colour, bold=not button)
        end = lay.width - lay.px(20) if right is None else right
        place = label.get_rect(topright=(end, self.text.line_top(words, size, line,
                                                                 bold=not button)))
        if not button:
            surface.blit(label, place)
            return place
        # (its height from the type size, not the words: a Japanese name's taller letters
        # must not move the frame)
        height = size + lay.px(12)
        self.way_out_rect = pygame.Rect(place.x - lay.px(7), line - height // 2,
                                        place.w + lay.px(14), height)
        hovered = self.way_out_rect.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(surface, theme.PANEL_LIGHT if hovered else theme.PANEL,
                         self.way_out_rect, border_radius=lay.px(6))
        pygame.draw.rect(surface, theme.ACCENT if hovered else theme.PANEL_EDGE,
                         self.way_out_rect, max(1, lay.px(1)), border_radius=lay.px(6))
        surface.blit(label, place)
        return self.way_out_rect

    def clicked_way_out(self, pos: tuple[int, int]) -> bool:
        """A click on the top bar's way out: what Esc does there (True: it was that). At one
        screen the couch tables take the mouse's click as a device's (their ``back``)."""
        if not self.way_out_rect.collidepoint(pos):
            return False
        self.handle_input(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        return True

    def back(self, owner: str | None = None) -> None:
        """Esc: leave, after the one question of what leaving does (none when the game is over
        or watched: a spectator leaves nothing behind). ``owner``: the pad that asked, the
        only pad that answers (at one screen)."""
        if self.is_over() or self.watching:
            self.leave()
            return
        if self.departures.all_buttons:  # a LAN host with a player gone: those answers first
            from game.client.scenes.dialog import ChoiceDialog

            answers = [(button.label, button.activate) for button in self.departures.all_buttons]
            self.app.push(ChoiceDialog(self.app, leave_warning(self.session),
                                       [*answers, (N_("Leave"), self.leave)],
                                       cancel=N_("Keep playing"), owner=owner))
            return
        self.app.push(ConfirmDialog(self.app, leave_warning(self.session), self.leave,
                                    yes=N_("Leave"), no=N_("Keep playing"),
                                    extra=(N_("Rules"), self.show_rules), owner=owner))

    def show_rules(self) -> None:
        """The game's rules page over the table (Esc comes back to it): the menu a player
        opens mid-game offered only to leave (a party's playtest). The game goes on
        meanwhile: a table played by others and bots has no pause."""
        self.app.push(RulesScene(self.app, self.session.info["game"]))

    def handle(self, event: pygame.event.Event) -> None:
        """A LAN host's departure buttons and keys (B, G) first, then the game's input."""
        if event.type == pygame.KEYDOWN and self.departures.key(event.key):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.clicked_way_out(event.pos):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.departures.click(event.pos):
            return
        if not self.replaying and self.hints.handle(event):
            return
        self.handle_input(event)

    def handle_input(self, event: pygame.event.Event) -> None:
        """The game's own input (here only Esc: ``back``)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.app.scene is self and self.link_words() is not None:
            self.app.push(LinkLostScene(self.app, self))  # until the link is back
        if self.starfield is not None:
            self.starfield.update(dt)
        self.animate(dt)
        self.hints.update()
        self.departures.track(self.clock)
        if self.departures.changed:
            self.departures.layout(self.right, self.layout)
            self.departures_laid_out()
        if self.status_time > 0:
            self.status_time -= dt
        if self.results_in is not None and self.app.scene is self and self.results_may_count():
            self.results_in -= dt
            if self.results_in <= 0:
                self.results_in = None
                self.results_due()

    # --- the end ------------------------------------------------------------------------------
    def watch_for_results(self) -> None:
        """Once the session has the results and the end is shown, count down to them."""
        if self.session.results is not None and self.final_results is None:
            self.final_results = self.session.results
        if self.results_in is None and self.final_results is not None and \
                self.game_over_shown():
            self.results_in = self.results_delay

    def game_over_shown(self) -> bool:
        """The screen shows the end of the game (not a move still playing out)."""
        return True

    def results_may_count(self) -> bool:
        """The countdown to the results may run this frame (nothing still moving)."""
        return True

    def results_due(self) -> None:
        """The countdown is over: the results (a game may show its final scoring first)."""
        self.show_results()

    def show_results(self) -> None:
        """The results screen takes the session over."""
        self.results_in = None
        self.handed_on = True
        session = self.session
        self.app.replace(ResultsScene(self.app, session.info["game"], self.config,
                                      self.final_results or session.results or {},
                                      session.names, session.kinds,
                                      session=session, hints_asked=self.hints.asked_by))
