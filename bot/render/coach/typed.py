"""A move as the command a player types for it, written as Discord shows it.

`/bid amount:7`, `/auction card:2 price:5`, `/move plan:"thames up 2"`, `/market pass`,
`/skip`: the command and option names are the English ones (the contract) and become
the reader's client's names through `bot.i18n.quoted`; typed values are written in the
reader's language where the command reads that language (article and card names,
location and colour words), and plan-like texts are quoted as the rulebook writes them.
Every text here is one the command accepts as written (tests/coach/test_hint_commands.py
feeds each back through the real command).
"""

import re
from typing import Any

from bot.i18n import command_word, current, term
from bot.i18n.quoted import commands_in
from bot.table import Table
from rules.fagins_gang import actions as fg
from rules.fagins_gang.plan_words import german_word, in_language
from rules.fantasy_business import actions as fb
from rules.fantasy_business import deck
from rules.fantasy_business.views import FantasyBusinessView

SPAN = re.compile(r"`(/[^`]+)`")
OPTION = re.compile(r'(\w+):("[^"]*"|.*?)(?=\s\w+:|$)')


def read_back(text: str) -> tuple[str, dict[str, str]]:
    """The first command quoted in `text` as (command path, options as typed): for the
    sandbox's scenes and the tests, which type what a hint says. `/market buy
    colours:"red"` gives ("market buy", {"colours": '"red"'})."""
    found = SPAN.search(text)
    if found is None:
        raise ValueError(f"No command in {text!r}.")
    command = found.group(1)
    first = re.search(r"\s\w+:", command)
    path = (command[: first.start()] if first else command).strip().lstrip("/")
    options = dict(OPTION.findall(command[first.start() :].strip())) if first else {}
    return path, options


def typed(table: Table, action: Any) -> str:
    """The command for `action` at `table`, as a code span in the language being spoken."""
    english = _english(table, action)
    return commands_in(f"`{english}`", command_word)


def _english(table: Table, action: Any) -> str:
    """The command with English command and option names (values already in the reader's
    language)."""
    if isinstance(action, fb.Auction):
        view = table.public
        assert isinstance(view, FantasyBusinessView)
        label = view.centre[action.card].label
        price = "" if action.price is None else f" price:{action.price}"
        return f"/auction card:{label}{price}"
    if isinstance(action, fb.Bid):
        return f"/bid amount:{action.amount}"
    if isinstance(action, fb.Pass):
        return "/pass"
    if isinstance(action, fb.SetPrice):
        return f"/price article:{_article(action.article)} amount:{action.price}"
    if isinstance(action, fb.Submit):
        return "/submit"
    if isinstance(action, fb.PlaySpecial):
        parts = [f"/play card:{term(deck.special(action.card).name)}"]
        if action.target is not None:
            parts.append(f"target:@{table.name(action.target)}")
        if action.article is not None:
            parts.append(f"article:{_article(action.article)}")
        return " ".join(parts)
    if isinstance(action, fb.Give):
        parts = [f"/give member:@{table.name(action.to)}"]
        if action.gold:
            parts.append(f"gold:{action.gold}")
        if action.article is not None:
            parts.append(f"article:{_article(action.article)}")
        if action.card is not None:
            parts.append(f"card:{term(deck.special(action.card).name)}")
        return " ".join(parts)
    return _fagin(action)


def _fagin(action: Any) -> str:
    language = current()
    if isinstance(action, fg.Move):
        return f'/move plan:"{in_language(fg.format_move(action), language)}"'
    if isinstance(action, fg.Steal):
        return f'/steal plan:"{in_language(fg.format_steal(action), language)}"'
    if isinstance(action, fg.Shillings):
        return f'/shillings locations:"{", ".join(_word(key) for key in action.locations)}"'
    if isinstance(action, fg.OpenMarket):
        return "/market open"
    if isinstance(action, fg.Buy):
        return f'/market buy colours:"{" ".join(_word(c) for c in action.colours)}"'
    if isinstance(action, fg.Sell):
        return f'/market sell colours:"{" ".join(_word(c) for c in action.colours)}"'
    if isinstance(action, fg.MarketPass):
        return "/market pass"
    if isinstance(action, fg.Skip):
        return "/skip"
    if isinstance(action, fg.Discard):
        cubes = ", ".join(f"{n} {_word(colour)}" for colour, n in action.cubes.items() if n)
        return f'/discard cubes:"{cubes}"'
    raise ValueError(f"No command plays {action!r}.")


def _article(key: str) -> str:
    return term(deck.article(key).name)


def _word(key: str) -> str:
    """A location or colour key as the reader's plans write it."""
    return german_word(key) if current() == "de" else key
