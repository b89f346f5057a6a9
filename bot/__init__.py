"""The process: settings, storage, the game service, rendering and deadlines."""
