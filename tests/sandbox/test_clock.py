"""The sandbox's virtual clock keeps to the real one, so the scheduler and deadlines work."""

from datetime import UTC, datetime, timedelta

from bot.sandbox import MAX_STEP_SECONDS, Sandbox
from bot.settings import Settings

START = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


class MovableClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


async def test_the_simulated_time_starts_at_the_real_time(settings: Settings) -> None:
    clock = MovableClock()
    async with Sandbox(settings, players=1, port=0, tick=False, clock=clock) as sandbox:
        assert abs(sandbox.env.now() - START) < timedelta(seconds=1)
        assert abs(sandbox.world.table.last_message.created_at - START) < timedelta(seconds=1)


async def test_each_tick_catches_up_with_the_real_clock_a_bounded_step_at_a_time(
    settings: Settings,
) -> None:
    clock = MovableClock()
    async with Sandbox(settings, players=1, port=0, tick=False, clock=clock) as sandbox:
        started = sandbox.env.now()
        clock.now += timedelta(seconds=90)

        await sandbox.tick_once()
        assert sandbox.env.now() - started == timedelta(seconds=MAX_STEP_SECONDS)
        await sandbox.tick_once()
        assert sandbox.env.now() - started == timedelta(seconds=90)
        await sandbox.tick_once()  # caught up: nothing moves
        assert sandbox.env.now() - started == timedelta(seconds=90)


async def test_a_deadline_falls_due_by_the_real_clock(settings: Settings) -> None:
    clock = MovableClock()
    async with Sandbox(settings, players=3, port=0, tick=False, clock=clock) as sandbox:
        world = sandbox.world
        alice, bob, carol = world.players
        await alice.slash(world.table, "game new", game="fantasy-business")
        await bob.slash(world.table, "game join")
        await carol.slash(world.table, "game join")
        await alice.slash(world.table, "game start")
        await alice.slash(world.table, "game timer", hours=1)
        before = len(world.table.history())

        clock.now += timedelta(hours=1, minutes=2)
        for _ in range(70):
            await sandbox.tick_once()

        assert any("Time is up" in m.content for m in world.table.history()[before:])
