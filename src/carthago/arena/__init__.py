"""Matches, tournaments and measurements between agents."""
