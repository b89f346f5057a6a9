"""The real bot on PostgreSQL (SMITHFIELD_DB=postgresql://…), driven through simcord: a
whole game of each kind, and a restart in the middle of one. The same tests run on
SQLite in their own modules; here they run again on the throwaway server."""

from bot.settings import Settings
from tests.discord import test_fb_play, test_fb_private, test_fg_game


async def test_a_whole_fantasy_business_game_on_postgresql(pg_settings: Settings) -> None:
    await test_fb_play.test_three_players_play_a_whole_game_to_the_final_scoreboard(pg_settings)


async def test_a_whole_fagins_gang_game_on_postgresql(pg_settings: Settings) -> None:
    await test_fg_game.test_a_two_player_game_is_played_to_a_win(pg_settings)


async def test_a_restart_mid_game_on_postgresql_loses_nothing(pg_settings: Settings) -> None:
    name = "test_restart_in_the_middle_of_phase_two_loses_nothing_and_old_dm_buttons_work"
    await getattr(test_fb_private, name)(pg_settings)
