"""The games themselves: pure Python and pydantic, no Discord, no I/O, no clock.

Each game is a package (`fagins_gang`, `fantasy_business`) exposing one object that
satisfies `rules.protocol.GameRules`; `rules.registry` maps the contract's game names
to them.
"""
