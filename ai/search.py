"""Determinized Monte Carlo search at the root of a seat's information set.

Each round draws one determinization (a full state consistent with the seat's view,
with a generator of the AI's own) and plays every surviving candidate action from it to
a cut-off, scoring the result in [0, 1]. Sequential halving (Karnin, Koren & Somekh
2013) spends the playout budget in rounds and keeps the better half each round, so
strong candidates get most playouts. Playing all survivors on the same determinization
compares them under the same hidden cards and dice (common random numbers), which
removes most of the noise a handful of samples would otherwise carry. It is the
one-level case of single-observer information-set MCTS (Cowling, Powley & Whitehouse
2012): candidates are chosen from what the seat knows, so every one is legal in every
determinization.

The first candidate is the default (the `standard` choice): it is never dropped, and
another candidate replaces it only if it beats it on the same determinizations by more
than their noise, so a small budget falls back on the heuristic instead of on luck.

Given an iteration-bound budget the result depends only on the seed; a clock only cuts
the search short.
"""

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from ai.budget import Deadline

World = TypeVar("World")
Move = TypeVar("Move")

CONFIDENCE = 1.0
"""Standard errors by which a candidate must beat the default, paired world by world."""


def sequential_halving(
    candidates: Sequence[Move],
    sample: Callable[[int], World],
    playout: Callable[[World, Move], float],
    deadline: Deadline,
) -> Move:
    """The default (first) candidate, unless another one is surely better."""
    if len(candidates) == 1:
        return candidates[0]
    scores: list[dict[int, float]] = [{} for _ in candidates]
    survivors = list(range(len(candidates)))
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    done = drawn = 0

    def mean(index: int) -> float:
        found = scores[index]
        return sum(found.values()) / len(found) if found else -1.0

    for _ in range(rounds):
        share = max(1, deadline.iterations // (len(survivors) * rounds))
        for _ in range(share):
            if deadline.over(done):
                break
            world = sample(drawn)
            for index in survivors:
                scores[index][drawn] = playout(world, candidates[index])
                done += 1
            drawn += 1
        if deadline.over(done):
            break
        challengers = sorted(survivors[1:], key=lambda i: (-mean(i), i))
        survivors = [0, *sorted(challengers[: max(1, len(challengers) // 2)])]
    best = max(survivors, key=lambda i: (mean(i), -i))
    return candidates[best] if beats_default(scores[best], scores[0]) else candidates[0]


def beats_default(challenger: dict[int, float], default: dict[int, float]) -> bool:
    """Whether the challenger scored better than the default on the worlds both played,
    by more than `CONFIDENCE` standard errors of the paired differences."""
    diffs = [challenger[w] - default[w] for w in challenger if w in default]
    if challenger is default or len(diffs) < 2:
        return False
    average = sum(diffs) / len(diffs)
    spread = sum((d - average) ** 2 for d in diffs) / (len(diffs) - 1)
    return average > CONFIDENCE * math.sqrt(spread / len(diffs)) and average > 1e-9
