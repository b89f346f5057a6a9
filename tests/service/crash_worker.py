"""A process that plays a game through the service and prints each acknowledgement.

`python -m tests.service.crash_worker DATABASE SEED`: DATABASE is a SQLite path or a
PostgreSQL URL.

Run by test_crash.py and killed with SIGKILL at a random point; everything it printed
as acknowledged must be in the database afterwards.
"""

import asyncio
import random
import sys

from bot.service import Actor, GameService, Place
from bot.store import open_store
from rules.registry import GAMES

PLACE = Place(77, 1)


async def play(location: str, seed: int) -> None:
    service = GameService(open_store(location), GAMES, seed=seed)
    players = [Actor(user, f"p{user}") for user in (1, 2, 3, 4)]
    await service.new_game(PLACE, players[0], "fantasy-business", {})
    for actor in players[1:]:
        await service.join(PLACE, actor)
    await service.start(PLACE, players[0], None)
    chooser = random.Random(seed)
    while (table := service.table(PLACE.channel_id)) is not None:
        rules, state = table.rules, table.state
        seat = rules.waiting_on(state)[0]
        moves = [a for a in rules.legal_actions(state, seat) if a.type != "give"]
        action = chooser.choice(moves) if moves else rules.default_action(state, seat)
        actor = Actor(table.user_id(seat), table.name(seat))
        outcome = await service.act(PLACE, actor, lambda _s, _seat, move=action: move)
        if outcome.accepted:
            game = service.store.game(table.game.id)
            print(f"ACK {game.id} {game.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2])))
