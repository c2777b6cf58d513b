"""Seats bound to devices at one screen (game/client/couch.py)."""

from game.client.couch import CouchSeats
from game.client.devices import Action


def test_each_device_acts_for_its_own_seat_only() -> None:
    seats = CouchSeats({0: "pad:0", 1: "keys:left", 2: "keys:right"})
    assert seats.route(Action("keys:right", "left")).seat == 2
    assert seats.route(Action("pad:0", "confirm")).seat == 0
    assert seats.route(Action("mouse", "confirm")).seat is None


def test_a_pulled_pad_pauses_its_seat_until_a_free_device_claims_it() -> None:
    seats = CouchSeats({0: "pad:0", 1: "keys:left"})
    seats.route(Action("pad:0", "removed"))
    assert seats.waiting == [0]
    assert seats.device_of(0) is None
    # a seated device pressing confirm keeps its own seat; a stray direction claims nothing
    assert seats.route(Action("keys:left", "confirm")).seat == 1
    assert not seats.route(Action("pad:1", "left")).claimed
    claim = seats.route(Action("pad:1", "confirm"))
    assert claim.claimed and claim.seat == 0
    assert seats.waiting == [] and seats.route(Action("pad:1", "up")).seat == 0
