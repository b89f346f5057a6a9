"""The games this bot referees, by their contract name (`/game new game:<name>`)."""

from rules.fagins_gang import RULES as FAGINS_GANG
from rules.fantasy_business import RULES as FANTASY_BUSINESS
from rules.protocol import GameRules

GAMES: dict[str, GameRules] = {
    FAGINS_GANG.kind: FAGINS_GANG,
    FANTASY_BUSINESS.kind: FANTASY_BUSINESS,
}
