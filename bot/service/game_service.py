"""`GameService`: the one object the Discord edge, the scheduler and the tests hold.

It is the engine (bot.service.runtime.engine: writer and readers, transactions, state cache)
with the service's concerns attached, each in a module of its own: the lobby, play, the
read-only views and the AI runner. The methods below only pass a call on, so a reader
finds every command's real work one step away, in the module named for it; the other
commands (seats, deadlines, take-backs, confirmations, AI seats, records) are functions
over this service in their own modules.
"""

from collections.abc import Mapping
from typing import Any

from bot.clock import Clock, system_clock
from bot.i18n import ENGLISH
from bot.messages import Live, Outcome
from bot.render.presenters import PRESENTERS, Presenter
from bot.service.commands import publish as publishing
from bot.service.commands.autoplay import robot_due
from bot.service.commands.lobby import Lobby
from bot.service.commands.play import Play
from bot.service.commands.runner import Runner
from bot.service.commands.views import Views
from bot.service.requests import (
    BUSY,
    FULL,
    GONE,
    NO_GAME,
    NOT_SEATED,
    RACED,
    UNREACHABLE,
    ActionBuilder,
    Actor,
    Place,
)
from bot.service.runtime.engine import Engine
from bot.store import ActionRow, GameRow, Store
from bot.table import Table
from rules.protocol import GameRules

__all__ = [
    "BUSY",
    "FULL",
    "GONE",
    "NOT_SEATED",
    "NO_GAME",
    "RACED",
    "UNREACHABLE",
    "Actor",
    "Place",
]


class GameService(Engine):
    """The engine with the lobby, play, views and the AI runner attached."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        *,
        clock: Clock = system_clock,
        seed: int | None = None,
        presenters: Mapping[str, Presenter] = PRESENTERS,
    ) -> None:
        super().__init__(store, games, clock=clock, seed=seed, presenters=presenters)
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.views = Views(self)
        self.runner = Runner(self, self.play)

    def close(self) -> None:
        self.runner.close()
        super().close()

    async def aclose(self) -> None:
        self.runner.close()
        await super().aclose()

    # -- the lobby (bot.service.commands.lobby) ----------------------------------------------------

    async def new_game(
        self,
        place: Place,
        actor: Actor,
        kind: str,
        raw_options: Mapping[str, Any],
        language: str = ENGLISH,
        hints: bool = False,
    ) -> Outcome:
        return await self.lobby.new_game(place, actor, kind, raw_options, language, hints)

    async def join(self, place: Place, actor: Actor) -> Outcome:
        return await self.lobby.join(place, actor)

    async def leave(self, place: Place, actor: Actor) -> Outcome:
        return await self.lobby.leave(place, actor)

    async def start(self, place: Place, actor: Actor, first_user: int | None) -> Outcome:
        return await self.lobby.start(place, actor, first_user)

    async def abort(self, place: Place, actor: Actor, game_id: int | None = None) -> Outcome:
        return await self.lobby.abort(place, actor, game_id)

    def abortable(self, place: Place, actor: Actor, game_id: int | None = None) -> GameRow | str:
        return self.lobby.abortable(place, actor, game_id)

    # -- views (bot.service.commands.views) --------------------------------------------------------

    async def status(self, place: Place, actor: Actor, share: bool = False) -> Outcome:
        return await self.views.status(place, actor, share)

    async def log(self, place: Place, count: int) -> Outcome:
        return await self.views.log(place, count)

    def log_lines(self, table: Table, rows: list[ActionRow]) -> list[str]:
        return self.views.log_lines(table, rows)

    # -- play (bot.service.commands.play) ----------------------------------------------------------

    def find_game(self, place: Place, actor: Actor, kind: str | None = None) -> GameRow | str:
        return self.play.find_game(place, actor, kind)

    def seated_table(self, place: Place, actor: Actor, kind: str) -> tuple[Table, int] | str:
        return self.play.seated_table(place, actor, kind)

    def games_of_user(self, user_id: int, kind: str | None = None) -> list[GameRow]:
        return self.play.games_of_user(user_id, kind)

    async def act(
        self, place: Place, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        return await self.play.act(place, actor, build, kind)

    async def act_in_game(
        self, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        return await self.play.act_in_game(game_id, actor, build, kind)

    def apply(
        self,
        table: Table,
        seat: int,
        user_id: int | None,
        build: ActionBuilder,
        *,
        prefix: str = "",
        cause: str | None = None,
    ) -> Outcome:
        return self.play.apply(table, seat, user_id, build, prefix=prefix, cause=cause)

    def apply_as_bot(self, table: Table, seat: int, *, prefix: str, cause: str) -> Outcome:
        return self.play.apply_as_bot(table, seat, prefix=prefix, cause=cause)

    # -- saying it (bot.service.commands.publish) --------------------------------------------------

    def publish(
        self,
        table: Table,
        outcome: Outcome,
        *,
        quiet: set[int] | None = None,
        lead: str = "",
        closing: str = "",
    ) -> Outcome:
        return publishing.publish(self, table, outcome, quiet=quiet, lead=lead, closing=closing)

    def table_message(self, table: Table, closing: str = "") -> Live:
        return publishing.table_message(self, table, closing)

    # -- AI seats (bot.service.commands.autoplay, bot.service.commands.runner) ---------------------

    def robot_due(self, table: Table) -> int | None:
        return robot_due(table)

    async def play_robot(self, game_id: int) -> Outcome | None:
        return await self.runner.play_robot(game_id)

    def games_waiting_on_robots(self) -> list[int]:
        return self.runner.games_waiting_on_robots()
