"""The one error type a rules core raises for an illegal action.

Its message is shown to the player as it is, so it speaks the game's language and says
what was tried and why it is not allowed. Seat references use `{p<n>}` placeholders
(see `rules.events`) so the Discord layer can put names or mentions in.
"""


class RuleError(Exception):
    """An action the rules do not allow; the message is fit to show the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
