"""Doctest collection over ``src``: the ``rl`` adapters are only importable with the ``rl`` extra.

Without it their modules are left out of doctest collection (tests/interop skips on its own),
so a checkout installed without the extra still collects cleanly.
"""

import importlib.util

RL_MODULES = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")

collect_ignore: list[str] = []
if not all(importlib.util.find_spec(name) for name in RL_MODULES):
    collect_ignore = [
        f"src/carthago/interop/{module}.py"
        for module in ("openspiel", "pettingzoo", "gymnasium", "spaces")
    ]
