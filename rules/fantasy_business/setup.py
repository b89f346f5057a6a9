"""Options and the start of a game (spec §1, §2).

`turns` may shorten the game (1..10, at most 8 with 7-8 players); `low_prices` and
`sole_lowest_bonus` are the rulebook's two variants. The deck is shuffled from the seed;
the first First Buyer (the youngest) is named by the host or drawn and announced.

The age order (§4 [ed]) breaks ties at the end: `age_order`, given at the start, lists
seats youngest first (some, all or none of them); the seats it leaves out follow in an
order drawn at random, and the whole order is announced with the First Buyer. It is drawn
from a stream of the game's generator of its own (counter -1, never reached by the game's
draws), so the draws of the game itself are those of a game started before it existed;
and options without `age_order` (a game started before it existed, replayed from its log)
set up exactly that older game, which knows only the youngest.

Editions (`rules.editions`): a game started by the bot carries `edition` among its
options (today's: the counter-based generator, see `rules.rng`). A game without one was
started before and replays with the generator of its time.
"""

from collections.abc import Mapping
from typing import Any

from rules.editions import chosen_edition, edition_of, rng_version
from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState, Options, Sheet
from rules.fantasy_business.turn import start_turn
from rules.rng import Rng
from rules.words import Param, Seat, said

OPTION_NAMES = frozenset({"turns", "low_prices", "sole_lowest_bonus"})
START_OPTIONS = frozenset({"age_order", "edition"})
"""Options given when the game starts (`/game start`), once the seats are known."""
AGE_DRAW = -1
"""The generator counter the age order is drawn at: one the game's own draws never use."""


def _flag(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise RuleError(
        "The {name} option is on or off (true or false), not {value}.", name=name, value=repr(value)
    )


def validate_options(raw: Mapping[str, Any], players: int | None = None) -> dict[str, Any]:
    unknown = sorted(set(raw) - OPTION_NAMES - START_OPTIONS)
    if unknown:
        raise RuleError("{names} is not an option of Fantasy Business.", names=list(unknown))
    d = deck.data()
    turns = raw.get("turns")
    if turns is not None:
        if isinstance(turns, bool) or not isinstance(turns, int):
            raise RuleError(
                "The number of turns must be a whole number, not {turns}.", turns=repr(turns)
            )
        if not 1 <= turns <= d.turns:
            raise RuleError(
                "A game of Fantasy Business lasts 1 to {most} turns; {turns} is outside "
                "that range.",
                most=d.turns,
                turns=turns,
            )
        if players is not None and turns > deck.default_turns(players):
            raise RuleError(
                "With {players} players a game lasts at most {most} turns; {turns} is too many.",
                players=players,
                most=deck.default_turns(players),
                turns=turns,
            )
    low = raw.get("low_prices")
    sole = raw.get("sole_lowest_bonus")
    chosen: dict[str, Any] = {
        "turns": turns,
        "low_prices": False if low is None else _flag("low_prices", low),
        "sole_lowest_bonus": False if sole is None else _flag("sole_lowest_bonus", sole),
    }
    edition = chosen_edition(raw, players)
    if edition is not None:
        chosen["edition"] = edition
    ages = raw.get("age_order")
    if ages is not None:
        chosen["age_order"] = _age_order(ages, players)
    elif players is not None:
        # At the start the age order is always among the options, [] when the host gave
        # none (all drawn): options without it are those of a game started before the
        # age order existed, which `setup` sets up as it was then.
        chosen["age_order"] = []
    return chosen


def _age_order(ages: Any, players: int | None) -> list[int]:
    """Seats youngest first: distinct, each at the table."""
    if not isinstance(ages, list | tuple) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) for seat in ages
    ):
        raise RuleError("The age order is a list of seats, not {value}.", value=repr(ages))
    if len(set(ages)) != len(ages):
        raise RuleError("The age order names a player twice.")
    for seat in ages:
        if not 0 <= seat < (players if players is not None else deck.data().max_players):
            raise RuleError("There is no player {number} for the age order.", number=seat + 1)
    return list(ages)


def age_order_event(ages: list[int], given: int) -> Event:
    """The age order as the table learns it: what the host gave, what was drawn."""
    order: list[Param] = [Seat(seat=seat) for seat in ages]
    if given == 0:
        say = said("Age order for ties, youngest first (drawn at random): {order}.", order=order)
    elif given >= len(ages) - 1:
        # The last one left needs no draw: the host's order is the whole order.
        say = said(
            "Age order for ties, youngest first (as the host gave it): {order}.", order=order
        )
    else:
        say = said(
            "Age order for ties, youngest first: {given} as the host gave it, then {drawn} "
            "drawn at random.",
            given=order[:given],
            drawn=order[given:],
        )
    return Event(kind="age_order", say=say, data={"ages": ages, "given": given})


def setup(
    players: int, options: Mapping[str, Any], seed: int, first: int | None
) -> tuple[GameState, list[Event]]:
    d = deck.data()
    if not d.min_players <= players <= d.max_players:
        raise RuleError(
            "Fantasy Business is played by {least} to {most} players, not {players}.",
            least=d.min_players,
            most=d.max_players,
            players=players,
        )
    knows_ages = "age_order" in options
    edition = edition_of(options)
    valid = validate_options({**options, "edition": edition}, players)
    given: list[int] = valid.pop("age_order", [])
    version = rng_version(valid.pop("edition"))
    chosen = Options(**valid)
    events: list[Event] = []
    rng = Rng(seed=seed, version=version)
    named_by_host = len(given) if given else int(first is not None)
    if first is None and given:
        first = given[0]
    elif first is not None and given and first != given[0]:
        raise RuleError(
            "The age order starts with player {youngest}, but player {first} was named as "
            "the youngest (the first First Buyer).",
            youngest=given[0] + 1,
            first=first + 1,
        )
    if first is None:
        first, rng = rng.randint(0, players - 1)
        events.append(
            Event(
                kind="first_buyer_chosen",
                say=said(
                    "{who} is drawn at random as the youngest player and takes "
                    "the First Buyer card.",
                    who=Seat(seat=first),
                ),
                data={"seat": first, "random": True},
            )
        )
    elif not 0 <= first < players:
        raise RuleError("There is no player {number} to be the First Buyer.", number=first + 1)
    else:
        events.append(
            Event(
                kind="first_buyer_chosen",
                say=said(
                    "{who} is the youngest player and takes the First Buyer card.",
                    who=Seat(seat=first),
                ),
                data={"seat": first, "random": False},
            )
        )
    ages: list[int] | None = None
    if knows_ages:
        named = given or [first]
        rest, _ = Rng(seed=seed, counter=AGE_DRAW, version=version).shuffled(
            [seat for seat in range(players) if seat not in named]
        )
        ages = [*named, *rest]
        events.append(age_order_event(ages, named_by_host))
    pile, rng = rng.shuffled([c.id for c in deck.cards()])
    state = GameState(
        players=players,
        options=chosen,
        rng=rng,
        draw_pile=pile,
        gold=[d.starting_gold] * players,
        articles=[{} for _ in range(players)],
        specials=[[] for _ in range(players)],
        acquired=[False] * players,
        total_turns=chosen.turns or deck.default_turns(players),
        first_buyer=first,
        youngest=first,
        ages=tuple(ages) if ages is not None else None,
        sheets=[Sheet() for _ in range(players)],
        last_sheets=[{} for _ in range(players)],
    )
    start_turn(state, events)
    return state, events
