"""Take-backs keep the log honest: random games with random take-backs replay exactly,
and a take-back never changes what the dice will say next."""

import asyncio
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.service.commands.takeback import undo
from bot.store import open_store
from rules.registry import GAMES

PLACE = Place(31, 1)
GENERIC = dict.fromkeys(GAMES, EventPresenter())


async def play(path: Path, kind: str, seed: int, moves: int) -> tuple[GameService, int, int]:
    service = GameService(open_store(path), GAMES, seed=seed, presenters=GENERIC)
    players = [Actor(user, f"p{user}") for user in (1, 2, 3)]
    host = players[0]
    options = {"round_limit": 4} if kind == "fagins-gang" else {"turns": 2}
    await service.new_game(PLACE, host, kind, options)
    for actor in players[1:]:
        await service.join(PLACE, actor)
    await service.start(PLACE, host, None)
    chooser = random.Random(seed)
    undone = 0
    for _ in range(moves):
        table = service.table(PLACE.channel_id)
        if table is None:
            break
        if chooser.random() < 0.3:
            mover = players[chooser.randrange(3)]
            outcome = await undo(service.engine, PLACE, mover)
            undone += outcome.accepted and outcome.reply is None  # taken back, not asked
            continue
        seat = table.rules.waiting_on(table.state)[0]
        legal = [a for a in table.rules.legal_actions(table.state, seat) if a.type != "give"]
        action = chooser.choice(legal)
        outcome = await service.act(PLACE, players[seat], lambda _t, _s, a=action: a)
        assert outcome.accepted, outcome.reply
    game = service.store.games_with_status("active", "finished")[0]
    return service, game.id, undone


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000))
def test_random_games_with_take_backs_replay_exactly(kind: str, seed: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        service, game_id, _ = asyncio.run(play(Path(folder) / "t.db", kind, seed, 120))
        game = service.store.game(game_id)
        assert GAMES[kind].dump_state(service.replay(game_id)) == game.state
        service.close()


def test_take_backs_happen_in_these_games(tmp_path: Path) -> None:
    """The property above is only worth something if take-backs are really accepted."""
    total = 0
    for seed in range(4):
        service, _, undone = asyncio.run(play(tmp_path / f"{seed}.db", "fagins-gang", seed, 80))
        total += undone
        service.close()
    assert total >= 3
