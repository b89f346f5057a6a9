"""Fantasy Business (Christophe Boelinger, 2002): auctions, secret prices, income.

`RULES` is the game's `rules.protocol.GameRules`; see /work/shared/rules/fantasy-business.md
for the rules it referees and `cards.json` for every number in them.
"""

from rules.fantasy_business.game import RULES

__all__ = ["RULES"]
