"""Every choice the Fantasy Business menus offer is a move the rules accept, in random
positions of random games: the First Buyer's centre cards (with no price, and at the
minimum when that button is offered), and every special with each target and article its
follow-up menus offer. And every menu fits Discord's limits."""

import random

from bot.edge.buttons import select_custom_id
from bot.limits import OPTION_TEXT, SELECT_OPTIONS, fit_select
from bot.messages import SelectSpec
from bot.render.fb_buttons import designate_select, playable_specials, special_select
from rules.fantasy_business import RULES
from rules.fantasy_business.actions import Auction
from rules.fantasy_business.state import GameState
from rules.fantasy_business.views import FantasyBusinessView

GAMES = 12
CUSTOM_ID = 100


def _view(state: GameState, seat: int | None = None) -> FantasyBusinessView:
    view = RULES.view(state, seat)
    assert isinstance(view, FantasyBusinessView)
    return view


def _fits(spec: SelectSpec) -> None:
    fitted = fit_select(spec)
    assert len(select_custom_id(fitted)) <= CUSTOM_ID
    assert 1 <= len(fitted.options) <= SELECT_OPTIONS
    assert all(len(o.label) <= OPTION_TEXT and len(o.value) <= OPTION_TEXT for o in fitted.options)


def _check_menus(state: GameState) -> int:
    """Apply every offered choice to a copy of the state; how many were checked."""
    checked = 0
    view = _view(state)
    if view.phase == "auction" and view.auction is None:
        seat = view.first_buyer
        legal = list(RULES.legal_actions(state, seat))
        menus = designate_select(view, legal, 1)
        assert menus, "the First Buyer always has a card to put up"
        _fits(menus[0])
        for option in menus[0].options:
            shown = next(card for card in view.centre if str(card.label) == option.value)
            RULES.apply(state, seat, Auction(card=shown.index, price=None))
            if Auction(card=shown.index, price=shown.minimum) in legal:
                RULES.apply(state, seat, Auction(card=shown.index, price=shown.minimum))
            checked += 1
    if view.phase == "pricing":
        for seat in range(state.players):
            legal = list(RULES.legal_actions(state, seat))
            menus = special_select(_view(state, seat), legal, 1, "en")
            plays = playable_specials(legal)
            assert {o.value for o in (menus[0].options if menus else ())} == set(plays)
            if menus:
                _fits(menus[0])
            for kind_plays in plays.values():
                for play in kind_plays:
                    RULES.apply(state, seat, play)
                    checked += 1
    return checked


def test_every_choice_offered_is_accepted_by_the_rules() -> None:
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state, _events = RULES.setup(3 + seed % 3, {"turns": 3}, seed, None)
        while RULES.waiting_on(state):
            checked += _check_menus(state)
            seat = rng.choice(RULES.waiting_on(state))
            action = rng.choice(list(RULES.legal_actions(state, seat, gifts=False)))
            state, _events = RULES.apply(state, seat, action)
    assert checked > 100, checked
