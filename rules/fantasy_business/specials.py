"""The 24 special cards [ed] (spec §6): eight kinds, played while setting prices.

A special may be played by its holder at any time in phase 2 before they submit (cards
bought this turn included). Playing it reveals it publicly and discards it. Thief, Fire
and Pickpocket cannot target a player protected by Guards this turn. Embargo, Royal
Warrant and Festival only take effect when the income is paid (see `income`).
"""

from rules.errors import RuleError
from rules.events import Event, seat_ref
from rules.fantasy_business import deck, lookup
from rules.fantasy_business.actions import PlaySpecial
from rules.fantasy_business.state import GameState, Warrant

ATTACKS = ("thief", "fire", "pickpocket")


def play(state: GameState, seat: int, action: PlaySpecial, events: list[Event]) -> None:
    kind = lookup.special_key(action.card)
    special = deck.special(kind)
    if state.phase != "pricing":
        raise RuleError("Special cards are played while setting prices.")
    if state.sheets[seat].submitted:
        raise RuleError(
            "You have submitted your price sheet, so you can play no more special cards this turn."
        )
    held = [c for c in state.specials[seat] if deck.card(c).key == kind]
    if not held:
        raise RuleError(f"You do not hold {special.a_name}.")
    target = _check_target(state, seat, action.target, special.name, special.needs_target)
    article = _check_article(action.article, special.name, special.needs_article)
    data: dict[str, object] = {"seat": seat, "special": kind, "name": special.name}
    if kind == "thief":
        assert target is not None and article is not None
        _take_article(state, seat, target, article, special.name)
        text = (
            f"{seat_ref(seat)} plays a Thief and steals {deck.a_card(article)} "
            f"from {seat_ref(target)}."
        )
        data |= {"target": target, "article": article}
    elif kind == "fire":
        assert target is not None and article is not None
        _take_article(state, None, target, article, special.name)
        text = f"{seat_ref(seat)} plays Fire: {seat_ref(target)} discards {deck.a_card(article)}."
        data |= {"target": target, "article": article}
    elif kind == "pickpocket":
        assert target is not None
        if state.gold[target] == 0:
            raise RuleError(f"{seat_ref(target)} has no gold for a Pickpocket to take.")
        taken = min(deck.data().pickpocket_max, state.gold[target])
        state.gold[target] -= taken
        state.gold[seat] += taken
        text = (
            f"{seat_ref(seat)} plays a Pickpocket and takes {taken} gold from {seat_ref(target)}."
        )
        data |= {"target": target, "gold": taken}
    elif kind == "guards":
        if seat not in state.played.guarded:
            state.played.guarded.append(seat)
        text = (
            f"{seat_ref(seat)} plays Guards: Thief, Fire and Pickpocket cannot target them "
            "until the end of this turn."
        )
    elif kind == "embargo":
        assert article is not None
        state.played.embargoes.append(article)
        text = (
            f"{seat_ref(seat)} plays an Embargo on {_name(article)}: nobody is paid for "
            "them this turn."
        )
        data |= {"article": article}
    elif kind == "royal_warrant":
        assert article is not None
        if article not in state.articles[seat]:
            raise RuleError(
                f"You own no {_name(article)}, so you cannot use a Royal Warrant on them."
            )
        state.played.warrants.append(Warrant(seat=seat, article=article))
        text = (
            f"{seat_ref(seat)} plays a Royal Warrant on {_name(article)}: this turn they are "
            f"paid their price + {deck.data().warrant_bonus} per card for them, whatever the "
            "others ask."
        )
        data |= {"article": article}
    elif kind == "festival":
        assert article is not None
        state.played.festivals.append(article)
        times = deck.times_word(deck.data().festival_factor, verb=True)
        text = (
            f"{seat_ref(seat)} plays a Festival on {_name(article)}: all income paid for "
            f"them this turn is {times}."
        )
        data |= {"article": article}
    else:
        amount = deck.data().subsidy
        state.gold[seat] += amount
        text = f"{seat_ref(seat)} plays a Subsidy and takes {amount} gold from the bank."
        data |= {"gold": amount}
    state.specials[seat].remove(held[0])
    state.discards.append(held[0])
    state.played.cards.append((seat, kind))
    events.append(Event(kind="special_played", text=text, data=data))


def _name(article: str) -> str:
    return deck.article(article).name


def _check_target(
    state: GameState, seat: int, target: int | None, name: str, needed: bool
) -> int | None:
    if not needed:
        if target is not None:
            raise RuleError(f"The {name} card targets no player; leave the target out.")
        return None
    if target is None:
        raise RuleError(f"Name the player the {name} card targets.")
    if not 0 <= target < state.players:
        raise RuleError(f"There is no player {target + 1} at this table.")
    if target == seat:
        raise RuleError(f"The {name} card targets another player, not yourself.")
    if target in state.played.guarded:
        raise RuleError(f"{seat_ref(target)} is protected by Guards this turn.")
    return target


def _check_article(typed: str | None, name: str, needed: bool) -> str | None:
    if not needed:
        if typed is not None:
            raise RuleError(f"The {name} card names no article; leave the article out.")
        return None
    if typed is None:
        raise RuleError(f"Name the article for the {name} card.")
    return lookup.article_key(typed)


def _take_article(
    state: GameState, taker: int | None, target: int, article: str, card: str
) -> None:
    """Move one card of `article` from `target` to `taker` (None: to the discards)."""
    owned = state.articles[target]
    if not owned:
        raise RuleError(f"{seat_ref(target)} has no article cards for your {card} to take.")
    if article not in owned:
        raise RuleError(f"{seat_ref(target)} owns no {_name(article)}.")
    remove_article(state, target, article)
    if taker is None:
        state.discards.append(discard_id(state, article))
    else:
        add_article(state, taker, article)


def add_article(state: GameState, seat: int, article: str) -> None:
    state.articles[seat][article] = state.articles[seat].get(article, 0) + 1


def remove_article(state: GameState, seat: int, article: str) -> None:
    left = state.articles[seat][article] - 1
    if left:
        state.articles[seat][article] = left
    else:
        del state.articles[seat][article]


def discard_id(state: GameState, article: str) -> int:
    """A card id for an article card leaving play: one not already in the pile, centre or
    discards (article cards are interchangeable; ids only keep the deck countable)."""
    elsewhere = set(state.draw_pile) | set(state.centre) | set(state.discards)
    for card_id in deck.article_card_ids(article):
        if card_id not in elsewhere:
            return card_id
    raise AssertionError(f"no {article} card is held")
