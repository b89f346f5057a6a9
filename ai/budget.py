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
