"""`python -m bot migrate-to URL`: move a SQLite database into an empty PostgreSQL one.

Growing from one process to several is a setting, not a rewrite: the tables are the
same on both backends (one schema, one list of migrations), so the copy is generic —
every data table the source has, parents before children, rows as they are (ids kept).
It runs as one transaction on the target and is checked before it commits: the target
must have been empty, every table's row count must match, and every game's action log
must replay from its seed to the state stored for it (`bot.replay`). Anything
wrong rolls the whole copy back, leaving the target as empty as it was.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from bot.replay import replay
from bot.store.base import Store
from bot.store.errors import StoreUnusable
from rules.protocol import GameRules

BATCH = 1000


class CopyRefused(StoreUnusable):
    """The copy cannot be made or did not verify; nothing was written to the target."""


@dataclass(frozen=True)
class CopyReport:
    counts: dict[str, int]
    """Rows copied per table, in copying order."""
    replayed: int
    """Games whose log replayed to their stored state."""

    def line(self, source: str, target: str) -> str:
        rows = ", ".join(f"{count} {table}" for table, count in self.counts.items())
        return (
            f"copied {rows} from {source} to {target}; every count matches and all "
            f"{self.replayed} started games replay to their stored state"
        )


def copy_store(source: Store, target: Store, games: Mapping[str, GameRules]) -> CopyReport:
    """Copy every row of `source` into the empty `target`, verified (module docstring)."""
    tables = source.data_tables()
    missing = [table for table in tables if table not in set(target.data_tables())]
    if missing:
        raise CopyRefused(f"{target.location} has no table {missing[0]}; nothing was copied.")
    filled = {table: n for table in target.data_tables() if (n := target.count_rows(table))}
    if filled:
        what = ", ".join(f"{n} rows in {table}" for table, n in filled.items())
        raise CopyRefused(
            f"{target.location} is not empty ({what}); migrate-to only copies into an empty "
            "database, so that nothing there is overwritten or mixed. Nothing was copied."
        )
    counts: dict[str, int] = {}
    with source.transaction(), target.transaction():
        for table in tables:
            copied = 0
            batch: list[dict[str, object]] = []
            for row in source.rows(table):
                batch.append(row)
                if len(batch) == BATCH:
                    copied += target.insert_rows(table, batch)
                    batch = []
            copied += target.insert_rows(table, batch)
            counts[table] = copied
        for table in tables:
            there, here = source.count_rows(table), target.count_rows(table)
            if there != here:
                raise CopyRefused(
                    f"{table}: {there} rows in the source but {here} in the target after "
                    "the copy; nothing was copied."
                )
        replayed = _check_replays(target, games)
    return CopyReport(counts, replayed)


def _check_replays(target: Store, games: Mapping[str, GameRules]) -> int:
    replayed = 0
    for game in target.games_with_status("active", "finished", "aborted"):
        if game.state is None or game.kind not in games:
            continue
        try:
            rules = games[game.kind]
            seats = len(target.seats(game.id))
            log = target.actions(game.id)
            state = rules.dump_state(replay(rules, seats, game.options, game.seed, log).state)
        except Exception as error:
            raise CopyRefused(
                f"game {game.id} ({game.kind}) does not replay from its log ({error}); "
                "nothing was copied."
            ) from error
        if state != game.state:
            raise CopyRefused(
                f"game {game.id} ({game.kind}): replaying its log does not give its stored "
                "state; nothing was copied."
            )
        replayed += 1
    return replayed
