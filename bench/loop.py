"""How long a command's work holds the event loop (`python -m bench service` prints it).

A command's work runs in a writer thread (bot.service.runtime), so what it leaves on the
event loop is only handing it over and taking its answer back. Measured where it costs
most: whole games with AI seats deciding inside the commands, to the finishing move
(which replays the log, draws the chart's series and rates the players), on each
backend. Every callback the loop runs is timed (`Holds`); the longest is printed, with
the goal of 20 ms. The players' own choices are made in a thread, so only the bot's work
is on the loop.
"""

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from bot.service import Actor, GameService, Place
from bot.service.commands import ai_seats
from bot.store import open_store
from rules.registry import GAMES

GOAL_MS = 20.0
GAMES_PLAYED = {"fantasy-business": {"turns": 3}, "fagins-gang": {"round_limit": 6}}


class Holds:
    """Every callback the event loop runs, timed: (seconds, what). asyncio's own debug mode
    would time them too, but it records a traceback at every future it creates, which
    costs more than the callbacks measured; this times `Handle._run` alone."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, str]] = []
        self._run: Callable[[asyncio.Handle], None] | None = None

    def __enter__(self) -> "Holds":
        run = self._run = asyncio.events.Handle._run
        seen = self.seen

        def timed(handle: asyncio.Handle) -> None:
            started = time.perf_counter()
            run(handle)
            seen.append((time.perf_counter() - started, repr(handle)))

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        assert self._run is not None
        asyncio.events.Handle._run = self._run  # type: ignore[method-assign]


async def _game(service: GameService, kind: str, options: dict[str, Any], channel: int) -> None:
    """One person and two standard AIs, to the end; the person plays seeded random moves."""
    rules = GAMES[kind]
    place, person = Place(channel, 1), Actor(1, "person")
    await service.new_game(place, person, kind, options)
    for _ in range(2):
        assert (await ai_seats.add_bot(service.engine, place, person, "standard")).accepted
    assert (await service.start(place, person, person.user_id)).accepted
    chooser = random.Random(channel)

    def choose() -> Any:
        """The person's next move (None: the game is over; AIs move inside commands)."""
        table = service.table(channel)
        if table is None:
            return None
        moves = [a for a in rules.legal_actions(table.state, 0) if a.type != "give"]
        return chooser.choice(moves) if moves else rules.default_action(table.state, 0)

    for _ in range(2000):
        action = await asyncio.to_thread(choose)
        if action is None:
            return
        await service.act(place, person, lambda _t, _s, chosen=action: chosen)


async def longest_hold(location: str) -> dict[str, tuple[float, str]]:
    """Per game kind: the longest single callback on the loop while it was played."""
    found: dict[str, tuple[float, str]] = {}
    service = GameService(open_store(location), GAMES, seed=11)
    try:
        for number, (kind, options) in enumerate(GAMES_PLAYED.items()):
            with Holds() as holds:
                await _game(service, kind, options, 5000 + number)
            found[kind] = max(holds.seen, default=(0.0, "nothing"))
    finally:
        await service.aclose()
    return found


async def report(label: str, databases: Callable[[], str]) -> float:
    """Print the longest hold per game on one backend; returns the longest, in ms."""
    holds = await longest_hold(databases())
    worst = 0.0
    for kind, (seconds, what) in holds.items():
        ms = seconds * 1000
        worst = max(worst, ms)
        print(
            f"{label}, {GAMES[kind].title} with two AI seats to the end: the longest a "
            f"callback held the event loop was {ms:.1f} ms (goal {GOAL_MS:.0f} ms): {what[:90]}"
        )
    return worst
