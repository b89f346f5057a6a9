"""The coach's reasons at a Fantasy Business table, from the asker's view alone.

An auction hint says who bids first and what the card costs; a bid what is left of the
asker's gold if it wins; a pass what bidding on would cost instead; a price what it
earns against the other owners' prices at the last reveal (or, when they set theirs in
secret, if they all ask more or all ask less); a submission what is priced and what is
still in hand; a special what it does to whom. Each case says only what its position
makes true: "nobody else can bid" only when nobody else can, "nobody else owns it" only
when nobody does.
"""

from typing import Any

from bot.i18n import _, listing, n_, term
from bot.render.fb_embeds import article_name, special_name, special_text
from rules.events import seat_ref
from rules.fantasy_business import actions as fb
from rules.fantasy_business import deck
from rules.fantasy_business.income import market_payouts
from rules.fantasy_business.views import CentreCard, FantasyBusinessView


def business_reason(view: FantasyBusinessView, seat: int, action: Any) -> str:
    if isinstance(action, fb.Auction):
        return _auction(view, seat, action)
    if isinstance(action, fb.Bid):
        return _bid(view, seat, action)
    if isinstance(action, fb.Pass):
        return _pass(view, seat)
    if isinstance(action, fb.SetPrice):
        return _price(view, seat, action)
    if isinstance(action, fb.Submit):
        return _submit(view, seat)
    if isinstance(action, fb.PlaySpecial):
        return _special(view, action)
    return _("You have {gold} gold.").format(gold=view.seats[seat].gold)


def card_words(card: CentreCard) -> str:
    """ "card 2 (Swords, base value 4)" / "card 3 (a special card, at least 1 gold)"."""
    if card.kind == "article" and card.base is not None:
        return _("card {label} ({card}, base value {base})").format(
            label=card.label, card=term(card.name), base=card.base
        )
    return _("card {label} (a special card, at least {minimum} gold)").format(
        label=card.label, minimum=card.minimum
    )


def _buyers(view: FantasyBusinessView, seat: int) -> list[int]:
    """The seats still buying this turn, clockwise from the one after `seat`."""
    order = [(seat + step) % view.players for step in range(1, view.players + 1)]
    return [s for s in order if not view.seats[s].acquired]


def _name(seat: int) -> str:
    """A seat as rules texts write it; the service puts the name in (`Table.named`)."""
    return seat_ref(seat)


def _auction(view: FantasyBusinessView, seat: int, action: fb.Auction) -> str:
    card = view.centre[action.card]
    gold = view.seats[seat].gold
    what = card_words(card)
    buyers = _buyers(view, seat)
    others = [s for s in buyers if s != seat]
    if view.seats[seat].acquired and len(others) == 1:
        return _(
            "You have bought a card this turn: {buyer}, the only buyer left, may take {card} "
            "for {minimum} gold or decline it."
        ).format(buyer=_name(others[0]), card=what, minimum=card.minimum)
    if view.seats[seat].acquired and others:
        return _(
            "You have bought a card this turn, so you cannot bid: {opener} opens the bidding "
            "for {card}."
        ).format(opener=_name(others[0]), card=what)
    if not others:
        return _(
            "You are the only buyer left: you can take {card} for {minimum} gold and keep "
            "{left} of your {gold} gold."
        ).format(card=what, minimum=card.minimum, left=gold - card.minimum, gold=gold)
    if action.price is None:
        return _(
            "You put {card} up with no opening bid: {next} bids first, at least {minimum} "
            "gold, and you may bid when it comes round to you. You have {gold} gold."
        ).format(card=what, next=_name(others[0]), minimum=card.minimum, gold=gold)
    return _(
        "You open {card} at {price} gold: if nobody bids more, it is yours and you keep "
        "{left} of your {gold} gold."
    ).format(card=what, price=action.price, left=gold - action.price, gold=gold)


def _worth_it(card: CentreCard) -> str:
    """What owning the card brings, in the rules' terms (true of every such card)."""
    if card.kind == "article" and card.base is not None:
        return _(
            "Its base value of {base} counts for your score at the end, and each turn you "
            "price it, it can earn you income."
        ).format(base=card.base)
    return _("Which special card it is, only its buyer learns.")


def _bid(view: FantasyBusinessView, seat: int, action: fb.Bid) -> str:
    gold = view.seats[seat].gold
    auction = view.auction
    if auction is None:
        return _("You bid {amount} gold and would keep {left} of your {gold} gold.").format(
            amount=action.amount, left=gold - action.amount, gold=gold
        )
    what = card_words(auction.card)
    if auction.offer:
        first = _("You take {card} for {amount} gold and keep {left} of your {gold} gold.")
    elif auction.high_bidder is not None and auction.price is not None:
        first = _(
            "You raise {high}'s {price} to {amount} gold for {card}: if nobody bids more, it is "
            "yours and you keep {left} of your {gold} gold."
        )
    else:
        first = _(
            "You open the bidding for {card} at {amount} gold: if nobody bids more, it is yours "
            "and you keep {left} of your {gold} gold."
        )
    text = first.format(
        card=what,
        amount=action.amount,
        left=gold - action.amount,
        gold=gold,
        high=_name(auction.high_bidder) if auction.high_bidder is not None else "",
        price=auction.price,
    )
    return f"{text} {_worth_it(auction.card)}"


def _pass(view: FantasyBusinessView, seat: int) -> str:
    gold = view.seats[seat].gold
    auction = view.auction
    if auction is None:
        return _("You keep your {gold} gold.").format(gold=gold)
    what = card_words(auction.card)
    if auction.offer:
        return _(
            "Declining leaves {card} unsold and keeps your {gold} gold; taking it would cost "
            "{minimum}."
        ).format(card=what, gold=gold, minimum=auction.minimum)
    least = auction.price + 1 if auction.price is not None else auction.minimum
    if least > gold:
        return _(
            "Bidding on {card} would take at least {least} gold, more than your {gold}."
        ).format(card=what, least=least, gold=gold)
    later = len(view.centre) - 1
    text = _(
        "Bidding on {card} would cost at least {least} of your {gold} gold; passing keeps it."
    ).format(card=what, least=least, gold=gold)
    if later > 0:
        text += " " + n_(
            "{n} more card is still to come this turn.",
            "{n} more cards are still to come this turn.",
            later,
        ).format(n=later)
    return text


def _price(view: FantasyBusinessView, seat: int, action: fb.SetPrice) -> str:
    key = action.article
    cards = view.seats[seat].articles.get(key, 0)
    rivals = [s.seat for s in view.seats if s.seat != seat and s.articles.get(key, 0) > 0]
    article = article_name(key)
    first = n_(
        "You sell {n} card of {article} at {price} gold each.",
        "You sell {n} cards of {article} at {price} gold each.",
        cards,
    ).format(n=cards, article=article, price=action.price)
    if not rivals:
        alone = _("Nobody else owns {article}: no rival can undercut you.").format(article=article)
        earns = _("This earns you {gold} gold.").format(
            gold=_income(view, seat, key, {seat: action.price})
        )
        return " ".join([first, alone, earns])
    reveal = view.last_reveal
    asked = {r: reveal.sheets[r][key] for r in rivals if reveal and key in reveal.sheets[r]}
    if len(asked) == len(rivals):
        prices = listing([str(asked[r]) for r in rivals])
        gold = _income(view, seat, key, {**asked, seat: action.price})
        return " ".join(
            [
                first,
                _(
                    "If the other owners ask what they asked at the last reveal ({prices}), "
                    "this earns you {gold} gold."
                ).format(prices=prices, gold=gold),
            ]
        )
    above = {r: action.price + 1 for r in rivals}
    below = {r: action.price - 1 for r in rivals}
    low = _income(view, seat, key, {**above, seat: action.price})
    high = _income(view, seat, key, {**below, seat: action.price})
    return " ".join(
        [
            first,
            n_(
                "{n} other player owns it too and prices it in secret: if they ask more, "
                "this earns you {low} gold; if they ask less, {high}.",
                "{n} other players own it too and price it in secret: if they all ask more, "
                "this earns you {low} gold; if they all ask less, {high}.",
                len(rivals),
            ).format(n=len(rivals), low=low, high=high),
        ]
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


def _submit(view: FantasyBusinessView, seat: int) -> str:
    own = view.you
    waiting = [s.seat for s in view.seats if s.seat != seat and not s.submitted]
    parts: list[str] = []
    if own is None or not view.seats[seat].articles:
        parts.append(_("You own no articles, so there is nothing to price."))
    else:
        priced = [
            _("{article} {price}").format(article=article_name(key), price=price)
            for key, price in own.sheet.items()
        ]
        if priced:
            parts.append(_("Your sheet prices {prices}.").format(prices=listing(priced)))
        if own.unpriced:
            missing = listing([article_name(key) for key in own.unpriced])
            parts.append(
                _("{articles}: last turn's price is filled in, else the base value.").format(
                    articles=missing
                )
            )
    if own is not None and own.specials:
        names = listing([special_name(key) for key in own.specials])
        parts.append(
            n_(
                "Your special card ({names}) stays in your hand for a later turn.",
                "Your special cards ({names}) stay in your hand for a later turn.",
                len(own.specials),
            ).format(names=names)
        )
    if waiting:
        parts.append(
            n_(
                "{n} other sheet is still out.",
                "{n} other sheets are still out.",
                len(waiting),
            ).format(n=len(waiting))
        )
    else:
        parts.append(_("Yours is the last sheet: the reveal follows."))
    return " ".join(parts)


def _special(view: FantasyBusinessView, action: fb.PlaySpecial) -> str:
    name = special_name(action.card)
    parts = [name]
    if action.target is not None and 0 <= action.target < view.players:
        parts.append(_("on {player}").format(player=_name(action.target)))
    if action.article:
        parts.append(f"({article_name(action.article)})")
    return _("{card}: {effect} Once you submit your sheet, no more specials this turn.").format(
        card=" ".join(parts), effect=special_text(action.card)
    )
