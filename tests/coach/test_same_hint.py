"""The coach's advice is a function of the position: asked twice, once on an idle host
and once with both cores kept busy, the same position gets the same hint.

Before, a hint searched for 0.8 s of the clock, so on a loaded host fewer playouts ran
and the advice could change (1 of 12 Fantasy Business and 4 of 12 Fagin's Gang
positions in the audit of issue 35). Now the playouts bound it (`coach.hint_budget`)
and the clock (CPU time, which a busy host does not shorten) is a safety net far above
them, which reports when it cuts.
"""

import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.service.commands import coach as hint
from rules.fagins_gang import RULES as FAGIN
from rules.fantasy_business import RULES as BUSINESS
from tests.coach.test_no_cheating import honest


def _burn(stop: Any) -> None:
    """Keep one core busy until told to stop."""
    count = 0
    while not stop.is_set():
        count += 1


@contextmanager
def busy() -> Iterator[None]:
    """Every core of the host kept busy by a process of its own while the block runs."""
    spawn = multiprocessing.get_context("spawn")
    stop = spawn.Event()
    burners = [spawn.Process(target=_burn, args=(stop,)) for _ in range(os.cpu_count() or 2)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=10)
            if burner.is_alive():
                burner.kill()


def positions() -> list[tuple[str, Any]]:
    business = BUSINESS.view(honest(), 0)
    state, _ = FAGIN.setup(6, FAGIN.validate_options({}), 67015, None)
    return [
        ("fantasy-business", business),
        ("fagins-gang", FAGIN.view(state, FAGIN.waiting_on(state)[0])),
    ]


def ask(kind: str, view: Any) -> tuple[Any, bool]:
    """The hint as the worker computes it, with the bot's safety net, and whether the
    net cut it."""
    return hint.suggestion(kind, view, [], 35, hint.HINT_SECONDS)


def test_the_same_position_gets_the_same_hint_on_a_busy_host() -> None:
    idle = [ask(kind, view) for kind, view in positions()]
    with busy():
        on_busy = [ask(kind, view) for kind, view in positions()]
    assert on_busy == idle
    assert not any(cut for _, cut in idle + on_busy)
    playouts_only = [hint.suggestion(kind, view, [], 35, None) for kind, view in positions()]
    assert idle == playouts_only
