"""Fantasy Business AIs do not cheat: what a seat cannot see never changes what it does.

Each test builds real states that look the same to the deciding seat (same view, same
public history) but differ in everything hidden from it: the other hands, the face-down
specials, the draw pile's order, the rivals' unrevealed prices and the game's generator.
`standard` is checked on the full states themselves (it is also the playout policy, so
it must not read hidden fields even when it has them) and through `ai.decide`; `strong`
is given poisoned roots and must return the same action for a fixed seed and an
iteration-bound budget.
"""

import random

import pytest

from ai import Budget, Level, decide, reads_history
from ai.budget import Deadline
from ai.fantasy_business import knowledge, strong
from ai.fantasy_business.convention import habits
from ai.fantasy_business.determinize import Dealer
from ai.fantasy_business.pricing import belief
from ai.fantasy_business.standard import standard_action
from bench.exploits import undercutter_game
from rules.events import Event
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Action, Give, Submit
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState

from .secrets import business_twin
from .tables import Position, play

SEARCH = Budget(iterations=12)


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    """Decisions of seat 1 in a 4-player game of standard AIs, every phase included."""
    played = play("fantasy-business", ["standard"] * 4, 5, keep=1)
    chosen = played.positions[::4]
    assert {p.state.phase for p in chosen} == {"auction", "pricing"}
    return chosen


def test_standard_does_the_same_whatever_its_seat_cannot_see(positions: list[Position]) -> None:
    chooser = random.Random(1)
    for position in positions:
        state, seat = position.state, position.seat
        view = RULES.view(state, seat)
        record = knowledge.read(position.history, view)
        chosen = standard_action(state, record, seat)
        # At the table `standard` may mix its price (`pricing.mixed_price`): the mix, too,
        # must come out the same whatever the seat cannot see.
        seated = decide("fantasy-business", "standard", view, position.history, 9)
        for _ in range(3):
            twin = business_twin(state, seat, chooser)
            assert standard_action(twin, record, seat) == chosen
            twin_view = RULES.view(twin, seat)
            assert decide("fantasy-business", "standard", twin_view, position.history, 9) == seated


def test_strong_search_never_reads_the_hidden_parts_of_its_root(positions: list[Position]) -> None:
    chooser = random.Random(2)
    for position in positions[::3]:
        state, seat = position.state, position.seat
        view = RULES.view(state, seat)
        record = knowledge.read(position.history, view)
        dealer = Dealer(view, record)
        honest = strong.search(
            dealer, record, dealer.deal(random.Random(0), 0), 17, Deadline(SEARCH, None)
        )
        poisoned = business_twin(state, seat, chooser)
        assert strong.search(dealer, record, poisoned, 17, Deadline(SEARCH, None)) == honest
        twin_view = RULES.view(poisoned, seat)
        assert decide("fantasy-business", "strong", twin_view, position.history, 17, SEARCH) == (
            decide("fantasy-business", "strong", view, position.history, 17, SEARCH)
        )


def pricing_run(level: Level, state: GameState, seat: int, history: list[Event]) -> list[Action]:
    """Everything the seat does in phase 2 until it has submitted a complete sheet."""
    done: list[Action] = []
    while state.phase == "pricing" and seat in RULES.waiting_on(state):
        view = RULES.view(state, seat)
        action = decide("fantasy-business", level, view, history, 23, SEARCH)
        assert not isinstance(action, Give)
        done.append(action)
        state, events = RULES.apply(state, seat, action)
        history = history + [e for e in events if e.public]
    return done


@pytest.mark.parametrize("level", ["standard", "strong"])
def test_prices_never_depend_on_sheets_submitted_before(
    level: Level, positions: list[Position]
) -> None:
    """Rivals who submitted first, asking the least or the most: the seat prices the same."""
    position = next(p for p in positions if p.state.phase == "pricing" and p.state.articles[1])
    state, seat = position.state, position.seat
    runs = []
    for dear in (False, True):
        world = state.model_copy(deep=True)
        for rival in world.seats():
            if rival == seat or world.sheets[rival].submitted:
                continue
            for key in world.articles[rival]:
                low, high = price_range(world, key)
                world.sheets[rival].prices[key] = high if dear else low
            world, _ = RULES.apply(world, rival, Submit())
        runs.append(pricing_run(level, world, seat, position.history))
    assert runs[0] == runs[1]
    assert isinstance(runs[0][-1], Submit)


def with_income_specials(state: GameState, seat: int) -> GameState:
    """The position with an Embargo and a Festival in the seat's hand instead of its own
    specials (from the draw pile, where its own go), so income-time specials are scored."""
    given = state.model_copy(deep=True)
    wanted = []
    for kind in ("embargo", "festival"):
        card = next(c for c in given.draw_pile if deck.card(c).key == kind and c not in wanted)
        wanted.append(card)
    given.draw_pile = [c for c in given.draw_pile if c not in wanted] + given.specials[seat]
    given.specials[seat] = wanted
    return given


def test_rivals_submitted_sheets_never_change_the_standard_move() -> None:
    """Embargo and Festival are scored on the income the rivals will earn this turn: the
    rivals' sheets, even handed in, stay unread (they are poisoned here, in every twin),
    both on the full states and through the public entry point."""
    played = play("fantasy-business", ["standard"] * 4, 41, keep=3)
    chosen = [
        p
        for p in played.positions
        if p.state.phase == "pricing"
        and all(p.state.sheets[s].submitted for s in (0, 1, 2))
        and not p.state.sheets[3].prices
    ]
    assert len(chosen) >= 5
    chooser = random.Random(5)
    plays = 0
    for position in chosen:
        state = with_income_specials(position.state, 3)
        view = RULES.view(state, 3)
        record = knowledge.read(position.history, view)
        first = decide("fantasy-business", "standard", view, position.history, 3)
        plays += first.type == "play"
        assert standard_action(state, record, 3) == first
        for _ in range(8):
            twin = business_twin(state, 3, chooser)
            assert standard_action(twin, knowledge.read(position.history, view), 3) == first
            twin_view = RULES.view(twin, 3)
            assert decide("fantasy-business", "standard", twin_view, position.history, 3) == first
    assert plays >= 1  # the specials were in play, not merely held


def test_a_state_is_refused_where_a_view_belongs(positions: list[Position]) -> None:
    state = positions[0].state
    with pytest.raises(TypeError, match="seat's view"):
        decide("fantasy-business", "standard", state, positions[0].history, 1)  # type: ignore[call-overload]


def test_the_ai_layer_says_which_games_read_the_public_history() -> None:
    assert reads_history("fantasy-business") and not reads_history("fagins-gang")
    with pytest.raises(ValueError, match="No AI plays"):
        reads_history("chess")


@pytest.fixture(scope="module")
def farmed() -> list[tuple[GameState, list[Event]]]:
    """Pricing decisions of seat 0, a standard seat, at a table where seat 1 undercuts
    the settled price every turn: its rival model has habits to read."""
    kept: list[tuple[GameState, list[Event]]] = []
    undercutter_game(["standard"] * 3, 1, 63004, True, keep=0, kept=kept)
    chosen = [(s, h) for s, h in kept if s.phase == "pricing"][::3]
    assert len(chosen) >= 5
    return chosen


def test_the_rival_model_reads_only_the_public_reveals(
    farmed: list[tuple[GameState, list[Event]]],
) -> None:
    """Each rival's habits and price belief, and the price chosen, are the same on twin
    states that differ only in what seat 0 cannot see, and private events passed with
    the history (a rival's own sheet, say) change nothing: the model is built from the
    reveals alone."""
    chooser = random.Random(35)
    read_habits = 0
    for state, history in farmed:
        view = RULES.view(state, 0)
        record = knowledge.read(history, view)
        leaked = [
            Event(kind="sheets_revealed", seat=1, data={"turn": state.turn, "sheets": [{}, {}]}),
            *history,
        ]
        assert knowledge.read(leaked, view) == record
        articles = sorted({a for s in state.seats() for a in state.articles[s]})
        keys = [(rival, article) for rival in (1, 2) for article in articles]
        model = {key: (habits(state, record, *key), belief(state, record, *key)) for key in keys}
        read_habits += any(dict(h).get(-1, 0.0) > 0.2 for h, _ in model.values())
        for _ in range(2):
            twin = business_twin(state, 0, chooser)
            fresh = knowledge.read(history, RULES.view(twin, 0))
            assert {
                key: (habits(twin, fresh, *key), belief(twin, fresh, *key)) for key in model
            } == model
            assert standard_action(twin, fresh, 0) == standard_action(state, record, 0)
    assert read_habits, "the undercutter's habit should show in some position"
