"""Game setup: the game, the seats (human / bot and its level) and every game option."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import BOT_STAR_NAMES
from game.client import theme
from game.client.i18n import N_, _, language, tr
from game.client.kits import ClientKit, SetupOption, get_kit, has_table, playable_games
from game.client.scenes.base import SkyScene
from game.client.session import (
    GameConfig,
    SeatChoice,
    bot_level_choices,
    bot_level_note,
    bot_levels,
)
from game.client.widgets import Button, Choice, Form, NamedChoice, TextField, Widget
from game.registry import default_game
from game.rules import RULESETS, get_ruleset

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

MAX_SEATS = 8


def game_choices() -> list[tuple[str, str]]:
    """Every registered game, by its title; a game without a table here says so."""
    choices = []
    for name in RULESETS:
        title = get_ruleset(name).title or name
        choices.append((name, N_(title) if has_table(name) else
                        N_("{title} (table coming soon)", title=N_(title))))
    return choices


def kept_value(option: SetupOption, kept: Any) -> Any:
    """``kept`` (the value the option was last started with) where the option still has it,
    of the same type (True is no 1), else the option's default."""
    if any(value == kept and type(value) is type(kept) for value, _label in option.values):
        return kept
    return option.default


class SetupScene(SkyScene):
    """``mode`` "solo": you plus bots. "hotseat": several seats, each human or bot. "host": a
    LAN table (seat 1 is you). Player counts and options come from the chosen game.
    Enter starts the game from any row (a button does its own thing); Left/Right change a row.
    Solo and host show seat 1 as a "Your name" field, kept in the settings as it is typed."""

    def __init__(self, app: Stage, mode: str, game: str | None = None) -> None:
        super().__init__(app)
        self.mode = mode
        # none named: the one chosen here last in this run, else the one last started from
        # any setup (the settings), else the first registered game the window has a table for
        memory = app.setup_memory.get(mode, {}) if game is None else {}
        if memory.get("game") in playable_games():
            game = memory["game"]
        elif game is None and app.settings.last_game in playable_games():
            game = app.settings.last_game
        game = game or next(iter(playable_games()), default_game())
        self.game = Choice(N_("Game"), game_choices(), game, lambda _value: self._refresh())
        self.count = Choice(N_("Players"), [(2, "2")], 2, lambda _value: self._refresh())
        self.seats: list[Choice] = []
        #: solo and host: seat 1 is you, under the name typed here (the settings' name)
        self.your_name = TextField(N_("Your name"), app.settings.player_name, self._your_name,
                                   limit=16)
        #: per game: its option rows (kept while the player switches games)
        self._options: dict[str, dict[str, Choice]] = {}
        self.start = Button(N_("Start game"), self.start_game)
        self.back_button = Button(N_("Back"), self.back, size="body")
        #: host mode: the table's password (blank: anyone may join)
        self.password = TextField(N_("Table password (optional)"), "", lambda _text: None,
                                  limit=32)
        #: host mode: players may ask for hints (off by default: a LAN game is a contest)
        self.hints = Choice(N_("Hints"), [(False, N_("Off")), (True, N_("Allowed"))], False)
        self.form = Form()
        self._seats_for: str | None = None
        self._previews: dict[tuple, list[tuple[str, pygame.Surface]]] = {}
        self._refresh()
        if memory:  # the rest of this run's last choices here (the counts are settings)
            self.hints.set_value(memory.get("hints", False))
            self.password.value = memory.get("password", "")
            self._refresh()

    @property
    def kit(self) -> ClientKit | None:
        return get_kit(self.game.value) if has_table(self.game.value) else None

    @property
    def options(self) -> dict[str, Choice]:
        """The chosen game's option rows, by option key."""
        game = self.game.value
        if game not in self._options:
            kit = self.kit
            kept = self.app.settings.game_options.get(game, {})
            self._options[game] = {
                o.key: Choice(o.label, list(o.values), kept_value(o, kept.get(o.key)))
                for o in (kit.setup_options if kit else ())}
        return self._options[game]

    def _build_seats(self) -> None:
        """Seat rows and the player count for the chosen game (its bot levels and sizes)."""
        game = self.game.value
        ruleset = get_ruleset(game)
        self.levels = bot_levels(game)
        kit = self.kit
        preferred = kit.default_bot if kit and kit.default_bot in self.levels else None
        default_bot = preferred or self.levels[-1]
        bots = bot_level_choices(game)
        counted = self.app.settings.seat_counts.get(f"{self.mode}:{game}")
        if self.mode == "solo":
            fewest, most = max(0, ruleset.min_players - 1), ruleset.max_players - 1
            self.count = Choice(N_("AI opponents"), [(n, str(n)) for n in range(fewest, most + 1)],
                                max(fewest, min(1, most)), lambda _value: self._refresh())
        else:
            fewest, most = max(2, ruleset.min_players), min(MAX_SEATS, ruleset.max_players)
            self.count = Choice(N_("Players"), [(n, str(n)) for n in range(fewest, most + 1)],
                                fewest, lambda _value: self._refresh())
        if counted is not None:  # the number chosen here last time, where the game allows it
            self.count.set_value(counted)
        self.seats = []
        # the levels last chosen for this game, else the last chosen in any game
        remembered = (self.app.settings.game_seat_levels.get(game)
                      or self.app.settings.seat_levels)
        for i in range(MAX_SEATS):
            if self.mode in ("solo", "host") and i == 0:
                values = [("human", N_("You ({name})", name=self.app.settings.player_name))]
            elif self.mode == "solo":
                values = bots
            elif self.mode == "host":
                values = [("open", N_("LAN player")), *bots]
            else:
                values = [("human", N_("Human")), *bots]
            if i == 0 or (self.mode == "hotseat" and i < 2):
                default = "human"
            elif self.mode == "host":
                default = "open"
            elif i < len(remembered) and self.kept_seat(remembered[i]):
                default = remembered[i]  # the seat's choice last time
            else:
                default = default_bot
            if self.mode == "hotseat":  # each player at the screen names their seat
                self.seats.append(NamedChoice(N_("Seat {n}", n=i + 1), values, default,
                                              named="human",
                                              name=self.remembered_name(i)))
            else:
                self.seats.append(Choice(N_("Seat {n}", n=i + 1), values, default))
        self._seats_for = game

    def _your_name(self, value: str) -> None:
        """Kept at once, as in Settings (a blank field keeps the name it had)."""
        if self.app.settings.choose_name(value):
            self.app.store_settings()

    @property
    def seat_rows(self) -> list[Widget]:
        """The seats' rows as shown: solo and host show seat 1 as the "Your name" field."""
        rows: list[Widget] = list(self.seats[: self.seat_count])
        if self.mode in ("solo", "host"):
            rows[0] = self.your_name
        return rows

    def kept_seat(self, value: str) -> bool:
        """Whether a seat's choice is kept for next time: a bot level, or in hot-seat a
        player (a third player's seat came back as a bot, their name hidden: a playtest)."""
        return value in self.levels or (self.mode == "hotseat" and value == "human")

    def remembered_name(self, seat: int) -> str:
        """The name seat ``seat`` had last time (hot-seat), else the player's, or Player N."""
        names = self.app.settings.hotseat_names
        if seat < len(names) and names[seat]:
            return names[seat]
        return self.app.settings.player_name if seat == 0 else _("Player {n}").format(n=seat + 1)

    def seat_names(self) -> list[str]:
        """Hot-seat names as typed: blank ones filled in, the same name twice numbered."""
        names: list[str] = []
        for i, row in enumerate(self.seats[: self.seat_count]):
            name = (row.name.strip() if isinstance(row, NamedChoice) else "") or \
                _("Player {n}").format(n=i + 1)
            taken = {n.casefold() for n in names}
            candidate, n = name, 2
            while candidate.casefold() in taken:
                candidate, n = f"{name} {n}", n + 1
            names.append(candidate)
        return names

    @property
    def seat_count(self) -> int:
        return self.count.value + 1 if self.mode == "solo" else self.count.value

    def _refresh(self) -> None:
        if self._seats_for != self.game.value:
            self._build_seats()
        visible: list[Widget] = [self.game, self.count, *self.seat_rows,
                                 *self.options.values(),
                                 *([self.hints, self.password] if self.mode == "host"
                                   else []),
                                 self.start, self.back_button]
        focused = self.form.widgets[self.form.focus] if self.form.widgets else None
        self.form.widgets = visible
        self.form.focus = visible.index(focused) if focused in visible else 0
        self.start.enabled = self.kit is not None
        self.relayout()

    def config(self) -> GameConfig:
        seats = []
        human_number = 0
        typed = self.seat_names()
        for choice in self.seats[: self.seat_count]:
            if choice.value == "open":
                seats.append(SeatChoice("open", _("Player {n}").format(n=len(seats) + 1)))
            elif choice.value == "human":
                human_number += 1
                if isinstance(choice, NamedChoice):
                    name = typed[len(seats)]
                else:
                    name = ((self.your_name.value.strip() or self.app.settings.player_name)
                            if human_number == 1 else _("Player {n}").format(n=human_number))
                seats.append(SeatChoice("human", name))
            else:
                # (a star's name in the window's language: ベガ, not Vega: a Japanese playtest)
                star = _(BOT_STAR_NAMES[len(seats) % len(BOT_STAR_NAMES)])
                seats.append(SeatChoice("ai", star, choice.value))
        options = {key: choice.value for key, choice in self.options.items()}
        mode = "hotseat" if sum(1 for s in seats if s.kind == "human") > 1 else "solo"
        return GameConfig(self.game.value, seats, options,
                          "host" if self.mode == "host" else mode)

    def start_game(self) -> None:
        kit = self.kit
        if kit is None:
            return
        config = self.config()
        settings = self.app.settings
        game = self.game.value
        if self.mode != "host":  # remembered for next time (a LAN table's bots fill its free
            # seats: its "random" for seat 3 came back in the next solo setup, a playtest)
            levels = list(settings.game_seat_levels.get(game) or settings.seat_levels)
            levels += [""] * (self.seat_count - len(levels))
            for i, row in enumerate(self.seats[: self.seat_count]):
                levels[i] = row.value if self.kept_seat(row.value) else ""
            settings.seat_levels = levels[:8]
            settings.game_seat_levels[game] = levels[:8]
        settings.seat_counts[f"{self.mode}:{game}"] = self.count.value
        settings.game_options[game] = {key: choice.value for key, choice in self.options.items()}
        settings.last_game = game
        if self.mode == "hotseat":  # remembered for next time
            named = self.seat_names()
            settings.hotseat_names = [
                named[i] if row.value == "human" else self.remembered_name(i)
                for i, row in enumerate(self.seats[: self.seat_count])]
        self.app.store_settings()  # (once, with all of it)
        self.app.setup_memory[self.mode] = {  # (in memory for this run: a password too)
            "game": self.game.value, "hints": self.hints.value,
            "password": self.password.value}
        seed = self.app.seed_source() if self.app.seed_source else random.randrange(1 << 30)
        if self.mode == "host":
            from game.client.scenes.lan import LobbyScene, start_hosting

            try:
                session = start_hosting(self.app, config, seed,
                                        password=self.password.value.strip() or None,
                                        hints=self.hints.value)
            except OSError as error:
                self.app.toast(N_("Could not host: {error}", error=str(error)))
                return
            self.app.push(LobbyScene(self.app, session, hosting=True))
            return
        self.app.push(kit.open_table(self.app, config, seed, None))

    def relayout(self) -> None:
        lay = self.layout
        h, gap = lay.px(44), lay.px(8)
        col_w = min(lay.px(520), (lay.width - lay.px(80)) // 2)
        left_x = lay.width // 2 - col_w - lay.px(14)
        right_x = lay.width // 2 + lay.px(14)
        top = int(lay.height * 0.17)
        y = top
        for widget in [self.game, self.count, *self.seat_rows]:
            widget.rect = pygame.Rect(left_x, y, col_w, h)
            y += h + gap
        y = top
        host_rows = [self.hints, self.password] if self.mode == "host" else []
        for widget in [*self.options.values(), *host_rows]:
            widget.rect = pygame.Rect(right_x, y, col_w, h)
            y += h + gap
        # Start stands where the game with the most options puts it: it jumped up and down
        # as the Game row changed game under the mouse (a 4K playtest)
        rows = max((len(get_kit(game).setup_options) for game in playable_games()
                    if has_table(game)), default=0) + len(host_rows)
        y = top + rows * (h + gap) + lay.px(20)
        self.start.rect = pygame.Rect(right_x, y, col_w, lay.px(64))
        self.back_button.rect = pygame.Rect(right_x, self.start.rect.bottom + lay.px(14), col_w,
                                            lay.px(48))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not isinstance(self.form.widgets[self.form.focus], Button):
            self.start_game()  # as the footer says, from any row: Left/Right change a row
            return
        self.form.handle(event)

    def draw_previews(self, surface: pygame.Surface) -> None:
        """The kit's pictures of the chosen options (e.g. the bonus cards), under the buttons."""
        kit, lay = self.kit, self.layout
        size = lay.px(120)
        y = self.back_button.rect.bottom + lay.px(40)
        if kit is None or kit.setup_previews is None or y + size > lay.height - lay.px(40):
            return
        values = {key: choice.value for key, choice in self.options.items()}
        key = (self.game.value, tuple(sorted(values.items(), key=str)), size, language())
        if key not in self._previews:
            self._previews[key] = kit.setup_previews(self.text, values, size)
        previews = self._previews[key]
        for i, (title, card) in enumerate(previews):
            offset = (i - (len(previews) - 1) / 2) * lay.px(160)
            x = int(self.start.rect.centerx + offset) - size // 2
            label = self.text.render(title, lay.font_px("small"), theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midbottom=(x + size // 2, y - lay.px(4))))
            surface.blit(card, (x, y))

    def row_note(self) -> Any:
        """What the value of the row under the mouse (else of the focused row: ``Form.noted``)
        means: a bot level's sentence, a game option's note for its value; None when there is
        none."""
        widget = self.form.noted()
        if widget is None:
            return None
        if any(widget is seat for seat in self.seats) and widget.value in self.levels:
            return bot_level_note(self.game.value, widget.value)
        kit = self.kit
        for option in kit.setup_options if kit else ():
            if self.options.get(option.key) is widget:
                return option.notes.get(widget.value)
        return None

    def draw_row_note(self, surface: pygame.Surface) -> None:
        """``row_note`` just above the footer."""
        note = self.row_note()
        if note is None:
            return
        lay = self.layout
        label = self.text.render(tr(note), lay.font_px("small"), theme.TEXT)
        surface.blit(label, label.get_rect(midbottom=(lay.width // 2,
                                                      lay.height - lay.px(44))))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, {"solo": N_("Solo game"), "hotseat": N_("Hot-seat game"),
                                    "host": N_("Host a LAN game")}[self.mode])
        self.form.draw(surface, self.text, self.layout)
        self.draw_previews(surface)
        self.draw_row_note(surface)
        if not self.start.enabled:
            note = self.text.render(_("This game has no table in this version yet."),
                                    self.layout.font_px("small"), theme.WARNING)
            surface.blit(note, note.get_rect(midtop=(self.start.rect.centerx,
                                                     self.back_button.rect.bottom
                                                     + self.layout.px(12))))
        self.draw_footer(surface, N_("Up/Down choose  ·  Left/Right change  ·  type a player's "
                                     "name  ·  Enter start  ·  Esc back")
                         if self.mode == "hotseat" else
                         N_("Up/Down choose  ·  Left/Right change  ·  Enter start  ·  Esc back"),
                         N_("D-pad: choose and change  ·  X: type a name  ·  A: start  ·  "
                            "B: back"))
