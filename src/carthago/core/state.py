"""The base class of every game state: the OpenSpiel-style contract of DESIGN.md.

A game subclasses :class:`State` and fills in the underscored hooks. The base keeps what every
game shares: the history, the per-viewer log, the caches of legal actions and chance outcomes,
the check of an action before it is applied, notation lookup, and the snapshot envelope.
"""

from __future__ import annotations

import operator
import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Final, Self, SupportsIndex

from mypy_extensions import mypyc_attr

from carthago.core.errors import IllegalActionError, InvalidStateError
from carthago.core.log import LogEntry, log_for

if TYPE_CHECKING:
    from carthago.core.game import Game

CHANCE: Final = -1
"""``current_player()`` at a chance node (a die roll, a card drawn)."""
TERMINAL: Final = -4
"""``current_player()`` once the game is over."""

JSONDict = dict[str, Any]


def ascending(actions: list[int]) -> bool:
    """Whether ``actions`` is in ascending order already."""
    return all(actions[index - 1] <= actions[index] for index in range(1, len(actions)))


# Not an ABC: mypyc cannot give a class with ABCMeta the cheap empty ``__new__`` that ``clone``
# needs. mypy still refuses to instantiate a subclass that leaves an abstract hook out.
@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One position of a game; mutated in place by :meth:`apply_action`.

    Subclasses declare their own ``__slots__`` and implement the abstract hooks. The state's
    ``game`` is shared between clones: it holds the options and the component data.
    """

    # The history and the log are shared between clones: each state owns a length of the
    # shared list (``_moves``, ``_logged``) and appends in place while no state sharing it has
    # gone on further (_record_action); only then does it copy its part. A clone copies
    # neither. ``_history_private``: no other state holds this history list, so a resample may
    # rewrite entries in place (_rewrite_history). Game code reads ``_moves``, not len().
    # ``_shared``: this state's game-specific containers may be held by a clone too, so it
    # takes its own copies (_own_fields) before it changes any (_unshare).
    __slots__ = (
        "_chance",
        "_game",
        "_history",
        "_history_private",
        "_legal",
        "_log",
        "_logged",
        "_moves",
        "_shared",
    )

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # Spelled out so that ``cls.__new__(cls)`` gives an empty instance, which ``clone``
        # fills, also when mypyc compiles the class (its own ``__new__`` would run __init__).
        return object.__new__(cls)

    def __init__(self, game: Game) -> None:
        self._game = game
        self._history: list[int] = []
        self._moves = 0
        self._history_private = True
        self._log: list[LogEntry] = []
        self._logged = 0
        self._legal: list[int] | None = None
        self._chance: list[tuple[int, float]] | None = None
        self._shared = False

    # -- the contract ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @abstractmethod
    def current_player(self) -> int:
        """The player to move: 0..n-1, CHANCE or TERMINAL."""

    def legal_actions(self) -> list[int]:
        """The sorted legal actions of the player to move; [] at chance and terminal nodes."""
        if self._legal is None:
            if self.current_player() < 0:
                self._legal = []
            else:
                legal = self._legal_actions()
                # Most positions' lists are built in order: checking is cheaper than sorting.
                self._legal = legal if ascending(legal) else sorted(legal)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs at a chance node; [] elsewhere."""
        if self.current_player() != CHANCE:
            return []
        return list(self._kept_chance_outcomes())

    def _kept_chance_outcomes(self) -> list[tuple[int, float]]:
        # The driver draws from the outcomes and apply_action checks the draw: computed once.
        if self._chance is None:
            self._chance = self._chance_outcomes()
        return self._chance

    def _forget_kept(self) -> None:
        """Drop the legal actions and chance outcomes kept for this position: it changed."""
        self._legal = None
        self._chance = None

    def apply_action(self, action: SupportsIndex) -> None:
        """Apply a legal action or chance outcome; IllegalActionError (state unchanged) if not.

        ``action`` is an int or anything that stands for one (a NumPy integer from a policy
        network); compiled, an ``int`` parameter would refuse those before this check.
        """
        try:
            number = operator.index(action)
        except TypeError:
            raise IllegalActionError(f"an action is an integer, not {action!r}") from None
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(f"action {number} cannot be applied: the game is over")
        if player == CHANCE:
            if not any(outcome == number for outcome, _ in self._kept_chance_outcomes()):
                raise IllegalActionError(f"{number} is not a possible outcome of this chance event")
        else:
            if self._legal is None:
                self.legal_actions()
            assert self._legal is not None
            if number not in self._legal:
                raise IllegalActionError(self._explain_illegal(number))
        if self._shared:
            self._unshare()
        self._apply_action(number)
        self._record_action(number)
        self._forget_kept()

    def _record_action(self, action: int) -> None:
        """Append ``action`` to this state's history (shared with its clones, see __slots__)."""
        if len(self._history) != self._moves:
            # A state sharing the list went on from here first: the rest of it is not ours.
            self._history = self._history[: self._moves]
            self._history_private = True
        self._history.append(action)
        self._moves += 1

    def action_to_string(self, action: int) -> str:
        """Readable notation of ``action`` for the player to move (or the chance event)."""
        return self._action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The legal action (or chance outcome) whose notation is ``text``, ignoring case."""
        wanted = " ".join(text.split()).casefold()
        if self.current_player() == CHANCE:
            candidates = [outcome for outcome, _ in self.chance_outcomes()]
        else:
            candidates = self.legal_actions()
        for action in candidates:
            if " ".join(self.action_to_string(action).split()).casefold() == wanted:
                return action
        if not candidates:
            raise IllegalActionError(f"no action can be taken here, so {text!r} names none")
        raise IllegalActionError(f"{text!r} names no legal action here")

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per player: the result once terminal, zeros before."""

    def observation(self, player: int | None) -> JSONDict:
        """All that ``player`` may know (``None``: a spectator), as JSON-serialisable data."""
        if player is not None and not 0 <= player < self._game.num_players:
            raise ValueError(
                f"player must be None or 0..{self._game.num_players - 1}, got {player!r}"
            )
        observation = self._observation(player)
        observation["game"] = self._game.name
        observation["viewer"] = player
        observation["current_player"] = self.current_player()
        observation["is_terminal"] = self.is_terminal()
        observation["returns"] = self.returns()
        observation["move_number"] = self._moves
        observation["log"] = log_for(self._log_entries(), player)
        return observation

    def shortcuts(self) -> list[JSONDict]:
        """Runs of the mover's next decisions a front end may offer as one click, each
        ``{"target": ..., "path": [notation, ...]}`` (De Bello Punico: a walk to a distant
        hex). Built from the legal actions, so never more than the mover may do; none here."""
        return []

    def clone(self) -> Self:
        """An independent copy; what never changes in place is shared, not copied."""
        new = type(self).__new__(type(self))
        new._game = self._game
        new._history = self._history
        new._moves = self._moves
        new._history_private = self._history_private = False
        new._log = self._log
        new._logged = self._logged
        new._legal = self._legal
        new._chance = self._chance
        new._shared = self._shared = True
        self._copy_into(new)
        return new

    def history(self) -> list[int]:
        """Every action and chance outcome applied so far."""
        return self._history[: self._moves]

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        """A state ``player`` cannot tell from this one, its hidden parts redrawn with ``rng``.

        The result must be exactly the state its own ``history()`` replays to: a game that
        redraws a hidden card also rewrites the history entry that put it there, so nothing
        hidden survives anywhere in the copy. The default suits games whose every part is public.
        """
        return self._copy_for(player)

    def to_dict(self) -> JSONDict:
        """A full snapshot, hidden parts included, that ``game.state_from_dict`` restores."""
        return {
            "game": self._game.name,
            "options": dict(self._game.options),
            "history": self.history(),
            "log": [
                [entry.public, [list(p) for p in entry.private] if entry.private else []]
                for entry in self._log_entries()
            ],
            "state": self._fields_to_dict(),
        }

    def render(self, player: int | None = None) -> str:
        """The board as ``player`` sees it, as text for an 80-column terminal."""
        return self._game.render_observation(self.observation(player))

    def log(self, viewer: int | None) -> list[str]:
        """The log as ``viewer`` may read it."""
        return log_for(self._log_entries(), viewer)

    def __repr__(self) -> str:
        who = self.current_player()
        turn = {CHANCE: "chance", TERMINAL: "terminal"}.get(who) or self._game.player_names[who]
        return f"<{type(self).__name__} {self._game.name} move={self._moves} to_move={turn}>"

    def __str__(self) -> str:
        return self.render(None)

    # -- for game implementations ------------------------------------------------------------

    def _add_log(self, public: str | None, private: dict[int, str] | None = None) -> None:
        """Record an event; ``private`` gives the players who see it in other words."""
        if len(self._log) != self._logged:
            # As in _record_action: a state sharing the list logged on from here first.
            self._log = self._log[: self._logged]
        self._log.append(LogEntry(public, tuple(private.items()) if private else ()))
        self._logged += 1

    def _log_entries(self) -> list[LogEntry]:
        """This state's log entries, oldest first (a copy: the list is shared with clones)."""
        return self._log[: self._logged]

    def _rewrite_history(self, index: int, action: int) -> None:
        """Make entry ``index`` of this state's history ``action`` (a resample redrawing what
        put a hidden part there); the states sharing the list keep theirs."""
        if not self._history_private:
            self._history = self._history[: self._moves]
            self._history_private = True
        self._history[index] = action

    def _copy_for(self, player: int) -> Self:
        """A clone whose log keeps only what ``player`` and the public may read.

        Games start their ``resample_from_infostate`` from this, so other players' private log
        lines (which would name the true hidden parts) never reach an agent.
        """
        new = self._clone_to_change()
        # The copy's hidden parts are about to be redrawn: a kept list of legal actions (or of
        # chance outcomes) would be the truth's (another player's true options, when it is not
        # this player's turn).
        new._forget_kept()
        new._log = [
            LogEntry(entry.public, tuple(p for p in entry.private if p[0] == player))
            if entry.private
            else entry
            for entry in self._log_entries()
        ]
        return new

    def _clone_to_change(self) -> Self:
        """A clone that owns its containers from the start, for code that changes its fields
        by hand (a what-if, a redraw); this state is left as shared as it was, since the clone
        holds none of its containers (a plain clone would make its next step copy them all)."""
        shared = self._shared
        new = self.clone()
        new._unshare()
        self._shared = shared
        return new

    def _unshare(self) -> None:
        """Take this state's own copies of the containers a clone may share (see __slots__),
        before changing one: ``apply_action`` and ``_copy_for`` call this; game code that
        changes a clone's fields by hand must call it first, or start from _clone_to_change."""
        self._own_fields()
        self._shared = False

    def _own_fields(self) -> None:
        """Replace each container ``_copy_into`` shares by a copy of it (none by default:
        a game that copies everything in ``_copy_into`` needs nothing here)."""

    def _explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal here; games may say more than the default does."""
        who = self._game.player_names[self.current_player()]
        if not 0 <= action < self._game.num_distinct_actions:
            return f"{action} is outside the action space 0..{self._game.num_distinct_actions - 1}"
        try:
            name = repr(self._action_to_string(action))
        except (IndexError, KeyError, ValueError):
            # Notation may only be defined for actions that make sense in this position.
            name = "it"
        return f"action {action} ({name}) is not legal for {who} now"

    @classmethod
    def _from_snapshot(cls, game: Game, snapshot: JSONDict) -> Self:
        """Rebuild a state from ``to_dict`` output; used by ``Game.state_from_dict``."""
        state = cls.__new__(cls)
        state._game = game
        state._forget_kept()
        state._shared = False
        try:
            state._history = [int(a) for a in snapshot["history"]]
            state._moves = len(state._history)
            state._history_private = True
            state._log = [
                LogEntry(public, tuple((int(p), str(t)) for p, t in private))
                for public, private in snapshot["log"]
            ]
            state._logged = len(state._log)
            state._fields_from_dict(snapshot["state"])
        except InvalidStateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise InvalidStateError(f"not a {game.name} state snapshot: {error!r}") from error
        return state

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """The legal actions of the player to move, in any order (the base sorts them, which
        costs nothing when they come in ascending order). The base keeps the list without
        copying it: a game must not change it afterwards."""

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def _observation(self, player: int | None) -> JSONDict:
        """The game-specific part of the observation (the base adds log, turn and result)."""

    @abstractmethod
    def _copy_into(self, new: Self) -> None:
        """Copy the game-specific fields into ``new`` (a fresh, otherwise empty instance).

        Mutable containers may be shared instead of copied if ``_own_fields`` copies them:
        both states then copy before their first change (``_unshare``)."""

    @abstractmethod
    def _fields_to_dict(self) -> JSONDict: ...

    @abstractmethod
    def _fields_from_dict(self, fields: JSONDict) -> None:
        """Restore the game-specific fields; raise InvalidStateError naming a bad field."""
