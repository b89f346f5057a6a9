"""How Fantasy Business looks on Discord.

Public messages are built from `rules.view(state, None)` and public events only; each
player's sheet and hand from their own view and the events addressed to them. A move is
one short line; the auction (or the sheets-in count) is the step's table message, edited
in place; the reveal and the final scores are the rich messages, once a turn. The embeds
themselves live in `fb_embeds`, the buttons in `fb_buttons`.
"""

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from bot.i18n import N_, _, current, term
from bot.messages import Live, Message, Outcome, Private, SelectSpec
from bot.render.coach import hint_buttons
from bot.render.fb_buttons import (
    auction_buttons,
    designate_select,
    prompt_line,
    sheet_buttons,
    special_select,
)
from bot.render.fb_embeds import (
    article_name,
    auction_embed,
    finishing_order,
    hand_embed,
    pricing_embed,
    reveal_embeds,
    scoreboard_embed,
    sheet_embed,
    special_name,
)
from bot.render.generic import (
    EventPresenter,
    channel_link,
    clip,
)
from bot.table import Table
from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Submit
from rules.fantasy_business.state import Reveal
from rules.fantasy_business.views import FantasyBusinessView
from rules.words import Say

SHEET_FALLBACK = "`/sheet`"
HAND_FALLBACK = "`/hand`"

EMBED_TOTAL = 6000
"""Discord's limit on the characters of all embeds in one message."""

SHOWN_AS_EMBEDS = frozenset({"sheets_revealed", "income_paid"})
"""Events whose long texts the reveal embeds replace."""


def public_view(table: Table) -> FantasyBusinessView:
    view = table.public
    assert isinstance(view, FantasyBusinessView)
    return view


def own_view(table: Table, seat: int) -> FantasyBusinessView:
    view = table.rules.view(table.state, seat)
    assert isinstance(view, FantasyBusinessView) and view.you is not None
    return view


QUIET_KINDS = frozenset({"awaiting_designation", "game_over"})
"""Events the move's ➡️ line or the final standings already say."""
SHEET = "sheet"
HAND = "hand"


def sheet_live(
    table: Table, seat: int, step: str | None, message: Message | None, closing: str = ""
) -> Live:
    """A seat's price-sheet DM as it should now read (`step` None: closed)."""
    game = table.game
    return Live(
        game.id, SHEET, game.version, step, message, table.user_id(seat), closing, SHEET_FALLBACK
    )


def sentence(event: Event) -> Say:
    """An event's sentence, a special card's rule text put in the language being spoken
    (the rules core hands it over in English: it comes from the data file)."""
    say = event.say if event.say is not None else Say(key=event.text)
    key = event.data.get("special")
    if "text" in say.params and isinstance(key, str) and key in deck.specials():
        return replace(say, params={**say.params, "text": deck.special(key).text_in(current())})
    return say


def event_text(table: Table, event: Event) -> str:
    """An event in the language being spoken, seats as bold names."""
    return table.said(sentence(event))


def _lines(table: Table, events: list[Event]) -> list[str]:
    """The public events in one line (built in the table's language)."""
    shown = [e for e in events if e.kind not in SHOWN_AS_EMBEDS | QUIET_KINDS and e.public]
    with table.public_voice():
        said = " ".join(event_text(table, e) for e in shown)
    return [said] if said else []


def winners_line(table: Table, winners: list[int]) -> str:
    names = _(" and ").join(f"**{table.name(seat)}**" for seat in winners)
    if len(winners) == 1:
        return _("{names} wins").format(names=names)
    return _("{names} share the win").format(names=names)


def waiting_verb(view: FantasyBusinessView) -> str:
    if view.phase == "pricing":
        return _("to set prices and submit (your DMs or `/sheet`)")
    if view.auction is None:
        return _("to designate a card (`/auction`)")
    if view.auction.offer:
        return _("to take the card or decline it")
    return _("to bid or pass")


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
        content=intro,
        embeds=embeds,
        buttons=sheet_buttons(view, view.you, table.game.id),
        selects=_specials_menu(table, seat, view),
    )


def hand_message(table: Table, seat: int, intro: str = "") -> Message:
    """A player's face-down specials, with a menu of those they may play now."""
    view = own_view(table, seat)
    assert view.you is not None
    return Message(
        content=intro,
        embeds=[hand_embed(table, view.you)],
        selects=_specials_menu(table, seat, view),
    )


def _specials_menu(table: Table, seat: int, view: FantasyBusinessView) -> list[SelectSpec]:
    if table.game.status != "active" or not table.human(seat):
        return []
    legal = list(table.rules.legal_actions(table.state, seat, kinds=("play",)))
    return special_select(view, legal, table.game.id, current())


def _in_voice(table: Table, seat: int, draw: Callable[[Table, int], Message]) -> Message:
    """A seat's own message, drawn in the language its player reads."""
    with table.voice_of(seat):
        return draw(table, seat)


def _named_seats(event: Event) -> set[int]:
    """Seats an event changes the private picture of (its owner and those it names)."""
    seats = {event.seat} if event.seat is not None else set()
    for key in ("seat", "to", "target", "from", "giver"):
        value = event.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            seats.add(value)
    return seats


class FantasyBusinessPresenter(EventPresenter):
    """Fantasy Business's messages: one-line moves, the auction and sheets-in table
    message, reveal tables, and each player's price sheet and hand kept up to date in
    their DMs."""

    fallback = SHEET_FALLBACK

    def started(self, table: Table, events: list[Event]) -> Outcome:
        said = " ".join(_lines(table, events))
        with table.public_voice():
            lines = [_("🎲 **Fantasy Business** begins! {events}").format(events=said).strip()]
        return Outcome(lines=lines, private=self._privates(table, None, events))

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        view = public_view(table)
        outcome = Outcome()
        kinds = [event.kind for event in events]
        if "sheets_revealed" in kinds and view.last_reveal is not None:
            cut = kinds.index("sheets_revealed")
            outcome.lines = _lines(table, events[:cut])
            with table.public_voice():
                head = _("📜 **Turn {turn}: every price sheet is revealed.**").format(
                    turn=view.last_reveal.turn
                )
                outcome.public = reveal_messages(table, view.last_reveal, head)
            tail = _lines(table, events[cut:])
            if tail:
                outcome.public.append(Message(content=clip("\n".join(tail))))
        else:
            outcome.lines = _lines(table, events)
        # Autopilot and deadline moves (the only submits with defaults) have nobody to
        # answer, so their private news goes by DM like everyone else's.
        human = table.human(seat) and not (isinstance(action, Submit) and action.defaults)
        outcome.private = self._privates(table, seat if human else None, events)
        outcome.live = self._kept_up_to_date(table, seat, events)
        if human:
            outcome.reply = self._reply(table, seat, events)
        return outcome

    def _reply(self, table: Table, seat: int, events: list[Event]) -> Message | None:
        """The actor's private answer: their own private events, in short (in the
        language the actor speaks, set by the command)."""
        lines = [
            event_text(table, e) for e in events if e.seat == seat and e.kind != "special_received"
        ]
        return Message(content=clip("\n".join(lines))) if lines else None

    def _kept_up_to_date(self, table: Table, seat: int, events: list[Event]) -> list[Live]:
        """The DM sheets and hands this move changed: every sheet when pricing starts or
        ends, otherwise those of the seats the move touched. Sheets and hands are drawn
        at delivery, in their reader's language, like the table message: of a burst of
        moves only the state shown is drawn, and not inside the command's transaction."""
        view = public_view(table)
        game = table.game
        humans = [s.position for s in table.seats if table.human(s.position)]
        kinds = {event.kind for event in events}
        lives: list[Live] = []
        touched = {seat}.union(*(_named_seats(event) for event in events))
        if "sheets_revealed" in kinds and view.last_reveal is not None:
            turn = view.last_reveal.turn
            for s in humans:
                with table.voice_of(s):
                    note = _("📜 Turn {turn}: every sheet is revealed in {channel}.").format(
                        turn=turn, channel=channel_link(game)
                    )
                lives.append(
                    Live(
                        game.id,
                        SHEET,
                        game.version,
                        None,
                        None,
                        table.user_id(s),
                        note,
                        SHEET_FALLBACK,
                    )
                )
        elif view.phase == "pricing":
            sheets = humans if "pricing_started" in kinds else sorted(touched & set(humans))
            step = f"t{view.turn}"
            for s in sheets:
                live = sheet_live(table, s, step, None)
                live.draw = partial(_in_voice, table, s, sheet_message)
                lives.append(live)
        hands = {
            s
            for event in events
            if event.kind in HAND_KINDS
            for s in _named_seats(event)
            if s in humans
        }
        if kinds & PLAYABLE_KINDS:
            # Specials are played while prices are set: the hands' menus of playable
            # cards open when pricing starts and close at the reveal (after a submitted
            # sheet a choice there is refused as the table having moved on).
            hands |= {s for s in humans if table.state.specials[s]}
        # Hands first: a hand posted anew (a seat without one yet) leaves the sheet, with
        # its buttons, the newest DM.
        for s in sorted(hands, reverse=True):
            lives.insert(
                0,
                Live(
                    game.id,
                    HAND,
                    game.version,
                    HAND,
                    None,
                    table.user_id(s),
                    "",
                    HAND_FALLBACK,
                    draw=partial(_in_voice, table, s, hand_message),
                ),
            )
        return lives

    def _privates(self, table: Table, actor: int | None, events: list[Event]) -> list[Private]:
        """News for one player's eyes that deserves a notification (the sheets and hands
        themselves are kept up to date in place)."""
        privates: list[Private] = []
        humans = {s.position for s in table.seats if table.human(s.position)}
        for event in events:
            if event.seat is None or event.seat not in humans:
                continue
            with table.voice_of(event.seat):
                said = event_text(table, event)
                if event.kind == "special_received":
                    text = _("🂠 {news} It is in your hand (your DMs, or `/hand`).").format(
                        news=said
                    )
            if event.kind == "special_received":
                privates.append(
                    Private(table.user_id(event.seat), Message(content=clip(text)), HAND_FALLBACK)
                )
            elif event.seat != actor:
                message = Message(content=clip(said))
                privates.append(Private(table.user_id(event.seat), message, SHEET_FALLBACK))
        view = public_view(table)
        if any(e.kind == "pricing_started" for e in events) and view.phase == "pricing":
            for seat in sorted(humans):
                with table.voice_of(seat):
                    text = _(
                        "💰 **Turn {turn}: set your selling prices** for Fantasy Business in "
                        "{channel} — your sheet is below."
                    ).format(turn=view.turn, channel=channel_link(table.game))
                privates.append(Private(table.user_id(seat), Message(content=text), SHEET_FALLBACK))
        for event in events:
            late = event.data.get("seat")
            if event.kind == "price_needed" and isinstance(late, int) and late in humans:
                with table.voice_of(late):
                    text = _("You gained an article after submitting: price it before the reveal.")
                privates.append(Private(table.user_id(late), Message(content=text), SHEET_FALLBACK))
        return privates

    def kept(self, table: Table) -> list[Live]:
        """Every player's sheet as the game now stands: open while prices are set,
        closed otherwise (a take-back may lead back into the auctions)."""
        view = public_view(table)
        lives = []
        for seat in (s.position for s in table.seats if table.human(s.position)):
            with table.voice_of(seat):
                if view.phase == "pricing":
                    step: str | None = f"t{view.turn}"
                    message: Message | None = sheet_message(table, seat)
                else:
                    step, message = None, None
                lives.append(sheet_live(table, seat, step, message, _(TAKEN_BACK)))
        return lives

    def private_live(self, table: Table, slot: str, seat: int) -> tuple[str, Message] | None:
        """The seat's price sheet while prices are set (closed otherwise, and once the
        game is over), or its hand (which has no buttons, and stays)."""
        if table.state is None:
            return None
        if slot == HAND:
            return HAND, _in_voice(table, seat, hand_message)
        view = public_view(table)
        if slot == SHEET and table.game.status == "active" and view.phase == "pricing":
            return f"t{view.turn}", _in_voice(table, seat, sheet_message)
        return None
        if slot == HAND:
            return _in_voice(table, seat, hand_message)
        if (
            slot == SHEET
            and table.game.status == "active"
            and public_view(table).phase == "pricing"
        ):
            return _in_voice(table, seat, sheet_message)
        return None

    def waiting(self, table: Table) -> str:
        return waiting_verb(public_view(table))

    def step(self, table: Table) -> str | None:
        view = public_view(table)
        if view.phase == "over":
            return None
        return f"t{view.turn}-{view.phase}"

    def live(self, table: Table) -> Message:
        message = self._live(table)
        view = public_view(table)
        if view.waiting_on and message.embeds:
            names = [table.name(seat) for seat in view.waiting_on]
            with table.public_voice():
                message.embeds[0].set_author(name=prompt_line(names, view))
        return message

    def _live(self, table: Table) -> Message:
        view = public_view(table)
        with table.public_voice():
            if view.phase == "auction":
                legal = list(
                    table.rules.legal_actions(table.state, view.first_buyer, kinds=("auction",))
                )
                return Message(
                    embeds=[auction_embed(table, view)],
                    buttons=auction_buttons(view, table.game.id) + hint_buttons(table),
                    selects=designate_select(view, legal, table.game.id),
                )
            return Message(embeds=[pricing_embed(table, view)], buttons=hint_buttons(table))

    def closing_note(self, step: str, table: Table) -> str:
        turn, _sep, phase = step.partition("-")
        with table.public_voice():
            if phase == "auction":
                return _("🔨 The auctions of turn {turn} are over.").format(
                    turn=turn.removeprefix("t")
                )
            if phase == "pricing":
                return _("📜 Turn {turn}: the sheets are revealed below.").format(
                    turn=turn.removeprefix("t")
                )
        return super().closing_note(step, table)

    def finished(self, table: Table) -> list[Message]:
        view = public_view(table)
        with table.public_voice():
            text = _(
                "🏆 **Game over** — {winners}! `/game status` shows "
                "this result until the next table opens here."
            ).format(winners=winners_line(table, view.winners))
            return [Message(content=text, embeds=[scoreboard_embed(table, view)])]

    def status(self, table: Table, viewer: int | None) -> Outcome:
        outcome = Outcome(public=[self.live(table)])
        if viewer is not None:
            outcome.reply = sheet_message(
                table, viewer, _("Your own sheet and special cards:"), hand=True
            )
        return outcome

    def finishing_order(self, table: Table) -> list[int]:
        return finishing_order(public_view(table))

    def describe(self, table: Table, action: dict[str, Any], before: Any = None) -> str:
        """A move in a few words, as a noun phrase ("bid of 7 gold"): for the take-back
        messages and the log's lines of moves that told the channel nothing. `before`,
        the state the move was made in, names the card put up for auction. Prices stay
        out of it (the log can be read before a reveal), and a special card given away
        stays unnamed (only its giver and taker know it)."""
        kind = action.get("type")
        if kind == "auction":
            return self._auction_words(table, action, before)
        if kind == "bid":
            return _("bid of {amount} gold").format(amount=action["amount"])
        if kind == "pass":
            return _("pass")
        if kind == "price":
            return _("price for {article}").format(article=_article(action.get("article")))
        if kind == "submit":
            if action.get("defaults"):
                return _("price sheet submitted (missing prices filled in)")
            return _("price sheet submitted")
        if kind == "play":
            return self._play_words(table, action)
        if kind == "give":
            gifts = [_("{gold} gold").format(gold=action["gold"])] if action.get("gold") else []
            if action.get("article"):
                gifts.append(_("a {article} card").format(article=_article(action.get("article"))))
            if action.get("card"):
                gifts.append(_("a special card"))
            to = action.get("to")
            who = table.name(to) if isinstance(to, int) and 0 <= to < len(table.seats) else "?"
            return _("gift of {gifts} to {player}").format(
                gifts=_(" and ").join(gifts) or _("nothing"), player=f"**{who}**"
            )
        return super().describe(table, action, before)

    def _auction_words(self, table: Table, action: dict[str, Any], before: Any) -> str:
        price = action.get("price")
        index = action.get("card")
        view = table.rules.view(before, None) if before is not None else None
        if (
            isinstance(view, FantasyBusinessView)
            and isinstance(index, int)
            and 0 <= index < len(view.centre)
        ):
            card = view.centre[index]
            name = term(card.name) if card.kind == "article" else _("special card")
            if price is None:
                return _("auction of card {label} ({card}) with no opening bid").format(
                    label=card.label, card=name
                )
            return _("auction of card {label} ({card}) at {price} gold").format(
                label=card.label, card=name, price=price
            )
        if price is None:
            return _("auction of a card with no opening bid")
        return _("auction of a card at {price} gold").format(price=price)

    def _play_words(self, table: Table, action: dict[str, Any]) -> str:
        card = _special(action.get("card"))
        target = action.get("target")
        article = action.get("article")
        if isinstance(target, int) and 0 <= target < len(table.seats):
            played = _("{card} played on {player}").format(
                card=card, player=f"**{table.name(target)}**"
            )
        else:
            played = _("{card} played").format(card=card)
        if article:
            played += f" ({_article(article)})"
        return played


TAKEN_BACK = N_("↩️ Taken back: prices are not being set now.")

HAND_KINDS = frozenset({"special_received", "special_played", "special_given"})
PLAYABLE_KINDS = frozenset({"pricing_started", "sheets_revealed"})
"""Events after which a hand's specials become playable or stop being so."""


def _article(typed: object) -> str:
    key = str(typed)
    return article_name(key) if key in deck.articles() else key


def _special(typed: object) -> str:
    key = str(typed)
    return special_name(key) if key in deck.specials() else key


PRESENTER = FantasyBusinessPresenter()
