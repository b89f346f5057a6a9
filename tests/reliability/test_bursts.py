"""A small version of `make bench`'s burst campaign: every seat of two games sends moves
at once, twice; the service serialises them exactly (each accepted command one log row
and one new version, the log replaying to the stored state)."""

from bench.faults import burst_campaign


async def test_simultaneous_clicks_are_serialised_exactly() -> None:
    sent, accepted, refused = await burst_campaign(2, 6)
    assert sent == 2 * 4 * 2 * 6  # two games, four seats, twice each, six bursts
    assert accepted > 0 and refused > 0
