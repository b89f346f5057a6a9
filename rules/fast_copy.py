"""Game states as plain slotted dataclasses, with pydantic only at the boundary.

A move reads and writes a state's fields many times, random play and search make
millions of moves, and a pydantic model pays for every assignment and copy. So the hot
state of each game is a set of slotted dataclasses: reading, writing and copying them
costs what plain Python objects cost. Pydantic stays where data comes from outside or
goes out: loading a stored game validates its JSON into these dataclasses and dumping
writes it, through one `TypeAdapter` per state class, field for field as the pydantic
models that came before them wrote it (the stored games replay byte for byte, see
tests/rules/test_corpus.py).

`Stored` gives a state the few words of pydantic's that callers and tests use on it
(`model_dump_json`, `model_dump`, `model_copy`, iterating its fields), so a state reads
the same from outside whichever way it is kept.
"""

import copy
import dataclasses
from collections.abc import Iterator
from typing import Any, Literal, Self, TypeVar

from pydantic import BaseModel, TypeAdapter

Model = TypeVar("Model", bound=BaseModel)

_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def adapter(cls: type[Any]) -> TypeAdapter[Any]:
    """The validator and serialiser of a state class (built once, on first use)."""
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


class Stored:
    """Pydantic's boundary words for a dataclass state."""

    __slots__ = ()

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        found: Self = adapter(cls).validate_json(text)
        return found

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        found: Self = adapter(cls).validate_python(data)
        return found

    def model_dump_json(self, *, exclude: Any = None) -> str:
        return adapter(type(self)).dump_json(self, exclude=exclude).decode()

    def model_dump(
        self, *, mode: Literal["json", "python"] = "python", exclude: Any = None
    ) -> dict[str, Any]:
        dumped: dict[str, Any] = adapter(type(self)).dump_python(self, mode=mode, exclude=exclude)
        return dumped

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (a deep one with `deep`), with the fields in `update` replaced."""
        twin = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            setattr(twin, name, value)
        return twin

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        """(field, value) pairs, as a pydantic model iterates."""
        for found in dataclasses.fields(self):  # type: ignore[arg-type]
            yield found.name, getattr(self, found.name)


def built(cls: type[Model], **fields: Any) -> Model:
    """A frozen pydantic record (`cls`) holding `fields`, every field given and already
    valid, without validating them again: for the records a rule makes many times from
    numbers it worked out itself (the payouts of a reveal). Relies on how pydantic 2 lays
    out a model instance (the attributes `model_construct` sets); the corpus replay
    checks that such a record dumps exactly as a validated one."""
    model = object.__new__(cls)
    object.__setattr__(model, "__dict__", fields)
    object.__setattr__(model, "__pydantic_fields_set__", set(fields))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model
