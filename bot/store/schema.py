"""Numbered schema migrations, applied in order at startup.

Each migration is a list of SQL statements run in one transaction together with the row
that records it, so a crash mid-migration leaves the previous schema intact and a re-run
is a no-op. Never edit a shipped migration: add the next number.
"""

MIGRATIONS: dict[int, list[str]] = {
    1: [
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
            host_id INTEGER NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            deadline TEXT
        )
        """,
        # The database, not only the code, keeps one lobby/active game per channel.
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_status ON games (status)",
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            position INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            display_name TEXT NOT NULL,
            joined_at TEXT NOT NULL,
            PRIMARY KEY (game_id, position),
            UNIQUE (game_id, user_id)
        )
        """,
        "CREATE INDEX seats_user ON seats (user_id)",
        """
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            user_id INTEGER,
            seat INTEGER,
            action TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )
        """,
        "CREATE TABLE bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ],
    2: [
        # Long-running play: a per-game step timer with an optional reminder, pausing,
        # and seats on autopilot (kicked or resigned players).
        "ALTER TABLE games ADD COLUMN timer_hours REAL NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN remind_hours REAL",
        "ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN paused_at TEXT",
        "ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active'",
    ],
}
MIGRATIONS[3] = [
    # Messages kept up to date in place: each game step's table message in the game's
    # channel (user_id 0) and each player's price sheet / hand in their DMs. `step` is
    # what the message shows; `version` the game version it was drawn from, so an older
    # update that arrives late never overwrites a newer one.
    """
    CREATE TABLE live_messages (
        game_id INTEGER NOT NULL REFERENCES games (id),
        slot TEXT NOT NULL,
        user_id INTEGER NOT NULL DEFAULT 0,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        step TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (game_id, slot, user_id)
    )
    """,
    "CREATE INDEX games_channel_finished ON games (channel_id, id) WHERE status = 'finished'",
]
MIGRATIONS[4] = [
    # Take-backs: the rows one command writes (a move and the autopilot moves it made
    # due) share the first row's seq, so a take-back takes them back together.
    "ALTER TABLE actions ADD COLUMN command INTEGER",
]
MIGRATIONS[5] = [
    # AI players: a seat played by an AI has its level here (its user_id is a negative
    # stand-in, unique in the game); the AI level that plays kicked and resigned seats.
    "ALTER TABLE seats ADD COLUMN ai_level TEXT",
    "ALTER TABLE games ADD COLUMN autopilot_level TEXT NOT NULL DEFAULT 'standard'",
]
MIGRATIONS[6] = [
    # Records. `rules_hash`: the fingerprint of the rules data a game was created with
    # (bot.records.fingerprint), so a replay file names the data it was played with;
    # `started_at`: when play began (the first wait of a player is timed from it);
    # `recorded`: the game's results are in `results` (set in the transaction that
    # finishes it, or when an older finished game is recorded on demand).
    "ALTER TABLE games ADD COLUMN rules_hash TEXT",
    "ALTER TABLE games ADD COLUMN started_at TEXT",
    "ALTER TABLE games ADD COLUMN recorded INTEGER NOT NULL DEFAULT 0",
    "CREATE INDEX games_unrecorded ON games (id) WHERE status = 'finished' AND recorded = 0",
    # Why the bot made a move for a seat: 'deadline' (the step's time ran out) or
    # 'autopilot' (a kicked or resigned seat); NULL for a player's own move.
    "ALTER TABLE actions ADD COLUMN cause TEXT",
    # One row per seat of each finished game, as it ended: what /stats, /game history
    # and the leaderboards read, and what ratings are recomputed from. Here and in
    # `ratings`, guild_id 0 stands for a game outside any server.
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        position INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        ai INTEGER NOT NULL DEFAULT 0,
        players INTEGER NOT NULL,
        place INTEGER NOT NULL,
        score INTEGER,
        won INTEGER NOT NULL,
        turns INTEGER NOT NULL DEFAULT 0,
        think_seconds REAL NOT NULL DEFAULT 0,
        missed INTEGER NOT NULL DEFAULT 0,
        finished_at TEXT NOT NULL,
        PRIMARY KEY (game_id, position)
    )
    """,
    "CREATE INDEX results_member ON results (guild_id, user_id)",
    "CREATE INDEX results_board ON results (guild_id, kind, finished_at, game_id)",
    # Each member's rating per server and game, kept up to date as games finish; always
    # recomputable from `results` (bot.records.ratings).
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, kind, user_id)
    )
    """,
]
