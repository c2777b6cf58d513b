"""Results: every player's score by category, a stacked bar chart, the winner, what next;
the game's statistics, its final boards and its replay when the game's kit and record allow."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.hints import has_hints
from game.client import theme
from game.client.i18n import N_, _, ngettext, tr
from game.client.kits import ClientKit, get_kit
from game.client.net_text import error_text
from game.client.press_guard import PressGuard
from game.client.record import GameRecord, record_of
from game.client.scenes.base import SkyScene
from game.client.scenes.dialog import ConfirmDialog
from game.client.session import (
    GameConfig,
    HostSession,
    RemoteSession,
    Session,
    bot_level_word,
    party_at_one_screen,
)
from game.client.widgets import Button, Form, draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


@dataclass(frozen=True)
class FinishedGame:
    """What the results of a finished game need once its table has closed, so the menu's
    "Last results" shows them again: statistics, final boards and replay included.

    Kept in memory for this run only (``Stage.last_results``): Esc from the results must not
    lose them, but after a restart a game of days ago (perhaps someone else's at this
    machine) would only crowd the menu. The autosaves of finished games are kept
    (``net.save.KEEP_FINISHED_SAVES``), so a later "past games" screen could rebuild these
    from them with ``game.rules.base.replay``."""

    game: str
    config: GameConfig | None
    results: dict[str, Any]
    names: list[str]
    kinds: list[str]
    #: the moves (None: a LAN host of an older release sent none, or the game had no table)
    record: GameRecord | None
    #: the session's last views (the final boards and the results' picture read them)
    views: dict[Any, dict[str, Any]]
    #: the hints each seat asked for (the statistics count them)
    hints_asked: dict[int, int] | None = None
    #: the seat of the player at this screen at a LAN table (its row says "(you)")
    mine: int | None = None

    def scene(self, app: Stage) -> ResultsScene:
        """Its results once more (the menu asks this, so it never imports this module)."""
        return ResultsScene.again(app, self)


class ClosedSession:
    """A finished game's stand-in for its session, which closed with its results: the final
    views, no table, nothing to poll or to close."""

    def __init__(self, views: dict[Any, dict[str, Any]]) -> None:
        self.views = views

    def poll(self) -> None:
        pass

    def close(self) -> None:
        pass


#: how long the results ignore a press that would choose a button (the keys that confirm, a
#: click): long enough for a key held or mashed through the end of a game, short enough to
#: go unnoticed by a player who reads the scores first
SETTLE_SECONDS = 0.6


class ResultsScene(SkyScene):
    """Esc goes back one level: from the statistics to the scores, from the scores to the
    menu (final boards and the replay are scenes of their own over this one: their Esc comes
    back here). The menu's "Last results" opens the last finished game's results again."""

    def __init__(self, app: Stage, game: str, config: GameConfig | None,
                 results: dict[str, Any], names: list[str], kinds: list[str],
                 session: Session | ClosedSession | None = None,
                 record: GameRecord | None = None,
                 hints_asked: dict[int, int] | None = None, mine: int | None = None) -> None:
        super().__init__(app)
        #: shown again from the menu: the table is closed, nothing more to play there
        self.reopened = isinstance(session, ClosedSession)
        self.config = config
        #: the game's client kit: its score columns, solo line and table scene
        self.kit: ClientKit = get_kit(game)
        #: the finished game's session: a LAN table stays open here, so the host can play
        #: again with everyone still connected (and a guest follows into the new game)
        self.session = session
        self.handed_on = False
        self.scores: list[dict[str, int]] = results.get("scores", [])
        self.ranking: list[int] = results.get("ranking", [1] * len(self.scores))
        self.names = names
        self.kinds = kinds
        self.order = sorted(range(len(self.scores)), key=lambda i: (self.ranking[i], i))
        #: the moves of the game (a LAN guest's: as its host sent them, checked by the rules)
        self.record = record if record is not None else record_of(session)
        self.statistics: list[tuple[str, list[int | str]]] = (
            self.kit.statistics(self.record)
            if self.kit.statistics is not None and self.record is not None else [])
        if hints_asked and not self.reopened:  # kept for every seat at this screen
            here = getattr(session, "human_seats", None) or list(hints_asked)
            hints_asked = {seat: hints_asked.get(seat, 0) for seat in here}
        if hints_asked:  # the hints each seat at this screen asked for (``hinting``); a seat
            # at another screen asked what this window cannot know: "-", not 0 (a LAN guest
            # read the host's 0 as a fact: an outside playtest)
            self.statistics.append((N_("Hints asked"), [
                hints_asked.get(seat, 0 if kinds[seat] == "ai" else "-")
                for seat in range(len(names))]))
        self.showing_statistics = False
        #: a press before ``SETTLE_SECONDS``, or an Enter held from the game's last moments
        #: (its final scoring steps on Enter), is not a choice
        self.guard = PressGuard(SETTLE_SECONDS, all_keys=False)
        # a LAN game shown again from the menu has no next game to offer (its table is gone)
        self.play_button = None if self.reopened and config is None else Button(
            N_("Play again"), self.play_again)
        buttons = [self.play_button] if self.play_button is not None else []
        if self.statistics:
            self.stats_button = Button(N_("Statistics"), self.toggle_statistics)
            buttons.append(self.stats_button)
        if self.kit.final_boards is not None and self.final_view() is not None:
            buttons.append(Button(N_("Final boards"), self.show_final_boards))
        if self.record is not None and self.record.moves:
            buttons.append(Button(N_("Watch replay"), self.watch_replay))
            if has_hints(game) and "human" in self.record.kinds:
                buttons.append(Button(N_("Review"), self.review))
        #: a party at one screen goes back to its lobby, seated (``to_menu``), and says so
        self.to_party = party_at_one_screen(config, session) is not None
        buttons.append(Button(N_("Back to the party") if self.to_party else N_("Back to menu"),
                              self.to_menu))
        # the row stops at its ends, as the main menu does: Left from Play again went round to
        # the last button (an outside pad-only re-check)
        self.form = Form(buttons, wraps=False)
        # a LAN game's next round is the host's call: a guest is only offered the way back
        if self.play_button is not None:
            self.play_button.enabled = config is not None or self.lan_host
        # no button has the focus until the arrows choose one: an Enter pressed once too often
        # through Stargazer's last scoring steps started a new game and lost these results
        # (two new players, the second past the first moments' guard), and a guest's Enter
        # left the table and missed the host's Play again (an outside playtest)
        self.form.focus = -1
        #: the row of the player at this screen at a LAN table ("(you)")
        lan = isinstance(session, HostSession | RemoteSession) and not self.reopened
        local = session.human_seats if lan else []
        self.mine = local[0] if len(local) == 1 else mine
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._picture: tuple[tuple, pygame.Surface | None] | None = None
        #: where the kit's picture stands (a click on it shows the table at the game's end)
        self.picture_rect: pygame.Rect | None = None
        self._standing: list[tuple[str, int, bool]] | None = None
        if not self.reopened:
            views = session.views if session is not None else {}
            # a LAN host's table closes with its results: shown again later, its game cannot be
            # played again (a couch host's config still names the remote seats it had)
            app.last_results = FinishedGame(game, None if self.lan_host else config,
                                            copy.deepcopy(results), list(names),
                                            list(kinds), self.record, copy.deepcopy(views),
                                            dict(hints_asked) if hints_asked else None,
                                            self.mine)

    @classmethod
    def again(cls, app: Stage, finished: FinishedGame) -> ResultsScene:
        """The results of ``finished`` once more (the menu's "Last results")."""
        return cls(app, finished.game, finished.config, finished.results, finished.names,
                   finished.kinds, ClosedSession(finished.views), finished.record,
                   finished.hints_asked, finished.mine)

    @property
    def lan_host(self) -> bool:
        return isinstance(self.session, HostSession)

    @property
    def lan_guest(self) -> bool:
        return self.config is None and self.session is not None and not self.lan_host \
            and not self.reopened

    def poll(self) -> None:
        """A guest follows the host into the next game at the same table."""
        if self.session is None or self.handed_on or self.config is not None or self.reopened:
            return
        self.session.poll()
        if self.lan_guest and self.session.status == "playing" and \
                self.session.results is None and self.session.views:
            self._to_table()

    def _to_table(self) -> None:
        self.handed_on = True
        # (a couch host's config: its local seats' devices; a guest's and a host's: None)
        self.app.replace(self.kit.open_table(self.app, self.config, 0, self.session))

    def exit(self) -> None:
        if self.session is not None and not self.handed_on:
            self.session.close()

    def winner_text(self) -> str:
        winners = [self.names[i] for i in range(len(self.scores)) if self.ranking[i] == 1]
        if not winners:  # (no scores came: never a crash over a heading)
            return _("The game is over")
        if len(self.scores) == 1:
            total = self.scores[0]["total"]
            return ngettext("{name} scored {n} point", "{name} scored {n} points",
                            total).format(name=winners[0], n=total)
        if len(winners) == 1:
            return _("{name} wins!").format(name=winners[0])
        names = _("{names} and {last}").format(names=_(", ").join(winners[:-1]),
                                               last=winners[-1])
        return _("A tie between {names}!").format(names=names)

    def tie_text(self) -> str | None:
        """How a tie on points for first place was broken (the game's kit says), or None."""
        if self.kit.tie_line is None or not self.scores:
            return None
        return self.kit.tie_line(self.final_view(), [s["total"] for s in self.scores],
                                 self.ranking, self.names)

    def solo_seat(self) -> int | None:
        """The one human's seat of a solo game played here (None: hot-seat, LAN, no
        scores): the solo line and the standing are about that player."""
        humans = [i for i, kind in enumerate(self.kinds) if kind == "human"]
        if self.config is None or len(humans) != 1 or not self.scores:
            return None  # a LAN game is never solo, even with one player at each machine
        return humans[0]

    def solo_line(self) -> str | None:
        """Solo: the human's rank title from the published table (``SOLO_RANKS``), and where
        the total stands among the bots only while the standing's bars do not show it (the
        line named one level's share beside bars naming every level's: two playtests read the
        two as a contradiction): among the games of the level played here, as the bars mark
        it (the Statistics' line named another: an outside playtest)."""
        seat = self.solo_seat()
        if seat is None or self.kit.solo_line is None:
            return None
        played = [level for level, _share, here in self.standing() if here]
        return self.kit.solo_line(self.scores[seat]["total"], self.final_view(),
                                  self.standing_top() is None, played)

    def standing(self) -> list[tuple[str, int, bool]]:
        """Solo: for each bot level, the percent of its measured solo games the human's total
        beats, and whether a bot of that level played in this game (the solo line names one
        level, often not the one played: a playtest asked for the one played). Worked out
        once: the scores and the seats do not change here."""
        if self._standing is None:
            self._standing = self._work_out_standing()
        return self._standing

    def _work_out_standing(self) -> list[tuple[str, int, bool]]:
        seat = self.solo_seat()
        if seat is None or self.config is None or self.kit.solo_standing is None:
            return []
        from game.ai import default_level

        played = {choice.bot or default_level(self.kit.game) for choice in self.config.seats
                  if choice.kind == "ai"}
        return [(level, share, level in played) for level, share in
                self.kit.solo_standing(self.scores[seat]["total"], self.final_view())]

    def play_again(self) -> None:
        """Solo / hot-seat: a new table with the same setup. LAN host: a new game at the same
        table (same seats, new seed); every connected guest receives its first snapshot."""
        import random

        seed = self.app.seed_source() if self.app.seed_source else random.randrange(1 << 30)
        if self.config is not None and not self.lan_host:
            self.app.replace(self.kit.open_table(self.app, self.config, seed, None))
        elif isinstance(self.session, HostSession):  # ``lan_host`` (a couch host's too)
            from net.table import TableError

            try:
                self.session.table.restart(seed)
            except TableError as error:
                self.app.toast(error_text(error.code, error.message))
                return
            self._to_table()

    def score_note(self) -> Any:
        """The kit's line about what a column counts (``score_note``), None without one."""
        view = self.final_view()
        return self.kit.score_note(view) if view is not None else None

    def final_view(self) -> dict[str, Any] | None:
        """The last view of the finished game (every board is public now)."""
        views = self.session.views if self.session is not None else {}
        return next((v for v in views.values() if v.get("over")), None)

    def toggle_statistics(self) -> None:
        self.showing_statistics = not self.showing_statistics
        self.stats_button.label = N_("Scores") if self.showing_statistics else N_("Statistics")
        self.relayout()

    def show_final_boards(self) -> None:
        view = self.final_view()
        if view is not None and self.kit.final_boards is not None:
            self.app.push(self.kit.final_boards(self.app, view, self.names))

    def watch_replay(self, at_end: bool = False) -> None:
        """The game again, move by move, on its own table (never the live one); ``at_end``:
        from its last move, the whole table as the game ended (the results' picture of it is
        small: a playtest found its figures unreadable at 720p)."""
        from game.client.scenes.replay import ReplayScene

        if self.record is not None:
            replay = ReplayScene(self.app, self.record)
            self.app.push(replay)
            if at_end:
                replay.go(replay.session.length)

    def review(self) -> None:
        """Your moves beside the hard bot's (the first human seat here: yours)."""
        from game.client.scenes.review import ReviewScene

        if self.record is not None:
            self.app.push(ReviewScene(self.app, self.record, self.record.kinds.index("human")))

    def to_menu(self) -> None:
        from game.client.scenes.menu import MainMenuScene, back_to_menu

        if self.reopened:  # opened from the menu: back to it
            self.app.pop()
            return
        names = self.others_at_the_table()
        if names is not None:
            # a LAN host's way back closes the table under everyone still there: one Esc
            # meant for the scoring's end left the guests' Play again dead (a playtest)
            question = _("Close the table? {names} can no longer play again with you.").format(
                names=_(", ").join(names)) if names else \
                _("Close the table? Those watching it are disconnected.")
            self.app.push(ConfirmDialog(self.app, question,
                                        lambda: self.app.reset_to(MainMenuScene(self.app)),
                                        yes=N_("Close the table"), no=N_("Stay")))
            return
        back_to_menu(self.app, party_at_one_screen(self.config, self.session))

    def others_at_the_table(self) -> list[str] | None:
        """A LAN host's: the names of the guests still connected, who would follow a Play
        again (empty: only windows watching are there); None when nobody but the host's own
        seats is there."""
        if not self.lan_host or self.session is None:
            return None
        table = self.session.table
        mine = set(self.session.connections)
        names = [seat["name"] for seat in table.info()["seats"]
                 if seat["seat"] not in mine and seat["kind"] in ("remote", "open")
                 and seat["taken"] and seat["connected"]]
        return names if names or table.spectators else None

    def back(self) -> None:
        """One level up: the statistics close to the scores, the scores to the menu."""
        if self.showing_statistics:
            self.toggle_statistics()
        else:
            self.to_menu()

    def relayout(self) -> None:
        lay = self.layout
        #: the score table's column titles: up to two lines
        self.header_h = max(lay.px(34), int(2.2 * lay.font_px("small")) + lay.px(6))
        h, gap = max(lay.px(54), lay.font_px("large") + 16), lay.px(16)
        # a guest's note under the buttons ("If the host plays again...") takes a line more
        # above the keys' footer (the two overlapped under 13 rows of statistics)
        note = self.text.font(lay.font_px("small")).get_linesize() + lay.px(14) \
            if self.lan_guest else 0
        room = int(lay.height * 0.81) - h - lay.px(64) - note  # from the panel's top to the buttons
        self.row_h, height = self.panel_rows(self.showing_statistics, room)
        # the buttons stand under the taller of the two panels, so that they stay put when
        # Statistics and Scores take turns (they jumped under the pointer: a playtest)
        tallest = max(height, self.panel_rows(not self.showing_statistics, room)[1]) \
            if self.statistics else height
        self.panel = pygame.Rect(0, 0, min(lay.px(1180), lay.width - lay.px(40)), height)
        self.panel.midtop = (lay.width // 2, int(lay.height * 0.19))
        buttons = self.form.widgets
        w = min(lay.px(240), (lay.width - lay.px(40) - gap * (len(buttons) - 1))
                // len(buttons))
        y = min(self.panel.y + tallest + lay.px(24), lay.height - h - lay.px(40) - note)
        x = lay.width // 2 - (w * len(buttons) + gap * (len(buttons) - 1)) // 2
        for button in buttons:
            button.rect = pygame.Rect(x, y, w, h)
            x += w + gap

    def panel_rows(self, statistics: bool, room: int) -> tuple[int, int]:
        """The row height and the panel height of the statistics (or the scores) when
        ``room`` px stand between the panel's top and the buttons."""
        lay = self.layout
        if statistics:
            rows = len(self.statistics) + 1
            row_h = min(lay.px(34), max(lay.font_px("body") + 4, (room - lay.px(24)) // rows))
            return row_h, row_h * rows + lay.px(24)
        rows = max(1, len(self.scores))
        row_h = min(lay.px(52), int(lay.height * 0.52 / rows))
        height = row_h * rows + lay.px(30) + self.header_h
        if self.score_note() is not None:  # a line under the rows, inside the panel
            height += self.text.font(lay.font_px("small")).get_linesize()
        return row_h, height

    def enter(self) -> None:
        super().enter()
        self.guard.start()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.guard.advance(dt, self.app.settings.animation_speed)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.guard.blocks(event):
            return  # (a new player's Enter through Stargazer's scoring started a new game)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_UP, pygame.K_DOWN):
            forward = event.key in (pygame.K_RIGHT, pygame.K_DOWN)
            if self.form.focus == -1 and forward and self.form.widgets[0] is self.play_button:
                # the first press onward chooses what follows Play again: a pad's Right meant
                # for Statistics chose Play again, and A then started a new game (a playtest)
                self.form.focus = 0
            elif self.form.focus == -1 and not forward:
                # the first press back chooses the last button (it chose the one before it,
                # Review: an outside pad-only playtest)
                self.form.focus = len(self.form.widgets)
            self.form.move_focus(1 if forward else -1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.statistics:
            self.toggle_statistics()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.picture_rect is not None and self.picture_rect.collidepoint(event.pos):
            self.watch_replay(at_end=True)
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        self.draw_heading(surface, self.winner_text(), 0.08)
        solo = self.solo_line() or self.tie_text()
        if solo:  # (a long line, the rank's and the level faced, takes a smaller type)
            size = self.text.fit(solo, lay.font_px("large"), lay.width - lay.px(40))
            label = self.text.render(solo, size, theme.TEXT)
            surface.blit(label, label.get_rect(center=(lay.width // 2, int(lay.height * 0.145))))
        draw_panel(surface, self.panel, lay)
        if self.showing_statistics:
            self.draw_statistics(surface)
        else:
            self.draw_scores(surface)
        if not self.form.widgets[0].enabled and self.form.focus == 0:  # (a guest's Play again)
            self.form.focus = 1
        self.form.draw(surface, self.text, lay)
        if self.lan_guest:
            # (a headless host stops soon after the end)
            gone = not getattr(self.session, "link_up", True)
            watching = not getattr(self.session, "human_seats", [])  # a TV
            words = _("The host has closed the table.") if gone else \
                _("If the host plays again, the new game shows here.") if watching else \
                _("If the host plays again, you join the new game here.")
            note = self.text.render(words, lay.font_px("small"), theme.TEXT_DIM)
            play = self.form.widgets[0].rect
            surface.blit(note, note.get_rect(midtop=(lay.width // 2,
                                                     play.bottom + lay.px(14))))
        self.picture_rect = None  # (set again when the picture is drawn)
        if not self.showing_statistics:
            self.draw_picture(surface)
            self.draw_standing(surface)
        self.draw_footer(surface, self.footer(),
                         N_("Left/Right: choose  ·  A: open  ·  B: back to the scores")
                         if self.showing_statistics else
                         N_("Left/Right: choose  ·  A: open  ·  B: back to the party")
                         if self.to_party else
                         N_("Left/Right: choose  ·  A: open  ·  B: back to the menu"))

    def footer(self) -> str:
        """The keys, Esc saying where it leads from here."""
        if self.showing_statistics:
            return N_("Enter: choose  ·  Tab or Esc: back to the scores")
        if self.to_party:  # (the party's lobby, seated: it said "back to the menu")
            if self.form.focus < 0:
                return N_("Left/Right, then Enter: choose  ·  Esc: back to the party")
            return (N_("Enter: choose  ·  Tab: statistics  ·  Esc: back to the party")
                    if self.statistics else N_("Enter: choose  ·  Esc: back to the party"))
        if self.form.focus < 0:  # no button is chosen yet
            return N_("Left/Right, then Enter: choose  ·  Esc: back to the menu")
        return (N_("Enter: choose  ·  Tab: statistics  ·  Esc: back to the menu")
                if self.statistics else N_("Enter: choose  ·  Esc: back to the menu"))

    def draw_statistics(self, surface: pygame.Surface) -> None:
        """The kit's statistics of the game: a row per figure, a column per player."""
        lay = self.layout
        titles = [_(title) for title, _values in self.statistics]
        # the body's type where the titles fit a third of the panel (the small type read too
        # small in a mostly empty table: a playtest), smaller only where they do not
        room = max(lay.px(230), self.panel.w // 3)
        size = self.text.fit(max(titles, key=len), lay.font_px("body"), room)
        size = min(self.text.fit(title, size, room) for title in titles)
        label_w = max(self.text.size(title, size)[0] for title in titles)
        x0 = self.panel.x + lay.px(24)
        col_w = (self.panel.right - lay.px(24) - x0 - label_w - lay.px(16)) // max(
            1, len(self.order))
        y = self.panel.y + lay.px(12)
        for j, seat in enumerate(self.order):
            name = self.names[seat]
            cx = x0 + label_w + lay.px(16) + j * col_w + col_w // 2
            token = None
            if self.kit.seat_token is not None:  # the seat's piece, as on the table and the
                # scores (the generic seat colours named the players otherwise: a playtest)
                token = self.kit.seat_token(seat, size, self.app.settings.colour_blind)
            room = col_w - lay.px(6) - (token.get_width() + lay.px(6) if token else 0)
            fitted = self.text.fit(name, size, room, bold=True)
            label = self.text.render(name, fitted, theme.TEXT if token else
                                     theme.SEAT_COLORS[seat % 8], bold=True)
            if token is None:
                surface.blit(label, label.get_rect(midtop=(cx, y)))
                continue
            width = token.get_width() + lay.px(6) + label.get_width()
            left = cx - width // 2
            surface.blit(token, token.get_rect(midleft=(left, y + label.get_height() // 2)))
            surface.blit(label, (left + token.get_width() + lay.px(6), y))
        for i, (title, values) in enumerate(zip(titles, (v for _t, v in self.statistics),
                                                strict=True)):
            row_y = y + (i + 1) * self.row_h
            # titles and figures on one baseline (a Japanese title's taller surface sat lower)
            line = row_y + self.text.font(size).get_linesize() // 2
            label = self.text.render(title, size, theme.TEXT_DIM)
            surface.blit(label, (x0, self.text.line_top(title, size, line)))
            for j, seat in enumerate(self.order):
                cx = x0 + label_w + lay.px(16) + j * col_w + col_w // 2
                value = self.text.render(str(values[seat]), size, theme.TEXT)
                surface.blit(value, (cx - value.get_width() // 2,
                                     self.text.line_top(str(values[seat]), size, line)))

    def draw_scores(self, surface: pygame.Surface) -> None:
        lay = self.layout
        x0 = self.panel.x + lay.px(24)
        name_w = lay.px(170)
        columns = self.kit.score_columns
        col_w = min(lay.px(110), (self.panel.w - lay.px(48) - name_w - lay.px(120))
                    // (len(columns) + 1))
        header_y = self.panel.y + lay.px(10)
        small = lay.font_px("small")
        cols_x = [x0 + name_w + i * col_w for i in range(len(columns) + 1)]
        for column, x in zip(columns, cols_x, strict=False):
            # a title too wide for its column takes two lines ("Shooting / stars"), each at
            # the body's small type where it fits (the tiny type read too small: a playtest)
            lines = self.text.wrap(tr(column.title), small, col_w - lay.px(6))
            for n, line in enumerate(lines[:2]):
                size = self.text.fit(line, small, col_w - lay.px(6), True)
                label = self.text.render(line, size, column.color, bold=True)
                surface.blit(label, label.get_rect(midtop=(x + col_w // 2,
                                                           header_y + n * int(small * 1.1))))
        total_label = self.text.render(_("Total"), small, theme.TEXT, bold=True)
        surface.blit(total_label, total_label.get_rect(midtop=(cols_x[-1] + col_w // 2,
                                                               header_y)))
        chart_x = cols_x[-1] + col_w + lay.px(16)
        chart_w = self.panel.right - chart_x - lay.px(24)
        best = max([positive_sum(s, columns) for s in self.scores] + [1])
        y = header_y + self.header_h
        body = lay.font_px("body")
        for i in self.order:
            score = self.scores[i]
            row = pygame.Rect(self.panel.x + lay.px(10), y, self.panel.w - lay.px(20),
                              self.row_h - lay.px(6))
            if self.ranking[i] == 1:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=lay.px(8))
            rank = self.text.render(f"{self.ranking[i]}.", body, theme.TEXT_DIM)
            surface.blit(rank, rank.get_rect(midleft=(x0, row.centery)))
            label = (_("{name} (AI)") if self.kinds[i] == "ai"
                     else _("{name} (you)") if i == self.mine else "{name}")
            name_x = x0 + lay.px(30)
            color = theme.SEAT_COLORS[i % 8]
            if self.kit.seat_token is not None:  # the seat's piece, as on the table
                token = self.kit.seat_token(i, lay.px(22), self.app.settings.colour_blind)
                surface.blit(token, token.get_rect(midleft=(name_x, row.centery)))
                name_x, color = name_x + token.get_width() + lay.px(8), theme.TEXT
            # up to the first column's figures (a long name ran over them: a playtest)
            room = cols_x[0] + col_w // 2 - lay.px(22) - name_x
            who, size = self.text.fit_label(label, self.names[i], body, small, room, True)
            name = self.text.render(who, size, color, bold=True)
            surface.blit(name, name.get_rect(midleft=(name_x, row.centery)))
            for column, x in zip(columns, cols_x, strict=False):
                value = self.text.render(str(score[column.key]), body, theme.TEXT)
                surface.blit(value, value.get_rect(center=(x + col_w // 2, row.centery)))
            total = self.text.render(str(score["total"]), body, theme.ACCENT, bold=True)
            surface.blit(total, total.get_rect(center=(cols_x[-1] + col_w // 2, row.centery)))
            bar_h = max(4, int(row.h * 0.5))
            top = row.centery - bar_h // 2
            for left, width, color, lost in bar_segments(score, columns, chart_w / best):
                box = pygame.Rect(chart_x + left, top, width, bar_h)
                if lost:  # points taken off: the bar's end, outlined in their colour
                    pygame.draw.rect(surface, theme.PANEL, box)
                    pygame.draw.rect(surface, color, box, max(1, lay.px(2)))
                else:
                    pygame.draw.rect(surface, color, box)
            y += self.row_h
        note = self.score_note()
        if note is not None:
            words = tr(note)
            size = self.text.fit(words, small, self.panel.w - lay.px(48))
            label = self.text.render(words, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midbottom=(self.panel.centerx,
                                                          self.panel.bottom - lay.px(12))))

    def draw_standing(self, surface: pygame.Surface) -> None:
        """Solo, in the room between the scores and the buttons: a bar per bot level, filled
        to the share of its solo games the total beats, the levels played here marked."""
        rows, seat, top = self.standing(), self.solo_seat(), self.standing_top()
        if top is None or seat is None:
            return
        lay = self.layout
        small, body, line, body_line, bar_h = self.standing_measures()
        total = self.scores[seat]["total"]
        title = ngettext("Your {n} point beats this share of each bot level's solo games",
                         "Your {n} points beat this share of each bot level's solo games",
                         total).format(n=total)
        width = self.panel.w
        label = self.text.render(title, self.text.fit(title, small, width), theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(self.panel.centerx, top)))
        gap = lay.px(16)
        cell_w = (width - gap * (len(rows) - 1)) // len(rows)
        y = top + line + lay.px(10)
        for index, (level, share, played) in enumerate(rows):
            x = self.panel.x + index * (cell_w + gap)
            name = _("{level} bot").format(level=bot_level_word(level))
            colour = theme.ACCENT if played else theme.TEXT
            share_text = f"{share}%"
            figure = self.text.render(share_text, body, colour, bold=True)
            room = cell_w - figure.get_width() - lay.px(8)
            size = self.text.fit(name, body, room, bold=played)
            words = self.text.render(name, size, colour, bold=played)
            # on one baseline: a Japanese level's surface is taller than the figure's
            middle = y + body_line // 2
            surface.blit(words, (x, self.text.line_top(name, size, middle, bold=played)))
            surface.blit(figure, (x + cell_w - figure.get_width(),
                                  self.text.line_top(share_text, body, middle, bold=True)))
            bar = pygame.Rect(x, y + body_line + lay.px(4), cell_w, bar_h)
            pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar_h // 2)
            filled = bar.copy()
            filled.w = round(cell_w * max(0, min(100, share)) / 100)
            if filled.w:
                pygame.draw.rect(surface, colour, filled, border_radius=bar_h // 2)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar_h // 2)
            if played:
                tag = _("played in this game")
                tag_label = self.text.render(tag, self.text.fit(tag, small, cell_w),
                                             theme.ACCENT)
                surface.blit(tag_label, (x, bar.bottom + lay.px(4)))

    def standing_measures(self) -> tuple[int, int, int, int, int]:
        """The standing's type sizes, their line heights and a bar's height: (small, body,
        small line, body line, bar), shared by where it fits and how it is drawn."""
        lay = self.layout
        small, body = lay.font_px("small"), lay.font_px("body")
        line, body_line = (self.text.font(size).get_linesize() for size in (small, body))
        return small, body, line, body_line, max(lay.px(12), small // 2)

    def standing_top(self) -> int | None:
        """Where the standing's bars start, None when they do not show (statistics on, not a
        solo game, or too little room between the scores and the buttons)."""
        if self.showing_statistics or not self.standing() or self.solo_seat() is None:
            return None
        lay = self.layout
        top = self.panel.bottom + lay.px(16)
        bottom = self.form.widgets[0].rect.top - lay.px(16)
        _small, _body, line, body_line, bar_h = self.standing_measures()
        needed = line + lay.px(10) + body_line + lay.px(4) + bar_h + lay.px(4) + line
        if bottom - top < needed:
            return None
        return top + (bottom - top - needed) // 2

    def picture_room(self) -> pygame.Rect:
        """Where the kit's picture goes: under the buttons, or between the scores and the
        buttons when more room stands there and the standing does not take it (with three
        players Stargazer's final ring was drawn too small to read under the buttons while
        150 px stood empty above them: a playtest)."""
        lay = self.layout
        buttons = self.form.widgets[0].rect
        top = buttons.bottom + lay.px(44 if self.lan_guest else 16)
        room = pygame.Rect(lay.px(40), top, lay.width - lay.px(80),
                           lay.height - lay.px(44) - top)
        if not self.standing():
            above = pygame.Rect(room.x, self.panel.bottom + lay.px(12), room.w, 0)
            above.h = buttons.top - lay.px(12) - above.y
            if above.h > room.h:
                return above
        return room

    def draw_picture(self, surface: pygame.Surface) -> None:
        """The kit's picture of the finished game (``results_picture``), in ``picture_room``."""
        hook, lay = self.kit.results_picture, self.layout
        view = next(iter(self.session.views.values()), None) if self.session else None
        if hook is None or view is None:
            return
        room = self.picture_room()
        size = room.size
        if size[1] < lay.px(60):
            return
        key = (size, self.app.settings.colour_blind)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, hook(view, self.text, size, key[1]))
        picture = self._picture[1]
        if picture is not None:
            self.picture_rect = picture.get_rect(center=room.center)
            surface.blit(picture, self.picture_rect)


def positive_sum(score: dict[str, int], columns: Sequence[Any]) -> int:
    """A score's parts above 0, added: how far its stacked bar reaches before any loss."""
    return sum(max(0, score[column.key]) for column in columns)


def bar_segments(score: dict[str, int], columns: Sequence[Any],
                 px_per_point: float) -> list[tuple[int, int, theme.Color, bool]]:
    """A score's stacked bar: (left, width, colour, lost), side by side. The parts above 0
    stack from the left; a part below 0 (Stargazer's skills can cost VP) takes its width off
    the stack's end and is marked *lost* there, so what stays filled ends at the total and
    the bars rank as the totals do (a loser's bar ran past the winner's: a playtest)."""
    gained = positive_sum(score, columns) * px_per_point
    cut = round(gained - sum(max(0, -score[c.key]) for c in columns) * px_per_point)
    segments: list[tuple[int, int, theme.Color, bool]] = []
    x = 0.0
    for column in columns:
        if score[column.key] > 0:
            left, x = round(x), x + score[column.key] * px_per_point
            right = min(round(x), cut)
            if right > left:
                segments.append((left, right - left, column.color, False))
    x = float(max(0, cut))
    for column in columns:
        if score[column.key] < 0:
            left, x = round(x), x - score[column.key] * px_per_point
            if round(x) > left:
                segments.append((left, round(x) - left, column.color, True))
    return segments
