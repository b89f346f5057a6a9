"""Every simcord preview internal the sandbox relies on, in one place.

Checked against simcord 3.2.1 (`CHECKED_SIMCORD`); `tests/sandbox/test_simcord_internals.py`
fails loudly when any of it changes. Nothing here edits simcord's files: at run time it
wraps two of its functions, sets three of its module constants and the layout of each
preview's Python presentation, shares one slot of the Env and reads the Env's record of
events. What a page is given changes only as listed below (a shorter window and index).

**Why the page was slow.** After a command, simcord republishes every page of the
preview, the Python presentation (which nobody sees in the sandbox) included, and the
sandbox's ticker used to refresh them all once more. Each publication projects every
message of the page's 50-message window (markdown, embeds, access checks) and builds the
sidebar's message index ("Messages" drawer) from *every* message in the channel, and each
markdown call builds a new markdown-it parser (with linkify's regexes). With 200 messages
in #table one publication took 1.4-2.2 s: 2.5-9 s per action, growing with the history.
`speed_up_previews` and `open_preview` change that:

- `markdown_tokens` (a pure function of the text, its field profile and the reference
  context: names of mentioned users, roles, channels, commands) is memoised. Callers
  decorate the tokens in place, so every call gets a fresh copy (kept pickled: unpickling
  is several times faster than copying or re-reading JSON).
- A page holds the latest `WINDOW_MESSAGES` messages instead of 50 (Older/Newer move by
  half a window, as upstream), and the sidebar index summarises only that many of the
  latest messages unless the person searches (a search still scans the whole channel).
- The Python presentation shows one message (simcord's "message" layout) instead of a
  channel window; `Preview.snapshot()` then answers with that message only.
- `REPUBLISHES_EVERY_PAGE` names the page actions after which simcord has republished
  every page of the preview, so the sandbox need not refresh that room again.

**Which rooms to republish.** A page shows only what was published to it, so the sandbox
republishes a room when its channel saw events. `channels_touched` reads them from the
simulated Discord's record of gateway events and REST calls (`env.backend.transcript`).

**Why only one room could be open.** `Env.preview` refuses a second active preview because
the Env keeps one in `Env._preview`. That slot is used for two things only: refusing a
second preview, and telling the preview that a running action changed the world
(`_mark_action_dispatched`, which each preview applies only when the current task is its
own running action). `open_preview` keeps an `_OpenPreviews` group in the slot that passes
that notice to every open preview, so #table and each player's DMs can be open at once.
Actions of different previews must still not overlap (simcord refuses overlapping
operations); `bot.sandbox.rooms` runs them one at a time.
"""

import pickle
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import simcord
from simcord.builders import ChannelHandle, UserHandle
from simcord.preview import (
    _action_plans,
    _component_projection,
    _markdown,
    _messages,
    _queries,
    _snapshot,
)

CHECKED_SIMCORD = "3.2.1"
# More than 24: simcord centres a focused message 24 places from the window's start.
WINDOW_MESSAGES = 30
INDEX_MESSAGES = WINDOW_MESSAGES
REPUBLISHES_EVERY_PAGE = frozenset(
    {"run_command", "send_message", "edit_message", "delete_message"}
)
MARKDOWN_CACHE_ENTRIES = 4096
# The modules that call markdown_tokens; each imported the name, so each is rebound.
MARKDOWN_CALLERS = (_snapshot, _messages, _queries, _component_projection)
_MARK = "_smithfield_sandbox"

MarkdownTokens = Callable[..., list[dict[str, Any]]]


def memoised_markdown(original: MarkdownTokens) -> MarkdownTokens:
    """`original` with a bounded cache keyed by text, profile and reference context."""
    cache: OrderedDict[tuple[str | None, str, str], bytes] = OrderedDict()

    def markdown_tokens(
        value: Any, profile: str = "message", *, context: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        # repr of the context's plain dicts, lists and strings is equal only for equal ones.
        key = (None if value is None else str(value), profile, repr(context) if context else "")
        tokens = cache.get(key)
        if tokens is None:
            tokens = pickle.dumps(
                original(value, profile, context=context), pickle.HIGHEST_PROTOCOL
            )
            cache[key] = tokens
            if len(cache) > MARKDOWN_CACHE_ENTRIES:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        result: list[dict[str, Any]] = pickle.loads(tokens)
        return result

    setattr(markdown_tokens, _MARK, original)
    return markdown_tokens


def recent_index(original: Callable[..., Any]) -> Callable[..., Any]:
    """`original` summarising only the latest messages while nothing is searched."""

    def _message_navigation(preview: Any, page: Any, visible: list[Any]) -> Any:
        if not page.navigation_query:
            visible = visible[-INDEX_MESSAGES:]
        return original(preview, page, visible)

    setattr(_message_navigation, _MARK, original)
    return _message_navigation


def speed_up_previews() -> None:
    """Memoise markdown, shorten windows and the index; for every preview of this process."""
    if not hasattr(_markdown.markdown_tokens, _MARK):
        _markdown.markdown_tokens = memoised_markdown(_markdown.markdown_tokens)
    for module in MARKDOWN_CALLERS:
        module.markdown_tokens = _markdown.markdown_tokens  # type: ignore[attr-defined]
    snapshot: Any = _snapshot
    if not hasattr(snapshot._message_navigation, _MARK):
        snapshot._message_navigation = recent_index(snapshot._message_navigation)
    plans: Any = _action_plans
    snapshot.HISTORY_WINDOW_SIZE = plans.HISTORY_WINDOW_SIZE = WINDOW_MESSAGES
    plans.HISTORY_STEP = WINDOW_MESSAGES // 2


class _OpenPreviews:
    """Stands in `Env._preview` for every preview open on one Env."""

    def __init__(self) -> None:
        self.previews: list[Any] = []

    @property
    def _closed(self) -> bool:
        return all(preview._closed for preview in self.previews)

    def _mark_action_dispatched(self) -> None:
        for preview in self.previews:
            if not preview._closed:
                preview._mark_action_dispatched()


async def open_preview(
    env: simcord.Env,
    channel: ChannelHandle,
    viewers: Sequence[simcord.MemberActor | UserHandle],
) -> Any:
    """Enter a channel-layout preview on a free loopback port, beside any already open.

    Its Python presentation shows one message, so that each publication of every page
    (after each command) costs one channel window per browser page only. The caller closes
    it (`await preview.close()`); the Env's shutdown closes it too.
    """
    internals: Any = env
    slot = internals._preview
    group = slot if isinstance(slot, _OpenPreviews) else _OpenPreviews()
    if slot is not None and slot is not group:
        group.previews.append(slot)
    group.previews = [preview for preview in group.previews if not preview._closed]
    internals._preview = None
    try:
        preview = env.preview(channel, viewers=list(viewers), layout="channel", port=0)
        await preview.__aenter__()
        group.previews.append(preview)
        presentation: Any = preview._python
        presentation.layout = "message"
        presentation.window_end_id = None
    finally:
        internals._preview = group if group.previews else None
    return preview


def events_so_far(env: simcord.Env) -> int:
    """How many events (gateway events, REST calls) the simulated Discord has recorded."""
    return len(env.backend.transcript)


def channels_touched(env: simcord.Env, since: int, until: int) -> set[int] | None:
    """The channels that recorded events `since`..`until` touched; None when some cannot tell.

    Gateway events name their channel (`INTERACTION_CREATE` the one acted in, so an
    ephemeral answer counts too). Only REST calls with no gateway event at all (say an
    ephemeral message edited later) name none; then every room must be refreshed.
    """
    entries = env.backend.transcript[since:until]
    channels = {
        int(payload["channel_id"])
        for kind, _name, payload in entries
        if kind == "GATEWAY" and isinstance(payload, Mapping) and payload.get("channel_id")
    }
    return channels if channels or not entries else None
