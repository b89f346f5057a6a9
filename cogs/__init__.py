"""Discord glue: slash commands, buttons and modals. Thin adapters over bot.service."""
