"""The Stargazer table's panels: the middle of the ring (players, round, stock, what ends the
game; the final scoring's rows there), the crews and the action panel (what to decide now).

A mixin of ``StargazerTablePainter``: each panel is painted in screen coordinates into a cached
picture (``cached_panel``) and only when what it shows changes.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, language, ngettext, progress_dots, tr
from game.client.scenes.base import controls_hint, pad_in_hand
from game.client.stargazer.names import planet_name, square_vp
from game.client.stargazer.palette import colour_word, player_mark
from game.client.stargazer.sprites import cube_sprite, pawn_sprite
from game.client.widgets import Button, draw_panel
from game.rules.stargazer import CREWS_BY_ID, end_progress, motivation_bonus
from game.rules.stargazer.content import COLOUR_GROUPS, START_CREW

#: the phases a player decides in
DECIDING = ("crew", "skill", "investigate", "start_player")

#: what the player to act is doing, as "{name} is choosing a crew"
PHASE_WORDS = {"crew": N_("{name} is choosing a crew"), "skill": N_("{name} is using a skill"),
               "investigate": N_("{name} is investigating"),
               "start_player": N_("{name} names who starts this round")}
TIMING_WORDS = {"choice": N_("a choice right after the pick"),
                "placement": N_("while investigating: it widens where cubes may go"),
                "round_end": N_("acts at the end of the round")}
ORDINAL = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def phase_words(phase: str, name: str) -> str:
    """"Ann is investigating" (just the name for a phase without words)."""
    words = PHASE_WORDS.get(phase)
    return _(words).format(name=name) if words is not None else name


def timing_words(timing: str) -> str:
    words = TIMING_WORDS.get(timing)
    return _(words) if words is not None else timing


def direction_word(last: int, planet: int, count: int) -> str:
    """Which way round the ring ``planet`` lies from ``last`` (words for the path prompt)."""
    ahead = (planet - last) % count
    if ahead == 0:
        return _("the same planet")
    return _("clockwise") if ahead <= count // 2 else _("counter-clockwise")


def ordinal(n: int) -> str:
    known = ORDINAL.get(n)
    return _(known) if known is not None else _("{n}th").format(n=n)


def readable_px(size: int) -> int:
    """Never a type size below what stays readable."""
    return max(theme.MIN_FONT_PX, size)


def vp(points: int) -> str:
    """"3 VP" in the window's language."""
    return _("{n} VP").format(n=points)


def cubes_word(count: int) -> str:
    return ngettext("{n} cube", "{n} cubes", count).format(n=count)


#: what stands between two score parts in ``parts_words`` (both languages' templates)
PART_SEPARATOR = " · "


class StargazerPanels:
    """The middle of the ring, the crews and the action panel of ``StargazerTableScene``."""

    # --- the middle of the ring ----------------------------------------------------------------
    def draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        box = self.ring.geo.centre
        lay = self.layout
        draw_panel(surface, box, lay, fill=(16, 21, 50))
        if self.scoring is not None:
            self.draw_scoring_panel(surface, view, box)
            return
        x, y = box.x + lay.px(12), box.y + lay.px(10)
        width = box.w - lay.px(24)
        body, small = lay.font_px("small"), lay.font_px("tiny")
        # the least a name or the round's opening line shrinks to before it is cut
        least = max(theme.MIN_FONT_PX, small - lay.px(2))
        ended = getattr(self, "round_end", None)
        words = _("Round {n} is over").format(n=ended.round) if ended is not None else \
            _("Round {n}").format(n=view["round"])
        size = self.text.fit(words, lay.font_px("large"), width, True)
        title = self.text.render(words, size, theme.ACCENT, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + lay.px(6)
        if ended is not None and ended.start is not None:
            words = _("Round {n}: {name} starts.").format(n=ended.round + 1,
                                                         name=self.session.names[ended.start])
            # (fitted in bold, as drawn: a longer name left the panel, 「アルタイルさん」;
            # smaller type before a cut: 「…アルタイルさんから始め…」 at 720p)
            words, size = self.text.fit_label("{name}", words, body, least, width, True)
            line = self.text.render(words, size, theme.TEXT, bold=True)
            surface.blit(line, (x, y))
            y += line.get_height() + lay.px(4)
        gains = ended.gains if ended is not None else None
        scores = self.shown_scores(view)
        totals = ended.totals if ended is not None and ended.totals else \
            [seat["total"] for seat in scores]
        row_h = lay.px(28)
        progress = end_progress(view)
        ending = self.wrap(_("The game ends at a round's end once a hand is empty (fewest left: "
                             "{fewest}) or {needed} planets are full (now {full}).").format(
            fewest=progress["fewest_cubes"], needed=progress["planets_full_to_end"],
            full=progress["planets_full"]), small, width)
        # the score breakdown under each name when the middle of the ring has room for it and
        # for everything below: the stock and the end condition
        stock = self.text.render(ngettext("Stock: {n} free cube", "Stock: {n} free cubes",
                                          view["stock"]).format(n=view["stock"]), body,
                                 theme.TEXT)
        below = (lay.px(8) + stock.get_height() + lay.px(6) + len(ending) * int(small * 1.15)
                 + lay.px(6))
        # each breakdown in as many lines as it takes (four large parts did not fit one line
        # at 720p: a playtest), else in one line cut short, else none
        players = view["players"]
        start_tag = self.text.size(_("start"), small, bold=True)[0] + lay.px(14)
        # (one line is the whole breakdown, cut short with "..." where it does not fit; a
        # second line goes to each breakdown needing one, in seat order, while there is room)
        line_h = small + lay.px(2)
        detail_lines = [[self.parts_words(scores[seat])] for seat in range(players)]
        spare = box.bottom - y - players * (row_h + line_h + lay.px(2)) - below
        detail = spare >= 0  # (room for one line each)
        for seat in range(players):
            if spare < line_h:
                break
            lines = self.wrap_parts(detail_lines[seat][0], small, width - (
                start_tag if seat == view["start"] else 0))
            if len(lines) == 2:
                detail_lines[seat] = lines
                spare -= line_h
        for seat in range(players):
            row = pygame.Rect(box.x + lay.px(6), y, box.w - lay.px(12),
                              row_h + (len(detail_lines[seat]) * line_h if detail else 0))
            if seat == view["current"] and view["phase"] != "over":
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=lay.px(6))
            middle = row.y + row_h // 2
            pawn = pawn_sprite(lay.px(22), self.palette.player(seat), player_mark(seat))
            surface.blit(pawn, pawn.get_rect(midleft=(x, middle)))
            name = self.session.names[seat]
            bot = self.session.kinds[seat] == "ai"
            right = row.right - lay.px(6)
            score = self.text.render(vp(totals[seat]), body, theme.ACCENT, bold=True)
            surface.blit(score, score.get_rect(midright=(right, middle)))
            right -= lay.px(56)
            if gains is not None:  # the round just over: what each player made in it
                gain = self.text.render(f"{gains[seat]:+d}", body,
                                        theme.LEGAL if gains[seat] > 0 else theme.TEXT_DIM,
                                        bold=True)
                surface.blit(gain, gain.get_rect(midright=(right, middle)))
                right -= gain.get_width() + lay.px(10)
            cubes = self.text.render(f"x{view['hands'][seat]}", body, theme.TEXT)
            surface.blit(cubes, cubes.get_rect(midright=(right, middle)))
            right -= cubes.get_width() + lay.px(3)
            cube = cube_sprite(lay.px(15), self.palette.player(seat), player_mark(seat))
            surface.blit(cube, cube.get_rect(midright=(right, middle)))
            name_end = right - cube.get_width() - lay.px(6)
            if seat == view["start"]:
                # beside the name without a breakdown, else leading the breakdown's line,
                # where it leaves the name its room ("Altair (..." at 720p: a playtest)
                star = self.text.render(_("start"), small, theme.SKY, bold=True)
                if detail:
                    tag = star.get_rect(midleft=(x + lay.px(3),
                                                 row.y + row_h - lay.px(3) + line_h // 2))
                else:
                    tag = star.get_rect(midright=(right - cube.get_width() - lay.px(8),
                                                  middle))
                    name_end = tag.x - lay.px(8)
                pygame.draw.rect(surface, theme.ACCENT, tag.inflate(lay.px(6), lay.px(2)),
                                 border_radius=lay.px(4))
                surface.blit(star, tag)
            # the name in the room the figures (and the start tag) leave it (a narrow middle:
            # the spectator's ring)
            room = min(width * 0.42, name_end - x - lay.px(28))
            current = seat == view["current"]
            # a name too long is cut, never its "(AI)" ("Player..." hid it, and 「アルタイル（…」
            # at 720p: playtests), in smaller type first
            words, size = self.text.fit_label(_("{name} (AI)") if bot else "{name}", name,
                                              body, least, room, current)
            label = self.text.render(words, size, theme.TEXT, bold=current)
            surface.blit(label, label.get_rect(midleft=(x + lay.px(28), middle)))
            if detail:
                left = x + (start_tag if seat == view["start"] else 0)
                for i, words_line in enumerate(detail_lines[seat]):
                    line = self.text.render(self.fit(words_line, small, x + width - left),
                                            small, theme.TEXT_DIM)
                    surface.blit(line, (left, row.y + row_h - lay.px(3) + i * line_h))
            y = row.bottom + lay.px(2)
        y += lay.px(6)
        free = cube_sprite(lay.px(15), self.palette.free, "none")
        surface.blit(free, (x, y + lay.px(1)))
        surface.blit(stock, (x + lay.px(22), y))
        y += stock.get_height() + lay.px(6)
        for line in ending:
            if y + small > box.bottom - lay.px(6):
                break
            label = self.text.render(line, small, theme.TEXT_DIM)
            surface.blit(label, (x, y))
            y += int(small * 1.15)

    @staticmethod
    def parts_words(parts: dict[str, int]) -> str:
        """A player's score parts worth something, in words: the majority always, the rest
        when not 0 (all five did not fit the middle of the ring at 720p: a playtest). The
        turn order's VP carry a plus ("turn order 2" read as the seat's place: a playtest)."""
        words = _("majority {n}").format(n=parts["majority"])
        for key, more in (("specialty", N_("{words} · specialty {n}")),
                          ("motivation", N_("{words} · motivation {n}")),
                          ("skills", N_("{words} · skills {n}")),
                          ("order", N_("{words} · turn order +{n}"))):
            if parts.get(key):
                words = _(more).format(words=words, n=parts[key])
        return words

    def wrap_parts(self, words: str, size: int, width: int) -> list[str]:
        """A breakdown's lines, broken only between its parts ("skills / 1" split a part)."""
        lines: list[str] = []
        for part in words.split(PART_SEPARATOR):
            if lines and self.text.size(lines[-1] + PART_SEPARATOR + part, size)[0] <= width:
                lines[-1] += PART_SEPARATOR + part
            else:
                lines.append(part)
        return lines

    def shown_scores(self, view: dict[str, Any]) -> list[dict[str, int]]:
        """Each player's score if the game ended now (the engine's breakdown), cached."""
        cached = getattr(self, "_scores", None)
        if cached is None or cached[0] is not view:
            from game.rules.stargazer import RULESET

            cached = (view, RULESET.score(view))
            self._scores = cached
        return cached[1]

    def draw_scoring_panel(self, surface: pygame.Surface, view: dict[str, Any],
                           box: pygame.Rect) -> None:
        show = self.scoring
        lay = self.layout
        x, y = box.x + lay.px(12), box.y + lay.px(10)
        width = box.w - lay.px(24)
        body, small = lay.font_px("small"), lay.font_px("tiny")
        names = self.session.names
        kind, planet = show.step
        heading = {"planet": planet_name(view["planets"], planet, short=False) if planet >= 0
                   else "", "specialty": _("Specialty bonus"),
                   "bonus": _("Motivation, skills and turn order")}[kind]
        title = self.text.render(_("Final scoring"), lay.font_px("small"), theme.TEXT_DIM)
        surface.blit(title, (x, y))
        y += title.get_height()
        # (the heading shrinks rather than leave the panel: "Motivation, skills and turn" ran
        # past its edge at 1600x900, a playtest)
        size = self.text.fit(heading, lay.font_px("large"), width, bold=True)
        label = self.text.render(heading, size, theme.ACCENT, bold=True)
        surface.blit(label, (x, y))
        y += max(label.get_height(), self.text.pen(lay.font_px("large")).get_linesize()) \
            + lay.px(4)
        if kind == "planet":
            for row in show.standings[planet][:show.revealed()]:
                owner = row["owner"]
                who = _("Free cubes") if owner < 0 else names[owner]
                if row["square"] < 1:
                    where, color = _("no square: 0"), theme.TEXT_DIM
                elif row["vp"] == 0:
                    where, color = _("square {n}: accident, 0").format(n=row["square"]), \
                        theme.ILLEGAL
                else:
                    where, color = _("square {n}: {vp}").format(n=row["square"],
                                                               vp=vp(row["vp"])), theme.ACCENT
                cube = cube_sprite(lay.px(16), self.palette.player(owner), player_mark(owner))
                surface.blit(cube, (x, y + lay.px(2)))
                line = _("{rank}  {name}, {cubes}").format(rank=ordinal(row["rank"]), name=who,
                                                          cubes=cubes_word(row["cubes"]))
                text = self.text.render(self.fit(line, body, width - lay.px(22)), body,
                                        theme.TEXT_DIM if owner < 0 else theme.TEXT)
                surface.blit(text, (x + lay.px(22), y))
                y += text.get_height()
                score = self.text.render(where, small, color, bold=True)
                surface.blit(score, (x + lay.px(22), y))
                y += score.get_height() + lay.px(5)
            if show.revealed() == len(show.standings[planet]) and \
                    any(r["owner"] < 0 for r in show.standings[planet]):
                words = _("(free cubes: a virtual player who scores nothing)")
                note = self.text.render(self.fit(words, small, width), small, theme.TEXT_DIM)
                surface.blit(note, (x, y))
                y += note.get_height()
        else:
            # per player: the name (the points at the right), then the parts under it
            rows: list[tuple[str, str, str | None]] = []
            for seat in range(show.players):
                if kind == "specialty":
                    counts, wild = show.specialty[seat]
                    parts = [_("{colour} {n}").format(colour=colour_word(g, short=True), n=c)
                             for g, c in zip(COLOUR_GROUPS, counts, strict=True) if c]
                    if wild:
                        parts.append(_("wild {n}").format(n=wild))
                    rows.append((names[seat], _(", ").join(parts) or _("no cubes on planets"),
                                 vp(show.specialty_vp(seat))))
                else:  # ("Jonas: motivation 0, skills 2, turn ord..." on one line was cut
                    # at 1600x900: a playtest)
                    breakdown = show.breakdown(seat)
                    rows.append((self.fit(names[seat], body, width), _(
                        "motivation {motivation}, skills {skills}, turn order {order}").format(
                        motivation=breakdown.get("motivation", 0),
                        skills=breakdown.get("skills", 0), order=breakdown.get("order", 0)),
                        None))
            for name, line, points in rows:
                label = self.text.render(name, body, theme.TEXT, bold=True)
                surface.blit(label, (x, y))
                if points is not None:
                    worth = self.text.render(points, body, theme.ACCENT, bold=True)
                    surface.blit(worth, worth.get_rect(topright=(box.right - lay.px(12), y)))
                y += label.get_height()
                text = self.text.render(self.fit(line, small, width), small, theme.TEXT_DIM)
                surface.blit(text, (x, y))
                y += text.get_height() + lay.px(4)
        y = max(y + lay.px(8), box.bottom - lay.px(12) - show.players * lay.px(22))
        totals = show.totals_so_far()
        for seat in range(show.players):
            pawn = pawn_sprite(lay.px(18), self.palette.player(seat), player_mark(seat))
            surface.blit(pawn, (x, y))
            label = self.text.render(self.fit(names[seat], body, width * 0.6), body, theme.TEXT)
            surface.blit(label, (x + lay.px(24), y))
            total = self.text.render(vp(totals[seat]), body, theme.ACCENT, bold=True)
            surface.blit(total, total.get_rect(topright=(box.right - lay.px(12), y)))
            y += lay.px(22)

    # --- crews -------------------------------------------------------------------------------
    def draw_crews(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        draw_panel(surface, self.crews_rect, lay)
        head = self.text.render(_("Crews"), lay.font_px("body"), theme.ACCENT, bold=True)
        surface.blit(head, (self.crews_rect.x + lay.px(12), self.crews_rect.y + lay.px(6)))
        words = self.crews_hint()
        if words:
            room = self.crews_rect.w - head.get_width() - lay.px(36)
            hint = self.text.render(words, self.text.fit(words, lay.font_px("tiny"), room),
                                    theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(topright=(self.crews_rect.right - lay.px(12),
                                                       self.crews_rect.y + lay.px(9))))
        phase = self.phase()
        legal = set(self.legal_crews()) if phase == "crew" else set()
        active = view.get("active_crew")
        body, small = lay.font_px("small"), lay.font_px("tiny")
        falling: dict[int, list[int]] = {}
        for flight in self.motion.flights:
            if flight.kind == "drop" and flight.place[0] == "crew":
                falling.setdefault(flight.place[1], []).append(flight.owner)
        for index, rect in enumerate(self.crew_rects[:len(view["crews"])]):
            crew = CREWS_BY_ID[view["crews"][index]]
            taken = view["workers"][index] is not None
            chosen = phase == "crew" and index == self.crew_choice
            fill = theme.PANEL_LIGHT if chosen or index == self.hover_crew else (24, 31, 66)
            pygame.draw.rect(surface, fill, rect, border_radius=lay.px(8))
            if chosen:
                edge, width = theme.ACCENT, 3
            elif index in legal:
                edge, width = theme.LEGAL, 2
            elif index == active:
                edge, width = theme.HIGHLIGHT, 2
            else:
                edge, width = theme.PANEL_EDGE, 1
            pygame.draw.rect(surface, edge, rect, max(1, lay.px(width)), border_radius=lay.px(8))
            # investigation count
            badge = pygame.Rect(rect.x + lay.px(6), rect.y + lay.px(8), lay.px(30), lay.px(30))
            pygame.draw.rect(surface, (14, 18, 40), badge, border_radius=lay.px(6))
            count = self.text.render(str(crew["count"]), lay.font_px("large"), theme.ACCENT,
                                     bold=True)
            surface.blit(count, count.get_rect(center=badge.center))
            # "cubes" under the count, where it fits under the badge without touching the text
            caption = self.text.render(_("cubes"), readable_px(lay.px(11)), theme.TEXT_DIM)
            if caption.get_width() <= badge.w + lay.px(10) and \
                    badge.bottom + caption.get_height() <= rect.bottom:
                surface.blit(caption, caption.get_rect(midtop=(badge.centerx, badge.bottom)))
            text_x = badge.right + lay.px(8)
            text_w = rect.right - lay.px(128) - text_x  # the name: beside the cubes on it
            dim = taken and index != active
            name = self.text.render(self.fit(_(crew["name"]), body, text_w, True), body,
                                    theme.TEXT_DIM if dim else theme.TEXT, bold=True)
            surface.blit(name, (text_x, rect.y + lay.px(6)))
            # the corner's label: the bonus of a free crew, or who holds it
            worker = view["workers"][index]
            bonus = motivation_bonus(view, index)
            corner = None
            if bonus and not taken:
                corner = self.text.render(_("+{n} VP").format(n=bonus), small, theme.ACCENT,
                                          bold=True)
            elif taken and worker is not None:
                corner = self.text.render(self.session.names[worker], small, theme.TEXT_DIM)
            corner_rect = None if corner is None else corner.get_rect(
                bottomright=(rect.right - lay.px(8), rect.bottom - lay.px(5)))
            top = max(rect.y + lay.px(26), rect.y + lay.px(6) + name.get_height())
            self.draw_skill_lines(surface, _(crew.get("brief", crew["text"])), rect, text_x,
                                  top=top, corner=corner_rect)
            # what is on the crew: its worker, free cubes, players' cubes, the bonus
            landing = falling.get(index, [])
            slot = self.place_rect(("worker", index))
            if worker is not None and not any(
                    f.kind == "drop" and f.place == ("worker", index) for f in self.motion.flights):
                pawn = pawn_sprite(slot.w, self.palette.player(worker), player_mark(worker))
                surface.blit(pawn, slot)
            spot = self.place_rect(("crew", index))
            cube = lay.px(15)
            x = spot.x
            free = view["crew_free"][index] - landing.count(-1)
            owners = list(view["crew_cubes"][index])
            for owner in landing:
                if owner >= 0 and owner in owners:
                    owners.remove(owner)
            for owner in [-1] * max(0, free) + owners:
                sprite = cube_sprite(cube, self.palette.player(owner), player_mark(owner))
                surface.blit(sprite, (x, spot.y))
                x += cube + lay.px(2)
            if corner is not None and corner_rect is not None:
                surface.blit(corner, corner_rect)

    def skill_lines(self, words: str, size: int, width: int, last_width: int,
                    shown: int) -> list[str]:
        """A crew's skill in at most ``shown`` lines ``width`` wide, the last one
        ``last_width`` wide; what does not fit ends in "..." (the full text is a hover or a
        focus away)."""
        lines = self.wrap(words, size, width)
        if len(lines) < shown or (len(lines) == shown and
                                  self.text.size(lines[-1], size)[0] <= last_width):
            return lines  # (a line above the last stands clear of the corner)
        rest = words  # what the lines before the last leave, spaces and all
        for line in lines[:shown - 1]:
            at = rest.find(line)
            rest = rest[at + len(line):].lstrip() if at >= 0 else rest
        return [*lines[:shown - 1], self.fit(rest, size, last_width)]

    def draw_skill_lines(self, surface: pygame.Surface, words: str, rect: pygame.Rect,
                         x: int, top: int, corner: pygame.Rect | None) -> None:
        """A crew row's skill under its name: two lines where the row has room (one in a
        small window), as wide as the row leaves beside the worker's column (the cubes on the
        crew sit on the name's line), the last one clear of the corner's label."""
        lay = self.layout
        small = lay.font_px("tiny")
        step = max(lay.px(14), self.text.size("Ag星", small)[1])
        shown = max(1, min(2, (rect.bottom - lay.px(2) - top) // step))
        width = rect.right - lay.px(40) - x
        last = width if corner is None else min(width, corner.x - lay.px(8) - x)
        for i, line in enumerate(self.skill_lines(words, small, width, last, shown)):
            surface.blit(self.text.render(line, small, theme.TEXT_DIM), (x, top + i * step))

    # --- the action panel --------------------------------------------------------------------
    def crews_hint(self) -> str:
        """How to read a crew's whole text, said to whoever can ask now: the mouse (one
        player's window, a spectator), the key of the pad or keyboard half to move; at one
        screen nothing while no device plays (a bot's turn, a seat waiting for its pad, the
        end), since only the device to move points (the header named the mouse, which then
        showed nothing: a party's playtest)."""
        if self.couch is not None and self.turn_device() is None:
            return ""
        if self.pointing():
            return _("hover a crew for its full text")
        return _("{key}: the full text of the crew in focus").format(key=self.couch_key("skip"))

    def pointing(self) -> bool:
        """The player to move has the mouse (and the keyboard): the panel says where to
        click. At one screen with a pad or a keyboard half the footer names its keys, and
        while no device plays (a seat waiting for its pad) nobody is told to click."""
        return self.couch is None or self.turn_device() == "mouse"

    def action_lines(self, view: dict[str, Any]) -> tuple[str, list[tuple[str, theme.Color]]]:
        """The panel's title and lines for what the player decides now (a hint's why first:
        the panel's foot may be cut)."""
        title, lines = self.decision_lines(view)
        hint = self.hints.line() if self.phase() in (
            "crew", "skill", "investigate", "start_player") or self.replaying else None
        return (title, [(hint, theme.ACCENT), *lines]) if hint else (title, lines)

    def decision_lines(self, view: dict[str, Any]) -> tuple[str, list[tuple[str, theme.Color]]]:
        """The panel's title and lines for what the player decides now."""
        phase = self.phase()
        names = self.session.names
        lines: list[tuple[str, theme.Color]] = []
        if phase == "over" and self.replaying:
            return _("The game is over."), []  # (a replay's end: no scoring to step through)
        if phase == "over":
            return _("Final scoring"), [
                (controls_hint(self.app, _("Planet by planet, on by itself. Enter or a "
                                           "click: next."),
                               _("Planet by planet, on by itself. A: next.")), theme.TEXT),
                (controls_hint(self.app, _("Esc: straight to the results."),
                               _("B: straight to the results.")), theme.TEXT_DIM)]
        if phase in ("watching", "handover"):
            current = view["current"]
            kind = self.session.kinds[current]
            # the dots say someone is at it now; a replay shows a moment that stands still
            # ("Ann is choosing a crew.." read as a typo there: a 4K playtest)
            dots = "" if self.replaying else progress_dots(self.clock)
            words = PHASE_WORDS.get(view["phase"], N_("{name} plays"))
            # a long name is cut, not what they do ("… is cho…" on a TV: a playtest)
            body = self.layout.font_px("body")
            title, _size = self.text.fit_label(_(words) + dots, names[current], body, body,
                                               self.action_rect.w - self.layout.px(24), True)
            if self.pacer.holding() is not None and self.couch is None:
                # (a click on this panel does it too: the mouse had no way, a playtest)
                lines.append((controls_hint(self.app, _("Space or a click here: catch up with "
                                                        "the game."),
                                            _("X: catch up with the game.")) if self.watching
                              else controls_hint(self.app, _("Space or a click here: skip to "
                                                             "your turn."),
                                                 _("X: skip to your turn.")), theme.TEXT_DIM))
            elif kind == "ai":
                lines.append((_("A bot is playing: its moves show on the ring."), theme.TEXT_DIM))
            active = view.get("active_crew")
            if active is not None:
                crew = CREWS_BY_ID[view["crews"][active]]
                lines.append((_("{crew} (up to {n}): {skill}").format(
                    crew=_(crew["name"]), n=crew["count"], skill=_(crew["text"])), theme.TEXT))
            return title, lines
        if phase == "crew":
            if self.crew_choice is not None:
                crew = CREWS_BY_ID[view["crews"][self.crew_choice]]
                bonus = motivation_bonus(view, self.crew_choice)
                lines.append((ngettext("{crew}: investigates with up to {n} cube.",
                                       "{crew}: investigates with up to {n} cubes.",
                                       crew["count"]).format(crew=_(crew["name"]),
                                                             n=crew["count"]), theme.ACCENT))
                if bonus:
                    lines.append((_("Picking it now pays +{n} VP (motivation).").format(
                        n=bonus), theme.LEGAL))
                lines.append((_("Skill ({timing}): {skill}").format(
                    timing=timing_words(crew["timing"]), skill=_(crew["text"])), theme.TEXT))
            if self.pointing():
                lines.append((controls_hint(
                    self.app, _("Click a crew (green) or Left/Right to choose; click again or "
                                "Enter to pick."),
                    _("D-pad: choose a crew (green)  ·  A: pick it.")), theme.TEXT_DIM))
            return _("Choose a crew"), lines
        if phase == "skill":
            crew = CREWS_BY_ID[view["crews"][view["active_crew"]]]
            targets = self.skill_targets()
            lines.append((_(crew["text"]), theme.TEXT))
            if targets and self.target_choice is not None:
                index = self.target_choice % len(targets)
                lines.append((_("Target {n} of {total}: {target}").format(
                    n=index + 1, total=len(targets), target=self.describe_target(index)),
                    theme.ACCENT))
                change = self.score_change(targets[index])
                if change is not None:
                    lines.append((_("If the game ended now: {change} VP for you").format(
                        change=f"{change:+d}"), theme.LEGAL if change > 0 else theme.TEXT_DIM))
            if self.pointing():
                lines.append((controls_hint(
                    self.app, _("Click a highlighted place (arrows + Enter)."),
                    _("D-pad: choose a highlighted place  ·  A: use it.")), theme.TEXT_DIM))
            return _("{crew}: the skill").format(crew=_(crew["name"])), lines
        if phase == "investigate":
            crew = CREWS_BY_ID[view["crews"][view["active_crew"]]]
            most = self.most_cubes()
            path = self.shown_path()
            if crew["timing"] == "placement":
                lines.append((_("{crew}: {skill}").format(crew=_(crew["name"]),
                                                          skill=_(crew["text"])), theme.TEXT_DIM))
            if not self.path and self.pointing():
                lines.append((controls_hint(
                    self.app, _("Click the start planet (green), or Left/Right + Enter; "
                                "Up/Down: cubes."),
                    _("Up/Down: cubes  ·  Left/Right: start planet  ·  A: start there.")),
                    theme.TEXT))
            if path:
                planets = [planet_name(view["planets"], p) for p in path]
                lines.append((_("{cubes}: {path}").format(cubes=cubes_word(len(path)),
                                                          path=" > ".join(planets)),
                              theme.ACCENT))
                change = self.score_change({"t": "investigate", "planets": path})
                if change is not None:
                    lines.append((_("If the game ended now: {change} VP for you").format(
                        change=f"{change:+d}"), theme.LEGAL if change > 0 else theme.TEXT_DIM))
            if self.path:
                last, n = self.path[-1], len(view["planets"])
                candidates = self.candidates()
                # the way round only where it is not the usual clockwise (the Pilot's
                # counter-clockwise, the same planet again): "(clockwise)" after each name
                # pushed the prompt's own keys out of the panel (a 4K playtest)
                ways = [direction_word(last, p, n) for p in candidates]
                plain = all(way == _("clockwise") for way in ways)
                nxt = [planet_name(view["planets"], p) if plain else
                       _("{planet} ({direction})").format(
                           planet=planet_name(view["planets"], p), direction=way)
                       for p, way in zip(candidates, ways, strict=True)]
                # (only while the chosen count wants more: after "- cube" it offered a cube
                # the player had just taken off, a new player's playtest)
                if nxt and len(self.path) < min(most, self.count):
                    if self.pointing():
                        words = controls_hint(
                            self.app, _("Next cube may go to: {places}. Click one, or "
                                        "Left/Right + Space."),
                            _("Next cube may go to: {places}. Left/Right, then X."))
                    else:
                        words = _("Next cube may go to: {places}.")
                    lines.append((words.format(places=_(", ").join(nxt)), theme.TEXT_DIM))
                if self.couch is None and pad_in_hand(self.app):
                    lines.append((_("A: investigate  ·  Y: take the last cube back"),
                                  theme.TEXT_DIM))
            return ngettext("Investigate: up to {n} cube", "Investigate: up to {n} cubes",
                            most).format(n=most), lines
        if phase == "start_player":
            lines.append((_("{crew}: name the player who starts the next round "
                            "(yourself too).").format(crew=_(CREWS_BY_ID[START_CREW]["name"])),
                          theme.TEXT))
            # (the view is at the new round already: "next round" beside the header's
            # "Round 2" read as round 3: an outside playtest)
            return _("Who starts round {n}?").format(n=self.view["round"]), lines
        return "", lines

    def describe_target(self, index: int) -> str:
        view = self.view
        places = self.target_places(index)
        squares = [p for p in places if p[0] == "square"]
        if squares:
            name = planet_name(view["planets"], squares[0][1], short=False)
            numbers = sorted(p[2] for p in squares)
            if numbers == [0]:
                return _("{planet}, its 0 square").format(planet=name)
            if len(numbers) == 2:
                return _("{planet}, swap squares {a} and {b}").format(planet=name, a=numbers[0],
                                                                      b=numbers[1])
            vp = square_vp(view["planets"], squares[0][1], numbers[0])
            if vp is not None:  # (the card prints VP, not square numbers)
                return _("{planet}, square {n} ({vp} VP)").format(planet=name, n=numbers[0],
                                                                  vp=vp)
            return _("{planet}, square {n}").format(planet=name, n=numbers[0])
        crews = [p for p in places if p[0] == "crew"]
        if crews:
            return _(CREWS_BY_ID[view["crews"][crews[0][1]]]["name"])
        planets = [p for p in places if p[0] == "planet"]
        if planets:
            return planet_name(view["planets"], planets[0][1], short=False)
        return str(self.skill_targets()[index])

    def caption(self) -> tuple[tuple[str, theme.Color], ...]:
        """The caption of the move played out last (who did what), while it shows: while
        others play, until the next move's caption or ``CAPTION_LINGER`` after it."""
        pacer = self.pacer
        if not pacer.caption or pacer.caption_left <= 0 or \
                self.phase() not in ("watching", "handover"):
            return ()
        return tuple((tr(text), color) for text, color in pacer.caption)

    def draw_action(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The action panel, painted again only when its words or buttons change."""
        title, lines = self.action_lines(view)
        caption = self.caption()
        if self.status_time > 0 and self.status[0] and not caption:  # (the log has it too)
            said = (tr(self.status[0]), self.status[1])
            # a decision's own words come first: news of the move before (a skill ignored)
            # stood above the Captain's "Who starts round 3?" as if it were the question
            lines = [*lines, said] if self.phase() in DECIDING else [said, *lines]
        buttons = self.visible_buttons()
        mouse = pygame.mouse.get_pos()
        phase = self.phase()
        states = tuple((b.label, b.enabled, b.rect.collidepoint(mouse),
                        phase == "start_player" and i == self.start_choice)
                       for i, b in enumerate(buttons))
        key = (title, tuple(lines), states, caption, self.pacer.caption_by, len(self.log),
               self.log_scroll, language(), bool(self.full_log().h))
        self.cached_panel(surface, "action", key, self.action_rect,
                          lambda target: self.paint_action(target, title, lines, buttons,
                                                           states, caption))

    def paint_action(self, surface: pygame.Surface, title: str,
                     lines: list[tuple[str, theme.Color]], buttons: list[Button],
                     states: tuple, caption: tuple[tuple[str, theme.Color], ...] = ()) -> None:
        lay = self.layout
        rect = self.action_rect
        draw_panel(surface, rect, lay)
        x, y = rect.x + lay.px(12), rect.y + lay.px(8)
        width = rect.w - lay.px(24)
        heading = self.text.render(self.fit(title, lay.font_px("body"), width, True),
                                   lay.font_px("body"), theme.ACCENT, bold=True)
        surface.blit(heading, (x, y))
        y += heading.get_height() + lay.px(4)
        bottom = min([b.rect.y for b in buttons] + [rect.bottom]) - lay.px(6)
        if caption:
            y = self.paint_caption(surface, caption, y, bottom)
        small = lay.font_px("small")
        for message, color in lines:
            wrapped = self.wrap(message, small, width)
            for index, line in enumerate(wrapped):
                if y + small > bottom:
                    break
                if index + 1 < len(wrapped) and y + int(small * 1.12) + small > bottom:
                    # its end does not fit: it says so ("..., Ocean (the same" read whole)
                    line = self.text.cut(line + "…", small, width)
                label = self.text.render(line, small, color)
                surface.blit(label, (x, y))
                y += int(small * 1.12)
            y += lay.px(3)
        self.log_rect = pygame.Rect(rect.x + lay.px(6), y + lay.px(2), rect.w - lay.px(12),
                                    bottom - y - lay.px(2))
        self.log_bottom = max(self.log_rect.bottom, rect.y + lay.px(40))
        self.paint_log(surface, self.log_rect)
        for button, (_label, _enabled, hovered, focused) in zip(buttons, states, strict=True):
            button.draw(surface, self.text, lay, focused, hovered)

    def paint_caption(self, surface: pygame.Surface,
                      caption: tuple[tuple[str, theme.Color], ...], y: int, bottom: int) -> int:
        """Who did what, in the body size on a lit box with a bar of the mover's colour;
        returns the y under it."""
        lay = self.layout
        rect = self.action_rect
        size = lay.font_px("body")
        step = int(size * 1.2)
        box = pygame.Rect(rect.x + lay.px(6), y, rect.w - lay.px(12), 0)
        room = max(1, (bottom - y - lay.px(10)) // step)
        width = box.w - lay.px(22)
        every = [(line, color) for text, color in caption
                 for line in self.wrap(text, size, width)]
        wrapped = every[:min(3, room)]
        if len(wrapped) < len(every):  # cut short: it says so (a Japanese line stopped
            # mid-word, 「…使えないた」, its reason only in the log: a playtest)
            line, color = wrapped[-1]
            wrapped[-1] = (self.text.cut(line + "…", size, width), color)
        box.h = len(wrapped) * step + lay.px(10)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=lay.px(6))
        by = self.pacer.caption_by
        bar = self.palette.player(by) if isinstance(by, int) and by >= 0 else theme.ACCENT
        pygame.draw.rect(surface, bar, pygame.Rect(box.x, box.y, lay.px(5), box.h),
                         border_radius=lay.px(3))
        ty = box.y + lay.px(5)
        for line, color in wrapped:
            surface.blit(self.text.render(line, size, color),
                         (box.x + lay.px(13), ty))
            ty += step
        return box.bottom + lay.px(6)

    def full_log_rect(self) -> pygame.Rect:
        """Where the log opens: the right column down to the bottom of its place in the
        action panel (the buttons under it stay free)."""
        bottom = getattr(self, "log_bottom", self.action_rect.y + self.layout.px(40))
        return pygame.Rect(self.right.x, self.right.y, self.right.w, bottom - self.right.y)

    def full_log(self) -> pygame.Rect:
        """The open log's rectangle (an empty one while it is closed)."""
        if self.log_open and self.scoring is None:
            return self.full_log_rect()
        return pygame.Rect(0, 0, 0, 0)

    def log_shown(self) -> pygame.Rect:
        """Where the log is on screen now (the wheel over it scrolls it)."""
        full = self.full_log()
        return full if full.h else self.log_rect

    def draw_full_log(self, surface: pygame.Surface) -> None:
        """The open log, over the crews: as many lines as the column holds."""
        full = self.full_log()
        if not full.h:
            return
        lay = self.layout
        draw_panel(surface, full, lay, fill=(12, 16, 40), edge=theme.ACCENT)
        self.paint_log(surface, full.inflate(-lay.px(8), -lay.px(12)), line=False)

    def paint_log(self, surface: pygame.Surface, rect: pygame.Rect, line: bool = True) -> None:
        """The game log in the room the action panel leaves: the newest lines that fit, or
        older ones after a wheel back over it; nothing where not even two lines fit."""
        lay = self.layout
        size = lay.font_px("tiny")
        step = int(size * 1.25)
        title_size = lay.font_px("small")
        if rect.h < title_size + lay.px(8) + 2 * step:
            rect.h = 0
            return
        if line:
            pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + lay.px(6), rect.y),
                             (rect.right - lay.px(6), rect.y), max(1, lay.px(1)))
        pad = lay.px(6)
        words = _("Game log  (wheel: back; L or a click: close)") if self.full_log().h else \
            _("Game log  (L or a click: all)")
        if not self.pointing():  # a pad's or keyboard half's keys are in the footer
            words = _("Game log")
        if self.text.size(words, title_size, True)[0] > rect.w - 2 * pad:
            words = _("Game log")
        title_size = self.text.fit(words, title_size, rect.w - 2 * pad, True)
        title = self.text.render(words, title_size, theme.TEXT_DIM, bold=True)
        surface.blit(title, (rect.x + pad, rect.y + lay.px(3)))
        top = rect.y + lay.px(5) + title.get_height()
        room = max(0, (rect.bottom - top) // step)
        self.draw_log_page(surface, rect.x + pad, top, rect.w - 2 * pad, room, step, size,
                           self.wrap)
