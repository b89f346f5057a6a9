"""The AI's own randomness: seeds derived from the seed it was given, never the game's.

A game's generator lives in its state and predicts its future (AI.md, "the trap"), so
the AI never uses it: every draw it makes comes from `random.Random` instances seeded
here. Derivation hashes the labels (BLAKE2b), so it gives the same numbers in every
process, whatever Python's string hashing seed is.
"""

import hashlib
import random


def derive(seed: int, *labels: object) -> int:
    """A new 63-bit seed from a seed and labels (e.g. a purpose and an iteration)."""
    text = ":".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def generator(seed: int, *labels: object) -> random.Random:
    """A seeded generator for one purpose."""
    return random.Random(derive(seed, *labels))


def decision_seed(ai_seed: int, step: int, seat: int) -> int:
    """The seed for one decision: a seed kept for the game's AIs (not the game's own
    seed), the number of actions logged so far, and the deciding seat. A replay of the
    log then asks every AI the same question with the same seed and gets the same move."""
    return derive(ai_seed, "decision", step, seat)
