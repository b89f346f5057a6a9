"""Turning game states and events into Discord messages, one module per game.

Renderers read only what the rules' views give them: the public view for anything that
goes to the channel, a seat's own view for that seat's private messages.
"""
