"""The coach's time: `/hint` at three and six players, as the bot runs it (`python -m bench
hints`).

Positions come from games the `standard` AI plays; at each sampled decision the strong
AI is asked from that seat's view and public history, in the bot's hint worker process
(spawned and warmed first, as a running bot's is after its first hint), with the bot's
playout budget and safety net (`bot.service.commands.coach`). The time counted is the
search's CPU time in the worker (`time.process_time`), so a busy machine makes it no
worse; the wall-clock round trip is printed beside it. Also counts the hints the safety
net cut (it should cut none). Prints p50 and p95 per game; the target is a p95 within
one second of CPU time.
"""

import statistics
import time

from bench.core import positions
from bot.service.commands import coach as hint
from rules.events import Event

PLAYERS = (3, 6)
SAMPLES = 40


def timed(kind: str, view: object, history: list[Event], seed: int) -> tuple[float, bool]:
    """One hint as the worker runs it: its CPU time and whether the safety net cut it."""
    started = time.process_time()
    _, cut = hint.suggestion(kind, view, history, seed, hint.HINT_SECONDS)
    return time.process_time() - started, cut


def main() -> None:
    pool = hint.WORKER.pool()
    pool.submit(time.sleep, 0).result()  # the worker is up, as after a bot's first hint
    worst = 0.0
    for players in PLAYERS:
        for kind in ("fantasy-business", "fagins-gang"):
            times, walls, cuts = [], [], 0
            for view, history, seed in positions(kind, players, SAMPLES):
                start = time.perf_counter()
                spent, cut = pool.submit(timed, kind, view, history, seed).result()
                walls.append(time.perf_counter() - start)
                times.append(spent)
                cuts += cut
            times.sort()
            walls.sort()
            p95 = times[int(0.95 * (len(times) - 1))]
            worst = max(worst, p95)
            print(
                f"hint {kind} ({players} players, {len(times)} positions, "
                f"{hint.hint_budget(kind, players, None).iterations} playouts): CPU p50 "
                f"{statistics.median(times):.3f} s, p95 {p95:.3f} s; wall p95 "
                f"{walls[int(0.95 * (len(walls) - 1))]:.3f} s; cut by the safety net {cuts}",
                flush=True,
            )
    verdict = "within" if worst <= 1.0 else "OVER"
    print(f"hint p95 {worst:.3f} s CPU ({verdict} the 1 s target)")
