"""Fagin's Gang in German: plans typed in German, the rules' sentences and refusals, the
presenter's messages, autocomplete and the board picture's words.

Strict mode is on: a sentence without a German translation raises instead of slipping
through in English.
"""

from collections.abc import Iterator

import pytest

from bot.i18n import say as said_in
from bot.i18n import speaking
from bot.render.fagins_gang import cubes_text, describe
from bot.render.fg_board import draw_board
from bot.settings import Settings
from rules.errors import RuleError
from rules.fagins_gang import (
    RULES,
    Buy,
    FaginState,
    OpenMarket,
    Shillings,
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)
from rules.fagins_gang.actions import ExchangeSlot, MoveStep, StealSlot
from rules.fagins_gang.completions import suggest_plan_completions
from rules.fagins_gang.state import Constable
from tests.discord.fg_support import set_state
from tests.discord.harness import public, said, world


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr("bot.i18n.STRICT", True)
    yield


def german(sentence: object) -> str:
    with speaking("de"):
        return said_in(sentence)  # type: ignore[arg-type]


def refusal(work: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        work()  # type: ignore[operator]
    return caught.value


def rich(players: int = 3) -> FaginState:
    """A game where everybody can pay for a few moves."""
    state, _ = RULES.setup(players, {}, 7, 0)
    for cubes in state.cubes:
        for colour in cubes:
            cubes[colour] = 6
    return state


# -- parsing ----------------------------------------------------------------------------


def test_move_plans_read_german_direction_words_and_names() -> None:
    assert parse_move_plan("themse hoch 2").steps == [
        MoveStep(location="thames", kind="move", direction="up", levels=2)
    ]
    assert parse_move_plan("Themse runter 1").steps[0].direction == "down"
    plan = parse_move_plan("kathedrale einsetzen hoch 1; bow verlassen oben; chertsey fagin")
    assert plan.steps == [
        MoveStep(location="stpauls", kind="enter", direction="up", levels=1),
        MoveStep(location="bow", kind="leave", side="top"),
        MoveStep(location="chertsey", kind="fagin"),
    ]
    assert parse_move_plan("fluss verlassen unten").steps[0].side == "bottom"
    assert parse_move_plan("Kathedrale St. Paul einsetzen").steps[0].location == "stpauls"
    # English keeps working, also mixed with German
    assert parse_move_plan("thames up 2") == parse_move_plan("themse hoch 2")
    assert parse_move_plan("thames leave top") == parse_move_plan("themse verlassen oben")


def test_steal_plans_read_german_colours_goods_and_exchange() -> None:
    assert parse_steal_plan("holborn rot blau").slots == [
        StealSlot(location="holborn", colours=["red", "blue"])
    ]
    words = "themse grün; bow gelb schwarz; covent lila"
    colours = [slot.colours for slot in parse_steal_plan(words).slots]  # type: ignore[union-attr]
    assert colours == [["green"], ["yellow", "black"], ["purple"]]
    assert parse_steal_plan("chertsey violett").slots[0] == StealSlot(
        location="chertsey", colours=["purple"]
    )
    assert parse_steal_plan("tausche rot rot blau gegen lila").slots == [
        ExchangeSlot(give=["red", "red", "blue"], take="purple")
    ]
    assert parse_colours("Bücher, Schmuck, Taschenuhren") == ["blue", "purple", "yellow"]
    assert parse_cube_counts("3 rot, 2 blau") == {"red": 3, "blue": 2}
    assert parse_locations("themse, kathedrale") == ["thames", "stpauls"]
    assert parse_steal_plan("holborn red blue") == parse_steal_plan("holborn rot blau")


def test_german_plan_mistakes_are_refused_in_german() -> None:
    cases = {
        "themse hoch zwei": "Sag, wie viele Stufen",
        "xyz hoch 1": "„xyz“ ist kein Ort.",
        "themse verlassen": "schreib „verlassen oben“ oder „verlassen unten“",
        "themse hoch 1 2": "Ein Gassenjunge zieht nur in eine Richtung",
    }
    for plan, wanted in cases.items():
        text = german(refusal(lambda plan=plan: parse_move_plan(plan)).say)
        assert text.startswith(f"Bei „{plan}“: "), text
        assert wanted in text, text
        assert 'In "' not in text
    text = german(refusal(lambda: parse_steal_plan("tausche rot gegen blau")).say)
    assert "Ein Tausch gibt genau 3 Warensteine für 1" in text
    text = german(refusal(lambda: parse_colours("g")).say)
    assert "ist mehrdeutig (Farbe)" in text and "Gelb" in text and "Grün" in text


# -- the rules' sentences ---------------------------------------------------------------------


def test_setup_and_moves_are_told_in_german() -> None:
    state, events = RULES.setup(3, {}, 7, 0)
    told = [german(event.say) for event in events]
    assert told[0].startswith("Eine Partie Fagin's Gang für 3 Spieler")
    assert any("Preisrad" in line for line in told)
    assert any("Polizisten" in line and "Themse" in line for line in told)
    assert "Startspieler-Marker" in told[-1]
    assert not any("constable" in line or "Die roll" in line for line in told)
    state = rich()
    state, events = RULES.apply(state, 0, parse_move_plan("themse einsetzen hoch 1"))
    line = german(events[0].say)
    assert line.startswith("{p0} setzt einen Gassenjungen an der Themse ein"), line
    assert "zahlt 2 Blau" in line and "paying" not in line  # a counted colour is a noun
    assert events[0].text.startswith("{p0} enters an urchin at River Thames")  # English kept


def test_stealing_shillings_and_the_market_are_told_in_german() -> None:
    state = rich()
    state.urchins["holborn"][0] = 4
    state.constables["holborn"] = Constable(level=0, facing="down")
    state, events = RULES.apply(
        state, 0, parse_steal_plan("holborn; tausche rot rot rot gegen lila")
    )
    stolen, exchanged = (german(event.say) for event in events[:2])
    assert stolen.startswith("{p0} stiehlt") and "in Holborn Hill (Stufe 4)" in stolen
    assert exchanged == "{p0} tauscht 3 Rot gegen 1 Lila."
    state.urchins["holborn"][1] = 6
    state, events = RULES.apply(state, 1, Shillings(locations=["holborn"]))
    assert german(events[0].say) == "{p1} stiehlt 3 Schilling in Holborn Hill (Stufe 6)."
    state, events = RULES.apply(state, 2, OpenMarket())
    assert "Marktmarker" in german(events[0].say)
    state, events = RULES.apply(state, 2, Buy(colours=["blue"]))
    assert german(events[0].say).startswith("{p2} kauft 1 Blau für")


def test_refusals_are_german() -> None:
    state = rich()
    cases = [
        (1, parse_move_plan("themse hoch 1"), "{p0} ist dran, nicht du."),
        (0, parse_move_plan("themse hoch 1"), "Du hast keinen Gassenjungen an der Themse."),
        (0, Shillings(locations=["bow"]), "Du hast keinen Gassenjungen in der Bow Street."),
        (0, Buy(colours=["red"]), "Der Markt ist nicht offen; du kannst ihn mit deiner Aktion"),
        (1, Buy(colours=["red"]), "Der Markt ist nicht offen; {p0} kann ihn als Aktion öffnen."),
    ]
    for seat, action, wanted in cases:
        error = refusal(lambda seat=seat, action=action: RULES.apply(state, seat, action))
        assert wanted in german(error.say), german(error.say)
        assert german(error.say) != error.message


def test_a_refusal_quotes_the_plan_in_the_readers_plan_words() -> None:
    """Review A1: the step a refusal is about is quoted in German plan words (what a
    German player types), never in the English standard form, whichever language the
    plan was typed in; an English reader reads the English words."""
    state = rich()
    cases = [
        (parse_move_plan("themse hoch 2"), "themse hoch 2"),
        (parse_move_plan("thames up 2"), "themse hoch 2"),
        (parse_steal_plan("themse rot blau"), "themse rot blau"),
        (Shillings(locations=["thames"]), "themse"),
    ]
    for action, quoted in cases:
        error = refusal(lambda action=action: RULES.apply(state, 0, action))
        assert german(error.say).startswith(f"Bei „{quoted}“: "), german(error.say)
        assert "thames" not in german(error.say)
    # An exchange the player cannot pay for.
    poor = rich()
    poor.cubes[0]["red"] = 1
    error = refusal(
        lambda: RULES.apply(poor, 0, parse_steal_plan("exchange red red red for purple"))
    )
    assert german(error.say).startswith("Bei „tausche rot rot rot gegen lila“: "), german(error.say)
    assert error.message.startswith('In "exchange red red red for purple": ')


# -- the presenter and the picture -------------------------------------------------------------


def test_presenter_words_cubes_and_log_are_german() -> None:
    with speaking("de"):
        assert cubes_text({"black": 2, "blue": 1}) == "1 Blau und 2 Schwarz"
        assert cubes_text({}) == "nichts"
        assert describe(parse_move_plan("themse hoch 2")) == "Zug „themse hoch 2“"
        assert describe(Buy(colours=["purple"])) == "Kauf von 1 Lila"
    assert cubes_text({"black": 2, "blue": 1}) == "1 blue, 2 black"


def test_the_board_picture_is_labelled_in_german() -> None:
    state = rich(4)
    state.urchins["thames"][1] = 3
    state, _ = RULES.apply(state, 0, OpenMarket())
    view = RULES.view(state, None)
    words = {text.text for text in draw_board(view, ["a", "b", "c", "d"], "de").texts}
    for wanted in ("Spieler", "Schilling", "Vorrat", "Stand", "Preis", "Lager", "Themse"):
        assert wanted in words, wanted
    assert any(text.startswith("Runde 1") for text in words)
    assert "1 pro Stufe" in words
    assert not {"Players", "supply", "store", "River Thames"} & words
    english = {text.text for text in draw_board(view, ["a", "b", "c", "d"]).texts}
    assert {"Players", "supply", "Thames"} <= english
    # the built-in font has no umlauts: they are spelled out
    assert not any(ch in text for text in words for ch in "äöüß")


def test_autocomplete_offers_german_plans_and_reads_both_languages() -> None:
    state = rich()
    offered = suggest_plan_completions(state, 0, "move", "", "de")
    assert "themse einsetzen" in offered and "themse einsetzen hoch 1" in offered
    assert "kathedrale einsetzen" in suggest_plan_completions(state, 0, "move", "kat", "de")
    assert suggest_plan_completions(state, 0, "move", "them", "de")[0].startswith("themse")
    assert suggest_plan_completions(state, 0, "move", "thames", "de")[0] == "thames enter"
    assert "thames enter" in suggest_plan_completions(state, 0, "move", "", "en")
    found = suggest_plan_completions(state, 0, "move", "themse einsetzen; kath", "de")
    assert found and found[0].startswith("themse einsetzen; kathedrale einsetzen")
    assert "3 blau" not in suggest_plan_completions(state, 0, "discard", "", "de")
    assert "6 blau" in suggest_plan_completions(state, 0, "discard", "", "de")


# -- through Discord ----------------------------------------------------------------------------


async def test_a_german_table_speaks_german_in_public(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang", language="de"))
        public(await bob.slash(w.channel, "game join"))
        started = public(await alice.slash(w.channel, "game start", first=alice))
        assert "**Fagin's Gang** beginnt!" in started and "Startspieler-Marker" in started
        assert "begins" not in started
        text = public(await alice.slash(w.channel, "move", plan="themse einsetzen"))
        assert "setzt einen Gassenjungen an der Themse" in text
        assert "enters an urchin" not in text
        text = public(await bob.slash(w.channel, "move", plan="covent einsetzen"))
        assert "in Covent Garden" in text
        status = await alice.slash(w.channel, "board", share=True)
        assert "Runde 2: Phase 1: **bob** ist dran." in public(status)
        posted = "\n".join(m.content for m in said(w.channel))
        assert "🌙 **Ende der Runde 1**" in posted and "die Polizisten gehen Streife" in posted
        assert "End of round" not in posted and "constable" not in posted


async def test_a_german_win_and_the_standings_are_german(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang", language="de"))
        public(await bob.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))

        def nearly_won(state: FaginState) -> None:
            state.urchins["covent"][0] = "fagin"
            state.urchins["bow"][0] = "fagin"
            state.urchins["thames"][0] = 0
            state.constables["thames"] = Constable(level=7, facing="up")
            state.supply[0] = 2
            state.shillings[0] = 20

        set_state(w, nearly_won)
        text = public(await alice.slash(w.channel, "move", plan="themse fagin"))
        assert "geht wieder zu Fagin (3 bei Fagin)" in text
        posted = "\n".join(m.content for m in said(w.channel))
        assert "🏆 **Spielende** – **alice** gewinnt! **alice** hat 3 Gassenjungen" in posted
        assert "Game over" not in posted and "wins" not in posted
