"""Why the coach suggests a move: one or two sentences, from the asker's own view.

The strong AI decides by searching: it plays the position out many times (dealing what
it cannot see anew each time) and keeps the move that left the seat best placed. That is
the honest first half of every reason; the second names what the move does in numbers
the player can check on their own sheet or the board — the gold it keeps, the income
last turn's prices suggest, the levels climbed, the cubes' worth at today's wheel, the
shillings still needed for Fagin.
"""

from typing import Any

from bot.i18n import _, n_, term
from rules.fagins_gang import actions as fg
from rules.fagins_gang.views import FaginView
from rules.fantasy_business import actions as fb
from rules.fantasy_business import deck
from rules.fantasy_business.income import market_payouts
from rules.fantasy_business.views import FantasyBusinessView


def reason(view: Any, seat: int, action: Any) -> str:
    """The sentences for `action`, in the language being spoken."""
    if isinstance(view, FantasyBusinessView):
        return _business(view, seat, action)
    assert isinstance(view, FaginView)
    return _gang(view, seat, action)


def _business(view: FantasyBusinessView, seat: int, action: Any) -> str:
    gold = view.seats[seat].gold
    if isinstance(action, fb.Auction):
        card = view.centre[action.card]
        name = term(card.name) if card.kind == "article" else _("the special card")
        if action.price is None:
            return _(
                "Card {label} ({card}) is the one the search most wants sold now; opening "
                "with no price lets the others bid first. You have {gold} gold."
            ).format(label=card.label, card=name, gold=gold)
        return _(
            "Card {label} ({card}) is the one the search most wants for you; opening at "
            "{price} gold leaves you {left} gold."
        ).format(label=card.label, card=name, price=action.price, left=gold - action.price)
    if isinstance(action, fb.Bid):
        auction = view.auction
        name = _("the card")
        if auction is not None:
            card = auction.card
            name = term(card.name) if card.kind == "article" else _("the special card")
        return _(
            "At {amount} gold, {card} is still worth more to you than it costs in the "
            "search's playouts; you would keep {left} gold."
        ).format(amount=action.amount, card=name, left=gold - action.amount)
    if isinstance(action, fb.Pass):
        return _(
            "Paying more for this card leaves you worse off in the search's playouts than "
            "keeping your {gold} gold for later cards and next turns."
        ).format(gold=gold)
    if isinstance(action, fb.SetPrice):
        return _price_reason(view, seat, action)
    if isinstance(action, fb.Submit):
        return _(
            "Every article you own has its price and no special card you hold pays off "
            "more now: lock the sheet so the reveal can come."
        )
    if isinstance(action, fb.PlaySpecial):
        return _(
            "In the search, playing {card} now leaves you better placed than keeping it "
            "for a later turn."
        ).format(card=term(deck.special(action.card).name))
    return _("In the search, this leaves you best placed.")


def _price_reason(view: FantasyBusinessView, seat: int, action: fb.SetPrice) -> str:
    key = action.article
    cards = view.seats[seat].articles.get(key, 0)
    rivals = [s.seat for s in view.seats if s.seat != seat and s.articles.get(key, 0) > 0]
    article = term(deck.article(key).name)
    first = n_(
        "You sell {n} card of {article} at {price} gold each.",
        "You sell {n} cards of {article} at {price} gold each.",
        cards,
    ).format(n=cards, article=article, price=action.price)
    reveal = view.last_reveal
    asked = {r: reveal.sheets[r][key] for r in rivals if reveal and key in reveal.sheets[r]}
    if not rivals:
        return " ".join(
            [
                first,
                _("Nobody else owns {article}: no rival can undercut you.").format(article=article),
                _earns(view, seat, key, {seat: action.price}),
            ]
        )
    if len(asked) == len(rivals):
        prices = ", ".join(str(asked[r]) for r in rivals)
        return " ".join(
            [
                first,
                _(
                    "If the other owners ask what they asked at the last reveal ({prices}), "
                    "this earns you {gold} gold."
                ).format(
                    prices=prices,
                    gold=_income(view, seat, key, {**asked, seat: action.price}),
                ),
                _("The search found no price that did better against the sheets it imagined."),
            ]
        )
    return (
        first
        + " "
        + n_(
            "{n} other player owns it too; this price earned you most against the sheets "
            "the search imagined for them.",
            "{n} other players own it too; this price earned you most against the sheets "
            "the search imagined for them.",
            len(rivals),
        ).format(n=len(rivals))
    )


def _income(view: FantasyBusinessView, seat: int, key: str, prices: dict[int, int]) -> int:
    """The seat's income from one article at these prices, with this turn's public
    specials (Embargo, Festival, Royal Warrant) applied as the income rules do."""
    data = deck.data()
    cards = {s: view.seats[s].articles[key] for s in prices}
    sole = view.options.sole_lowest_bonus
    payouts = market_payouts(prices, cards, data.lowest_price_bonus, sole)
    mine = next(p for p in payouts if p.seat == seat)
    if key in view.embargoes:
        return 0
    gold = mine.gold
    if any(w.seat == seat and w.article == key for w in view.warrants):
        gold = (mine.price + data.warrant_bonus) * mine.cards
    return int(gold * data.festival_factor ** view.festivals.count(key))


def _earns(view: FantasyBusinessView, seat: int, key: str, prices: dict[int, int]) -> str:
    return _("This earns you {gold} gold.").format(gold=_income(view, seat, key, prices))


def _gang(view: FaginView, seat: int, action: Any) -> str:
    me = view.seats[seat]
    if isinstance(action, fg.Move):
        return _move(view, seat, action)
    if isinstance(action, fg.Steal):
        return _(
            "It takes goods where your urchins stand; your cubes and shillings are worth "
            "{worth} at today's wheel, and the search found this the best way to add to it."
        ).format(worth=me.worth)
    if isinstance(action, fg.Shillings):
        if me.shillings < view.fagin_price:
            return _(
                "Fagin's price is {price} shillings and you have {shillings}: these shillings "
                "bring you nearer to sending an urchin home."
            ).format(price=view.fagin_price, shillings=me.shillings)
        return _(
            "You have {shillings} shillings and every urchin sent to Fagin costs {price}: "
            "these shillings pay for the next ones."
        ).format(price=view.fagin_price, shillings=me.shillings)
    if isinstance(action, fg.OpenMarket):
        return _(
            "Opening the market lets you trade first, at today's prices; your cubes and "
            "shillings are worth {worth} now."
        ).format(worth=me.worth)
    if isinstance(action, fg.Buy | fg.Sell):
        value = sum(view.prices.get(colour, 0) for colour in action.colours)
        colours = ", ".join(term(colour) for colour in action.colours)
        if isinstance(action, fg.Buy):
            return _(
                "Buying {colours} costs {value} shillings at today's wheel; the search values "
                "the goods more than the shillings."
            ).format(colours=colours, value=value)
        return (
            _("Selling {colours} brings {value} shillings at today's wheel.").format(
                colours=colours, value=value
            )
            + " "
            + _fagin_need(view, me.shillings + value)
        )
    if isinstance(action, fg.MarketPass):
        return _("No trade at today's prices leaves you better placed: leave the market.")
    if isinstance(action, fg.Skip):
        return _("No action gains you more now than it risks.")
    if isinstance(action, fg.Discard):
        return _(
            "You must return cubes down to the hand limit of {limit}; these are worth the "
            "least to you at today's wheel."
        ).format(limit=view.hand_limit)
    return _("In the search, this leaves you best placed.")


def _move(view: FaginView, seat: int, action: fg.Move) -> str:
    """What a move plan does: urchins sent to Fagin, brought onto tracks, levels climbed."""
    shillings = view.seats[seat].shillings
    fagin = sum(1 for step in action.steps if step.kind == "fagin")
    if fagin:
        return n_(
            "It sends {n} urchin to Fagin, the race that wins the game; you have "
            "{shillings} shillings.",
            "It sends {n} urchins to Fagin, the race that wins the game; you have "
            "{shillings} shillings.",
            fagin,
        ).format(n=fagin, shillings=shillings)
    parts = []
    entered = sum(1 for step in action.steps if step.kind == "enter")
    up = sum(step.levels for step in action.steps if step.direction == "up")
    down = sum(step.levels for step in action.steps if step.direction == "down")
    if entered:
        parts.append(
            n_(
                "It brings {n} urchin onto a track.",
                "It brings {n} urchins onto the tracks.",
                entered,
            ).format(n=entered)
        )
    if up:
        parts.append(
            n_(
                "It climbs {n} level, towards the better goods and Fagin at the top.",
                "It climbs {n} levels, towards the better goods and Fagin at the top.",
                up,
            ).format(n=up)
        )
    if down:
        parts.append(
            n_(
                "It steps down {n} level, to goods or away from a constable.",
                "It steps down {n} levels, to goods or away from a constable.",
                down,
            ).format(n=down)
        )
    if not parts:
        parts.append(_("It takes urchins off the tracks, out of the constables' way."))
    return " ".join([*parts, _fagin_need(view, shillings)])


def _fagin_need(view: FaginView, shillings: int) -> str:
    need = view.fagin_price - shillings
    if need > 0:
        return _("Fagin's price is {price} shillings; you still need {need}.").format(
            price=view.fagin_price, need=need
        )
    return _("You have the {price} shillings Fagin's price asks.").format(price=view.fagin_price)
