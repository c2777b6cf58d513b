"""The Look at the Stars table: your board large, the card, the ghost, bonuses, the others.

The scene only sends intents (moves) to the authoritative table and animates what comes back.
The ghost preview asks the rules engine's own helpers (``placement_problem`` ...) so legal and
illegal look exactly as the table will judge them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, Lazy, _, ngettext
from game.client.press_guard import DecisionGuard
from game.client.scenes.table import GameTableScene
from game.client.session import GameConfig, Session
from game.client.stars.board_view import BoardViewScene
from game.client.stars.cursor import SeatCursor
from game.client.stars.render import (
    BoardGeometry,
    SheetRenderer,
    power_label,
    segment_distance,
)
from game.client.stars.table_draw import GLOW_SECONDS, StarsTablePainter, reason_text
from game.client.tweens import Tween, ease_in_out, linear
from game.client.widgets import Button
from game.rules.stars import (
    REASON_TEXT,
    data,
)

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

SUN_SECONDS = 1.6
FLIP_SECONDS = 0.55
#: Seconds a power prompt, or a new card, takes no Enter, Space or click once it appears: a
#: quick second Enter meant to confirm the drawing used the power on its first place unnoticed,
#: and presses mashed through a confirm drew and confirmed the next card unseen (playtests).
DECISION_SETTLE_SECONDS = 0.5
#: an arrow key's step on the board (grid units: up is +y)
ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
               pygame.K_DOWN: (0, -1)}


def _cursor_field(name: str) -> property:
    """A field of the table's ``SeatCursor`` read and set as the table's own attribute
    (``table.rot``, ``table.anchor``...: what the drawing, the tests and the bench read)."""
    return property(lambda self: getattr(self.cursor, name),
                    lambda self, value: setattr(self.cursor, name, value))


def log_entry(event: dict[str, Any], names: list[str]) -> tuple[str, theme.Color] | None:
    """One line of the game log for a public event (None: nothing to tell). Placements are
    logged from the final reveal, when they can no longer be undone. The text is ``Lazy``: a
    language switch rewords the log."""
    try:  # an event the host sent malformed (a story of 1,000 at once) tells nothing
        found = _log_entry(event, names)
        if found is not None:
            found[0]()  # (its words are made when shown: made once here, they can be)
    except Exception:
        return None
    if found is None:
        return None
    words, color = found
    return Lazy(words), color


def opening_card_kind(story: list[dict[str, Any]]) -> str | None:
    """The kind of card 1 as a story from the game's start shows it: no event names card 1
    (it is face up from the setup), but what the seats drew on it does. A shooting star can
    only be drawn on a shooting-star card, and lines on one only come with a shooting star (a
    Line bonus); None when every seat skipped it."""
    before_flip = []
    for event in story:
        if event.get("type") == "card_flipped":
            break
        before_flip.append(event.get("type"))
    if "shooting_star_drawn" in before_flip:
        return "shooting_star"
    if "lines_drawn" in before_flip:
        return "line"
    return None


def _log_entry(event: dict[str, Any], names: list[str]) -> tuple[Any, theme.Color] | None:
    kind = event.get("type")
    if "to" in event:
        return None  # private: a placement still open to undo
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if kind == "card_flipped":
        card = event.get("card", {})
        star = card.get("kind") == "shooting_star"
        n = event.get("n")
        return (lambda: (_("Card {n}: a shooting star") if star else
                         _("Card {n}: a line card")).format(n=n)), theme.ACCENT
    if kind == "sun_rose":
        return (lambda: _("The sun rises: the bottom rows close")), theme.SUN_SHADE
    if kind == "game_over":
        return (lambda: _("The night is over")), theme.ACCENT
    if kind == "card_skipped":
        return (lambda: _("{name} skipped the card").format(name=who)), theme.TEXT_DIM
    if kind == "lines_drawn":
        extra = len(event.get("lines", [])) - 2
        if extra > 0:
            return (lambda: ngettext("{name} drew the card + {n} bonus line",
                                     "{name} drew the card + {n} bonus lines",
                                     extra).format(name=who, n=extra)), theme.TEXT
        return (lambda: _("{name} drew the card").format(name=who)), theme.TEXT
    if kind == "shooting_star_drawn":
        size = len(event.get("points", [])) - 1
        return (lambda: _("{name}: shooting star of {n}").format(name=who, n=size)), \
            theme.SHOOTING
    if kind == "object_placed":
        power = str(event.get("kind", ""))
        return (lambda: _("{name} used the power: {power}").format(
            name=who, power=power_label(power).lower())), theme.POWER_COPY
    if kind == "constellation_formed":
        size = event.get("size")
        return (lambda: _("{name}: constellation of {n}").format(name=who, n=size)), \
            theme.LEGAL
    if kind == "group_too_big":
        size = event.get("size")
        return (lambda: _("{name}: a group of {n} lines scores nothing").format(
            name=who, n=size)), theme.WARNING
    return None


class StarsTableScene(StarsTablePainter, GameTableScene):
    """One game of Look at the Stars for the local seats of ``config``. ``active`` is the
    seat whose board is large: the player's own, or (watching: Tab or a click on a thumbnail)
    the one looked at."""

    #: the players at one screen (``CouchStarsScene``); None: one board large, this one
    couch: Any = None

    def __init__(self, app: Stage, config: GameConfig | None, seed: int = 0,
                 session: Session | None = None) -> None:
        super().__init__(app, config, seed, session)
        self.renderer = SheetRenderer()
        self.awaiting_handover = self.hotseat  # the table opens on the handover
        #: the ghost (the card under the mouse or moved by the keys) and the power target
        self.cursor = SeatCursor()
        # animation and messages
        self.flip = Tween(0.0, 1.0, FLIP_SECONDS, linear)
        self.sun: Tween | None = None
        self.shown_day = 0
        self.flashes: list[list[Any]] = []  # [grid points, seconds left]
        self.glows: list[list[Any]] = []  # [constellation lines, seconds left]
        self.buttons: dict[str, Button] = {
            "rotate": Button(N_("Rotate (R)"), self.rotate, size="body"),
            "skip": Button(N_("Skip card (S)"), self.skip, size="body"),
            "undo": Button(N_("Undo (U)"), self.undo, size="body"),
            "confirm": Button(N_("Confirm (Enter)"), self.confirm, size="body"),
        }
        self.size_buttons = [Button(f"{n}", lambda n=n: self.set_size(n), size="body")
                             for n in (1, 2, 3)]
        self.thumb_rects: list[tuple[pygame.Rect, int]] = []
        self.thumb_label_h = 0
        self.thumbs_area = pygame.Rect(0, 0, 0, 0)
        self.stacked = False
        self.help_lines: list[str] = []
        #: the game log (``log_entry``): public only; placements are told when the card is
        #: over, as the table reveals them
        self.log: list[tuple[str, theme.Color]] = []
        self.geo = BoardGeometry(pygame.Rect(0, 0, 100, 100))
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.fonts: dict[str, pygame.font.Font] = {}
        self.card_cache: dict[tuple, pygame.Surface] = {}
        #: each local seat's card or power prompt and its guard against a too-quick press
        self.decision_guards: dict[int, DecisionGuard] = {}

    # --- the seat's cursor (``SeatCursor``): read and set as the table's own ---------------
    rot = _cursor_field("rot")
    anchor = _cursor_field("anchor")
    shooting_size = _cursor_field("shooting_size")
    mouse_on_board = _cursor_field("mouse_on_board")
    keyboard_ghost = _cursor_field("keyboard_ghost")
    pointer = _cursor_field("pointer")
    target_index = _cursor_field("target_index")

    @property
    def _previews(self) -> dict[tuple, dict[str, Any]]:
        return self.cursor.previews

    # --- state read from the latest view ----------------------------------------------------
    def my_sheet(self, view: dict[str, Any] | None = None) -> dict[str, Any] | None:
        view = view or self.view
        if view is None:
            return None
        if view.get("pending"):
            return view["pending"]["sheet"]
        return view["seats"][self.active]["sheet"]

    def phase(self) -> str:
        """over / watching / handover / confirmed / play / power / review."""
        view = self.view
        if view is None:
            return "waiting"
        if view["over"]:
            return "over"
        if self.watching:
            return "watching"  # a spectator: no ghost, no buttons, nothing to send
        if self.awaiting_handover:
            return "handover"
        if view["seats"][self.active]["confirmed"]:
            return "confirmed"
        pending = view.get("pending")
        if not pending:
            return "play"
        if pending.get("prompt"):
            return "power"
        return "review"

    def card(self) -> dict[str, Any] | None:
        return self.view["card"] if self.view else None

    # --- ghost ---------------------------------------------------------------------------
    def ghost(self) -> tuple[str, list, str | None] | None:
        """("lines", segments, problem) or ("shooting", points, problem) for the current card
        (``SeatCursor.ghost``: asked of the engine once per change of card, spot or sheet)."""
        card, sheet = self.card(), self.my_sheet()
        if card is None or sheet is None:
            return None
        return self.cursor.ghost(card, sheet, self.view["day"], self.geo)

    def preview(self) -> dict[str, Any] | None:
        """What the ghost (or, during a power prompt, the chosen target) would change in the
        score: ``placement_preview`` of the engine, memoised per sheet and placement, so a
        moving mouse asks it once per spot. None where nothing legal is shown."""
        sheet = self.my_sheet()
        phase = self.phase()
        if sheet is None:
            return None
        lines: list = []
        star = None
        objects: list = []
        if phase == "play" and (self.mouse_on_board or self.keyboard_ghost):
            ghost = self.ghost()
            if ghost is None or ghost[2] is not None:
                return None
            if ghost[0] == "lines":
                lines = ghost[1]
            else:
                star = ghost[1]
        elif phase == "power":
            targets = self.targets()
            if not targets:
                return None
            target = targets[self.target_index % len(targets)]
            if "line" in target:
                lines = [target["line"]]
            else:
                objects = [{"kind": self.view["pending"]["prompt"]["power"], "at": target["at"]}]
        else:
            return None
        if phase == "play":  # what the card would earn of the power too
            return self.cursor.preview(sheet, lines, star, objects,
                                       spent=self.view.get("spent") or [],
                                       once_used=bool(self.view.get("once_used")))
        return self.cursor.preview(sheet, lines, star, objects)

    def _ghost_centre(self) -> tuple[float, float]:
        return self.cursor.centre(self.card())

    def aim_at(self, gx: float, gy: float) -> None:
        """Put the ghost's centre on grid position (gx, gy), snapped to stars."""
        self.cursor.aim_at(self.card(), gx, gy)

    def point_at(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos``: over the board the ghost follows it, and in a power
        prompt the place under it is the player's choice (at one screen: the mouse's board)."""
        self.mouse_on_board = self.geo.rect.collidepoint(pos)
        if self.mouse_on_board:
            self.follow_pointer(pos)
            if self.phase() == "power":
                hovered = self.hovered_target(pos)
                if hovered is not None:
                    self.cursor.choose_target(hovered)

    def follow_pointer(self, pos: tuple[int, int]) -> None:
        """The mouse carries the ghost: aim it from the pointer at ``pos``."""
        self.cursor.follow_pointer(self.card(), self.geo, pos)

    def move_ghost(self, ddx: int, ddy: int) -> None:
        self.cursor.move(ddx, ddy, self.card())

    # --- intents ---------------------------------------------------------------------------
    def show_seat(self, seat: int) -> None:
        """Watching: ``seat``'s board goes large, the others' to the thumbnails."""
        self.active = seat
        self.glows, self.flashes = [], []  # they were drawn on the board shown before
        self.layout_thumbs()

    def show_next_seat(self, step: int = 1) -> None:
        self.show_seat((self.active + step) % max(1, len(self.session.names)))

    def rotate(self, step: int = 1) -> None:
        if self.phase() == "play":
            self.cursor.turn(self.card(), self.geo, step)

    def set_size(self, size: int) -> None:
        card = self.card()
        if card and card["kind"] == "shooting_star" and self.phase() == "play":
            self.cursor.resize(card, self.geo, size)

    def place(self) -> None:
        ghost = self.ghost()
        if ghost is None or self.phase() != "play":
            return
        kind, _, problem = ghost
        if problem is not None:
            self.say(reason_text(problem), theme.ILLEGAL)
            self.app.sounds.play("invalid")
            return
        dx, dy = self.anchor
        if kind == "lines":
            self.send({"t": "place", "rot": self.rot, "dx": dx, "dy": dy})
        else:
            self.send({"t": "shooting_star", "size": self.shooting_size, "rot": self.rot,
                       "dx": dx, "dy": dy})

    def skip(self) -> None:
        phase = self.phase()
        if phase == "play":
            self.send({"t": "skip"})
        elif phase == "power":
            self.send({"t": "skip_power"})

    def undo(self) -> None:
        if self.phase() in ("power", "review", "confirmed") and self.view.get("pending"):
            self.send({"t": "undo"})

    def show_hint(self, hint: Any) -> str | None:
        """The ghost goes where the hinted card (or shooting star) goes, a power prompt's
        choice to the hinted target; a skip is said in words."""
        move = hint.move
        kind = move["t"]
        if kind in ("place", "shooting_star"):
            self.rot, self.anchor = move["rot"], (move["dx"], move["dy"])
            self.shooting_size = move.get("size", self.shooting_size)
            self.keyboard_ghost = True  # the ghost stays there until the mouse takes it
            return _("draw it where the ghost is") if kind == "place" else \
                _("a shooting star of {n} where the ghost is").format(n=move["size"])
        if kind == "power":
            target = {key: value for key, value in move.items() if key != "t"}
            targets = self.targets()
            if target in targets:
                self.cursor.choose_target(targets.index(target))
            return _("use the power where shown")
        if kind == "skip":  # no ghost: one left at the mouse's spot showed its red "off the
            self.keyboard_ghost = self.mouse_on_board = False  # board" beside the hint
        return {"skip": _("skip this card"), "skip_power": _("skip the power")}.get(kind)

    def hinted_skip(self) -> bool:
        """The hint on screen says to skip (the card, or the power) and no ghost stands
        elsewhere: Enter then skips (it did nothing, and a keyboard player following the
        hints was stuck: a playtest)."""
        hint = self.hints.hint
        if hint is None or self.hints.reviewed or self.hints.thinking:
            return False
        kind = hint.move["t"]
        if kind == "skip":
            return self.phase() == "play" and not (self.mouse_on_board or self.keyboard_ghost)
        return kind == "skip_power" and self.phase() == "power"

    def confirm(self) -> None:
        if self.phase() == "review":
            self.send({"t": "confirm"})

    def targets(self) -> list[dict[str, Any]]:
        view = self.view
        if not view or not view.get("pending") or not view["pending"].get("prompt"):
            return []
        return view["pending"]["prompt"]["targets"]

    def use_power(self, target: dict[str, Any]) -> None:
        self.send({"t": "power", **target})

    def use_chosen_power(self, again: str) -> None:
        """Enter (a pad's A, a keyboard half's confirm): the power on the chosen target; where
        it would cost points, or where the prompt (not the player) chose it, only at a second
        press on that target. An Enter meant to go on drew the line a resting mouse pointed at
        and broke a constellation, -8 (a player's playtest); a click on a place stays one
        click. ``again``: the key that presses."""
        targets = self.targets()
        if not targets:
            return
        target = targets[self.cursor.target_index % len(targets)]
        preview = self.preview()
        cost = -preview["delta"]["total"] if preview else 0
        asked = ((self.view or {}).get("card") or {}).get("n"), repr(target)
        if (cost > 0 or not self.cursor.target_chosen) and self.cursor.asked_about != asked:
            # a place that costs points, or one the prompt chose (an Enter meant to confirm
            # the card used the power where the prompt opened: a playtest), asks first
            self.cursor.asked_about = asked
            self.app.sounds.play("invalid")
            if cost > 0:
                self.say(Lazy(lambda: ngettext(
                    "Here it costs {n} point: {key} again uses it here, or skip the power.",
                    "Here it costs {n} points: {key} again uses it here, or skip the power.",
                    cost).format(n=cost, key=again)), theme.WARNING, 6.0)
            else:
                self.say(N_("Use the power here? {key} again uses it, or choose another place "
                            "or skip.", key=again), theme.ACCENT, 6.0)
            return
        self.use_power(target)

    def target_toward(self, way: tuple[int, int]) -> None:
        """A direction in a power prompt: the target that lies that way (``SeatCursor``)."""
        self.cursor.target_toward([self.target_centre(t) for t in self.targets()], way)

    def target_centre(self, target: dict[str, Any]) -> tuple[float, float]:
        if "line" in target:
            x1, y1, x2, y2 = target["line"]
            return (x1 + x2) / 2, (y1 + y2) / 2
        x, y = target["at"]
        if self.view and self.view["pending"]["prompt"]["power"] == data.GALAXY:
            return x + 0.5, y
        return x, y

    def first_target(self) -> int:
        """The target a power prompt opens on: the one under the mouse, else the nearest to
        the shape just completed (the prompt's first target sat at the board's far edge, away
        from where the player was looking: a new player's playtest)."""
        targets = self.targets()
        if not targets:
            return 0
        if self.mouse_on_board:
            hovered = self.hovered_target(pygame.mouse.get_pos())
            if hovered is not None:
                return hovered
        ends = [(x, y) for x1, y1, x2, y2 in self.view["pending"]["prompt"].get("copy") or []
                for x, y in ((x1, y1), (x2, y2))]
        if not ends:
            return 0
        centre = (sum(x for x, _y in ends) / len(ends), sum(y for _x, y in ends) / len(ends))
        return min(range(len(targets)),
                   key=lambda i: math.dist(self.target_centre(targets[i]), centre))

    def hovered_target(self, pos: tuple[int, int]) -> int | None:
        """The target under the mouse: nearest point, or nearest line (so the two crossing
        diagonals of one square can both be picked)."""
        targets = self.targets()
        if not targets:
            return None
        gx, gy = self.geo.to_grid(*pos)

        def distance(target: dict[str, Any]) -> float:
            if "line" in target:
                return segment_distance((gx, gy), target["line"])
            return math.dist(self.target_centre(target), (gx, gy))

        best = min(range(len(targets)), key=lambda i: distance(targets[i]))
        # the two diagonals of a square share a centre: there the one already chosen (a hint's,
        # the keys') stays; the other one was drawn where the hint showed the first (a
        # mouse-only playtest)
        chosen = self.target_index % len(targets)
        if distance(targets[chosen]) <= distance(targets[best]) + 0.05:
            best = chosen
        return best if distance(targets[best]) < 0.75 else None

    # --- scene hooks -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.hotseat:
            self.show_handover(self.first_to_play())

    def first_to_play(self) -> int:
        """The first local seat that has not confirmed the card (a continued game may have
        some who already have)."""
        seats = self.session.human_seats
        view = self.view or next(iter(self.session.views.values()), None)
        if view is not None:
            waiting = [s for s in seats if not view["seats"][s]["confirmed"]]
            if waiting:
                return waiting[0]
        return seats[0]

    def take_over(self, seat: int) -> None:
        super().take_over(seat)
        self.keyboard_ghost = False
        self.rot = 0
        self.layout_thumbs()  # the thumbnails show everyone but the player now at the screen
        self.flip = Tween(0.0, 1.0, FLIP_SECONDS, linear)  # the card flips in for them too

    # --- network --------------------------------------------------------------------------
    def poll(self) -> None:
        news = self.session.poll()
        if not self.log and self.view is not None:
            # the log opens on the card the game is at: card 1, or the card a continued game
            # resumes on (a replay's story so far starts at card 1 too)
            told = [event for _, event in news if event.get("replayed")]
            card = self.view["card"]
            # the story starts on the card before its first flip (card 1, unless a LAN host
            # told only the newest part of a long game)
            flips = [e["n"] for e in told if e.get("type") == "card_flipped"
                     and isinstance(e.get("n"), int)]
            first, face = (flips[0] - 1, None) if flips else (card["n"], card)
            if face is None and first == 1 and (kind := opening_card_kind(told)):
                face = {"kind": kind}
            opening = log_entry({"type": "card_flipped", "n": first, "card": face}, [])
            self.log.append((opening[0], theme.ACCENT) if face and opening else (
                Lazy(lambda: _("Card {n}").format(n=first)), theme.ACCENT))
        for seat, event in news:
            self.on_event(seat, event)
        self.watch_for_results()
        self._maybe_hand_over()

    def _maybe_hand_over(self) -> None:
        """Hot-seat: once the active human has confirmed, pass to the next one who has not."""
        if not self.hotseat or self.awaiting_handover or self.view is None or self.view["over"]:
            return
        if not self.view["seats"][self.active]["confirmed"]:
            return
        waiting = [s for s in self.session.human_seats
                   if not self.view["seats"][s]["confirmed"]]
        if waiting:
            nxt = min(waiting, key=lambda s: (s - self.active) % len(self.session.names))
            self.show_handover(nxt, self.active, self.undo)

    def on_event(self, seat: int, event: dict[str, Any]) -> None:
        kind = event.get("type", "")
        self.events_seen.append(kind)
        self.note(event)
        if event.get("replayed"):
            return  # a replay's story so far: for the log, not to animate
        mine = event.get("seat") == self.active and not event.get("final")
        sounds = self.app.sounds
        if kind == "card_flipped":
            self.flip = Tween(0.0, 1.0, FLIP_SECONDS, linear)
            sounds.play("card_flip")
            self.follow_log()  # a new card: the log shows it (a page scrolled back went stale)
            self.cursor.new_card()
            self.status_time = 0.0
            if self.hotseat:  # every new card starts with the first local player
                self.show_handover(self.session.human_seats[0])
        elif kind == "constellation_formed" and event.get("seat") == self.active:
            self.glows.append([event["lines"], GLOW_SECONDS])
            sounds.play("bonus")
            self.say(N_("A constellation of {n} lines!", n=event["size"]), theme.ACCENT, 3.0)
        elif kind == "group_too_big" and event.get("seat") == self.active:
            self.say(N_("{n} lines in one group: more than 8, it scores nothing.",
                        n=event["size"]), theme.WARNING, 4.0)
        elif kind == "sun_rose":
            self.sun = Tween(0.0, 1.0, SUN_SECONDS, ease_in_out)
            sounds.play("sun_rise")
            self.say(N_("The sun rises: the bottom rows are closed."), theme.SUN_SHADE)
        elif kind in ("lines_drawn", "shooting_star_drawn") and mine:
            sounds.play("line_drawn")
            if kind == "lines_drawn":
                points = [(line[0], line[1]) for line in event["lines"]] + \
                         [(line[2], line[3]) for line in event["lines"]]
            else:
                points = [(p[0], p[1]) for p in event["points"]]
            self.flashes.append([points, 0.5])
            self.status_time = 0.0  # the review line says what comes next
        elif kind == "power_offered" and event.get("seat") == self.active:
            sounds.play("bonus")
            self.cursor.propose_target(self.first_target())
            self.status_time = 0.0
        elif kind == "object_placed" and mine:
            sounds.play("bonus")
            self.flashes.append([[tuple(event["at"])], 0.6])
        elif kind == "turn_undone" and event.get("seat") == self.active and not self.watching:
            self.say(N_("Turn taken back: play the card again."), theme.TEXT_DIM)
        elif kind == "card_skipped" and mine:
            self.status_time = 0.0  # the review line says what comes next
        elif kind == "game_over":
            sounds.play("game_over")
            self.status_time = 0.0  # the "over" line says it
        else:
            self.table_news(event)

    def reason_text(self, code: str) -> str | None:
        return reason_text(code) if code in REASON_TEXT else None

    def note(self, event: dict[str, Any]) -> None:
        """Add what a public event tells to the game log."""
        entry = log_entry(event, self.log_names())
        if entry is not None:
            self.add_to_log([entry])

    # --- a new card's or power prompt's settling time ---------------------------------------
    def watch_decisions(self, dt: float) -> None:
        """A decision new to a local seat (a card to draw, a power prompt) starts its guard
        (``DECISION_SETTLE_SECONDS``)."""
        speed = self.app.settings.animation_speed
        for seat, view in self.session.views.items():
            pending = view.get("pending")
            card = view.get("card")
            decision = (("power", pending["prompt"]) if pending and pending.get("prompt") else
                        ("card", card["n"]) if card and not pending and not view.get("over")
                        else None)
            self.decision_guards.setdefault(seat, DecisionGuard()).watch(
                decision, DECISION_SETTLE_SECONDS, dt, speed)

    def decision_blocks(self, event: pygame.event.Event | None = None) -> bool:
        """Whether the active seat's card or power prompt is too new for ``event`` (None: any
        press)."""
        guard = self.decision_guards.get(self.active)
        return guard is not None and self.phase() in ("play", "power") and guard.blocks(event)

    # --- input -----------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        phase = self.phase()
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN,
                          pygame.MOUSEBUTTONUP) and self.decision_blocks(event):
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event, phase)
        elif event.type == pygame.MOUSEMOTION:
            self.point_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.shown_log_rect().collidepoint(pygame.mouse.get_pos()):
                self.scroll_log(event.y)
            else:
                self.rotate(1 if event.y < 0 else -1)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.handle_click(event, phase)

    def handle_key(self, event: pygame.event.Event, phase: str) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_r or (key in (pygame.K_SPACE,) and phase == "play"):
            self.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.set_size(key - pygame.K_0)
        elif key in ARROW_STEPS:
            if phase == "power":
                self.target_toward(ARROW_STEPS[key])
            elif phase == "play":
                self.move_ghost(*ARROW_STEPS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.hinted_skip():
                self.skip()  # Enter follows the hint, as it draws where a hint's ghost is
            elif phase == "play":
                self.place()
            elif phase == "power":
                self.use_chosen_power("Enter")  # (a key's name, as the strings say it)
            elif phase == "review":
                self.confirm()
        elif key == pygame.K_s:
            self.skip()
        elif key in (pygame.K_u, pygame.K_BACKSPACE):
            self.undo()
        elif key == pygame.K_c:
            self.confirm()
        elif key == pygame.K_PAGEUP:
            self.undo()  # a pad's LB (undo is for after a move; a size is for before one)
        elif key == pygame.K_PAGEDOWN and self.shooting_star_to_draw():
            self.set_size(self.shooting_size % 3 + 1)  # a pad's RB: the next size, 1-2-3
        elif key == pygame.K_PAGEDOWN:  # a pad's RB on any other card: the other boards
            self.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0), phase)
        elif key == pygame.K_TAB and self.watching:
            self.show_next_seat(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_TAB and self.thumb_rects:
            self.app.push(BoardViewScene(self.app, self, self.thumb_rects[0][1]))

    def shooting_star_to_draw(self) -> bool:
        """The card is a shooting star and its size can still be chosen."""
        card = self.card()
        return bool(card and card["kind"] == "shooting_star" and self.phase() == "play")

    def handle_click(self, event: pygame.event.Event, phase: str) -> None:
        on_board = self.geo.rect.collidepoint(event.pos)
        if event.button == 3:
            if on_board and not self.keyboard_ghost:
                self.mouse_on_board = True
                self.pointer = event.pos
            self.rotate(1)
            return
        if event.button != 1:
            return
        for button in [*self.buttons.values(), *self.size_buttons]:
            if button.enabled and button.rect.collidepoint(event.pos):
                button.activate()
                return
        for rect, seat in self.thumb_rects:
            if rect.collidepoint(event.pos) and self.watching:
                self.show_seat(seat)
                return
            if rect.collidepoint(event.pos):
                self.app.push(BoardViewScene(self.app, self, seat))
                return
        if on_board:
            if phase == "play":
                shown = self.anchor
                keyboard = self.keyboard_ghost
                self.mouse_on_board = True
                self.follow_pointer(event.pos)
                if keyboard and self.anchor != shown:
                    return  # the keyboard's ghost was elsewhere: this click only brings it here
                self.place()
            elif phase == "power":
                hovered = self.hovered_target(event.pos)
                if hovered is not None:
                    self.use_power(self.targets()[hovered])
                else:
                    self.app.sounds.play("invalid")
                    self.say(N_("Choose one of the highlighted places, or skip the power."),
                             theme.ILLEGAL)

    # --- update -----------------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        self.flip.update(dt)
        self.watch_decisions(dt)
        if self.sun is not None:
            self.sun.update(dt)
            if self.sun.done:
                self.sun = None
        for flash in self.flashes:
            flash[1] -= dt
        self.flashes = [f for f in self.flashes if f[1] > 0]
        for glow in self.glows:
            glow[1] -= dt
        self.glows = [g for g in self.glows if g[1] > 0]
