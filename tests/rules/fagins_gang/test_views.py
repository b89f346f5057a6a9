"""The view, waiting_on/default_action, legal actions and plan autocomplete."""

import json

from rules.fagins_gang import RULES, suggest_plan_completions
from rules.fagins_gang.actions import Buy, MarketPass, OpenMarket, Sell, Skip

from .builders import act, position


def test_the_view_shows_the_board_and_hides_the_random_generator() -> None:
    state = position(
        3,
        turn=1,
        urchins={"bow": {0: 4, 2: "fagin"}},
        constables={"bow": (2, "down")},
    )
    view = RULES.view(state, None)
    dumped = view.model_dump_json()
    assert "rng" not in dumped and "counter" not in dumped
    bow = view.locations[3]
    assert (bow.name, bow.colour, bow.goods, bow.move_cost, bow.purse) == (
        "Bow Street",
        "yellow",
        "pocket watches",
        2,
        8,
    )
    assert (bow.constable_level, bow.constable_facing) == (2, "down")
    assert bow.urchins == {0: 4}
    assert bow.fagin == [2]
    assert bow.levels[4].urchin == 0
    assert bow.levels[4].goods == ["black", "black", "blue", "blue"]
    assert bow.levels[2].constable
    assert view.seats[2].at_fagin == 1
    assert view.seats[0].supply == 4
    assert view.prices == {"blue": 2, "green": 4, "red": 6, "yellow": 8, "black": 10, "purple": 12}
    assert view.stalls[0].count == 3 and view.stalls[0].capacity == 6
    assert view.turn == 1 and view.waiting_on == [1]
    assert view.phase == "actions" and view.round == 1
    assert view.fagin_target == 3 and view.round_limit is None
    json.loads(dumped)


def test_the_view_shows_the_wheel_turned_as_far_as_its_prices_say() -> None:
    """The rotation is on the board for all to see, and is what the prices are read from."""
    for rotation in range(6):
        view = RULES.view(position(3, rotation=rotation), 0)
        assert view.wheel_rotation == rotation
        assert view.prices["blue"] == [2, 4, 6, 8, 10, 12][rotation]


def test_every_seat_sees_the_same_board() -> None:
    state = position(3)
    public = RULES.view(state, None).model_dump(exclude={"you"})
    assert RULES.view(state, 2).model_dump(exclude={"you"}) == public


def test_the_view_shows_the_market_while_it_is_open() -> None:
    state, _ = act(position(3, turn=0), 0, OpenMarket())
    market = RULES.view(state, 1).market
    assert market is not None
    assert (market.token_holder, market.current_trader, market.passed) == (0, 0, [])


def test_defaults_are_skip_on_an_action_turn_and_pass_at_the_market() -> None:
    state = position(3, turn=0)
    assert RULES.default_action(state, 0) == Skip()
    assert RULES.default_action(state, 1) is None
    state, _ = act(state, 0, OpenMarket())
    assert RULES.default_action(state, 0) == MarketPass()


def test_legal_actions_include_the_default_and_are_all_accepted() -> None:
    state = position(
        3,
        urchins={"thames": {0: 1}, "bow": {0: 4, 1: 5}, "stpauls": {0: 7}},
        cubes={0: {"blue": 5, "yellow": 6, "purple": 4, "green": 2}},
        shillings={0: 30},
    )
    actions = RULES.legal_actions(state, 0)
    assert actions[0] == Skip()
    types = {a.type for a in actions}
    assert types == {"skip", "open_market", "move", "steal", "shillings"}
    for action in actions:
        RULES.apply(state, 0, action)
    assert RULES.legal_actions(state, 1) == []


def test_legal_trades_are_all_accepted() -> None:
    state, _ = act(position(3, turn=0), 0, OpenMarket())
    trades = RULES.legal_actions(state, 0)
    assert any(isinstance(a, Buy) and len(a.colours) == 2 for a in trades)
    assert any(isinstance(a, Sell) and len(a.colours) == 2 for a in trades)
    for action in trades:
        RULES.apply(state, 0, action)


def test_move_completions_follow_the_players_urchins_and_cubes() -> None:
    state = position(3, urchins={"thames": {0: 5}}, cubes={0: {"blue": 2, "purple": 4}})
    found = suggest_plan_completions(state, 0, "move", "th")
    assert found == [
        "thames up 1",
        "thames down 1",
        "thames up 2",
        "thames down 2",
    ]
    assert "stpauls enter" in suggest_plan_completions(state, 0, "move", "St Paul")
    later = suggest_plan_completions(state, 0, "move", "thames up 1; ")
    assert later == ["thames up 1; stpauls enter"]


def test_completions_are_at_most_25() -> None:
    state = position(
        3,
        urchins={k: {0: 3} for k in ("thames", "covent", "holborn")},
        cubes={0: dict.fromkeys(("blue", "green", "red"), 20)},
    )
    assert len(suggest_plan_completions(state, 0, "move", "")) == 25


def test_steal_and_shilling_completions_name_own_locations() -> None:
    state = position(3, urchins={"bow": {0: 4}, "chertsey": {0: 5}})
    assert suggest_plan_completions(state, 0, "steal", "bo") == ["bow"]
    assert suggest_plan_completions(state, 0, "shillings", "bow, ") == ["bow, chertsey"]
    assert suggest_plan_completions(state, 0, "shillings", "x") == []


def test_market_completions_offer_what_can_be_traded() -> None:
    state, _ = act(position(3, turn=0, cubes={0: {"red": 1}}), 0, OpenMarket())
    assert suggest_plan_completions(state, 0, "sell", "") == ["red"]
    assert "blue green" in suggest_plan_completions(state, 0, "buy", "blue")
    assert suggest_plan_completions(state, 0, "nonsense", "") == []


def test_completions_are_whole_plans_that_parse_within_100_characters() -> None:
    """Discord cuts a choice at 100 characters, which would submit a broken plan: a plan
    that long is not offered at all, every one offered parses, and none twice."""
    from rules.fagins_gang.completions import LENGTH, PARSERS

    state = position(3, urchins={"thames": {0: 5}}, cubes={0: {"blue": 2, "purple": 4}})
    for padding in range(60, 100, 3):
        typed = "thames" + " " * padding + "up 1; "
        found = suggest_plan_completions(state, 0, "move", typed)
        assert all(len(plan) <= LENGTH for plan in found)
        assert len(found) == len(set(found))
        for plan in found:
            PARSERS["move"](plan)
    # Long enough that every next step would pass 100 characters: nothing is offered.
    assert suggest_plan_completions(state, 0, "move", "thames" + " " * 95 + "up 1; ") == []
    # A first step that does not parse makes no whole plan.
    assert suggest_plan_completions(state, 0, "move", "nowhere up 1; ") == []
    assert suggest_plan_completions(state, 0, "move", "thames up 1; ", "de") == [
        "thames up 1; kathedrale einsetzen"
    ]


def test_every_location_shows_the_states_constable_and_urchins_though_drawings_are_shared() -> None:
    """Locations are drawn once per what can change on them and shared between views;
    along many played games, each view's locations still show exactly that state's
    constable and urchins (a drawing kept under too small a key would show another's)."""
    from .test_arbitrary_actions import pool

    states = pool()
    views = [RULES.view(state, None) for state in states]
    for state, view in zip(states, views, strict=True):
        for location in view.locations:
            constable = state.constables[location.key]
            here = state.urchins[location.key]
            assert (location.constable_level, location.constable_facing) == (
                constable.level,
                constable.facing,
            )
            assert location.urchins == {s: at for s, at in here.items() if isinstance(at, int)}
            assert location.fagin == sorted(s for s, at in here.items() if at == "fagin")
            by_level = {at: s for s, at in here.items() if isinstance(at, int)}
            for level in location.levels:
                assert level.urchin == by_level.get(level.level)
                assert level.constable == (level.level == constable.level)
    shared = {id(location) for view in views for location in view.locations}
    assert len(shared) < sum(len(view.locations) for view in views)
