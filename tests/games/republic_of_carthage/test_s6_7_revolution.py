"""The Revolution Phase (rules §6.7): Public Reaction, hand cards, return or revolt, the rebel
war, and the Victory Conditions of §7 that end a turn."""

from __future__ import annotations

import random

import pytest

from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forces
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.mortality import kill
from carthago.games.republic_of_carthage.proposals import recall_from_exile
from carthago.games.republic_of_carthage.prosecution import exile
from carthago.games.republic_of_carthage.revolution import (
    play_statesman,
    playable_statesman,
    resample_bribe,
)
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CAPTURED,
    CARDS,
    CARTHAGE,
    COVERED,
    DECK,
    FORUM,
    HAND,
    IN_PLAY,
    LATE_DECK,
    REBEL,
    STATESMAN_INDEX,
    UNIT_INDEX,
    UNITS,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.combat_support import (
    S,
    chance,
    commanders,
    field_force,
    quiet_state,
    start_combat,
    units,
)
from tests.games.republic_of_carthage.support import jump
from tests.games.republic_of_carthage.test_s6_6_2_wars import roll_for

LEGION = UNIT_INDEX["legion"]
CHIT_NONE = 25


def victorious(state: S, people: list[int], legions: int = 2, vets: int = 0) -> None:
    field_force(state, "TUNISIA", people, veterans={"legion": vets}, legion=legions)
    force = state.forces[-1]
    forces.replace(state, len(state.forces) - 1, Force(**{**_fields(force), "status": 2}))


def _fields(force: Force) -> dict[str, object]:
    return {
        "war": force.war,
        "exploration": force.exploration,
        "commanders": force.commanders,
        "units": force.units,
        "veterans": force.veterans,
        "sent": force.sent,
        "status": force.status,
    }


def revolution(state: S, hand_of: int = -1) -> None:
    """Start the Revolution Phase; every human faction is asked in the hand-card step: they
    pass, but for ``hand_of``, whose turn the state then waits at."""
    jump(state, "revolution_start")
    while state.stage == "revolution_cards" and state.current_player() != hand_of:
        state.apply_action(K.DONE)


# -- §6.7.1 Public Reaction ------------------------------------------------------------------


def _reaction(roll: int, popularity: int = 0) -> tuple[S, int]:
    state = quiet_state()
    [person] = commanders(state)
    state.pop[person] = popularity
    state.inf[person] = 5
    state.fought = [person]
    revolution(state)
    assert state.stage == "revolution_reaction"
    chance(state, roll)
    return state, person


def test_s6_7_1_public_reaction_the_mob_kills() -> None:
    state, person = _reaction(2)
    assert state.ploc[person] != CARTHAGE or state.inf[person] != 5


def test_s6_7_1_public_reaction_disgrace() -> None:
    state, person = _reaction(5, popularity=1)
    assert (state.inf[person], state.pop[person]) == (2, -2)


def test_s6_7_1_public_reaction_censure() -> None:
    state, person = _reaction(8)
    assert (state.inf[person], state.pop[person]) == (5, -1)


def test_s6_7_1_public_reaction_nothing_at_ten_or_more() -> None:
    state, person = _reaction(10)
    assert (state.inf[person], state.pop[person]) == (5, 0)


def test_s6_7_1_victorious_commanders_do_not_consult_the_table() -> None:
    state = quiet_state()
    [person] = commanders(state)
    state.fought = [person]
    state.won = [person]
    revolution(state)
    assert state.stage != "revolution_reaction"


def test_s6_7_1_the_heir_of_a_commander_killed_in_battle_does_not_consult_the_table() -> None:
    """A Faction Leader killed by a chit of his Stalemate comes back, a new man with the same
    Family card: he never fought, so the Revolution Phase does not send him to the table."""
    state = quiet_state()
    leader = state.faction_leader[0]
    assert CARDS[leader].kind == "senator" and state.ploc[leader] == CARTHAGE
    field_force(state, "TUNISIA", [leader], legion=5)
    start_combat(state)
    chance(state, roll_for(state, 11, 11))  # a Stalemate losing 2 counters: two chits
    chance(state, 2 * LEGION, 2 * LEGION, family_of(leader) - 1)
    assert state.faction_leader[0] == leader and state.ploc[leader] == CARTHAGE
    assert state.forces[0].commanders == ()
    assert leader not in state.fought and leader not in state.won
    while state.stage != "revolution_cards":  # the Veteran made, on to the Revolution Phase
        chance(state, state.chance_outcomes()[0][0])
    assert not any("Public Reaction" in line for line in state.log(None))


def test_s6_6_2_ransom_is_paid_from_the_captive_then_the_faction() -> None:
    state = quiet_state()
    [person] = commanders(state)
    state.ploc[person] = CAPTURED
    state.captives = [person, 0]
    state.inf[person] = 8
    state.talents[person] = 6
    state.faction_treasury[0] = 20
    revolution(state)
    assert state.stage == "revolution_ransom"
    assert K.pay_ransom(person) in state.legal_actions()
    state.apply_action(K.pay_ransom(person))
    assert state.ploc[person] == CARTHAGE and state.captives == []
    assert (state.talents[person], state.faction_treasury[0]) == (0, 10)


# -- §6.7.2 Hand cards -----------------------------------------------------------------------


def _red_cards(count: int) -> list[int]:
    return [i for i, c in enumerate(CARDS) if c.kind == "intrigue"][:count]


def test_s6_7_2_a_hand_over_five_must_be_cut_to_five() -> None:
    state = quiet_state()
    for card in _red_cards(7):
        state.card_loc[card] = HAND + 0
    revolution(state, hand_of=0)
    assert state.stage == "revolution_cards" and state.current_player() == 0
    assert K.DONE not in state.legal_actions()
    state.apply_action(K.drop_card(_red_cards(1)[0]))
    state.apply_action(K.drop_card(_red_cards(2)[1]))
    assert sum(1 for loc in state.card_loc if loc == HAND + 0) == 5
    # Five cards: "done" is allowed again (the faction may keep them), no more discards.
    legal = state.legal_actions()
    assert K.DONE in legal and not [a for a in legal if K.decode(a)[0] == "drop"]


def test_s6_7_2_a_statesman_covers_his_family_card() -> None:
    state = quiet_state()
    family = next(p for p in state.faction_persons(0) if f"{family_of(p)}A" in STATESMAN_INDEX)
    statesman = STATESMAN_INDEX[f"{family_of(family)}A"]
    state.card_loc[statesman] = HAND + 0
    state.pop[family] = 3
    revolution(state, hand_of=0)
    state.apply_action(K.play_card(statesman))
    assert state.owner[statesman] == 0 and state.card_loc[statesman] == IN_PLAY
    assert state.ploc[family] == COVERED and state.under[statesman] == family
    assert state.pop[statesman] == 3


def test_s2_only_the_mago_family_may_have_both_statesmen_in_play() -> None:
    """§2: "Statesmen #2A and #2B may both be in play at the same time" is the Mago family's
    exception; 1B may not join 1A, even in the same faction and with the Family card unplayed."""
    state = quiet_state()
    for first, second in (("1A", "1B"), ("2A", "2B")):
        play_statesman(state, 0, STATESMAN_INDEX[first])
        state.card_loc[STATESMAN_INDEX[second]] = HAND + 0
    revolution(state, hand_of=0)
    legal = state.legal_actions()
    assert K.play_card(STATESMAN_INDEX["2B"]) in legal
    assert K.play_card(STATESMAN_INDEX["1B"]) not in legal


@pytest.mark.parametrize(("first", "second"), [("3A", "3B"), ("1A", "1B")])
def test_s4_barca_a_statesman_recalled_to_the_forum_still_bars_his_brother(
    first: str, second: str
) -> None:
    """§4 Barca note (and §2 for Hanno): a Statesman recalled from exile with no faction holding
    his Family card lies in the Forum, still in play; the family's other Statesman may not be
    played beside him (else one Mortality chit would kill them both)."""
    state = quiet_state()
    statesman = STATESMAN_INDEX[first]
    play_statesman(state, 0, statesman)
    exile(state, statesman)
    recall_from_exile(state, statesman)
    assert state.card_loc[statesman] == FORUM and state.owner[statesman] == -1
    state.card_loc[STATESMAN_INDEX[second]] = HAND + 1
    assert not playable_statesman(state, 1, STATESMAN_INDEX[second])
    revolution(state, hand_of=1)
    assert K.play_card(STATESMAN_INDEX[second]) not in state.legal_actions()


def test_s4_a_mago_statesman_in_the_forum_lets_any_faction_play_his_brother() -> None:
    """§4: the Mago pair may both be in play; only a brother in another faction bars it."""
    state = quiet_state()
    statesman = STATESMAN_INDEX["2A"]
    play_statesman(state, 0, statesman)
    exile(state, statesman)
    recall_from_exile(state, statesman)
    assert state.card_loc[statesman] == FORUM
    assert playable_statesman(state, 1, STATESMAN_INDEX["2B"])


def test_s4_a_statesman_takes_his_family_cards_command_veterans_and_title() -> None:
    state = quiet_state()
    family = next(p for p in state.faction_persons(0) if f"{family_of(p)}A" in STATESMAN_INDEX)
    statesman = STATESMAN_INDEX[f"{family_of(family)}A"]
    field_force(state, "TUNISIA", [family], legion=1)
    state.veteran_of = [LEGION, family]
    state.generals = [family]
    state.card_loc[statesman] = HAND + 0
    revolution(state, hand_of=0)
    state.apply_action(K.play_card(statesman))
    assert state.forces[-1].commanders == (statesman,)
    assert state.ploc[statesman] == AT_WAR and state.ploc[family] == COVERED
    assert state.veteran_of == [LEGION, statesman] and state.generals == [statesman]


def _statesman_over_suffete_for_life(state: S) -> tuple[int, int]:
    """Faction 0 plays a Statesman over its Senator the Senate made Suffete for Life this turn;
    the Family Senator had also left an office earlier (his out-of-office date, §6.5.5)."""
    family = next(p for p in state.faction_persons(0) if f"{family_of(p)}A" in STATESMAN_INDEX)
    statesman = STATESMAN_INDEX[f"{family_of(family)}A"]
    state.life_suffete, state.life_turn = family, state.turn
    state.prior[family] = state.turn
    state.card_loc[statesman] = HAND + 0
    revolution(state, hand_of=0)
    state.apply_action(K.play_card(statesman))
    return family, statesman


def test_s7_a_statesman_over_the_suffete_for_life_holds_the_title_and_wins() -> None:
    state = quiet_state()
    family, statesman = _statesman_over_suffete_for_life(state)
    assert state.life_suffete == statesman and state.prior[statesman] == state.turn
    assert state.prior[family] == 0
    jump(state, "turn_rest")
    assert state.ended == "Suffete for Life" and state.winners == [0]


def test_s7_a_statesman_suffete_for_life_who_dies_does_not_win() -> None:
    state = quiet_state()
    family, statesman = _statesman_over_suffete_for_life(state)
    kill(state, statesman)
    assert state.life_suffete == -1 and state.prior[statesman] == 0
    assert state.ploc[family] != COVERED  # the Family card is back, a new man
    jump(state, "turn_rest")
    assert state.ended != "Suffete for Life" and not state.winners


def test_s6_7_2_a_trade_concession_is_played_on_a_senator() -> None:
    state = quiet_state()
    card = next(i for i, c in enumerate(CARDS) if c.kind == "concession")
    state.card_loc[card] = HAND + 0
    revolution(state, hand_of=0)
    [person] = commanders(state)
    state.apply_action(K.play_card(card))
    state.apply_action(10 + person)  # actions.PERSON + person
    assert state.card_holder[card] == person and state.card_loc[card] == IN_PLAY


def test_s6_7_2_a_faction_without_senators_keeps_its_concession_in_hand() -> None:
    # A computer game reached this: the faction's last Senator died in battle, and a
    # concession it was offered had no one to go to (no legal action was left).
    state = quiet_state()
    card = next(i for i, c in enumerate(CARDS) if c.kind == "concession")
    state.card_loc[card] = HAND + 0
    state.faction_leader[0] = -1  # a Faction Leader's heir would stay in the faction
    for person in state.faction_persons(0):
        kill(state, person)
    assert not state.faction_persons(0)
    revolution(state, hand_of=0)
    assert state.current_player() == 0
    assert K.play_card(card) not in state.legal_actions()
    state.apply_action(K.DONE)
    assert state.card_loc[card] == HAND + 0


# -- §6.7.3 Return or revolt -----------------------------------------------------------------


def test_s6_7_3_loyal_commanders_return_the_armies() -> None:
    state = quiet_state()
    [person] = commanders(state)
    victorious(state, [person])
    revolution(state)
    assert state.stage == "revolution_revolt" and state.current_player() == 0
    state.apply_action(K.LOYAL)
    assert state.forces == () and state.ploc[person] == CARTHAGE
    assert state.unit_active[LEGION] == 2


def test_s6_7_3_allegiance_rolls_by_era_and_talents() -> None:
    state = quiet_state()
    [person] = commanders(state)
    state.talents[person] = 3
    victorious(state, [person], legions=3)
    revolution(state)
    state.apply_action(K.REVOLT)
    state.apply_action(K.ROLL)
    chance(state, 5)  # Early Republic: 5-6 rebel
    state.apply_action(K.ROLL)
    chance(state, 4)  # 1-4 loyal
    state.apply_action(K.ADD_TALENT)
    state.apply_action(K.ROLL)
    chance(state, 4)  # 4 + 1T = 5: rebel
    assert state.talents[person] == 2
    while state.stage == "revolution_accomplice":
        state.apply_action(K.LOYAL)
    assert state.rebels == [0, person] and state.ploc[person] == REBEL
    assert state.rebel_units[LEGION] == 2 and state.unit_active[LEGION] == 1
    assert state.forces == ()


def test_s6_7_3_late_republic_armies_rebel_on_four() -> None:
    state = quiet_state()
    state.era = 2
    [person] = commanders(state)
    victorious(state, [person], legions=1)
    revolution(state)
    state.apply_action(K.REVOLT)
    state.apply_action(K.ROLL)
    chance(state, 4)
    assert state.rebel_units[LEGION] == 1


def test_s6_7_3_veterans_follow_their_commander_without_a_roll() -> None:
    state = quiet_state()
    [person] = commanders(state)
    victorious(state, [person], legions=1, vets=1)
    state.veteran_of = [LEGION, person]
    revolution(state)
    state.apply_action(K.REVOLT)
    assert state.stage in ("revolution_accomplice", "turn_start", "mortality_draw")
    assert state.rebel_veterans[LEGION] == 1 and state.veteran_of == []


def test_s6_7_3_veterans_of_other_commanders_join_at_their_owners_discretion() -> None:
    state = quiet_state()
    [person] = commanders(state)
    [first] = commanders(state, 1, faction=1)
    [second] = commanders(state, 1, faction=2)
    victorious(state, [person], legions=2, vets=2)
    state.veteran_of = [LEGION, first, LEGION, second]
    revolution(state)
    state.apply_action(K.REVOLT)
    # Whose Veteran is decided on first is drawn among the Veterans of the type.
    assert state.stage == "revolution_veteran_draw"
    assert dict(state.chance_outcomes()) == {first + 1: 0.5, second + 1: 0.5}
    chance(state, first + 1)
    assert state.stage == "revolution_veteran_owner" and state.current_player() == 1
    assert state.legal_actions() == [K.LOYAL, K.JOIN]
    state.apply_action(K.JOIN)
    assert state.rebel_veterans[LEGION] == 1 and state.veteran_of == [LEGION, second]
    # The last one can only follow the second commander: no draw, his owner decides.
    assert state.stage == "revolution_veteran_owner" and state.current_player() == 2
    state.apply_action(K.LOYAL)
    while state.stage == "revolution_accomplice":
        state.apply_action(K.LOYAL)
    assert state.rebel_units[LEGION] == 1 and state.unit_active[LEGION] == 1
    assert state.unit_veteran[LEGION] == 1 and state.veteran_of == [LEGION, second]


def test_s6_7_3_an_unassigned_veteran_rolls_like_a_recruit() -> None:
    state = quiet_state()
    [person] = commanders(state)
    victorious(state, [person], legions=1, vets=1)
    revolution(state)
    state.apply_action(K.REVOLT)
    assert state.stage == "revolution_allegiance"
    state.apply_action(K.ROLL)
    chance(state, 6)
    assert state.rebel_veterans[LEGION] == 1 and state.unit_veteran[LEGION] == 0


def test_s6_7_3_accomplices_join_the_rebel() -> None:
    state = quiet_state()
    rebel, friend = commanders(state, 2)
    victorious(state, [rebel], legions=1)
    revolution(state)
    state.apply_action(K.REVOLT)
    state.apply_action(K.ROLL)
    chance(state, 6)
    assert state.stage == "revolution_accomplice"
    while state.stage == "revolution_accomplice":
        state.apply_action(K.JOIN)
    assert friend in state.rebels and state.ploc[friend] == REBEL


def test_s6_7_3_no_revolt_while_an_earlier_rebel_stands() -> None:
    state = quiet_state()
    [person] = commanders(state)
    [other] = commanders(state, 1, faction=1)
    state.rebels = [1, other]
    state.ploc[other] = REBEL
    state.rebel_turn = state.turn - 1
    victorious(state, [person])
    revolution(state)
    assert state.legal_actions() == [K.LOYAL]


def test_s6_7_3_joint_command_suffete_decides_and_general_may_join() -> None:
    state = quiet_state()
    suffete, general = commanders(state, 2)
    state.office_holder[0] = suffete
    state.generals = [general]
    victorious(state, [general, suffete], legions=1)
    revolution(state)
    assert state.current_player() == 0 and state.stage == "revolution_revolt"
    state.apply_action(K.REVOLT)
    assert state.stage == "revolution_co_commander"
    state.apply_action(K.JOIN)
    assert state.rebels[:3] == [0, suffete, general]


def _bribery() -> tuple[S, int, int]:
    state = quiet_state()
    [first] = commanders(state)
    [second] = commanders(state, 1, faction=1)
    state.talents[first] = 5
    state.talents[second] = 5
    state.office_holder = [-1 if h in (first, second) else h for h in state.office_holder]
    victorious(state, [first, second], legions=1)
    revolution(state)
    chance(state, 2 * LEGION)  # the army drawn for bribery
    assert state.stage == "revolution_bribe" and state.current_player() == 0
    return state, first, second


def test_s6_7_3_equal_offices_bid_secretly_and_the_higher_bribe_claims_the_army() -> None:
    state, first, second = _bribery()
    state.apply_action(K.bribe(3))
    assert state.current_player() == 1
    state.apply_action(K.bribe(2))
    assert state.talents[first] == 2 and state.talents[second] == 5
    mine = next(f for f in state.forces if f.commanders == (first,))
    assert mine.units[LEGION] == 1


def test_s6_7_3_the_first_bribe_is_hidden_from_the_second_bidder() -> None:
    low, _, _ = _bribery()
    high, _, _ = _bribery()
    low.apply_action(K.bribe(0))
    high.apply_action(K.bribe(5))
    assert low.observation(1) == high.observation(1)
    assert "bribe 5" not in str(high.observation(1))
    assert "5T" not in str(high.observation(1)["log"][-3:])
    # hidden.resample ends with this redraw (the hand-built position has no history that
    # replays to it, so the redraw is called on its own here).
    seen = set()
    for seed in range(12):
        copy = resample_bribe(high.clone(), 1, random.Random(seed))
        assert copy.observation(1) == high.observation(1)
        assert copy.history()[-1] == K.bribe(copy.ctx[2])
        seen.add(copy.ctx[2])
    assert len(seen) > 1 and seen <= set(range(6))
    # The first bidder knows his own bid: nothing is redrawn for him.
    assert resample_bribe(high.clone(), 0, random.Random(0)).ctx[2] == 5


# -- the rebel war and §7 ---------------------------------------------------------------------


def _rebellion(state: S) -> int:
    [rebel] = commanders(state, 1, faction=1)
    state.rebels = [1, rebel]
    state.ploc[rebel] = REBEL
    state.rebel_units[LEGION] = 1
    state.rebel_turn = state.turn - 1
    return rebel


def test_s6_7_3_a_senate_victory_crushes_the_revolt() -> None:
    state = quiet_state()
    rebel = _rebellion(state)
    [general] = commanders(state)
    state.unit_active[LEGION] = 6
    forces.send(state, Force(W.REBEL_WAR, -1, (general,), units(legion=6), (0,) * len(UNITS), 1))
    start_combat(state)
    chance(state, 18)
    while state.stage in ("war_loss", "war_rebel_loss", "war_chit"):
        chance(state, CHIT_NONE if state.stage == "war_chit" else 2 * LEGION)
    assert state.rebels == [] and state.ploc[rebel] != REBEL
    assert not state.is_terminal()


def test_s6_7_3_rebel_losses_are_drawn_at_random_like_the_senates() -> None:
    state = quiet_state()
    _rebellion(state)
    celt = UNIT_INDEX["celtiberian"]
    state.rebel_units[LEGION], state.rebel_veterans[LEGION], state.rebel_units[celt] = 3, 1, 1
    [general] = commanders(state)
    state.unit_active[LEGION] = 6
    forces.send(state, Force(W.REBEL_WAR, -1, (general,), units(legion=6), (0,) * len(UNITS), 1))
    start_combat(state)
    # A total of 10 is a Stalemate losing 3 counters on each side.
    chance(state, 10 - stat(general, "mil") - 6 + W.rebel_strength(state))
    while state.stage == "war_loss":
        chance(state, 2 * LEGION)
    assert state.stage == "war_rebel_loss"
    assert dict(state.chance_outcomes()) == pytest.approx(
        {2 * LEGION: 0.5, 2 * LEGION + 1: 0.25, 2 * celt: 0.25}
    )
    pool = state.unit_pool[LEGION], state.unit_pool[celt]
    chance(state, 2 * celt, 2 * LEGION + 1, 2 * LEGION)
    assert state.rebel_units[celt] == 0 and state.rebel_units[LEGION] == 1
    assert state.rebel_veterans[LEGION] == 0
    assert (state.unit_pool[LEGION], state.unit_pool[celt]) == (pool[0] + 2, pool[1] + 1)
    assert state.stage == "war_chit"


def test_s6_7_3_a_senate_defeat_makes_the_rebel_win_at_the_end_of_the_turn() -> None:
    state = quiet_state()
    _rebellion(state)
    state.rebel_units[LEGION] = 10
    [general] = commanders(state)
    forces.send(state, Force(W.REBEL_WAR, -1, (general,), units(legion=1), (0,) * len(UNITS), 1))
    start_combat(state)
    chance(state, 3)
    while state.stage == "war_loss":
        chance(state, 2 * LEGION)
    assert state.revolt_won == 1
    while not state.is_terminal() and state.stage != "mortality_draw":
        state.apply_action(state.legal_actions()[0])
    assert state.ended == "a successful revolt" and state.winners == [1]


def test_s6_7_3_on_a_senate_defeat_the_rebels_lose_nothing() -> None:
    """A Defeat that costs the Senate only part of its force (total 4: 4 counters of 6) still
    leaves every rebel army standing: on a Defeat the rebel forces suffer no losses."""
    state = quiet_state()
    _rebellion(state)
    state.rebel_units[LEGION] = 10
    [general] = commanders(state)
    state.unit_active[LEGION] = 6
    forces.send(state, Force(W.REBEL_WAR, -1, (general,), units(legion=6), (0,) * len(UNITS), 1))
    start_combat(state)
    chance(state, 4 - stat(general, "mil") - 6 + W.rebel_strength(state))
    assert any("Defeat: 4 counter(s) lost" in e for e in state.log(None))
    while state.stage == "war_loss":
        chance(state, 2 * LEGION)
    assert state.stage != "war_rebel_loss"
    assert state.rebel_units[LEGION] == 10
    assert state.revolt_won == 1


def test_s6_7_3_an_unfought_rebellion_wins() -> None:
    state = quiet_state()
    _rebellion(state)
    start_combat(state)
    assert state.revolt_won == 1
    while not state.is_terminal() and state.stage != "mortality_draw":
        state.apply_action(state.legal_actions()[0])
    assert state.winners == [1]


def test_s7_suffete_for_life_wins_if_he_survives_the_turn() -> None:
    state = quiet_state()
    [person] = commanders(state, 1, faction=2)
    state.life_suffete = person
    state.life_turn = state.turn
    jump(state, "turn_rest")
    assert state.ended == "Suffete for Life" and state.winners == [2]


def test_s7_the_heir_of_a_dead_suffete_for_life_does_not_win() -> None:
    state = quiet_state()
    leader = state.faction_leader[2]
    assert CARDS[leader].kind == "senator"
    state.life_suffete = leader
    state.life_turn = state.turn
    kill(state, leader)
    assert state.faction_leader[2] == leader and state.ploc[leader] == CARTHAGE
    jump(state, "turn_rest")
    assert state.ended != "Suffete for Life" and not state.winners


def test_s7_the_early_deck_gives_way_to_the_late_deck_then_influence_decides() -> None:
    state = quiet_state()
    for card, loc in enumerate(state.card_loc):
        if loc == DECK:
            state.card_loc[card] = 9 - 2  # DISCARD
    late = sum(1 for loc in state.card_loc if loc == LATE_DECK)
    jump(state, "turn_rest")
    assert state.era == 2 and sum(1 for loc in state.card_loc if loc == DECK) == late
    for card, loc in enumerate(state.card_loc):
        if loc == DECK:
            state.card_loc[card] = 7
    jump(state, "turn_rest")
    assert state.ended == "the deck is exhausted" and state.winners


def test_s6_7_3_rebels_are_a_war_for_the_four_war_limit() -> None:
    state = quiet_state()
    _rebellion(state)
    for name in ("SICILIAN-1", "PYRRHIC", "LIBYAN"):
        state.war_status[W.WARS.index(next(w for w in W.WARS if w.id == name))] = 2
    [general] = commanders(state)
    forces.send(state, Force(W.REBEL_WAR, -1, (general,), units(legion=1), (0,) * len(UNITS), 1))
    start_combat(state)
    chance(state, 12)
    fighting = ("war_loss", "war_rebel_loss", "war_chit", "war_veteran")
    while not state.is_terminal() and state.stage in fighting:
        chance(state, state.chance_outcomes()[0][0])
    assert state.ended == "four active wars"


# -- §9 Neutral factions ----------------------------------------------------------------------


def _neutral_victor(role: str, legions: int) -> tuple[S, int]:
    from carthago.games.republic_of_carthage.state import NEUTRAL_ROLES

    state = quiet_state(players=1)
    faction = state.neutral_role.index(NEUTRAL_ROLES.index(role))
    [person] = commanders(state, 1, faction=faction)
    state.office_holder = [-1 if h == person else h for h in state.office_holder]
    victorious(state, [person], legions=legions)
    return state, person


def test_s9_imperials_revolt_with_a_strong_force() -> None:
    state, person = _neutral_victor("Imperials", legions=14)
    revolution(state)
    assert state.rebels[:2] == [state.owner[person], person]


def test_s9_imperials_send_their_veterans_to_their_own_revolt_only() -> None:
    state, person = _neutral_victor("Imperials", legions=14)
    faction = state.owner[person]
    friend = next(
        p for p in state.faction_persons(faction) if p != person and state.ploc[p] == CARTHAGE
    )
    [stranger] = commanders(state, 1, faction=0)
    state.unit_veteran[LEGION] += 2  # two of the force's legions are Veterans
    index = len(state.forces) - 1
    force = state.forces[index]
    vets = list(force.veterans)
    vets[LEGION] = 2
    forces.replace(state, index, Force(**{**_fields(force), "veterans": tuple(vets)}))
    state.veteran_of = [LEGION, friend, LEGION, stranger]
    revolution(state)
    while state.stage == "revolution_allegiance_roll":
        chance(state, 1)  # every recruit stays loyal
    chance(state, friend + 1)
    assert state.rebel_veterans[LEGION] == 1  # the Imperial Veteran joined at once
    assert state.stage == "revolution_veteran_owner" and state.current_player() == 0
    state.apply_action(K.LOYAL)
    assert state.veteran_of == [LEGION, stranger]


def test_s9_conservatives_bring_the_armies_home() -> None:
    state, person = _neutral_victor("Conservatives", legions=14)
    revolution(state)
    assert state.rebels == [] and state.ploc[person] == CARTHAGE


def test_s6_7_3_rebel_veterans_need_no_maintenance() -> None:
    state = quiet_state()
    rebel = _rebellion(state)
    state.rebel_units[LEGION] = 3
    state.rebel_veterans[LEGION] = 1
    state.faction_treasury[1] = 2
    state.talents[rebel] = 0
    active = state.unit_active[LEGION]
    jump(state, "revenue_state")
    assert state.rebel_units[LEGION] == 2 and state.rebel_veterans[LEGION] == 1
    assert state.unit_active[LEGION] == active + 1
    assert state.faction_treasury[1] == 0
