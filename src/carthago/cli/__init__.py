"""The ``carthago`` command: Typer for the interface, Rich for the output."""
