"""The log tells the game: every public event of a played game has its line, each turn
or round its header, a take-back says in words whose move it took back, and what it
took back stays in the log, struck through; nothing secret, and all of it in German at
a German table."""

import random

import pytest

from bot.i18n import speaking
from bot.render.game_log import PROMPTS, WALKS, log_lines
from bot.replay import replay, undo_record
from bot.store.rows import ActionRow, GameRow, SeatRow
from bot.table import Table
from rules.events import Event
from rules.fagins_gang import BOARD
from rules.registry import GAMES
from tests.discord.german import english_in

NAMES = ["alice", "bob", "carol", "dave"]
FIRST = {"first_seat": 0}


def played(kind: str, seed: int, players: int = 3) -> tuple[list[ActionRow], list[Event]]:
    """A game of random legal moves as log rows, and every public event it told."""
    rules = GAMES[kind]
    state, events = rules.setup(players, {}, seed, 0)
    told = [event for event in events if event.public]
    chooser = random.Random(seed)
    rows: list[ActionRow] = []
    while rules.waiting_on(state) and len(rows) < 600:
        seat = rules.waiting_on(state)[0]
        action = chooser.choice(list(rules.legal_actions(state, seat)))
        state, events = rules.apply(state, seat, action)
        told += [event for event in events if event.public]
        rows.append(_row(len(rows) + 1, seat, action.model_dump(mode="json")))
    return rows, told


def _row(seq: int, seat: int, action: dict[str, object]) -> ActionRow:
    return ActionRow(
        game_id=1,
        seq=seq,
        user_id=100 + seat,
        seat=seat,
        action=action,
        created_at="2026-12-01T00:00:00",
        command=seq,
    )


def table_of(
    kind: str, rows: list[ActionRow], players: int = 3, language: str = "en", seed: int = 1
) -> Table:
    rules = GAMES[kind]
    state = replay(rules, players, FIRST, seed, rows).state
    game = GameRow(
        id=1,
        guild_id=1,
        channel_id=2,
        kind=kind,
        status="active",
        host_id=100,
        options={**FIRST, "language": language},
        seed=seed,
        state=rules.dump_state(state),
        version=1,
        created_at="2026-12-01T00:00:00",
        updated_at="2026-12-01T00:00:00",
        deadline=None,
    )
    seats = [
        SeatRow(
            game_id=1, position=seat, user_id=100 + seat, display_name=NAMES[seat], joined_at=""
        )
        for seat in range(players)
    ]
    return Table(game, seats, rules, state)


@pytest.mark.parametrize("kind", ["fantasy-business", "fagins-gang"])
def test_every_event_of_a_game_has_its_line_under_its_turns_header(kind: str) -> None:
    kinds: set[str] = set()
    for seed in range(1, 7):
        rows, told = played(kind, seed)
        table = table_of(kind, rows, seed=seed)
        with speaking("en"):
            text = "\n".join(log_lines(table, rows))
        for event in told:
            if event.kind in PROMPTS:
                continue
            kinds.add(event.kind)
            if event.kind in WALKS:  # the constables' walks: one line, as the channel has it
                data = event.data
                name = BOARD.location(str(data["location"])).name
                assert f"{name} 🎲{data['roll']} " in text, (event.kind, data)
                continue
            sentence = table.said(event.say) if event.say is not None else event.text
            assert sentence in text, (event.kind, sentence)
        header = "Turn" if kind == "fantasy-business" else "Round"
        last = 1 + max(
            int(e.data.get("turn", e.data.get("round", 1)))
            for e in told
            if e.kind in ("turn_started", "round_started")
        )
        for number in range(1, last):
            assert f"**── {header} {number} ──**" in text
        # Every logged move is a numbered line.
        assert all(f"`{row.seq:>4}` " in text for row in rows)
    # The games between them tell (nearly) every kind of event there is.
    wanted = (
        {
            "card_designated",
            "bid",
            "passed",
            "card_won",
            "income_paid",
            "sheets_revealed",
            "special_played",
            "gift",
            "sheet_submitted",
            "turn_started",
            "card_discarded",
        }
        if kind == "fantasy-business"
        else {
            "urchin_moved",
            "urchin_bumped",
            "goods_stolen",
            "goods_exchanged",
            "shillings_stolen",
            "market_opened",
            "market_bought",
            "market_sold",
            "constable_patrol",
            "wheel_turned",
            "round_started",
            "skipped",
        }
    )
    assert wanted <= kinds, wanted - kinds


def test_a_take_back_says_whose_move_it_took_back_and_strikes_it_through() -> None:
    kind = "fantasy-business"
    rules = GAMES[kind]
    state, _ = rules.setup(3, {}, 1, 0)
    auction = next(a for a in rules.legal_actions(state, 0) if a.type == "auction")
    state, _ = rules.apply(state, 0, auction)
    bid = next(a for a in rules.legal_actions(state, 1) if a.type == "bid")
    rows = [
        _row(1, 0, auction.model_dump(mode="json")),
        _row(2, 1, bid.model_dump(mode="json")),
        _row(3, 1, undo_record(back_to=2)),
    ]
    table = table_of(kind, rows)
    lines = log_lines(table, rows)
    assert f"`   3` ↩️ **bob** took back their bid of {bid.amount} gold." in lines
    struck = next(line for line in lines if line.startswith("`   2`"))
    assert struck.startswith("`   2` ~~**bob** bids") and struck.endswith("(taken back)")
    # The host takes back another's move: both are named.
    rows[2] = rows[2].model_copy(update={"seat": 0, "user_id": 100})
    lines = log_lines(table_of(kind, rows), rows)
    assert f"`   3` ↩️ **alice** took back **bob**'s bid of {bid.amount} gold." in lines
    with speaking("de"):
        german = log_lines(table_of(kind, rows, language="de"), rows)
    assert (
        f"`   3` ↩️ **alice** hat den letzten Zug von **bob** zurückgenommen: "
        f"Gebot von {bid.amount} Gold." in german
    )


def test_the_newest_lines_keep_the_header_of_the_turn_they_are_in() -> None:
    rows, _told = played("fagins-gang", 3)
    table = table_of("fagins-gang", rows, seed=3)
    lines = log_lines(table, rows, count=5)
    assert lines[0].startswith("**── Round ") and lines[0] != "**── Round 1 ──**"
    assert sum(1 for line in lines if line.startswith("`")) == 5


def test_a_secret_price_is_logged_without_it() -> None:
    from rules.fantasy_business import deck

    kind = "fantasy-business"
    rows, _told = played(kind, 2)
    table = table_of(kind, rows, seed=2)
    lines = log_lines(table, rows)
    priced = [row for row in rows if row.action["type"] == "price"]
    assert priced
    for row in priced:
        line = next(line for line in lines if line.startswith(f"`{row.seq:>4}`"))
        said = line[len(f"`{row.seq:>4}` ") :]
        article = deck.article(str(row.action["article"])).name
        assert said.endswith(f"**: price for {article}") or "has priced" in said, said
        assert str(row.action["price"]) not in said  # the price stays secret


@pytest.mark.parametrize("kind", ["fantasy-business", "fagins-gang"])
def test_a_german_table_reads_its_log_in_german(kind: str) -> None:
    rows, _told = played(kind, 4)
    table = table_of(kind, rows, language="de", seed=4)
    with speaking("de"):
        lines = log_lines(table, rows)
    found = [(english_in(line, [f"**{n}**" for n in NAMES]), line) for line in lines]
    assert [f for f in found if f[0]] == [], [f for f in found if f[0]][:3]
