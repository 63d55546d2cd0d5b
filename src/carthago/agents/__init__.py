"""Computer players that work on any game through the contract alone.

>>> from carthago.agents import make_agent
>>> make_agent("random", seed=1).spec
'random'
"""

from carthago.agents.base import Agent, choose_action
from carthago.agents.random_agent import RandomAgent
from carthago.agents.spec import AGENTS, AgentKind, AgentSpec, is_human, make_agent, register_agent

register_agent("random", AgentKind(RandomAgent, summary="uniformly random legal moves"))

__all__ = [
    "AGENTS",
    "Agent",
    "AgentKind",
    "AgentSpec",
    "RandomAgent",
    "choose_action",
    "is_human",
    "make_agent",
    "register_agent",
]
