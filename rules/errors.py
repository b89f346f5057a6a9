"""The one error type a rules core raises for an illegal action.

Its message says what was tried and why it is not allowed, in the game's words. It is
written as an English template with parameters (see `rules.words`): `RuleError("There is
no card {card} in the centre.", card=3)`; the Discord layer shows it in the reader's
language. Seats are `rules.words.Seat` parameters (or `{p<n>}` placeholders) so the
table can put names or mentions in.
"""

from rules.words import Param, Say


class RuleError(Exception):
    """An action the rules do not allow; the message is fit to show the player.

    The English message is made when first read: a search that tries moves the rules
    refuse never reads it."""

    def __init__(self, message: str | Say, /, **params: Param) -> None:
        self.say = message if isinstance(message, Say) else Say(key=message, params=params)
        self._message: str | None = None
        super().__init__()

    @property
    def message(self) -> str:
        if self._message is None:
            self._message = self.say.english()
        return self._message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[object, ...]:
        return (RuleError, (self.say,))
