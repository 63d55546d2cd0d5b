"""Searches on a three-player game: every node chooses by its own mover's return."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from carthago.agents import MCTSAgent, choose_action, make_agent
from tests.agents.kingmaker_game import KingmakerGame
from tests.agents.registration import registered


@pytest.fixture(autouse=True)
def kingmaker() -> Iterator[None]:
    with registered(KingmakerGame):
        yield


SPECS = ["mcts", "mcts:iterations=300,reuse=false", "ismcts", "mcts:c=0.5", "ismcts:c=2"]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_search_lets_every_player_maximise_their_own_return(spec: str, seed: int) -> None:
    # Kingmaker's first move A is worth +1 to the first player only because the second player,
    # maximising its own return (0.5 against -0.5), hands the first player +1; B is worth 0.2.
    state = KingmakerGame().new_initial_state()
    assert choose_action(make_agent(spec, seed=seed), state) == 0
    state.apply_action(0)
    assert choose_action(make_agent(spec, seed=seed), state) == 0  # the second takes +0.5
    third = KingmakerGame().new_initial_state()
    third.apply_action(1)
    assert choose_action(make_agent(spec, seed=seed), third) == 0  # the third takes +0.8


def test_mcts_backs_up_every_players_return_into_every_node() -> None:
    agent = make_agent("mcts:iterations=200", seed=4)
    assert isinstance(agent, MCTSAgent)
    state = KingmakerGame().new_initial_state()
    agent.step(state)
    root = agent._root
    assert root is not None and root.visits == 200
    leaves = {
        (0, 0): (1.0, 0.5, -1.0),
        (0, 1): (-1.0, -0.5, 1.0),
        (1, 0): (0.2, 0.9, 0.8),
        (1, 1): (0.9, 0.0, -0.5),
    }
    for (first, second), values in leaves.items():
        leaf = root.children[first].children[second]
        assert leaf.totals == pytest.approx([leaf.visits * v for v in values])
    for child in root.children.values():
        # A node's first visit is the playout from it; the later ones pass to its children.
        assert child.visits == 1 + sum(leaf.visits for leaf in child.children.values())
    # The root keeps the sum over everything below it, one entry per player.
    assert root.visits == sum(child.visits for child in root.children.values())
    for player in range(3):
        assert root.totals[player] == pytest.approx(
            sum(child.totals[player] for child in root.children.values())
        )
    # Each node prefers its own mover's best child.
    a, b = root.children[0], root.children[1]
    assert a.player == 1 and a.children[0].visits > a.children[1].visits
    assert b.player == 2 and b.children[0].visits > b.children[1].visits
    assert a.visits > b.visits
