"""`GameService`: the one object the Discord edge, the scheduler and the tests hold.

It holds the engine (bot.service.runtime: how a command runs — its transaction, its
writer, the state cache) and is the front door to the commands every caller uses (the
lobby, play, the views, the AI runner), each of which lives one step away, in the module
of bot.service.commands named for it. The other commands (seats, deadlines, take-backs,
confirmations, AI seats, records) are functions over the engine in their own modules,
called with `service.engine`.
"""

from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar

from bot.clock import Clock, system_clock
from bot.i18n import ENGLISH
from bot.messages import Activity, Outcome
from bot.render.presenters import PRESENTERS, Presenter
from bot.service.commands import coach, lobby, play, views
from bot.service.commands.autoplay import robot_due
from bot.service.commands.runner import Runner
from bot.service.requests import (
    BUSY,
    FULL,
    GONE,
    NO_GAME,
    NOT_SAVED,
    NOT_SEATED,
    RACED,
    UNCONFIRMED,
    UNREACHABLE,
    ActionBuilder,
    Actor,
    Place,
)
from bot.service.runtime.engine import Engine, Work
from bot.store import ActionRow, GameRow, Store
from bot.table import Table
from rules.protocol import GameRules

T = TypeVar("T")

__all__ = [
    "BUSY",
    "FULL",
    "GONE",
    "NOT_SAVED",
    "NOT_SEATED",
    "NO_GAME",
    "RACED",
    "UNCONFIRMED",
    "UNREACHABLE",
    "Actor",
    "Place",
]


class GameService:
    """The engine, and the commands the edge and the tests use most."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        *,
        clock: Clock = system_clock,
        seed: int | None = None,
        presenters: Mapping[str, Presenter] = PRESENTERS,
        owner: str = "bot",
    ) -> None:
        self.engine = Engine(
            store, games, clock=clock, seed=seed, presenters=presenters, owner=owner
        )
        self.runner = Runner(self.engine)
        self.engine.on_search_ahead = self._search_ahead

    def _search_ahead(self) -> None:
        """Start the workers the strong AI searches in (an AI seat's and the hints'),
        while the table fills: a process's start and imports take seconds."""
        self.runner.strong_worker.warm()
        coach.WORKER.warm()

    # -- the runtime, as callers read it -----------------------------------------------------

    @property
    def store(self) -> Store:
        return self.engine.store

    @property
    def games(self) -> Mapping[str, GameRules]:
        return self.engine.games

    @property
    def activity(self) -> Activity:
        return self.engine.activity

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        return await self.engine.read(work, *args)

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        return await self.engine.call(work, *args)

    async def command(
        self, channel_id: int, work: Work, *, interaction_id: int | None = None
    ) -> Outcome:
        return await self.engine.command(channel_id, work, interaction_id=interaction_id)

    async def channel_quiet(self, channel_id: int, timeout: float) -> None:
        await self.engine.channel_quiet(channel_id, timeout)

    def expected_wait(self) -> float:
        return self.engine.expected_wait()

    @property
    def dm_refused(self) -> set[tuple[int, int, str]]:
        return self.engine.dm_refused

    def table(self, channel_id: int) -> Table | None:
        return self.engine.table(channel_id)

    def table_for(self, game: GameRow) -> Table:
        return self.engine.table_for(game)

    def replay(self, game_id: int) -> Any:
        return self.engine.replay(game_id)

    def close(self) -> None:
        self.runner.close()
        self.engine.close()

    async def aclose(self) -> None:
        self.runner.close()
        await self.engine.aclose()

    # -- the lobby (bot.service.commands.lobby) ----------------------------------------------

    async def new_game(
        self,
        place: Place,
        actor: Actor,
        kind: str,
        raw_options: Mapping[str, Any],
        language: str = ENGLISH,
        hints: bool = False,
        *,
        interaction_id: int | None = None,
    ) -> Outcome:
        return await lobby.new_game(
            self.engine,
            place,
            actor,
            kind,
            raw_options,
            language,
            hints,
            interaction_id=interaction_id,
        )

    async def join(
        self, place: Place, actor: Actor, *, interaction_id: int | None = None
    ) -> Outcome:
        return await lobby.join(self.engine, place, actor, interaction_id=interaction_id)

    async def leave(
        self, place: Place, actor: Actor, *, interaction_id: int | None = None
    ) -> Outcome:
        return await lobby.leave(self.engine, place, actor, interaction_id=interaction_id)

    async def start(
        self,
        place: Place,
        actor: Actor,
        first_user: int | None,
        *,
        interaction_id: int | None = None,
    ) -> Outcome:
        return await lobby.start(
            self.engine, place, actor, first_user, interaction_id=interaction_id
        )

    async def abort(
        self,
        place: Place,
        actor: Actor,
        game_id: int | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Outcome:
        return await lobby.abort(self.engine, place, actor, game_id, interaction_id=interaction_id)

    # -- views (bot.service.commands.views) --------------------------------------------------

    async def status(self, place: Place, actor: Actor, share: bool = False) -> Outcome:
        return await views.status(self.engine, place, actor, share)

    async def log(self, place: Place, count: int) -> Outcome:
        return await views.log(self.engine, place, count)

    def log_lines(self, table: Table, rows: list[ActionRow]) -> list[str]:
        return views.log_lines(self.engine, table, rows)

    # -- play (bot.service.commands.play) ----------------------------------------------------

    def find_game(self, place: Place, actor: Actor, kind: str | None = None) -> GameRow | str:
        return play.find_game(self.engine, place, actor, kind)

    def seated_table(self, place: Place, actor: Actor, kind: str) -> tuple[Table, int] | str:
        return play.seated_table(self.engine, place, actor, kind)

    def games_of_user(self, user_id: int, kind: str | None = None) -> list[GameRow]:
        return play.games_of_user(self.engine, user_id, kind)

    def act(
        self,
        place: Place,
        actor: Actor,
        build: ActionBuilder,
        kind: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Coroutine[Any, Any, Outcome]:
        """A player's move (see bot.service.commands.play.act); `interaction_id`: the
        Discord interaction it answers, applied once however often it arrives. The
        command's own coroutine, not one wrapped around it: a burst's thousand waiting
        commands each carry one frame less."""
        return play.act(self.engine, place, actor, build, kind, interaction_id=interaction_id)

    def act_in_game(
        self,
        game_id: int,
        actor: Actor,
        build: ActionBuilder,
        kind: str | None = None,
        *,
        interaction_id: int | None = None,
        part: str = "",
    ) -> Coroutine[Any, Any, Outcome]:
        """A move in a known game (buttons, forms, DMs); `part`: which of the
        interaction's moves, when one interaction makes several (a form's prices). The
        command's own coroutine, as `act`."""
        return play.act_in_game(
            self.engine, game_id, actor, build, kind, interaction_id=interaction_id, part=part
        )

    # -- AI seats (bot.service.commands.autoplay, bot.service.commands.runner) ---------------

    def robot_due(self, table: Table) -> int | None:
        return robot_due(table)

    async def play_robot(self, game_id: int) -> Outcome | None:
        return await self.runner.play_robot(game_id)

    def games_waiting_on_robots(self) -> list[int]:
        return self.runner.games_waiting_on_robots()
