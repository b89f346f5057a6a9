"""Checks that guard a write are made inside its transaction: several processes racing
for the last seat of a lobby cannot over-fill it."""

import asyncio
import multiprocessing
from pathlib import Path

from bot.service import Actor, GameService, Place
from bot.store import open_store
from rules.registry import GAMES

PLACE = Place(5, 1)
RACERS = 4


def _join(path: str, user: int, barrier: object) -> bool:
    service = GameService(open_store(path), GAMES)
    barrier.wait()  # type: ignore[attr-defined]
    outcome = asyncio.run(service.join(PLACE, Actor(user, f"racer{user}")))
    return outcome.accepted


async def seven_of_eight(path: Path) -> int:
    service = GameService(open_store(path), GAMES, seed=1)
    await service.new_game(PLACE, Actor(1, "host"), "fantasy-business", {})
    for user in range(2, 8):
        assert (await service.join(PLACE, Actor(user, f"p{user}"))).accepted
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None and len(service.store.seats(game.id)) == 7
    assert GAMES["fantasy-business"].max_players == 8
    return game.id


def test_processes_racing_for_the_last_seat_fill_it_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    game_id = asyncio.run(seven_of_eight(path))
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(RACERS)
        with ctx.Pool(RACERS) as pool:
            joined = pool.starmap(_join, [(str(path), 100 + i, barrier) for i in range(RACERS)])
    assert sorted(joined) == [False] * (RACERS - 1) + [True]
    assert len(open_store(path).seats(game_id)) == 8
