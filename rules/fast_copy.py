"""Rebuilding a pydantic model from already valid values without validating them again.

`apply` copies the whole state for every move (it never changes its input), and random
play makes hundreds of moves a game; re-validating a dump costs several times more than
copying the containers. Relies on how pydantic 2 lays out a model instance (the same
attributes `model_construct` sets); the games' value tests check that a copy equals its
original and that `apply` leaves its input untouched.
"""

from typing import Any, TypeVar

from pydantic import BaseModel

Model = TypeVar("Model", bound=BaseModel)


def rebuild(cls: type[Model], fields: dict[str, Any]) -> Model:
    """A `cls` holding `fields` (every field, values already valid) as they are."""
    model = object.__new__(cls)
    object.__setattr__(model, "__dict__", fields)
    object.__setattr__(model, "__pydantic_fields_set__", set(fields))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model
