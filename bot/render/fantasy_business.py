"""How Fantasy Business looks on Discord."""

from bot.render.generic import EventPresenter


class FantasyBusinessPresenter(EventPresenter):
    """Fantasy Business's messages: builds on the shared event lines and turn pings."""


PRESENTER = FantasyBusinessPresenter()
