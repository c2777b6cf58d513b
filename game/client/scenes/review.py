"""The post-game review: each of your decisions beside the hard bot's in the same position.

``game.ai.review.review_game`` replays the finished game's record and asks the hard bot at the
start of each of your decisions (a card in Look at the Stars, a turn in Stargazer), with the
bot's time budget per position, on a thread of its own while a bar shows the progress. The
rows: the three biggest regrets first, then every decision in game order; regret is in points
at once (the engine's score change over the decision), bot minus you. A click, or Up/Down and
Enter, opens the replay at that moment with the bot's move shown as a hint would show it.
"""

from __future__ import annotations

import copy
import threading
from typing import TYPE_CHECKING, Any, Literal

import pygame

from game.ai.hints import Hint
from game.ai.review import TOP, Decision, biggest_first, review_game
from game.client import theme
from game.client.hinting import SCREENSHOT_BUDGET, Checks, stop_within, think_budget
from game.client.i18n import HONORIFICS, N_, SUBJECT_PARTICLES, _, language, ngettext
from game.client.kits import get_kit
from game.client.record import GameRecord
from game.client.scenes.base import SkyScene, corner_back
from game.client.scenes.lan import fitted
from game.client.widgets import draw_panel
from game.rules import get_ruleset
from game.rules.base import Move, State, replay

if TYPE_CHECKING:
    from game.client.scenes.base import Stage
    from game.client.shooter import Shooter


class ReviewScene(SkyScene):
    """The review of ``seat``'s decisions in ``record`` (Esc: back to the results)."""

    def __init__(self, app: Stage, record: GameRecord, seat: int,
                 budget: float | Checks | Literal["table"] = "table") -> None:
        super().__init__(app)
        self.record = record
        self.seat = seat
        #: how long the bot weighs each position: "table" (its budget at a table), seconds or
        #: ``Checks`` (the same search on every machine)
        self.budget = think_budget(record.game) if budget == "table" else budget
        #: (positions done, positions in all) while the analysis runs
        self.progress = (0, 0)
        self.decisions: list[Decision] | None = None
        self.failed = False
        self.rows: list[Decision] = []
        self.selected = 0
        self.first_row = 0
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        #: per row: (your moves, the bot's) in words, worked out when first drawn
        self._words: dict[int, tuple[str, str]] = {}
        #: the seats played at the screen (hot-seat: Tab turns to the next one's review)
        self.humans = [seat for seat, kind in enumerate(record.kinds) if kind == "human"]
        self.corner = corner_back(self.back)
        self._cancel = threading.Event()
        self.start()

    def relayout(self) -> None:
        self.corner.relayout(self.layout)

    def back(self) -> None:
        """Back to the results (Esc, a pad's B, the corner's button)."""
        self.app.pop()

    #: the most reviews a run keeps (the newest)
    KEPT_REVIEWS = 8

    def start(self) -> None:
        """Analyse ``seat``'s decisions on a thread of its own, unless this run has already."""
        kept = getattr(self.app, "reviews", {}).get((id(self.record), self.seat))
        if kept is not None and kept[0] is self.record:
            self.decisions = kept[1]
            return
        self._thread = threading.Thread(target=self._analyse, args=(self.seat, self._cancel),
                                        daemon=True, name="starparty-review")
        self._thread.start()

    def next_seat(self, step: int = 1) -> None:
        """Hot-seat or a party: the next (``step`` -1: the previous) player's review (the one
        under way stops)."""
        if len(self.humans) < 2:
            return
        self._cancel.set()
        self._cancel = threading.Event()
        self.seat = self.humans[(self.humans.index(self.seat) + step) % len(self.humans)] \
            if self.seat in self.humans else self.humans[0]
        self.progress, self.decisions, self.failed = (0, 0), None, False
        self.rows, self.selected, self.first_row, self._words = [], 0, 0, {}
        self.start()

    def _analyse(self, seat: int, cancel: threading.Event) -> None:
        budget = self.budget

        def stop_for():  # noqa: ANN202 - one budget per position
            return stop_within(budget, cancel)

        def told(done: int, total: int) -> None:
            if not cancel.is_set():
                self.progress = (done, total)

        record = self.record
        try:
            found = review_game(record.game, record.options, record.seed, record.moves, seat,
                                secret=record.secret, stop_for=stop_for, progress=told,
                                hinted=record.hints, stand_ins=record.stand_ins)
        except Exception:  # the review must never break the window
            found = None
        if cancel.is_set():
            return  # another seat's review took over
        if found is None:
            self.failed = True
        else:
            reviews = getattr(self.app, "reviews", None)
            if reviews is not None:
                reviews[(id(record), seat)] = (record, found)  # (the record keeps its id)
                while len(reviews) > self.KEPT_REVIEWS:
                    reviews.pop(next(iter(reviews)))
        self.decisions = found

    @property
    def ready(self) -> bool:
        return self.decisions is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.decisions is not None and not self.rows:
            self.rows = biggest_first(self.decisions)

    def exit(self) -> None:
        self._cancel.set()

    # --- choosing a row ----------------------------------------------------------------------
    def open(self, index: int) -> None:
        """The replay at the moment of row ``index``, the bot's move shown as a hint."""
        from game.client.scenes.replay import ReplayScene

        if not 0 <= index < len(self.rows):
            return
        decision = self.rows[index]
        replay = ReplayScene(self.app, self.record, self.seat)
        replay.moment = (decision.at, N_(
            "{decision}: before your move; the hint shows the hard bot's.",
            decision=N_(get_kit(self.record.game).decision_name, n=decision.turn)))
        self.app.push(replay)
        replay.go(decision.at)
        if decision.bot_moves:
            replay.table.hints.present(Hint(decision.bot_moves, decision.bot_points))

    def handle(self, event: pygame.event.Event) -> None:
        if self.corner.click(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.rows)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
            elif event.key == pygame.K_TAB:
                self.next_seat(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_LEFT,
                               pygame.K_RIGHT):
                # (a pad's LB/RB or D-pad: at a party each player wants their own review,
                # and only the keyboard's Tab moved to the next one: a playtest)
                self.next_seat(-1 if event.key in (pygame.K_PAGEUP, pygame.K_LEFT) else 1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.selected = index
                    self.open(index)
                    return
        elif event.type == pygame.MOUSEWHEEL and self.rows:
            self.selected = max(0, min(len(self.rows) - 1, self.selected - event.y))

    # --- drawing -----------------------------------------------------------------------------
    def moves_words(self, index: int) -> tuple[str, str]:
        """Row ``index``'s moves in words (the kit's ``describe_move``, as Watch replay says
        them): yours under your name, the bot's under its own."""
        if index not in self._words:
            record, decision = self.record, self.rows[index]
            ruleset = get_ruleset(record.game)
            state = replay(ruleset, record.options, record.seed, record.moves[:decision.at],
                           record.secret)
            # your own moves say "you" where the language would honour a name (「あなたが」,
            # not 「Annさんが」 under 「あなたの手」: a playtest), a hot-seat player's go by name
            yourself = _("you (the player reading their own review)") \
                if len(self.humans) < 2 else None
            self._words[index] = (
                self.describe(state, decision.your_moves, record.names[self.seat], yourself),
                self.describe(state, decision.bot_moves, _("Hard bot"), _("Hard bot")))
        return self._words[index]

    def describe(self, state: State, moves: list[Move], name: str,
                 unhonoured: str | None = None) -> str:
        """``moves`` of the seat from ``state`` in words, one after the other. ``unhonoured``:
        what the seat is called where the language puts an honorific after a person's name
        (the hard bot is no person: 「強いAIが」; you are yourself: 「あなたが」)."""
        record = self.record
        ruleset = get_ruleset(record.game)
        kit = get_kit(record.game)
        state = copy.deepcopy(state)
        said = []
        names = record.names
        mark = "\x00"  # the row's own player, named once the words are made: a plain
        # replace of "Annさん" would also hit another player's "Joannさん"

        def name_of(seat: int) -> str:  # the row's player for its own seat, others by name
            return mark if seat == self.seat else names[seat] if 0 <= seat < len(names) \
                else str(seat)

        for move in moves:
            if kit.describe_move is not None:
                said.append(kit.describe_move(state, self.seat, move, name_of))
            else:
                said.append(ruleset.describe_move(state, self.seat, move))
            try:
                ruleset.apply(state, self.seat, move)
            except Exception:  # (words only: a move that no longer applies ends them)
                break
        honorific = HONORIFICS.get(language(), "")
        # the subject said once where the language leaves it out after that (「あなたが…を
        # 選ぶ ／ あなたが…を置く ／ あなたが調査」 read clumsy: a Japanese playtest)
        particle = SUBJECT_PARTICLES.get(language(), "")
        subject = mark + honorific + particle
        if particle:
            said[1:] = [step.removeprefix(subject) for step in said[1:]]
        # (the steps' separator is the language's: Japanese read a half-width ";")
        words = _("; ").join(said) or _("nothing to play")
        if honorific and unhonoured is not None:
            words = words.replace(mark + honorific, unhonoured)
        return words.replace(mark, name)

    def row_words(self, index: int) -> tuple[str, str, theme.Color]:
        """(left, right, colour) of row ``index``: the decision and its points."""
        decision = self.rows[index]
        worst = index < len(self.rows) - len(self.decisions or [])
        left = _(get_kit(self.record.game).decision_name).format(n=decision.turn)
        if worst:
            left = _("Biggest #{rank}: {turn}").format(rank=index + 1, turn=left)
        right = points_words(decision)
        if decision.same:
            return left, right, theme.LEGAL
        return left, right, theme.ACCENT if worst else theme.TEXT

    def stood_in(self) -> bool:
        """Whether a bot stood in for this seat's player in some of its moves (those
        decisions are not in the review)."""
        moves = self.record.moves
        return any(0 <= i < len(moves) and moves[i][0] == self.seat
                   for i in self.record.stand_ins if isinstance(i, int))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        self.draw_heading(surface, _("Review: your moves beside the hard bot's")
                          if len(self.humans) < 2 else
                          _("Review: {name}'s moves beside the hard bot's").format(
                              name=self.record.names[self.seat]),
                          room=self.corner.heading_room(lay))
        self.corner.draw(surface, self.app)
        panel = pygame.Rect(0, 0, min(lay.px(900), lay.width - lay.px(40)),
                            int(lay.height * 0.7))
        panel.midtop = (lay.width // 2, int(lay.height * 0.17))
        draw_panel(surface, panel, lay)
        small, body = lay.font_px("small"), lay.font_px("body")
        x, y = panel.x + lay.px(24), panel.y + lay.px(18)
        width = panel.w - 2 * lay.px(24)
        if not self.rows:
            done, total = self.progress
            words = (_("The review could not be made.") if self.failed else
                     _("The hard bot looks at each of your decisions: {done} of {total}...")
                     .format(done=done, total=total) if total else  # ("0 of ?" read oddly)
                     _("The hard bot looks at each of your decisions..."))
            label = self.text.render(words, self.text.fit(words, body, width), theme.TEXT)
            surface.blit(label, (x, y))
            bar = pygame.Rect(x, y + body + lay.px(16), width, lay.px(14))
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=lay.px(6))
            if total:
                filled = bar.copy()
                filled.w = max(1, bar.w * done // total)
                pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=lay.px(6))
            self.draw_footer(surface, self.footer(N_("Esc: back to the results")),
                             self.pad_footer(N_("B: back to the results")))
            return
        worse = sum(1 for d in self.decisions or [] if d.regret > 0)
        if worse == 0:
            note = _("Points at once, as the game scores them. The bot did no better than you "
                     "on any decision.")
        elif worse <= TOP:  # all of them come first ("the 3 biggest" of 2 read wrong)
            note = ngettext("Points at once, as the game scores them. The bot did better on {n} "
                            "decision; it comes first.",
                            "Points at once, as the game scores them. The bot did better on {n} "
                            "decisions; they come first, the biggest first.", worse).format(
                n=worse)
        else:
            note = ngettext("Points at once, as the game scores them. The bot did better on {n} "
                            "decision; the {top} biggest come first.",
                            "Points at once, as the game scores them. The bot did better on {n} "
                            "decisions; the {top} biggest come first.", worse).format(n=worse,
                                                                                       top=TOP)
        if self.stood_in():  # (a guest missed a round the bot played, told nothing: a playtest)
            note += " " + _("The decisions a bot made for you while you were away are left out.")
        for line in self.text.wrap(note, small, width):
            surface.blit(self.text.render(line, small, theme.TEXT_DIM), (x, y))
            y += int(small * 1.2)
        y += lay.px(8)
        # the two move lines in the body's type: they are what the review is read for (the
        # small type read too small: a playtest)
        row_h = max(lay.px(30), body + lay.px(8)) + 2 * (body + lay.px(3))
        fits = max(1, (panel.bottom - lay.px(12) - y) // row_h)
        cue_h = self.text.font(small).get_linesize() + lay.px(4)
        if fits < len(self.rows):  # the list goes on: its last row is the cue's (see below)
            fits = max(1, (panel.bottom - lay.px(12) - cue_h - y) // row_h)
        if self.selected < self.first_row:
            self.first_row = self.selected
        elif self.selected >= self.first_row + fits:
            self.first_row = self.selected - fits + 1
        self.row_rects = []
        for index in range(self.first_row, min(len(self.rows), self.first_row + fits)):
            rect = pygame.Rect(x - lay.px(8), y, width + lay.px(16), row_h)
            if index == self.selected:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=lay.px(6))
            left, right, color = self.row_words(index)
            top = rect.y + lay.px(4)
            label = self.text.render(left, body, color, bold=True)
            surface.blit(label, (x, top))
            label = self.text.render(right, self.text.fit(right, body, width // 2 + lay.px(60)),
                                     color)
            surface.blit(label, label.get_rect(topright=(x + width, top)))
            line_y = top + body + lay.px(4)
            for words in self.moves_words(index):
                words, size = fitted(self.text, words, body, width)
                surface.blit(self.text.render(words, size, theme.TEXT_DIM), (x, line_y))
                line_y += body + lay.px(3)
            self.row_rects.append((rect, index))
            y += row_h
        below = len(self.rows) - self.first_row - fits
        if below > 0 or self.first_row > 0:  # (the list had no sign it went on: a playtest)
            words = ngettext("{n} more below", "{n} more below", below).format(n=below) \
                if below > 0 else ngettext("{n} more above", "{n} more above",
                                           self.first_row).format(n=self.first_row)
            label = self.text.render(words, small, theme.ACCENT)
            surface.blit(label, label.get_rect(bottomright=(x + width,
                                                            panel.bottom - lay.px(8))))
        self.draw_footer(surface, self.footer(N_(
            "Up/Down and Enter or a click: the board at that moment  ·  Esc: back")),
            self.pad_footer(N_("D-pad and A: the board at that moment  ·  B: back")))

    def footer(self, keys: str) -> str:
        """The keys (hot-seat: Tab, the next player's review too)."""
        if len(self.humans) < 2:
            return keys
        return _("{keys}  ·  Tab or Left/Right: another player").format(keys=_(keys))

    def pad_footer(self, buttons: str) -> str:
        """The same for a game controller (shown while one is in hand)."""
        if len(self.humans) < 2:
            return buttons
        return _("{keys}  ·  LB/RB: another player").format(keys=_(buttons))


def points_words(decision: Decision) -> str:
    """A row's points: yours, the bot's, and what the difference means. A "regret" only
    when the bot made more at once; when you made more, the bot's choice was for later (a
    "regret -3" read as a mistake where there was none, beside a hint's "+N now")."""
    yours, bots = f"{decision.your_points:+d}", f"{decision.bot_points:+d}"
    if decision.same:
        return _("you chose the bot's move: {points}").format(points=yours)
    if decision.regret > 0:
        # ("regret" was a word of the trade: a 4K playtest)
        return _("you {yours}  ·  bot {bots}  ·  {regret} missed").format(
            yours=yours, bots=bots, regret=decision.regret)
    if decision.regret < 0:
        return _("you {yours}  ·  bot {bots}: it played for later").format(yours=yours,
                                                                          bots=bots)
    return _("you {yours}  ·  bot {bots}: the same at once").format(yours=yours, bots=bots)


def shoot_review(shot: Shooter, prefix: str) -> None:
    """From the results: the review of your moves (``<prefix>-review``), then one row's moment
    (looked at); back to the results. The bot's budget is counted in its own checks and the
    frames wait for it, so the picture follows from the seed alone (the tests draw it twice)."""
    results = shot.app.scene
    record = results.record
    review = ReviewScene(shot.app, record, record.kinds.index("human"),
                         budget=SCREENSHOT_BUDGET)
    shot.app.push(review)
    shot.wait(lambda: review.ready or review.failed, timeout=120)
    shot.step(3)
    shot.save(f"{prefix}-review")
    review.open(0)
    shot.step(10)
    shot.look(f"{prefix} review moment")
    shot.app.pop()
    shot.app.pop()
    shot.step(2)


def shoot_hint(shot: Shooter, table: Any, name: str) -> None:
    """At the table: H, the hint shown (``name``)."""
    table.hints.budget = SCREENSHOT_BUDGET  # the same hint on every run
    shot.key(pygame.K_h)
    shot.wait(lambda: table.hints.answered, timeout=60)
    shot.step(3)
    shot.save(name)
