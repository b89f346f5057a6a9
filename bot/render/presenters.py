"""Which presenter renders which game, and the shape every presenter has."""

from typing import Any, Protocol

from bot.messages import Live, Message, Outcome
from bot.render import fagins_gang, fantasy_business
from bot.table import Table
from rules.events import Event


class Presenter(Protocol):
    fallback: str
    """The private command that shows a player their own information."""

    def started(self, table: Table, events: list[Event]) -> Outcome:
        """The first lines of a game (the service adds whose turn it is)."""
        ...

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        """One move: its short line(s) in `lines`, rich summaries (a reveal, a round's end)
        in `public`, private news, DM messages to update in `live`, and the actor's reply."""
        ...

    def waiting(self, table: Table) -> str:
        """What the seats the game waits on must do, e.g. "to bid or pass"."""
        ...

    def step(self, table: Table) -> str | None:
        """The key of the step the game is in, for its table message (None: no message)."""
        ...

    def live(self, table: Table) -> Message:
        """The table message of the current step (only asked when `step` is not None)."""
        ...

    def closing_note(self, step: str, table: Table) -> str:
        """What a table message for `step` says once the game (now `table`) moved on."""
        ...

    def kept(self, table: Table) -> list[Live]:
        """Every player's DM messages kept up to date (sheets, hands) as the game now
        stands: after a take-back, any of them may have changed."""
        ...

    def private_live(self, table: Table, slot: str, seat: int) -> tuple[str, Message] | None:
        """A seat's DM message of `slot` (a sheet, a hand) as the game now stands — its
        step and the message, drawn in its player's language — or None when it has
        nothing to show (close it). The courier draws it at delivery, from the state
        stored then (bot.edge.courier)."""
        ...

    def finished(self, table: Table) -> list[Message]:
        """The end of the game: who won and the standings."""
        ...

    def status(self, table: Table, viewer: int | None) -> Outcome:
        """`/game status`: the public picture, and the viewer's own information."""
        ...

    def finishing_order(self, table: Table) -> list[int]:
        """The seats of a finished game in the order its final standings list them."""
        ...

    def describe(self, table: Table, action: dict[str, Any], before: Any = None) -> str:
        """A move in a few words, as a noun phrase ("bid of 7 gold"), for take-backs and
        the log; `before` (the state it was made in, when known) names what it was made on."""
        ...


PRESENTERS: dict[str, Presenter] = {
    "fantasy-business": fantasy_business.PRESENTER,
    "fagins-gang": fagins_gang.PRESENTER,
}
