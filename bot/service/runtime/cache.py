"""Parsed game states kept in memory, per game and version, once they are committed.

Why: parsing a stored state (and deriving its public view) is most of a move's work on
a hot game, and a game's stored state changes only with its version. Why only
committed ones: a state a transaction made is kept only once that transaction committed
(bot.service.runtime.transaction), so the cache never serves what the database does not
hold.
"""

import threading
from collections import OrderedDict
from typing import Any

STATE_CACHE_SIZE = 256

Parsed = tuple[Any, dict[str, Any]]
"""A parsed state and what was derived from it once (its public view, the AI's public
history: the `memo` every `Table` of that version shares)."""


class States:
    """The parsed states of the most recently used games (one version each)."""

    def __init__(self, size: int = STATE_CACHE_SIZE) -> None:
        self._size = size
        self._states: OrderedDict[int, tuple[int, Any, dict[str, Any]]] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, game_id: int, version: int) -> Parsed | None:
        with self._guard:
            cached = self._states.get(game_id)
            if cached is None or cached[0] != version:
                return None
            self._states.move_to_end(game_id)
            return cached[1], cached[2]

    def keep(self, game_id: int, version: int, state: Any, memo: dict[str, Any]) -> None:
        with self._guard:
            self._states[game_id] = (version, state, memo)
            self._states.move_to_end(game_id)
            while len(self._states) > self._size:
                self._states.popitem(last=False)

    def __len__(self) -> int:
        return len(self._states)

    def games(self) -> list[int]:
        """The games held, least recently used first."""
        with self._guard:
            return list(self._states)
