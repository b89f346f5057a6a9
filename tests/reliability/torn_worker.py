"""Set a table up, then run one multi-step command and kill the process mid-command.

`python -m tests.reliability.torn_worker DB COMMAND KILL_AFTER` (DB: a SQLite path or a
PostgreSQL URL): prepares the position
COMMAND needs (without any kill), then runs COMMAND with every store write counted and
the process SIGKILLed right after write number KILL_AFTER (0: stop before the command;
a number beyond the command's writes: the command completes and "DONE" is printed).
The clock is fixed, so two runs write identical rows.
"""

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import wraps
from typing import Any

from bot.service import Actor, GameService, Place
from bot.service.commands import deadlines, seats
from bot.store import Store, open_store
from rules.registry import GAMES

PLACE = Place(77, 1)
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
PLAYERS = [Actor(user, f"p{user}") for user in (1, 2, 3, 4)]
HOST = PLAYERS[0]
WRITES = ("create_game", "add_seat", "remove_seat", "update_game", "update_seat", "append_action")

Command = Callable[[GameService], Awaitable[Any]]


async def lobby(service: GameService, players: int) -> None:
    await service.new_game(PLACE, HOST, "fantasy-business", {})
    for actor in PLAYERS[1:players]:
        await service.join(PLACE, actor)


async def running(service: GameService) -> None:
    await lobby(service, 4)
    await service.start(PLACE, HOST, PLAYERS[1].user_id)  # p2 designates first


SETUPS: dict[str, Command] = {
    "new": lambda service: asyncio.sleep(0),
    "leave-host": lambda service: lobby(service, 3),
    "leave-last": lambda service: lobby(service, 1),
    "kick": running,
    "resign": running,
    "replace-host": running,
    "timer": running,
}

COMMANDS: dict[str, Command] = {
    "new": lambda service: service.new_game(PLACE, HOST, "fantasy-business", {}),
    "leave-host": lambda service: service.leave(PLACE, HOST),
    "leave-last": lambda service: service.leave(PLACE, HOST),
    "kick": lambda service: seats.kick(service.engine, PLACE, HOST, PLAYERS[1].user_id),
    "resign": lambda service: seats.resign(service.engine, PLACE, PLAYERS[1]),
    "replace-host": lambda service: seats.replace(service.engine, PLACE, HOST, 1, 99, "newcomer"),
    "timer": lambda service: deadlines.set_timer(service.engine, PLACE, HOST, 24, None),
}


def count_writes(store: Store, kill_after: int) -> None:
    done = 0

    def counted(method: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(method)
        def write(*args: Any, **kwargs: Any) -> Any:
            nonlocal done
            result = method(*args, **kwargs)
            done += 1
            if done == kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
            return result

        return write

    for name in WRITES:
        setattr(store, name, counted(getattr(store, name)))


async def main(location: str, command: str, kill_after: int) -> None:
    service = GameService(open_store(location), GAMES, seed=11, clock=lambda: NOW)
    await SETUPS[command](service)
    if kill_after == 0:
        print("SETUP", flush=True)
        return
    count_writes(service.store, kill_after)
    outcome = await COMMANDS[command](service)
    assert outcome.accepted, outcome.reply
    print("DONE", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
