"""Discord's failures, imposed on the simulated REST router.

simcord's `env.inject_error` fails a call with a status and a code; real Discord also
answers with a body the bot reads (a 400's `errors`, naming the fields it refused; a
429's `retry_after` and `global`). This wraps simcord's router (every REST call and every
interaction callback and webhook follow-up goes through `simcord.http.router.dispatch`),
so a rule fails the matching requests with a Discord-shaped body, a number of times or
for a stretch of simulated time, and then heals.
"""

import fnmatch
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import simcord.http.router as router
from simcord.backend.errors import BackendError


@dataclass
class Rule:
    method: str
    path: str
    """An fnmatch pattern against the API path, e.g. "/channels/*/messages"."""
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    retry_after: float | None = None
    is_global: bool = False
    times: int | None = 1
    """How many matching requests fail (None: until `until`, or for good)."""
    until: float | None = None
    """The clock's time from which requests pass again (None: `times` decides)."""
    failed: int = 0

    def matches(self, method: str, path: str, now: float) -> bool:
        if self.method not in (method, "*") or not fnmatch.fnmatchcase(path, self.path):
            return False
        if self.until is not None and now >= self.until:
            return False
        return self.times is None or self.failed < self.times

    def error(self) -> BackendError:
        error = BackendError(self.status, self.code, self.message, errors=self.errors)
        if self.status == 429:
            body = {
                "message": self.message,
                "retry_after": self.retry_after if self.retry_after is not None else 1.0,
                "global": self.is_global,
                "code": self.code,
            }
            error.to_json = lambda: body  # type: ignore[method-assign]
        return error


@dataclass
class Faults:
    """The rules in force; installed on creation, removed when the test ends."""

    monkeypatch: pytest.MonkeyPatch
    clock: Callable[[], float] = time.monotonic
    rules: list[Rule] = field(default_factory=list)
    failed: list[tuple[str, str, int]] = field(default_factory=list)
    """(method, path, status) of every request a rule failed, in order."""

    def __post_init__(self) -> None:
        passing = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            now = self.clock()
            for rule in self.rules:
                if rule.matches(method, path, now):
                    rule.failed += 1
                    self.failed.append((method, path, rule.status))
                    raise rule.error()
            return passing(backend, method, path, **kwargs)

        self.monkeypatch.setattr(router, "dispatch", dispatch)

    def fail(
        self,
        method: str,
        path: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "Internal Server Error",
        errors: dict[str, Any] | None = None,
        retry_after: float | None = None,
        is_global: bool = False,
        times: int | None = 1,
        until: float | None = None,
    ) -> Rule:
        rule = Rule(
            method, path, status, code, message, errors, retry_after, is_global, times, until
        )
        self.rules.append(rule)
        return rule

    def clear(self) -> None:
        self.rules.clear()
