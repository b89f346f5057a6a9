"""Two bot processes on one PostgreSQL database: serialised commands, deadlines exactly
once, and a process killed under load (the checks are in tests/postgres/campaign.py;
`make bench` runs bigger versions)."""

from tests.postgres import campaign

GAMES = 20
ROUNDS = 8


def test_two_processes_hammering_the_same_games_lose_no_update(pg_url: str) -> None:
    done = campaign.hammer(pg_url, GAMES, ROUNDS)
    print(
        f"two processes, {GAMES} games, {ROUNDS} rounds each: {done.total} acknowledged "
        f"actions {done.per_process}, none lost, none refused for a race"
    )


def test_two_schedulers_apply_each_default_and_reminder_once(pg_url: str) -> None:
    done = campaign.schedulers(pg_url, due=50, reminded=10)
    print(
        f"two schedulers, 50 games due and 10 reminders due: {done.defaults} defaults and "
        f"{done.reminders} reminders, each once; announced {done.announced}"
    )


def test_a_process_killed_under_load_loses_nothing_and_the_other_carries_on(
    pg_url: str,
) -> None:
    done = campaign.kill_under_load(pg_url, GAMES, ROUNDS, kill_after=40)
    print(
        f"SIGKILL after {done.victim} acknowledged actions; the other process went on to "
        f"{done.survivor}; none lost"
    )
