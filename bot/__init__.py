"""The process around the rules: storage, the game service, rendering, the Discord edge
and the sandbox, one package each (docs/architecture.md draws the map)."""
