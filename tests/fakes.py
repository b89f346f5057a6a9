"""A tiny counting game that satisfies the rules protocol, for service and store tests.

It keeps those tests independent of the real games: seats take turns adding to a
counter; the first to reach the target wins.
"""

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, TypeAdapter

from rules.errors import RuleError
from rules.events import Event, seat_ref
from rules.protocol import Outcome
from rules.rng import Rng


class Add(BaseModel):
    type: Literal["add"] = "add"
    amount: int


class CountState(BaseModel):
    players: int
    turn: int
    total: int = 0
    target: int
    rng: Rng


class CountView(BaseModel):
    players: int
    turn: int
    total: int
    target: int


ACTION = TypeAdapter(Add)


class CountingGame:
    def __init__(self, kind: str = "fantasy-business", lo: int = 2, hi: int = 4) -> None:
        self.kind = kind
        self.title = "Counting"
        self.min_players = lo
        self.max_players = hi
        self.option_names = frozenset({"turns"})

    def validate_options(
        self, raw: Mapping[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        unknown = set(raw) - self.option_names
        if unknown:
            raise RuleError(f"{sorted(unknown)[0]} is not an option of Counting.")
        return dict(raw)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, first: int | None
    ) -> tuple[CountState, list[Event]]:
        rng = Rng(seed=seed)
        if first is None:
            first, rng = rng.randint(0, players - 1)
        target = int(options.get("turns") or 10)
        state = CountState(players=players, turn=first, target=target, rng=rng)
        return state, [Event(kind="first", text=f"{seat_ref(first)} starts.")]

    def parse_action(self, data: Mapping[str, Any]) -> Add:
        return ACTION.validate_python(data)

    def apply(self, state: CountState, seat: int, action: Add) -> tuple[CountState, list[Event]]:
        if state.total >= state.target:
            raise RuleError("The game is over.")
        if seat != state.turn:
            raise RuleError(f"It is {seat_ref(state.turn)}'s turn, not yours.")
        if not 1 <= action.amount <= 3:
            raise RuleError("Add 1, 2 or 3.")
        new = state.model_copy(
            update={"total": state.total + action.amount, "turn": (seat + 1) % state.players}
        )
        return new, [Event(kind="add", text=f"{seat_ref(seat)} adds {action.amount}.")]

    def view(self, state: CountState, seat: int | None) -> CountView:
        return CountView(**state.model_dump(exclude={"rng"}))

    def legal_actions(self, state: CountState, seat: int) -> Sequence[Add]:
        return [Add(amount=n) for n in (1, 2, 3)] if seat == state.turn else []

    def waiting_on(self, state: CountState) -> list[int]:
        return [] if state.total >= state.target else [state.turn]

    def default_action(self, state: CountState, seat: int) -> Add | None:
        return Add(amount=1) if seat == state.turn else None

    def reveals(
        self, before: CountState, seat: int, after: CountState, events: Sequence[Event]
    ) -> bool:
        return before.rng != after.rng

    def outcome(self, state: CountState) -> Outcome | None:
        if state.total < state.target:
            return None
        last = (state.turn - 1) % state.players
        return Outcome(winners=[last], scores={last: state.total}, reason="reached the target")

    def dump_state(self, state: CountState) -> str:
        return state.model_dump_json()

    def load_state(self, data: str) -> CountState:
        return CountState.model_validate_json(data)


FAKE_GAMES = {
    "fantasy-business": CountingGame("fantasy-business", 3, 8),
    "fagins-gang": CountingGame("fagins-gang", 2, 6),
}
