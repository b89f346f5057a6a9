"""The coach's reasons at a Fagin's Gang table, from the asker's view alone.

Nothing about the present is hidden in Fagin's Gang, so the move is played on the state
behind the asker's view (`rules.fagins_gang.worlds.sample_world`) and its own events are
read back: what it costs and brings in cubes and shillings, each valued at the wheel's
prices now (the round limit's tie-break), urchins brought on, moved and sent to Fagin.
A move that does nothing (a skip, a pass at the market) is explained by what each other
choice would have cost or brought, from the same list of moves the AI chooses from.
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import _, listing, n_, term
from bot.render.fg_words import cubes_text
from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang import BOARD, RULES
from rules.fagins_gang import actions as fg
from rules.fagins_gang.views import FaginView
from rules.fagins_gang.worlds import sample_world
from rules.rng import Rng

ROUND_END = frozenset({"constable_patrol", "wheel_turned", "hand_limit", "round_started"})
"""Events that belong to the round's end, not to the move that ended it."""


@dataclass
class Effects:
    """What a move does for the seat making it, before the round's end (if it ends it)."""

    gained: Counter[str] = field(default_factory=Counter)
    """Cubes taken (stolen, received in an exchange, bought)."""
    given: Counter[str] = field(default_factory=Counter)
    """Cubes given up (paid for moving, exchanged, sold, returned)."""
    exchanged: Counter[str] = field(default_factory=Counter)
    """The cubes given in exchanges (also in `given`)."""
    exchanged_for: Counter[str] = field(default_factory=Counter)
    """The cubes received in exchanges (also in `gained`)."""
    shillings: int = 0
    """Shillings gained (stolen, sold for) minus spent (bought with, paid to Fagin)."""
    entered: int = 0
    up: int = 0
    down: int = 0
    to_fagin: int = 0
    bumped: int = 0
    """Other seats' urchins this move bumped down."""


def effects(view: FaginView, seat: int, action: Any) -> Effects | None:
    """The move's effects for `seat`, played on the state behind the view (None: the
    rules refuse it there)."""
    try:
        _after, events = RULES.apply(sample_world(view, Rng(seed=0)), seat, action)
    except RuleError:
        return None
    found = Effects()
    for event in events:
        if event.kind in ROUND_END:
            break
        _count(found, seat, event)
    return found


def _count(found: Effects, seat: int, event: Event) -> None:
    data = event.data
    if event.kind == "urchin_bumped":
        found.bumped += data.get("seat") != seat and data.get("by") == "urchin"
        return
    if data.get("seat") != seat:
        return
    found.given.update(data.get("paid") or {})
    if event.kind == "urchin_moved":
        found.entered += data.get("kind") == "enter"
        start = data.get("from")
        start = BOARD.levels.start if start is None else start
        steps = abs(int(data.get("to", start)) - int(start))
        if data.get("direction") == "up":
            found.up += steps
        else:
            found.down += steps
    elif event.kind == "urchin_to_fagin":
        found.to_fagin += 1
        found.shillings -= int(data.get("shillings", 0))
    elif event.kind == "goods_stolen":
        found.gained.update(data.get("taken") or {})
    elif event.kind == "goods_exchanged":
        found.given.update(data.get("gave") or {})
        found.exchanged.update(data.get("gave") or {})
        found.gained[str(data["took"])] += 1
        found.exchanged_for[str(data["took"])] += 1
    elif event.kind == "shillings_stolen":
        found.shillings += int(data.get("amount", 0))
    elif event.kind == "market_bought":
        found.gained.update(Counter(data.get("colours") or []))
        found.shillings -= int(data.get("shillings", 0))
    elif event.kind == "market_sold":
        found.given.update(Counter(data.get("colours") or []))
        found.shillings += int(data.get("shillings", 0))
    elif event.kind == "cubes_discarded":
        found.given.update(data.get("cubes") or {})


def value(view: FaginView, cubes: Counter[str] | dict[str, int]) -> int:
    """Cubes at the wheel's prices now."""
    return sum(view.prices.get(colour, 0) * count for colour, count in cubes.items())


def _cubes(cubes: Counter[str] | dict[str, int]) -> str:
    return cubes_text({colour: n for colour, n in cubes.items() if n})


def gang_reason(view: FaginView, seat: int, action: Any) -> str:
    text = _reason(view, seat, action)
    return text[:1].upper() + text[1:]


def _reason(view: FaginView, seat: int, action: Any) -> str:
    if isinstance(action, fg.Skip):
        return _skip(view, seat)
    if isinstance(action, fg.MarketPass):
        return _market_pass(view, seat)
    if isinstance(action, fg.OpenMarket):
        return _open_market(view, seat)
    found = effects(view, seat, action)
    if found is None:
        return _worth(view, seat)
    if isinstance(action, fg.Move):
        return _move(view, seat, found)
    if isinstance(action, fg.Steal):
        return _steal(view, seat, found)
    if isinstance(action, fg.Shillings):
        return _money(view, seat, found)
    if isinstance(action, fg.Buy | fg.Sell):
        return _trade(view, seat, action, found)
    if isinstance(action, fg.Discard):
        return _discard(view, seat, found)
    return _worth(view, seat)


def _worth(view: FaginView, seat: int) -> str:
    return _("Your cubes and shillings are worth {worth} at the wheel's prices now.").format(
        worth=view.seats[seat].worth
    )


def _net(view: FaginView, seat: int, found: Effects) -> str:
    """The move's change in the seat's worth (shillings plus cubes at today's prices)."""
    before = view.seats[seat].worth
    after = before + found.shillings + value(view, found.gained) - value(view, found.given)
    return _(
        "Your cubes and shillings, at the wheel's prices now, go from {before} to {after}."
    ).format(before=before, after=after)


def fagin_need(view: FaginView, shillings: int) -> str:
    """What sending an urchin to Fagin costs, against the shillings the seat will have."""
    need = view.fagin_price - shillings
    if need > 0:
        return _(
            "Sending an urchin to Fagin costs {price} shillings; you would still need {need}."
        ).format(price=view.fagin_price, need=need)
    return _("You already have the {price} shillings for Fagin.").format(price=view.fagin_price)


def _move(view: FaginView, seat: int, found: Effects) -> str:
    parts = []
    if found.to_fagin:
        at = view.seats[seat].at_fagin + found.to_fagin
        parts.append(
            n_(
                "This sends {n} urchin to Fagin: {at} of the {target} you need to win.",
                "This sends {n} urchins to Fagin: {at} of the {target} you need to win.",
                found.to_fagin,
            ).format(n=found.to_fagin, at=at, target=view.fagin_target)
        )
    if found.entered:
        parts.append(
            n_(
                "This puts {n} urchin on a track.",
                "This puts {n} urchins on the tracks.",
                found.entered,
            ).format(n=found.entered)
        )
    if found.up:
        parts.append(
            n_(
                "Your urchins climb {n} level towards Fagin and the better goods.",
                "Your urchins climb {n} levels towards Fagin and the better goods.",
                found.up,
            ).format(n=found.up)
        )
    if found.down:
        parts.append(
            n_(
                "Your urchins go {n} level down.",
                "Your urchins go {n} levels down.",
                found.down,
            ).format(n=found.down)
        )
    if found.bumped:
        parts.append(
            n_(
                "It bumps {n} urchin of another player down.",
                "It bumps {n} urchins of other players down.",
                found.bumped,
            ).format(n=found.bumped)
        )
    if found.given:
        parts.append(
            _("It costs {cubes} ({value} shillings at the wheel's prices now).").format(
                cubes=_cubes(found.given), value=value(view, found.given)
            )
        )
    shillings = view.seats[seat].shillings + found.shillings
    if not found.to_fagin:
        parts.append(fagin_need(view, shillings))
    return " ".join(parts)


def _steal(view: FaginView, seat: int, found: Effects) -> str:
    taken = found.gained - found.exchanged_for
    parts = []
    if taken:
        parts.append(
            _("You steal {cubes}, worth {value} shillings at the wheel's prices now.").format(
                cubes=_cubes(taken), value=value(view, taken)
            )
        )
    if found.exchanged:
        parts.append(
            _(
                "The exchange gives up {gave} (worth {gave_value}) for {took} (worth {took_value})."
            ).format(
                gave=_cubes(found.exchanged),
                gave_value=value(view, found.exchanged),
                took=_cubes(found.exchanged_for),
                took_value=value(view, found.exchanged_for),
            )
        )
    parts.append(_net(view, seat, found))
    return " ".join(parts)


def _money(view: FaginView, seat: int, found: Effects) -> str:
    have = view.seats[seat].shillings + found.shillings
    text = _("You steal {amount} shillings and will have {have}.").format(
        amount=found.shillings, have=have
    )
    times = have // view.fagin_price if view.fagin_price else 0
    if times:
        more = n_(
            "That pays for sending {n} urchin to Fagin ({price} shillings each).",
            "That pays for sending {n} urchins to Fagin ({price} shillings each).",
            times,
        ).format(n=times, price=view.fagin_price)
    else:
        more = fagin_need(view, have)
    return f"{text} {more}"


def _open_market(view: FaginView, seat: int) -> str:
    me = view.seats[seat]
    return _(
        "With the Market token you trade first, up to {count} cubes of different colours, "
        "then every other player in turn, the others too. You have {shillings} shillings "
        "and {cubes} cubes."
    ).format(count=BOARD.holder_trade_max, shillings=me.shillings, cubes=me.cube_total)


def _trade(view: FaginView, seat: int, action: fg.Buy | fg.Sell, found: Effects) -> str:
    cubes = Counter(action.colours)
    total = value(view, cubes)
    shillings = view.seats[seat].shillings + found.shillings
    colours = listing([term(colour) for colour in sorted(cubes, key=BOARD.colour_ring.index)])
    if isinstance(action, fg.Buy):
        said = n_(
            "{colours} costs {value} shillings at the wheel's price now; you keep {left}.",
            "{colours} cost {value} shillings together at the wheel's prices now; you keep {left}.",
            sum(cubes.values()),
        ).format(colours=colours, value=total, left=shillings)
        return f"{said} " + _(
            "Your worth stays {worth}: cubes count at the wheel's prices too."
        ).format(worth=view.seats[seat].worth)
    said = n_(
        "{colours} brings {value} shillings at the wheel's price now; you will have {have}.",
        "{colours} bring {value} shillings together at the wheel's prices now; you will have "
        "{have}.",
        sum(cubes.values()),
    ).format(colours=colours, value=total, have=shillings)
    return f"{said} {fagin_need(view, shillings)}"


def _discard(view: FaginView, seat: int, found: Effects) -> str:
    me = view.seats[seat]
    returned = sum(found.given.values())
    worth = value(view, found.given)
    held = sorted(
        (view.prices.get(colour, 0) for colour, n in me.cubes.items() for _copy in range(n)),
    )
    cheapest = sum(held[:returned])
    text = _(
        "You hold {count} cubes, over the hand limit of {limit}: returning {cubes} gives up "
        "{value} shillings' worth at the wheel's prices now."
    ).format(count=me.cube_total, limit=view.hand_limit, cubes=_cubes(found.given), value=worth)
    if worth == cheapest:
        text += " " + _("No other choice of cubes gives up less.")
    return text


def _skip(view: FaginView, seat: int) -> str:
    """A skip changes nothing: what every other action would cost or bring instead."""
    state = sample_world(view, Rng(seed=0))
    legal = RULES.legal_actions(state, seat, kinds=("move", "steal", "shillings"))
    alternatives = []
    moves = [found for a in legal if isinstance(a, fg.Move) if (found := effects(view, seat, a))]
    if moves:
        cheapest = min(moves, key=lambda found: value(view, found.given))
        alternatives.append(
            _("The cheapest move would cost {cubes} ({value} shillings).").format(
                cubes=_cubes(cheapest.given), value=value(view, cheapest.given)
            )
        )
    else:
        alternatives.append(_("You have no move you can pay for."))
    steals = [found for a in legal if isinstance(a, fg.Steal) if (found := effects(view, seat, a))]
    takes = [
        found for a in legal if isinstance(a, fg.Shillings) if (found := effects(view, seat, a))
    ]
    gains = [value(view, f.gained) - value(view, f.given) for f in steals]
    if gains and max(gains) > 0:
        alternatives.append(
            _("Stealing goods would bring at most {value} shillings' worth.").format(
                value=max(gains)
            )
        )
    elif gains:
        alternatives.append(
            _(
                "The only steal open to you is an exchange, which would lose at least {value}."
            ).format(value=-max(gains))
        )
    if takes:
        alternatives.append(
            _("Stealing money would bring at most {value} shillings.").format(
                value=max(f.shillings for f in takes)
            )
        )
    if not takes:
        alternatives.append(_("No urchin of yours stands where it could steal."))
    alternatives.append(_("Opening the market would let every player trade, the others too."))
    return " ".join([_("Skipping costs nothing and changes nothing."), *alternatives])


def _market_pass(view: FaginView, seat: int) -> str:
    """Leaving the market: which trades were still open, at what prices."""
    me = view.seats[seat]
    buys = [
        _("{colour} for {price}").format(colour=term(s.colour), price=s.price)
        for s in view.stalls
        if s.count > 0 and me.shillings >= s.price
    ]
    sells = [
        _("{colour} for {price}").format(colour=term(s.colour), price=s.price)
        for s in view.stalls
        if me.cubes.get(s.colour, 0) > 0 and s.count < s.capacity
    ]
    text = _(
        "Passing leaves the market for the rest of this round and keeps your {shillings} "
        "shillings and {cubes} cubes as they are."
    ).format(shillings=me.shillings, cubes=me.cube_total)
    if buys:
        text += " " + _("You could still buy {offers}.").format(offers=listing(buys))
    if sells:
        text += " " + _("You could still sell {offers}.").format(offers=listing(sells))
    if not buys and not sells:
        text += " " + _("No trade is open to you anyway.")
    return text
