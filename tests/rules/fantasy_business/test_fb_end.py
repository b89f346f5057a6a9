"""Spec §1, §2, §3.4, §4: setup, options, game length, the First Buyer card, scoring, ties."""

import subprocess
import sys
from pathlib import Path

import pytest
from fb_builders import act, card_count, kinds, only, position

from rules.errors import RuleError
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Submit
from rules.fantasy_business.state import GameState


def test_rules_object_describes_the_game() -> None:
    assert RULES.kind == "fantasy-business"
    assert RULES.title == "Fantasy Business"
    assert (RULES.min_players, RULES.max_players) == (3, 8)
    assert RULES.option_names == frozenset({"turns", "low_prices", "sole_lowest_bonus"})


def test_1_player_counts_come_from_the_data_file() -> None:
    """min_players/max_players of the rules object must be read from cards.json: the game
    module, loaded again (in a separate interpreter) over a changed table, must see it."""
    code = (
        "import importlib\n"
        "from rules.fantasy_business import deck, game\n"
        "changed = deck.data().model_copy(update={'min_players': 4, 'max_players': 7})\n"
        "deck.data = lambda: changed\n"
        "game = importlib.reload(game)\n"
        "print(game.RULES.min_players, game.RULES.max_players)\n"
    )
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["4", "7"]


def test_1_the_deck_has_48_articles_and_24_specials_with_the_published_base_values() -> None:
    cards = deck.cards()
    assert len(cards) == 72
    assert sum(c.kind == "article" for c in cards) == 48
    bases = {a.name: a.base for a in deck.data().articles}
    assert bases == {
        "Medicinal Plants": 2,
        "Magic Components": 3,
        "Bows and Arrows": 3,
        "Swords": 4,
        "Armour": 5,
        "Horses": 5,
        "Spell Scrolls": 6,
        "Magic Potions": 6,
    }
    kinds_of_specials = [c.key for c in cards if c.kind == "special"]
    assert {k: kinds_of_specials.count(k) for k in set(kinds_of_specials)} == {
        k: 3 for k in deck.specials()
    }


def test_1_everyone_starts_with_10_gold_and_a_shuffled_pile() -> None:
    state, _ = RULES.setup(5, {}, seed=1, first=2)
    other, _ = RULES.setup(5, {}, seed=2, first=2)
    assert state.gold == [10] * 5
    assert state.draw_pile != other.draw_pile
    assert card_count(state) == 72
    assert (state.first_buyer, state.youngest) == (2, 2)


def test_1_a_random_first_buyer_is_drawn_and_announced() -> None:
    state, events = RULES.setup(4, {}, seed=11, first=None)
    chosen = only(events, "first_buyer_chosen")
    assert chosen.public and chosen.data == {"seat": state.first_buyer, "random": True}
    assert state.youngest == state.first_buyer
    again, _ = RULES.setup(4, {}, seed=11, first=None)
    assert RULES.dump_state(again) == RULES.dump_state(state)


def test_1_player_count_is_3_to_8() -> None:
    with pytest.raises(RuleError, match="played by 3 to 8 players, not 2"):
        RULES.setup(2, {}, seed=1, first=0)
    with pytest.raises(RuleError, match="not 9"):
        RULES.setup(9, {}, seed=1, first=0)


def test_2_ten_turns_up_to_six_players_eight_with_seven_or_eight() -> None:
    for players, turns in ((3, 10), (6, 10), (7, 8), (8, 8)):
        state, _ = RULES.setup(players, {}, seed=1, first=0)
        assert state.total_turns == turns


def test_2_the_host_may_choose_fewer_turns() -> None:
    state, _ = RULES.setup(4, {"turns": 3}, seed=1, first=0)
    assert state.total_turns == 3


def test_options_are_validated_with_reasons() -> None:
    assert RULES.validate_options({}) == {
        "turns": None,
        "low_prices": False,
        "sole_lowest_bonus": False,
    }
    assert RULES.validate_options(
        {"turns": None, "low_prices": True, "sole_lowest_bonus": None}, 4
    ) == {
        "turns": None,
        "low_prices": True,
        "sole_lowest_bonus": False,
        "edition": 2,
        "age_order": [],
    }
    cases = {
        "round_limit is not an option of Fantasy Business.": ({"round_limit": 3}, None),
        "A game of Fantasy Business lasts 1 to 10 turns; 12 is outside that range.": (
            {"turns": 12},
            None,
        ),
        "A game of Fantasy Business lasts 1 to 10 turns; 0 is outside that range.": (
            {"turns": 0},
            None,
        ),
        "With 7 players a game lasts at most 8 turns; 9 is too many.": ({"turns": 9}, 7),
        "The low_prices option is on or off (true or false), not 'yes'.": (
            {"low_prices": "yes"},
            None,
        ),
    }
    for message, (raw, players) in cases.items():
        with pytest.raises(RuleError) as caught:
            RULES.validate_options(raw, players)
        assert caught.value.message == message
    assert RULES.validate_options({"turns": 9})["turns"] == 9


def last_turn_pricing(**kwargs: object) -> GameState:
    return position(phase="pricing", turn=10, total_turns=10, submitted=[1, 2, 3], **kwargs)  # type: ignore[arg-type]


def test_3_4_the_first_buyer_card_passes_left_and_the_next_turn_starts() -> None:
    state = position(phase="pricing", first_buyer=3, submitted=[1, 2, 3])
    state, events = act(state, 0, Submit())
    assert state.first_buyer == 0 and state.turn == 2
    assert only(events, "first_buyer_passed").data == {"seat": 0}
    assert len(state.centre) == 4 and state.phase == "auction"
    assert kinds(events)[-1] == "turn_started"
    assert not any(state.acquired)


def test_1_discards_are_reshuffled_when_the_pile_runs_out() -> None:
    state = position(phase="pricing", submitted=[1, 2, 3])
    state.discards = state.draw_pile[2:]
    state.draw_pile = state.draw_pile[:2]
    state, events = act(state, 0, Submit())
    assert "deck_reshuffled" in kinds(events)
    assert len(state.centre) == 4
    assert card_count(state) == 72


def test_4_the_game_ends_after_the_last_turn_with_gold_plus_base_values() -> None:
    state = last_turn_pricing(
        gold=[10, 12, 3, 0],
        articles={2: {"magic_potions": 1, "swords": 1}},
        prices={2: {"magic_potions": 12, "swords": 8}},
        specials={3: ["thief", "subsidy"]},
    )
    state, events = act(state, 0, Submit())
    assert state.phase == "over"
    assert state.gold == [10, 12, 3 + 14 + 10, 0]
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores == {0: 10, 1: 12, 2: 27 + 6 + 4, 3: 0}
    assert outcome.winners == [2]
    assert only(events, "game_over").data["winners"] == [2]
    assert RULES.waiting_on(state) == []
    assert RULES.legal_actions(state, 0) == []


def test_4_a_tie_goes_to_the_youngest_when_they_are_among_the_tied() -> None:
    state = last_turn_pricing(gold=[9, 15, 15, 3], youngest=2)
    state, _ = act(state, 0, Submit())
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == [2]


def test_4_ed_a_tie_without_the_youngest_is_shared_when_the_age_order_is_unknown() -> None:
    """A game started before tables knew the age order knows only the youngest."""
    state = last_turn_pricing(gold=[9, 15, 15, 3], youngest=0)
    assert state.ages is None
    state, _ = act(state, 0, Submit())
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == [1, 2]


def test_4_no_outcome_while_the_game_runs_and_no_action_after_it() -> None:
    state = last_turn_pricing()
    assert RULES.outcome(state) is None
    state, _ = act(state, 0, Submit())
    with pytest.raises(RuleError, match=r"The game is over\."):
        act(state, 0, Submit())


def test_state_round_trips_through_json() -> None:
    state, _ = RULES.setup(6, {"low_prices": True}, seed=5, first=None)
    assert RULES.load_state(RULES.dump_state(state)) == state


def test_a_one_turn_game_is_announced_in_good_english() -> None:
    state, _ = RULES.setup(3, RULES.validate_options({"turns": 1}), 5, 0)
    events: list = []  # type: ignore[type-arg]
    while RULES.outcome(state) is None:
        seat = RULES.waiting_on(state)[0]
        state, events = RULES.apply(state, seat, RULES.default_action(state, seat))
    over = [e for e in events if e.kind == "game_over"]
    assert over and over[0].text.startswith("The game is over after 1 turn. Scores")


def test_4_ed_with_the_age_order_a_tie_without_the_youngest_goes_to_the_younger() -> None:
    """The youngest (seat 0) is not tied; of the tied seats 1 and 2, seat 2 is younger."""
    state = last_turn_pricing(gold=[9, 15, 15, 3], youngest=0)
    state.ages = (0, 3, 2, 1)
    state, events = act(state, 0, Submit())
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == [2]
    over = only(events, "game_over")
    assert over.data["winners"] == [2]
    assert "{p2} wins: of the players tied for the most, {p2} is the youngest." in over.text


def test_4_ed_with_the_age_order_a_tie_with_the_youngest_goes_to_the_youngest() -> None:
    state = last_turn_pricing(gold=[9, 15, 15, 15], youngest=3)
    state.ages = (3, 0, 1, 2)
    state, _ = act(state, 0, Submit())
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == [3]


def test_4_ed_data_may_choose_to_share_ties_without_the_youngest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rules.fantasy_business import scoring

    shared = deck.data().model_copy(update={"tie_break": "youngest_or_shared"})
    monkeypatch.setattr(scoring.deck, "data", lambda: shared)
    state = last_turn_pricing(gold=[9, 15, 15, 3], youngest=0)
    state.ages = (0, 3, 2, 1)
    state, events = act(state, 0, Submit())
    assert only(events, "game_over").data["winners"] == [1, 2]


def test_1_ed_without_an_age_order_it_is_drawn_and_announced_with_the_first_buyer() -> None:
    options = RULES.validate_options({}, 5)
    assert options["age_order"] == []  # at the start the age order is always an option
    state, events = RULES.setup(5, options, seed=11, first=None)
    assert state.ages is not None and sorted(state.ages) == [0, 1, 2, 3, 4]
    assert state.ages[0] == state.youngest == state.first_buyer
    told = only(events, "age_order")
    assert told.public and told.data == {"ages": list(state.ages), "given": 0}
    assert told.text.startswith("Age order for ties, youngest first (drawn at random): ")
    assert kinds(events).index("age_order") == kinds(events).index("first_buyer_chosen") + 1
    # Seeded: the same seed draws the same order, and the game's own draws are where they
    # were before the age order existed (the first First Buyer, then the shuffle).
    again, _ = RULES.setup(5, options, seed=11, first=None)
    assert again.ages == state.ages
    assert state.rng.counter == 2
    orders = {RULES.setup(5, options, seed=seed, first=None)[0].ages for seed in range(30)}
    assert len(orders) > 10


def test_1_ed_a_game_started_before_the_age_order_existed_replays_as_it_was() -> None:
    """Stored options without `age_order` set up the older game: same draws, no age order,
    no announcement; so its log still replays to its stored positions."""
    old, events = RULES.setup(5, {"turns": None}, seed=11, first=None)
    # The same generator (the first edition's), so the draws can be compared.
    new, _ = RULES.setup(5, RULES.validate_options({"edition": 1}, 5), seed=11, first=None)
    assert old.ages is None and "age_order" not in kinds(events)
    assert old.draw_pile == new.draw_pile and old.rng == new.rng
    assert old.first_buyer == new.first_buyer


def test_1_ed_the_host_may_give_the_age_order_in_part_or_whole() -> None:
    state, events = RULES.setup(4, RULES.validate_options({"age_order": [2, 0]}, 4), 3, None)
    assert state.ages is not None and state.ages[:2] == (2, 0)
    assert state.first_buyer == state.youngest == 2
    assert state.rng.counter == 1  # nothing drawn for the first First Buyer
    assert only(events, "first_buyer_chosen").data == {"seat": 2, "random": False}
    told = only(events, "age_order")
    assert told.data["given"] == 2
    assert "{p2}, {p0} as the host gave it, then" in told.text
    whole, events = RULES.setup(3, {"age_order": [1, 2]}, 3, None)
    assert whole.ages == (1, 2, 0)
    assert "(as the host gave it): {p1}, {p2}, {p0}." in only(events, "age_order").text
    # Naming only the youngest (`first`) gives the first place of the order.
    named, events = RULES.setup(4, RULES.validate_options({}, 4), 3, 3)
    assert named.ages is not None and named.ages[0] == 3
    assert only(events, "age_order").data["given"] == 1


def test_1_ed_a_bad_age_order_is_refused_with_a_reason() -> None:
    with pytest.raises(RuleError, match="names a player twice"):
        RULES.validate_options({"age_order": [1, 1]}, 4)
    with pytest.raises(RuleError, match="no player 5"):
        RULES.validate_options({"age_order": [4]}, 4)
    with pytest.raises(RuleError, match="starts with player 2, but player 3"):
        RULES.setup(4, {"age_order": [1, 0]}, 3, 2)


def test_a_game_started_now_is_of_todays_edition_with_the_counter_based_generator() -> None:
    """The bot's start gives `edition` 2 (kept in the options for replays); stored
    options without it set up a game of the first edition, with its generator."""
    new, _ = RULES.setup(5, RULES.validate_options({}, 5), seed=11, first=None)
    old, _ = RULES.setup(5, {"turns": None}, seed=11, first=None)
    assert new.rng.version == 2 and old.rng.version == 1
    assert '"version":2' in RULES.dump_state(new)
    assert '"version"' not in RULES.dump_state(old)
    assert RULES.load_state(RULES.dump_state(new)) == new
    assert RULES.load_state(RULES.dump_state(old)) == old
    with pytest.raises(ValueError, match="edition 3"):
        RULES.validate_options({"edition": 3}, 5)
