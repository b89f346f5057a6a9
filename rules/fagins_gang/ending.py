"""End of the game (§7): the Fagin target reached, or the optional round limit run out."""

from rules.events import Event
from rules.fagins_gang.state import FaginState, Result, at_fagin, p, wealth


def _finish(state: FaginState, winners: list[int], reason: str) -> None:
    state.phase = "over"
    state.market = None
    state.pending_discards = {}
    scores = {seat: at_fagin(state, seat) for seat in range(state.players)}
    state.result = Result(winners=winners, scores=scores, reason=reason)


def check_fagin_win(state: FaginState, seat: int) -> list[Event]:
    """The moment a player has the target number of urchins at Fagin, they win."""
    count = at_fagin(state, seat)
    if count < state.options.fagin_target:
        return []
    reason = f"{p(seat)} has {count} urchin{'' if count == 1 else 's'} back at Fagin."
    _finish(state, [seat], reason)
    counts = [at_fagin(state, s) for s in range(state.players)]
    return [
        Event(
            kind="game_won",
            text=f"{reason} {p(seat)} wins the game!",
            data={"winners": [seat], "reason": "fagin", "at_fagin": counts, "wealth": None},
        )
    ]


def end_by_round_limit(state: FaginState) -> list[Event]:
    """Most urchins at Fagin wins; then shillings plus cubes at wheel prices; then a shared win."""
    counts = [at_fagin(state, seat) for seat in range(state.players)]
    riches = [wealth(state, seat) for seat in range(state.players)]
    leaders = [seat for seat, n in enumerate(counts) if n == max(counts)]
    tie_break = len(leaders) > 1
    if tie_break:
        best = max(riches[seat] for seat in leaders)
        leaders = [seat for seat in leaders if riches[seat] == best]
    names = " and ".join(p(seat) for seat in leaders)
    how = f"with {counts[leaders[0]]} urchins at Fagin"
    if tie_break:
        how += f" and {riches[leaders[0]]} shillings' worth of money and goods"
    verb = "share the win" if len(leaders) > 1 else "wins"
    reason = f"The round limit ({state.options.round_limit}) is reached: {names} {verb} {how}."
    _finish(state, leaders, reason)
    return [
        Event(
            kind="game_won",
            text=reason,
            data={
                "winners": leaders,
                "reason": "round_limit",
                "at_fagin": counts,
                "wealth": riches,
            },
        )
    ]
