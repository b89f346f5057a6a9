"""`make bench`: the service path against a bare SQLite write, side by side."""
