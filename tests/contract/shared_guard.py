"""A guard over the containers clones share (issue 29, docs/contract.md): interpreted only.

``guard_clones(cls)`` makes every ``clone`` of a ``cls`` state hand both states the same
read-only copies of the containers its ``_copy_into`` shares, so that any write to one before
``_unshare`` (which takes plain copies) raises :class:`SharedWriteError` at the writing line,
instead of silently changing the other state. Compiled classes can be neither patched nor
made to call a list subclass's methods, so the guard needs ``CARTHAGO_PURE_PYTHON=1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from carthago.core.state import State


class SharedWriteError(AssertionError):
    """A container still shared with a clone was written in place."""


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise SharedWriteError(
        f"a {type(self).__name__} shared between a state and its clone was written in place: "
        "unshare the state first (State._unshare)"
    )


_LIST_WRITES = (
    "__setitem__",
    "__delitem__",
    "__iadd__",
    "__imul__",
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "sort",
    "reverse",
)
_DICT_WRITES = (
    "__setitem__",
    "__delitem__",
    "__ior__",
    "pop",
    "popitem",
    "clear",
    "update",
    "setdefault",
)
_SET_WRITES = (
    "__ior__",
    "__iand__",
    "__isub__",
    "__ixor__",
    "add",
    "discard",
    "remove",
    "pop",
    "clear",
    "update",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
)

# Their copy(), slices and list()/dict()/set() give plain, writable containers.
SharedList = type("SharedList", (list,), dict.fromkeys(_LIST_WRITES, _refuse))
SharedDict = type("SharedDict", (dict,), dict.fromkeys(_DICT_WRITES, _refuse))
SharedSet = type("SharedSet", (set,), dict.fromkeys(_SET_WRITES, _refuse))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return SharedList(_frozen(item) for item in value)
    if isinstance(value, dict):
        return SharedDict({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, set):
        return SharedSet(value)
    return value


def game_slots(cls: type[State]) -> list[str]:
    """The slots a game's state class adds to the base State's."""
    return [
        name
        for klass in cls.__mro__
        if issubclass(klass, State) and klass is not State
        for name in getattr(klass, "__slots__", ())
    ]


def guard_clones(cls: type[State], patch: Callable[[object, str, object], None]) -> None:
    """Make ``cls``'s clones hand over read-only shared containers (``patch``: a
    ``monkeypatch.setattr``, so that the class is restored after the test)."""
    copy_into = cls._copy_into
    clone_to_change = cls._clone_to_change
    names = game_slots(cls)
    # A clone that unshares at once (_clone_to_change) leaves its original the only holder.
    unshared_at_once = [False]

    def guarded(self: State, new: State) -> None:
        copy_into(self, new)
        if unshared_at_once[0]:
            return
        for name in names:
            value = getattr(self, name, None)
            if isinstance(value, list | dict | set) and getattr(new, name) is value:
                shared = _frozen(value)
                setattr(self, name, shared)
                setattr(new, name, shared)

    def clone_owning(self: State) -> State:
        unshared_at_once[0] = True
        try:
            return clone_to_change(self)
        finally:
            unshared_at_once[0] = False

    patch(cls, "_copy_into", guarded)
    patch(cls, "_clone_to_change", clone_owning)
