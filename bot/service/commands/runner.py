"""The AI runner: moves of AI seats that search (in a worker process, outside any
transaction) or that play a game of AIs alone at its pace, applied once decided."""

import logging
from functools import partial
from typing import Any

from bot.messages import Outcome
from bot.records import results
from bot.service.commands import autoplay, play, robots
from bot.service.runtime.engine import Engine
from bot.service.runtime.strong_worker import StrongWorker
from bot.service.runtime.transaction import Tx
from bot.table import Table
from rules.events import Event

log = logging.getLogger(__name__)


class Runner:
    """Plays the AI seats whose decision takes a search, one move at a time, each applied
    as a command of its own if the game has not moved on while the AI thought."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.strong_worker = StrongWorker()

    def close(self) -> None:
        self.strong_worker.close()

    async def play_robot(self, game_id: int) -> Outcome | None:
        """One move of an AI seat the game waits on (None: none is due). The decision is
        made outside the transaction (a search in a worker process), then applied in
        one, if the game has not moved meanwhile."""
        found = await self.engine.read(self._robot_question, game_id)
        if found is None:
            return None
        table, seat, level, history = found
        seed = robots.decision_seed(robots.ai_seed(table, seat), len(history), seat)
        view = table.rules.view(table.state, seat)
        action: Any = None
        if level == "strong":  # None when it failed or overran (logged): standard plays
            args = (table, seat, view, history, seed, self.engine.ai_seconds)
            action = await self.strong_worker.decide(*args)
            level = "standard"
        if action is None:
            action = await self.engine.read(robots.choose, table, table.state, seat, level, history)
        outcome = await self.engine.command(
            table.game.channel_id,
            partial(self._robot_move, game_id, seat, table.game.version, action),
        )
        return outcome

    def _robot_question(self, game_id: int) -> tuple[Table, int, robots.Level, list[Event]] | None:
        table = self.engine.table_for(self.engine.store.game(game_id))
        seat = autoplay.robot_due(table)
        if seat is None:
            return None
        level = robots.level_of(table, seat)
        assert level is not None
        return table, seat, level, autoplay.known_history(self.engine, table)

    def _robot_move(self, game_id: int, seat: int, version: int, action: Any, tx: Tx) -> Outcome:
        game = tx.store.game(game_id, for_update=True)
        if game.version != version or game.status != "active":
            return Outcome()  # the game moved on meanwhile: the runner asks again
        table = tx.table_for(game)
        if autoplay.robot_due(table) != seat:
            return Outcome()
        return play.apply(
            self.engine, tx, table, seat, None, lambda _t, _s: action, cause=results.AUTOPILOT
        )

    def games_waiting_on_robots(self) -> list[int]:
        """Running games whose next move is an AI seat's (the runner's work after a
        restart); only games with AI or autopilot seats are read."""
        due = []
        for game in self.engine.store.games_with_robots():
            if autoplay.robot_due(self.engine.table_for(game)) is not None:
                due.append(game.id)
        return due
