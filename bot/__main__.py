"""`python -m bot` runs the bot on Discord; `python -m bot sandbox` runs it locally;
`python -m bot backup PATH` copies the database safely while the bot runs;
`python -m bot migrate-to URL` moves a SQLite database into an empty PostgreSQL one;
`python -m bot replay FILE` plays a game's replay file (`/game export`) again and checks
its result; `python -m bot catalogs update|check` keeps the translation catalogs current.

The sandbox (simcord's simulated Discord with a browser page) needs no token, so a
newcomer can play at once; the Discord run keeps refusing to start without one. Every
problem a person must fix (a setting, the database file) is one line and exit code 2,
never a traceback.
"""

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings
from bot.store import SqliteStore, StoreUnusable, is_url, open_store

MAX_SANDBOX_PLAYERS = 8  # bot.sandbox.MAX_PLAYERS; kept here so --help stays light
DEFAULT_SANDBOX_PORT = 8765


def _player_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_SANDBOX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"must be between 1 and {MAX_SANDBOX_PLAYERS}, not {value}"
        )
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be between 0 and 65535, not {value}")
    return value


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run Smithfield on Discord (needs DISCORD_TOKEN), or locally with `sandbox`.",
    )
    commands = root.add_subparsers(
        dest="command", metavar="{sandbox,backup,replay,migrate-to,catalogs}"
    )
    sandbox = commands.add_parser(
        "sandbox",
        help="play locally in a browser against a simulated Discord (no token needed)",
        description="Run the bot in a simulated Discord server with a #table channel and "
        "named players, and serve a local page to play in (127.0.0.1 only).",
    )
    sandbox.add_argument(
        "--players",
        type=_player_count,
        default=4,
        metavar="N",
        help=f"number of players, 1 to {MAX_SANDBOX_PLAYERS} (default 4)",
    )
    sandbox.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_SANDBOX_PORT,
        metavar="P",
        help=f"loopback port of the page (default {DEFAULT_SANDBOX_PORT}; 0 picks a free one)",
    )
    sandbox.add_argument(
        "--language",
        choices=("en", "de"),
        default="en",
        help="de: a German server whose players' Discord is set to German (default en)",
    )
    backup = commands.add_parser(
        "backup",
        help="copy the database to PATH, consistently, even while the bot runs",
        description="Write a consistent copy of the SQLite database (SMITHFIELD_DB) to PATH "
        "with SQLite's online backup API. Copying the .db file alone is not a backup: recent "
        "moves may still be in its -wal file.",
    )
    backup.add_argument("path", type=Path, metavar="PATH", help="a new file to write")
    replay = commands.add_parser(
        "replay",
        help="play a game's replay file (/game export) again and check its result",
        description="Replay a finished game's file from /game export through the rules: "
        "print the final standings, or say why it does not replay to its recorded result "
        "(exit 1), e.g. because the rules data differ from the game's.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="a replay file (.json)")
    migrate = commands.add_parser(
        "migrate-to",
        help="copy the SQLite database (SMITHFIELD_DB) into an empty PostgreSQL database",
        description="Copy every table (games, seats, actions, live messages, records, settings) "
        "from the SQLite file SMITHFIELD_DB names into the empty PostgreSQL database at URL, "
        "check the counts and that every game's log replays to its stored state, and commit "
        "only then. Stop the bot first; afterwards set SMITHFIELD_DB=URL.",
    )
    migrate.add_argument("url", metavar="URL", help="postgresql://user:password@host/database")
    catalogs = commands.add_parser(
        "catalogs",
        help="bring the translation catalogs up to the code (update), or check them (check)",
        description="Extract every marked sentence and the slash commands' names, descriptions "
        "and choices; `update` merges them into bot/i18n/locale/*/LC_MESSAGES/*.po and lists "
        "what is left to translate, `check` exits 1 naming each missing, untranslated or "
        "broken message.",
    )
    catalogs.add_argument("action", choices=("update", "check"))
    return root


def load_settings() -> Settings | None:
    try:
        return Settings()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        print(f"smithfield: bad setting {where}: {first['msg']}", file=sys.stderr)
        return None


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.command == "replay":  # needs no settings and no database
        return replay_file(args.file)
    if args.command == "catalogs":  # neither
        return catalogs(write=args.action == "update")
    settings = load_settings()
    if settings is None:
        return 2
    try:
        return run(args, settings)
    except StoreUnusable as problem:
        print(f"smithfield: cannot use the database: {problem}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.command == "sandbox":
        return run_sandbox(settings, players=args.players, port=args.port, language=args.language)
    if args.command == "backup":
        return backup(settings, args.path)
    if args.command == "migrate-to":
        return migrate_to(settings, args.url)
    if settings.discord_token is None:
        print(
            "smithfield: DISCORD_TOKEN is not set. Put DISCORD_TOKEN=<your bot token> in .env "
            "(see .env.example) or export it.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.edge.app import create_bot

    bot = create_bot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


def backup(settings: Settings, target: Path) -> int:
    if target.exists():
        print(f"smithfield: {target} already exists; choose a new file name.", file=sys.stderr)
        return 2
    if not target.parent.is_dir():
        print(f"smithfield: the folder {target.parent} does not exist.", file=sys.stderr)
        return 2
    if is_url(settings.database_path):
        print(
            "smithfield: backup copies a SQLite file; for PostgreSQL use the server's own "
            "tools (pg_dump, or continuous archiving).",
            file=sys.stderr,
        )
        return 2
    store = open_store(settings.database_path)
    assert isinstance(store, SqliteStore)
    try:
        store.backup(target)
    finally:
        store.close()
    print(f"smithfield: backed up {settings.database_path} to {target}")
    return 0


def migrate_to(settings: Settings, url: str) -> int:
    if is_url(settings.database_path):
        print(
            "smithfield: migrate-to copies from a SQLite file: set SMITHFIELD_DB to the file's "
            "path (the target URL is the argument).",
            file=sys.stderr,
        )
        return 2
    if not url.lower().startswith(("postgresql://", "postgres://")):
        print(
            f"smithfield: migrate-to copies into PostgreSQL; {url.split('@')[-1]!r} is not a "
            "postgresql:// URL.",
            file=sys.stderr,
        )
        return 2
    if not Path(settings.database_path).is_file():
        print(f"smithfield: there is no database file {settings.database_path}.", file=sys.stderr)
        return 2
    from bot.store.transfer import copy_store
    from rules.registry import GAMES

    source = open_store(settings.database_path)
    try:
        target = open_store(url)
        try:
            report = copy_store(source, target, GAMES)
            print(f"smithfield: {report.line(source.location, target.location)}")
        finally:
            target.close()
    finally:
        source.close()
    return 0


def catalogs(*, write: bool) -> int:
    """`update`: always 0, printing what is left to translate; `check`: 1 when anything is."""
    from bot.edge.command_strings import command_messages
    from bot.i18n.checks import refresh

    count, found = refresh(asyncio.run(command_messages()), write=write)
    for problem in found:
        print(problem)
    if write:
        print(f"{count} messages; {len(found)} to translate or fix")
        return 0
    return 1 if found else 0


def replay_file(path: Path) -> int:
    """0 when the file replays to its result (standings printed), 1 when it does not, 2
    when it cannot be read; each problem is one line that says what and why."""
    from bot.records.export import ReplayProblem, read, replay_record
    from rules.registry import GAMES

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not text"
        print(f"smithfield: cannot read {path}: {reason}", file=sys.stderr)
        return 2
    try:
        record = read(text)
    except ReplayProblem as problem:
        print(f"smithfield: {path} cannot be replayed: {problem}", file=sys.stderr)
        return 2
    try:
        lines = replay_record(record, GAMES)
    except ReplayProblem as problem:
        print(f"smithfield: {path} does not replay: {problem}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


def run_sandbox(settings: Settings, *, players: int, port: int, language: str = "en") -> int:
    # The sandbox prints one line; its log stays quiet unless a level was asked for.
    if "log_level" in settings.model_fields_set:
        logging.basicConfig(
            level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
    else:
        # discord.py's start-up warnings (voice support, intents) mean nothing here.
        logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
        logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        from bot import sandbox
    except ImportError as error:
        print(
            f"smithfield: the sandbox needs simcord[preview] ({error.name} is missing): "
            "pip install -e '.[sandbox]'",
            file=sys.stderr,
        )
        return 2
    try:
        asyncio.run(sandbox.run_sandbox(settings, players=players, port=port, language=language))
    except OSError as error:
        print(
            f"smithfield: cannot serve the sandbox on 127.0.0.1:{port} ({error.strerror}); "
            "try another --port (0 picks a free one)",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
