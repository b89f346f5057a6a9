"""Storage refusals the service turns into player-facing replies, and startup problems."""


class StoreError(Exception):
    """Base for storage refusals the service turns into player-facing replies."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or a running game."""


class VersionConflict(StoreError):
    """The game changed since it was read; the caller must reload and retry."""


class DatabaseBusy(StoreError):
    """Another process held the database's write lock for longer than the busy timeout."""


class StorageFull(StoreError):
    """The database's storage is full (SQLite's "database or disk is full", PostgreSQL's
    SQLSTATE 53100): the write was rolled back, so nothing was lost, but no move can be
    saved until the operator frees space."""


class StoreUnusable(Exception):
    """The database cannot be used at all (startup): the message names the file (or the
    URL, without its password) and what to do, in one line, for `python -m bot` to print
    instead of a traceback."""


class DatabaseUnavailable(StoreError):
    """The database server could not be reached (or dropped the connection) mid-command."""


class NeedsThread(Exception):
    """Work the store was asked to run on the event loop (`Store.run_inline`) cannot run
    there; nothing of it was kept, and it runs in the writer thread instead."""
