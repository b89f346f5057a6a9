"""The Discord edge: the bot factory and everything that talks to Discord.

It turns interactions into service calls and the service's `Outcome`s into Discord
messages (delivery, live table messages, buttons, command sync and translation, failure
answers). The service below never imports it; the cogs above call the service and it.
"""
