"""How Fagin's Gang looks on Discord."""

from bot.render.generic import EventPresenter


class FaginsGangPresenter(EventPresenter):
    """Fagin's Gang's messages: builds on the shared event lines and turn pings."""


PRESENTER = FaginsGangPresenter()
