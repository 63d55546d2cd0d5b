"""Computer players that work on any game through the contract alone.

>>> from carthago.agents import make_agent
>>> make_agent("random", seed=1).spec
'random'
>>> make_agent("mcts:iterations=800,rollout=heuristic", seed=1).spec
'mcts:iterations=800,rollout=heuristic'
"""

from carthago.agents.base import Agent, choose_action
from carthago.agents.heuristic import HeuristicAgent
from carthago.agents.ismcts import ISMCTSAgent
from carthago.agents.levels import DEFAULT_LEVEL, LEVELS, computer_label, level_of, level_spec
from carthago.agents.mcts import MCTSAgent
from carthago.agents.planner import PlannerAgent
from carthago.agents.random_agent import RandomAgent
from carthago.agents.search import DEFAULT_ITERATIONS
from carthago.agents.spec import AGENTS, AgentKind, AgentSpec, is_human, make_agent, register_agent
from carthago.agents.weighed import WeighedAgent

SEARCH_PARAMS: dict[str, tuple[type, object]] = {
    "iterations": (int, 0),
    "seconds": (float, 0.0),
    "rollout": (str, "random"),
    "depth": (int, None),
    "c": (float, 1.0),
    "advice": (bool, True),
}
"""Parameters both tree searches take (iterations 0 and seconds 0: the default budget; no
depth: a cap of 20 moves if the game has a heuristic, else none; depth=0: never cap; advice=false:
search even where the game gives advice)."""

register_agent("random", AgentKind(RandomAgent, summary="uniformly random legal moves"))
register_agent(
    "heuristic",
    AgentKind(HeuristicAgent, summary="one-ply greedy on the game's heuristic, random ties"),
)
register_agent(
    "mcts",
    AgentKind(
        MCTSAgent,
        params={**SEARCH_PARAMS, "reuse": (bool, True)},
        summary=(
            f"UCT search ({DEFAULT_ITERATIONS} iterations unless iterations= or seconds= is "
            "given; rollout=random|heuristic, depth= caps playouts, c= explores, reuse= keeps "
            "the tree, advice=false searches where the game advises)"
        ),
    ),
)
register_agent(
    "ismcts",
    AgentKind(
        ISMCTSAgent,
        params={**SEARCH_PARAMS, "redraw": (int, 1)},
        summary=(
            "information-set MCTS for hidden information (the parameters of mcts but reuse; "
            "redraw=N draws a fresh guess of the hidden parts every N iterations, default 1)"
        ),
    ),
)
register_agent(
    "weighed",
    AgentKind(
        WeighedAgent,
        params={
            "search": (str, "mcts"),
            "iterations": (int, 0),
            "seconds": (float, 0.0),
            "ordinary": (float, 0.1),
            "game": (float, 0.0),
            "rollout": (str, "random"),
            "depth": (int, None),
            "c": (float, 1.0),
            "redraw": (int, 1),
            "cpu": (bool, False),
        },
        summary=(
            "thinks by the decision's weight, where the game weighs them: the heuristic on "
            "trivial ones, search= (mcts|ismcts) with ordinary= times the budget on ordinary "
            "ones, the whole iterations=/seconds= on weighty ones; game= caps a game's "
            "searching in seconds, redraw= as ismcts's, cpu=true counts CPU seconds"
        ),
    ),
)

register_agent(
    "planner",
    AgentKind(
        PlannerAgent,
        params={
            "seconds": (float, 5.0),
            "playouts": (int, 0),
            "plans": (int, 1),
            "epsilon": (float, 0.2),
            "horizon": (int, 2),
            "width": (int, 4),
            "samples": (int, 6),
            "few": (int, 12),
            "cpu": (bool, False),
        },
        summary=(
            "thinks by the impulse: in one of few decisions where dice fall (combat, volley, "
            "recovery) weighs the heuristic's width= best moves (default 4) by samples= "
            "playouts each (default 6) on the same dice, to the impulse's end and horizon= "
            "stretches beyond (default 2); a long impulse plays the heuristic's moves, or "
            "searches plans= candidate plans; seconds= per impulse (default 5), playouts= caps "
            "the playouts instead or as well, cpu=true counts this process's CPU seconds"
        ),
    ),
)

__all__ = [
    "AGENTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Agent",
    "AgentKind",
    "AgentSpec",
    "HeuristicAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "PlannerAgent",
    "RandomAgent",
    "WeighedAgent",
    "choose_action",
    "computer_label",
    "is_human",
    "level_of",
    "level_spec",
    "make_agent",
    "register_agent",
]
