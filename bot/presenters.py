"""Which presenter renders which game, and the shape every presenter has."""

from typing import Any, Protocol

from bot.messages import Outcome
from bot.render import fagins_gang, fantasy_business
from bot.table import Table
from rules.events import Event


class Presenter(Protocol):
    fallback: str

    def started(self, table: Table, events: list[Event]) -> Outcome: ...

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome: ...

    def status(self, table: Table, viewer: int | None) -> Outcome: ...

    def describe(self, table: Table, action: dict[str, Any]) -> str: ...


PRESENTERS: dict[str, Presenter] = {
    "fantasy-business": fantasy_business.PRESENTER,
    "fagins-gang": fagins_gang.PRESENTER,
}
