"""The reveal: one public message with every sheet, the income per article (lowest and
highest marks, bonuses, the specials' effects) and the new gold, then the next turn."""

from bot.settings import Settings
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState, Played, Warrant
from tests.discord.harness import pinged, public
from tests.discord.test_fb_refusals import game_at
from tests.rules.fantasy_business.fb_builders import position


def _last_sheet_due() -> GameState:
    """carol's sheet is the last one; an Embargo, a Festival and a Royal Warrant are in force."""
    return position(
        3,
        phase="pricing",
        articles={0: {"swords": 2, "horses": 1}, 1: {"swords": 1}, 2: {"swords": 1, "armour": 1}},
        prices={0: {"swords": 5, "horses": 7}, 1: {"swords": 8}, 2: {"swords": 6, "armour": 9}},
        submitted=[0, 1],
        played=Played(
            embargoes=["armour"],
            festivals=["horses"],
            warrants=[Warrant(seat=1, article="swords")],
            cards=[(0, "embargo"), (0, "festival"), (1, "royal_warrant")],
        ),
        total_turns=3,
    )


async def test_the_reveal_shows_sheets_income_marks_specials_and_gold(settings: Settings) -> None:
    async with game_at(settings, _last_sheet_due()) as w:
        carol = w.players[2]
        first = public(await carol.slash(w.channel, "submit"))
        assert "**carol** has submitted their price sheet." in first
        reveal, next_turn, table = w.channel.history()[-3:]
        assert "Turn 1: every price sheet is revealed" in reveal.content
        sheets, income = reveal.embeds
        assert [(f.name, f.value) for f in sheets.fields] == [
            ("alice", "Swords **5** · Horses **7**"),
            ("bob", "Swords **8**"),
            ("carol", "Swords **6** · Armour **9**"),
        ]
        rows = {f.name: f.value for f in income.fields}
        assert rows["Swords (base 4)"].splitlines() == [
            "**alice** 5 × 2 — lowest +2 → **14**",
            "**bob** 8 × 1 — Royal Warrant +2 → **10**",
            "**carol** 6 × 1 — middle → **6**",
        ]
        assert rows["Armour (base 5) — Embargo: nobody is paid"] == (
            "**carol** 9 × 1 — lowest, Embargo → **0**"
        )
        assert rows["Horses (base 5) — Festival: income doubled"] == (
            "**alice** 7 × 1 — lowest +2, Festival ×2 → **18**"
        )
        assert rows["Gold now"].splitlines() == [
            "**alice** +32 → 42 gold",
            "**bob** +10 → 20 gold",
            "**carol** +6 → 16 gold",
        ]
        # Then the next turn starts with the new First Buyer, pinged, and its table below.
        assert "The First Buyer card passes to **bob**." in next_turn.content
        assert w.players[1].id in pinged(w, next_turn)
        assert table.embeds[0].title == "Fantasy Business — turn 2 of 3: auctions"


def _crowded_table() -> GameState:
    """Eight players, every article held by six of them: the largest reveal there is."""
    articles: dict[int, dict[str, int]] = {seat: {} for seat in range(8)}
    prices: dict[int, dict[str, int]] = {seat: {} for seat in range(8)}
    for index, (key, article) in enumerate(deck.articles().items()):
        for step in range(6):
            seat = (index + step) % 8
            articles[seat][key] = 1
            prices[seat][key] = article.base + step % (article.base + 1)
    return position(
        8,
        phase="pricing",
        articles=articles,
        prices=prices,
        submitted=list(range(7)),
        total_turns=8,
    )


async def test_the_largest_reveal_fits_discords_embed_limits(settings: Settings) -> None:
    async with game_at(settings, _crowded_table()) as w:
        public(await w.players[7].slash(w.channel, "submit"))
        reveal = next(
            m for m in w.channel.history() if "every price sheet is revealed" in m.content
        )
        assert len(reveal.embeds) == 2
        assert sum(len(e) for e in reveal.embeds) <= 6000
        assert all(len(f.value or "") <= 1024 for e in reveal.embeds for f in e.fields)
        assert len(reveal.embeds[1].fields) == 9  # eight articles and the gold
        assert all(
            line.count("→") == 1
            for f in reveal.embeds[1].fields[:8]
            for line in (f.value or "").splitlines()
        )
        assert sum(len((f.value or "").splitlines()) for f in reveal.embeds[1].fields[:8]) == 48
