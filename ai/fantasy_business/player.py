"""Fantasy Business decisions for the three levels, from a seat's view and the public
history: deal a state the seat cannot tell from the real one, then act on it."""

from collections.abc import Sequence

from ai import seeds
from ai.budget import Budget, Clock, Deadline
from ai.fantasy_business import knowledge, strong
from ai.fantasy_business.determinize import Dealer
from ai.fantasy_business.standard import standard_action
from ai.levels import Level
from rules.events import Event
from rules.fantasy_business import RULES
from rules.fantasy_business.actions import Action, Give
from rules.fantasy_business.views import FantasyBusinessView

READS_HISTORY = True
"""Past reveals model each rival's prices; specials played face up since the last
reshuffle tell which cards are still unseen (`knowledge`)."""


def decide(
    level: Level,
    view: FantasyBusinessView,
    history: Sequence[Event],
    seed: int,
    budget: Budget,
    clock: Clock | None,
) -> Action:
    if view.you is None:
        raise ValueError("An AI decides for a seat: pass the seat's own view.")
    seat = view.you.seat
    if seat not in view.waiting_on:
        raise ValueError(f"Seat {seat} has nothing to decide now.")
    record = knowledge.read(history, view)
    dealer = Dealer(view, record)
    state = dealer.deal(None, seeds.derive(seed, "future"))
    if level == "random":
        legal = [a for a in RULES.legal_actions(state, seat) if not isinstance(a, Give)]
        return seeds.generator(seed, "random").choice(legal)
    if level == "standard":
        return standard_action(state, record, seat)
    return strong.search(dealer, record, state, seed, Deadline(budget, clock))
