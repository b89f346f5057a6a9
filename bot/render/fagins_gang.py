"""How Fagin's Gang looks on Discord: one-line moves, the round's table message, the
round summaries with the board picture, the standings, hand-limit DMs.

Everything here is drawn from the rules' public view (the game has no secrets, so a seat's
own view differs only in `you`). An accepted action is one short line; the round's table
message (whose turn, holdings, stalls, and the market buttons while the market is open)
is edited in place; when Phase 1 ends, a rich message tells the round's end (constables,
price wheel, hand limit, next round) with the board picture.
"""

from dataclasses import replace
from typing import Any

import discord
from pydantic import ValidationError

from bot.i18n import N_, _, current, dash, listing, slash, term
from bot.messages import Attachment, Message, Outcome, Private
from bot.render.coach import hint_buttons
from bot.render.fg_board import board_key, board_picture
from bot.render.fg_builder import table_message as builder_table_message
from bot.render.fg_market import (
    market_buttons,
    market_embed,
    trading_order,
)
from bot.render.fg_words import (
    ICONS,
    SQUARES,
    constables_line,
    cubes_squares,
    cubes_text,
)
from bot.render.generic import (
    COLOUR,
    EventPresenter,
    channel_link,
    clip,
    describe_action,
)
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
from rules.fagins_gang.ending import dead_end_reason, fagin_reason, round_limit_reason
from rules.fagins_gang.plan_words import in_language

BOARD_FILE = "fagins-gang-board.png"

ROUND_END_KINDS = frozenset({"constable_patrol"})
ROUND_CLOSE_KINDS = frozenset({"round_started", "game_won"})
QUIET_KINDS = frozenset({"game_won"})
"""Said by the final standings instead of the move's line."""
ACTIONS_HINT = N_("`/move`, `/steal`, `/shillings`, `/market open` or `/skip`")


def public_view(table: Table) -> FaginView:
    view = table.public
    assert isinstance(view, FaginView)
    return view


def board_attachment(table: Table) -> Attachment:
    """The board picture, labelled in the language being spoken now (the channel's
    board is built inside `table.public_voice()`, so in the table's language)."""
    return Attachment(BOARD_FILE, picture=board_picture(public_view(table), table.names, current()))


def line(table: Table, event: Event) -> str:
    icon = ICONS.get(event.kind, "•")
    text = table.said(event.say) if event.say is not None else table.named(event.text)
    return f"{icon} {text}"


def _lines(table: Table, events: list[Event]) -> list[str]:
    return [line(table, event) for event in events if event.public]


def _said(table: Table, events: list[Event]) -> list[str]:
    """A move's events as one line (each with its icon)."""
    said = " ".join(_lines(table, events))
    return [said] if said else []


class FaginsGangPresenter(EventPresenter):
    """Fagin's Gang's messages: one-line moves, the round's table message (with the
    market buttons while the market is open), the round summaries with the board
    picture, the standings at the end, and hand-limit DMs."""

    fallback = "`/board`"

    # -- the presenter protocol -----------------------------------------------------------

    def started(self, table: Table, events: list[Event]) -> Outcome:
        first = [e for e in events if e.kind == "first_player"]
        placed = [e for e in events if e.kind == "constable_placed"]
        setup = [e for e in events if e.kind not in ("first_player", "constable_placed")]
        with table.public_voice():
            begins = _("🎲 **{title}** begins!").format(title=table.rules.title)
            lines = [f"{begins} {' '.join(_lines(table, first))}".strip()]
            told = [
                *_lines(table, setup),
                constables_line(placed, _("The constables take their posts")),
                board_key(public_view(table), table.names),
            ]
            board = Message(content=clip("\n".join(told)), files=[board_attachment(table)])
        return Outcome(lines=lines, public=[board])

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        with table.public_voice():
            outcome = self._after_action_public(table, before, events)
        view = public_view(table)
        before_phase = getattr(before, "phase", None)
        if view.phase == "discard" and before_phase != "discard":
            outcome.private = self._discard_requests(table, view)
        return outcome

    def _after_action_public(self, table: Table, before: Any, events: list[Event]) -> Outcome:
        split = next((i for i, e in enumerate(events) if e.kind in ROUND_END_KINDS), None)
        acted = events if split is None else events[:split]
        closing = [] if split is None else events[split:]
        outcome = Outcome(lines=_said(table, [e for e in acted if e.kind not in QUIET_KINDS]))
        if closing:
            before_view = table.rules.view(before, None)
            assert isinstance(before_view, FaginView)
            summary = self._round_summary(table, before_view.round, closing)
            outcome.public.append(Message(content=clip(summary), files=[board_attachment(table)]))
        return outcome

    def waiting(self, table: Table) -> str:
        with table.public_voice():
            return self._waiting(table)

    def _waiting(self, table: Table) -> str:
        view = public_view(table)
        if view.phase == "market" and view.market is not None:
            if view.market.current_trader == view.market.token_holder:
                return _(
                    "to trade (Market token): buy or sell {count} cubes of different colours "
                    '(one with the buttons, more with `/market buy colours:"red blue"` or '
                    "`/market sell`) — or pass"
                ).format(count=one_or_up_to(BOARD.holder_trade_max))
            return _("to trade: buy or sell one cube, or pass")
        if view.phase == "discard":
            return _(
                "to return cubes over the hand limit of {limit} with `/discard` (details by DM)"
            ).format(limit=view.hand_limit)
        return _("to act: {hint}").format(hint=_(ACTIONS_HINT))

    def step(self, table: Table) -> str | None:
        """A round's Phase 1, its hand limit and Smithfield Market each have a table
        message with the buttons that act: one message for the whole Phase 1 (edited
        turn by turn, so the channel is not filled with one per turn)."""
        view = public_view(table)
        if view.market is not None:
            return f"r{view.round}-market-{view.market.token_holder}"
        if view.phase in ("actions", "discard"):
            return f"r{view.round}-{view.phase}"
        return None

    def live(self, table: Table) -> Message:
        with table.public_voice():
            return self._live(table)

    def _live(self, table: Table) -> Message:
        view = public_view(table)
        if view.market is None:  # Phase 1 or the hand limit: the builders' buttons
            built = builder_table_message(table)
            return replace(built, buttons=built.buttons + hint_buttons(table))
        buttons = market_buttons(table, view) + hint_buttons(table)
        return Message(embeds=[market_embed(table, view)], buttons=buttons)

    def closing_note(self, step: str, table: Table) -> str:
        with table.public_voice():
            return self._closing_note(step, table)

    def _closing_note(self, step: str, table: Table) -> str:
        if "-market-" in step:
            return _("🏁 Smithfield Market is closed; the game goes on below.")
        return super().closing_note(step, table)

    def finished(self, table: Table) -> list[Message]:
        with table.public_voice():
            return self._finished(table)

    def _finished(self, table: Table) -> list[Message]:
        view = public_view(table)
        english = view.result or ""
        reason = self._result_text(table, view)
        if " wins" in english or "share the win" in english:
            # the reason names the winner already
            text = _("🏆 **Game over** — {reason}").format(reason=reason)
        else:
            text = (
                _("🏆 **Game over** — {winners}! {reason}")
                .format(winners=self._winners_text(table, view.winners), reason=reason)
                .rstrip()
            )
        text += " " + _("`/game status` shows this result until the next table opens here.")
        return [
            Message(
                content=clip(text),
                embeds=[self._standings(table, view)],
                files=[board_attachment(table)],
            )
        ]

    def _result_text(self, table: Table, view: FaginView) -> str:
        """The game's result in the language being spoken: rebuilt from the view (the
        state keeps the English sentence only)."""
        if not view.result:
            return ""
        if view.winners and view.result.startswith("The round limit"):
            leaders = view.winners
            seats = view.seats
            top = max(s.at_fagin for s in seats)
            tied = sum(1 for s in seats if s.at_fagin == top) > 1
            sentence = round_limit_reason(
                view.round_limit or 0,
                leaders,
                seats[leaders[0]].at_fagin,
                seats[leaders[0]].worth if tied else None,
            )
        elif view.winners and view.result.startswith("Nobody can move the game on"):
            leaders = view.winners
            seats = view.seats
            top = max(s.at_fagin for s in seats)
            tied = sum(1 for s in seats if s.at_fagin == top) > 1
            sentence = dead_end_reason(
                BOARD.dead_end_rule,
                view.round,
                leaders,
                seats[leaders[0]].at_fagin,
                seats[leaders[0]].worth if tied else None,
            )
        elif len(view.winners) == 1 and " back at Fagin." in view.result:
            winner = view.winners[0]
            sentence = fagin_reason(winner, view.seats[winner].at_fagin)
        else:
            return table.named(view.result)
        if sentence.english() != view.result:
            return table.named(view.result)  # a result from an older wording: as it was said
        return table.said(sentence)

    def _winners_text(self, table: Table, winners: list[int]) -> str:
        names = [f"**{table.name(seat)}**" for seat in winners]
        if len(names) == 1:
            return _("{names} wins").format(names=names[0])
        return _("{names} share the win").format(names=_(" and ").join(names))

    def status(self, table: Table, viewer: int | None) -> Outcome:
        """The table for the channel: in the table's language, board picture included."""
        with table.public_voice():
            view = public_view(table)
            embed = self._table_embed(table, view)
            embed.description = f"{embed.description}\n{board_key(view, table.names)}"
            embed.set_image(url=f"attachment://{BOARD_FILE}")
            return Outcome(public=[Message(embeds=[embed], files=[board_attachment(table)])])

    def finishing_order(self, table: Table) -> list[int]:
        """Urchins at Fagin, then money and goods at the final prices (the round-limit
        tie-break): the standings' order."""
        view = public_view(table)
        ranked = sorted(
            view.seats, key=lambda s: (s.seat not in view.winners, -s.at_fagin, -s.worth, s.seat)
        )
        return [seat.seat for seat in ranked]

    def describe(self, table: Table, action: dict[str, Any], before: Any = None) -> str:
        try:
            parsed = parse_action(action)
        except ValidationError:
            return describe_action(action)
        return describe(parsed)

    # -- building blocks --------------------------------------------------------------------

    def board_message(self, table: Table) -> Message:
        """The board picture at full width (a plain attachment, not inside an embed)."""
        view = public_view(table)
        title = f"**{table.rules.title}**{dash()}{self._round_of(view)}"
        situation = f"{title}: {self._situation(table, view)}"
        return Message(
            content=clip(f"{situation}\n{board_key(view, table.names)}"),
            files=[board_attachment(table)],
        )

    def _round_of(self, view: FaginView) -> str:
        """ "round 3" or "round 3 of 12"."""
        if view.round_limit:
            return _("round {round} of {limit}").format(round=view.round, limit=view.round_limit)
        return _("round {round}").format(round=view.round)

    def _table_embed(self, table: Table, view: FaginView) -> discord.Embed:
        embed = discord.Embed(
            title=f"{table.rules.title}{dash()}{self._round_of(view)}",
            description=self._situation(table, view),
            colour=COLOUR,
        )
        for seat in view.seats:
            held = {c: n for c, n in seat.cubes.items() if n}
            mark = " ✔" if seat.acted and view.phase == "actions" else ""
            autopilot = "" if table.human(seat.seat) else " 🤖"
            embed.add_field(
                name=f"{table.name(seat.seat)}{autopilot}{mark}",
                value=_(
                    "{shillings} shillings · {fagin}/{target} at Fagin · {supply} in hand\n{cubes}"
                ).format(
                    shillings=seat.shillings,
                    fagin=seat.at_fagin,
                    target=view.fagin_target,
                    supply=seat.supply,
                    cubes=cubes_squares(held) or _("no cubes"),
                ),
                inline=True,
            )
        embed.add_field(
            name=_("Smithfield Market (stall · price)"),
            value=" ".join(
                _("{square} {count}·{price}s").format(
                    square=SQUARES[s.colour], count=s.count, price=s.price
                )
                for s in view.stalls
            ),
            inline=False,
        )
        if view.market is not None:
            embed.add_field(name=_("Trading order"), value=trading_order(table, view), inline=False)
        if table.game.deadline and not table.game.paused_at:
            embed.add_field(name=_("Due"), value=stamp(table.game.deadline), inline=False)
        embed.set_footer(
            text=_("{board} shows the board picture · {log} the latest moves").format(
                board=slash("board"), log=slash("game log")
            )
        )
        return embed

    def _situation(self, table: Table, view: FaginView) -> str:
        if view.phase == "over":
            return self._result_text(table, view) if view.result else _("The game is over.")
        if view.phase == "market" and view.market is not None:
            return _("Smithfield Market is open: **{name}** is trading.").format(
                name=table.name(view.market.current_trader)
            )
        if view.phase == "discard":
            owing = ", ".join(
                f"**{table.name(s)}** ({n})" for s, n in sorted(view.pending_discards.items())
            )
            return _("Balancing the books: waiting for {owing} to return cubes.").format(
                owing=owing
            )
        assert view.turn is not None
        return _("Phase 1: **{name}** to act.").format(name=table.name(view.turn))

    def _standings(self, table: Table, view: FaginView) -> discord.Embed:
        """Every player: urchins at Fagin, then money and goods at the final prices (the
        round-limit tie-break), in finishing order."""
        ranked = [view.seats[seat] for seat in self.finishing_order(table)]
        lines = []
        for place, seat in enumerate(ranked, start=1):
            crown = " 🏆" if seat.seat in view.winners else ""
            goods = seat.worth - seat.shillings
            lines.append(
                _(
                    "{place}. **{name}**{crown} — {fagin} at Fagin · {shillings} shillings + "
                    "{goods} in cubes = **{worth}**"
                ).format(
                    place=place,
                    name=table.name(seat.seat),
                    crown=crown,
                    fagin=seat.at_fagin,
                    shillings=seat.shillings,
                    goods=goods,
                    worth=seat.worth,
                )
            )
        embed = discord.Embed(
            title=_("{title} — final standings after round {round}").format(
                title=table.rules.title, round=view.round
            ),
            description="\n".join(lines),
            colour=COLOUR,
        )
        embed.set_footer(
            text=_(
                "Most urchins at Fagin wins; a tie goes to the most shillings plus cubes "
                "at the wheel's final prices."
            )
        )
        return embed

    def _round_summary(self, table: Table, round_number: int, events: list[Event]) -> str:
        """Phase 2 and 3 in a few lines: one for the constables, one per bump, one for
        the books, one for the next round."""
        patrol = [e for e in events if e.kind == "constable_patrol"]
        bumps = [e for e in events if e.kind == "urchin_bumped"]
        books = [e for e in events if e.kind in ("wheel_turned", "hand_limit")]
        closing = [e for e in events if e.kind in ROUND_CLOSE_KINDS and e.kind != "game_won"]
        walk = constables_line(patrol, _("the constables patrol"))
        books_said = " ".join(_lines(table, books))
        if not any(e.kind == "hand_limit" for e in books):
            books_said += " " + _("✅ Nobody is over the hand limit of {limit}.").format(
                limit=BOARD.hand_limit
            )
        parts = [
            _("🌙 **End of round {round}** — {walk}").format(round=round_number, walk=walk),
            *_lines(table, bumps),
            books_said,
            *_lines(table, closing),
        ]
        return "\n".join(part for part in parts if part)

    def _discard_requests(self, table: Table, view: FaginView) -> list[Private]:
        requests: list[Private] = []
        for seat, owed in sorted(view.pending_discards.items()):
            if not table.human(seat):
                continue
            with table.voice_of(seat):
                text = self._discard_request(table, seat, owed)
            requests.append(
                Private(table.user_id(seat), Message(content=clip(text)), fallback="`/discard`")
            )
        return requests

    def _discard_request(self, table: Table, seat: int, owed: int) -> str:
        """The DM to a seat over the hand limit, in that player's language."""
        mine = table.rules.view(table.state, seat)
        assert isinstance(mine, FaginView)
        held = {c: n for c, n in mine.seats[seat].cubes.items() if n}
        default = table.rules.default_action(table.state, seat)
        suggestion = (
            ", ".join(f"{n} {in_language(c, current())}" for c, n in default.cubes.items())
            if isinstance(default, Discard)
            else ""
        )
        when = (
            _("If you do not choose by {deadline}, I return {cubes} (from your largest piles).")
            if table.game.deadline
            else _("If you do not choose in time, I return {cubes} (from your largest piles).")
        )
        return "\n".join(
            [
                _(
                    "✋ **{title}** in {channel}: you hold {count} cubes, over the hand limit of "
                    "{limit}, so you must return **{owed}** to the warehouses."
                ).format(
                    title=table.rules.title,
                    channel=channel_link(table.game),
                    count=mine.seats[seat].cube_total,
                    limit=mine.hand_limit,
                    owed=owed,
                ),
                _("You hold: {cubes}.").format(cubes=cubes_text(held)),
                _(
                    'Choose any {owed} with `/discard`, e.g. `/discard cubes:"{suggestion}"`, '
                    "here or in the game channel."
                ).format(owed=owed, suggestion=suggestion)
                + " "
                + when.format(
                    deadline=stamp(table.game.deadline) if table.game.deadline else "",
                    cubes=cubes_text(default.cubes) if isinstance(default, Discard) else _("cubes"),
                ),
            ]
        )


def describe(action: Any) -> str:
    """A move in a few words, as a noun phrase ("move thames up 2"), for take-backs and
    the log; plans in the reader's plan words (what they would type)."""
    if isinstance(action, Move):
        return _("move {plan}").format(plan=_plan(format_move(action)))
    if isinstance(action, Steal):
        return _("theft {plan}").format(plan=_plan(format_steal(action)))
    if isinstance(action, Shillings):
        places = [
            term(BOARD.location(key).name) if key in BOARD.ring else key for key in action.locations
        ]
        return _("money stolen at {locations}").format(locations=listing(places))
    if isinstance(action, OpenMarket):
        return _("opening of the market")
    if isinstance(action, Buy):
        return _("purchase of {cubes}").format(cubes=cubes_text(_counted(action.colours)))
    if isinstance(action, Sell):
        return _("sale of {cubes}").format(cubes=cubes_text(_counted(action.colours)))
    if isinstance(action, MarketPass):
        return _("pass at the market")
    if isinstance(action, Skip):
        return _("skip")
    if isinstance(action, Discard):
        return _("return of {cubes}").format(cubes=cubes_text(action.cubes))
    return str(action)


def _plan(plan: str) -> str:
    """A plan in the reader's plan words, quoted as the language quotes."""
    return _("“{plan}”").format(plan=in_language(plan, current()))


def _counted(colours: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for colour in colours:
        counts[colour] = counts.get(colour, 0) + 1
    return counts


PRESENTER = FaginsGangPresenter()
