"""Trades (spec §3.2): cards and gold may change hands by agreement at any time.

The bot does not hold anyone to a deal; a `give` simply moves what the giver hands
over: gold, one article card, one special card, or any mix of them. A special changes
hands face down: the receiver is told privately which card it is, the table only that a
special card changed hands. A high bidder cannot give away the gold their standing bid
needs [ed].
"""

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck, lookup
from rules.fantasy_business.actions import Give
from rules.fantasy_business.pricing import maybe_reveal
from rules.fantasy_business.specials import add_article, remove_article
from rules.fantasy_business.state import GameState
from rules.words import Param, Quoted, Seat, Term, said


def give(state: GameState, seat: int, action: Give, events: list[Event]) -> None:
    to, gold = action.to, action.gold
    if not 0 <= to < state.players:
        raise RuleError("There is no player {number} at this table.", number=to + 1)
    if to == seat:
        raise RuleError("You cannot give something to yourself.")
    if gold < 0:
        raise RuleError(
            "You can only give gold, not take it: the amount must not be negative, not {gold}.",
            gold=gold,
        )
    if gold == 0 and action.article is None and action.card is None:
        raise RuleError("Give some gold, an article card, a special card, or several of them.")
    if gold > state.gold[seat]:
        raise RuleError(
            "You have only {have} gold; you cannot give {gold}.", have=state.gold[seat], gold=gold
        )
    auction = state.auction
    if auction is not None and auction.high_bidder == seat and auction.price is not None:
        spare = state.gold[seat] - auction.price
        if gold > spare:
            raise RuleError(
                "Your bid of {price} gold stands, so you can give at most {spare} "
                "gold until the auction ends, not {gold}.",
                price=auction.price,
                spare=spare,
                gold=gold,
            )
    article = None if action.article is None else lookup.article_key(action.article)
    if article is not None and article not in state.articles[seat]:
        raise RuleError(
            "You own no {article}, so you cannot give one.", article=deck.article_term(article)
        )
    card_id = None if action.card is None else _held_special(state, seat, action.card)
    state.gold[seat] -= gold
    state.gold[to] += gold
    parts: list[Param] = [said("{gold} gold", gold=gold)] if gold else []
    if article is not None:
        remove_article(state, seat, article)
        add_article(state, to, article)
        parts.append(deck.one_card(article))
    if card_id is not None:
        state.specials[seat].remove(card_id)
        state.specials[to].append(card_id)
        parts.append(said("a special card"))
    events.append(
        Event(
            kind="gift",
            say=said(
                "{who} gives {to} {what}.",
                who=Seat(seat=seat),
                to=Seat(seat=to),
                what=joined_and(parts),
            ),
            data={
                "seat": seat,
                "to": to,
                "gold": gold,
                "article": article,
                "specials": 0 if card_id is None else 1,
            },
        )
    )
    if card_id is not None:
        _tell_special(seat, to, card_id, events)
    if state.phase == "pricing":
        late = [
            key
            for key in state.articles[to]
            if state.sheets[to].submitted and key not in state.sheets[to].prices
        ]
        if late:
            events.append(
                Event(
                    kind="price_needed",
                    say=said(
                        "{who} must still price {article}, gained after submitting, before the "
                        "sheets are revealed.",
                        who=Seat(seat=to),
                        article=deck.article_term(late[0]),
                    ),
                    data={"seat": to, "articles": late},
                )
            )
        maybe_reveal(state, events)


def _held_special(state: GameState, seat: int, typed: str) -> int:
    """The id of one special of the named kind in the giver's hand."""
    kind = lookup.special_key(typed)
    for card_id in state.specials[seat]:
        if deck.card(card_id).key == kind:
            return card_id
    raise RuleError(
        "You hold no {card} card, so you cannot give one.",
        card=Term(english=deck.special(kind).name),
    )


def _tell_special(seat: int, to: int, card_id: int, events: list[Event]) -> None:
    """Only the two players in the trade learn which special changed hands."""
    special = deck.special(deck.card(card_id).key)
    events.append(
        Event(
            kind="special_given",
            say=said(
                "You give {to} your {card} card.", to=Seat(seat=to), card=Term(english=special.name)
            ),
            seat=seat,
            data={"to": to, "special": special.key, "name": special.name},
        )
    )
    events.append(
        Event(
            kind="special_received",
            say=said(
                "{who} gives you {card}: {text}",
                who=Seat(seat=seat),
                card=Term(english=special.a_name),
                text=Quoted(english=special.text, german=special.text_in("de")),
            ),
            seat=to,
            data={"from": seat, "special": special.key, "name": special.name},
        )
    )


def joined_and(parts: list[Param]) -> Param:
    """ "A", "A and B", "A and B and C"."""
    if not parts:
        return []
    joined = parts[0]
    for part in parts[1:]:
        joined = said("{first} and {second}", first=joined, second=part)
    return joined
