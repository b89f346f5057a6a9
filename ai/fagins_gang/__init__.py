"""Fagin's Gang players."""
