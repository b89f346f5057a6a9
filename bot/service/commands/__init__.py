"""The service's commands: what each command does, one module per concern.

The lobby, play (and the AI and autopilot seats that move inside a command), seats,
deadlines, take-backs, confirmations, the views and the records. Each runs its work as a
transaction of the runtime (bot.service.runtime).
"""
