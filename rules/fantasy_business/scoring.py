"""The end of the game: gold plus the base values of article cards; specials count nothing.

Ties go to the youngest tied player when the youngest (the first First Buyer) is among
them; otherwise the tied players share the win [ed].
"""

from rules.events import Event, seat_ref
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState


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
    names = " and ".join(seat_ref(s) for s in won)
    table = ", ".join(f"{seat_ref(s)} {totals[s]}" for s in state.seats())
    verb = "wins" if len(won) == 1 else "share the win"
    return Event(
        kind="game_over",
        text=f"The game is over after {_turns(state.total_turns)}. Scores (gold plus base values "
        f"of articles): {table}. {names} {verb}.",
        data={"scores": totals, "winners": won, "gold": list(state.gold)},
    )


def _turns(count: int) -> str:
    return f"{count} turn" if count == 1 else f"{count} turns"
