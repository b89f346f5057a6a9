"""The service's runtime: how a command runs, apart from what it does.

The engine (one writer with group commit on SQLite; games side by side on PostgreSQL),
the transaction a command's work is given, the cache of parsed states, and the worker
process that runs the AI's searches. The commands themselves are bot.service.commands.
"""
