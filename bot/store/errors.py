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
    """The database server could not be reached (or dropped the connection) mid-command,
    before the command's COMMIT was sent: nothing of it was stored."""


class NotSaved(StoreError):
    """The database failed to store the transaction (its COMMIT, or a write, failed with
    an I/O error, a damaged file, an error the server answered): it was rolled back, so
    nothing of it was stored. Unlike a refusal of the game's rules, trying the same
    command again may well succeed."""


class OutcomeUnknown(StoreError):
    """The COMMIT was sent and its answer never came (the connection broke): the server
    may or may not have stored the transaction. Only the database can tell, later; the
    player must be told so, never that nothing changed."""


class DuplicateInteraction(StoreError):
    """The transaction recorded a Discord interaction that another transaction recorded
    first (the same interaction arriving twice, in two processes): rolled back; the
    first one's answer stands."""
