"""Whole games for the chart and coach tests: logs played by the `standard` AI.

Each seat decides from its own view and the public history, as at a real table; the log
is returned as the store's rows, so the charts replay it exactly as the bot does.
"""

from typing import Any

from ai import decide, decision_seed
from bot.store import ActionRow
from rules.events import Event
from rules.registry import GAMES


def play(
    kind: str, players: int, seed: int, *, moves: int | None = None, options: Any = None
) -> list[ActionRow]:
    """The log of a game of `standard` AIs (stopped after `moves` moves, if given)."""
    rules = GAMES[kind]
    state, events = rules.setup(players, dict(options or {}), seed, 0)
    history: list[Event] = [event for event in events if event.public]
    rows: list[ActionRow] = []
    while rules.outcome(state) is None and (moves is None or len(rows) < moves):
        seat = rules.waiting_on(state)[0]
        view = rules.view(state, seat)
        action = decide(kind, "standard", view, history, decision_seed(seed, len(history), seat))
        state, events = rules.apply(state, seat, action)
        history += [event for event in events if event.public]
        seq = len(rows) + 1
        rows.append(
            ActionRow(
                game_id=1,
                seq=seq,
                user_id=None,
                seat=seat,
                action=action.model_dump(mode="json"),
                created_at="2026-12-01T00:00:00",
                command=seq,
            )
        )
    return rows
