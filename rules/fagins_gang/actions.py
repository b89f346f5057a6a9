"""What a player can do, as data: one pydantic model per command, told apart by `type`.

Locations and colours are their keys from the board (e.g. "stpauls", "purple"); the plan
parser turns what players type into these. Counts and names are checked by `apply`, not by
the models, so every refusal is a `RuleError` with a message fit for the player.
"""

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Direction = Literal["up", "down"]
Side = Literal["top", "bottom"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class MoveStep(_Frozen):
    """One location of a move plan.

    kind "move": `direction` and `levels` >= 1; "enter": optionally `direction` and `levels`
    more after the start level; "leave": `side`; "fagin": leave at the top and pay Fagin.
    """

    location: str
    kind: Literal["move", "enter", "leave", "fagin"]
    direction: Direction | None = None
    levels: int = 0
    side: Side | None = None


class Move(_Frozen):
    type: Literal["move"] = "move"
    steps: list[MoveStep]


class StealSlot(_Frozen):
    """Steal at a location; `colours` names one colour for each ★ on the level, in order."""

    kind: Literal["steal"] = "steal"
    location: str
    colours: list[str] = []


class ExchangeSlot(_Frozen):
    """Return three cubes to the warehouses and take one."""

    kind: Literal["exchange"] = "exchange"
    give: list[str]
    take: str


Slot = Annotated[StealSlot | ExchangeSlot, Field(discriminator="kind")]


class Steal(_Frozen):
    type: Literal["steal"] = "steal"
    slots: list[Slot]


class Shillings(_Frozen):
    type: Literal["shillings"] = "shillings"
    locations: list[str]


class OpenMarket(_Frozen):
    type: Literal["open_market"] = "open_market"


class Buy(_Frozen):
    type: Literal["buy"] = "buy"
    colours: list[str]


class Sell(_Frozen):
    type: Literal["sell"] = "sell"
    colours: list[str]


class MarketPass(_Frozen):
    type: Literal["market_pass"] = "market_pass"


class Skip(_Frozen):
    type: Literal["skip"] = "skip"


class Discard(_Frozen):
    type: Literal["discard"] = "discard"
    cubes: dict[str, int]


Action = Annotated[
    Move | Steal | Shillings | OpenMarket | Buy | Sell | MarketPass | Skip | Discard,
    Field(discriminator="type"),
]

_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Mapping[str, Any]) -> Action:
    """An action from its JSON form (as `model_dump()` gives it and the log stores it)."""
    return _ADAPTER.validate_python(dict(data))


def format_step(step: MoveStep) -> str:
    """A move step as plan text, to name it in messages: "stpauls enter up 1".

    Fields a step of its kind should not have are shown too, so a refusal of a malformed
    step names what was tried.
    """
    words = [step.location]
    if step.kind != "move":
        words.append(step.kind)
    if step.kind == "move" or step.direction is not None or step.levels != 0:
        words += [step.direction or "?", str(step.levels)]
    if step.kind == "leave" or step.side is not None:
        words.append(step.side or "?")
    return " ".join(words)


def format_slot(slot: StealSlot | ExchangeSlot) -> str:
    """A steal slot as plan text: "thames red blue" or "exchange red red blue for purple"."""
    if isinstance(slot, ExchangeSlot):
        return " ".join(["exchange", *slot.give, "for", slot.take])
    return " ".join([slot.location, *slot.colours])


def format_move(move: Move) -> str:
    return "; ".join(format_step(step) for step in move.steps)


def format_steal(steal: Steal) -> str:
    return "; ".join(format_slot(slot) for slot in steal.slots)
