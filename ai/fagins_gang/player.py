"""Fagin's Gang decisions for the three levels, from a seat's view: rebuild the state
(`rules.fagins_gang.worlds`) with a generator of the AI's own, then act on it. Nothing
in the public history is needed (the present is all on the board), so the history is
accepted and not read."""

from collections.abc import Sequence

from ai import seeds
from ai.budget import Budget, Clock, Deadline
from ai.fagins_gang import strong
from ai.fagins_gang.moves import Table
from ai.fagins_gang.standard import standard_action
from ai.levels import Level
from rules.events import Event
from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Action
from rules.fagins_gang.views import FaginView
from rules.fagins_gang.worlds import sample_world
from rules.rng import Rng

READS_HISTORY = False
"""Nothing about the present is hidden, so the public history adds nothing."""


def decide(
    level: Level,
    view: FaginView,
    history: Sequence[Event],
    seed: int,
    budget: Budget,
    clock: Clock | None,
) -> Action:
    seat = view.you
    if seat is None:
        raise ValueError("An AI decides for a seat: pass the seat's own view.")
    if seat not in view.waiting_on:
        raise ValueError(f"Seat {seat} has nothing to decide now.")
    state = sample_world(view, Rng(seed=seeds.derive(seed, "future")))
    if level == "random":
        return seeds.generator(seed, "random").choice(list(RULES.legal_actions(state, seat)))
    if level == "standard":
        return standard_action(Table(state, seat))
    return strong.search(state, seat, seed, Deadline(budget, clock))
