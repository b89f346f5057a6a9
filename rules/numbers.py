"""Reading the whole numbers players type: plain ASCII digits, and not too many of them.

`str.isdigit` is true for superscripts and other digits that `int` refuses ("²"), while
`int` itself accepts signs, underscores, spaces and the digits of every script, and a
long enough run of digits makes it raise. Every rules-side parser reads numbers through
`whole_number`, so a number is either read plainly or refused with a `RuleError`.
"""

from rules.errors import RuleError
from rules.names import shown
from rules.words import Say

MAX_DIGITS = 6
"""No count in either game comes near a million; longer numbers are typos or probes."""


def is_ascii_number(word: str) -> bool:
    """Only the digits 0-9, at least one of them."""
    return bool(word) and all("0" <= ch <= "9" for ch in word)


def whole_number(word: str, what: str | Say) -> int | None:
    """The number `word` spells in ASCII digits; None when it is not such a number.

    Refuses, naming `what` the number was for, a run of digits too long to be meant.
    """
    if not is_ascii_number(word):
        return None
    if len(word) > MAX_DIGITS:
        raise RuleError("“{typed}” is too big a number for {what}.", typed=shown(word), what=what)
    return int(word)
