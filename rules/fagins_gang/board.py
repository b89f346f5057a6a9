"""The printed board as data: colours, locations, tracks, yields, market and every number.

All of it comes from `board.json` beside this module, checked by pydantic when loaded, so a
group owning the printed board can correct an edition decision without touching the
engine. The rest of the package reads the board only through `BOARD`.
"""

import json
from collections.abc import Iterable, Mapping
from functools import cached_property
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.errors import RuleError
from rules.names import shown
from rules.words import Param, Say, Term, said

Symbol = Literal["L", "R", "O", "★", "C"]
"""Yield symbols: left/right/opposite neighbour's colour, a free choice, the own colour."""

CHOICE = "★"


class PlayerRange(BaseModel):
    model_config = ConfigDict(frozen=True)

    min: int = Field(ge=1)
    max: int = Field(ge=1)


class German(BaseModel):
    """A thing's German words (`de` in the data): its name, colour word or goods name, and
    extra words the parsers accept. The parsers accept them in any language; the Discord
    layer shows them to German readers (`bot.i18n.terms`)."""

    model_config = ConfigDict(frozen=True)

    key: str | None = None
    name: str | None = None
    at: str | None = None
    goods: str | None = None
    aliases: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        return tuple(w for w in (self.key, self.name, self.goods, *self.aliases) if w)  # not `at`


class Colour(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    goods: str
    aliases: tuple[str, ...] = ()
    de: German = German()


class Location(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    colour: str
    move_cost: int = Field(ge=1)
    purse: int = Field(ge=0)
    aliases: tuple[str, ...] = ()
    at: str = ""
    """The name as the rules' sentences say "at" it ("at River Thames"), so a language can
    put its own preposition and article ("an der Themse")."""
    de: German = German()


class Levels(BaseModel):
    model_config = ConfigDict(frozen=True)

    top: int
    bottom: int
    start: int

    @model_validator(mode="after")
    def _ordered(self) -> "Levels":
        if not self.top < self.start < self.bottom:
            raise ValueError("levels need top < start < bottom")
        return self


class ConstableStart(BaseModel):
    """Where a constable starts before walking its set-up roll, and which way it faces."""

    model_config = ConfigDict(frozen=True)

    level: int
    facing: Literal["up", "down"]


class ConstableSetup(BaseModel):
    """§2.4 [ed]: the set-up roll's parity picks the constable's starting level and facing."""

    model_config = ConfigDict(frozen=True)

    odd: ConstableStart
    even: ConstableStart

    def for_roll(self, roll: int) -> ConstableStart:
        return self.odd if roll % 2 else self.even


class LevelYield(BaseModel):
    model_config = ConfigDict(frozen=True)

    level: int
    goods: tuple[Symbol, ...]
    shillings: int | Literal["purse"]


class OptionRange(BaseModel):
    model_config = ConfigDict(frozen=True)

    default: int | None = None
    min: int
    max: int


class Board(BaseModel):
    model_config = ConfigDict(frozen=True)

    players: PlayerRange
    colours: tuple[Colour, ...]
    locations: tuple[Location, ...]
    levels: Levels
    constable_start: ConstableSetup
    yields: tuple[LevelYield, ...]
    stall_size: int = Field(ge=1)
    stall_start: int = Field(ge=0)
    wheel: tuple[int, ...]
    wheel_ring: tuple[str, ...]
    """The colours in the order they sit on the price wheel [ed]: the colour at index i
    costs `wheel[(i + rotation) mod 6]`. Games started before the wheel had this ring keep
    theirs, the order of the locations (`colour_ring`); see `prices_at`."""
    warehouse_sizes: dict[int, int]
    start_shillings: int = Field(ge=0)
    start_cubes_per_colour: int = Field(ge=0)
    urchins: int = Field(ge=1)
    hand_limit: int = Field(ge=0)
    fagin_price: int = Field(ge=0)
    max_slots: int = Field(ge=1)
    exchange_give: int = Field(ge=1)
    """An exchange slot returns this many cubes for one."""
    holder_trade_max: int = Field(ge=1)
    """Cubes (of different colours) the Market token holder may trade in one turn."""
    fagin_target: OptionRange
    round_limit: OptionRange
    dead_end_rule: str = Field(min_length=1)
    """The number of the [ed] rule that ends a game nobody can move on any more
    (`dead_end`), cited in the rulebook and in the announcement."""
    plan_max_chars: int = Field(ge=10)

    @model_validator(mode="after")
    def _consistent(self) -> "Board":
        colour_keys = [c.key for c in self.colours]
        if len(set(colour_keys)) != len(colour_keys):
            raise ValueError("colour keys must be distinct")
        used = [loc.colour for loc in self.locations]
        if sorted(used) != sorted(colour_keys):
            raise ValueError("every colour belongs to exactly one location")
        if len(self.wheel) != len(self.locations):
            raise ValueError("the price wheel needs one price per location colour")
        if sorted(self.wheel_ring) != sorted(colour_keys):
            raise ValueError("the wheel ring holds every colour once")
        levels = [y.level for y in self.yields]
        if levels != list(range(self.levels.top, self.levels.bottom + 1)):
            raise ValueError("yields must list every level from top to bottom in order")
        for start in (self.constable_start.odd, self.constable_start.even):
            if not self.levels.top <= start.level <= self.levels.bottom:
                raise ValueError("constables must start on a level of the track")
            facing_off = (start.level == self.levels.top and start.facing == "up") or (
                start.level == self.levels.bottom and start.facing == "down"
            )
            if facing_off:
                raise ValueError("a constable at the end of the track must face along it")
        if self.holder_trade_max > len(self.colours):
            raise ValueError("the token holder's cubes are of different colours")
        if self.stall_start > self.stall_size:
            raise ValueError("stalls cannot start fuller than their size")
        for n in range(self.players.min, self.players.max + 1):
            size = self.warehouse_sizes.get(n)
            if size is None:
                raise ValueError(f"no warehouse size for {n} players")
            if size < self.stall_start + n * self.start_cubes_per_colour:
                raise ValueError(f"warehouses for {n} players are too small for setup")
        if not self.fagin_target.min <= (self.fagin_target.default or 0) <= self.fagin_target.max:
            raise ValueError("the default Fagin target must lie in its range")
        if self.fagin_target.max > self.urchins:
            raise ValueError("the Fagin target cannot exceed the urchins a player has")
        # Building the alias maps checks that no name is claimed by two things.
        _ = self.location_aliases, self.colour_aliases
        return self

    @cached_property
    def location_aliases(self) -> dict[str, str]:
        """Every accepted spelling of a location (full name, short name, extras) -> key."""
        return _alias_map(
            (loc.key, (loc.key, loc.name, *loc.aliases, *loc.de.words())) for loc in self.locations
        )

    @cached_property
    def colour_aliases(self) -> dict[str, str]:
        """Every accepted spelling of a colour (colour, goods name, extras) -> key."""
        return _alias_map(
            (c.key, (c.key, c.goods, *c.aliases, *c.de.words())) for c in self.colours
        )

    @cached_property
    def ring(self) -> tuple[str, ...]:
        """Location keys in ring order."""
        return tuple(loc.key for loc in self.locations)

    @cached_property
    def colour_set(self) -> frozenset[str]:
        """Every colour key, for the checks each action makes."""
        return frozenset(self.colour_ring)

    @cached_property
    def colour_ring(self) -> tuple[str, ...]:
        """Colour keys in ring order (the order the price wheel uses)."""
        return tuple(loc.colour for loc in self.locations)

    def prices_at(self, ring: str, rotation: int) -> dict[str, int]:
        """Every colour's wheel price (colours in `colour_ring` order) at a rotation, for
        the wheel ring a game plays with: "colours" is `wheel_ring`, "locations" the
        order of the locations (games started before the wheel had a ring of its own)."""
        return self._price_table[ring][rotation % len(self.wheel)]

    @cached_property
    def _price_table(self) -> dict[str, tuple[dict[str, int], ...]]:
        # Prices are read on every trade and every estimate: work them out once.
        rings = {"locations": self.colour_ring, "colours": self.wheel_ring}
        size = len(self.wheel)
        return {
            name: tuple(
                {
                    colour: self.wheel[(ring.index(colour) + rotation) % size]
                    for colour in self.colour_ring
                }
                for rotation in range(size)
            )
            for name, ring in rings.items()
        }

    def location(self, key: str) -> Location:
        return self.locations[self.ring.index(key)]

    def known_location(self, key: str, part: Param) -> Location:
        """The location for a key from an action, refusing keys the board does not have."""
        if key not in self.ring:
            raise RuleError(
                'In "{part}": {why}',
                part=shown(part) if isinstance(part, str) else part,
                why=said("“{typed}” is not a location.", typed=shown(key)),
            )
        return self.location(key)

    def known_colour(self, key: str, part: Param) -> str:
        """A colour key from an action, refusing keys the board does not have."""
        if key not in self.colour_ring:
            raise RuleError(
                'In "{part}": {why}',
                part=shown(part) if isinstance(part, str) else part,
                why=said("“{typed}” is not a colour.", typed=shown(key)),
            )
        return key

    def colour(self, key: str) -> Colour:
        return self._colour_by_key[key]

    @cached_property
    def _colour_by_key(self) -> dict[str, Colour]:
        return {c.key: c for c in self.colours}

    def colour_label(self, key: str) -> str:
        """A colour with its goods, as players know the cubes: "black (silverware)"."""
        return f"{key} ({self.colour(key).goods})"

    def colour_said(self, key: str) -> Say:
        """`colour_label` as a sentence fragment, named in the reader's language."""
        return said(
            "{colour} ({goods})",
            colour=Term(english=key),
            goods=Term(english=self.colour(key).goods),
        )

    def location_term(self, key: str) -> Term:
        """A location's name, shown in the reader's language."""
        return Term(english=self.location(key).name)

    def location_at(self, key: str) -> Term:
        """ "at River Thames" ("an der Themse"): where things happen at a location."""
        location = self.location(key)
        return Term(english=location.at or f"at {location.name}")

    def ring_colour(self, location: str, symbol: str) -> str:
        """The concrete colour a yield symbol stands for at a location (★ stays ★)."""
        index = self.ring.index(location)
        size = len(self.ring)
        offsets = {"C": 0, "L": -1, "R": 1, "O": size // 2}
        if symbol not in offsets:
            return CHOICE
        return self.colour_ring[(index + offsets[symbol]) % size]

    def goods_at(self, location: str, level: int) -> list[str]:
        """The goods printed on a level: colour keys and ★ for each free choice."""
        return list(self._printed_goods[(location, level)])

    @cached_property
    def _printed_goods(self) -> dict[tuple[str, int], tuple[str, ...]]:
        # Views and legal moves read every level of every location on each call.
        return {
            (location, level): tuple(
                self.ring_colour(location, symbol)
                for symbol in self.yields[level - self.levels.top].goods
            )
            for location in self.ring
            for level in range(self.levels.top, self.levels.top + len(self.yields))
        }

    def shillings_at(self, location: str, level: int) -> int:
        row = self.yields[level - self.levels.top]
        if row.shillings == "purse":
            return self.location(location).purse
        return row.shillings

    def warehouse_size(self, players: int) -> int:
        return self.warehouse_sizes[players]

    def describe_cubes(self, cubes: Mapping[str, int]) -> str:
        """ "2 black, 1 blue" in ring order; "nothing" when empty."""
        parts = [f"{cubes[c]} {c}" for c in self.colour_ring if cubes.get(c, 0) > 0]
        return ", ".join(parts) if parts else "nothing"

    def cubes_said(self, cubes: Mapping[str, int]) -> Param:
        """`describe_cubes` as a sentence parameter, colours in the reader's language."""
        parts: list[Param] = [
            said("{count} {colour}", count=cubes[c], colour=Term(english=c))
            for c in self.colour_ring
            if cubes.get(c, 0) > 0
        ]
        return parts if parts else said("nothing")


def _alias_map(entries: Iterable[tuple[str, tuple[str, ...]]]) -> dict[str, str]:
    result: dict[str, str] = {}
    for key, spellings in entries:
        for spelling in spellings:
            folded = spelling.casefold()
            if result.get(folded, key) != key:
                raise ValueError(f"the name {spelling!r} is claimed twice")
            result[folded] = key
    return result


def load_board(text: str | None = None) -> Board:
    """The board from JSON text, or from the packaged `board.json`."""
    if text is None:
        text = resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8")
    return Board.model_validate(json.loads(text))


BOARD = load_board()
