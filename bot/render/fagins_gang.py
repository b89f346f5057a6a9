"""How Fagin's Gang looks on Discord: announcements, the market panel, the board, DMs.

Everything here is drawn from the rules' public view (the game has no secrets, so a seat's
own view differs only in `you`). An accepted action becomes one public message with its
events; when Phase 1 ends, a second message tells the round's end (constables, price
wheel, hand limit, next round) with the board picture. The last message says who is
waited on and pings only them.
"""

from functools import partial
from typing import Any

import discord
from pydantic import ValidationError

from bot.messages import Attachment, ButtonSpec, Message, Outcome, Private
from bot.render.fg_board import render_board
from bot.render.generic import COLOUR, EventPresenter, clip, describe_action
from bot.rulebook import one_or_up_to
from bot.table import Table
from bot.timing import stamp
from rules.events import Event
from rules.fagins_gang import BOARD, FaginView, parse_action
from rules.fagins_gang.actions import (
    Buy,
    Discard,
    MarketPass,
    Move,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    Steal,
    format_move,
    format_steal,
)

BOARD_FILE = "fagins-gang-board.png"

ROUTE_BUY = "fg-buy"
ROUTE_SELL = "fg-sell"
ROUTE_PASS = "fg-pass"

SQUARES = {
    "blue": "🟦",
    "green": "🟩",
    "red": "🟥",
    "yellow": "🟨",
    "black": "⬛",
    "purple": "🟪",
}

ICONS = {
    "setup": "🎲",
    "constable_placed": "👮",
    "first_player": "🎖️",
    "urchin_moved": "🚶",
    "urchin_bumped": "💥",
    "urchin_left": "↩️",
    "urchin_to_fagin": "🎩",
    "goods_stolen": "👜",
    "goods_exchanged": "🔄",
    "shillings_stolen": "🪙",
    "skipped": "⏭️",
    "market_opened": "🏪",
    "market_bought": "🛒",
    "market_sold": "💰",
    "market_passed": "🚪",
    "market_closed": "🏁",
    "constable_patrol": "👮",
    "wheel_turned": "🎡",
    "hand_limit": "✋",
    "cubes_discarded": "📦",
    "round_started": "🔔",
    "game_won": "🏆",
}

ROUND_END_KINDS = frozenset({"constable_patrol"})
ROUND_CLOSE_KINDS = frozenset({"round_started", "game_won"})
ACTIONS_HINT = "`/move`, `/steal`, `/shillings`, `/market open` or `/skip`"


def public_view(table: Table) -> FaginView:
    view = table.rules.view(table.state, None)
    assert isinstance(view, FaginView)
    return view


def board_attachment(table: Table) -> Attachment:
    return Attachment(BOARD_FILE, render=partial(render_board, public_view(table), table.names))


def colour_tag(colour: str) -> str:
    return f"{SQUARES.get(colour, '')} {colour}".strip()


def cubes_text(cubes: dict[str, int]) -> str:
    return BOARD.describe_cubes(cubes)


def line(table: Table, event: Event) -> str:
    icon = ICONS.get(event.kind, "•")
    return f"{icon} {table.named(event.text)}"


def _lines(table: Table, events: list[Event]) -> list[str]:
    return [line(table, event) for event in events if event.public]


class FaginsGangPresenter(EventPresenter):
    """Fagin's Gang's messages: announcements, market buttons, the board and hand-limit DMs."""

    fallback = "`/board`"

    # -- the presenter protocol -----------------------------------------------------------

    def started(self, table: Table, events: list[Event]) -> Outcome:
        view = public_view(table)
        lines = [f"🎲 **{table.rules.title}** begins!", *_lines(table, events)]
        message = Message(content="", files=[board_attachment(table)])
        return self._finish(table, view, [message], lines_for_first=lines)

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        view = public_view(table)
        split = next(
            (i for i, e in enumerate(events) if e.kind in ROUND_END_KINDS),
            None,
        )
        acted = events if split is None else events[:split]
        closing = [] if split is None else events[split:]
        if split is None:
            # A round can also close after the last hand-limit discard.
            tail = [e for e in acted if e.kind in ROUND_CLOSE_KINDS]
            acted = [e for e in acted if e.kind not in ROUND_CLOSE_KINDS]
        else:
            tail = []
        first = Message(content="")
        lines = _lines(table, acted)
        if view.market is not None:
            lines += self._market_panel(table, view)
            first.buttons = self._market_buttons(table, view)
        elif any(e.kind == "market_closed" for e in acted):
            lines += self._market_summary(table, view)
        messages = [first]
        if closing:
            before_view = table.rules.view(before, None)
            assert isinstance(before_view, FaginView)
            summary = self._round_summary(table, before_view.round, closing)
            messages.append(Message(content=summary, files=[board_attachment(table)]))
        elif tail:
            lines += _lines(table, tail)
            if view.phase == "over":
                first.files = [board_attachment(table)]
        outcome = self._finish(table, view, messages, lines_for_first=lines)
        before_phase = getattr(before, "phase", None)
        if view.phase == "discard" and before_phase != "discard":
            outcome.private = self._discard_requests(table, view)
        return outcome

    def status(self, table: Table, viewer: int | None) -> Outcome:
        return Outcome(public=[self.board_message(table)])

    def describe(self, table: Table, action: dict[str, Any]) -> str:
        try:
            parsed = parse_action(action)
        except ValidationError:
            return describe_action(action)
        return describe(parsed)

    # -- building blocks --------------------------------------------------------------------

    def board_message(self, table: Table) -> Message:
        """The board picture with a compact summary, for `/board` and `/game status`."""
        view = public_view(table)
        embed = discord.Embed(
            title=f"{table.rules.title} — round {view.round}"
            + (f" of {view.round_limit}" if view.round_limit else ""),
            description=self._situation(table, view),
            colour=COLOUR,
        )
        for seat in view.seats:
            embed.add_field(
                name=table.name(seat.seat),
                value=(
                    f"{seat.shillings} shillings · {seat.cube_total} cubes\n"
                    f"{seat.supply} urchins in hand · {seat.at_fagin}/{view.fagin_target} at Fagin"
                ),
                inline=True,
            )
        embed.add_field(
            name="Market (stall · price)",
            value=" ".join(f"{SQUARES[s.colour]} {s.count}·{s.price}s" for s in view.stalls),
            inline=False,
        )
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        return Message(embeds=[embed], files=[board_attachment(table)])

    def _situation(self, table: Table, view: FaginView) -> str:
        if view.phase == "over":
            return table.named(view.result) if view.result else "The game is over."
        if view.phase == "market" and view.market is not None:
            return (
                f"Smithfield Market is open: **{table.name(view.market.current_trader)}** "
                "is trading."
            )
        if view.phase == "discard":
            owing = ", ".join(
                f"**{table.name(s)}** ({n})" for s, n in sorted(view.pending_discards.items())
            )
            return f"Balancing the books: waiting for {owing} to return cubes."
        assert view.turn is not None
        return f"Phase 1: **{table.name(view.turn)}** to act."

    def _finish(
        self, table: Table, view: FaginView, messages: list[Message], lines_for_first: list[str]
    ) -> Outcome:
        """Put the action's lines on the first message and the waiting line on the last."""
        messages[0].content = "\n".join(lines_for_first)
        last = messages[-1]
        tail, mentions = self._waiting(table, view)
        last.content = clip("\n".join(part for part in (last.content, tail) if part))
        last.mentions = mentions
        for message in messages[:-1]:
            message.content = clip(message.content)
        return Outcome(public=messages)

    def _waiting(self, table: Table, view: FaginView) -> tuple[str, list[int]]:
        if view.phase == "over":
            winners = " and ".join(table.mention(s) for s in view.winners)
            verb = "wins" if len(view.winners) == 1 else "share the win"
            return (
                f"🏆 **Game over** — {winners} {verb}! The game is archived; "
                "the channel is free for `/game new`.",
                [table.user_id(s) for s in view.winners],
            )
        waited = view.waiting_on
        who = ", ".join(table.mention(s) for s in waited)
        ids = [table.user_id(s) for s in waited]
        if view.phase == "market" and view.market is not None:
            current = view.market.current_trader
            if current == view.market.token_holder:
                return (
                    f"➡️ {who} to trade (Market token): buy or sell "
                    f"{one_or_up_to(BOARD.holder_trade_max)} cubes of different colours, or "
                    "pass. The buttons trade one cube; for more use `/market buy "
                    'colours:"red blue"` or `/market sell`.',
                    ids,
                )
            return f"➡️ {who} to trade: buy or sell one cube, or pass.", ids
        if view.phase == "discard":
            return (
                f"➡️ {who}: return your cubes over the hand limit of {view.hand_limit} "
                "with `/discard` (details by DM).",
                ids,
            )
        return f"➡️ {who} to act: {ACTIONS_HINT}.", ids

    def _market_panel(self, table: Table, view: FaginView) -> list[str]:
        assert view.market is not None
        market = view.market
        stalls = " · ".join(
            f"{colour_tag(s.colour)} {s.count}/{s.capacity} at {s.price}s" for s in view.stalls
        )
        order = []
        for s in market.order:
            name = table.name(s)
            if s in market.passed:
                name = f"~~{name}~~"
            if s == market.token_holder:
                name += " (token)"
            order.append(name)
        trader = view.seats[market.current_trader]
        holding = {c: n for c, n in trader.cubes.items() if n}
        return [
            f"🏪 **Smithfield Market** — stalls: {stalls}",
            f"Trading order: {' → '.join(order)}",
            f"**{table.name(trader.seat)}** has {trader.shillings} shillings and "
            f"{cubes_text(holding)}.",
        ]

    def _market_buttons(self, table: Table, view: FaginView) -> list[ButtonSpec]:
        game = table.game.id
        buttons: list[ButtonSpec] = []
        for buying in (True, False):
            verb, route = ("Buy", ROUTE_BUY) if buying else ("Sell", ROUTE_SELL)
            buttons += [
                ButtonSpec(
                    label=f"{verb} {stall.colour} · {stall.price}s",
                    route=route,
                    game_id=game,
                    arg=stall.colour,
                    style="success" if buying else "primary",
                    row=(0 if buying else 2) + i // 3,
                )
                for i, stall in enumerate(view.stalls)
                if (stall.count > 0 if buying else stall.count < stall.capacity)
            ]
        buttons.append(
            ButtonSpec(label="Pass (leave the market)", route=ROUTE_PASS, game_id=game, row=4)
        )
        return buttons

    def _market_summary(self, table: Table, view: FaginView) -> list[str]:
        stalls = " · ".join(f"{SQUARES[s.colour]} {s.count}" for s in view.stalls)
        holdings = "; ".join(
            f"**{table.name(s.seat)}** {s.shillings}s, {s.cube_total} cubes" for s in view.seats
        )
        return [f"Stalls after the market: {stalls}", f"Holdings: {holdings}"]

    def _round_summary(self, table: Table, round_number: int, events: list[Event]) -> str:
        patrol = [e for e in events if e.kind in ("constable_patrol", "urchin_bumped")]
        books = [e for e in events if e.kind in ("wheel_turned", "hand_limit")]
        closing = [e for e in events if e.kind in ROUND_CLOSE_KINDS]
        parts = [
            f"🌙 **End of round {round_number}** — Phase 2: the constables patrol",
            *_lines(table, patrol),
            "**Phase 3: balancing the books**",
            *_lines(table, books),
        ]
        if not any(e.kind == "hand_limit" for e in books):
            parts.append(f"✅ Nobody is over the hand limit of {BOARD.hand_limit}.")
        parts += _lines(table, closing)
        return "\n".join(parts)

    def _discard_requests(self, table: Table, view: FaginView) -> list[Private]:
        requests: list[Private] = []
        for seat, owed in sorted(view.pending_discards.items()):
            mine = table.rules.view(table.state, seat)
            assert isinstance(mine, FaginView)
            held = {c: n for c, n in mine.seats[seat].cubes.items() if n}
            default = table.rules.default_action(table.state, seat)
            suggestion = (
                ", ".join(f"{n} {c}" for c, n in default.cubes.items())
                if isinstance(default, Discard)
                else ""
            )
            text = (
                f"✋ **{table.rules.title}** in <#{table.game.channel_id}>: you hold "
                f"{mine.seats[seat].cube_total} cubes, over the hand limit of "
                f"{mine.hand_limit}, so you must return **{owed}** to the warehouses.\n"
                f"You hold: {cubes_text(held)}.\n"
                f'Choose any {owed} with `/discard`, e.g. `/discard cubes:"{suggestion}"`, '
                "here or in the game channel. If you do not choose"
                + (f" by {stamp(table.game.deadline)}" if table.game.deadline else " in time")
                + ", I return "
                f"{cubes_text(default.cubes) if isinstance(default, Discard) else 'cubes'} "
                "(from your largest piles)."
            )
            requests.append(
                Private(table.user_id(seat), Message(content=clip(text)), fallback="`/discard`")
            )
        return requests


def describe(action: Any) -> str:
    """An action in a few words, for `/game log`."""
    if isinstance(action, Move):
        return f"move {format_move(action)}"
    if isinstance(action, Steal):
        return f"steal {format_steal(action)}"
    if isinstance(action, Shillings):
        return f"steal shillings at {', '.join(action.locations)}"
    if isinstance(action, OpenMarket):
        return "open the market"
    if isinstance(action, Buy):
        return f"buy {' '.join(action.colours)}"
    if isinstance(action, Sell):
        return f"sell {' '.join(action.colours)}"
    if isinstance(action, MarketPass):
        return "pass at the market"
    if isinstance(action, Skip):
        return "skip"
    if isinstance(action, Discard):
        return f"return {cubes_text(action.cubes)}"
    return str(action)


PRESENTER = FaginsGangPresenter()
