"""Stargazer at one screen (couch play, ``GameConfig.mode == "couch"``): everyone sits at the
one screen with a device of their own, and the seat whose turn it is drives with it.

Stargazer hides nothing, so there is no handover: the table follows the turn. Each player's
device (a pad, a keyboard half, the mouse: ``game.client.devices``) is bound to their seat by
``CouchSeats``; only the device of the seat to move plays (choosing a crew, a target, a path,
Confirm, taking a planet back, the game log), every other device's press is ignored but for
"menu" (the one leave question). A pad pulled out on its seat's turn pauses the game until a
free device presses "confirm" and takes the seat. The hints name the buttons of the device
whose turn it is (``glyph``).

A mixin of ``StargazerTableScene``: it reads the scene's view, phase and choices and calls its
ordinary intents (``handle_key``, ``click``, ``confirm``...), so a pad and a mouse play the
same moves.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.couch import CouchSeats, remember_device
from game.client.devices import Action, directions_glyph, glyph, is_pad, join_keys
from game.client.i18n import N_, _, tr
from game.client.stargazer.palette import player_mark
from game.client.stargazer.sprites import pawn_sprite

#: the decisions a seat makes (the phases a device drives)
DECISIONS = ("crew", "skill", "investigate", "start_player")

#: what an intent of the device to move stands for, as the key the table already reads
#: (the table's keyboard play is the one way every device plays)
KEY_OF_INTENT: dict[str, int] = {
    "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
    "confirm": pygame.K_RETURN,
}

#: the footer's hints per phase: (intent, or "directions" / "previous+next"; what it does)
HINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "crew": (("directions", N_("choose a crew")), ("confirm", N_("pick it")),
             ("skip", N_("full text")), ("hint", N_("game log")), ("menu", N_("menu"))),
    "skill": (("directions", N_("choose a target")), ("confirm", N_("use the skill")),
              ("hint", N_("game log")), ("menu", N_("menu"))),
    "investigate": (("directions", N_("planet, cubes")), ("rotate", N_("add the planet")),
                    ("confirm", N_("confirm")), ("back", N_("undo")),
                    ("previous+next", N_("fewer / more cubes")), ("skip", N_("full text")),
                    ("hint", N_("game log")), ("menu", N_("menu"))),
    "start_player": (("directions", N_("choose a player")), ("confirm", N_("name them")),
                     ("hint", N_("game log")), ("menu", N_("menu"))),
    "log": (("directions", N_("scroll")), ("back", N_("close the log"))),  # (menu: closes it)
    "watching": (("skip", N_("catch up")), ("hint", N_("game log")), ("menu", N_("menu"))),
}

#: the mouse's hints (it points and clicks where the others press buttons)
MOUSE_HINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "crew": (("confirm", N_("choose, again: pick")),),
    "skill": (("confirm", N_("choose a place, again: use")),),
    "investigate": (("confirm", N_("a planet, then Confirm")), ("rotate", N_("undo")),
                    ("next", N_("fewer / more cubes"))),
    "start_player": (("confirm", N_("a player")),),
}

#: the action panel's and buttons' words with the key of the device to move
BUTTON_WORDS: dict[str, tuple[str, str]] = {
    "Confirm (Enter)": (N_("Confirm ({key})"), "confirm"),
    "Start here (Enter)": (N_("Start here ({key})"), "confirm"),
    "Pick this crew (Enter)": (N_("Pick this crew ({key})"), "confirm"),
    "Use the skill here (Enter)": (N_("Use the skill here ({key})"), "confirm"),
    "Take back a cube (U)": (N_("Take back a cube ({key})"), "back"),
    "< Previous": (N_("< Previous ({key})"), "previous"),
    "Next >": (N_("Next > ({key})"), "next"),
}


#: a pad's middle buttons as the pad prints them (and never a word of the window's language:
#: "Back" is also a button of the menus, translated)
PAD_PRINTED = {"Back": "BACK", "Start": "START"}


#: a press of a device whose player is not to move says whose turn it is at most this often
TURN_REMINDER_SECONDS = 2.0


def hint_glyph(device: str, intent: str) -> str:
    if intent == "directions":
        return directions_glyph(device)
    if intent == "previous+next":
        return f"{glyph(device, 'previous')}/{glyph(device, 'next')}"
    key = glyph(device, intent)
    return PAD_PRINTED.get(key, key) if is_pad(device) else key


def couch_seats(config: Any) -> CouchSeats | None:
    """The device of each human seat of a couch game (None: not a couch game)."""
    if config is None or getattr(config, "mode", None) != "couch":
        return None
    return CouchSeats({seat: choice.device for seat, choice in enumerate(config.seats)
                       if choice.kind == "human" and choice.device})


class StargazerCouch:
    """Couch play for ``StargazerTableScene`` (see the module's docstring)."""

    couch: CouchSeats | None = None

    def start_couch(self) -> None:
        """Bind the config's devices to their seats; the App then hands this scene actions."""
        self.couch = couch_seats(self.config)
        if self.couch is not None:  # the lobby's pad may be gone (Continue, Play again)
            self.couch.wait_for_absent(self.app.devices.devices())
        #: the pads seen plugged in (one that vanishes pauses its seat, whatever scene was on
        #: top when it went)
        self.pads_seen: set[str] = set()
        #: the full text of the crew or planet in focus is open (what the mouse resting on
        #: it shows): a pad's or a keyboard half's player asks for it with "skip"
        self.focus_text = False
        #: when a press out of turn was last told whose turn it is (``TURN_REMINDER_SECONDS``)
        self.turn_said = float("-inf")
        if self.couch is not None:
            self.hotseat = False  # no handover: the game hides nothing
            self.handle_action = self.couch_action

    # --- whose turn ---------------------------------------------------------------------------
    def turn_seat(self) -> int | None:
        """The seat to move on the view on screen (None: the game is over)."""
        view = self.view
        if view is None or view["phase"] == "over":
            return None
        return view["current"]

    def turn_device(self) -> str | None:
        """The device that plays now (None: a bot's turn, or the seat's device is gone)."""
        seat = self.turn_seat()
        if self.couch is None or seat is None:
            return None
        return self.couch.device_of(seat)

    def paused_seat(self) -> int | None:
        """The seat to move whose device went away: the game waits for it."""
        seat = self.turn_seat()
        if self.couch is None or seat is None or seat not in self.couch.waiting:
            return None
        return seat

    def follow_turn(self) -> None:
        """The screen's seat is the one to move (no handover: everyone sees everything)."""
        seat = self.turn_seat()
        if self.couch is None or seat is None or seat == self.active or \
                seat not in self.session.human_seats:
            return
        self.active = seat
        self.turn_key = None
        device = self.couch.device_of(seat)
        if device is not None:
            self.say(N_("{name}, your turn ({device}).", name=self.session.names[seat],
                        device=self.app.devices.device_words(device)), self.palette.player(seat))

    def track_devices(self) -> None:
        """A seat's pad missing from the connected devices pauses the seat (the removal may
        have gone to a dialog on top)."""
        if self.couch is None:
            return
        present = {d for d in self.app.devices.devices() if is_pad(d)}
        for device in self.pads_seen - present:
            if device in self.couch.held_devices():
                self.couch.route(Action(device, "removed"))
        self.pads_seen = present

    def point_at_focus(self) -> None:
        """A pad or keyboard half has no mouse to rest on a crew or a planet: the one in focus
        shows its full text while ``focus_text`` is on."""
        device = self.turn_device()
        if device is None or device == "mouse":
            return
        phase = self.phase()
        crew = self.crew_choice if self.focus_text and phase == "crew" else None
        planet = self.focus_planet if self.focus_text and phase == "investigate" else None
        if (crew, planet) != (self.hover_crew, self.hover_planet):
            self.hover_crew, self.hover_planet = crew, planet
            self.hover_since = self.clock - 1.0  # at once: nothing to wait for

    # --- input ---------------------------------------------------------------------------------
    def couch_action(self, action: Action) -> None:
        """One device's action: it plays if it is the turn's device; "menu" (or the mouse's
        click on the top bar's menu button) asks to leave."""
        couch = self.couch
        intent = action.intent
        if action.device == "mouse" and intent == "confirm" and action.pos is not None and \
                self.way_out_rect.collidepoint(action.pos):
            self.log_open = False  # (the button asks at once; a device's menu closes the log)
            self.escape(owner="mouse")
            return
        if intent == "point":
            self.hover(action.pos if action.device == self.turn_device() else (-1, -1))
            return
        if intent == "added":
            return
        if intent == "removed":
            self.pads_seen.discard(action.device)
        routed = couch.route(action)
        if intent == "removed":
            return
        if routed.claimed:
            remember_device(self.config, routed.seat, action.device)
            self.app.sounds.play("click")
            self.say(N_("{name} now plays with {device}.", name=self.session.names[routed.seat],
                        device=self.app.devices.device_words(action.device)),
                     self.palette.player(routed.seat))
            return
        if intent == "menu":  # an open log closes, else the leave question (scoring: results)
            self.escape(owner=action.device)
            return
        if routed.seat is None:
            return  # a device nobody plays with
        if self.scoring is not None or self.ending():
            if intent == "confirm" and self.scoring is not None:
                self.scoring.next_step()
            elif intent == "back":  # what its panel says B does (B did nothing: a playtest;
                self.show_results()  # nor in the moment before the scoring starts)
            return
        turn = self.turn_device()
        if turn is None and intent == "skip" and self.pacer.holding() is not None:
            self.skip_to_turn()  # a bot's move on the stage: anyone may catch up
            return
        if action.device != turn:
            # not this player's turn: a press says whose it is (a pad pressed A and nothing
            # happened: a playtest), once in a while, not at every press
            seat = self.turn_seat()
            if turn is not None and seat is not None and intent != "point" and \
                    self.clock - self.turn_said > TURN_REMINDER_SECONDS:
                self.turn_said = self.clock
                self.say(N_("It is {name}'s turn.", name=self.session.names[seat]),
                         self.palette.player(seat), 2.0)
            return
        if action.device == "mouse":
            self.mouse_action(action)
        else:
            self.button_action(intent)

    def button_action(self, intent: str) -> None:
        """A pad's or keyboard half's intent for the seat to move."""
        phase = self.phase()
        if intent == "hint":
            # a hint for the decision (where hints are on); pressed again, or with the log
            # open, the log: a pad has no other button for it (the Hint button took a mouse)
            if self.log_open or self.hints.shown() or not self.hint_offered_now() or \
                    not self.hints.ask():
                self.log_open = not self.log_open
        elif self.log_open:
            if intent in ("up", "previous", "left"):
                self.scroll_log(1)
            elif intent in ("down", "next", "right"):
                self.scroll_log(-1)
            elif intent in ("back", "confirm"):
                # (A did nothing while the panel under the log still said "Pick this crew
                # (A)": a player sat stuck there, an outside playtest)
                self.log_open = False
        elif intent == "skip" and (self.pacer.holding() is not None or
                                   self.round_end is not None):
            self.skip_to_turn()
        elif intent == "skip":
            self.focus_text = not self.focus_text
        elif intent == "confirm" and self.decision_blocks():
            return  # a press meant for the decision before (``DECISION_SETTLE_SECONDS``)
        elif intent in KEY_OF_INTENT:
            self.handle_key(KEY_OF_INTENT[intent])
        elif intent == "rotate" and phase == "investigate" and self.focus_planet is not None:
            self.choose_planet(self.focus_planet)
        elif intent == "back":
            if phase == "investigate":
                self.undo_pick()
            elif phase == "crew":
                self.crew_choice = None
            elif phase == "skill":
                self.target_choice = None
        elif intent in ("previous", "next"):
            step = 1 if intent == "next" else -1
            if phase == "investigate":
                self.change_count(step)
            else:
                self.handle_key(pygame.K_RIGHT if step > 0 else pygame.K_LEFT)

    def mouse_action(self, action: Action) -> None:
        """The mouse of the seat to move: as in a solo game."""
        intent, pos = action.intent, action.pos or pygame.mouse.get_pos()
        if intent == "confirm":
            self.click(pos)
        elif intent == "rotate":
            self.undo_pick()
        elif intent in ("previous", "next"):
            step = 1 if intent == "previous" else -1  # the wheel: up is +1
            if self.log_shown().collidepoint(pos):
                self.scroll_log(step)
            else:
                self.change_count(step)

    # --- what it shows -------------------------------------------------------------------------
    def couch_key(self, intent: str) -> str:
        device = self.turn_device()
        return hint_glyph(device, intent) if device is not None else ""

    def couch_labels(self, buttons: list[Any]) -> None:
        """The buttons name the key of the device to move ("Confirm (A)")."""
        device = self.turn_device()
        if device is None or device == "mouse":
            return
        for button in buttons:
            words = BUTTON_WORDS.get(str(button.label))
            if words is not None:
                button.label = N_(words[0], key=hint_glyph(device, words[1]))

    def couch_hints(self) -> list[tuple[str, str]]:
        """The footer's hints for the device to move: (its key, what it does)."""
        device = self.turn_device()
        phase = self.phase()
        if device is None:
            return []
        if device == "mouse":
            table = MOUSE_HINTS.get(phase, ())
        else:
            table = HINTS.get("log" if self.log_open else phase, ())
        nothing_to_undo = phase == "investigate" and not self.path and not self.log_open
        if not self.log_open and self.hint_offered_now():
            hint = N_("game log") if self.hints.shown() else N_("hint, again: game log")
            table = tuple((intent, hint if intent == "hint" else words)
                          for intent, words in table)
        return [(hint_glyph(device, intent), words) for intent, words in table
                if hint_glyph(device, intent) and not (intent == "back" and nothing_to_undo)]

    def hint_offered_now(self) -> bool:
        """The Hint button shows (``visible_buttons``: hints on here, a decision that has it)."""
        return self.hints.button in self.visible_buttons()

    def draw_footer_bar(self, surface: pygame.Surface) -> None:
        """Couch play: whose turn it is (their colour, their device) and that device's hints."""
        rect = self.footer_rect
        if not rect.h:
            return
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, rect)
        seat = self.turn_seat()
        size = lay.font_px("body")
        x = rect.x + lay.px(14)
        if seat is not None:
            colour = self.palette.player(seat)
            pygame.draw.rect(surface, colour, pygame.Rect(rect.x, rect.y, lay.px(8), rect.h))
            pawn = pawn_sprite(lay.px(24), colour, player_mark(seat))
            surface.blit(pawn, pawn.get_rect(midleft=(x, rect.centery)))
            x += pawn.get_width() + lay.px(8)
            device = self.couch.device_of(seat) if seat in self.session.human_seats else None
            name = self.session.names[seat]
            if self.paused_seat() is not None:
                who = _("{name}: waiting for a device").format(name=name)
            elif device is None:
                who = _("{name} (AI) plays").format(name=name)
            else:
                who = _("{name}'s turn  ·  {device}").format(name=name,
                                                             device=self.app.devices.device_words(device))
            label = self.text.render(who, size, colour, bold=True)
            surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
            x += label.get_width() + lay.px(24)
        small = lay.font_px("small")
        for key, words in self.couch_hints():
            key_label = self.text.render(key, small, theme.SKY, bold=True)
            box = key_label.get_rect(midleft=(x + lay.px(5), rect.centery))
            words_label = self.text.render(tr(words), small, theme.TEXT)
            if box.right + lay.px(6) + words_label.get_width() > rect.right - lay.px(10):
                break
            pygame.draw.rect(surface, theme.ACCENT, box.inflate(lay.px(10), lay.px(4)),
                             border_radius=lay.px(5))
            surface.blit(key_label, box)
            surface.blit(words_label, words_label.get_rect(
                midleft=(box.right + lay.px(8), rect.centery)))
            x = box.right + lay.px(8) + words_label.get_width() + lay.px(18)

    def draw_paused(self, surface: pygame.Surface) -> None:
        """The seat to move has no device: the game waits, and says how to take the seat."""
        seat = self.paused_seat()
        if seat is None:
            return
        lay = self.layout
        veil = pygame.Surface(lay.rect.size, pygame.SRCALPHA)
        veil.fill((4, 6, 18, 170))
        surface.blit(veil, (0, 0))
        colour = self.palette.player(seat)
        lines = [(_("{name}'s device is gone: the game waits.").format(
                     name=self.session.names[seat]), colour, lay.font_px("large")),
                 (_("Reconnect a pad or press {keys} to take this seat").format(
                     keys=join_keys()), theme.TEXT, lay.font_px("body")),
                 (_("(on a pad or keyboard half that holds no other seat, or a click)"),
                  theme.TEXT_DIM, lay.font_px("small"))]
        # a band across the whole window (the table under it is dimmed, not mixed with it)
        height = sum(int(s * 1.5) for _t, _c, s in lines) + lay.px(60)
        box = pygame.Rect(0, 0, lay.width, height)
        box.center = lay.rect.center
        pygame.draw.rect(surface, (16, 21, 50), box)
        for edge in (box.top, box.bottom - lay.px(3)):
            pygame.draw.rect(surface, colour, pygame.Rect(0, edge, lay.width, lay.px(3)))
        y = box.y + lay.px(30)
        for words, color, size in lines:
            size = self.text.fit(words, size, box.w - lay.px(40), True)
            label = self.text.render(words, size, color, bold=color is colour)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += int(size * 1.5)
