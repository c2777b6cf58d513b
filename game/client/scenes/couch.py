"""The party lobby: everyone at one screen joins with a device of their own (couch play).

"Press A / Space / Return to join": each device that presses confirm while it holds no seat
takes the next free seat (a colour, a name: the settings' name for seat 1); back leaves it;
bots fill the seats nobody took, up to the player count; seats may also be left open for
players on other machines (the table is then hosted on the LAN and this screen's players sit
at it beside the remote ones and the bots). Any mix of game controllers, the keyboard's two
halves and the mouse (``game.client.devices``).

Controllers come and go at any time. A pad pulled out leaves its seat *waiting*, with its
name and colour, as at the table (``game.client.couch``): the next device that holds no seat
and presses confirm takes it (the same pad plugged back in, or another), before any free seat
is given. Why: a loose cable or a flat battery should not cost a player their seat, and the
rule is the one the table follows. A seat still waiting at the start is played by a bot, so a
pad that is gone for good never holds the party up.

Every action is a device's: any device moves the focus (up/down) and changes a row
(left/right); a seated device's confirm presses what has the focus (a free device's confirm
joins); a seated pad's Start starts; a seated device's "turn" (X, E, Right Shift) names its
seat (typed on the keyboard); Esc (or back from a free device while nobody is seated) leaves,
asking first while anyone is seated.
The mouse joins by clicking a free seat (or, every seat taken, where the seats stand), leaves
by clicking its own and names it with a right-click there. A seat's name dialog and its
on-screen keys answer only that seat's device.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import BOT_STAR_NAMES, default_level
from game.client import theme
from game.client.devices import (
    DIRECTIONS,
    JOIN_DEVICES,
    Action,
    from_owner,
    glyph,
    is_pad,
    join_keys,
    key_event_for,
)
from game.client.i18n import N_, _, tr
from game.client.kits import get_kit, playable_games
from game.client.scenes.base import Scene, SkyScene, pad_in_hand
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.keyboard import KeyboardScene
from game.client.session import (
    GameConfig,
    SeatChoice,
    bot_level_choices,
    bot_level_note,
    bot_level_word,
    bot_levels,
)
from game.client.widgets import (
    Button,
    Choice,
    Form,
    TextField,
    blit_on_line,
    draw_panel,
    shade_layer,
)
from game.registry import default_game
from game.rules import get_ruleset

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: at most this many seats at one screen (the setup screen's limit too)
MAX_SEATS = 8


def main_colour(picture: pygame.Surface) -> theme.Color:
    """The colour most of a picture's opaque pixels have (a piece's body: its seat colour)."""
    counts: dict[theme.Color, int] = {}
    for x in range(picture.get_width()):
        for y in range(picture.get_height()):
            r, g, b, a = picture.get_at((x, y))
            if a > 200:
                counts[(r, g, b)] = counts.get((r, g, b), 0) + 1
    return max(counts, key=counts.__getitem__) if counts else theme.TEXT


@dataclass
class LobbySeat:
    """A player who joined: their name and device (None: the pad was pulled out, the seat
    waits for a device)."""

    name: str
    device: str | None


class CouchLobbyScene(SkyScene):
    """Seats for everyone at one screen, then the game's table in couch mode (or a LAN
    table with this screen's players on it)."""

    def __init__(self, app: Stage, game: str | None = None) -> None:
        super().__init__(app)
        games = playable_games()
        #: the game and the names this run's lobbies chose (``App.couch_memory``)
        self.memory = app.couch_memory
        remembered = self.memory["game"]
        game = game if game in games else remembered if remembered in games else (
            games[0] if games else default_game())
        self.game = Choice(N_("Game"), [(g, N_(get_ruleset(g).title or g)) for g in games],
                           game, lambda _value: self._game_changed())
        self.count = Choice(N_("Players"), [(2, "2")], 2, lambda _value: self._fit_seats())
        self.bots = Choice(N_("Bots"), [("random", "random")], "random")
        self.lan = Choice(N_("Seats for LAN players"), [(0, N_("None"))], 0)
        self.start = Button(N_("Start the game"), self.start_game)
        self.back_button = Button(N_("Back"), self.back, size="body")
        self.form = Form([self.game, self.count, self.bots, self.lan, self.start,
                          self.back_button])
        #: seat -> who took it (None: free; a bot or a LAN player takes it at the start)
        self.seats: list[LobbySeat | None] = [None] * MAX_SEATS
        #: seats whose pad was pulled out, in the order they were (the first is taken first)
        self.waiting: list[LobbySeat] = []
        #: where each seat's card is drawn (the mouse clicks them)
        self.cards: list[pygame.Rect] = []
        #: where the seat cards stand (a free mouse's click there joins)
        self.seats_room = pygame.Rect(0, 0, 0, 0)
        self.banner = pygame.Rect(0, 0, 0, 0)
        #: the pads plugged in at the last poll (one gone since was pulled out)
        self._pads_seen: set[str] = set()
        self._game_for: str | None = None
        #: (game, seat, colour-blind) -> the colour of the game's piece for that seat
        self._colours: dict[tuple[str, int, bool], theme.Color] = {}
        self._game_changed()

    def seat_party(self, config: GameConfig) -> CouchLobbyScene:
        """The party of a game just played at this screen seated again: the same players on
        the same devices, names, count and bots (from its results or after leaving it, the
        party was back at the main menu and every pad had to join again: an outside pad-only
        playtest). A pad no longer plugged in leaves its seat waiting."""
        if config.game in playable_games():
            self.game.set_value(config.game)
        for index, choice in enumerate(config.seats[:MAX_SEATS]):
            if choice.kind == "human" and choice.device:
                self.seats[index] = LobbySeat(choice.name, choice.device)
                if is_pad(choice.device):
                    self._pads_seen.add(choice.device)  # (gone at the first look: waiting)
        self.set_players(len(config.seats))
        levels = {value for value, _label in self.bots.values}
        bot = next((c.bot for c in config.seats if c.kind == "ai" and c.bot in levels), None)
        if bot is not None:
            self.bots.set_value(bot)
        return self

    # --- the game and its seats -------------------------------------------------------------
    @property
    def players_range(self) -> tuple[int, int]:
        ruleset = get_ruleset(self.game.value)
        return max(1, ruleset.min_players), min(MAX_SEATS, ruleset.max_players)

    def _game_changed(self) -> None:
        """The count, bot levels and LAN seats of the chosen game; refused (back to the game
        before) when more players are seated than it seats."""
        fewest, most = self.players_range
        seated = len(self.joined())
        if seated > most and self._game_for is not None:
            self.app.toast(N_("{game} seats at most {n} players.",
                              game=N_(get_ruleset(self.game.value).title), n=most))
            self.app.sounds.play("invalid")
            self.game.set_value(self._game_for)
            return
        self._game_for = game = self.game.value
        self.memory["game"] = game  # the next lobby of this run opens on it
        count = max(fewest, min(most, max(seated, self.count.value)))
        self.count.values = [(n, str(n)) for n in range(fewest, most + 1)]
        self.count.set_value(count)
        levels = bot_levels(game)
        kit = get_kit(game)
        level = kit.default_bot if kit.default_bot in levels else default_level(game)
        self.bots.values = bot_level_choices(game)
        self.bots.set_value(level if level in levels else levels[-1])
        self.lan.values = [(0, N_("None")), *((n, str(n)) for n in range(1, most))]
        self.lan.set_value(min(self.lan.value, most - 1))
        self._fit_seats()

    def _fit_seats(self) -> None:
        """Keep every seated player inside the count: never fewer seats than players seated
        (the count comes back up), and players beyond it move to free seats before it."""
        joined = self.joined()
        if self.count.value < len(joined):
            self.count.set_value(len(joined))
        count = self.count.value
        for i in range(count, MAX_SEATS):
            seat = self.seats[i]
            if seat is not None:
                self.seats[i] = None
                self.seats[self.seats.index(None)] = seat  # a free seat before the count

    def set_players(self, count: int) -> None:
        """``count`` seats (within the game's range, never fewer than the players seated)."""
        fewest, most = self.players_range
        self.count.set_value(max(fewest, min(most, count)))
        self._fit_seats()

    def back(self, owner: str | None = None) -> None:
        """Back to the menu; with players seated, only once asked (one stray Esc of a seated
        keyboard half emptied every seat at once: a playtest), the question answered by the
        device that asked (``owner``) and the keyboard and mouse, never by another pad."""
        if not self.joined():
            self.app.pop()
            return
        self.app.push(ConfirmDialog(
            self.app, N_("Leave the party lobby? Everyone seated here gets up."),
            self.app.pop, yes=N_("Leave"), no=N_("Stay"), owner=owner))

    def joined(self) -> list[LobbySeat]:
        return [seat for seat in self.seats if seat is not None]

    def seat_of(self, device: str) -> int | None:
        return next((i for i, seat in enumerate(self.seats)
                     if seat is not None and seat.device == device), None)

    def planned(self, seat: int) -> str:
        """Who plays ``seat`` if the game starts now: "human", "open" (a LAN player) or
        "ai" (the other free seats, and seats still waiting for their pad: their player is
        here, not on the LAN)."""
        taken = self.seats[seat]
        if taken is not None:
            return "human" if taken.device is not None else "ai"
        free = [i for i in range(self.count.value) if self.seats[i] is None]
        return "open" if seat in free[: self.lan.value] else "ai"

    def default_name(self, seat: int) -> str:
        """Seat 1 plays under the settings' name; the others as Player N."""
        return self.app.settings.player_name if seat == 0 else \
            _("Player {n}").format(n=seat + 1)

    # --- joining and leaving ----------------------------------------------------------------
    def join(self, device: str, seat: int | None = None) -> None:
        """``device`` takes a seat: the first one waiting for a pad, else ``seat`` (a click
        on a free seat's card) or the first free one (one more seat when all are taken)."""
        if seat is not None and self.seats[seat] is not None and \
                self.seats[seat].device is None:
            waiting = self.seats[seat]
        else:
            waiting = self.waiting[0] if self.waiting and seat is None else None
        if waiting is not None:
            self.waiting.remove(waiting)
            waiting.device = device
            self.app.sounds.play("click")
            return
        if seat is None or self.seats[seat] is not None:
            count = self.count.value
            free = [i for i in range(count) if self.seats[i] is None]
            if not free and count < self.players_range[1]:
                self.count.set_value(count + 1)
                free = [count]
            if not free:
                self.app.toast(N_("Every seat is taken: {n} players at most.",
                                  n=self.players_range[1]))
                self.app.sounds.play("invalid")
                return
            seat = free[0]
        self.seats[seat] = LobbySeat(self.memory["names"].get(device) or self.default_name(seat),
                                     device)
        self.app.sounds.play("click")

    def leave_seat(self, seat: int) -> None:
        taken = self.seats[seat]
        if taken in self.waiting:
            self.waiting.remove(taken)
        self.seats[seat] = None
        self.app.sounds.play("click")

    def pad_number(self, device: str) -> int:
        """The number a pad shows as ("Pad 2"): the same on every screen (``DeviceHub``)."""
        return self.app.devices.pad_number(device)

    def device_word(self, device: str) -> str:
        return self.app.devices.device_words(device)

    # --- actions ----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> None:
        device, intent = action.device, action.intent
        if intent == "added":
            self.app.toast(N_("Pad {n} is here: press {key} to join.",
                              n=self.pad_number(device), key=glyph(device, "confirm")))
            return
        if intent == "removed":
            self.pad_unplugged(device)
            return
        if device == "mouse":
            self._mouse(action)
            return
        seat = self.seat_of(device)
        if intent == "confirm" and seat is None:
            self.join(device)
        elif intent == "back":
            if seat is not None:
                self.leave_seat(seat)
            elif not self.joined():
                self.back()
        elif intent == "menu":
            if not is_pad(device):
                self.back(owner=device)  # Esc, as on every screen
            elif seat is not None:
                self.start_game()  # a seated pad's Start button
        elif intent == "rotate" and seat is not None:
            rename = RenameScene(self.app, self.seats[seat], seat + 1)
            self.app.push(rename)
            if is_pad(device):  # a pad has no letters: its player types on the screen's keys
                rename.open_keys()
        elif intent == "confirm":
            # a seated player's confirm presses the focused button; it never turns a row
            # (players press A again and again while they wait: the game must not change)
            focused = self.form.widgets[self.form.focus]
            if isinstance(focused, Button):
                self.app.sounds.play("click")
                focused.activate()
        elif intent in DIRECTIONS:
            event = key_event_for(action)
            if event is not None and self.form.handle(event):
                self.app.sounds.play("click")

    def pad_unplugged(self, device: str) -> None:
        """A pulled pad's seat waits for a device (see the module's docstring)."""
        seat = self.seat_of(device)
        number = self.pad_number(device)
        if seat is None:
            return
        taken = self.seats[seat]
        taken.device = None
        self.waiting.append(taken)
        self.app.toast(N_("Pad {n} is gone: {name}'s seat waits for a device.",
                          n=number or "?", name=taken.name))

    def poll(self) -> None:
        """A pad pulled out while another screen was on top (a name being typed, the LAN's
        waiting room) never reached ``handle_action``: its seat waits all the same."""
        hub = getattr(self.app, "devices", None)
        if hub is None:
            return
        present = {device for device in hub.devices() if is_pad(device)}
        for seat in self.seats:
            if seat is not None and seat.device in self._pads_seen - present:
                self.pad_unplugged(seat.device)
        self._pads_seen = present

    def _mouse(self, action: Action) -> None:
        """Clicks: on a row or button as anywhere, on a free seat to join, on the mouse's own
        seat to leave it. The wheel turns the row under it."""
        pos = action.pos or pygame.mouse.get_pos()
        if action.intent == "confirm" or action.intent == "rotate":
            button = 1 if action.intent == "confirm" else 3
            click = pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)
            if self.form.handle(click):
                self.app.sounds.play("click")
                return
            mine = self.seat_of("mouse")
            card = next((i for i, rect in enumerate(self.cards) if rect.collidepoint(pos)),
                        None)
            if button != 1:
                if card is not None and card == mine:  # the mouse names its seat too (it
                    # could only leave it: a party's playtest); its name is typed
                    self.app.push(RenameScene(self.app, self.seats[mine], mine + 1))
                return
            if card is not None and card == mine:
                self.leave_seat(card)
            elif mine is None and card is not None and (
                    self.seats[card] is None or self.seats[card].device is None):
                self.join("mouse", card)
            elif mine is None and (self.banner.collidepoint(pos) or
                                   self.seats_room.collidepoint(pos)):
                # every seat taken: a click where the cards are adds one (it did nothing
                # there: a party's playtest)
                self.join("mouse")
        elif action.intent in ("next", "previous"):
            wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, flipped=False,
                                       y=1 if action.intent == "previous" else -1)
            self.form.handle(wheel)

    def handle(self, event: pygame.event.Event) -> None:
        """What no device's action covers (other keys, text) changes nothing here."""

    # --- starting -----------------------------------------------------------------------------
    def config(self) -> GameConfig:
        """The couch game as chosen: seated players with their devices, LAN seats, bots."""
        seats = []
        for i in range(self.count.value):
            kind = self.planned(i)
            if kind == "human":
                taken = self.seats[i]
                seats.append(SeatChoice("human", taken.name, device=taken.device))
            elif kind == "open":
                seats.append(SeatChoice("open", _("Player {n}").format(n=i + 1)))
            else:
                seats.append(SeatChoice("ai", _(BOT_STAR_NAMES[i % len(BOT_STAR_NAMES)]),
                                        self.bots.value))
        kit = get_kit(self.game.value)
        options = {option.key: option.default for option in kit.setup_options}
        return GameConfig(self.game.value, seats, options, mode="couch")

    def start_game(self) -> None:
        """The kit's table in couch mode, or (LAN seats) the host's waiting room first."""
        config = self.config()
        if not any(seat.kind == "human" for seat in config.seats):
            self.app.toast(N_("Press {keys} to join first.", keys=join_keys()))
            self.app.sounds.play("invalid")
            return
        seed = self.app.seed_source() if self.app.seed_source else random.randrange(1 << 30)
        if any(seat.kind == "open" for seat in config.seats):
            from game.client.scenes.lan import LobbyScene, start_hosting

            try:
                session = start_hosting(self.app, config, seed)
            except OSError as error:
                self.app.toast(N_("Could not host: {error}", error=str(error)))
                return
            self.app.push(LobbyScene(self.app, session, hosting=True))
            return
        self.app.push(get_kit(config.game).open_table(self.app, config, seed, None))

    # --- drawing ------------------------------------------------------------------------------
    def relayout(self) -> None:
        lay = self.layout
        top = int(lay.height * 0.30)
        col_w = min(lay.px(400), lay.width // 3)
        left = max(lay.px(24), lay.width // 2 - lay.px(610))
        h, gap = lay.px(44), lay.px(8)
        y = top
        for widget in (self.game, self.count, self.bots, self.lan):
            widget.rect = pygame.Rect(left, y, col_w, h)
            y += h + gap
        self.start.rect = pygame.Rect(left, y + lay.px(12), col_w, lay.px(60))
        self.back_button.rect = pygame.Rect(left, self.start.rect.bottom + lay.px(12), col_w,
                                            lay.px(44))
        self.banner = pygame.Rect(0, 0, min(lay.px(900), lay.width - lay.px(48)), lay.px(52))
        self.banner.midtop = (lay.width // 2, int(lay.height * 0.16))

    def place_cards(self) -> None:
        """Two columns of seat cards right of the rows, as many rows as the count needs."""
        lay = self.layout
        count = self.count.value
        left = self.game.rect.right + lay.px(28)
        right = lay.width - max(lay.px(24), lay.width // 2 - lay.px(610))
        top, bottom = self.game.rect.top, lay.height - lay.px(56)
        gap = lay.px(12)
        rows = (count + 1) // 2
        width = (right - left - gap) // 2
        height = min(lay.px(112), (bottom - top - gap * (rows - 1)) // max(1, rows))
        self.cards = [pygame.Rect(left + (i % 2) * (width + gap),
                                  top + (i // 2) * (height + gap), width, height)
                      for i in range(count)]
        self.seats_room = pygame.Rect(left, top, right - left, bottom - top)

    def seat_colour(self, seat: int) -> theme.Color:
        """The seat's colour in the chosen game: its piece's (``ClientKit.seat_token``: the
        colour the table gives it), else the window's seat colours."""
        kit = get_kit(self.game.value)
        if kit.seat_token is None:
            return theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        key = (kit.game, seat, self.app.settings.colour_blind)
        if key not in self._colours:
            self._colours[key] = main_colour(kit.seat_token(seat, 24, key[2]))
        return self._colours[key]

    def draw_card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        lay, text = self.layout, self.text
        taken = self.seats[seat]
        kind = self.planned(seat)
        colour = self.seat_colour(seat)
        human = taken is not None
        draw_panel(surface, rect, lay, theme.PANEL_LIGHT if human else theme.PANEL,
                   colour if human else theme.PANEL_EDGE, 2 if human else 1)
        pad = lay.px(12)
        strip = pygame.Rect(rect.x + lay.px(4), rect.y + lay.px(8), lay.px(6),
                            rect.h - lay.px(16))
        pygame.draw.rect(surface, colour, strip, border_radius=lay.px(3))
        x, inner = rect.x + pad + lay.px(8), rect.w - 2 * pad - lay.px(8)
        kit = get_kit(self.game.value)
        body, small = lay.font_px("body"), lay.font_px("small")
        line_h = rect.h // 3
        name_y = rect.y + line_h // 2 + lay.px(4)
        name_x = x
        name_colour = colour
        if kit.seat_token is not None:  # the game's own piece, in its own colour
            token = kit.seat_token(seat, lay.px(22), self.app.settings.colour_blind)
            surface.blit(token, token.get_rect(midleft=(x, name_y)))
            name_x, name_colour = x + token.get_width() + lay.px(8), theme.TEXT
        if human:
            name = taken.name
        elif kind == "open":
            name, name_colour = _("LAN player"), theme.TEXT_DIM
        else:
            name = _("{name} (AI, {level})").format(
                name=_(BOT_STAR_NAMES[seat % len(BOT_STAR_NAMES)]),
                level=bot_level_word(self.bots.value))
            name_colour = theme.TEXT_DIM
        number = str(seat + 1)
        label = text.render(number, body, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midright=(rect.right - pad, name_y)))
        room = rect.right - pad - label.get_width() - lay.px(8) - name_x
        size = text.fit(name, body, room, bold=True)
        # every card's name on one baseline whatever its script ("Mika" sat 3 px above
        # "プレイヤー2" beside it: a playtest)
        blit_on_line(surface, text, name, size, name_colour, name_x, name_y, bold=human)
        if taken is not None and taken.device is not None:
            what = self.device_word(taken.device)
            leave = _("{key}: leave").format(key=glyph(taken.device, "back"))
            hint = (self.fitting((_("Right-click: your name  ·  Click: leave"),
                                  _("Click here to leave")), small, inner)
                    if taken.device == "mouse" else self.fitting(
                (_("{rename}: your name  ·  {leave}").format(
                    rename=glyph(taken.device, "rotate"), leave=leave), leave), small, inner))
            what_colour, hint_colour = theme.TEXT, theme.TEXT_DIM
        elif taken is not None:
            # what starting now does to it: a bot plays it (the player is still here)
            what = self.fitting((_("Its pad is gone: a bot plays it if the game starts now"),
                                 _("Its pad is gone: else a bot plays it"),
                                 _("Its pad is gone")), small, inner)
            what_colour = theme.WARNING
            hint = self.fitting((_("Reconnect a pad or press {keys} to take this seat"),
                                 _("{keys}: take this seat")), small, inner)
            hint_colour = theme.ACCENT
        else:
            # (a bare "Free seat" under "Lyra (AI)" read as two things at once: a playtest)
            what = self.fitting((_("Free seat: the AI plays it unless someone joins"),
                                 _("Free seat: else the AI plays it"), _("Free seat")),
                                small, inner) if kind == "ai" else _("Open to the LAN")
            what_colour = theme.TEXT_DIM
            hint = self.fitting((_("Press {keys} or click to join"), _("{keys}: join")), small,
                                inner)
            hint_colour = theme.TEXT_DIM
        for i, (line, line_colour) in enumerate(((what, what_colour), (hint, hint_colour))):
            size = text.fit(line, small, inner)
            label = text.render(line, size, line_colour)
            centre = rect.y + line_h * (i + 1) + line_h // 2
            surface.blit(label, label.get_rect(midleft=(x, centre)))

    def fitting(self, wordings: tuple[str, ...], size: int, width: int) -> str:
        """The first wording (the keys filled in) that fits ``width`` at a readable size,
        else the last: a small window gets the short hint, not a cut-off long one."""
        for wording in wordings:
            line = wording.format(keys=join_keys())
            if self.text.size(line, self.text.fit(line, size, width))[0] <= width:
                return line
        return wordings[-1].format(keys=join_keys())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        self.draw_heading(surface, N_("Party at one screen"))
        draw_panel(surface, self.banner, lay, theme.PANEL, theme.ACCENT, 2)
        line = _("Press {keys} or click to join  ·  {back}: leave your seat").format(
            keys=join_keys(), back=" / ".join(dict.fromkeys(
                glyph(device, "back") for device in JOIN_DEVICES)))
        size = self.text.fit(line, lay.font_px("large"), self.banner.w - lay.px(24), bold=True)
        label = self.text.render(line, size, theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(center=self.banner.center))
        self.form.draw(surface, self.text, lay)
        self.draw_bots_note(surface)
        self.place_cards()
        for seat, rect in enumerate(self.cards):
            self.draw_card(surface, seat, rect)
        self.draw_footer(surface, N_("Up/Down choose  ·  Left/Right change  ·  {start} on a "
                                     "seated pad: start  ·  Esc back",
                                     start=glyph("pad:0", "menu")),
                         N_("D-pad: choose, change  ·  A: join  ·  X: your name  ·  "
                            "B: leave your seat  ·  {start}: start",
                            start=glyph("pad:0", "menu")))


    def bots_note(self) -> Any:
        """What the bots' level is like (``bot_level_note``) while its row is chosen or under
        the mouse; None otherwise."""
        hovered = self.bots.rect.collidepoint(pygame.mouse.get_pos())
        if not hovered and self.form.focused() is not self.bots:
            return None
        return bot_level_note(self.game.value, self.bots.value)

    def draw_bots_note(self, surface: pygame.Surface) -> None:
        """``bots_note`` under the column of rows, wrapped to its width."""
        note = self.bots_note()
        if note is None:
            return
        lay = self.layout
        size, width = lay.font_px("small"), self.back_button.rect.w
        y = self.back_button.rect.bottom + lay.px(14)
        for line in self.text.wrap(tr(note), size, width):
            label = self.text.render(line, size, theme.TEXT)
            surface.blit(label, (self.back_button.rect.x, y))
            y += int(size * 1.2)


class RenameScene(Scene):
    """A seated player names their seat: typed on the keyboard, or by a pad's player on the
    on-screen keyboard that opens over it. The field starts empty (typing into "Player 3" made
    "Player 3Dave"); Enter keeps what was typed (nothing typed keeps the old name), Esc keeps
    the old. The key that opened it types nothing."""

    opaque = False

    def __init__(self, app: Stage, seat: LobbySeat, number: int) -> None:
        """``number``: the seat's number in the lobby (from 1), which the dialog names."""
        super().__init__(app)
        self.seat = seat
        self.number = number
        self.field = TextField(N_("Your name"), "", lambda _value: None, limit=16)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None
        #: False until drawn once: the text of the key that opened it is not a letter
        self.shown = False
        #: the on-screen keyboard was opened: the dialog stands at the top, the keys below it
        self.typing_on_screen = False

    def open_keys(self) -> None:
        """The on-screen keyboard under the whole dialog (it covered the dialog's lower half
        and its words, a playtest)."""
        self.typing_on_screen = True
        self.relayout()
        self.app.push(KeyboardScene(self.app, self.field, lambda: self.panel,
                                    owner=self.seat.device))

    def relayout(self) -> None:
        lay = self.layout
        self.panel = pygame.Rect(0, 0, min(lay.px(620), lay.width - lay.px(40)), lay.px(200))
        self.panel.center = lay.rect.center
        if self.typing_on_screen:
            self.panel.top = lay.px(16)
        self.field.rect = pygame.Rect(0, 0, self.panel.w - lay.px(48), lay.px(56))
        self.field.rect.midtop = (self.panel.centerx, self.panel.y + lay.px(64))
        self.shade = shade_layer(lay.rect.size)

    def whose(self) -> str:
        """The dialog's heading: which seat, played with what."""
        if self.seat.device is None:
            return _("Seat {n}").format(n=self.number)
        return _("Seat {n}  ·  {device}").format(
            n=self.number, device=self.app.devices.device_words(self.seat.device))

    def handle(self, event: pygame.event.Event) -> None:
        if not from_owner(event, self.seat.device):
            return  # another pad's press: the seat's name is its own player's
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r and \
                getattr(event, "device", None):
            self.open_keys()  # a pad's X: the keys again
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.seat.name = self.field.value.strip() or self.seat.name
            if self.seat.device:  # the same device gets it back in this run's next lobby
                self.app.couch_memory["names"][self.seat.device] = self.seat.name
            self.app.sounds.play("click")
            self.app.pop()
        elif event.type != pygame.TEXTINPUT or self.shown:
            self.field.handle(event, True)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.shown = True
        lay = self.layout
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.ACCENT, 2)
        heading = self.whose()
        size = self.text.fit(heading, lay.font_px("large"), self.panel.w - lay.px(32), True)
        label = self.text.render(heading, size, theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(midtop=(self.panel.centerx,
                                                   self.panel.y + lay.px(16))))
        self.field.draw(surface, self.text, lay, True, False)
        if self.covered():
            return  # the on-screen keyboard over it says its own keys (the two contradicted)
        # (what cancelling keeps, by name: "(now: Player 2)" read as stale beside the name
        # being typed, an outside pad-only playtest)
        hint = (_("X: type a name  ·  A: OK  ·  B: keep {name}")
                if pad_in_hand(self.app) else
                _("Type a name  ·  Enter OK  ·  Esc: keep {name}")).format(
            name=self.seat.name)
        size = self.text.fit(hint, lay.font_px("small"), self.panel.w - lay.px(32))
        label = self.text.render(hint, size, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midbottom=(self.panel.centerx,
                                                      self.panel.bottom - lay.px(24))))
