"""Fagin's Gang by clicking: the Phase 1 and hand-limit table message with its buttons,
and the private builders they open (a move, a steal, shillings, a discard).

A builder is one private message, redrawn on every click: the plan so far and its cost,
then one button for each choice `rules.fagins_gang.builder` offers (only those the rules
accept), and Back/Undo, Submit and Cancel. Each button carries the whole draft in its id,
so nothing is kept between clicks and a restart loses nothing.
"""

from collections import Counter

import discord

from bot.i18n import _, current, term
from bot.messages import ButtonSpec, Message
from bot.render.fg_words import cubes_squares, cubes_text
from bot.render.generic import COLOUR
from bot.table import Table
from bot.timing import stamp
from rules.fagins_gang import BOARD, RULES, FaginState, FaginView
from rules.fagins_gang import builder as drafts
from rules.fagins_gang.actions import Discard, Move, Shillings, Steal, format_move, format_steal
from rules.fagins_gang.builder import Choice, Draft
from rules.fagins_gang.plan_words import german_word, in_language
from rules.fagins_gang.state import track_level

ROUTE_OPEN = "fg-build"
"""A table message's button: opens a new private builder."""
ROUTE_DRAFT = "fg-draft"
"""A builder's button: redraws the builder with the draft it carries."""
ROUTE_SUBMIT = "fg-submit"
ROUTE_CANCEL = "fg-cancel"
ROUTE_TO_DM = "fg-to-dm"
"""Moves the builder, with its draft, into the player's DMs (one they can come back to)."""
ROUTE_SKIP = "fg-skip"
ROUTE_MARKET = "fg-open-market"

PER_ROW = 5
CHOICE_ROWS = 4
"""Choices fill rows 0–3 (20 buttons, more than any builder offers); row 4 is Back/Undo,
Submit and Cancel."""


def _state(table: Table) -> FaginState:
    assert isinstance(table.state, FaginState)
    return table.state


# -- the table message -----------------------------------------------------------------------


def table_embed(table: Table, view: FaginView) -> discord.Embed:
    """Whom Phase 1 (or the hand limit) waits on, and what they hold."""
    state = _state(table)
    waiting = RULES.waiting_on(state)
    if view.phase == "discard":
        title = _("✋ Round {round}: the hand limit").format(round=view.round)
        lines = [
            _("**{name}** returns {count} cubes.").format(name=table.name(seat), count=owed)
            for seat, owed in sorted(view.pending_discards.items())
        ]
        lines.append(_("Press **Return cubes…** to choose yours."))
    else:
        title = _("🎩 Round {round}: actions").format(round=view.round)
        lines = []
        for seat in waiting:
            mine = view.seats[seat]
            held = {c: n for c, n in mine.cubes.items() if n}
            lines.append(
                _("**{name}** is to act: {shillings} shillings, {cubes}").format(
                    name=table.name(seat),
                    shillings=mine.shillings,
                    cubes=cubes_squares(held) or _("no cubes"),
                )
            )
        lines.append(_("Press a button to plan it; only what you can do now is offered."))
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    if table.game.deadline and not table.game.paused_at:
        embed.add_field(name=_("Due"), value=stamp(table.game.deadline), inline=False)
    return embed


def table_buttons(table: Table, view: FaginView) -> list[ButtonSpec]:
    """One button per kind of action the player to act can take now (a discard's for
    everyone over the hand limit)."""
    state, game = _state(table), table.game
    version = game.version
    if view.phase == "discard":
        token = drafts.token_for(state, version, "d")
        return [
            ButtonSpec(
                label=_("Return cubes…"),
                route=ROUTE_OPEN,
                game_id=game.id,
                arg=drafts.start(token, "d").text(),
                style="primary",
            )
        ]
    waiting = RULES.waiting_on(state)
    if view.phase != "actions" or not waiting:
        return []
    seat = waiting[0]
    buttons: list[ButtonSpec] = []
    for kind, label in (
        ("m", _("Move urchins…")),
        ("s", _("Steal goods…")),
        ("c", _("Steal shillings…")),
    ):
        draft = drafts.start(version, kind)
        if drafts.choices(state, seat, draft):
            buttons.append(
                ButtonSpec(
                    label=label,
                    route=ROUTE_OPEN,
                    game_id=game.id,
                    arg=draft.text(),
                    style="primary" if kind == "m" else "secondary",
                )
            )
    buttons.append(
        ButtonSpec(
            label=_("Open the market"), route=ROUTE_MARKET, game_id=game.id, arg=str(version)
        )
    )
    buttons.append(ButtonSpec(label=_("Skip"), route=ROUTE_SKIP, game_id=game.id, arg=str(version)))
    return buttons


def table_message(table: Table) -> Message:
    view = table.public
    assert isinstance(view, FaginView)
    return Message(embeds=[table_embed(table, view)], buttons=table_buttons(table, view))


# -- the builders ----------------------------------------------------------------------------


def _place(key: str) -> str:
    return term(BOARD.location(key).name)


def plan_text(draft: Draft) -> str:
    """The draft's finished parts as a plan is typed, in the reader's language."""
    action = drafts.action_of(Draft(draft.token, draft.kind, draft.parts))
    if action is None:
        return ""
    if isinstance(action, Move):
        return in_language(format_move(action), current())
    if isinstance(action, Steal):
        return in_language(format_steal(action), current())
    if isinstance(action, Shillings):
        words = action.locations
        return ", ".join(german_word(w) if current() == "de" else w for w in words)
    assert isinstance(action, Discard)
    return cubes_text(action.cubes)


def _title(kind: str) -> str:
    return {
        "m": _("🧭 Move urchins"),
        "s": _("🎒 Steal goods"),
        "c": _("🪙 Steal shillings"),
        "d": _("✋ Return cubes"),
    }[kind]


def _ask(state: FaginState, seat: int, draft: Draft, offered: list[Choice]) -> str:
    """What the buttons below ask for."""
    if draft.kind == "d":
        left = drafts.owed(state, seat) - len(draft.parts)
        if left <= 0:
            return _("That is all you owe: submit it.")
        return _("Choose a cube to return ({left} to go).").format(left=left)
    if not offered:
        return _("Nothing more fits this plan: submit it, or undo a step.")
    focus = draft.focus
    if draft.kind == "m" and focus:
        return _("{place}: choose a step.").format(place=_place(drafts.location_of(focus)))
    if focus.startswith("s"):
        return _("{place}: choose a colour for each ★ ({named} named).").format(
            place=_place(drafts.location_of(focus[1])), named=len(focus) - 2
        )
    if focus.startswith("x"):
        if len(focus) - 1 == BOARD.exchange_give:
            return _("Exchange: choose the colour to take.")
        return _("Exchange: choose {give} cubes to give ({named} chosen).").format(
            give=BOARD.exchange_give, named=len(focus) - 1
        )
    if draft.parts:
        return _("Add another location, or submit.")
    if draft.kind == "m":
        return _("Choose an urchin's location, or a location to enter.")
    return _("Choose a location.")


def _step_label(state: FaginState, seat: int, choice: Choice) -> str:
    step = drafts.step_of(choice.value)
    if step.kind == "enter" and step.direction is None:
        label = _("Enter")
    elif step.kind == "enter":
        label = (_("Enter, up {n}") if step.direction == "up" else _("Enter, down {n}")).format(
            n=step.levels
        )
    elif step.kind == "move":
        label = (_("Up {n}") if step.direction == "up" else _("Down {n}")).format(n=step.levels)
    elif step.kind == "leave":
        label = _("Leave at the top") if step.side == "top" else _("Leave at the bottom")
    else:
        label = _("To Fagin ({price} shillings)").format(price=BOARD.fagin_price)
    cost = cubes_squares(dict(choice.paid))
    return f"{label} · {cost}" if cost else label


def _label(state: FaginState, seat: int, choice: Choice) -> str:
    what, value = choice.what, choice.value
    if what == "step":
        return _step_label(state, seat, choice)
    if what == "location":
        level = track_level(state, value, seat)
        if level is None:
            return _("{place} · enter").format(place=_place(value))
        return _("{place} · level {level}").format(place=_place(value), level=level)
    if what == "exchange":
        return _("Exchange {give} for 1").format(give=BOARD.exchange_give)
    if what == "give":
        return _("Give {colour}").format(colour=term(value))
    if what == "take":
        return _("Take {colour}").format(colour=term(value))
    if choice.draft.kind == "d":
        return _("Return {colour}").format(colour=term(value))
    return term(value)


def builder_message(table: Table, seat: int, draft: Draft, *, in_dm: bool = False) -> Message:
    """The private builder: the plan so far, its cost, and the next choices; shown in
    the channel (only to its player), it offers to move into their DMs."""
    state = _state(table)
    game = table.game.id
    offered = drafts.choices(state, seat, draft)
    mine = state.cubes[seat]
    held = {c: n for c, n in mine.items() if n}
    lines = [f"**{_title(draft.kind)}**"]
    plan = plan_text(draft)
    lines.append(_("Plan: {plan}").format(plan=f"`{plan}`" if plan else _("(nothing yet)")))
    cost = drafts.paid(state, seat, draft)
    if cost:
        lines.append(_("Cost: {cubes}").format(cubes=cubes_text(cost)))
    if draft.kind == "d":
        returned = dict(Counter(drafts.colour_of(p) for p in draft.parts))
        lines.append(
            _("You return {owed} of: {cubes}.").format(
                owed=drafts.owed(state, seat), cubes=cubes_text(held)
            )
        )
        if returned:
            lines.append(_("Chosen: {cubes}").format(cubes=cubes_squares(returned)))
    else:
        lines.append(
            _("You hold: {shillings} shillings, {cubes}").format(
                shillings=state.shillings[seat], cubes=cubes_squares(held) or _("no cubes")
            )
        )
    lines.append(_ask(state, seat, draft, offered))
    buttons = [
        ButtonSpec(
            label=_label(state, seat, choice)[:80],
            route=ROUTE_DRAFT,
            game_id=game,
            arg=choice.draft.text(),
            row=index // PER_ROW,
        )
        for index, choice in enumerate(offered[: PER_ROW * CHOICE_ROWS])
    ]
    if draft.focus or draft.parts:
        back = _("Back") if draft.focus else _("Undo last step")
        buttons.append(
            ButtonSpec(
                label=back, route=ROUTE_DRAFT, game_id=game, arg=draft.undone().text(), row=4
            )
        )
    ready = Draft(draft.token, draft.kind, draft.parts)  # a part half built is left out
    if drafts.accepted(state, seat, ready):
        buttons.append(
            ButtonSpec(
                label=_("Submit"),
                route=ROUTE_SUBMIT,
                game_id=game,
                arg=ready.text(),
                style="success",
                row=4,
            )
        )
    buttons.append(
        ButtonSpec(label=_("Cancel"), route=ROUTE_CANCEL, game_id=game, style="danger", row=4)
    )
    if not in_dm:
        buttons.append(
            ButtonSpec(
                label=_("📨 To my DMs"), route=ROUTE_TO_DM, game_id=game, arg=draft.text(), row=4
            )
        )
    return Message(content="\n".join(lines), buttons=buttons)
