"""The observation tensor (tensor.py): a fixed shape, every section moved by the state it
encodes, and nothing a player may not see."""

from __future__ import annotations

from collections.abc import Callable

import carthago
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import tensor
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DECK,
    HAND,
    IN_PLAY,
    LEADERS,
    UNIT_INDEX,
    WAR_ACTIVE,
    WAR_INDEX,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import first_turn

S = RepublicOfCarthageState
LEGION = UNIT_INDEX["legion"]


def _section(state: S, name: str, viewer: int = 0) -> list[float]:
    vector = tensor.encode(state.game, state.observation(viewer))
    assert len(vector) == tensor.SIZE
    start = tensor.BASE + tensor.OFFSET[name]
    size = dict(tensor.SECTIONS)[name]
    return vector[start : start + size]


def _changes(state: S, name: str, edit: Callable[[S], None]) -> None:
    """``edit(state)`` must change the section ``name`` of player 0's tensor."""
    before = _section(state, name)
    edit(state)
    state._legal = None
    assert _section(state, name) != before, name


def test_the_shape_is_fixed_for_every_option_set() -> None:
    shapes = {
        tensor.shape(carthago.load("republic_of_carthage", players=n, assassination=rule))
        for n in range(1, 7)
        for rule in ("standard", "optional")
    }
    assert shapes == {(tensor.SIZE,)}
    assert tensor.BASE + sum(size for _, size in tensor.SECTIONS) == tensor.SIZE


def test_the_context_names_the_stage_and_whose_decision_it_is() -> None:
    state = first_turn()
    context = _section(state, "context")
    stage = tensor.STAGE_INDEX[state.stage]
    assert context[1 + len(tensor.PHASE_INDEX) + stage] == 1.0
    assert sum(context[1 + len(tensor.PHASE_INDEX) :][: len(tensor.STAGE_INDEX)]) == 1.0


def test_forum_sections_follow_table_events_leaders_explorations_and_votes() -> None:
    state = first_turn()

    def event(s: S) -> None:
        s.table_event[3] = 2  # upside down

    _changes(state, "table_events", event)
    assert _section(state, "table_events")[2 * 3 + 1] == 1.0

    def leader(s: S) -> None:
        s.leader_status[len(LEADERS) - 1] = 2  # active

    _changes(state, "enemy_leaders", leader)

    def exploration(s: S) -> None:
        card = next(c for c, ref in enumerate(CARDS) if ref.kind == "exploration")
        s.card_loc[card] = IN_PLAY

    _changes(state, "explorations", exploration)

    def votes(s: S) -> None:
        s.votes[2] = 15

    _changes(state, "votes", votes)
    assert _section(state, "votes")[2] == 0.5

    def initiative(s: S) -> None:
        s.initiative, s.initiatives = 1, 3

    _changes(state, "initiative", initiative)
    assert _section(state, "initiative")[1] == 1.0


def test_the_viewers_own_hand_is_encoded_and_no_other_human_hand() -> None:
    state = first_turn()
    card = next(
        c for c, ref in enumerate(CARDS) if ref.kind == "intrigue" and state.card_loc[c] == DECK
    )

    def to_own_hand(s: S) -> None:
        s.card_loc[card] = HAND + 0

    _changes(state, "own_hand", to_own_hand)
    other = state._clone_to_change()
    other.card_loc[card] = HAND + 1
    hidden = state._clone_to_change()
    hidden.card_loc[card] = DECK
    hidden.card_loc[
        next(c for c, ref in enumerate(CARDS) if ref.kind == "law" and hidden.card_loc[c] == DECK)
    ] = HAND + 1
    # Player 1's hand holds a different card, with the same size: player 0 cannot tell.
    assert tensor.encode(other.game, other.observation(0)) == tensor.encode(
        hidden.game, hidden.observation(0)
    )


def test_other_faction_treasuries_never_reach_the_tensor() -> None:
    state = first_turn()
    richer = state._clone_to_change()
    richer.faction_treasury[1] += 77
    assert tensor.encode(state.game, state.observation(0)) == tensor.encode(
        richer.game, richer.observation(0)
    )
    assert tensor.encode(state.game, state.observation(1)) != tensor.encode(
        richer.game, richer.observation(1)
    )


def test_senate_section_follows_the_chair_the_proposal_and_the_ballots() -> None:
    state = first_turn()
    person = state.faction_leader[1]

    def chair(s: S) -> None:
        s.pm = person

    _changes(state, "senate", chair)
    senate = _section(state, "senate")
    assert senate[1] == 1.0  # faction 1 presides

    def proposal(s: S) -> None:
        s.proposal = [P.LIFE, person]

    _changes(state, "senate", proposal)
    senate = _section(state, "senate")
    kinds = tensor.F + 1
    assert senate[kinds + P.LIFE] == 1.0
    assert senate[kinds + len(tensor.KIND_INDEX) + 1] == 1.0  # it names a Senator of faction 1

    def ballot(s: S) -> None:
        factions = s.rg.num_factions
        s.ballots = [-1] * (2 * factions)
        s.ballots[2] = 1  # faction 2 votes No
        s.ballots[factions + 2] = 5

    _changes(state, "ballots", ballot)
    ballots = _section(state, "ballots")
    assert ballots[5 * 2 + 1] == 1.0 and ballots[5 * 2 + 4] == 0.25


def test_offices_and_provinces_name_the_factions_holding_them() -> None:
    state = first_turn()
    person = state.faction_leader[2]

    def office(s: S) -> None:
        s.office_holder[0] = person

    _changes(state, "offices", office)
    assert _section(state, "offices")[2] == 1.0


def test_combat_sections_follow_wars_forces_units_and_the_rebellion() -> None:
    state = first_turn()
    war = WAR_INDEX["TUNISIA"]
    commander = state.faction_leader[0]

    def status(s: S) -> None:
        s.war_status[war] = 4  # lost

    _changes(state, "wars", status)
    state.war_status[war] = WAR_ACTIVE

    def force(s: S) -> None:
        units = [0] * len(s.unit_pool)
        units[LEGION] = 2
        s.forces = (Force(war, -1, (commander,), tuple(units), (0,) * len(units), s.turn),)

    _changes(state, "wars", force)
    width = len(tensor.WAR_STATUS) + 1 + 7
    forces = _section(state, "wars")[width * war + len(tensor.WAR_STATUS) + 1 :][:7]
    assert forces[1] == 0.1 and forces[6] == 1.0  # two armies; the viewer's commander

    def fleet_victory(s: S) -> None:
        s.fleet_victory[war] = 1

    _changes(state, "wars", fleet_victory)

    def pool(s: S) -> None:
        s.unit_pool[LEGION] += 3

    _changes(state, "units", pool)

    def rebels(s: S) -> None:
        s.rebels = [1, s.faction_leader[1]]
        s.rebel_units[LEGION] = 2

    _changes(state, "rebellion", rebels)
    assert _section(state, "rebellion")[2] == 1.0  # faction 1 rebels

    def general(s: S) -> None:
        s.generals = [s.faction_leader[2]]

    _changes(state, "generals_captives", general)


def test_cards_in_force_persuasion_and_auction_are_encoded() -> None:
    state = first_turn()

    def sacred_band(s: S) -> None:
        s.roll_bonus[2 * 1 + 1] = 1  # the Sacred Band pending for faction 1

    _changes(state, "cards_in_force", sacred_band)
    commodities = len(tensor.COMMODITY_INDEX)
    assert _section(state, "cards_in_force")[2 * commodities + 2 * 1 + 1] == 1.0

    def double(s: S) -> None:
        s.trade_mod[4] = 4 * s.turn + 1

    _changes(state, "cards_in_force", double)
    assert _section(state, "cards_in_force")[2 * 4] == 1.0

    target = next(p for p in range(len(state.owner)) if state.owner[p] == 2)
    persuader = state.faction_leader[0]

    def persuasion(s: S) -> None:
        s.stage = "forum_interfere"
        s.ctx = [target, persuader, 2, 0, 0, 5]

    _changes(state, "persuasion", persuasion)
    section = _section(state, "persuasion")
    assert section[:3] == [1.0, 7 / 12, 1 / 3]
    assert section[3 + 2] == 1.0 and section[3 + tensor.F + 1 + 0] == 1.0

    def auction(s: S) -> None:
        s.stage = "forum_auction"
        s.ctx = [4, persuader]

    _changes(state, "auction", auction)
    assert _section(state, "auction")[:3] == [1.0, 0.2, 1.0]


def test_a_mercenary_contract_waiting_for_its_battle_is_encoded() -> None:
    state = first_turn()
    commander = state.faction_leader[0]
    units = [0] * len(state.unit_pool)
    units[LEGION] = 2
    war = WAR_INDEX["TUNISIA"]
    state.forces = (Force(war, -1, (commander,), tuple(units), (0,) * len(units), state.turn),)

    def hire(s: S) -> None:
        s.hired = [commander]

    _changes(state, "cards_in_force", hire)
    slot = 2 * len(tensor.COMMODITY_INDEX) + len(tensor.ROLL_CARDS) * tensor.F
    assert _section(state, "cards_in_force")[slot] == 1 / tensor.MERCENARY_COPIES
