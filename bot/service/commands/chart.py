"""`/game chart [share]`: the picture of how the channel's game has gone so far.

Like `/game status` it speaks of the channel's running game, or of the game that last
finished there, and answers privately unless `share:true`. The chart shows only what
the channel was told (bot.render.charts), so sharing it reveals nothing, and a running
game's chart can be asked for at any moment. It only reads, in a store thread; the
picture is drawn at delivery, in a worker thread.
"""

from contextlib import nullcontext

from bot.i18n import _
from bot.messages import Message, Outcome
from bot.render.charts import CHARTED, chart_attachment
from bot.service.requests import NO_GAME, Place
from bot.service.runtime.engine import Engine


async def chart(engine: Engine, place: Place, share: bool) -> Outcome:
    return await engine.read(_chart, engine, place, share)


def _chart(engine: Engine, place: Place, share: bool) -> Outcome:
    store = engine.store
    game = store.open_game(place.channel_id) or store.last_finished_game(place.channel_id)
    if game is None:
        return Outcome.refusal(NO_GAME)
    if game.status == "lobby" or game.state is None:
        return Outcome.refusal(_("The game has not started yet: there is nothing to chart."))
    table = engine.table_for(game)
    if game.kind not in CHARTED:
        return Outcome.refusal(_("This game has no chart."))
    with table.public_voice() if share else nullcontext():
        attachment = chart_attachment(table, store.actions(game.id))
        if attachment is None:
            return Outcome.refusal(
                _("This game's log does not lead to its position, so it has no chart.")
            )
        if game.status == "finished":
            text = _("📈 How **{title}** went, from what everyone saw.")
        else:
            text = _("📈 How **{title}** is going so far, from what everyone has seen.")
        message = Message(content=text.format(title=table.rules.title), files=[attachment])
    if share:
        return Outcome(public=[message], channel_id=game.channel_id)
    return Outcome(reply=message, channel_id=game.channel_id)
