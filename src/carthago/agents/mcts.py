"""UCT Monte Carlo tree search over the state the agent is given.

Each iteration copies the root state once (``clone``), walks down the tree applying actions in
place, adds one node, plays a capped playout from it and adds the playout's value for every player
to each node on the path, so the search works for any number of players. Chance nodes are walked
by sampling an outcome with the game's probabilities; each outcome seen gets its own child.

The agent receives ``resample_from_infostate(seat)``: in a game with hidden information it searches
one guess of the hidden parts (a determinization) and cannot know more than its seat does.

Tree reuse: the tree is kept between moves together with the history of its root. A new root is
looked up by the actions played since, and only when the new state's history starts with that
root history: a state is a function of its history (the contract's replay rule), so the kept
statistics then describe exactly the new position. In a hidden-information game the new
determinization usually rewrites some hidden history entry, the prefix check fails, and the
search starts afresh, as it must.
"""

from __future__ import annotations

import math

from carthago.agents.search import SearchAgent
from carthago.core.chance import sample_chance_outcome
from carthago.core.state import CHANCE, TERMINAL, State


class Node:
    """A position in the tree: who moves there, visit count and summed values per player."""

    __slots__ = ("children", "player", "totals", "untried", "visits")

    def __init__(self, player: int, players: int) -> None:
        self.player = player
        self.visits = 0
        self.totals = [0.0] * players
        self.children: dict[int, Node] = {}
        self.untried: list[int] | None = None

    def __repr__(self) -> str:
        return f"<Node player={self.player} visits={self.visits} children={len(self.children)}>"


class MCTSAgent(SearchAgent):
    """UCT with random or heuristic playouts, a playout depth cap, and tree reuse."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 0,
        seconds: float = 0.0,
        rollout: str = "random",
        depth: int | None = None,
        c: float = 1.0,
        reuse: bool = True,
        advice: bool = True,
    ) -> None:
        super().__init__(seed, iterations, seconds, rollout, depth, c, advice)
        self.reuse = reuse
        self._root: Node | None = None
        self._root_history: list[int] = []

    def reset(self) -> None:
        self._root = None
        self._root_history = []

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        advised = self._advised(state)
        if advised is not None:
            return advised
        rollout = self._rollout_for(state.game)
        history = state.history()
        root = self._reused_root(state, history)
        budget = self._budget()
        players = state.game.num_players
        rng = self.rng
        c = self.c
        log = math.log
        sqrt = math.sqrt
        while budget.more():
            budget.spend()
            current = state.clone()
            node = root
            path = [root]
            values: list[float] | None = None
            while values is None:
                player = node.player
                if player == TERMINAL:
                    values = current.returns()
                elif player == CHANCE:
                    outcome = sample_chance_outcome(current, rng)
                    current.apply_action(outcome)
                    child = node.children.get(outcome)
                    if child is None:
                        child = Node(current.current_player(), players)
                        node.children[outcome] = child
                        values = rollout(current, rng)
                    node = child
                    path.append(node)
                else:
                    untried = node.untried
                    if untried is None:
                        untried = node.untried = current.legal_actions()
                        rng.shuffle(untried)
                    if untried:
                        action = untried.pop()
                        current.apply_action(action)
                        node = Node(current.current_player(), players)
                        path[-1].children[action] = node
                        path.append(node)
                        values = rollout(current, rng)
                    else:
                        scale = log(node.visits)
                        best_action = -1
                        best_score = -math.inf
                        best_child = node
                        for action, child in node.children.items():
                            visits = child.visits
                            score = child.totals[player] / visits + c * sqrt(scale / visits)
                            if score > best_score:
                                best_action, best_score, best_child = action, score, child
                        current.apply_action(best_action)
                        node = best_child
                        path.append(node)
            for visited in path:
                visited.visits += 1
                totals = visited.totals
                for i in range(players):
                    totals[i] += values[i]
        self.last_iterations = budget.done
        self._root, self._root_history = root, history
        return self._best_action(root, legal)

    @staticmethod
    def _best_action(root: Node, legal: list[int]) -> int:
        """The most visited root action (ties: the better mean, then the smaller action)."""
        player = root.player

        def rank(action: int) -> tuple[int, float, int]:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                return (0, -math.inf, -action)
            return (child.visits, child.totals[player] / child.visits, -action)

        return max(legal, key=rank)

    def _reused_root(self, state: State, history: list[int]) -> Node:
        """The kept subtree for ``state`` if it descends from the kept root, else a new node."""
        fresh = Node(state.current_player(), state.game.num_players)
        old = self._root
        known = len(self._root_history)
        if not self.reuse or old is None or history[:known] != self._root_history:
            return fresh
        node: Node | None = old
        for action in history[known:]:
            node = node.children.get(action) if node is not None else None
        if node is None or node.player != state.current_player():
            return fresh
        return node
