"""The end of the game: gold plus the base values of article cards; specials count nothing.

Ties go to the youngest tied player when the youngest (the first First Buyer) is among
them; otherwise the tied players share the win [ed].
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
    if len(tied) > 1 and state.youngest in tied:
        return [state.youngest]
    return tied


def game_over_event(state: GameState) -> Event:
    totals = scores(state)
    won = winners(state)
    table: list[Param] = [
        said("{who} {score}", who=Seat(seat=s), score=totals[s]) for s in state.seats()
    ]
    if len(won) == 1:
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
