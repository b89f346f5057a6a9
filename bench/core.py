"""The rules core's speed, in CPU time on one core (`python -m bench core`).

Three figures, each timed with `time.process_time`, so a busy machine (other processes
taking the cores) makes them no worse:

- random games a minute: whole games in the rules core alone, every move drawn from
  `legal_actions` (gifts left out) and applied, Fantasy Business at 5 players and
  Fagin's Gang at 4 (round limit 20);
- playouts a second: the random games of today's AI bench at 3 players, and the
  playouts `strong` itself makes (each candidate played from one determinization to its
  cut-off), counted while it decides;
- strong decision times: positions from games the `standard` AI plays (every
  `EVERY`-th decision), where `strong` is asked from that seat's view and public
  history with the bot's budget; p50 and p95 at 3 and at 6 players.

The positions and seeds are fixed, so two runs of the same code see the same
decisions; only the clock differs.
"""

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ai import decide, decision_seed, strong_budget
from ai.fagins_gang import strong as fagin_strong
from ai.fantasy_business import strong as business_strong
from bench import tournament
from rules.events import Event
from rules.registry import GAMES

RANDOM_SECONDS = 5.0
RANDOM_TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("fantasy-business", 5, {}),
    ("fagins-gang", 4, {"round_limit": 20}),
)
PLAYOUT_TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("fantasy-business", 3, {}),
    ("fagins-gang", 3, {"round_limit": 20}),
)
SAMPLES = 30
EVERY = 7
"""Ask `strong` at every seventh decision of the games played, for a spread of positions."""
GOAL_MS = 500


def random_games_line(kind: str, players: int, options: dict[str, Any]) -> str:
    games, moves = tournament.random_games(kind, players, dict(options), RANDOM_SECONDS)
    return (
        f"rules core, {GAMES[kind].title}, {players} players: {games * 60:,.0f} random "
        f"games a minute, {moves:,.0f} moves a second, {1e6 / moves:.1f} µs a move "
        f"({moves / games:.0f} moves a game; CPU time, one core)"
    )


def positions(
    kind: str, players: int, samples: int = SAMPLES
) -> list[tuple[object, list[Event], int]]:
    """(view, public history, decision seed) at every `EVERY`-th decision of games the
    `standard` AI plays, `samples` of them (the same positions for every run)."""
    rules = GAMES[kind]
    found: list[tuple[object, list[Event], int]] = []
    seed = 1
    while len(found) < samples:
        state, events = rules.setup(players, {}, seed, 0)
        history = [event for event in events if event.public]
        moves = 0
        while rules.outcome(state) is None and len(found) < samples:
            seat = rules.waiting_on(state)[0]
            view = rules.view(state, seat)
            known = history if kind == "fantasy-business" else []
            if moves % EVERY == 0:
                found.append((view, list(known), decision_seed(seed, moves, seat)))
            action = decide(kind, "standard", view, known, decision_seed(seed, moves, seat))
            state, events = rules.apply(state, seat, action)
            history += [event for event in events if event.public]
            moves += 1
        seed += 1
    return found


@contextmanager
def counting_playouts() -> Iterator[list[int]]:
    """Counts the playouts `strong` makes while the block runs (one per candidate and
    determinization), by wrapping the search's playout function."""
    count = [0]
    modules = (fagin_strong, business_strong)
    originals = [module.sequential_halving for module in modules]

    def counted(halving: Callable[..., Any]) -> Callable[..., Any]:
        def run(candidates: Any, sample: Any, playout: Any, deadline: Any) -> Any:
            def played(world: Any, move: Any) -> float:
                count[0] += 1
                return float(playout(world, move))

            return halving(candidates, sample, played, deadline)

        return run

    for module, original in zip(modules, originals, strict=True):
        module.sequential_halving = counted(original)  # type: ignore[attr-defined]
    try:
        yield count
    finally:
        for module, original in zip(modules, originals, strict=True):
            module.sequential_halving = original  # type: ignore[attr-defined]


def strong_decisions(kind: str, players: int) -> tuple[list[float], int]:
    """CPU seconds of each of `strong`'s decisions at the sampled positions, and the
    playouts they made together."""
    times: list[float] = []
    with counting_playouts() as playouts:
        for view, history, seed in positions(kind, players):
            started = time.process_time()
            decide(kind, "strong", view, history, seed, strong_budget(kind))  # type: ignore[call-overload]
            times.append(time.process_time() - started)
    return times, playouts[0]


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]


def main() -> None:
    for kind, players, options in RANDOM_TABLES:
        print(random_games_line(kind, players, options), flush=True)
    for kind, players, options in PLAYOUT_TABLES:
        games, moves = tournament.random_games(kind, players, dict(options), RANDOM_SECONDS)
        print(
            f"random playouts, {GAMES[kind].title}, {players} players: {games:.1f} games a "
            f"second, {moves:,.0f} moves a second (CPU time, one core)",
            flush=True,
        )
    for players in (3, 6):
        for kind in ("fantasy-business", "fagins-gang"):
            times, playouts = strong_decisions(kind, players)
            spent = sum(times)
            worst = p95(times) * 1000
            verdict = "within" if worst <= GOAL_MS else "OVER"
            print(
                f"strong {GAMES[kind].title}, {players} players, {len(times)} decisions: "
                f"p50 {statistics.median(times) * 1000:.0f} ms, p95 {worst:.0f} ms CPU "
                f"({verdict} {GOAL_MS} ms); {playouts / spent:,.0f} playouts a second "
                f"({playouts / len(times):.0f} a decision)",
                flush=True,
            )
