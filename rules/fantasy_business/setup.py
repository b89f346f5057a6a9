"""Options and the start of a game (spec §1, §2).

`turns` may shorten the game (1..10, at most 8 with 7-8 players); `low_prices` and
`sole_lowest_bonus` are the rulebook's two variants. The deck is shuffled from the seed;
the first First Buyer (the youngest) is named by the host or drawn and announced.
"""

from collections.abc import Mapping
from typing import Any

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState, Options, Sheet
from rules.fantasy_business.turn import start_turn
from rules.rng import Rng
from rules.words import Seat, said

OPTION_NAMES = frozenset({"turns", "low_prices", "sole_lowest_bonus"})


def _flag(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise RuleError(
        "The {name} option is on or off (true or false), not {value}.", name=name, value=repr(value)
    )


def validate_options(raw: Mapping[str, Any], players: int | None = None) -> dict[str, Any]:
    unknown = sorted(set(raw) - OPTION_NAMES)
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
    return {
        "turns": turns,
        "low_prices": False if low is None else _flag("low_prices", low),
        "sole_lowest_bonus": False if sole is None else _flag("sole_lowest_bonus", sole),
    }


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
    chosen = Options(**validate_options(options, players))
    events: list[Event] = []
    rng = Rng(seed=seed)
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
        sheets=[Sheet() for _ in range(players)],
        last_sheets=[{} for _ in range(players)],
    )
    start_turn(state, events)
    return state, events
