"""What the bot owes players reaches them: through 429 storms, 5xx answers, lost answers,
a restart with deliveries owed and a deleted table message.

Whole games are played through the real bot while Discord (tests/discord/faults.py)
fails channel sends, edits, DM creation, interaction callbacks and webhook follow-ups
for stretches of simulated time, then heals. Afterwards, with no new move, the channel
and the DMs must tell the truth: every table message and DM shows the newest state, at
most one message of a channel carries live buttons, no DM keeps buttons once its step
(or the game) ended, every line a committed move owed appears exactly once, no stored
move was answered "something went wrong", and the log holds no traceback.
"""

import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord

from bot.edge.failures import FAILURE_TEXT
from bot.messages import TABLE
from bot.render.fantasy_business import SHEET
from bot.service.commands.publish import table_message
from bot.service.runtime import outbox
from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from rules.fantasy_business import RULES as FB
from rules.fantasy_business import deck
from tests.discord.bursts import Call, burst
from tests.discord.faults import Faults
from tests.discord.fg_support import greedy_action, play, state_of
from tests.discord.harness import World, world

MINUTE = 60.0
THINKING = 2.0
"""Simulated seconds a player takes between moves."""


def live_buttons(message: discord.Message) -> bool:
    return any(
        isinstance(item, discord.Button) and not item.disabled
        for row in message.components
        for item in getattr(row, "children", [])
    )


def embed_text(embed: discord.Embed) -> tuple[Any, ...]:
    fields = tuple((item.name, item.value) for item in embed.fields)
    return (embed.title, embed.description, fields)


class Owed:
    """Every line and DM committed commands owed (recorded as the outbox gets them)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.dms: dict[int, list[str]] = {}


@pytest.fixture
def owed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Owed]:
    found = Owed()
    real = outbox.owed_by

    def recording(outcome: Any) -> Any:
        rows = real(outcome)
        for row in rows:
            if row.kind == "line":
                found.lines.extend((row.body.get("content") or "").splitlines())
            if row.kind == "dm":
                content = row.body["message"].get("content") or ""
                found.dms.setdefault(row.user_id, []).append(content)
        return rows

    monkeypatch.setattr(outbox, "owed_by", recording)
    yield found


def assert_every_line_once(w: World, owed: Owed) -> None:
    """Each line owed the channel is in it exactly once, each DM in its DMs once."""
    shown = Counter(
        line
        for message in w.channel.history()
        if not message.flags.ephemeral
        for line in (message.content or "").splitlines()
    )
    wrong = {line: (shown[line], n) for line, n in Counter(owed.lines).items() if shown[line] != n}
    assert not wrong, f"lines shown (times, owed): {wrong}"
    for player in w.players:
        dm = player.user.dm_channel
        said = Counter(m.content or "" for m in (dm.history() if dm is not None else []))
        for content, n in Counter(owed.dms.get(player.id, [])).items():
            assert said[content] == n, (player.user.name, content, said[content], n)


def assert_table_shows_the_game(w: World) -> None:
    """The channel's table message shows the stored state; at most one message carries
    live buttons (none once the game is over)."""
    service = w.bot.service
    game = w.store.open_game(w.channel.id) or w.store.last_finished_game(w.channel.id)
    assert game is not None
    live = [message for message in w.channel.history() if live_buttons(message)]
    assert len(live) <= 1, f"{len(live)} messages carry live buttons"
    row = w.store.live_message(game.id, TABLE, 0)
    assert row is not None
    shown = next(m for m in w.channel.history() if m.id == row.message_id)
    drawn = table_message(service.engine, service.table_for(game))
    if drawn.closes:
        assert row.step == "" and not live_buttons(shown)
        return
    message = drawn.drawn()
    assert message is not None
    assert [embed_text(e) for e in shown.embeds] == [embed_text(e) for e in message.embeds]
    assert row.version == game.version


def assert_dms_show_the_game(w: World) -> None:
    """Each player's DMs: at most one message with buttons, none once their step or the
    game ended, and a sheet that is open shows the stored state."""
    service = w.bot.service
    game = w.store.open_game(w.channel.id) or w.store.last_finished_game(w.channel.id)
    assert game is not None
    table = service.table_for(game)
    presenter = service.engine.presenter(game.kind)
    for player in w.players:
        dm = player.user.dm_channel
        history = dm.history() if dm is not None else []
        live = [message for message in history if live_buttons(message)]
        seat = table.seat_of(player.id)
        assert seat is not None
        wanted = presenter.private_live(table, SHEET, seat)
        if wanted is None:
            assert live == [], f"{player.user.name}'s DMs keep live buttons after their step"
            continue
        assert len(live) == 1
        assert [embed_text(e) for e in live[0].embeds] == [embed_text(e) for e in wanted[1].embeds]


def assert_no_false_alarm(w: World, results: list[simcord.InteractionResult]) -> None:
    failure = FAILURE_TEXT.split(";")[0]
    for result in results:
        texts = [result.response.content or ""] if result.acknowledged else []
        texts += [f.content or "" for f in result.followups]
        assert not any(failure in text for text in texts), texts


def assert_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert bad == [], [r.getMessage() for r in bad]


async def play_fantasy_business(w: World, results: list[simcord.InteractionResult]) -> None:
    """Three players to the end, each pricing step a burst of every player's prices and
    submission at once; a few simulated seconds pass between moves, as at a real table
    (Discord's failures and the courier's retries play out meanwhile)."""
    for _ in range(400):
        await w.env.advance_time(THINKING)
        game = w.store.open_game(w.channel.id)
        if game is None:
            return
        table = w.bot.service.table_for(game)
        state = table.state
        waiting = FB.waiting_on(state)
        if state.phase == "pricing":
            calls = [
                Call(w.players[seat], w.channel, "price", {"article": key, "amount": price})
                for seat in waiting
                for key in state.articles[seat]
                if (price := deck.article(key).base + seat)
            ]
            done = await burst(w.env, calls)
            results += done.results
            done = await burst(
                w.env, [Call(w.players[s], w.channel, "submit", {}) for s in waiting]
            )
            results += done.results
            continue
        seat = waiting[0]
        actor = w.players[seat]
        if state.auction is None:
            result = await actor.slash(w.channel, "auction", card=state.label(state.centre[0]))
        elif state.auction.high_bidder is None and state.gold[seat] >= deck.minimum_bid(
            state.auction.card
        ):
            amount = deck.minimum_bid(state.auction.card)
            result = await actor.slash(w.channel, "bid", amount=amount)
        else:
            result = await actor.slash(w.channel, "pass")
        results.append(result)
    raise AssertionError("the game did not end")


async def heal_and_wait(w: World, faults: Faults, minutes: float = 5) -> None:
    """Discord is well again; simulated time passes with no new move."""
    faults.clear()
    await w.env.advance_time(minutes * MINUTE)
    await w.bot.courier.idle()


def storms(faults: Faults, w: World, seconds: float) -> None:
    """Discord failing for `seconds` of simulated time from now: 429s on sends and edits,
    5xx on channel sends, edits, DM creation, interaction callbacks and follow-ups, and
    one send whose answer is lost."""
    until = faults.clock() + seconds
    faults.fail("POST", "/channels/*/messages", status=429, retry_after=3, until=until, times=None)
    faults.fail(
        "PATCH", "/channels/*/messages/*", status=429, retry_after=2, until=until, times=None
    )
    faults.fail("POST", "/channels/*/messages", status=503, times=2)
    faults.fail("PATCH", "/channels/*/messages/*", status=502, times=2)
    faults.fail("POST", "/users/@me/channels", status=500, times=2)
    faults.fail("POST", "/interactions/*/callback", status=500, times=2)
    faults.fail("POST", "/webhooks/*", status=503, times=2)
    faults.fail("POST", "/channels/*/messages", status=502, lost=True, times=1)


@pytest.mark.parametrize("discord_py_retries", [False, True], ids=["raw", "with-retries"])
async def test_a_fantasy_business_game_through_discords_failures_ends_truthful(
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    owed: Owed,
    discord_py_retries: bool,
) -> None:
    faults = Faults(monkeypatch)
    if discord_py_retries:
        faults.retries()
    caplog.set_level(logging.INFO)
    results: list[simcord.InteractionResult] = []
    async with world(settings, 3) as w:
        faults.clock = lambda: w.env.now().timestamp()
        alice = w.players[0]
        results.append(await alice.slash(w.channel, "game new", game="fantasy-business", turns=2))
        storms(faults, w, seconds=40)
        for player in w.players[1:]:
            results.append(await player.slash(w.channel, "game join"))
        results.append(await alice.slash(w.channel, "game start", first=alice))
        await play_fantasy_business(w, results)
        storms(faults, w, seconds=30)  # the end of the game meets Discord failing too
        await heal_and_wait(w, faults)
        assert faults.failed, "Discord failed"
        assert Counter(status for *_, status in faults.failed).keys() >= {429, 500, 502, 503}
        assert faults.sent_twice >= 1, "a send whose answer was lost was not posted twice"
        assert w.store.games_with_status("finished")
        assert_every_line_once(w, owed)
        assert_table_shows_the_game(w)
        assert_dms_show_the_game(w)
        assert_no_false_alarm(w, results)
        assert w.store.owed("bot", f"c:{w.channel.id}") == []
    assert_no_traceback(caplog)


async def test_a_fagins_gang_game_through_discords_failures_ends_truthful(
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    owed: Owed,
) -> None:
    """Fagin's Gang, three players, the market's buttons among the moves, its round
    summaries (with the board picture) owed and sent through the failures."""
    faults = Faults(monkeypatch)
    caplog.set_level(logging.INFO)
    results: list[simcord.InteractionResult] = []
    async with world(settings, 3) as w:
        faults.clock = lambda: w.env.now().timestamp()
        alice = w.players[0]
        results.append(await alice.slash(w.channel, "game new", game="fagins-gang", round_limit=3))
        for player in w.players[1:]:
            results.append(await player.slash(w.channel, "game join"))
        results.append(await alice.slash(w.channel, "game start", first=alice))
        storms(faults, w, seconds=10)
        for number in range(300):
            if w.store.open_game(w.channel.id) is None:
                break
            if number == 12:
                storms(faults, w, seconds=10)
            await w.env.advance_time(THINKING)
            state = state_of(w)
            seat = FG.waiting_on(state)[0]
            results.append(await play(w, seat, greedy_action(state, seat)))
        await heal_and_wait(w, faults)
        assert w.store.games_with_status("finished")
        statuses = {status for *_, status in faults.failed}
        assert 429 in statuses and statuses & {500, 502, 503}, statuses
        assert_every_line_once(w, owed)
        assert_table_shows_the_game(w)
        assert_no_false_alarm(w, results)
    assert_no_traceback(caplog)


async def test_a_confirmed_abort_through_a_failing_answer_is_told_as_done(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord fails the answer to "Yes, abort the game" twice (a 500): the abort is
    stored, the question becomes its answer all the same (tried again), the channel is
    told, and nobody sees ⚠️ for it."""
    faults = Faults(monkeypatch)
    caplog.set_level(logging.INFO)
    async with world(settings, 2) as w:
        alice, bob = w.players
        await alice.slash(w.channel, "game new", game="fagins-gang")
        await bob.slash(w.channel, "game join")
        await alice.slash(w.channel, "game start", first=alice)
        asked = await alice.slash(w.channel, "game abort")
        assert asked.response is not None
        faults.fail("POST", "/interactions/*/callback", status=500, times=2)
        done = await alice.click(asked.response, label="Yes, abort the game")
        await w.bot.courier.idle()
        assert len(faults.failed) == 2, faults.failed
        assert w.store.open_game(w.channel.id) is None  # stored
        assert done.response is not None and done.response.id == asked.response.id
        assert not done.response.components and done.response.content.startswith("✅")
        assert_no_false_alarm(w, [done])
        assert any("aborted" in (m.content or "") for m in w.channel.history())
    assert_no_traceback(caplog)


async def test_an_answer_discord_keeps_failing_is_one_warning_not_a_traceback(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """`/rules` (nothing stored) while Discord fails every interaction answer with a 503:
    the log says so in WARNING lines, with no traceback and no ERROR."""
    faults = Faults(monkeypatch)
    caplog.set_level(logging.INFO)
    async with world(settings, 2) as w:
        faults.fail("POST", "/interactions/*/callback", status=503, times=None)
        await w.players[0].slash(w.channel, "rules")
        faults.clear()
        assert faults.failed, "Discord failed"
        # The command's error reached the tree's handler (the simulated Discord counts
        # it, and this takes it as expected): Discord's 503, nothing else.
        assert w.env.errors and all("503" in str(e) for e in w.env.errors), w.env.errors
        warned = [
            r for r in caplog.records if r.levelno == logging.WARNING and "503" in r.getMessage()
        ]
        assert warned, [r.getMessage() for r in caplog.records]
    assert_no_traceback(caplog)
