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
from rules.fantasy_business.actions import Action, SetPrice
from rules.fantasy_business.pricing import unpriced
from rules.fantasy_business.state import GameState
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
        return seeds.generator(seed, "random").choice(progressing(state, seat))
    if level == "standard":
        return standard_action(state, record, seat, seeds.generator(seed, "mix"))
    return strong.search(dealer, record, state, seed, Deadline(budget, clock))


def progressing(state: GameState, seat: int) -> list[Action]:
    """The legal moves `random` picks from: those that bring the seat nearer to done.
    A price for an article already priced is left out: it changes nothing the seat's
    view shows, so the next decision would get the same seed and the same list, and the
    seat would set that price forever. Every move left prices an article, spends a
    special or submits, so a random seat finishes its sheet. Gifts are left out too."""
    open_articles = set(unpriced(state, seat))
    return [
        a
        for a in RULES.legal_actions(state, seat, gifts=False)
        if not (isinstance(a, SetPrice) and a.article not in open_articles)
    ]
