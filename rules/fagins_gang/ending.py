"""End of the game (§7): the Fagin target reached, the optional round limit run out, or
([ed] rule 7.3, `dead_end`) a table nobody can move on any more."""

from rules.events import Event
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState, Result, at_fagin, wealth
from rules.words import Param, Say, Seat, said, said_n


def _finish(state: FaginState, winners: list[int], reason: Say) -> None:
    state.phase = "over"
    state.market = None
    state.pending_discards = {}
    scores = {seat: at_fagin(state, seat) for seat in range(state.players)}
    state.result = Result(winners=winners, scores=scores, reason=reason.english())


def check_fagin_win(state: FaginState, seat: int) -> list[Event]:
    """The moment a player has the target number of urchins at Fagin, they win."""
    count = at_fagin(state, seat)
    if count < state.options.fagin_target:
        return []
    reason = fagin_reason(seat, count)
    _finish(state, [seat], reason)
    counts = [at_fagin(state, s) for s in range(state.players)]
    return [
        Event(
            kind="game_won",
            say=said("{reason} {who} wins the game!", reason=reason, who=Seat(seat=seat)),
            data={"winners": [seat], "reason": "fagin", "at_fagin": counts, "wealth": None},
        )
    ]


def fagin_reason(seat: int, count: int) -> Say:
    """Why the game ended at the Fagin target;
    the renderer rebuilds it from the view."""
    return said_n(
        "{who} has {n} urchin back at Fagin.",
        "{who} has {n} urchins back at Fagin.",
        count,
        who=Seat(seat=seat),
    )


def round_limit_reason(limit: int, leaders: list[int], count: int, worth: int | None) -> Say:
    """Why the game ended at the round limit;
    the renderer rebuilds it from the view."""
    names: list[Param] = [Seat(seat=seat) for seat in leaders]
    who = names[0]
    for name in names[1:]:
        who = said("{first} and {second}", first=who, second=name)
    params: dict[str, Param] = {"limit": limit, "who": who, "count": count, "worth": worth or 0}
    if len(leaders) > 1:
        if worth is not None:
            return said(
                "The round limit ({limit}) is reached: {who} share the win with {count} urchins "
                "at Fagin and {worth} shillings' worth of money and goods.",
                **params,
            )
        return said(
            "The round limit ({limit}) is reached: {who} share the win with {count} urchins "
            "at Fagin.",
            **params,
        )
    if worth is not None:
        return said(
            "The round limit ({limit}) is reached: {who} wins with {count} urchins at Fagin "
            "and {worth} shillings' worth of money and goods.",
            **params,
        )
    return said(
        "The round limit ({limit}) is reached: {who} wins with {count} urchins at Fagin.",
        **params,
    )


def dead_end_reason(
    rule: str, round_: int, leaders: list[int], count: int, worth: int | None
) -> Say:
    """Why the game ended at a dead end (rule 7.3 [ed]);
    the renderer rebuilds it from the view."""
    names: list[Param] = [Seat(seat=seat) for seat in leaders]
    who = names[0]
    for name in names[1:]:
        who = said("{first} and {second}", first=who, second=name)
    params: dict[str, Param] = {
        "rule": rule,
        "round": round_,
        "who": who,
        "count": count,
        "worth": worth or 0,
    }
    if len(leaders) > 1:
        if worth is not None:
            return said(
                "Nobody can move the game on any more (a house rule): it ends after round "
                "{round}, scored as at the round limit: {who} share the win with {count} "
                "urchins at Fagin and {worth} shillings' worth of money and goods.",
                **params,
            )
        return said(
            "Nobody can move the game on any more (a house rule): it ends after round "
            "{round}, scored as at the round limit: {who} share the win with {count} "
            "urchins at Fagin.",
            **params,
        )
    if worth is not None:
        return said(
            "Nobody can move the game on any more (a house rule): it ends after round "
            "{round}, scored as at the round limit: {who} wins with {count} urchins at "
            "Fagin and {worth} shillings' worth of money and goods.",
            **params,
        )
    return said(
        "Nobody can move the game on any more (a house rule): it ends after round "
        "{round}, scored as at the round limit: {who} wins with {count} urchins at Fagin.",
        **params,
    )


def _leaders(state: FaginState) -> tuple[list[int], list[int], list[int], bool]:
    """The round-limit scoring: most urchins at Fagin, then shillings plus cubes at
    wheel prices, then a shared win. (counts, riches, leaders, whether riches decided)"""
    counts = [at_fagin(state, seat) for seat in range(state.players)]
    riches = [wealth(state, seat) for seat in range(state.players)]
    leaders = [seat for seat, n in enumerate(counts) if n == max(counts)]
    tie_break = len(leaders) > 1
    if tie_break:
        best = max(riches[seat] for seat in leaders)
        leaders = [seat for seat in leaders if riches[seat] == best]
    return counts, riches, leaders, tie_break


def end_by_round_limit(state: FaginState) -> list[Event]:
    """Most urchins at Fagin wins; then shillings plus cubes at wheel prices; then a shared win."""
    counts, riches, leaders, tie_break = _leaders(state)
    reason = round_limit_reason(
        state.options.round_limit or 0,
        leaders,
        counts[leaders[0]],
        riches[leaders[0]] if tie_break else None,
    )
    return _scored_end(state, reason, "round_limit", counts, riches, leaders)


def end_by_dead_end(state: FaginState) -> list[Event]:
    """Rule 7.3 [ed]: nobody can change cubes, shillings or urchins any more, so the game
    ends after this round and is scored as at the round limit."""
    counts, riches, leaders, tie_break = _leaders(state)
    reason = dead_end_reason(
        BOARD.dead_end_rule,
        state.round,
        leaders,
        counts[leaders[0]],
        riches[leaders[0]] if tie_break else None,
    )
    return _scored_end(state, reason, "dead_end", counts, riches, leaders)


def _scored_end(
    state: FaginState,
    reason: Say,
    kind: str,
    counts: list[int],
    riches: list[int],
    leaders: list[int],
) -> list[Event]:
    _finish(state, leaders, reason)
    return [
        Event(
            kind="game_won",
            say=reason,
            data={
                "winners": leaders,
                "reason": kind,
                "at_fagin": counts,
                "wealth": riches,
            },
        )
    ]
