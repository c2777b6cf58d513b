"""A searching bot's stop (``net.ai_runner.Deadline``): it ends a search about on time, by the
gaps between its own checks, not one long step after the budget; driven by a fake clock."""

from __future__ import annotations

from net.ai_runner import Deadline


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def checks_until_stop(deadline: Deadline, clock: Clock, steps: list[float]) -> list[float]:
    """Advance the clock by each step, calling the stop after it; the times it said False."""
    went_on: list[float] = []
    for step in steps:
        clock.now += step
        if deadline():
            return went_on
        went_on.append(clock.now)
    return went_on


def test_steady_checks_stop_before_the_check_that_would_pass_the_end() -> None:
    clock = Clock()
    deadline = Deadline(0.25, clock=clock)
    went_on = checks_until_stop(deadline, clock, [0.04] * 20)
    # checks at 0.04 .. 0.20 go on; at 0.24 the next (0.28) would pass 0.25: stop there
    assert [round(t - 100.0, 2) for t in went_on] == [0.04, 0.08, 0.12, 0.16, 0.20]


def test_a_long_gap_makes_it_stop_while_another_would_still_end_in_time() -> None:
    """A wait for a core (a 90 ms gap among 5 ms steps) is remembered: at 0.19 s, with 0.06 s
    left, a second such wait would end past the budget, so the search stops there (a plain
    "time is up" stop would go on to 0.25 s and could end at 0.34)."""
    clock = Clock()
    deadline = Deadline(0.25, clock=clock)
    went_on = checks_until_stop(deadline, clock, [0.005] * 20 + [0.09] + [0.005] * 40)
    assert round(went_on[-1] - 100.0, 3) == 0.1


def test_the_first_check_and_a_spent_budget() -> None:
    clock = Clock()
    assert Deadline(0.25, clock=clock)() is False  # no gap known: time is left
    assert Deadline(0.0, clock=clock)() is True
    late = Deadline(0.25, clock=clock)
    clock.now += 0.3
    assert late() is True


def test_it_forgets_old_gaps() -> None:
    """Only the last ``memory`` gaps count: one slow step long ago does not cut a search short."""
    clock = Clock()
    deadline = Deadline(1.0, clock=clock, memory=4)
    went_on = checks_until_stop(deadline, clock, [0.3] + [0.01] * 200)
    assert round(went_on[-1] - 100.0, 2) == 0.98
