"""How `tests/store/schema5.db` was made: today's bot (schema 5, before records) plays a few
small games in the simulated server, and the database it wrote is kept as a fixture.

The fixture is a database as an existing server has it when it upgrades: a finished
Fantasy Business game in which carol let her deadlines pass, a finished Fagin's Gang game
with a take-back, an aborted game, a game still running in another channel and an open
lobby. `test_migration.py` opens it with the current code. Run this only with the code of
schema 5 (commit f2f35c8): later code writes a newer schema, which is not what the test is
for.

    PYTHONPATH=. .venv/bin/python tests/store/make_schema5_db.py tests/store/schema5.db
"""

import asyncio
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from rules.fantasy_business import RULES as FB
from tests.discord.fg_support import greedy_action, play, state_of
from tests.discord.harness import confirmed, public, world
from tests.discord.test_long_play_games import fb_move, fb_state, fb_table

HOUR = 3600.0


async def make(target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "smithfield.db"
        settings = Settings(SMITHFIELD_DB=path, SMITHFIELD_SEED=7, DISCORD_TOKEN="")
        async with world(settings, 3) as w:
            alice, bob, _carol = w.players
            # 1. Fantasy Business, one turn, timed; carol never acts: her moves are defaults.
            await fb_table(w, turns=1)
            public(await alice.slash(w.channel, "game timer", hours=12))
            while w.store.open_game(w.channel.id) is not None:
                waiting = [seat for seat in FB.waiting_on(fb_state(w)) if seat != 2]
                if waiting:
                    await fb_move(w, waiting[0])
                else:
                    await w.env.advance_time(HOUR)
            # 2. Fagin's Gang, one round, alice and bob; bob takes back his first move.
            public(await alice.slash(w.channel, "game new", game="fagins-gang", round_limit=1))
            public(await bob.slash(w.channel, "game join"))
            public(await alice.slash(w.channel, "game start", first=alice))
            first = True
            while w.store.open_game(w.channel.id) is not None:
                state = state_of(w)
                seat = FG.waiting_on(state)[0]
                public(await play(w, seat, greedy_action(state, seat)))
                if first and seat == 0:
                    public(await alice.slash(w.channel, "game undo"))
                    first = False
            # 3. Fantasy Business, aborted after the first auction began.
            await fb_table(w, turns=2)
            await fb_move(w, 0)
            await confirmed(alice, w.channel, "game abort")
            # 4. A game still running in another channel, and 5. an open lobby here.
            other = w.guild.create_text_channel("second-table")
            public(await alice.slash(other, "game new", game="fantasy-business", turns=1))
            public(await bob.slash(other, "game join"))
            public(await w.players[2].slash(other, "game join"))
            public(await alice.slash(other, "game start", first=alice))
            public(await alice.slash(other, "auction", card=1))
            public(await bob.slash(w.channel, "game new", game="fagins-gang"))
            service = w.bot.service
        service.close()  # every store thread's connection, so the file can be compacted
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
        conn.close()
        shutil.copyfile(path, target)


if __name__ == "__main__":
    asyncio.run(make(Path(sys.argv[1])))
