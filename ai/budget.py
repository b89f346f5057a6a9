"""How long a decision may think: a number of playouts and, optionally, seconds.

A budget is a value (python-chess's `Limit`): the caller decides it, the search obeys it.
Only the iteration count keeps a decision reproducible; seconds need a clock, which the
caller passes in (e.g. `time.perf_counter`), because this layer reads no clock itself.
"""

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

Clock = Callable[[], float]


class Budget(BaseModel):
    """At most `iterations` playouts and, when a clock is given, at most `seconds`."""

    model_config = ConfigDict(frozen=True)

    iterations: int = Field(default=256, ge=1)
    seconds: float | None = Field(default=None, gt=0)


class Deadline:
    """Tells a search when to stop; the seconds count only if a clock was passed in."""

    def __init__(self, budget: Budget, clock: Clock | None) -> None:
        self.iterations = budget.iterations
        self._clock = clock if budget.seconds is not None else None
        self._end = 0.0
        if self._clock is not None and budget.seconds is not None:
            self._end = self._clock() + budget.seconds

    def fewer(self, cost: float) -> "Deadline":
        """The same deadline for playouts that each cost `cost` ordinary ones: a budget
        of N playouts buys N / cost of them (at least one); the clock is unchanged."""
        scaled = Deadline.__new__(Deadline)
        scaled.iterations = max(1, int(self.iterations / cost))
        scaled._clock, scaled._end = self._clock, self._end
        return scaled

    def over(self, done: int) -> bool:
        if done >= self.iterations:
            return True
        return self._clock is not None and self._clock() >= self._end


class Watch:
    """A clock (the caller's) that notes whether it ended a search: a deadline reads it
    once when it is made (the start) and then only while playouts are still owed
    (`Deadline.over` counts the playouts first), so a reading past `seconds` after the
    start means the clock, not the playout budget, stopped the search. The caller can
    then report that its answer was cut short by time, and so may differ from the
    answer the playouts alone would give."""

    def __init__(self, clock: Clock, seconds: float) -> None:
        self._clock = clock
        self._seconds = seconds
        self._start: float | None = None
        self.cut = False

    def __call__(self) -> float:
        now = self._clock()
        if self._start is None:
            self._start = now
        elif now >= self._start + self._seconds:
            self.cut = True
        return now


STRONG_PLAYOUTS = {"fantasy-business": 80, "fagins-gang": 96}
"""`strong`'s playouts a decision, per game: what each game's search needs to beat
`standard` clearly (about three in four games over 100 fresh seeds), within half a second
at the 95th percentile at three players on one core (`python -m bench ai`). Fantasy
Business at 48 won 0.71 of 100 games (seeds 22000-22099), at 80 0.77, p95 0.25 s; a
longer horizon or a looser confidence did worse (0.66 each)."""


def strong_budget(kind: str, seconds: float | None = None) -> Budget:
    """The budget `strong` searches a decision of `kind` with (`seconds`: the caller's
    time limit besides, when it passes a clock)."""
    return Budget(iterations=STRONG_PLAYOUTS[kind], seconds=seconds)
