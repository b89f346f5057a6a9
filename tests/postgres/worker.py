"""A bot process's store work, for the two-process tests on one PostgreSQL database.

`python -m tests.postgres.worker URL hammer WORKER ROUNDS`: act on every running game
of the database, ROUNDS times, all games at once each round (as a busy bot does), as
whichever seat each game waits on, with a random legal action chosen under the game's
lock. Prints `ACK game version seat action` for every accepted action, `version` being
the game's version the action was applied to (read under the lock), `LOST game reply`
for a refusal because of the other process (a lost race, a lock held too long: what a
player must never see), and `ROUND n` after each round. Refusals by the rules (the
other process moved that seat on first) are expected and not printed.

`python -m tests.postgres.worker URL schedule`: prints READY, waits for a line on
stdin (so two schedulers start together), runs one scheduler pass at the fixed time
NOW and prints `SAID channel` for every reminder or default it announced and
`SKIPPED n`.
"""

import asyncio
import json
import random
import sys
from datetime import UTC, datetime
from typing import Any

from bot.render.generic import EventPresenter
from bot.service import BUSY, RACED, UNREACHABLE, Actor, GameService, Place
from bot.service.commands import deadlines
from bot.store import open_store
from bot.table import Table
from rules.errors import RuleError
from rules.registry import GAMES

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
KIND = "fantasy-business"
PLAYERS = [Actor(user, f"p{user}") for user in (1, 2, 3, 4)]
PRESENTERS = dict.fromkeys(GAMES, EventPresenter())  # no board pictures: store work only


def service(url: str, **kwargs: Any) -> GameService:
    return GameService(open_store(url), GAMES, presenters=PRESENTERS, **kwargs)


async def set_up(url: str, games: int, first_channel: int = 1000) -> list[int]:
    """`games` running 4-player games; returns their ids."""
    made = service(url, seed=5, clock=lambda: NOW)
    ids = []
    for channel in range(first_channel, first_channel + games):
        place = Place(channel, 1)
        assert (await made.new_game(place, PLAYERS[0], KIND, {})).accepted
        for actor in PLAYERS[1:]:
            assert (await made.join(place, actor)).accepted
        assert (await made.start(place, PLAYERS[0], None)).accepted
        game = made.store.open_game(channel)
        assert game is not None
        ids.append(game.id)
    made.close()
    return ids


async def act_once(bot: GameService, game_id: int, chooser: random.Random) -> str | None:
    table = await bot.call(lambda: bot.table_for(bot.store.game(game_id)))
    if table.game.status != "active":
        return None
    seat = table.rules.waiting_on(table.state)[0]
    seen: dict[str, Any] = {}

    def choose(current: Table, mine: int) -> Any:
        # Under the game's row lock: the version this action is applied to.
        rules = current.rules
        moves = [a for a in rules.legal_actions(current.state, mine) if a.type != "give"]
        action = chooser.choice(moves) if moves else rules.default_action(current.state, mine)
        if action is None:
            raise RuleError("nothing to do now")  # the other process moved this seat on
        seen.update(version=current.game.version, action=action)
        return action

    outcome = await bot.act_in_game(game_id, PLAYERS[table.user_id(seat) - 1], choose)
    if not outcome.accepted:
        reply = outcome.reply.content if outcome.reply is not None else ""
        if any(words in reply for words in (RACED, BUSY, UNREACHABLE)):
            return f"LOST {game_id} {reply}"  # a race or a lock the player would see
        return None
    action = json.dumps(seen["action"].model_dump(mode="json"), sort_keys=True)
    return f"ACK {game_id} {seen['version']} {seat} {action}"


async def hammer(url: str, worker: int, rounds: int) -> None:
    bot = service(url)
    chooser = random.Random(worker)
    games = [game.id for game in bot.store.games_with_status("active")]
    for number in range(rounds):
        order = games if worker % 2 == 0 else list(reversed(games))
        said = await asyncio.gather(*(act_once(bot, game, chooser) for game in order))
        for line in said:
            if line is not None:
                print(line, flush=True)
        print(f"ROUND {number}", flush=True)
    bot.close()


async def schedule(url: str) -> None:
    bot = service(url, clock=lambda: NOW)
    print("READY", flush=True)
    sys.stdin.readline()
    done = await deadlines.tick(bot.engine, NOW)
    for channel, _ in done.said:
        print(f"SAID {channel}", flush=True)
    print(f"SKIPPED {done.skipped}", flush=True)
    bot.close()


if __name__ == "__main__":
    url, job = sys.argv[1], sys.argv[2]
    if job == "hammer":
        asyncio.run(hammer(url, int(sys.argv[3]), int(sys.argv[4])))
    else:
        asyncio.run(schedule(url))
