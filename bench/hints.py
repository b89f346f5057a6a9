"""The coach's time: `/hint` at three players, as the bot runs it (`python -m bench hints`).

Positions come from games the `standard` AI plays; at each sampled decision the strong
AI is asked from that seat's view and public history, in the bot's hint worker process
(spawned and warmed first, as a running bot's is after its first hint), with the bot's
time budget (`bot.service.commands.coach.HINT_SECONDS`). The time counted is the round trip: sending
the view to the worker, the search, and the move back. Prints p50 and p95 per game; the
target is a p95 within one second.
"""

import statistics
import time

from ai import decide, decision_seed
from bot.service.commands import coach as hint
from rules.events import Event
from rules.registry import GAMES

PLAYERS = 3
SAMPLES = 40
EVERY = 7
"""Ask at every seventh decision of the games played, for a spread of positions."""


def _positions(kind: str) -> list[tuple[object, list[Event], int]]:
    rules = GAMES[kind]
    found: list[tuple[object, list[Event], int]] = []
    seed = 1
    while len(found) < SAMPLES:
        state, events = rules.setup(PLAYERS, {}, seed, 0)
        history = [event for event in events if event.public]
        moves = 0
        while rules.outcome(state) is None and len(found) < SAMPLES:
            seat = rules.waiting_on(state)[0]
            view = rules.view(state, seat)
            known = history if kind == "fantasy-business" else []
            if moves % EVERY == 0:
                found.append((view, list(known), decision_seed(seed, len(history), seat)))
            action = decide(kind, "standard", view, known, decision_seed(seed, moves, seat))
            state, events = rules.apply(state, seat, action)
            history += [event for event in events if event.public]
            moves += 1
        seed += 1
    return found


def main() -> None:
    pool = hint.WORKER.pool()
    pool.submit(time.sleep, 0).result()  # the worker is up, as after a bot's first hint
    worst = 0.0
    for kind in ("fantasy-business", "fagins-gang"):
        times = []
        for view, history, seed in _positions(kind):
            start = time.perf_counter()
            pool.submit(hint.suggestion, kind, view, history, seed, hint.HINT_SECONDS).result()
            times.append(time.perf_counter() - start)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        worst = max(worst, p95)
        print(
            f"hint {kind} ({PLAYERS} players, {len(times)} positions): "
            f"p50 {statistics.median(times):.3f} s, p95 {p95:.3f} s"
        )
    verdict = "within" if worst <= 1.0 else "OVER"
    print(f"hint p95 {worst:.3f} s ({verdict} the 1 s target)")
