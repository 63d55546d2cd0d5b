"""How much each decision of The Republic of Carthage deserves a computer faction's thinking.

A 3-player game puts about 1,300 decisions with a choice to each faction; most are small steps
of a longer business (a trade offer built item by item, talents redistributed one Senator at a
time, a bribe, a bid), and a search of a few seconds on each would make a person wait for
minutes every turn. So (:class:`carthago.core.decision_weight.Weight`):

- trivial: one legal action; a decision the game's advice settles (``heuristics.advise``: the
  Senate's proposals and ballots by the Imperials' aide, the rescue of the State Treasury, a
  Trader, a revolt), for a search's capped playouts never reach what decides those; a ballot
  that cannot change whether the proposal passes, whatever the factions still to vote do
  (``vote_decided``);
- weighty: the decisions that move Senators, armies and the Republic (``WEIGHTY_STAGES``);
- ordinary: everything else.
"""

from __future__ import annotations

from typing import Final

from carthago.core.decision_weight import Weight
from carthago.core.state import State
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import senate_intrigues as SI
from carthago.games.republic_of_carthage import voting
from carthago.games.republic_of_carthage.heuristics import advise
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState

WEIGHTY_STAGES: Final = frozenset(
    {
        # the start: who leads, which Concessions, which terms
        "setup_concessions",
        "setup_concession_target",
        "setup_trader",
        "setup_leader",
        "setup_terms",
        "setup_committee_assign",
        # persuasion: a Senator changes faction (§6.4)
        "forum_persuade",
        "forum_persuader",
        # assassination and seduction (§6.5.1)
        "senate_assassin_card",
        "senate_hire",
        "senate_bodyguard",
        "senate_seduce_target",
        "senate_seduce_persuader",
        # a commander for a war, and whether he goes
        "senate_assign",
        "senate_assign_agree",
        # stepping down, the people, a new Senator
        "senate_people",
        "senate_step_down",
        "senate_repopulate_pick",
        # a revolt: who follows the rebel and how (§6.7.3)
        "revolution_allegiance",
        "revolution_accomplice",
        "revolution_co_commander",
        "revolution_concession_target",
        # the intrigue cards
        "cards_target",
        "cards_steal",
        "cards_blackmail",
        "cards_tophet",
    }
)
"""Stages whose decisions move Senators between factions, send armies or decide a revolt."""


def weigh(state: State) -> Weight:
    """How much the decision to be taken in ``state`` deserves a search's time."""
    assert isinstance(state, RepublicOfCarthageState)
    if len(state.legal_actions()) == 1 or vote_decided(state):
        return Weight.TRIVIAL
    if advise(state, state.current_player()) is not None:
        return Weight.TRIVIAL
    return Weight.WEIGHTY if state.stage in WEIGHTY_STAGES else Weight.ORDINARY


def vote_decided(state: RepublicOfCarthageState) -> bool:
    """Whether the ballot to be cast cannot change whether the proposal passes (§6.5): even
    if every faction still to vote (the one casting included) cast all its votes, every talent
    it holds bought at the Bribery of the Council's rate, for Yes, the proposal would fail; or
    against, it would pass. The ballot still costs what it buys and, on taxes, Popularity; the
    advice weighs that."""
    if state.stage != "senate_ballot":
        return False
    yes, no, abstain = voting.tally(state)
    still = sum(most_votes(state, faction) for faction in state.order)
    return yes + still <= no + abstain or yes > no + abstain + still


def most_votes(state: RepublicOfCarthageState, faction: int) -> int:
    """The most votes ``faction`` could cast on the proposal under way."""
    money = voting.funds(state, faction)
    bought = SA.BUY[SA.largest_buy(money)]
    factor = max(SI.vote_factor(state, faction), SI.DATA.bribery_factor)
    return voting.oratory(state, faction) + voting.extra_votes(state, faction) + bought * factor
