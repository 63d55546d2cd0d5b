"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

One tree over the searching player's (the observer's) information sets. Every iteration draws a
fresh determinization with ``resample_from_infostate(observer, rng)`` and walks the tree with it:
at a decision node only the actions legal in this determinization are candidates, and each
candidate's *availability* count (how often it could have been chosen) replaces the parent's
visit count in the UCB formula.

Children are keyed by what the observer sees, not by what happened: after any move or chance
event the key is the observer's observation (its new log lines and the rest of
``observation(observer)``). So a card dealt face down to another player, or a secret commitment,
leads to one child whatever was dealt or committed, and the observer's later decisions never
depend on things it cannot know. Statistics of a decision are kept per action on the edges of the
node where it is taken, so the other players still choose among their actual actions.

The tree is rebuilt for every move (its root is an information set, which the next move's
observation generally changes in ways a kept tree cannot follow cheaply).

Where a draw costs far more than an iteration (the Republic of Carthage redraws by replaying its
whole history: a draw costs as much as some fifty iterations), ``redraw=N`` draws a fresh
determinization only every N iterations and plays the others on copies of those drawn so far in
turn: the tree still sees many independent guesses, and the budget goes to iterations.
``redraw=1`` (the default) is the classic search, a fresh draw every iteration.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import NamedTuple

from carthago.agents.rollout import Rollout
from carthago.agents.search import SearchAgent
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.state import CHANCE, State


class Edge:
    """One action at an information set: visits, availability and summed values per player."""

    __slots__ = ("available", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players

    def __repr__(self) -> str:
        return f"<Edge visits={self.visits} available={self.available}>"


class RankedAction(NamedTuple):
    """A root action as a search weighed it: how often it tried it and the mean result it saw
    for the player to move (the scale of the game's returns)."""

    action: int
    visits: int
    value: float


class InfoNode:
    """An information set of the observer: edges by action, children by what the observer sees."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[int, Edge] = {}
        self.children: dict[Hashable, InfoNode] = {}

    def __repr__(self) -> str:
        return f"<InfoNode edges={len(self.edges)} children={len(self.children)}>"


def view_key(state: State, observer: int, seen: int) -> tuple[Hashable, int]:
    """What ``observer`` sees of ``state`` beyond the first ``seen`` log lines, and the log size."""
    observation = state.observation(observer)
    log: list[str] = observation.pop("log")
    return (repr(observation), tuple(log[seen:])), len(log)


class ISMCTSAgent(SearchAgent):
    """SO-ISMCTS with random or heuristic playouts, a playout depth cap and a fresh
    determinization every ``redraw`` iterations."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 0,
        seconds: float = 0.0,
        rollout: str = "random",
        depth: int | None = None,
        c: float = 1.0,
        advice: bool = True,
        redraw: int = 1,
    ) -> None:
        super().__init__(seed, iterations, seconds, rollout, depth, c, advice)
        if redraw < 1:
            raise InvalidAgentSpecError(f"ismcts: redraw must be at least 1, not {redraw}")
        self.redraw = redraw
        self.last_draws = 0
        """Determinizations drawn by the latest search."""

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        advised = self._advised(state)
        if advised is not None:
            return advised
        return self._best_action(self._search(state), legal, state.current_player())

    def ranked(self, state: State) -> list[RankedAction]:
        """Every legal action by the search's choice, best first: what ``step`` would weigh.

        The game's advice is not consulted: the ranking is the search's own.
        """
        legal = state.legal_actions()
        observer = state.current_player()
        root = self._search(state)
        ranked = []
        for action in sorted(legal, key=lambda a: self._rank(root, a, observer), reverse=True):
            edge = root.edges.get(action)
            visits = 0 if edge is None else edge.visits
            value = edge.totals[observer] / visits if edge is not None and visits else 0.0
            ranked.append(RankedAction(action, visits, value))
        return ranked

    def _search(self, state: State) -> InfoNode:
        """The tree of a search from ``state`` for the player to move there."""
        game = state.game
        rollout = self._rollout_for(game)
        observer = state.current_player()
        players = game.num_players
        root_seen = len(state.log(observer))
        root = InfoNode()
        budget = self._budget()
        rng = self.rng
        redraw = self.redraw
        drawn: list[State] = []
        while budget.more():
            done = budget.done
            budget.spend()
            if done % redraw == 0:
                guess = state.resample_from_infostate(observer, rng)
                if redraw > 1:
                    drawn.append(guess)
                    guess = guess.clone()
            else:
                guess = drawn[done % len(drawn)].clone()
            self._iterate(guess, root, observer, root_seen, players, rollout, rng)
        self.last_iterations = budget.done
        self.last_draws = (budget.done + redraw - 1) // redraw
        return root

    def _iterate(
        self,
        current: State,
        root: InfoNode,
        observer: int,
        seen: int,
        players: int,
        rollout: Rollout,
        rng: random.Random,
    ) -> None:
        """One iteration on determinization ``current`` (played on in place): select, expand one
        node, play out, back the values up."""
        node = root
        path: list[Edge] = []
        expanded = False
        while not expanded and not current.is_terminal():
            mover = current.current_player()
            if mover == CHANCE:
                current.apply_action(sample_chance_outcome(current, rng))
            else:
                edge, action = self._select(node, current.legal_actions(), mover, players, rng)
                if edge.visits == 0:
                    expanded = True
                current.apply_action(action)
                path.append(edge)
            key, seen = view_key(current, observer, seen)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = InfoNode()
                expanded = True
            node = child
        values = rollout(current, rng)
        for edge in path:
            edge.visits += 1
            totals = edge.totals
            for i in range(players):
                totals[i] += values[i]

    def _select(
        self, node: InfoNode, legal: list[int], mover: int, players: int, rng: random.Random
    ) -> tuple[Edge, int]:
        """An untried legal action if any (at random), else the best by UCB on availability."""
        edges = node.edges
        untried = [action for action in legal if action not in edges]
        for action in legal:
            edge = edges.get(action)
            if edge is not None:
                edge.available += 1
        if untried:
            action = rng.choice(untried)
            edge = edges[action] = Edge(players)
            edge.available = 1
            return edge, action
        c = self.c
        best_action = legal[0]
        best_edge = edges[best_action]
        best_score = -math.inf
        for action in legal:
            edge = edges[action]
            # Every edge was backed up in the iteration that created it, so visits >= 1.
            visits = edge.visits
            score = edge.totals[mover] / visits + c * math.sqrt(math.log(edge.available) / visits)
            if score > best_score:
                best_action, best_edge, best_score = action, edge, score
        return best_edge, best_action

    @classmethod
    def _best_action(cls, root: InfoNode, legal: list[int], observer: int) -> int:
        return max(legal, key=lambda action: cls._rank(root, action, observer))

    @staticmethod
    def _rank(root: InfoNode, action: int, observer: int) -> tuple[int, float, int]:
        """How a root action ranks: most visited first, then the better mean, then the smaller."""
        edge = root.edges.get(action)
        if edge is None or edge.visits == 0:
            return (0, -math.inf, -action)
        return (edge.visits, edge.totals[observer] / edge.visits, -action)
