"""Discord's failures, imposed on the simulated REST router.

simcord's `env.inject_error` fails a call with a status and a code; real Discord also
answers with a body and headers the bot reads (a 400's `errors`, naming the fields it
refused; a 429's `Retry-After` and whether it is global), sometimes takes a request and
loses the answer on the way back, and deduplicates a message sent again with the same
nonce (`enforce_nonce`). This wraps simcord's router (every REST call and every
interaction callback and webhook follow-up goes through `simcord.http.router.dispatch`):
a rule fails the matching requests a number of times or for a stretch of (simulated)
time, and then heals; `retries()` re-creates discord.py's own retry rules, which the
simulated HTTP client leaves out.
"""

import asyncio
import fnmatch
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import simcord.http.client as http_client
import simcord.http.router as router
from simcord.backend.errors import BackendError


class _Response:
    """Enough of an aiohttp response for `discord.HTTPException`, with headers."""

    def __init__(self, status: int, headers: dict[str, str]) -> None:
        self.status = status
        self.reason = {429: "Too Many Requests", 502: "Bad Gateway"}.get(status, "Error")
        self.headers = headers


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
    lost: bool = False
    """Discord does the request, and the answer is lost on its way back."""
    failed: int = 0

    def matches(self, method: str, path: str, now: float) -> bool:
        if self.method not in (method, "*") or not fnmatch.fnmatchcase(path, self.path):
            return False
        if self.until is not None and now >= self.until:
            return False
        return self.times is None or self.failed < self.times

    def error(self) -> Exception:
        if self.status == 429:
            after = self.retry_after if self.retry_after is not None else 1.0
            headers = {
                "Retry-After": f"{after:g}",
                "X-RateLimit-Global": "true" if self.is_global else "false",
            }
            body = {"message": self.message, "retry_after": after, "global": self.is_global}
            return discord.HTTPException(_Response(429, headers), body)  # type: ignore[arg-type]
        if self.status >= 500:
            body = {"message": self.message, "code": self.code}
            return discord.DiscordServerError(_Response(self.status, {}), body)  # type: ignore[arg-type]
        return BackendError(self.status, self.code, self.message, errors=self.errors)


@dataclass
class Faults:
    """The rules in force; installed on creation, removed when the test ends."""

    monkeypatch: pytest.MonkeyPatch
    clock: Callable[[], float] = time.monotonic
    rules: list[Rule] = field(default_factory=list)
    failed: list[tuple[str, str, int]] = field(default_factory=list)
    """(method, path, status) of every request a rule failed, in order."""
    nonces: dict[tuple[str, str], Any] = field(default_factory=dict)
    """(path, nonce) -> the message Discord created for it (`enforce_nonce`)."""
    sent_twice: int = 0
    """Sends Discord recognised by their nonce and did not post again."""

    def __post_init__(self) -> None:
        passing = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            body = kwargs.get("json")
            nonce = (
                body.get("nonce") if isinstance(body, dict) and body.get("enforce_nonce") else None
            )
            if nonce is not None and (path, str(nonce)) in self.nonces:
                self.sent_twice += 1
                return self.nonces[(path, str(nonce))]
            now = self.clock()
            for rule in self.rules:
                if rule.matches(method, path, now):
                    rule.failed += 1
                    self.failed.append((method, path, rule.status))
                    if rule.lost:
                        result = passing(backend, method, path, **kwargs)
                        if nonce is not None:
                            self.nonces[(path, str(nonce))] = result
                    raise rule.error()
            result = passing(backend, method, path, **kwargs)
            if nonce is not None:
                self.nonces[(path, str(nonce))] = result
            return result

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
        lost: bool = False,
    ) -> Rule:
        rule = Rule(
            method,
            path,
            status,
            code,
            message,
            errors,
            retry_after,
            is_global,
            times,
            until,
            lost,
        )
        self.rules.append(rule)
        return rule

    def clear(self) -> None:
        self.rules.clear()

    def retries(self) -> None:
        """discord.py's own retries, which the simulated HTTP client does without: a 429
        is waited out (its Retry-After) and a 500, 502 or 504 tried again after 1 + 2n
        seconds, five tries in all, before the bot sees the error."""

        def retrying(request: Any) -> Any:
            async def again(*args: Any, **kwargs: Any) -> Any:
                for tries in range(5):
                    try:
                        return await request(*args, **kwargs)
                    except discord.HTTPException as error:
                        if tries == 4:
                            raise
                        if error.status == 429:
                            headers = getattr(error.response, "headers", {}) or {}
                            await asyncio.sleep(float(headers.get("Retry-After", 1)))
                        elif error.status in (500, 502, 504):
                            await asyncio.sleep(1 + tries * 2)
                        else:
                            raise
                raise AssertionError("unreachable")

            return again

        for owner in (http_client.FakeHTTPClient, http_client.FakeWebhookAdapter):
            self.monkeypatch.setattr(owner, "request", retrying(owner.request))
