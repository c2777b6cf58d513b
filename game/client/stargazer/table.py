"""The Stargazer table: the ring of planets, the crews, the players; choosing a crew, a skill's
target, an investigation's path, the next start player; cubes dropping as the events come.

The scene only sends moves to the authoritative table and animates what comes back. Every
figure it shows comes from the engine and the content data: legal crews, skill targets and
investigation paths are the engine's ``legal_moves``; where a skill or a path would put or take
a cube, and the score it would make, is the engine applying that move to a copy of the view
(``simulate``). Nothing is sent before Confirm, so a path or a target can be changed (undone)
until then; the engine has no undo of a move once played.

The moves of bots and of players at other screens are played out one at a time at the player's
*AI speed* (``pacing.py``): each shows with the view it came with, a caption and its places
outlined, and every move goes to the game log (``story.py``) as it is shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, Lazy, _, ngettext
from game.client.press_guard import DecisionGuard
from game.client.scenes.table import GameTableScene
from game.client.session import GameConfig, Session
from game.client.settings import AI_SPEEDS
from game.client.stargazer.couch_play import StargazerCouch
from game.client.stargazer.final_scoring import ScoringShow
from game.client.stargazer.motion import CubeMotion, Flight
from game.client.stargazer.names import planet_name
from game.client.stargazer.pacing import (
    CAPTION_LINGER,
    MOST_WAITING,
    Beat,
    Pacer,
    beat_seconds,
    beats_of,
)
from game.client.stargazer.palette import Palette, palette_for
from game.client.stargazer.panels import DECIDING
from game.client.stargazer.ring import RingPainter, track_of
from game.client.stargazer.story import Line, story_lines, story_opening
from game.client.stargazer.table_draw import StargazerTablePainter
from game.rules.base import IllegalMove
from game.rules.stargazer import CREWS_BY_ID, REASON_TEXT, RULESET, clone_state

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

Move = dict[str, Any]
Place = tuple[Any, ...]

#: after the last cube of the game lands, the final scoring starts this much later (seconds)
SCORING_DELAY = 0.8
#: a spectator sees the last move's crew and cubes marked this long after it played (or until
#: the next move)
LAST_MOVE_SECONDS = 5.0
#: a decision new to the player at the screen (a crew to pick, a target, a path, who starts)
#: takes no Enter, Space or pad A for this long, and a held key only once released: a double
#: tap picked a crew and started the path at once, five taps played a whole turn (playtest)
DECISION_SETTLE_SECONDS = 0.4
#: a spectator with more moves than this waiting plays them out at ``WATCH_CATCH_UP`` times
#: the pace, so a TV watching a quick table stays close to it
WATCH_BACKLOG = 2
WATCH_CATCH_UP = 0.4
#: the middle of the ring tells a round's end this long: who made what in it, who starts next
#: (a round ended unnoticed when the next turn was the screen's own: a playtest)
ROUND_END_SECONDS = 4.5


@dataclass
class RoundEnd:
    """A round that just ended, as the middle of the ring tells it."""

    round: int
    #: each player's score change over the round ("if the game ended now"; None: the round's
    #: start was not seen, e.g. a game continued mid-round)
    gains: list[int] | None
    #: each player's score at the round's end: shown beside the gains while the end is told
    #: (the live scores move on with the next round's moves, and did not add up: a playtest)
    totals: list[int] | None = None
    #: who starts the next round (None: not yet told, or the game ended)
    start: int | None = None
    left: float = ROUND_END_SECONDS


def simulate(view: dict[str, Any], seat: int, move: Move) -> tuple[list[dict], dict] | None:
    """The events and the state after ``move`` as the engine would play it now (None: the
    engine refuses it). The view of Stargazer holds the whole state, so this is exact."""
    state = clone_state(view)
    try:
        events = RULESET.apply(state, seat, move)
    except IllegalMove:
        return None
    return events, state


def places_of(events: list[dict[str, Any]], view: dict[str, Any]) -> list[Place]:
    """Where a move's events put or take cubes: what a skill target highlights."""
    places: list[Place] = []
    for event in events:
        kind = event.get("type")
        if kind in ("cube_placed", "cube_recalled"):
            places.append(("square", event["planet"], event["square"]))
        elif kind == "cubes_swapped":
            places += [("square", event["planet"], event["square"]),
                       ("square", event["planet"], event["square"] + 1)]
        elif kind == "zero_square_claimed":
            places.append(("square", event["planet"], 0))
        elif kind in ("cube_to_crew", "crew_cleared"):
            places.append(("crew", view["crews"].index(event["crew"])))
    return places


#: a game controller's keys (devices.KEY_FOR_INTENT: X is R, Y is S, Back is H) as the keys
#: this table reads: X adds a planet to the path (Space), Y takes the last one back (U), Back
#: opens the log (L) where hints are off (where they are on, H asks for one first); none of
#: R, S and H means anything else here
PAD_KEYS = {pygame.K_r: pygame.K_SPACE, pygame.K_s: pygame.K_u, pygame.K_h: pygame.K_l}


class StargazerTableScene(StargazerCouch, StargazerTablePainter, GameTableScene):
    """One game of Stargazer for the local seats of ``config`` (or a given session)."""

    _log_open = False

    @property
    def log_open(self) -> bool:
        """The log opened over the crews, the column's height (L, or a click on the log)."""
        return self._log_open

    @log_open.setter
    def log_open(self, value: bool) -> None:
        if self._log_open and not value:
            self.follow_log()  # closed: the small log shows the newest lines again
        self._log_open = value

    #: after the last cube of the game lands, the final scoring starts this much later
    results_delay = SCORING_DELAY

    def __init__(self, app: Stage, config: GameConfig | None, seed: int = 0,
                 session: Session | None = None) -> None:
        super().__init__(app, config, seed, session)
        self.motion = CubeMotion()
        self.ring = RingPainter(app.text)
        #: the final scoring played out before the results
        self.scoring: ScoringShow | None = None
        #: the log's line of the final totals, held until the scoring show has told them
        self.final_lines: list[Line] = []
        # what the player is choosing (nothing is sent before Confirm)
        self.turn_key: tuple | None = None
        self.crew_choice: int | None = None
        self.target_choice: int | None = None
        self.path: list[int] = []
        self.count = 0
        self.focus_planet: int | None = None
        #: the arrows moved the focus along a path begun: the next cube goes there (Enter
        #: takes the highlighted planet, not the preview's own next one)
        self.focus_moved = False
        self.hover_planet: int | None = None
        self.hover_crew: int | None = None
        self.hover_since = 0.0
        #: the decision on screen and its guard against presses meant for the one before
        self.decision_guard = DecisionGuard()
        self.hover_target: int | None = None
        self.start_choice = 0
        self._legal: tuple[tuple, list[Move]] | None = None
        #: counts the views received (cached pictures are keyed by it, not by ``id``)
        self.view_serial = 0
        self._view_seen: dict[str, Any] | None = None
        self._simulated: dict[tuple, Any] = {}
        #: the moves that came in, played out one by one at the player's AI speed
        self.pacer = Pacer()
        #: the game log: what happened, in the players' words, oldest first
        self.log: list[Line] = []
        #: a spectator's last move marked on the ring (its beat) and for how long still
        self.last_move: Beat | None = None
        self.last_move_left = 0.0
        #: a round's end told in the middle of the ring, a while; and the scores each player
        #: had when the round under way started (None: its start was not seen)
        self.round_end: RoundEnd | None = None
        self.round_start_totals: tuple[int, list[int]] | None = None
        #: Space (a pad's skip) is catching up to a turn played here: a round's end passed on
        #: the way is not left in the middle of the ring over the next round's turns
        self.skipping = False
        self.start_couch()

    # --- what the view says ---------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any] | None:
        """The view on screen: while moves are played out, the one the move on the stage came
        with; else the newest."""
        if self.pacer.shown is not None:
            return self.pacer.shown
        views = self.session.views
        return views.get(self.active) or next(iter(views.values()), None)

    @property
    def palette(self) -> Palette:
        return palette_for(self.app.settings.colour_blind)

    def is_over(self) -> bool:
        return bool(self.view and self.view["phase"] == "over")

    def phase(self) -> str:
        """waiting / over / handover / watching / crew / skill / investigate / start_player."""
        view = self.view
        if view is None:
            return "waiting"
        if view["phase"] == "over":
            return "over"
        if self.replaying:
            return "watching"  # a replay takes no moves: no prompt, no buttons
        if self.awaiting_handover:
            return "handover"
        if view["current"] != self.active or self.active not in self.session.human_seats:
            return "watching"
        return view["phase"]

    def legal(self) -> list[Move]:
        """The active seat's legal moves now (the engine's list; cached per view)."""
        view = self.view
        if view is None or self.phase() in ("waiting", "over", "handover", "watching"):
            return []
        key = (self.view_serial, self.active)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, RULESET.legal_moves(view, self.active))
        return self._legal[1]

    def simulated(self, move: Move) -> tuple[list[dict], dict] | None:
        view = self.view
        key = (self.active, repr(sorted(move.items())))
        if key not in self._simulated:
            self._simulated[key] = simulate(view, self.active, move) if view else None
        return self._simulated[key]

    def legal_crews(self) -> list[int]:
        view = self.view
        return [view["crews"].index(m["crew"]) for m in self.legal() if m["t"] == "crew"]

    def skill_targets(self) -> list[Move]:
        return [m for m in self.legal() if m["t"] == "skill"]

    def target_places(self, index: int) -> list[Place]:
        """The places skill target ``index`` puts or takes a cube (or its planet / crew)."""
        move = self.skill_targets()[index]
        outcome = self.simulated(move)
        places = places_of(outcome[0], self.view) if outcome else []
        if not places and "planet" in move:
            places.append(("planet", move["planet"]))
        if not places and "crew" in move:
            places.append(("crew", self.view["crews"].index(move["crew"])))
        return places

    def sequences(self) -> list[list[int]]:
        return [m["planets"] for m in self.legal() if m["t"] == "investigate"]

    def most_cubes(self) -> int:
        return max((len(s) for s in self.sequences()), default=0)

    def candidates(self, path: list[int] | None = None) -> list[int]:
        """Planets the next cube of ``path`` may go to (the starts when the path is empty)."""
        path = self.path if path is None else path
        found: list[int] = []
        for seq in self.sequences():
            if len(seq) > len(path) and seq[:len(path)] == path and seq[len(path)] not in found:
                found.append(seq[len(path)])
        return found

    def preview(self, path: list[int] | None = None) -> list[int]:
        """The whole investigation the path leads to with ``count`` cubes: the first of the
        engine's legal sequences that starts with the path (the clockwise walk comes first)."""
        path = self.path if path is None else path
        fits = [s for s in self.sequences() if s[:len(path)] == path]
        if not path or not fits:
            return list(path)
        want = max(self.count, len(path))
        exact = [s for s in fits if len(s) == want]
        if exact:
            return exact[0]
        shorter = [s for s in fits if len(s) <= want]
        return max(shorter, key=len) if shorter else min(fits, key=len)

    def shown_path(self) -> list[int]:
        """The path on screen: the chosen one, or the one from the planet under the mouse."""
        if self.path:
            nxt = self.focus_planet
            if self.focus_moved and len(self.path) < self.count and nxt in self.candidates():
                return self.preview([*self.path, nxt])
            return self.preview()
        start = self.focus_planet  # the mouse's planet, or the arrows' (``hover``)
        if start is not None and start in self.candidates([]):
            return self.preview([start])
        return []

    def path_outcome(self, path: list[int]) -> list[dict[str, Any]]:
        """Per cube of ``path``: the planet, the square it would take and the VP printed there
        (from the engine playing the move on a copy, and the planet's track)."""
        if not path:
            return []
        outcome = self.simulated({"t": "investigate", "planets": path})
        if outcome is None:
            return []
        view = self.view
        return [{"planet": e["planet"], "square": e["square"],
                 "vp": track_of(view, e["planet"])[e["square"] - 1]}
                for e in outcome[0] if e.get("type") == "cube_placed"]

    def score_change(self, move: Move) -> int | None:
        """How the active seat's score-if-the-game-ended-now changes with ``move``."""
        key = ("score", self.active, repr(sorted(move.items())))
        if key not in self._simulated:
            outcome = self.simulated(move)
            if outcome is None or self.view is None:
                return None
            before = RULESET.score(self.view)[self.active]["total"]
            self._simulated[key] = RULESET.score(outcome[1])[self.active]["total"] - before
        return self._simulated[key]

    # --- the player's choices ----------------------------------------------------------------
    def _new_turn_check(self) -> None:
        """Forget half-made choices when the decision on screen changes."""
        view = self.view
        key = None if view is None else (view["round"], view["turns"], view["phase"],
                                         view["current"], self.active)
        if key != self.turn_key:
            self.turn_key = key
            self.crew_choice = None
            self.target_choice = None
            self.path = []
            self.focus_planet = None
            self.focus_moved = False
            self.count = self.most_cubes()
            starts = self.candidates([])
            self.focus_planet = (self.hover_planet if self.hover_planet in starts
                                 else starts[0] if starts else None)
            self.start_choice = self.active
            if self.phase() == "skill" and len(self.skill_targets()) == 1:
                self.target_choice = 0  # the only target, chosen (greyed buttons looked stuck)

    def send(self, move: Move) -> None:
        super().send(move)
        self.app.sounds.play("click")

    def choose_crew(self, index: int) -> None:
        """Click on a crew: choose it (a second click, or Confirm, sends it)."""
        if self.phase() != "crew":
            return
        if index not in self.legal_crews():
            self.say(N_("A worker already stands on that crew."), theme.ILLEGAL)
            self.app.sounds.play("invalid")
            return
        if self.crew_choice == index:
            self.confirm()
            return
        self.crew_choice = index

    def choose_target(self, index: int) -> None:
        if self.phase() != "skill":
            return
        if self.target_choice == index:
            self.confirm()
            return
        self.target_choice = index

    def choose_planet(self, planet: int) -> None:
        """Investigating: the planet for the next cube (the start first)."""
        if self.phase() != "investigate":
            return
        if planet not in self.candidates():
            if self.path and planet in self.candidates([]):  # another start: begin again there
                self.path = []
            else:
                self.app.sounds.play("invalid")
                self.say(N_("Choose one of the highlighted planets."), theme.ILLEGAL)
                return
        self.path.append(planet)
        self.count = max(self.count, len(self.path))
        nxt = self.candidates()
        self.focus_planet = nxt[0] if nxt else planet
        self.focus_moved = False

    def undo_pick(self) -> None:
        """Take back the last planet chosen (nothing was sent yet)."""
        if self.phase() == "investigate" and self.path:
            self.path.pop()
            self.focus_planet = self.path[-1] if self.path else self.focus_planet
            self.focus_moved = False

    def change_count(self, delta: int) -> None:
        if self.phase() != "investigate":
            return
        self.count = max(1, min(self.most_cubes(), self.count + delta))
        del self.path[self.count:]

    def show_hint(self, hint: Any) -> str | None:
        """The hinted crew, skill target or path is chosen (Confirm plays it); returns the
        turn it plans in words. In a replay (the review's row) nothing can be chosen: the
        turn's crew and the places its cubes go are outlined instead."""
        move, view = hint.move, self.view
        if self.replaying and view is not None:
            self.mark_turn(hint.moves)
        if move["t"] == "crew" and move["crew"] in view["crews"]:
            self.crew_choice = view["crews"].index(move["crew"])
        elif move["t"] == "skill" and move in self.skill_targets():
            self.target_choice = self.skill_targets().index(move)
        elif move["t"] == "investigate":
            self.path, self.count = list(move["planets"]), len(move["planets"])
        elif move["t"] == "start_player":
            self.start_choice = move["seat"]
            return _("name {name} to start").format(name=self.session.names[move["seat"]])
        words = []
        for step in hint.moves:
            if step["t"] == "crew":
                words.append(_("pick {crew}").format(
                    crew=_(CREWS_BY_ID[step["crew"]]["name"])))
            elif step["t"] == "investigate":
                words.append(ngettext("investigate with {n} cube",
                                      "investigate with {n} cubes",
                                      len(step["planets"])).format(n=len(step["planets"])))
            elif step["t"] == "skill":  # named (a hint said only "use the skill": a playtest)
                target = self.target_name(step)
                words.append(_("use the skill on {target}").format(target=target) if target
                             else _("use the skill"))
        return _(", then ").join(words) or None

    def target_name(self, move: dict[str, Any]) -> str | None:
        """What a skill move aims at, in words: its planet, else its crew (None: neither)."""
        view = self.view
        planet = move.get("planet")
        if view is not None and isinstance(planet, int) and 0 <= planet < len(view["planets"]):
            return planet_name(view["planets"], planet, short=False)
        crew = CREWS_BY_ID.get(str(move.get("crew")))
        return _(crew["name"]) if crew is not None else None

    def choose_start_player(self, seat: int) -> None:
        if self.phase() == "start_player":
            self.send({"t": "start_player", "seat": seat})

    def confirm(self) -> None:
        phase = self.phase()
        view = self.view
        if phase == "crew" and self.crew_choice is None and self.legal_crews():
            self.crew_choice = self.legal_crews()[0]  # nothing chosen yet: a first press shows
        elif phase == "skill" and self.target_choice is None and \
                (targets := self.skill_targets()):
            self.target_choice = 0  # the first target (a press with nothing chosen did nothing)
            if len(targets) == 1:  # nothing to choose: the press uses it (the first press
                self.send(targets[0])  # seemed dead: a playtest)
        elif phase == "crew" and self.crew_choice is not None:
            self.send({"t": "crew", "crew": view["crews"][self.crew_choice]})
        elif phase == "skill" and self.target_choice is not None:
            targets = self.skill_targets()
            if targets:
                self.send(targets[self.target_choice % len(targets)])
        elif phase == "investigate":
            if not self.path and self.focus_planet is not None:
                self.choose_planet(self.focus_planet)
                return
            path = self.shown_path()  # what the screen shows, the highlighted planet's
            if path and path in self.sequences():
                self.send({"t": "investigate", "planets": path})
        elif phase == "start_player":
            self.choose_start_player(self.start_choice)

    # --- hot-seat ---------------------------------------------------------------------------------
    #: the view a turn was outlined on (``mark_turn``)
    _marked_for: dict[str, Any] | None = None
    #: a hot-seat handover was shown (the first human turn gets one too)
    handed_over_once = False

    def mark_turn(self, moves: list[Move]) -> None:
        """Outline ``moves`` of the seat on screen as a move on the stage is outlined: the
        crew picked, the squares its cubes would take (the review's replay showed the bot's
        choice in words only: an outside playtest)."""
        view = self._marked_for = self.view
        told: list[tuple[int, dict[str, Any]]] = []
        for move in moves:
            outcome = simulate(view, self.active, move) if view is not None else None
            if outcome is None:
                break
            told += [(self.active, event) for event in outcome[0]]
            view = outcome[1]
        self.last_move = Beat(told, view, self.active)
        self.last_move_left = float("inf")

    def take_over(self, seat: int) -> None:
        super().take_over(seat)
        self.turn_key = None

    # --- network -----------------------------------------------------------------------------
    def poll(self) -> None:
        before = self.view
        news = self.session.poll()
        replayed = [event for _seat, event in news if event.get("replayed")]
        if not self.log and self.view is not None:
            self.open_log(replayed)
        if replayed:  # the story so far (a replay's jump, a continued game): told, not shown
            self.note(story_lines(replayed, self.session.names, self.view))
            for event in replayed:
                self.events_seen.append(event.get("type", ""))
        if not self.pacer.busy:
            self.pacer.shown = before  # the table stays as it was until the moves play out
        self.pacer.waiting.extend(beats_of([(seat, event) for seat, event in news
                                            if not event.get("replayed")]))
        self.play_beats(0.0)
        self.view_changed()

    def open_log(self, history: list[dict[str, Any]]) -> None:
        """The log's first line, as a game watched from its start has it: the round the
        story so far (``history``, none in a new game) starts in and who started it (round 1,
        unless a LAN host told only the newest part of a long game; just "Round 4" when the
        story does not tell who started it: ``story_opening``)."""
        names = self.session.names
        n, start = story_opening(history, self.view)
        if not (isinstance(start, int) and 0 <= start < len(names)):
            self.log.append((Lazy(lambda: _("Round {n}").format(n=n)), theme.ACCENT))
            return
        name = names[start]
        self.log.append((Lazy(lambda: _("Round {n}: {name} starts.").format(n=n, name=name)),
                         theme.ACCENT))

    def note(self, lines: list[Line]) -> None:
        self.add_to_log(lines)

    def play_beats(self, dt: float) -> None:
        """Let the move on the stage run ``dt`` more; when it is done, play the next one (all
        at once that hold the stage for no time)."""
        pacer = self.pacer
        if len(pacer.waiting) > MOST_WAITING:
            pacer.hurry = True
        pace = AI_SPEEDS.get(self.app.settings.ai_speed, 1.0)
        if self.watching and len(pacer.waiting) > WATCH_BACKLOG:
            pace *= WATCH_CATCH_UP  # a TV keeps up with the table (it fell behind: a playtest)
        while True:
            beat = pacer.playing
            if beat is not None:
                beat.elapsed += dt
                dt = 0.0
                if not pacer.hurry and beat.seconds > 0 and (
                        beat.elapsed < beat.seconds or self.motion.busy):
                    return
                pacer.playing = None
            if not pacer.waiting:
                pacer.shown = None
                newest = self.view
                if newest is None or newest["phase"] == "over" or self.watching or \
                        newest["current"] in self.session.human_seats:
                    # skipped up to a turn played here, the end, or (watching) the newest move
                    pacer.hurry = False
                return
            beat = pacer.waiting[0]
            beat.seconds = 0.0 if pacer.hurry else beat_seconds(beat, pace,
                                                                self.session.human_seats)
            if beat.seconds > 0 and self.motion.busy:
                return  # a move shown at its pace starts once the cubes before it have landed
            pacer.waiting.popleft()
            pacer.playing = beat
            if beat.view is not None:
                pacer.shown = beat.view
            self.play(beat)

    def play(self, beat: Beat) -> None:
        """A move takes the stage: its events animate, its lines go to the log and, when it
        holds the stage, to the caption."""
        paced = beat.seconds > 0
        following = self.pacer.waiting[0] if self.pacer.waiting else None
        ending = next((event for _seat, event in following.events
                       if event.get("type") == "round_ended"), None) \
            if following is not None and following.view is beat.view else None
        if ending is not None and beat.view is not None:
            # the move that ends the round shows its view (the next round's) already: the
            # end is told with it, not after ("Round 3" flashed before "Round 2 is over")
            self.tell_round_end(ending, beat.view)
        for seat, event in beat.events:
            self.on_event(seat, event, paced)
        if self.skipping and self.round_end is not None and "crew_chosen" in beat.kinds:
            self.round_end = None  # the next round's turns are under way (the log keeps it)
        events = [event for _seat, event in beat.events]
        if not self.replaying and any(e.get("type") == "game_over" for e in events):
            # the final totals wait for the end of the scoring show, planet by planet (the
            # log gave the result away while the show still counted: a playtest)
            self.final_lines = story_lines([e for e in events if e.get("type") == "game_over"],
                                           self.session.names, beat.view or self.view)
            events = [e for e in events if e.get("type") != "game_over"]
        lines = story_lines(events, self.log_names(), beat.view or self.view)
        self.note(lines)
        if (paced or self.watching) and lines:
            self.pacer.caption = lines
            self.pacer.caption_by = beat.by
            self.pacer.caption_left = beat.seconds + (LAST_MOVE_SECONDS if self.watching
                                                      else CAPTION_LINGER)
        if self.watching and isinstance(beat.by, int) and "round_ended" not in beat.kinds \
                and self.beat_places(beat):
            # a spectator's screen keeps the move marked a while (or until the next one)
            self.last_move = beat
            self.last_move_left = beat.seconds + LAST_MOVE_SECONDS

    def beat_places(self, beat: Beat) -> list[Place]:
        """What a move on the stage outlines: the crew picked (or whose skill is used) and the
        places its cubes went to or left."""
        view = beat.view or {}
        crews = view.get("crews", [])
        events = [event for _seat, event in beat.events]
        places: list[Place] = [("crew", crews.index(e["crew"])) for e in events
                               if e.get("type") in ("crew_chosen", "skill_applied")
                               and e.get("crew") in crews]
        workers = view.get("workers", [])
        if not places and isinstance(beat.by, int) and beat.by in workers:  # an investigation
            places.append(("crew", workers.index(beat.by)))
        for place in places_of(events, view) if crews else []:
            if place not in places:
                places.append(place)
        return places

    def view_changed(self) -> None:
        """What follows from the view on screen: what-ifs, a hot-seat handover, the final
        scoring."""
        view = self.view
        if view is None:
            return
        if view is not self._view_seen:
            self._view_seen = view
            self.view_serial += 1
            if self.round_start_totals is None:
                # the game's very start: on screen, or the snapshot read in the same poll as
                # the first moves (bots at the speed Instant move before a frame shows it)
                snapshots = getattr(self.session, "snapshot_views", {})
                for seen in (view, snapshots.get(self.active)):
                    if seen is not None and seen["round"] == 1 and seen["turns"] == 0 and \
                            seen["phase"] == "crew" and \
                            all(worker is None for worker in seen["workers"]):
                        self.round_start_totals = (1, self.totals(seen))
                        break
            self._simulated.clear()  # what-ifs hold for one view only
            if self.replaying and view is not self._marked_for:
                self.last_move_left = 0.0  # the review's choice holds for its moment only
        if self.hotseat and not self.awaiting_handover and view["phase"] != "over":
            current = view["current"]
            # the first human turn is handed over too, as every later one (a continued game
            # opened on someone's turn at once, where Look at the Stars asks first: a playtest)
            if current in self.session.human_seats and self.app.scene is self and \
                    (current != self.active or not self.handed_over_once):
                self.handed_over_once = True
                self.show_handover(current)
        self.follow_turn()
        self._new_turn_check()
        self.watch_for_results()

    def on_event(self, seat: int, event: dict[str, Any], paced: bool = False) -> None:
        """Animate an event; ``paced``: its move holds the stage with a caption (which says
        what the status line would)."""
        kind = event.get("type", "")
        self.events_seen.append(kind)
        if event.get("replayed"):
            return  # the story so far: for the log, not to animate
        view = self.view
        names = self.session.names
        sounds = self.app.sounds
        motion = self.motion
        who = names[event["seat"]] if isinstance(event.get("seat"), int) and \
            0 <= event["seat"] < len(names) else ""
        if kind == "cube_placed":
            motion.drop(("square", event["planet"], event["square"]), event["owner"])
        elif kind == "crew_chosen" and view is not None:
            index = view["crews"].index(event["crew"])
            motion.drop(("worker", index), event["seat"], sprite="pawn")
            if not paced:
                self.say(N_("{name} picks {crew}.", name=who,
                            crew=N_(CREWS_BY_ID[event["crew"]]["name"])), theme.TEXT, 3.0)
        elif kind == "motivation_bonus" and view is not None:
            index = view["crews"].index(event["crew"])
            for _cube in range(event["free_cubes"]):
                motion.lift(("crew", index), -1)
            for owner in event["player_cubes"]:
                motion.lift(("crew", index), owner)
            motion.say(N_("+{n} VP", n=event["vp"]), ("crew", index), theme.ACCENT)
            sounds.play("bonus")
        elif kind == "pick_vp" and view is not None and event.get("crew") in view["crews"]:
            motion.say(N_("+{n} VP", n=event["vp"]), ("crew", view["crews"].index(event["crew"])),
                       theme.ACCENT)
        elif kind == "repeat_cost" and view is not None and event["seat"] in view["workers"]:
            motion.say(N_("{n} VP", n=event["vp"]), ("crew", view["workers"].index(event["seat"])),
                       theme.ILLEGAL)
        elif kind == "skill_ignored":
            crew = CREWS_BY_ID.get(event.get("crew", ""), {}).get("name", "The crew")
            self.say(N_("{crew}: the skill cannot apply now, so it is ignored.", crew=N_(crew)),
                     theme.TEXT_DIM)
        elif kind == "cube_to_crew" and view is not None:
            motion.drop(("crew", view["crews"].index(event["crew"])), event["seat"])
        elif kind == "crew_cleared" and view is not None:
            index = view["crews"].index(event["crew"])
            for _cube in range(event["free_cubes"]):
                motion.lift(("crew", index), -1)
            motion.say(N_("+{n} VP", n=event["vp"]), ("crew", index), theme.ACCENT)
        elif kind == "cube_recalled":
            motion.lift(("square", event["planet"], event["square"]), event["seat"])
        elif kind == "cubes_swapped":
            front = ("square", event["planet"], event["square"])
            back = ("square", event["planet"], event["square"] + 1)
            motion.hop(back, front, event["seat"])
            motion.hop(front, back, event["other"])
        elif kind == "zero_square_claimed":
            place = ("square", event["planet"], 0)
            motion.lift(place, event["previous"])
            motion.drop(place, event["seat"])
        elif kind == "free_cube_added" and view is not None:
            motion.drop(("crew", view["crews"].index(event["crew"])), -1)
        elif kind == "round_ended":
            self.tell_round_end(event, view)
            if not paced:
                self.say(N_("Round {n} is over.", n=event["round"]), theme.TEXT_DIM, 3.0)
        elif kind == "round_started":
            start = event.get("start")
            if not self.log_open:  # a new round: the small log shows it
                self.follow_log()
            if view is not None:
                self.round_start_totals = (event["round"], self.totals(view))
            if self.round_end is not None and isinstance(start, int) and start < len(names):
                self.round_end.start = start
            if not paced:
                name = names[start] if isinstance(start, int) and start < len(names) else "?"
                self.say(N_("Round {n}: {name} starts.", n=event["round"], name=name),
                         theme.ACCENT, 3.0)
        elif kind == "game_over":
            sounds.play("game_over")
            self.say(N_("The game is over: the final scoring."), theme.ACCENT, 10)
        else:
            self.table_news(event)

    def totals(self, view: dict[str, Any]) -> list[int]:
        return [seat["total"] for seat in self.shown_scores(view)]

    def skip_to_turn(self) -> None:
        """Space, or a pad's skip: the moves up to a turn played here show at once, and a
        round's end told in the middle of the ring goes (at once if it is up; else once the
        next round's turns come during the skip)."""
        if self.pacer.holding() is not None:
            self.pacer.hurry = True
            self.skipping = True
            # the moves skipped are not told one by one: the caption of the move on the stage
            # goes with them (it stayed up, a round old, over the new round: a playtest)
            self.pacer.caption_left = 0.0
        else:
            self.round_end = None

    def tell_round_end(self, event: dict[str, Any], view: dict[str, Any] | None) -> None:
        """The middle of the ring tells the round's end (``ROUND_END_SECONDS``): each player's
        gain over the round, then who starts the next."""
        number = event.get("round")
        if not isinstance(number, int) or view is None or \
                (self.round_end is not None and self.round_end.round == number):
            return  # (told already: from the move that ended the round, ``play``)
        start = self.round_start_totals
        before = start[1] if start is not None and start[0] == number else None
        now = self.totals(view)
        gains = [a - b for a, b in zip(now, before, strict=True)] if before else None
        self.round_end = RoundEnd(number, gains, now)

    def reason_text(self, code: str) -> str | None:
        reason = REASON_TEXT.get(code)
        return N_(reason) if reason is not None else None

    def _impact(self, flight: Flight) -> None:
        if flight.kind == "drop":
            self.app.sounds.play("cube_drop")
        elif flight.kind == "lift":
            self.app.sounds.play("cube_lift")

    # --- input -----------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.couch is not None:
            return  # at one screen every device plays through ``couch_action``
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.decision_blocks(event):
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.log_shown().collidepoint(pygame.mouse.get_pos()):
                self.scroll_log(event.y)
            else:
                self.change_count(1 if event.y > 0 else -1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)
            # the tooltip of what was clicked stays away until the mouse goes elsewhere: it
            # covered the ring the player was playing on (playtest)
            self.hover_since = math.inf
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.undo_pick()

    def escape(self, owner: str | None = None) -> None:
        """Esc (a pad's B or Start, a device's menu at one screen): the open game log closes
        first, as any overlay does (the leave question opened over it: an outside playtest);
        then during the final scoring straight to the results, else the leave question
        (``owner``: the pad that asked it)."""
        if self.log_open and self.scoring is None:
            self.log_open = False
            return
        if self.scoring is not None or self.ending():
            self.show_results()  # skip the rest of the final scoring
        else:
            self.back(owner)

    def clicked_way_out(self, pos: tuple[int, int]) -> bool:
        """The top bar's menu button asks at once, the log open or not: a click on it is no
        Esc meant for the log (a click elsewhere closes the log and counts too)."""
        if self.way_out_rect.collidepoint(pos):
            self.log_open = False
        return super().clicked_way_out(pos)

    def ending(self) -> bool:
        """The game is over and its final scoring about to start (the top bar already says
        "Esc: results"): the way out is the results, not the leave question."""
        return self.phase() == "over" and not self.replaying

    def handle_key(self, key: int) -> None:
        phase = self.phase()
        key = PAD_KEYS.get(key, key)
        if key == pygame.K_ESCAPE:
            self.escape()
        elif self.scoring is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.scoring.next_step()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_SPACE and (self.pacer.holding() is not None or (
                self.round_end is not None and phase != "investigate")):
            self.skip_to_turn()  # (investigating, Space places a cube)
        elif key == pygame.K_l:
            self.log_open = not self.log_open
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            # with nothing chosen yet, Right / Down choose the first and Left / Up the last
            # (Left chose the first too: a playtest)
            if phase == "crew":
                crews = self.legal_crews()
                if crews:
                    at = crews.index(self.crew_choice) if self.crew_choice in crews \
                        else _before(step, len(crews))
                    self.crew_choice = crews[(at + step) % len(crews)]
            elif phase == "skill":
                targets = self.skill_targets()
                if targets:
                    at = _before(step, len(targets)) if self.target_choice is None \
                        else self.target_choice
                    self.target_choice = (at + step) % len(targets)
            elif phase == "investigate":
                if key in (pygame.K_UP, pygame.K_DOWN):
                    self.change_count(-step)
                else:
                    options = self.candidates()
                    if options:
                        at = options.index(self.focus_planet) \
                            if self.focus_planet in options else _before(step, len(options))
                        self.focus_planet = options[(at + step) % len(options)]
                        self.focus_moved = bool(self.path)
            elif phase == "start_player":
                self.start_choice = (self.start_choice + step) % len(self.session.names)
        elif key == pygame.K_SPACE and phase == "investigate" and self.focus_planet is not None:
            self.choose_planet(self.focus_planet)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_count(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_count(-1)
        elif key in (pygame.K_u, pygame.K_BACKSPACE):
            self.undo_pick()
        elif phase == "start_player" and pygame.K_1 <= key <= pygame.K_9:
            seat = key - pygame.K_1
            if seat < len(self.session.names):
                self.choose_start_player(seat)

    def hover(self, pos: tuple[int, int]) -> None:
        """What is under the mouse is described and outlined; a click chooses it."""
        if self.full_log().collidepoint(pos):
            pos = (-1, -1)  # nothing under the open log is hovered
        geo = self.ring.geo
        planet = geo.planet_at(pos) if geo is not None else None
        crew = self.crew_at(pos)
        if (planet, crew) != (self.hover_planet, self.hover_crew):
            self.hover_since = self.clock  # the tooltip waits for the mouse to rest
        self.hover_planet, self.hover_crew = planet, crew
        self.hover_target = self.target_at(pos) if self.phase() == "skill" else None
        if planet is not None and not self.path and self.phase() == "investigate" and \
                planet in self.candidates([]):
            # the mouse moves the focus: the path it shows is the one Enter starts (the
            # arrows move it on from there; the screen showed one start, Enter took another)
            self.focus_planet = planet

    def target_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(len(self.skill_targets())):
            for place in self.target_places(index):
                rect = self.target_rect(place)
                if rect is not None and rect.inflate(4, 4).collidepoint(pos):
                    return index
        return None

    def click(self, pos: tuple[int, int]) -> None:
        if self.scoring is not None:
            self.scoring.next_step()
            return
        if self.log_open or self.log_rect.h and self.log_rect.collidepoint(pos):
            was_open = self.full_log()
            self.log_open = not self.log_open  # a click opens the log; another closes it
            if not self.log_open and not was_open.collidepoint(pos):
                self.click(pos)  # closed by a click elsewhere: that click counts too
            return
        for button in self.visible_buttons():
            if button.enabled and button.rect.collidepoint(pos):
                button.activate()
                return
        phase = self.phase()
        if phase in ("watching", "handover") and self.pacer.holding() is not None and \
                self.action_rect.collidepoint(pos):
            self.skip_to_turn()  # as Space: the panel says so (the mouse had no way)
            return
        if phase == "skill":
            hit = self.target_at(pos)
            if hit is not None:
                self.choose_target(hit)
                return
        crew = self.crew_at(pos)
        if crew is not None and phase == "crew":
            self.choose_crew(crew)
            return
        if crew is not None and phase in ("skill", "investigate") and \
                crew != self.view.get("active_crew"):
            # another crew clicked after the pick did nothing and said nothing (a 4K playtest)
            self.say(N_("Your crew this round is picked: a move played is not taken back."),
                     theme.TEXT_DIM)
            return
        planet = self.ring.geo.planet_at(pos) if self.ring.geo is not None else None
        if planet is not None and phase == "investigate":
            self.choose_planet(planet)

    # --- update ------------------------------------------------------------------------------
    def watch_decision(self, dt: float) -> None:
        """A new decision starts its guard (``DECISION_SETTLE_SECONDS``)."""
        phase = self.phase()
        self.decision_guard.watch((self.turn_key, phase) if phase in DECIDING else None,
                                  DECISION_SETTLE_SECONDS, dt, self.app.settings.animation_speed)

    def decision_blocks(self, event: pygame.event.Event | None = None) -> bool:
        """Whether the decision on screen is too new for ``event`` (a key; None: a pad's or a
        keyboard half's confirm)."""
        return self.phase() in DECIDING and self.decision_guard.blocks(event)

    def animate(self, dt: float) -> None:
        self.watch_decision(dt)
        self.motion.update(dt, self._impact)
        shown = self.view
        self.play_beats(dt)
        if self.view is not shown:
            self.view_changed()
        self.pacer.caption_left = max(0.0, self.pacer.caption_left - dt)
        self.last_move_left = max(0.0, self.last_move_left - dt)
        if self.skipping and not self.pacer.hurry:
            self.skipping = False  # caught up
        if self.round_end is not None:
            self.round_end.left -= dt
            if self.round_end.left <= 0 or self.scoring is not None:
                self.round_end = None

    def update(self, dt: float) -> None:
        self.track_devices()
        super().update(dt)
        if self.couch is not None:
            self.point_at_focus()
        if self.scoring is not None:
            self.scoring.update(dt)
            if self.scoring.done and self.app.scene is self:
                self.note(self.final_lines)  # (the totals, once the show has told them)
                self.final_lines = []
                self.show_results()

    # --- the end: the final scoring, then the results ------------------------------------------
    def game_over_shown(self) -> bool:
        return self.is_over() and self.scoring is None

    def results_may_count(self) -> bool:
        return not self.motion.busy  # the last cubes land first

    def results_due(self) -> None:
        self.scoring = ScoringShow(self.view, self.session.results or {})


def _before(step: int, count: int) -> int:
    """Where a choice among ``count`` stands before the first press: so that a step forward
    chooses the first and a step back the last."""
    return -1 if step > 0 else count
