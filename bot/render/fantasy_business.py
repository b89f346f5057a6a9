"""How Fantasy Business looks on Discord.

Public messages are built from `rules.view(state, None)` and public events only; each
player's sheet and hand from their own view and the events addressed to them. The
presenter decides which audience a message has; the embeds themselves live in
`fb_embeds`, the buttons in `fb_buttons`.
"""

from typing import Any

from bot.messages import Message, Outcome, Private
from bot.render.fb_buttons import auction_buttons, sheet_buttons
from bot.render.fb_embeds import (
    article_name,
    auction_embed,
    hand_embed,
    pricing_embed,
    reveal_embeds,
    scoreboard_embed,
    sheet_embed,
)
from bot.render.generic import EventPresenter, clip, event_lines, waiting_line
from bot.table import Table
from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.actions import SetPrice, Submit
from rules.fantasy_business.state import Reveal
from rules.fantasy_business.views import FantasyBusinessView

SHEET_FALLBACK = "`/sheet`"
HAND_FALLBACK = "`/hand`"

EMBED_TOTAL = 6000
"""Discord's limit on the characters of all embeds in one message."""

SHOWN_AS_EMBEDS = frozenset({"sheets_revealed", "income_paid"})
"""Events whose long texts the reveal embeds replace."""


def public_view(table: Table) -> FantasyBusinessView:
    view = table.rules.view(table.state, None)
    assert isinstance(view, FantasyBusinessView)
    return view


def own_view(table: Table, seat: int) -> FantasyBusinessView:
    view = table.rules.view(table.state, seat)
    assert isinstance(view, FantasyBusinessView) and view.you is not None
    return view


def _lines(table: Table, events: list[Event]) -> list[str]:
    return event_lines(table, [e for e in events if e.kind not in SHOWN_AS_EMBEDS])


def _verb(view: FantasyBusinessView) -> str:
    if view.phase == "pricing":
        return "to set prices and submit (DMs or `/sheet`)"
    if view.auction is None:
        return "to designate the next card (`/auction`)"
    if view.auction.offer:
        return "to take the card or decline it"
    return "to bid or pass"


def phase_message(
    table: Table, view: FantasyBusinessView, lines: list[str], *, ping: bool = True
) -> Message:
    """The channel's picture of the game now: auction, sheets in, or the final scores."""
    game_id = table.game.id
    if view.phase == "over":
        winners = " and ".join(table.mention(s) for s in view.winners)
        verb = "wins" if len(view.winners) == 1 else "share the win"
        lines = [
            *lines,
            f"🏆 Game over — {winners} {verb}! The game is archived; the channel is free "
            "for `/game new`.",
        ]
        return Message(
            content=clip("\n".join(lines)),
            embeds=[scoreboard_embed(table, view)],
            mentions=[table.user_id(s) for s in view.winners] if ping else [],
        )
    line, mentions = waiting_line(table, view.waiting_on, _verb(view))
    if line:
        lines = [*lines, line]
    if view.phase == "auction":
        embed = auction_embed(table, view)
        buttons = auction_buttons(view, game_id)
    else:
        embed = pricing_embed(table, view)
        buttons = []
    return Message(
        content=clip("\n".join(lines)),
        embeds=[embed],
        buttons=buttons,
        mentions=mentions if ping else [],
    )


def reveal_messages(table: Table, reveal: Reveal, content: str) -> list[Message]:
    """The reveal in one message, unless a huge table would pass Discord's embed limit."""
    embeds = reveal_embeds(table, reveal)
    if sum(len(embed) for embed in embeds) + len(content) <= EMBED_TOTAL:
        return [Message(content=content, embeds=embeds)]
    return [Message(content=content, embeds=embeds[:1]), Message(embeds=embeds[1:])]


def sheet_message(table: Table, seat: int, intro: str = "", *, hand: bool = False) -> Message:
    """A player's own sheet and specials, with the controls to price and submit."""
    view = own_view(table, seat)
    assert view.you is not None
    embeds = [sheet_embed(table, view, view.you)]
    if hand or view.you.specials:
        embeds.append(hand_embed(table, view.you))
    return Message(
        content=intro, embeds=embeds, buttons=sheet_buttons(view, view.you, table.game.id)
    )


def hand_message(table: Table, seat: int, intro: str = "") -> Message:
    view = own_view(table, seat)
    assert view.you is not None
    return Message(content=intro, embeds=[hand_embed(table, view.you)])


class FantasyBusinessPresenter(EventPresenter):
    """Fantasy Business's messages: auction and sheet embeds, reveal tables, DMs."""

    fallback = SHEET_FALLBACK

    def started(self, table: Table, events: list[Event]) -> Outcome:
        view = public_view(table)
        lines = ["🎲 **Fantasy Business** begins!", *_lines(table, events)]
        outcome = Outcome(public=[phase_message(table, view, lines)])
        outcome.private = self._privates(table, None, events)
        return outcome

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        view = public_view(table)
        outcome = Outcome()
        kinds = [event.kind for event in events]
        if "sheets_revealed" in kinds and view.last_reveal is not None:
            cut = kinds.index("sheets_revealed")
            head = [
                *_lines(table, events[:cut]),
                f"📜 **Turn {view.last_reveal.turn}: every price sheet is revealed.**",
            ]
            outcome.public = [
                *reveal_messages(table, view.last_reveal, clip("\n".join(head))),
                phase_message(table, view, _lines(table, events[cut:])),
            ]
        elif any(event.public for event in events):
            outcome.public = [phase_message(table, view, _lines(table, events))]
        # Autopilot and deadline moves (the only submits with defaults) have nobody to
        # answer, so their private news goes by DM like everyone else's.
        human = not table.seats[seat].autopilot and not (
            isinstance(action, Submit) and action.defaults
        )
        outcome.private = self._privates(table, seat if human else None, events)
        if human:
            outcome.reply = self._reply(table, seat, action, events)
        return outcome

    def _reply(self, table: Table, seat: int, action: Any, events: list[Event]) -> Message | None:
        """The actor's private answer: their own private events, and their sheet if priced."""
        lines = [
            table.named(e.text) for e in events if e.seat == seat and e.kind != "special_received"
        ]
        if isinstance(action, SetPrice | Submit) and public_view(table).phase == "pricing":
            return sheet_message(table, seat, clip("\n".join(lines)))
        if lines:
            return Message(content=clip("\n".join(lines)))
        return None

    def _privates(self, table: Table, actor: int | None, events: list[Event]) -> list[Private]:
        privates: list[Private] = []
        humans = [s.position for s in table.seats if not s.autopilot]
        for event in events:
            if event.seat is None:
                continue
            if event.kind == "special_received":
                message = hand_message(table, event.seat, f"🂠 {table.named(event.text)}")
                privates.append(Private(table.user_id(event.seat), message, HAND_FALLBACK))
            elif event.seat != actor:
                message = Message(content=clip(table.named(event.text)))
                privates.append(Private(table.user_id(event.seat), message, SHEET_FALLBACK))
        kinds = {event.kind for event in events}
        if "pricing_started" in kinds and public_view(table).phase == "pricing":
            view = public_view(table)
            for seat in humans:
                intro = (
                    f"💰 **Turn {view.turn}: set your selling prices** for the Fantasy Business "
                    f"game in <#{table.game.channel_id}>."
                )
                privates.append(
                    Private(table.user_id(seat), sheet_message(table, seat, intro), SHEET_FALLBACK)
                )
        for event in events:
            late = event.data.get("seat")
            if event.kind == "price_needed" and isinstance(late, int) and late in humans:
                intro = "You gained an article after submitting: price it before the reveal."
                privates.append(
                    Private(table.user_id(late), sheet_message(table, late, intro), SHEET_FALLBACK)
                )
        return privates

    def status(self, table: Table, viewer: int | None) -> Outcome:
        view = public_view(table)
        outcome = Outcome(public=[phase_message(table, view, [], ping=False)])
        if viewer is not None:
            outcome.reply = sheet_message(
                table, viewer, "Your own sheet and special cards:", hand=True
            )
        return outcome

    def describe(self, table: Table, action: dict[str, Any]) -> str:
        """A log line; prices stay out of it because the log can be read before a reveal."""
        kind = action.get("type")
        if kind == "auction":
            price = action.get("price")
            opened = f"at {price} gold" if price is not None else "with no price"
            return f"designated card {int(action['card']) + 1} {opened}"
        if kind == "bid":
            return f"bid {action['amount']} gold"
        if kind == "pass":
            return "passed"
        if kind == "price":
            return f"set a price for {_article(action.get('article'))}"
        if kind == "submit":
            return "submitted their price sheet" + (
                " (missing prices filled in)" if action.get("defaults") else ""
            )
        if kind == "play":
            parts = [f"played {_special(action.get('card'))}"]
            target = action.get("target")
            if isinstance(target, int) and 0 <= target < len(table.seats):
                parts.append(f"on {table.name(target)}")
            if action.get("article"):
                parts.append(f"({_article(action.get('article'))})")
            return " ".join(parts)
        if kind == "give":
            gifts = [f"{action['gold']} gold"] if action.get("gold") else []
            if action.get("article"):
                gifts.append(f"a {_article(action.get('article'))} card")
            if action.get("card"):
                gifts.append("a special card")  # which one is the receiver's secret
            to = action.get("to")
            who = table.name(to) if isinstance(to, int) and 0 <= to < len(table.seats) else "?"
            return f"gave {' and '.join(gifts) or 'nothing'} to {who}"
        return super().describe(table, action)


def _article(typed: object) -> str:
    key = str(typed)
    return article_name(key) if key in deck.articles() else key


def _special(typed: object) -> str:
    key = str(typed)
    return deck.special(key).name if key in deck.specials() else key


PRESENTER = FantasyBusinessPresenter()
