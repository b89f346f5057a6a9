"""`python -m bot` runs the bot on Discord."""

import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings


def main(argv: list[str]) -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        print(f"smithfield: bad setting {where}: {first['msg']}", file=sys.stderr)
        return 2
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
    from bot.app import create_bot

    bot = create_bot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
