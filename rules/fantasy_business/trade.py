"""Trades (spec §3.2): cards and gold may change hands by agreement at any time.

The bot does not hold anyone to a deal; a `give` simply moves what the giver hands
over. Only article cards and gold change hands this way (specials stay secret [ed]), and
a high bidder cannot give away the gold their standing bid needs [ed].
"""

from rules.errors import RuleError
from rules.events import Event, seat_ref
from rules.fantasy_business import deck, lookup
from rules.fantasy_business.pricing import maybe_reveal
from rules.fantasy_business.specials import add_article, remove_article
from rules.fantasy_business.state import GameState


def give(
    state: GameState, seat: int, to: int, gold: int, typed: str | None, events: list[Event]
) -> None:
    if not 0 <= to < state.players:
        raise RuleError(f"There is no player {to + 1} at this table.")
    if to == seat:
        raise RuleError("You cannot give something to yourself.")
    if gold < 0:
        raise RuleError("You can only give gold, not take it: the amount must not be negative.")
    if gold == 0 and typed is None:
        raise RuleError("Give some gold, an article card, or both.")
    if gold > state.gold[seat]:
        raise RuleError(f"You have only {state.gold[seat]} gold; you cannot give {gold}.")
    auction = state.auction
    if auction is not None and auction.high_bidder == seat and auction.price is not None:
        spare = state.gold[seat] - auction.price
        if gold > spare:
            raise RuleError(
                f"Your bid of {auction.price} gold stands, so you can give at most {spare} "
                "gold until the auction ends."
            )
    article = None if typed is None else lookup.article_key(typed)
    if article is not None and article not in state.articles[seat]:
        raise RuleError(f"You own no {deck.article(article).name}, so you cannot give one.")
    state.gold[seat] -= gold
    state.gold[to] += gold
    parts = [f"{gold} gold"] if gold else []
    if article is not None:
        remove_article(state, seat, article)
        add_article(state, to, article)
        parts.append(deck.a_card(article))
    events.append(
        Event(
            kind="gift",
            text=f"{seat_ref(seat)} gives {' and '.join(parts)} to {seat_ref(to)}.",
            data={"seat": seat, "to": to, "gold": gold, "article": article},
        )
    )
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
                    text=f"{seat_ref(to)} must still price {deck.article(late[0]).name}, "
                    "gained after submitting, before the sheets are revealed.",
                    data={"seat": to, "articles": late},
                )
            )
        maybe_reveal(state, events)
