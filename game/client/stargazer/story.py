"""What happened at the Stargazer table, in the players' words: the game log's lines and the
caption of a move being played out.

``story_lines`` turns the events of one move (or the whole story so far, after a replay jump or
a Continue) into lines. A line is ``Lazy`` (``game.client.i18n``): a language switch rewords
the log. The cubes of one investigation make one line ("Deneb investigates: Lava > Ice"), the
free cubes a round end adds make one line; every other public event makes its own line or none.
Planet and crew names come from the view the events came with (indices name planets and crews).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client import theme
from game.client.i18n import Lazy, _, ngettext
from game.client.stargazer.names import planet_name, square_vp
from game.rules.stargazer import CREWS_BY_ID
from game.rules.stargazer.scoring import FREE

Line = tuple[str, theme.Color]
Event = dict[str, Any]


def crew_name(crew: str) -> str:
    info = CREWS_BY_ID.get(crew)
    return _(info["name"]) if info is not None else crew


def story_lines(events: list[Event], names: list[str],
                view: dict[str, Any] | None) -> list[Line]:
    """The log lines of ``events`` (in order); ``view``: any view of the same game (planet
    types by index), None when there is none yet."""
    planets = list(view["planets"]) if view else []
    lines: list[Line] = []
    path: list[Event] = []  # the cubes of an investigation, told as one line

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def where(planet: Any) -> str:
        if isinstance(planet, int) and 0 <= planet < len(planets):
            return planet_name(planets, planet, short=False)
        return "?"

    def vp_words(planet: Any, square: Any) -> str:
        """" (4 VP)": what the square is worth, as its card prints it ("" if unknown)."""
        vp = square_vp(planets, planet, square)
        return "" if vp is None else _(" ({vp} VP)").format(vp=vp)

    def add(make: Callable[[], str], color: theme.Color = theme.TEXT) -> None:
        try:  # (the words are made when shown: made once here, they can be)
            make()
        except Exception:  # a malformed event from the host: no line
            return
        lines.append((Lazy(make), color))

    def close_path() -> None:
        if not path:
            return
        name, stops = who(path[0]["seat"]), [p["planet"] for p in path]
        add(lambda: ngettext("{name} investigates with {n} cube: {path}",
                             "{name} investigates with {n} cubes: {path}", len(stops)).format(
            name=name, n=len(stops),
            path=" > ".join(planet_name(planets, p) if 0 <= p < len(planets) else "?"
                            for p in stops)))
        path.clear()

    free_crews = 0
    for event in events:
        kind = event.get("type")
        square, planet = event.get("square"), event.get("planet")
        if kind == "cube_placed" and event.get("owner") == event.get("seat") and \
                isinstance(square, int) and square > 0 and isinstance(planet, int):
            if path and path[0]["seat"] != event["seat"]:
                close_path()
            path.append(event)
            continue
        close_path()
        if kind != "free_cube_added" and free_crews:
            n = free_crews
            add(lambda n=n: ngettext("A free cube joins {n} crew without a worker.",
                                     "A free cube joins each of {n} crews without a worker.",
                                     n).format(n=n), theme.TEXT_DIM)
            free_crews = 0
        try:
            line = _event_line(event, who, where, vp_words)
        except Exception:  # a malformed event from the host tells nothing
            line = None
        if line is not None:
            add(*line)
        elif kind == "free_cube_added":
            free_crews += 1
    close_path()
    if free_crews:
        add(lambda: ngettext("A free cube joins {n} crew without a worker.",
                             "A free cube joins each of {n} crews without a worker.",
                             free_crews).format(n=free_crews), theme.TEXT_DIM)
    return lines


def story_opening(events: list[Event], view: dict[str, Any]) -> tuple[int, Any]:
    """Where the story so far (``events``: a whole game's, or the newest part of a long one
    that a LAN host told) starts: the round its first events belong to, and the seat that
    started that round (None when the story does not hold the round's start).

    The round is read from the first round's end or start the story tells, not from the view:
    the engine counts the next round as soon as one ends, while its start player is still
    being named (``phase`` "start_player"), so a game continued there opened its log on
    "Round 2" above round 1's events (an outside playtest). Each player picks one crew a
    round, the start player first: a story that holds all of a round's picks names who
    started it."""
    first: int | None = None
    before = events
    for index, event in enumerate(events):
        kind, number = event.get("type"), event.get("round")
        if kind in ("round_ended", "round_started") and isinstance(number, int):
            first = number if kind == "round_ended" else number - 1
            before = events[:index]
            break
    if first is None:  # the story is all in the round the view is at (or about to leave)
        if view.get("phase") != "start_player":
            return view["round"], view.get("start")
        first = view["round"] - 1
    picks = [event.get("seat") for event in before if event.get("type") == "crew_chosen"]
    players = view.get("players", len(view.get("hands", [])))
    return first, picks[0] if picks and len(picks) == players else None


def cube_words(owner: Any, who: Callable[[Any], str]) -> str:
    """Whose cube it is: "Bea's cube", or "a free cube" (the virtual player's, -1: the log said
    "swaps ahead of ?", a mouse-only playtest)."""
    return _("a free cube") if owner == FREE else _("{name}'s cube").format(name=who(owner))


def _event_line(event: Event, who: Callable[[Any], str], where: Callable[[Any], str],
                vp_words: Callable[[Any, Any], str]) -> tuple[Callable[[], str],
                                                             theme.Color] | None:
    """One event's line (how to word it, its colour); None: told with others, or not at all."""
    kind = event.get("type")
    name = who(event.get("seat"))
    crew = str(event.get("crew", ""))
    planet = event.get("planet")
    if kind == "crew_chosen":
        return (lambda: _("{name} picks {crew}.").format(name=name, crew=crew_name(crew)),
                theme.ACCENT)
    if kind == "motivation_bonus":
        vp = event.get("vp", 0)
        return (lambda: _("{name}: motivation bonus +{n} VP.").format(name=name, n=vp),
                theme.LEGAL)
    if kind == "pick_vp":
        vp = event.get("vp", 0)
        return (lambda: _("{name}: +{n} VP for picking {crew}.").format(
            name=name, n=vp, crew=crew_name(crew)), theme.LEGAL)
    if kind == "skill_ignored":
        return (lambda: _("{crew}: the skill cannot apply now, so it is ignored.").format(
            crew=crew_name(crew)), theme.TEXT_DIM)
    if kind == "repeat_cost":
        vp = abs(event.get("vp", 0))
        return (lambda: _("{name} pays {n} VP for cubes on the same planet.").format(
            name=name, n=vp), theme.ILLEGAL)
    if kind == "cube_placed" and event.get("owner") == FREE:
        square = event.get("square")
        return (lambda: _("{name} puts a free cube on {planet}, square {n}{vp}.").format(
            name=name, planet=where(planet), n=square, vp=vp_words(planet, square)), theme.TEXT)
    if kind == "cube_placed":  # the 0 square (an investigation's cubes are told together)
        return (lambda: _("{name} puts a cube on the 0 square of {planet}.").format(
            name=name, planet=where(planet)), theme.TEXT)
    if kind == "cube_to_crew":
        return (lambda: _("{name} puts a cube on {crew}.").format(
            name=name, crew=crew_name(crew)), theme.TEXT)
    if kind == "crew_cleared":
        cubes, vp = event.get("free_cubes", 0), event.get("vp", 0)
        return (lambda: ngettext("{name} clears {n} free cube from {crew}: +{vp} VP.",
                                 "{name} clears {n} free cubes from {crew}: +{vp} VP.",
                                 cubes).format(name=name, n=cubes, crew=crew_name(crew), vp=vp),
                theme.TEXT)
    if kind == "cube_recalled":
        square = event.get("square")
        return (lambda: _("{name} takes back the cube on {planet}, square {n}{vp}.").format(
            name=name, planet=where(planet), n=square, vp=vp_words(planet, square)), theme.TEXT)
    if kind == "cubes_swapped":
        other, square = event.get("other"), event.get("square")
        return (lambda: _("{name} swaps ahead of {cube} on {planet}, to square {n}{vp}.")
                .format(name=name, cube=cube_words(other, who), planet=where(planet), n=square,
                        vp=vp_words(planet, square)), theme.TEXT)
    if kind == "zero_square_claimed":
        other = event.get("previous")
        return (lambda: _("{name} takes the 0 square of {planet} from {cube}.").format(
            name=name, planet=where(planet), cube=cube_words(other, who)), theme.TEXT)
    if kind == "start_player_set":
        if event.get("start") == event.get("seat"):  # ("Mika names Mika to start...")
            return (lambda: _("{name} chooses to start the next round.").format(name=name),
                    theme.ACCENT)
        start = who(event.get("start"))
        return (lambda: _("{name} names {start} to start the next round.").format(
            name=name, start=start), theme.ACCENT)
    if kind == "round_ended":
        n = event.get("round")
        return (lambda: _("Round {n} is over.").format(n=n), theme.TEXT_DIM)
    if kind == "round_started":
        n, start = event.get("round"), who(event.get("start"))
        return (lambda: _("Round {n}: {name} starts.").format(n=n, name=start), theme.ACCENT)
    if kind == "game_over":
        scores = event.get("scores") or []
        return (lambda: _("The game is over: {scores}").format(scores=_(", ").join(
            _("{name} {n} VP").format(name=who(seat), n=points)
            for seat, points in enumerate(scores))), theme.ACCENT)
    return None
