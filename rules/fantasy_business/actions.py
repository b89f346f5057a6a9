"""What a player can do, one pydantic model per command, told apart by `type`.

Actions are stored in the game's action log as JSON and parsed back with
`parse_action`, so their fields are the commands' options in plain data: centre
positions are 0-based (the Discord layer shows 1-based), articles and specials are
keys (or any name `lookup` accepts), seats are seat numbers.
"""

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.errors import RuleError


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Auction(_Action):
    """The First Buyer designates centre card `card`, opening with `price` or no price."""

    type: Literal["auction"] = "auction"
    card: int
    price: int | None = None


class Bid(_Action):
    type: Literal["bid"] = "bid"
    amount: int


class Pass(_Action):
    type: Literal["pass"] = "pass"


class SetPrice(_Action):
    type: Literal["price"] = "price"
    article: str
    price: int


class Submit(_Action):
    """Lock the price sheet; with `defaults` every unpriced article gets its default."""

    type: Literal["submit"] = "submit"
    defaults: bool = False


class PlaySpecial(_Action):
    type: Literal["play"] = "play"
    card: str
    target: int | None = None
    article: str | None = None


class Give(_Action):
    """A trade: hand gold, one article card and/or one special card to another player.

    `card` names a special the giver holds (face down): only the receiver learns which.
    """

    type: Literal["give"] = "give"
    to: int
    gold: int = 0
    article: str | None = None
    card: str | None = None


Action = Annotated[
    Auction | Bid | Pass | SetPrice | Submit | PlaySpecial | Give, Field(discriminator="type")
]

_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Mapping[str, Any]) -> Action:
    try:
        return _ADAPTER.validate_python(dict(data))
    except ValidationError as error:
        raise RuleError(
            "That is not a Fantasy Business action: {data}.", data=repr(data)
        ) from error
