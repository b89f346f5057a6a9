"""Answering Discord within its three seconds: one watchdog for every interaction.

An interaction whose work passes `DEFER_AFTER` is deferred ("thinking…"), exactly once,
and only that one; one whose command will queue behind a long backlog of the store's
writer is deferred before its work starts. However many interactions are in progress,
at most one timer is armed.
"""

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.messages import Outcome
from cogs import context


@dataclass
class FakeResponse:
    deferrals: int = 0
    asked: list[dict[str, Any]] = field(default_factory=list)

    def is_done(self) -> bool:
        return self.deferrals > 0

    async def defer(self, **kwargs: Any) -> None:
        self.asked.append(kwargs)
        self.deferrals += 1


@dataclass
class FakeService:
    wait: float = 0.0

    def expected_wait(self) -> float:
        return self.wait


@dataclass
class FakeInteraction:
    id: int
    client: Any
    response: FakeResponse = field(default_factory=FakeResponse)
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass
class Client:
    service: FakeService = field(default_factory=FakeService)


async def work(seconds: float) -> Outcome:
    await asyncio.sleep(seconds)
    return Outcome()


async def test_only_the_slow_interactions_are_deferred_and_one_timer_serves_them_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(context, "DEFER_AFTER", 0.2)
    client = Client()
    quick = [FakeInteraction(n, client) for n in range(20)]
    slow = [FakeInteraction(100 + n, client) for n in range(3)]
    loop = asyncio.get_running_loop()
    timers_before = len(loop._scheduled)  # type: ignore[attr-defined]
    runs = [context.in_time(i, work(0.01)) for i in quick]  # type: ignore[arg-type]
    runs += [context.in_time(i, work(0.5)) for i in slow]  # type: ignore[arg-type]
    tasks = [asyncio.ensure_future(run) for run in runs]
    await asyncio.sleep(0)
    # 23 interactions in progress: their 23 sleeps, and one watchdog timer.
    assert len(loop._scheduled) - timers_before == 23 + 1  # type: ignore[attr-defined]
    await asyncio.gather(*tasks)
    assert [i.response.deferrals for i in quick] == [0] * 20
    assert [i.response.deferrals for i in slow] == [1, 1, 1]
    assert not context.watchdog()._watched


async def test_a_command_behind_a_long_backlog_is_deferred_at_once() -> None:
    client = Client(FakeService(wait=context.DEFER_AT_ONCE + 1))
    interaction = FakeInteraction(1, client)
    seen: list[int] = []

    async def observed() -> Outcome:
        seen.append(interaction.response.deferrals)  # already deferred when work starts
        return Outcome()

    await context.in_time(interaction, observed())  # type: ignore[arg-type]
    assert seen == [1]


async def test_a_slow_in_place_answer_is_deferred_as_an_update_of_its_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A builder's Submit replaces the builder: its deferral must promise an edit of that
    message (a "thinking…" message would leave the builder's buttons live)."""
    monkeypatch.setattr(context, "DEFER_AFTER", 0.05)
    client = Client()
    plain, in_place = FakeInteraction(1, client), FakeInteraction(2, client)
    in_place.extras[context.IN_PLACE] = True
    await asyncio.gather(
        context.in_time(plain, work(0.3)),  # type: ignore[arg-type]
        context.in_time(in_place, work(0.3)),  # type: ignore[arg-type]
    )
    assert plain.response.asked == [{"ephemeral": True, "thinking": True}]
    assert in_place.response.asked == [{}]
