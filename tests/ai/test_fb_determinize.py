"""Fantasy Business: the states an AI deals itself from its view are ones its seat could
not tell from the real game, hold every card once, and differ only in what is hidden."""

import random
from collections import Counter

import pytest

from ai.fantasy_business import knowledge
from ai.fantasy_business.determinize import Dealer
from rules.events import Event
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.state import GameState


def every_card_once(state: GameState) -> None:
    placed = Counter(state.draw_pile + state.centre + state.discards)
    for hand in state.specials:
        placed.update(hand)
    assert all(n == 1 for n in placed.values())
    for key, article in deck.articles().items():
        loose = sum(1 for c in placed if deck.card(c).key == key)
        assert loose + sum(h.get(key, 0) for h in state.articles) == article.cards


@pytest.fixture(scope="module")
def game() -> list[tuple[GameState, list[Event]]]:
    """Every position of a random 5-player game, with its public history."""
    seen = []
    state, events = RULES.setup(5, {}, 11, None)
    history = [e for e in events if e.public]
    chooser = random.Random(3)
    while RULES.outcome(state) is None:
        seen.append((state, list(history)))
        seat = RULES.waiting_on(state)[0]
        legal = [a for a in RULES.legal_actions(state, seat) if a.type != "give"]
        state, events = RULES.apply(state, seat, chooser.choice(legal))
        history += [e for e in events if e.public]
    return seen


def test_a_dealt_state_shows_each_seat_exactly_its_own_view(
    game: list[tuple[GameState, list[Event]]],
) -> None:
    for index, (state, history) in enumerate(game[::3]):
        for seat in state.seats():
            view = RULES.view(state, seat)
            dealer = Dealer(view, knowledge.read(history, view))
            dealt = dealer.deal(random.Random(index), index)
            assert RULES.view(dealt, seat) == view
            every_card_once(dealt)


def test_deals_differ_only_in_what_the_seat_cannot_see(
    game: list[tuple[GameState, list[Event]]],
) -> None:
    state, history = next((s, h) for s, h in game if s.turn == 3 and s.phase == "pricing")
    view = RULES.view(state, 1)
    dealer = Dealer(view, knowledge.read(history, view))
    deals = [dealer.deal(random.Random(i), i) for i in range(8)]
    assert len({tuple(d.draw_pile) for d in deals}) == 8
    assert len({d.rng.seed for d in deals}) == 8
    assert all(d.specials[1] == deals[0].specials[1] for d in deals)
    assert all(d.rng != state.rng for d in deals)


def test_the_record_holds_every_reveal_and_the_specials_played_face_up() -> None:
    history = [
        Event(kind="sheets_revealed", text="", data={"turn": 1, "sheets": [{"swords": 5}, {}]}),
        Event(kind="special_played", text="", data={"special": "thief"}),
        Event(kind="special_received", text="", seat=0, data={"special": "fire"}),
        Event(kind="special_played", text="", data={"special": "fire"}),
        Event(kind="deck_reshuffled", text="", data={"cards": 9}),
        Event(kind="special_played", text="", data={"special": "subsidy"}),
        Event(kind="sheets_revealed", text="", data={"turn": 2, "sheets": [{"swords": 7}, {}]}),
    ]
    state, _ = RULES.setup(3, {}, 1, 0)
    record = knowledge.read(history, RULES.view(state, 0))
    assert record.prices(0, "swords") == [(1, 5), (2, 7)]
    assert dict(record.played) == {"subsidy": 1}


def test_a_private_event_never_enters_the_record() -> None:
    private = Event(kind="special_played", text="", seat=2, data={"special": "guards"})
    state, _ = RULES.setup(3, {}, 1, 0)
    assert dict(knowledge.read([private], RULES.view(state, 0)).played) == {}


def test_a_history_that_does_not_add_up_is_refused() -> None:
    state, _ = RULES.setup(3, {}, 1, 0)
    view = RULES.view(state, 0)
    wrong = view.model_copy(update={"draw_pile": view.draw_pile + 1})
    with pytest.raises(ValueError, match="do not add up"):
        Dealer(wrong, knowledge.read([], wrong))
