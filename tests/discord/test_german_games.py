"""Whole games at a German table, played by German clients.

The players' Discord is set to German; the table is opened with `language:de`. Some
commands are used under their German names (resolved from the names the bot synced, as a
German client does) and some under their English names. On the way the players ask the
coach, take a move back, open the abort and kick questions and answer no, read the rules,
the log, the status and the chart, and afterwards the history and the statistics.
Everything a reader saw — the channel as a non-player reads it, every DM, every private
reply and every button — is checked against the English catalog and English function
words (no English sentence may reach a German reader) and against the second German
review's findings (`tests.discord.german_review`: none of its sample sentences may be
read again). Missing translations raise (strict mode), so an untranslated sentence fails
the game instead of slipping through in English.
"""

import os
import re
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.i18n import GERMAN, speaking, term
from bot.i18n.catalogs import COMMAND_NAME, translations
from bot.rulebook import TITLES
from bot.service.commands import coach
from bot.settings import Settings
from rules.fagins_gang import (
    BOARD,
    Buy,
    Discard,
    MarketPass,
    Move,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    Steal,
)
from rules.fagins_gang import RULES as FG_RULES
from rules.fagins_gang.state import FaginState
from rules.fantasy_business import RULES as FB_RULES
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Auction, Bid, Pass
from rules.fantasy_business.state import GameState
from tests.discord.calm import live_buttons
from tests.discord.fg_support import greedy_action
from tests.discord.german import (
    button_labels,
    english_in,
    german_clients,
    german_path,
    texts_of,
)
from tests.discord.german_review import findings_in
from tests.discord.harness import NAMES, World, pinged, world


def de(path: str) -> str:
    """The German name of an English command path ("game new" -> "spiel neu")."""
    language = translations(GERMAN)
    return " ".join(
        language.lookup(word, None, None, context=COMMAND_NAME) for word in path.split()
    )


class Table:
    """Plays through Discord, alternating German and English command names, and keeps
    every private reply for the English check."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.replies: list[str] = []
        self.count = 0

    async def run(self, member: simcord.MemberActor, path: str, **options: Any) -> str:
        self.count += 1
        name = path
        if self.count % 2:
            name = german_path(self.w, member, de(path))
            assert name == path, (de(path), name)
        result = await member.slash(self.w.channel, name, **options)
        text = result.response.content if result.response is not None else ""
        if result.response is not None:
            self.replies += texts_of(result.response)  # type: ignore[arg-type]
        assert not (text or "").startswith("⚠️"), text
        return text or ""

    async def click(self, member: simcord.MemberActor, asked: Any, label: str) -> str:
        """Press a button of a private answer (a question's yes or no)."""
        result = await member.click(asked.response, label=label)
        if result.response is not None:
            self.replies += texts_of(result.response)  # type: ignore[arg-type]
        return (result.response.content or "") if result.response is not None else ""

    async def ask_and_decline(
        self, asker: simcord.MemberActor, path: str, no: str, /, **options: Any
    ) -> None:
        """Ask an irreversible command and answer no: nothing changes, and it says so."""
        self.count += 1
        name = german_path(self.w, asker, de(path))
        asked = await asker.slash(self.w.channel, name, **options)
        self.replies += texts_of(asked.response)  # type: ignore[arg-type]
        assert (asked.response.content or "").startswith("❓"), asked.response.content
        labels = button_labels(asked.response)
        assert no in labels, labels
        said = await self.click(asker, asked, no)
        assert said == "Alles bleibt, wie es war.", said

    async def look_around(self, member: simcord.MemberActor) -> None:
        """What a player reads besides moves: every rules topic, the log, the status and
        the chart."""
        for topic in TITLES:
            await self.run(member, "rules", topic=topic)
        for path in ("game log", "game status", "game chart"):
            await self.run(member, path)

    def seen(self) -> list[str]:
        """Everything the players were shown: the channel, every DM, every reply."""
        found = [t for m in self.w.channel.history() for t in texts_of(m)]
        for member in self.w.players:
            found += [t for m in member.user.dm_channel.history() for t in texts_of(m)]
        return found + self.replies


def assert_all_german(table: Table, kind: str = "") -> None:
    folder = os.environ.get("SMITHFIELD_TRANSCRIPT")
    if folder:  # what the players saw, for reading
        Path(folder).mkdir(parents=True, exist_ok=True)
        name = f"german-{kind or table.w.channel.id}.txt"
        (Path(folder) / name).write_text("\n----\n".join(table.seen()))
    findings = findings_in(table.seen())
    assert findings == [], findings[:8]
    names = [*NAMES, *(f"**{n}**" for n in NAMES)]
    problems = []
    for text in table.seen():
        found = english_in(text, names)
        if found:
            problems.append((found[:3], text[:300]))
    assert problems == [], problems[:8]


def assert_calm_for_onlookers(w: World) -> None:
    """The channel as a member who does not play reads it after the game: no button left
    to press, and every ping went to a seated player."""
    onlooker = w.guild.add_member(w.env.create_user("zoe"))
    messages = w.channel.history(viewer=onlooker)
    assert messages and not any(live_buttons(m) for m in messages)
    seated = {member.id for member in w.players}
    assert all(pinged(w, m) <= seated for m in messages)
    assert any(pinged(w, m) for m in messages)  # players were called when it was their turn


@pytest.fixture
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.i18n.STRICT", True)


async def open_table(table: Table, game: str, **options: Any) -> None:
    """A table opened in German with the coach on; the host asks to close the lobby and
    says no before starting."""
    host, *others = table.w.players
    await table.run(host, "game new", game=game, language="de", hints=True, **options)
    for member in others:
        await table.run(member, "game join")
    await table.ask_and_decline(host, "game abort", "Nein, zurück")
    started = await table.run(host, "game start", first=host)
    assert not started.startswith("❌"), started


async def side_trips(table: Table, member: simcord.MemberActor) -> None:
    """Mid-game: the coach, the rules, the log, the status and the chart; the host asks to
    abort the game and to put a seat on autopilot, and says no to both."""
    host, other = table.w.players[0], table.w.players[1]
    hint = await table.run(member, "hint")
    assert hint.startswith("💡"), hint
    await table.look_around(member)
    await table.ask_and_decline(host, "game abort", "Nein, weiterspielen")
    await table.ask_and_decline(host, "game kick", "Abbrechen", member=other)


async def afterwards(table: Table) -> None:
    """The records of the finished game: history, the game shown, the statistics, the log."""
    member = table.w.players[1]
    history = await table.run(member, "game history")
    game_id = int(re.findall(r"\*\*#(\d+)\*\*", history)[0])
    await table.run(member, "game show", game=game_id)
    await table.run(member, "stats")
    await table.run(member, "game log", count=30)


def fb_state(w: World) -> GameState:
    service_table = w.bot.service.table(w.channel.id)
    assert service_table is not None and isinstance(service_table.state, GameState)
    return service_table.state


async def test_a_german_table_plays_fantasy_business_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, strict: None
) -> None:
    async with world(settings, 3) as w:
        with german_clients(monkeypatch, {p.id for p in w.players}):
            table = Table(w)
            monkeypatch.setattr(coach, "HINT_SECONDS", 0.05)
            await open_table(table, "fantasy-business", turns=2)
            priced = 0
            taken_back = tripped = False
            while w.store.open_game(w.channel.id) is not None:
                state = fb_state(w)
                if state.phase == "auction":
                    seat = state.first_buyer if state.auction is None else state.auction.to_act
                    member = w.players[seat]
                    legal = FB_RULES.legal_actions(state, seat)
                    auctions = [a for a in legal if isinstance(a, Auction)]
                    bids = [a for a in legal if isinstance(a, Bid)]
                    if auctions:
                        card = state.label(state.centre[0])  # the number it keeps all turn
                        text = await table.run(member, "auction", card=card)
                        if not taken_back:  # the designation taken back, then made again
                            taken_back = True
                            undone = await table.run(member, "game undo")
                            assert "hat den eigenen letzten Zug zurückgenommen: " in undone
                            text = await table.run(member, "auction", card=card)
                    elif bids and (state.auction is None or state.auction.high_bidder is None):
                        text = await table.run(member, "bid", amount=min(b.amount for b in bids))
                    else:
                        assert any(isinstance(a, Pass) for a in legal)
                        text = await table.run(member, "pass")
                    assert not text.startswith("❌"), text
                    continue
                for seat, member in enumerate(w.players):
                    state = fb_state(w)
                    if state.phase != "pricing":
                        break
                    if not tripped:
                        tripped = True
                        await side_trips(table, member)
                    for key in state.articles[seat]:
                        with speaking(GERMAN):
                            name = term(deck.article(key).name)
                        too_high = await table.run(member, "price", article=name, amount=999)
                        assert too_high.startswith("❌") and "sind" in too_high, too_high
                        text = await table.run(
                            member, "price", article=name, amount=deck.article(key).base
                        )
                        assert not text.startswith("❌"), text
                        priced += 1
                    await table.run(member, "submit")
            assert priced > 0 and taken_back and tripped
            await afterwards(table)
            # Refusals speak German too.
            refusal = await table.run(w.players[1], "game start")
            assert refusal.startswith("❌")
            assert_all_german(table, "fantasy-business")
            assert_calm_for_onlookers(w)
            channel = "\n".join(t for m in w.channel.history() for t in texts_of(m))
            assert re.search(r"Runde|Zug", channel), channel[-500:]
            # Secrets in German: nobody played a special, so no special's face (in either
            # language) was ever shown in the channel, though specials were auctioned.
            with speaking(GERMAN):
                faces = {term(s.name) for s in deck.specials().values()}
            faces |= {s.name for s in deck.specials().values()}
            for face in faces:
                assert not re.search(rf"\b{re.escape(face)}\b", channel), face
            assert "Sonderkarte" in channel


def fg_state(w: World) -> FaginState:
    service_table = w.bot.service.table(w.channel.id)
    assert service_table is not None and isinstance(service_table.state, FaginState)
    return service_table.state


async def play_fg(table: Table, seat: int, action: Any) -> str:
    """A Fagin's Gang move through its command, with plans written in German."""
    from tests.discord.german_plans import german_move, german_steal

    w = table.w
    member = w.players[seat]
    if isinstance(action, Move):
        return await table.run(member, "move", plan=german_move(action))
    if isinstance(action, Steal):
        return await table.run(member, "steal", plan=german_steal(action))
    if isinstance(action, Shillings):
        with speaking(GERMAN):
            places = ", ".join(term(FG_BOARD_NAMES[key]) for key in action.locations)
        return await table.run(member, "shillings", locations=places)
    if isinstance(action, OpenMarket):
        return await table.run(member, "market open")
    if isinstance(action, Skip):
        return await table.run(member, "skip")
    if isinstance(action, MarketPass):
        return await table.run(member, "market pass")
    if isinstance(action, Buy | Sell):
        from tests.discord.german_plans import german_colours

        verb = "market buy" if isinstance(action, Buy) else "market sell"
        return await table.run(member, verb, colours=german_colours(action.colours))
    if isinstance(action, Discard):
        from tests.discord.german_plans import german_cubes

        return await table.run(member, "discard", cubes=german_cubes(action.cubes))
    raise AssertionError(action)


FG_BOARD_NAMES = {key: BOARD.location(key).name for key in BOARD.ring}


async def test_a_german_table_plays_fagins_gang_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, strict: None
) -> None:
    async with world(settings, 3) as w:
        with german_clients(monkeypatch, {p.id for p in w.players}):
            table = Table(w)
            monkeypatch.setattr(coach, "HINT_SECONDS", 0.05)
            await open_table(table, "fagins-gang", round_limit=5)
            moves = markets = 0
            while w.store.open_game(w.channel.id) is not None:
                state = fg_state(w)
                seat = FG_RULES.waiting_on(state)[0]
                action = greedy_action(state, seat)
                if moves == 0:  # the first move taken back, and the market refused
                    first = w.players[seat]
                    closed = await table.run(first, "market buy", colours="rot")
                    assert "du kannst ihn mit deiner Aktion öffnen" in closed, closed
                    assert not (await play_fg(table, seat, action)).startswith("❌")
                    undone = await table.run(first, "game undo")
                    assert "hat den eigenen letzten Zug zurückgenommen: " in undone, undone
                if moves == 4:
                    await side_trips(table, w.players[seat])
                if state.phase == "actions" and state.round % 2 == 0 and seat == state.first_player:
                    action = OpenMarket()  # the market, its buttons and trades in German too
                    markets += 1
                elif state.phase == "market":
                    trades = [
                        a for a in FG_RULES.legal_actions(state, seat) if isinstance(a, Buy | Sell)
                    ]
                    action = trades[moves % len(trades)] if trades and moves % 3 else MarketPass()
                text = await play_fg(table, seat, action)
                assert not text.startswith("❌"), (action, text)
                moves += 1
            assert moves >= 15 and markets >= 1
            await afterwards(table)
            assert_all_german(table, "fagins-gang")
            assert_calm_for_onlookers(w)
