"""A seeded random generator small enough to live inside the game state.

The state is a seed and a counter, not a Mersenne Twister's 625 words, so a stored game
is small and a replay from the seed and the action log gives the same rolls. Each draw
is a function of (seed, counter) alone and advances the counter. Two versions exist:

1. Games started before the counter-based generator: every draw seeds a fresh
   `random.Random` from the string "smithfield:<seed>:<counter>" (string seeding hashes
   with SHA-512, so results are stable across processes and runs). Slow, but those games
   must replay exactly, so they keep it.
2. New games: SplitMix64 (Steele, Lea & Flood 2014), itself a counter-based generator:
   draw n mixes `seed + n * golden gamma` through two multiply-xorshift rounds. A die
   roll costs a few integer operations; a shuffle seeds a `random.Random` with the mixed
   64-bit number (no string hashing). Dice are unbiased (rejection of the top sliver).

The version is part of the generator (and so of the stored state, written only when it
is not 1, so older games' JSON is what it always was); `setup` picks it from the game's
options.
"""

import random
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

FIRST = 1
"""The version of games started before the counter-based generator."""
COUNTER_BASED = 2
"""The version new games get."""
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment, the golden ratio in 64 bits."""


def mix(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit number to a well-spread 64-bit number."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """Immutable generator state; each draw returns the value and the next state."""

    seed: int
    counter: int = 0
    version: int = FIRST

    def _word(self) -> int:
        """Draw `counter`'s 64-bit number (version 2)."""
        return mix((self.seed + (self.counter + 1) * GAMMA) & MASK)

    def _source(self) -> random.Random:
        if self.version == FIRST:
            return random.Random(f"smithfield:{self.seed}:{self.counter}")
        return random.Random(self._word())

    def _next(self) -> "Rng":
        return Rng(self.seed, self.counter + 1, self.version)

    def randint(self, low: int, high: int) -> tuple[int, "Rng"]:
        if self.version == FIRST:
            return self._source().randint(low, high), self._next()
        span = high - low + 1
        word = self._word()
        top = (MASK + 1) - (MASK + 1) % span
        while word >= top:  # the top sliver would favour low values: draw again
            word = mix((word + GAMMA) & MASK)
        return low + word % span, self._next()

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
