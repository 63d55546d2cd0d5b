"""A search that spends its time by the decision's weight, within a budget for the whole game.

Each decision is weighed by the game (``weigh(state)``, :mod:`carthago.core.decision_weight`;
a game that gives no weights has every decision weighty):

- trivial: the heuristic agent plays it (the game's advice where it gives one), no search;
- ordinary: the search with ``ordinary`` times the budget (iterations and seconds);
- weighty: the search with the whole budget (``iterations`` and/or ``seconds``).

``game`` seconds (0: no limit) cap the agent's answers over one whole game, its heuristic
moves included: a search gets at most ``PACE`` of what is left of them, so the time thins out
over a long game instead of running out in its middle, and once they are spent the heuristic
plays on. The longest single wait is then about ``seconds``, and the game's thinking about
``game`` plus the few heuristic moves after it is spent.

With an iteration budget and no time limit (or an injected clock) the agent is deterministic
for its seed; with ``seconds`` it stops where the machine's speed says, like the searches.
"""

from __future__ import annotations

import time
from typing import Final

from carthago.agents.base import Agent
from carthago.agents.heuristic import HeuristicAgent
from carthago.agents.ismcts import ISMCTSAgent
from carthago.agents.mcts import MCTSAgent
from carthago.agents.search import Clock, SearchAgent
from carthago.core.decision_weight import Weight
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.registry import Weigher, weigher
from carthago.core.state import State

SEARCHES: Final[dict[str, type[SearchAgent]]] = {"mcts": MCTSAgent, "ismcts": ISMCTSAgent}

PACE: Final = 0.02
"""The most of what is left of a game's budget one search may take. A 3-player game of The
Republic of Carthage asks a faction about 1,000 searched decisions; a fixed share keeps the last
ones searched too, if more briefly."""


class WeighedAgent(Agent):
    """The heuristic on trivial decisions, a short search on ordinary ones, a full one on
    weighty ones, all within ``game`` seconds of searching a game."""

    name = "weighed"

    def __init__(
        self,
        seed: int | None = None,
        search: str = "mcts",
        iterations: int = 0,
        seconds: float = 0.0,
        ordinary: float = 0.1,
        game: float = 0.0,
        rollout: str = "random",
        depth: int | None = None,
        c: float = 1.0,
        redraw: int = 1,
        cpu: bool = False,
    ) -> None:
        super().__init__(seed)
        kind = SEARCHES.get(search)
        if kind is None:
            raise InvalidAgentSpecError(
                f"weighed: search must be one of {', '.join(SEARCHES)}, not {search!r}"
            )
        if iterations <= 0 and seconds <= 0:
            raise InvalidAgentSpecError("weighed: give a budget (iterations= or seconds=)")
        if not 0 < ordinary <= 1:
            raise InvalidAgentSpecError("weighed: ordinary must lie above 0 and at most 1")
        self.iterations = iterations
        self.seconds = seconds
        self.ordinary = ordinary
        self.game_seconds = game
        if kind is ISMCTSAgent:
            self.searcher: SearchAgent = ISMCTSAgent(
                seed, iterations, seconds, rollout, depth, c, redraw=redraw
            )
        elif redraw != 1:
            raise InvalidAgentSpecError("weighed: redraw= applies to search=ismcts only")
        else:
            self.searcher = kind(seed, iterations, seconds, rollout, depth, c)
        self.heuristic = HeuristicAgent(seed)
        # The three share one generator, so a seed fixes every move whoever plays it.
        self.searcher.rng = self.heuristic.rng = self.rng
        self.clock: Clock = time.process_time if cpu else time.perf_counter
        self.spent = 0.0
        """Seconds of the clock spent answering in this game."""
        self.last_weight: Weight | None = None
        """The weight of the latest decision (for measuring where the time goes)."""
        self._game_id: str | None = None
        self._weigh: Weigher | None = None

    @property
    def think_seconds(self) -> float:
        return self.seconds

    def reset(self) -> None:
        self.spent = 0.0
        self.searcher.reset()

    def step(self, state: State) -> int:
        game_id = state.game.name
        if game_id != self._game_id:
            self._weigh = weigher(game_id)
            self._game_id = game_id
        start = self.clock()
        action = self._answer(state)
        self.spent += self.clock() - start
        return action

    def _answer(self, state: State) -> int:
        weight = Weight.WEIGHTY if self._weigh is None else self._weigh(state)
        self.last_weight = weight
        left = self.game_seconds - self.spent if self.game_seconds > 0 else None
        if weight == Weight.TRIVIAL or (left is not None and left <= 0):
            return self.heuristic.step(state)
        share = 1.0 if weight == Weight.WEIGHTY else self.ordinary
        searcher = self.searcher
        searcher.clock = self.clock
        searcher.iterations = round(self.iterations * share)
        if self.iterations and searcher.iterations == 0:
            searcher.iterations = 1
        seconds = self.seconds * share
        if left is not None:
            paced = left * PACE
            seconds = min(seconds, paced) if seconds > 0 else paced
        searcher.seconds = seconds
        return searcher.step(state)
