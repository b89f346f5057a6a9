"""What a command owes Discord, written in the command's own transaction.

Why: a move that is stored but whose line never reaches the channel, or whose table
message stays stale, tells the players something false about the game. So everything a
committed command owes Discord — its public messages, its DMs, the live messages
(the step's table message, a player's sheet or hand) to bring to the game's newest
state — is a row of the outbox, written with the command's writes: nothing is owed that
did not commit, and nothing committed is forgotten by a crash, a restart or a Discord
outage. The edge's courier (bot.edge.courier) delivers the rows and deletes them once
Discord has them; a live message is drawn at delivery, from the state stored then.

The first public message of a command that came from an interaction is held back for a
few seconds: the interaction's answer carries it (and the edge deletes the row), or the
edge hands it back to the courier, which posts it in the channel.
"""

from datetime import datetime, timedelta

from bot.messages import Outcome
from bot.store import Owed, Store

HELD = timedelta(seconds=10)
"""How long the first line waits for the interaction's answer (which takes well under a
second) before the courier posts it itself: a process that stopped in between loses
nothing."""


def owed_by(outcome: Outcome) -> list[Owed]:
    """An outcome's messages as rows of the outbox, in the order they are said."""
    channel = outcome.channel_id or 0
    rows = [
        Owed(kind="line", channel_id=channel, body=message.stored()) for message in outcome.public
    ]
    rows += [
        Owed(
            kind="dm",
            channel_id=channel,
            user_id=private.user_id,
            body={"message": private.message.stored(), "fallback": private.fallback},
        )
        for private in outcome.private
    ]
    rows += [
        Owed(
            kind="live",
            channel_id=channel,
            user_id=live.user_id,
            game_id=live.game_id,
            body={
                "slot": live.slot,
                "step": live.step,
                "version": live.version,
                "closing": live.closing,
                "fallback": live.fallback,
                "closes": live.closes,
            },
        )
        for live in outcome.live
    ]
    return rows


def owe(store: Store, outcome: Outcome, *, answered: bool, now: datetime, owner: str) -> None:
    """Inside the command's transaction: record what its outcome owes Discord; the
    outcome says so (`owed`), and which row the answer to its interaction (`answered`:
    it has one) may carry (`held`, known once the transaction committed)."""
    rows = owed_by(outcome)
    outcome.owed = bool(rows) or outcome.accepted
    hold = answered and bool(outcome.public)

    def held(ids: list[int]) -> None:
        outcome.held = ids[0] if hold and ids else None

    store.owe(rows, owner=owner, now=now, held_until=now + HELD if hold else None, then=held)
