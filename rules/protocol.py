"""The small surface every game offers to the game service.

The service (bot/service/) is generic: it stores a game's state as JSON, applies
actions for seats, and renders views, without knowing any game's rules. Each rules
package exposes one object satisfying `GameRules`; `rules.registry` lists them.

Conventions the service relies on:
- Seats are 0..n-1 in clockwise order, fixed at setup.
- `apply` never mutates its input; it returns a new state and the events, or raises
  `RuleError` (and then nothing changed).
- Randomness comes only from the `Rng` kept in the state.
- `view(state, None)` is the public view: it is all a public message may be built from.
"""

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from rules.events import Event


class Outcome(BaseModel):
    """The end of a game: who won and the final scores, for the scoreboard."""

    model_config = ConfigDict(frozen=True)

    winners: list[int]
    scores: dict[int, int]
    reason: str


class GameRules(Protocol):
    kind: str
    """The contract's game name, e.g. "fagins-gang"."""
    title: str
    """Display name, e.g. "Fagin's Gang"."""
    min_players: int
    max_players: int
    option_names: frozenset[str]
    """Which `/game new` options this game understands."""

    def validate_options(
        self, raw: Mapping[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        """Check `/game new` options (and, once known, against the player count).

        Returns the normalised options; raises RuleError with a message for the player.
        """
        ...

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, first: int | None
    ) -> tuple[Any, list[Event]]:
        """A new game for `players` seats; `first` is the first First Buyer/Player or None
        for a random (announced) choice."""
        ...

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """An action from its JSON form (as stored in the action log)."""
        ...

    def apply(self, state: Any, seat: int, action: Any) -> tuple[Any, list[Event]]:
        """The one way state changes. Raises RuleError for an illegal action."""
        ...

    def view(self, state: Any, seat: int | None) -> BaseModel:
        """What `seat` may see; None is the public (spectator) view."""
        ...

    def legal_actions(
        self, state: Any, seat: int, *, kinds: Collection[str] | None = None
    ) -> Sequence[Any]:
        """Actions `seat` may take now (for very large action spaces a representative
        subset that always includes the default action). Each is accepted by `apply`.
        With `kinds` (action types), only those: the rest is not built."""
        ...

    def waiting_on(self, state: Any) -> list[int]:
        """Seats that owe an action now (one for turn-based steps, several for
        simultaneous ones); empty when the game is over."""
        ...

    def default_action(self, state: Any, seat: int) -> Any | None:
        """What the seat does when its time runs out (pass, skip, last prices, ...)."""
        ...

    def reveals(self, before: Any, seat: int, after: Any, events: Sequence[Event]) -> bool:
        """Whether the move `seat` made from `before` to `after` brought anything hidden
        or random to light: a die roll, a shuffle or a draw (the generator advanced), a
        card turned face up, or news for anyone's eyes but the mover's own choices.
        Such a move can never be taken back: taking it back would let a player peek or
        re-roll."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game is running."""
        ...

    def dump_state(self, state: Any) -> str: ...

    def load_state(self, data: str) -> Any: ...
