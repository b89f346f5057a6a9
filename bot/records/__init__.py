"""Records of games: results and ratings, the archive of past games, replay files.

Kept apart from the game service (as python-chess keeps `pgn.py` apart from its board):
the service only calls `results.record` in the transaction that finishes a game; the
commands that read records (`/game history`, `/game show`, `/game export`, `/stats`,
`/leaderboard`) and `python -m bot replay` live here.
"""
