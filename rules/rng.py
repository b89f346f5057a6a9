"""A seeded random generator small enough to live inside the game state.

The state is a seed and a counter, not a Mersenne Twister's 625 words, so a stored game
is small and a replay from the seed and the action log gives the same rolls. Every draw
derives a fresh `random.Random` from (seed, counter) and advances the counter; string
seeding in CPython hashes with SHA-512, so results are stable across processes and runs.
"""

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class Rng(BaseModel):
    """Immutable generator state; each draw returns the value and the next state."""

    model_config = ConfigDict(frozen=True)

    seed: int
    counter: int = 0

    def _source(self) -> random.Random:
        return random.Random(f"smithfield:{self.seed}:{self.counter}")

    def _next(self) -> "Rng":
        return self.model_copy(update={"counter": self.counter + 1})

    def randint(self, low: int, high: int) -> tuple[int, "Rng"]:
        return self._source().randint(low, high), self._next()

    def die(self) -> tuple[int, "Rng"]:
        """One roll of a six-sided die."""
        return self.randint(1, 6)

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], "Rng"]:
        result = list(items)
        self._source().shuffle(result)
        return result, self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, "Rng"]:
        return self._source().choice(list(items)), self._next()


class Shuffler(Protocol):
    """A generator from outside the game that the rules may shuffle with, such as an AI's
    own `random.Random(seed)` when it samples the worlds its seat cannot tell apart
    (`worlds.sample_world`). The rules never make one: randomness of their own comes only
    from `Rng`, so a game's future stays in its state."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...
