"""Fantasy Business players: what a seat knows, how it deals the cards it cannot see,
and the three levels (`random`, `standard`, `strong`)."""
