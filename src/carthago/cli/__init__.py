"""The ``carthago`` command line (Typer + Rich)."""
