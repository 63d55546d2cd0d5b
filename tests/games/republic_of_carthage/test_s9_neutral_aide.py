"""§9: the Neutral factions play by the designer's Solitaire Player Aide (data/neutral_aide.toml).

One test per fact of the aide: Faction Leader, revenue sharing, Personal Income (corruption and
Governors), contributions, Governors' starting terms, Traders and Initiative.
"""

from __future__ import annotations

import pytest

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import forum_policy as P
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forum import TRADER_TARGET, bid_value
from carthago.games.republic_of_carthage.neutral_aide import (
    aide,
    matching_contributor,
    neutral_leader,
    share_revenue,
)
from carthago.games.republic_of_carthage.stages import STAGES
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    GOVERNOR,
    NEUTRAL_ROLES,
    PROVINCES,
    RepublicOfCarthageState,
    stat,
)
from tests.games.republic_of_carthage.support import at_stage, new, run_until

S = RepublicOfCarthageState


def _game() -> S:
    """A one-player game whose set-up is done (four Neutrals, one of each role)."""
    return run_until(new(1), at_stage("mortality_draw"), 0)


def _role(state: S, name: str) -> int:
    return state.neutral_role.index(NEUTRAL_ROLES.index(name))


def test_s9_the_aide_gives_every_role_its_card() -> None:
    roles = C.neutral_roles
    assert [roles[r].leader for r in NEUTRAL_ROLES] == [
        "military",
        "influence",
        "influence",
        "influence+popularity",
    ]
    assert all(roles[r].trader_talents == 5 and roles[r].source == "aide" for r in NEUTRAL_ROLES)
    assert [roles[r].initiative for r in NEUTRAL_ROLES] == [0, 2, -1, 1]
    assert [roles[r].contributions for r in NEUTRAL_ROLES] == ["match", "none", "match", "none"]


# -- Faction Leader --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "wins"),
    [
        ("Imperials", lambda s, p: stat(p, "mil")),
        ("Plutocrats", lambda s, p: s.inf[p]),
        ("Conservatives", lambda s, p: s.inf[p]),
        ("Populists", lambda s, p: s.inf[p] + s.pop[p]),
    ],
)
def test_s9_1_each_role_names_its_faction_leader_by_its_card(role: str, wins: object) -> None:
    state = _game()
    faction = _role(state, role)
    persons = state.faction_persons(faction)
    # The Senator with the least Influence is made the one the card favours.
    chosen = min(persons, key=lambda p: (state.inf[p], p))
    for person in persons:
        state.pop[person] = 0
    if role == "Populists":
        state.pop[chosen] = 40
    elif role != "Imperials":
        state.inf[chosen] = 40
    leader = neutral_leader(state, faction)
    assert callable(wins)
    assert wins(state, leader) == max(wins(state, p) for p in persons)
    if role != "Imperials":
        assert leader == chosen


def test_s9_1_conservatives_pick_influence_not_loyalty() -> None:
    state = _game()
    faction = _role(state, "Conservatives")
    persons = state.faction_persons(faction)
    loyal = max(persons, key=lambda p: (stat(p, "loy"), -p))
    for person in persons:
        state.inf[person] = 1
    other = next(p for p in persons if p != loyal)
    state.inf[other] = 30
    assert neutral_leader(state, faction) == other


# -- revenue ---------------------------------------------------------------------------------


def _in_carthage(state: S, faction: int, talents: list[int]) -> list[int]:
    persons = state.faction_persons(faction)[: len(talents)]
    for person in state.faction_persons(faction):
        state.talents[person] = 0
        state.ploc[person] = GOVERNOR  # away from Carthage unless listed
    for person, amount in zip(persons, talents, strict=True):
        state.ploc[person] = CARTHAGE
        state.talents[person] = amount
    state.faction_leader[faction] = persons[0]
    state.faction_treasury[faction] = 0
    return persons


def test_s9_imperials_put_one_die_in_the_treasury_and_the_rest_on_the_leader() -> None:
    state = _game()
    faction = _role(state, "Imperials")
    persons = _in_carthage(state, faction, [3, 1, 1])
    share_revenue(state, faction, 4)
    assert [state.talents[p] for p in persons] == [1, 0, 0]
    assert state.faction_treasury[faction] == 4


def test_s9_plutocrats_share_equally_the_remainder_to_the_treasury() -> None:
    state = _game()
    faction = _role(state, "Plutocrats")
    persons = _in_carthage(state, faction, [6, 1, 1])
    share_revenue(state, faction, 0)
    assert [state.talents[p] for p in persons] == [2, 2, 2]
    assert state.faction_treasury[faction] == 2


def test_s9_conservatives_give_half_rounded_up_to_the_leader() -> None:
    state = _game()
    faction = _role(state, "Conservatives")
    persons = _in_carthage(state, faction, [3, 2, 2])
    share_revenue(state, faction, 0)
    assert [state.talents[p] for p in persons] == [4, 0, 0]
    assert state.faction_treasury[faction] == 3


def test_s9_populists_give_one_each_one_to_the_treasury_the_rest_to_the_leader() -> None:
    state = _game()
    faction = _role(state, "Populists")
    persons = _in_carthage(state, faction, [3, 1, 5])
    share_revenue(state, faction, 0)
    assert [state.talents[p] for p in persons] == [6, 1, 1]
    assert state.faction_treasury[faction] == 1


def test_s9_the_revenue_phase_shares_each_neutrals_talents() -> None:
    """In play: the Plutocrats' Senators in Carthage hold equal shares after step 10."""
    state = run_until(new(1), at_stage("revenue_redistribute"), 0)
    faction = _role(state, "Plutocrats")
    present = [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]
    assert len({state.talents[p] for p in present}) == 1


# -- Personal Income: corruption and Governors -------------------------------------------------


def _member_of(state: S, faction: int) -> None:
    """Put a Senator of ``faction`` first in line for the corruption decision."""
    holder = state.faction_persons(faction)[0]
    office = next(i for i, h in enumerate(state.office_holder) if h >= 0)
    state.office_holder[office] = holder
    state.ctx = [office]
    state.stage = "revenue_corruption"
    state._legal = None


@pytest.mark.parametrize(
    ("role", "answer", "then"),
    [
        ("Plutocrats", A.YES, "revenue_corruption_roll"),
        ("Imperials", A.YES, "revenue_corruption_die"),
        ("Populists", A.YES, "revenue_corruption_die"),
        ("Conservatives", A.DONE, "revenue_corruption"),
    ],
)
def test_s9_the_corruption_roll_by_role(role: str, answer: int, then: str) -> None:
    """Plutocrats always take it, Imperials on a die of 4+, Populists 3+, Conservatives never."""
    state = _game()
    faction = _role(state, role)
    _member_of(state, faction)
    assert STAGES["revenue_corruption"].neutral(state) == answer
    STAGES["revenue_corruption"].apply(state, answer)
    assert state.stage == then


@pytest.mark.parametrize(
    ("role", "roll", "takes"),
    [
        ("Imperials", 3, False),
        ("Imperials", 4, True),
        ("Populists", 3, True),
        ("Populists", 2, False),
    ],
)
def test_s9_a_neutral_takes_the_corruption_roll_on_its_die(
    role: str, roll: int, takes: bool
) -> None:
    state = _game()
    faction = _role(state, role)
    _member_of(state, faction)
    state.stage = "revenue_corruption_die"
    state._legal = None
    state.apply_action(roll)
    assert (state.stage == "revenue_corruption_roll") == takes


@pytest.mark.parametrize(
    ("role", "answer"),
    [("Plutocrats", A.YES), ("Imperials", A.YES), ("Populists", A.YES), ("Conservatives", A.DONE)],
)
def test_s9_a_neutral_governors_personal_income_by_role(role: str, answer: int) -> None:
    """Plutocrats always take it, Imperials and Populists roll for it, Conservatives never."""
    state = _game()
    province = next(i for i, g in enumerate(state.prov_gov) if g >= 0)
    state.owner[state.prov_gov[province]] = _role(state, role)
    state.ctx = [province]
    state.stage = "revenue_personal"
    assert STAGES["revenue_personal"].neutral(state) == answer
    STAGES["revenue_personal"].apply(state, answer)
    rolls = {"Plutocrats": "revenue_personal_roll", "Conservatives": ""}.get(role)
    if rolls is None:
        assert state.stage == "revenue_personal_die"
    elif rolls:
        assert state.stage == rolls
    else:
        assert not state.stage.startswith("revenue_personal")


# -- contributions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "matches"),
    [("Imperials", True), ("Conservatives", True), ("Plutocrats", False), ("Populists", False)],
)
def test_s9_contributions_match_the_players_by_role(role: str, matches: bool) -> None:
    state = _game()
    faction = _role(state, role)
    persons = _in_carthage(state, faction, [20, 1])
    person, given = matching_contributor(state, faction, 12)
    assert (person, given) == ((persons[0], 12) if matches else (-1, 0))


def test_s9_a_matching_neutral_contributes_in_the_revenue_phase() -> None:
    state = run_until(new(1), at_stage("revenue_contribute"), 0)
    player_senator = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    state.talents[player_senator] = 12
    imperials = _role(state, "Imperials")
    richest = _in_carthage(state, imperials, [30])[0]
    treasury = state.treasury
    state._legal = None
    state.apply_action(A.contribute(player_senator, A.AMOUNTS.index(10)))
    state.apply_action(A.DONE)
    while state.stage == "revenue_contribute":
        state.apply_action(A.DONE)
    assert state.talents[richest] == 20
    assert state.treasury >= treasury + 20


# -- set-up, Traders, Initiative -------------------------------------------------------------


def test_s9_1_neutral_governors_start_on_their_cards_term() -> None:
    """Both first provinces are Undeveloped: Imperials and Populists on the 3rd term (one
    Revenue Phase left), Plutocrats and Conservatives on the 1st (three)."""
    seen = set()
    for seed in range(12):
        state = run_until(new(1), at_stage("mortality_draw"), seed)
        for province, governor in enumerate(state.prov_gov):
            faction = state.owner[governor] if governor >= 0 else -1
            if faction > 0:
                name = aide(state, faction).name
                seen.add(name)
                expected = 1 if name in ("Imperials", "Populists") else 3
                assert state.prov_term[province] == expected, (name, PROVINCES[province].name)
    assert len(seen) >= 3


@pytest.mark.parametrize("role", NEUTRAL_ROLES)
def test_s9_every_neutral_pays_up_to_5_talents_toward_a_trader(role: str) -> None:
    state = _game()
    state.initiative = _role(state, role)
    state.ctx = [0, TRADER_TARGET - 5]
    assert P.trader_buy(state) == F.BUY_TRADER
    state.ctx = [0, TRADER_TARGET - 6]
    assert P.trader_buy(state) == F.PASS


@pytest.mark.parametrize(
    ("role", "most"), [("Imperials", 0), ("Plutocrats", 2), ("Conservatives", -1), ("Populists", 1)]
)
def test_s9_the_initiative_modifier_is_the_most_a_neutral_bids(role: str, most: int) -> None:
    state = run_until(new(1), at_stage("forum_auction"), 1)
    faction = _role(state, role)
    state.order = [faction]
    state.pos = 0
    for person in state.faction_persons(faction):
        state.talents[person] = 10
        state.ploc[person] = CARTHAGE
    state._legal = None
    action = P.bid(state)
    if most < 0 or bid_value(state, F.bid(state.faction_persons(faction)[0], 0)) > most:
        assert action == F.PASS
    else:
        assert action != F.PASS and bid_value(state, action) <= most
