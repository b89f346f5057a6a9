"""Phase 3, distributing income (spec §3.3 and the specials' §6 resolution order).

For each article in list order, among its owners: the lowest price earns price + 2 per
card, the highest earns nothing, anyone between earns price per card; when all owners
ask the same price (one owner included) it counts as the lowest. The sole-lowest-bonus
variant pays the +2 only to a player alone at the lowest price. Then Embargo (nobody is
paid), Royal Warrants (price + 2 per card for the holder), Festival (doubled).
"""

from collections.abc import Mapping

from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.state import ArticleIncome, GameState, Payout, Reveal, Standing
from rules.fast_copy import built
from rules.words import Param, Say, Seat, later, said


def market_payouts(
    prices: Mapping[int, int], cards: Mapping[int, int], bonus: int, sole_lowest: bool
) -> list[Payout]:
    """The normal rule for one article; `prices` and `cards` are keyed by owning seat."""
    if not prices:
        return []
    low, high = min(prices.values()), max(prices.values())
    at_low = sum(1 for p in prices.values() if p == low)
    payouts = []
    for seat in sorted(prices):
        price, count = prices[seat], cards[seat]
        if price == low:
            gets_bonus = not (sole_lowest and at_low > 1)
            gold = (price + bonus if gets_bonus else price) * count
            payouts.append(_payout(seat, count, price, gold, "lowest", gets_bonus))
        elif price == high:
            payouts.append(_payout(seat, count, price, 0, "highest", False))
        else:
            payouts.append(_payout(seat, count, price, price * count, "middle", False))
    return payouts


def _payout(
    seat: int,
    cards: int,
    price: int,
    gold: int,
    standing: Standing,
    bonus: bool,
    warrant: bool = False,
) -> Payout:
    """A payout of numbers the rule itself worked out, so not validated again (a payout is
    made for every owner of every article at every reveal)."""
    return built(
        Payout,
        seat=seat,
        cards=cards,
        price=price,
        gold=gold,
        standing=standing,
        bonus=bonus,
        warrant=warrant,
    )


def article_income(state: GameState, key: str) -> ArticleIncome:
    """One article's income this turn, with the specials in their resolution order."""
    d = deck.data()
    owners = [seat for seat in state.seats() if state.articles[seat].get(key, 0) > 0]
    prices = {seat: state.sheets[seat].prices[key] for seat in owners}
    cards = {seat: state.articles[seat][key] for seat in owners}
    payouts = market_payouts(prices, cards, d.lowest_price_bonus, state.options.sole_lowest_bonus)
    embargo = key in state.played.embargoes
    festivals = state.played.festivals.count(key)
    warranted = {w.seat for w in state.played.warrants if w.article == key}
    result = []
    for p in payouts:
        if embargo:
            p = _payout(p.seat, p.cards, p.price, 0, p.standing, False, p.warrant)
        else:
            if p.seat in warranted:
                gold = (p.price + d.warrant_bonus) * p.cards
                p = _payout(p.seat, p.cards, p.price, gold, p.standing, True, True)
            times = d.festival_factor**festivals
            if times != 1:
                p = _payout(
                    p.seat, p.cards, p.price, p.gold * times, p.standing, p.bonus, p.warrant
                )
        result.append(p)
    return built(ArticleIncome, article=key, embargo=embargo, festivals=festivals, payouts=result)


def reveal(state: GameState, events: list[Event]) -> None:
    """Turn every sheet face up and pay everyone, article by article."""
    sheets = [
        {
            key: price
            for key, price in state.sheets[seat].prices.items()
            if key in state.articles[seat]
        }
        for seat in state.seats()
    ]
    events.append(
        Event(
            kind="sheets_revealed",
            say=later(_sheets_said, state.turn, sheets),
            data={"turn": state.turn, "sheets": sheets},
        )
    )
    rows = [
        article_income(state, key)
        for key in deck.articles()
        if any(held.get(key, 0) > 0 for held in state.articles)
    ]
    totals = [0] * state.players
    for row in rows:
        for payout in row.payouts:
            totals[payout.seat] += payout.gold
    for seat in state.seats():
        state.gold[seat] += totals[seat]
    gold = list(state.gold)
    state.last_reveal = Reveal(
        turn=state.turn, sheets=sheets, income=rows, totals=totals, gold=gold
    )
    state.last_sheets = sheets
    events.append(
        Event(
            kind="income_paid",
            say=later(_income_said, state.turn, rows, gold),
            data={
                "turn": state.turn,
                "rows": [_row_data(row) for row in rows],
                "totals": totals,
                "gold": list(gold),
            },
        )
    )


def _row_data(row: ArticleIncome) -> dict[str, object]:
    """A row of the income as event data: what `model_dump` gives, with the article's name."""
    return {
        "name": deck.article(row.article).name,
        "article": row.article,
        "embargo": row.embargo,
        "festivals": row.festivals,
        "payouts": [
            {
                "seat": p.seat,
                "cards": p.cards,
                "price": p.price,
                "gold": p.gold,
                "standing": p.standing,
                "bonus": p.bonus,
                "warrant": p.warrant,
            }
            for p in row.payouts
        ],
    }


def _sheets_said(turn: int, sheets: list[dict[str, int]]) -> Say:
    shown: list[Param] = [
        said(
            "{who}: {prices}",
            who=Seat(seat=seat),
            prices=[
                said("{article} {price}", article=deck.article_term(k), price=p)
                for k, p in sheet.items()
            ]
            or said("nothing"),
        )
        for seat, sheet in enumerate(sheets)
    ]
    return said(
        "Turn {turn}: all price sheets are revealed. {sheets}.",
        turn=turn,
        sheets=said_joined(shown),
    )


def _income_said(turn: int, rows: list[ArticleIncome], gold: list[int]) -> Say:
    lines: list[Param] = []
    for row in rows:
        paid: list[Param] = [
            said("{who} {gold}", who=Seat(seat=p.seat), gold=p.gold) for p in row.payouts
        ]
        article = deck.article_term(row.article)
        if row.embargo:
            line = said("{article} (Embargo): {paid}", article=article, paid=paid)
        elif row.festivals:
            line = said("{article} (Festival): {paid}", article=article, paid=paid)
        else:
            line = said("{article}: {paid}", article=article, paid=paid)
        lines.append(line)
    summary = said_joined(lines) if lines else said("nobody owns any article")
    told: list[Param] = [
        said("{who} {gold}", who=Seat(seat=s), gold=amount) for s, amount in enumerate(gold)
    ]
    return said(
        "Income for turn {turn}: {summary}. Gold now: {gold}.",
        turn=turn,
        summary=summary,
        gold=told,
    )


def said_joined(parts: list[Param]) -> Param:
    """Sentence parts joined with "; " instead of the usual ", "."""
    if not parts:
        return []
    joined = parts[0]
    for part in parts[1:]:
        joined = said("{first}; {second}", first=joined, second=part)
    return joined
