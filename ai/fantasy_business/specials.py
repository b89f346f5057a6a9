"""When a special card pays (spec §6), in gold relative to the rivals.

Each special a seat holds is scored for every target and article it could name; the best
play is made when it gains enough, otherwise the card is kept for a better turn (on the
last turn anything that gains is played, since specials score nothing at the end).
Guards are scored by the specials still in the hands of rivals who have not submitted
(they only help before those attacks, and a seat plays its specials before it prices).
Income-time specials (Embargo, Festival, Royal Warrant) are scored on this turn's
expected income.
"""

from collections.abc import Callable, Iterator

from ai.fantasy_business.economy import Outlook
from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.pricing import best_price, expected_pay, rival_odds
from rules.fantasy_business import deck
from rules.fantasy_business.actions import PlaySpecial
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.specials import ATTACKS
from rules.fantasy_business.state import GameState

KEEP = 3.0
"""Below this gain an income-time special is kept for a later turn."""
THREAT = 2.0
"""What Guards save per special held by a rival who may still play it."""


def held_kinds(state: GameState, seat: int) -> list[str]:
    """The kinds of special the seat holds, in the data file's order."""
    kinds = {deck.card(c).key for c in state.specials[seat]}
    return [kind for kind in deck.specials() if kind in kinds]


def this_turn_income(state: GameState, record: Record, seat: int, article: str, me: int) -> float:
    """What `me` expects `seat` to be paid for the article this turn. Only `me`'s own
    sheet is read: another seat's price, submitted or not, is a secret until the reveal
    (on a real state it would be there to read), so it is predicted like any rival's."""
    count = state.articles[seat].get(article, 0)
    if not count:
        return 0.0
    rivals = rival_odds(state, record, seat, article)
    own = state.sheets[seat].prices.get(article) if seat == me else None
    price = own or best_price(state, seat, article, rivals)
    d = deck.data()
    pay = expected_pay(price, rivals, d.lowest_price_bonus, state.options.sole_lowest_bonus)
    return count * pay


def options(state: GameState, record: Record, seat: int) -> Iterator[tuple[float, PlaySpecial]]:
    """Every play of every special the seat holds, with its relative gain."""
    kinds = held_kinds(state, seat)
    if not kinds:
        return
    outlook: Outlook | None = None
    incomes: dict[str, list[float]] | None = None

    def read() -> Outlook:
        """The seat's `Outlook`, made when a play first needs one (a Subsidy, Guards
        or a Royal Warrant is scored without)."""
        nonlocal outlook
        if outlook is None:
            outlook = Outlook(state, seat)
        return outlook

    targets = [t for t in state.seats() if t != seat and t not in state.played.guarded]
    for kind in kinds:
        if kind == "subsidy":
            yield float(deck.data().subsidy), PlaySpecial(card=kind)
        elif kind == "pickpocket":
            for target in targets:
                taken = min(deck.data().pickpocket_max, state.gold[target])
                if taken:
                    changes = [0.0] * state.players
                    changes[seat], changes[target] = taken, -taken
                    yield read().relative(changes), PlaySpecial(card=kind, target=target)
        elif kind in ("thief", "fire"):
            for target in targets:
                for article in state.articles[target]:
                    moves = {target: -1} | ({seat: 1} if kind == "thief" else {})
                    changes = read().article_change(article, moves)
                    yield (
                        read().relative(changes),
                        PlaySpecial(card=kind, target=target, article=article),
                    )
        elif kind == "guards":
            threat = sum(
                len(state.specials[t])
                for t in state.seats()
                if t != seat and not state.sheets[t].submitted
            )
            exposed = state.articles[seat] or state.gold[seat] >= deck.data().pickpocket_max
            if threat and exposed:
                yield THREAT * threat + KEEP, PlaySpecial(card=kind)
        else:
            if incomes is None:
                incomes = expected_incomes(state, record, seat)
            yield from _income_plays(state, seat, read, incomes, kind)


def expected_incomes(state: GameState, record: Record, me: int) -> dict[str, list[float]]:
    """Article -> what `me` expects each seat to be paid for it this turn (articles
    someone owns): what every income-time special is scored on, so worked out once for
    all the kinds a seat holds, and remembered for the decision (shared: not to be
    changed). The key holds all it reads: who owns how many of what, this turn's
    embargoes and warrants, and `me`'s own sheet (the rivals' beliefs are keyed by turn
    and owners)."""
    played = state.played
    key = (
        me,
        state.turn,
        state.options,
        tuple(tuple(held.items()) for held in state.articles),
        tuple(played.embargoes),
        tuple((warrant.seat, warrant.article) for warrant in played.warrants),
        tuple(state.sheets[me].prices.items()),
    )
    found = record.memo.incomes.get(key)
    if found is None:
        found = record.memo.incomes[key] = {
            article: [this_turn_income(state, record, s, article, me) for s in state.seats()]
            for article in deck.articles()
            if any(held.get(article) for held in state.articles)
        }
    return found


def _income_plays(
    state: GameState,
    seat: int,
    read: Callable[[], Outlook],
    incomes: dict[str, list[float]],
    kind: str,
) -> Iterator[tuple[float, PlaySpecial]]:
    for article, paid in incomes.items():
        if kind == "embargo":
            gain = read().relative([-p for p in paid])
        elif kind == "festival":
            gain = read().relative(paid)
        else:
            count = state.articles[seat].get(article, 0)
            if not count:
                continue
            high = price_range(state, article)[1]
            gain = count * (high + deck.data().warrant_bonus) - paid[seat]
        yield gain, PlaySpecial(card=kind, article=article)


def choose_special(state: GameState, record: Record, seat: int) -> PlaySpecial | None:
    """The special worth playing now, if any."""
    last_turn = state.turn >= state.total_turns
    best: tuple[float, PlaySpecial] | None = None
    for gain, play in options(state, record, seat):
        needed = 0.0 if last_turn or play.card in (*ATTACKS, "subsidy") else KEEP
        if gain > needed and (best is None or gain > best[0]):
            best = (gain, play)
    return None if best is None else best[1]
