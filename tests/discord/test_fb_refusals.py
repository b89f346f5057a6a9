"""Every refusal of the rules' §7 reaches the player ephemerally, with its reason, and
changes nothing stored.

Each case puts a started game into the exact position the rule needs (a rules-level
scenario builder writes the state), then tries the move through Discord: a slash command
in the channel or in a DM, an auction button, or the price modal.
"""

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest
import simcord

from bot.settings import Settings
from rules.fantasy_business import RULES
from rules.fantasy_business.state import AuctionState, GameState, Played
from tests.discord.harness import World, public, redraw, refused, table_message, world
from tests.discord.test_fb_play import labels
from tests.rules.fantasy_business.fb_builders import position

Do = Callable[[World], Awaitable[simcord.InteractionResult]]


@dataclass(frozen=True)
class Seat:
    """An option value meaning "the member in this seat"."""

    seat: int


OUTSIDER = -1


@asynccontextmanager
async def game_at(settings: Settings, state: GameState) -> AsyncIterator[World]:
    """A game started through Discord, then put into `state`."""
    async with world(settings, state.players) as w:
        alice = w.players[0]
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        for p in w.players[1:]:
            public(await p.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        game = w.store.open_game(w.channel.id)
        assert game is not None
        w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
        w.extra["outsider"] = w.guild.add_member(w.env.create_user("mallory"))
        w.extra["status"] = await redraw(w)  # the table message, with this position's buttons
        yield w


def _actor(w: World, seat: int) -> simcord.MemberActor:
    return w.extra["outsider"] if seat == OUTSIDER else w.players[seat]


def _options(w: World, options: dict[str, Any]) -> dict[str, Any]:
    return {k: _actor(w, v.seat) if isinstance(v, Seat) else v for k, v in options.items()}


def slash(seat: int, name: str, **options: Any) -> Do:
    async def do(w: World) -> simcord.InteractionResult:
        return await _actor(w, seat).slash(w.channel, name, **_options(w, options))

    return do


def dm_slash(seat: int, name: str, **options: Any) -> Do:
    async def do(w: World) -> simcord.InteractionResult:
        return await _actor(w, seat).user.slash(name, **_options(w, options))

    return do


def click(seat: int, label: str) -> Do:
    """Press a button on the step's table message (it carries the auction buttons)."""

    async def do(w: World) -> simcord.InteractionResult:
        return await _actor(w, seat).click(w.extra["status"], label=label)

    return do


def modal(seat: int, values: dict[str, str]) -> Do:
    """Open the price modal from the player's own `/sheet` and submit `values`."""

    async def do(w: World) -> simcord.InteractionResult:
        actor = w.players[seat]
        sheet = await actor.slash(w.channel, "sheet")
        shown = await actor.click(sheet.response, label="Set prices")
        return await actor.submit_modal(shown, values)

    return do


def bidding(**fields: Any) -> GameState:
    """Four players, Swords (min 4) as centre card 1 under the hammer."""
    gold = fields.pop("gold", None)
    acquired = fields.pop("acquired", ())
    state = position(
        4, centre=["swords", "horses", "thief", "armour"], gold=gold, acquired=acquired
    )
    state.auction = AuctionState(card=state.centre[0], **fields)
    return state


def designating() -> GameState:
    return position(4, centre=["swords", "horses", "thief", "armour"])


def pricing(**kwargs: Any) -> GameState:
    """Phase 2: bob owns two Swords and holds a Thief; carol owns Horses."""
    return position(
        4,
        phase="pricing",
        articles={1: {"swords": 2}, 2: {"horses": 1}},
        specials={1: ["thief"]},
        **kwargs,
    )


CASES: list[tuple[str, Callable[[], GameState], Do, str]] = [
    (
        "bid when it is not your turn (button)",
        lambda: bidding(to_act=1, quiet=1),
        click(2, "Bid 4"),
        "It is **bob**'s turn to bid, not yours.",
    ),
    (
        "pass when it is not your turn",
        lambda: bidding(to_act=1, quiet=1),
        slash(3, "pass"),
        "It is **bob**'s turn to bid, not yours.",
    ),
    (
        "bid below the minimum",
        lambda: bidding(to_act=1, quiet=1),
        slash(1, "bid", amount=3),
        "A bid for the Swords must be at least 4 gold; you bid 3.",
    ),
    (
        "bid not above the current price",
        lambda: bidding(price=5, high_bidder=0, to_act=1),
        slash(1, "bid", amount=5),
        "A bid must be more than the current price of 5 gold; you bid 5.",
    ),
    (
        "bid above your gold",
        lambda: bidding(to_act=1, quiet=1, gold=[10, 3, 10, 10]),
        slash(1, "bid", amount=6),
        "You have only 3 gold; you cannot bid 6.",
    ),
    (
        "bid after acquiring a card this turn",
        lambda: bidding(to_act=2, quiet=1, acquired=[1]),
        slash(1, "bid", amount=6),
        "You already bought a card this turn, so you take no further part",
    ),
    (
        "designate a card not in the centre",
        designating,
        slash(0, "auction", card=5),
        "There is no card 5 in the centre now "
        "(left: 1 Swords, 2 Horses, 3 special card, 4 Armour).",
    ),
    (
        "designate when not the First Buyer",
        designating,
        slash(1, "auction", card=1, price=4),
        "Only the First Buyer (**alice**) designates the next card.",
    ),
    (
        "price outside the allowed range",
        pricing,
        slash(1, "price", article="swords", amount=9),
        "Swords sell for 4 to 8 gold; 9 is outside that range.",
    ),
    (
        "price outside the range in the price modal",
        pricing,
        modal(1, {"swords": "3"}),
        "Swords sell for 4 to 8 gold; 3 is outside that range.",
    ),
    (
        "price that is not a number in the price modal",
        pricing,
        modal(1, {"swords": "lots"}),
        "Swords: “lots” is not a whole number of gold.",
    ),
    (
        "price for an article you do not own",
        pricing,
        dm_slash(1, "price", article="Horses", amount=6),
        "You own no Horses, so you cannot price them.",
    ),
    (
        "price after the sheet is locked",
        lambda: pricing(prices={1: {"swords": 6}}, submitted=[1]),
        slash(1, "price", article="swords", amount=5),
        "Your price sheet is locked: you submitted it.",
    ),
    (
        "submit with an article unpriced",
        pricing,
        slash(1, "submit"),
        "Set a price for Swords before submitting.",
    ),
    (
        "play a special you do not hold",
        pricing,
        slash(2, "play", card="thief", target=Seat(1), article="swords"),
        "You hold no Thief card.",
    ),
    (
        "play a special outside phase 2",
        lambda: position(4, articles={2: {"horses": 1}}, specials={1: ["thief"]}),
        slash(1, "play", card="thief", target=Seat(2), article="horses"),
        "Special cards are played while setting prices.",
    ),
    (
        "play a special after submitting",
        lambda: pricing(prices={1: {"swords": 6}}, submitted=[1]),
        slash(1, "play", card="thief", target=Seat(2), article="horses"),
        "You have submitted your price sheet, so you can play no more special cards",
    ),
    (
        "play a special against a guarded player",
        lambda: pricing(played=Played(guarded=[2], cards=[(2, "guards")])),
        dm_slash(1, "play", card="Thief", target=Seat(2), article="horses"),
        "**carol** is protected by Guards this turn.",
    ),
    (
        "bid when not seated",
        lambda: bidding(to_act=1, quiet=1),
        slash(OUTSIDER, "bid", amount=5),
        "You are not seated in this game.",
    ),
    (
        "press an auction button when not seated",
        lambda: bidding(to_act=1, quiet=1),
        click(OUTSIDER, "Pass"),
        "You are not seated in this game.",
    ),
    (
        "price when not seated",
        pricing,
        slash(OUTSIDER, "price", article="swords", amount=5),
        "You are not seated in this game.",
    ),
    (
        "give to someone not seated",
        pricing,
        slash(1, "give", member=Seat(OUTSIDER), gold=1),
        "mallory is not seated in this game.",
    ),
]


@pytest.mark.parametrize(("rule", "build", "do", "reason"), CASES, ids=[c[0] for c in CASES])
async def test_refusal_is_private_explained_and_changes_nothing(
    settings: Settings, rule: str, build: Callable[[], GameState], do: Do, reason: str
) -> None:
    async with game_at(settings, build()) as w:
        before = w.snapshot()
        text = refused(await do(w))
        assert reason in text, text
        assert w.snapshot() == before


async def test_the_auction_buttons_move_with_the_auction_and_old_ones_disappear(
    settings: Settings,
) -> None:
    """One table message carries the auction's buttons, redrawn for each auction: there
    is no older message whose "Pass" could act on a later auction."""
    async with game_at(settings, bidding(to_act=1, quiet=1)) as w:
        table = w.extra["status"]
        assert table is not None and "Bid 4" in labels(table)
        public(await w.players[1].slash(w.channel, "bid", amount=4))
        public(await w.players[2].slash(w.channel, "pass"))
        public(await w.players[3].slash(w.channel, "pass"))
        public(await w.players[0].slash(w.channel, "pass"))  # bob buys the Swords
        public(await w.players[0].slash(w.channel, "auction", card=2))  # Horses, no price
        now = table_message(w)  # the one message with buttons
        # Edited in place, or (five messages on, a screen up) posted again below with
        # the old copy left without a button.
        old = next(m for m in w.channel.history() if m.id == table.id)
        assert now.id == table.id or not old.components
        assert "Bid 5" in labels(now) and "Bid 4" not in labels(now)
