"""The 24 special cards [ed] (spec §6): eight kinds, played while setting prices.

A special may be played by its holder at any time in phase 2 before they submit (cards
bought this turn included). Playing it reveals it publicly and discards it. Thief, Fire
and Pickpocket cannot target a player protected by Guards this turn. Embargo, Royal
Warrant and Festival only take effect when the income is paid (see `income`).
"""

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck, lookup
from rules.fantasy_business.actions import PlaySpecial
from rules.fantasy_business.state import GameState, Warrant
from rules.words import Say, Seat, Term, said

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
        raise RuleError("You hold no {card} card.", card=Term(english=special.name))
    target = _check_target(state, seat, action.target, special.name, special.needs_target)
    article = _check_article(action.article, special.name, special.needs_article)
    data: dict[str, object] = {"seat": seat, "special": kind, "name": special.name}
    if kind == "thief":
        assert target is not None and article is not None
        _take_article(state, seat, target, article, special.name)
        text = said(
            "{who} plays a Thief and steals {what} from {target}.",
            who=Seat(seat=seat),
            what=deck.one_card(article),
            target=Seat(seat=target),
        )
        data |= {"target": target, "article": article}
    elif kind == "fire":
        assert target is not None and article is not None
        _take_article(state, None, target, article, special.name)
        text = said(
            "{who} plays Fire: {target} discards {what}.",
            who=Seat(seat=seat),
            target=Seat(seat=target),
            what=deck.one_card(article),
        )
        data |= {"target": target, "article": article}
    elif kind == "pickpocket":
        assert target is not None
        if state.gold[target] == 0:
            raise RuleError(
                "{target} has no gold for a Pickpocket to take.", target=Seat(seat=target)
            )
        taken = min(deck.data().pickpocket_max, state.gold[target])
        state.gold[target] -= taken
        state.gold[seat] += taken
        text = said(
            "{who} plays a Pickpocket and takes {gold} gold from {target}.",
            who=Seat(seat=seat),
            gold=taken,
            target=Seat(seat=target),
        )
        data |= {"target": target, "gold": taken}
    elif kind == "guards":
        if seat not in state.played.guarded:
            state.played.guarded.append(seat)
        text = said(
            "{who} plays Guards: Thief, Fire and Pickpocket cannot target them "
            "until the end of this turn.",
            who=Seat(seat=seat),
        )
    elif kind == "embargo":
        assert article is not None
        state.played.embargoes.append(article)
        text = said(
            "{who} plays an Embargo on {article}: nobody is paid for them this turn.",
            who=Seat(seat=seat),
            article=_name(article),
        )
        data |= {"article": article}
    elif kind == "royal_warrant":
        assert article is not None
        if article not in state.articles[seat]:
            raise RuleError(
                "You own no {article}, so you cannot use a Royal Warrant on them.",
                article=_name(article),
            )
        state.played.warrants.append(Warrant(seat=seat, article=article))
        text = said(
            "{who} plays a Royal Warrant on {article}: this turn they are paid their price "
            "+ {bonus} per card for them, whatever the others ask.",
            who=Seat(seat=seat),
            article=_name(article),
            bonus=deck.data().warrant_bonus,
        )
        data |= {"article": article}
    elif kind == "festival":
        assert article is not None
        state.played.festivals.append(article)
        text = said(
            "{who} plays a Festival on {article}: all income paid for them this turn is {times}.",
            who=Seat(seat=seat),
            article=_name(article),
            times=times_said(deck.data().festival_factor),
        )
        data |= {"article": article}
    else:
        amount = deck.data().subsidy
        state.gold[seat] += amount
        text = said(
            "{who} plays a Subsidy and takes {gold} gold from the bank.",
            who=Seat(seat=seat),
            gold=amount,
        )
        data |= {"gold": amount}
    state.specials[seat].remove(held[0])
    state.discards.append(held[0])
    state.played.cards.append((seat, kind))
    events.append(Event(kind="special_played", say=text, data=data))


def _name(article: str) -> Term:
    return deck.article_term(article)


def times_said(factor: int) -> Say:
    """ "doubled", "tripled", "multiplied by 4" (see `deck.times_word`)."""
    if factor == 2:
        return said("doubled")
    if factor == 3:
        return said("tripled")
    return said("multiplied by {factor}", factor=factor)


def _check_target(
    state: GameState, seat: int, target: int | None, english: str, needed: bool
) -> int | None:
    name = Term(english=english)
    if not needed:
        if target is not None:
            raise RuleError("The {card} card targets no player; leave the target out.", card=name)
        return None
    if target is None:
        raise RuleError("Name the player the {card} card targets.", card=name)
    if not 0 <= target < state.players:
        raise RuleError("There is no player {number} at this table.", number=target + 1)
    if target == seat:
        raise RuleError("The {card} card targets another player, not yourself.", card=name)
    if target in state.played.guarded:
        raise RuleError("{target} is protected by Guards this turn.", target=Seat(seat=target))
    return target


def _check_article(typed: str | None, english: str, needed: bool) -> str | None:
    name = Term(english=english)
    if not needed:
        if typed is not None:
            raise RuleError("The {card} card names no article; leave the article out.", card=name)
        return None
    if typed is None:
        raise RuleError("Name the article for the {card} card.", card=name)
    return lookup.article_key(typed)


def _take_article(
    state: GameState, taker: int | None, target: int, article: str, card: str
) -> None:
    """Move one card of `article` from `target` to `taker` (None: to the discards)."""
    owned = state.articles[target]
    if not owned:
        raise RuleError(
            "{target} has no article cards for your {card} to take.",
            target=Seat(seat=target),
            card=Term(english=card),
        )
    if article not in owned:
        raise RuleError(
            "{target} owns no {article}.", target=Seat(seat=target), article=_name(article)
        )
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
