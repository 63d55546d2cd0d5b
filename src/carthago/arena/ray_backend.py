"""Running tournament games on Ray: a cluster (``address``) or a local Ray started on demand.

Ray is an optional dependency (the ``ray`` extra); it is imported only when this backend is
asked for, and its absence is reported as a :class:`BackendUnavailableError` saying how to
install it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from carthago.arena.tournament import GameOutcome, GameTask, play_task
from carthago.core.errors import CarthagoError


class BackendUnavailableError(CarthagoError, RuntimeError):
    """A backend whose library is not installed."""


def import_ray() -> ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise BackendUnavailableError(
            "the ray backend needs Ray, which is not installed: pip install 'carthago[ray]'"
        ) from None


def run_on_ray(
    tasks: Sequence[GameTask],
    address: str | None,
    on_outcome: Callable[[GameOutcome], None],
) -> None:
    """Play every task as a Ray task, reporting each outcome as soon as it arrives.

    Without ``address`` a local Ray is started whose workers see the same import path as this
    process (so games registered from outside the installed package are found too).
    """
    ray = import_ray()
    if not ray.is_initialized():
        if address is None:
            path = os.pathsep.join(entry for entry in sys.path if entry)
            ray.init(
                runtime_env={"env_vars": {"PYTHONPATH": path}},
                include_dashboard=False,
                log_to_driver=False,
            )
        else:
            ray.init(address=address)
    remote = ray.remote(play_task)
    pending = [remote.remote(task) for task in tasks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for reference in done:
            on_outcome(ray.get(reference))
