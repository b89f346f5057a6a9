"""The end of the game: gold plus the base values of article cards; specials count nothing.

Ties go to the youngest tied player (§4 [ed]): by the table's age order (given by the host
at the start or drawn then, see `setup`). A game started before tables knew the age
order, or data that chooses `"tie_break": "youngest_or_shared"`, knows only the youngest
(the first First Buyer): a tie without them is shared.
"""

from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from rules.words import Param, Say, Seat, said, said_n


def score(state: GameState, seat: int) -> int:
    held = sum(deck.article(key).base * count for key, count in state.articles[seat].items())
    return state.gold[seat] + held


def scores(state: GameState) -> list[int]:
    return [score(state, seat) for seat in state.seats()]


def winners(state: GameState) -> list[int]:
    totals = scores(state)
    best = max(totals)
    tied = [seat for seat in state.seats() if totals[seat] == best]
    if len(tied) == 1:
        return tied
    ages = state.ages
    if ages is not None and deck.data().tie_break == "age_order":
        return [min(tied, key=ages.index)]
    if state.youngest in tied:
        return [state.youngest]
    return tied


def tie_broken(state: GameState) -> bool:
    """Whether the best score was tied and the age order gave one of them the win."""
    totals = scores(state)
    return totals.count(max(totals)) > 1 and len(winners(state)) == 1


def game_over_event(state: GameState) -> Event:
    totals = scores(state)
    won = winners(state)
    table: list[Param] = [
        said("{who} {score}", who=Seat(seat=s), score=totals[s]) for s in state.seats()
    ]
    if len(won) == 1 and tie_broken(state):
        result = said(
            "{who} wins: of the players tied for the most, {who} is the youngest.",
            who=Seat(seat=won[0]),
        )
    elif len(won) == 1:
        result = said("{who} wins.", who=Seat(seat=won[0]))
    else:
        names: Param = Seat(seat=won[0])
        for s in won[1:]:
            names = said("{first} and {second}", first=names, second=Seat(seat=s))
        result = said("{names} share the win.", names=names)
    return Event(
        kind="game_over",
        say=said(
            "The game is over after {turns}. Scores (gold plus base values of articles): "
            "{table}. {result}",
            turns=_turns(state.total_turns),
            table=table,
            result=result,
        ),
        data={"scores": totals, "winners": won, "gold": list(state.gold)},
    )


def _turns(count: int) -> Say:
    return said_n("{n} turn", "{n} turns", count)
