"""Playing through simcord's preview HTTP API, as the page in a browser does.

Only loopback HTTP to the sandbox's address: its room list, then the preview's own routes
(`/api/pages`, `/api/commands`, `/api/state`, `/api/action`), which the sandbox passes on.
"""

import asyncio
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox.rooms import SECRET_HEADER


def split(url: str) -> tuple[str, str]:
    """The origin of a page's URL, and the secret in its fragment."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}", parts.fragment


async def open_room(http: aiohttp.ClientSession, sandbox: Sandbox, room: str) -> str:
    """What the room list's button does: ask for the room, get its page's URL."""
    base, secret = split(sandbox.url)
    async with http.post(
        f"{base}/sandbox/rooms/{room}", headers={SECRET_HEADER: secret}
    ) as response:
        assert response.status == 200, await response.text()
        body = await response.json()
    return str(body["url"])


class PreviewPage:
    """One page of the preview, acting as one viewer at a time."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http = http
        self.base, capability = split(url)
        self.headers = {"X-Simcord-Capability": capability}
        self.sequence = 0
        self.page: dict[str, Any] = {}

    async def open(self, viewer_id: int | None = None) -> "PreviewPage":
        body = {} if viewer_id is None else {"viewer_id": str(viewer_id)}
        async with self.http.post(
            f"{self.base}/api/pages", json=body, headers=self.headers
        ) as response:
            assert response.status == 200, await response.text()
            self.page = await response.json()
        self.headers["X-Simcord-Context"] = self.page["context"]["id"]
        return self

    async def close(self) -> None:
        """What the page does when its tab closes: release its context."""
        context = self.page["context"]["id"]
        async with self.http.delete(
            f"{self.base}/api/pages/{context}", headers=self.headers
        ) as response:
            assert response.status == 200, await response.text()

    async def state(self) -> dict[str, Any]:
        async with self.http.get(f"{self.base}/api/state", headers=self.headers) as response:
            assert response.status == 200, await response.text()
            self.page = await response.json()
        return self.page

    async def commands(self) -> list[dict[str, Any]]:
        async with self.http.get(f"{self.base}/api/commands", headers=self.headers) as response:
            assert response.status == 200, await response.text()
            catalog = await response.json()
        return list(catalog["entries"])

    async def act(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Any page action, as the page sends it; refused ones fail the test."""
        state = await self.state()
        self.sequence += 1
        body = {
            "protocol_version": 3,
            "sequence": self.sequence,
            "request_id": uuid.uuid4().hex,
            "generation": state["context"]["generation"],
            "bot_generation": state["botGeneration"],
            "published_revision": state["publishedRevision"],
            "kind": kind,
            **fields,
        }
        async with self.http.post(
            f"{self.base}/api/action", json=body, headers=self.headers
        ) as response:
            assert response.status == 200, await response.text()
            result: dict[str, Any] = await response.json()
        assert result["rejected"] is False, result.get("diagnostics")
        return result

    async def act_as(self, viewer_id: int) -> None:
        await self.act("viewer", viewer_id=str(viewer_id))

    async def run(self, invocation: str, **options: str) -> dict[str, Any]:
        """Run a slash command from the composer; options as the page sends them (strings)."""
        entry = next(e for e in await self.commands() if e["invocation"] == invocation)
        result = await self.act(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )
        assert result["settlement"] == "settled", result
        return result

    async def autocomplete(
        self, invocation: str, focused: str, value: str, **options: str
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while a person types into an option."""
        entry = next(e for e in await self.commands() if e["invocation"] == invocation)
        result = await self.act(
            "autocomplete_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            focused=focused,
            value=value,
            options=options,
        )
        assert result["result"]["answered"], result
        return list(result["result"]["choices"])

    async def click(self, message_id: int, label: str) -> dict[str, Any]:
        """Press the button with this label on a message, as a person does in the page."""
        message = (await self.state())["messages"][str(message_id)]
        key = next(
            control["control_key"]
            for row in message["components"]
            for control in row["components"]
            if control.get("label") == label
        )
        result = await self.act("click", target_id=str(message_id), control_key=key)
        assert result["settlement"] == "settled", result
        return result

    async def submit_modal(self, values: dict[str, str]) -> dict[str, Any]:
        """Fill the open modal's fields (by their custom ids) and submit it."""
        modal = (await self.state())["modal"]
        assert modal is not None, "no modal is open"
        result = await self.act("modal_submit", modal_handle=modal["handle"], values=values)
        assert result["settlement"] == "settled", result
        return result

    async def modal_fields(self) -> dict[str, str]:
        """The open modal's fields: custom id -> label (a Label component's text, or a
        text input's own label in an action row)."""
        modal = (await self.state())["modal"]
        assert modal is not None, "no modal is open"
        fields: dict[str, str] = {}
        for row in modal["payload"]["components"]:
            if "component" in row:
                fields[row["component"]["custom_id"]] = row["label"]
            for field in row.get("components") or []:
                fields[field["custom_id"]] = field["label"]
        return fields

    def message(self, message_id: str) -> dict[str, Any]:
        message: dict[str, Any] = self.page["messages"][message_id]
        return message

    async def texts(self) -> str:
        """Everything the page shows as text, to look for what the bot said."""
        return str(await self.state())


# A page that polls must see a change long before this; it bounds a broken test only.
POLL_LIMIT_SECONDS = 60.0
POLL_SECONDS = 0.05


async def poll_until(
    page: PreviewPage, arrived: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """Read the page's state as its own poll does until `arrived` holds; the last state."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + POLL_LIMIT_SECONDS
    while not arrived(state := await page.state()):
        assert loop.time() < give_up, "the page never showed it"
        await asyncio.sleep(POLL_SECONDS)
    return state
