"""The Forum Phase (rules §6.4): initiatives, draws, persuasion, Traders, leaders, auctions."""

from __future__ import annotations

import json

import pytest

from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forum import bid_value, forum_bound
from carthago.games.republic_of_carthage.forum_cards import desert
from carthago.games.republic_of_carthage.offices import clockwise, hrao_faction
from carthago.games.republic_of_carthage.persuasion import persuasion_number, succeeds
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    COVERED,
    DECK,
    FORUM,
    FORUM_DOWN,
    HAND,
    IN_PLAY,
    LEADER_ACTIVE,
    LEADER_INACTIVE,
    LEADER_INDEX,
    LEADER_REMOVED,
    OUT,
    STATESMAN_INDEX,
    TABLE_EVENT_INDEX,
    UNIT_INDEX,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    RepublicOfCarthageState,
    stat,
)
from tests.games.republic_of_carthage.support import at_stage, jump, new, run_until

S = RepublicOfCarthageState


def _forum(players: int = 3, seed: int = 0) -> S:
    """A game at the first initiative roll of its first Forum Phase."""
    return run_until(new(players), at_stage("forum_roll"), seed)


def _card(kind: str, ident: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.kind == kind and c.id == ident)


def _draw(state: S, card: int) -> None:
    """Make ``card`` the next card of the deck and draw it at the current initiative."""
    state.card_loc[card] = DECK
    jump(state, "forum_draw")
    state.apply_action(card)


def _free_senator(state: S) -> int:
    """A Family card not in play (in the deck or the Senator pile) with no Statesman in play."""
    for person, card in enumerate(CARDS):
        if card.kind == "senator" and state.owner[person] < 0 and state.card_loc[person] == DECK:
            return person
    raise AssertionError("no Senator left in the deck")


def test_s6_4_1_table_events_of_last_turn_are_removed() -> None:
    state = _forum()
    state.table_event[TABLE_EVENT_INDEX["DROUGHT"]] = 2
    state.pirated[0] = 1
    state.stack[0] -= 1
    before = state.stack[0]
    jump(state, "forum_start")
    assert not any(state.table_event)
    assert state.stack[0] == before + 1 and not any(state.pirated)


def test_s6_4_2_initiatives_begin_with_the_hrao_and_go_round() -> None:
    state = _forum()
    first = hrao_faction(state)
    assert state.initiative == first
    assert state.order == clockwise(state, first)
    seen = [state.initiative]
    while state.stage.startswith("forum") and state.initiatives < 3:
        if state.current_player() >= 0:
            legal = state.legal_actions()
            state.apply_action(F.PASS if F.PASS in legal else legal[0])
        elif state.stage == "forum_roll":
            state.apply_action(2)  # a 2: draw a card (never a Random Event)
        else:
            state.apply_action(state.chance_outcomes()[0][0])
        if state.initiative >= 0 and state.initiative != seen[-1]:
            seen.append(state.initiative)
    assert len(seen) == 3
    assert seen == clockwise(state, first)[: len(seen)]


def test_s6_4_2_1_a_seven_is_a_random_event_and_a_repeat_turns_it_upside_down() -> None:
    state = _forum()
    treasury = state.treasury
    state.apply_action(7)
    assert state.stage == "forum_event"
    state.apply_action(3)  # Allied Enthusiasm
    assert state.treasury == treasury + 50
    assert state.table_event[TABLE_EVENT_INDEX["ALLIED-ENTHUSIASM"]] == 1
    jump(state, "forum_event")
    state.apply_action(3)
    assert state.treasury == treasury + 50 + 75
    assert state.table_event[TABLE_EVENT_INDEX["ALLIED-ENTHUSIASM"]] == 2


def test_s6_4_2_1_the_colored_die_picks_between_two_events() -> None:
    state = _forum()
    state.apply_action(7)
    state.apply_action(10)
    assert state.stage == "forum_event_die"
    outcomes = dict(state.chance_outcomes())
    assert outcomes[3] == pytest.approx(6 / 27) and sum(outcomes.values()) == pytest.approx(1)
    state.apply_action(3)
    assert state.table_event[TABLE_EVENT_INDEX["EVIL-OMENS"]] == 1
    jump(state, "forum_event")
    state.apply_action(10)
    state.apply_action(2)
    assert state.table_event[TABLE_EVENT_INDEX["TRADE-BOOM"]] == 1


def test_s6_4_2_1_hand_cards_are_secret_from_the_others() -> None:
    state = _forum()
    state.initiative = 0
    law = next(i for i, c in enumerate(CARDS) if c.kind == "law" and state.card_loc[i] == DECK)
    sizes = [len([c for c, loc in enumerate(state.card_loc) if loc == HAND + f]) for f in (0, 1)]
    _draw(state, law)
    assert state.card_loc[law] == HAND + 0 and state.card_forum[law] == 1
    name = C.hand_cards[CARDS[law].id].name
    other = state.observation(1)
    assert other["factions"][0]["hand_size"] == sizes[0] + 1
    assert other["factions"][0]["hand"] is None
    assert name not in json.dumps(other)
    assert name in json.dumps(state.observation(0))


def test_s6_4_2_1_leader_activates_his_matching_war_or_waits() -> None:
    state = _forum()
    sicilian = WAR_INDEX["SICILIAN-2"]
    state.war_status[sicilian] = WAR_INACTIVE
    _draw(state, _card("leader", "DIONYSIUS"))
    assert state.war_status[sicilian] == WAR_ACTIVE
    assert state.leader_status[LEADER_INDEX["DIONYSIUS"]] == LEADER_ACTIVE
    state = _forum()
    _draw(state, _card("leader", "PYRRHUS"))
    assert state.leader_status[LEADER_INDEX["PYRRHUS"]] == LEADER_INACTIVE


def test_s6_4_2_1_matching_wars_both_become_active_and_armies_desert() -> None:
    state = _forum()
    sicilian_2 = WAR_INDEX["SICILIAN-2"]
    state.war_status[sicilian_2] = WAR_INACTIVE
    campanian = UNIT_INDEX["campanian"]
    sikel = UNIT_INDEX["sikel"]
    state.unit_pool[campanian] -= 1
    state.unit_active[campanian] += 1
    _draw(state, _card("war", "SICILIAN-4"))
    sicilian_4 = WAR_INDEX["SICILIAN-4"]
    assert state.war_status[sicilian_2] == WAR_ACTIVE and state.war_status[sicilian_4] == WAR_ACTIVE
    assert state.unit_active[campanian] == 0 and state.unit_pool[campanian] == 0
    assert state.war_deserters[sicilian_4 * len(state.unit_pool) + campanian] == 3
    assert state.unit_pool[sikel] == 0  # SICILIAN-4 adds no Sikels
    state = _forum()
    _draw(state, _card("war", "SICILIAN-1"))
    assert state.unit_pool[sikel] == 2
    assert state.stage == "forum_war_trade"  # a card of stack 5 is removed unseen
    reserve = sum(state.reserve)
    state.apply_action(state.chance_outcomes()[0][0])
    assert sum(state.reserve) == reserve + 1


def test_s6_4_2_1_mercenary_pay_act_buys_deserters_back_to_the_force_pool() -> None:
    state = _forum()
    campanian = UNIT_INDEX["campanian"]
    sicilian_4 = WAR_INDEX["SICILIAN-4"]
    state.card_loc[_card("law", "MERCENARY-PAY")] = IN_PLAY
    state.treasury = 25
    _draw(state, _card("war", "SICILIAN-4"))
    assert state.treasury == 5  # 10T for each of the two the Treasury can afford
    assert state.unit_pool[campanian] == 2 and state.unit_unavailable[campanian] == 1
    assert state.war_deserters[sicilian_4 * len(state.unit_pool) + campanian] == 1


def test_s6_4_2_1_without_the_mercenary_pay_act_deserters_cost_nothing() -> None:
    state = _forum()
    campanian = UNIT_INDEX["campanian"]
    state.treasury = 25
    _draw(state, _card("war", "SICILIAN-4"))
    assert state.treasury == 25 and state.unit_pool[campanian] == 0


def test_s6_4_2_1_a_deserting_type_leaves_whole_and_loses_veterans_and_loyalty() -> None:
    state = _forum()
    celt = UNIT_INDEX["celtiberian"]
    legion = UNIT_INDEX["legion"]
    state.unit_pool[celt], state.unit_active[celt], state.unit_veteran[celt] = 2, 2, 2
    person = next(p for p in range(len(state.owner)) if state.owner[p] == 0)
    state.veteran_of = [celt, person, legion, person, celt, person]
    assert desert(state, celt, 0) == 4
    assert state.unit_active[celt] == 0 and state.unit_veteran[celt] == 0
    assert state.unit_pool[celt] == 0 and state.war_deserters[celt] == 4
    assert state.veteran_of == [legion, person]  # §6.5.7: commander loyalty is lost


def test_s6_4_2_1_family_card_goes_under_its_statesman_or_to_the_forum() -> None:
    state = _forum()
    family = _free_senator(state)
    _draw(state, family)
    assert state.card_loc[family] == FORUM and state.ploc[family] == OUT
    state = _forum()
    hanno = STATESMAN_INDEX["1A"]
    family_1 = next(i for i, c in enumerate(CARDS) if c.kind == "senator" and c.id == "1")
    if state.owner[family_1] >= 0:
        pytest.skip("Hanno's family is in a faction in this game")
    holder = state.faction_persons(1)[0]
    state.card_loc[hanno], state.owner[hanno], state.ploc[hanno] = IN_PLAY, 1, CARTHAGE
    assert holder != hanno
    _draw(state, family_1)
    assert state.under[hanno] == family_1 and state.ploc[family_1] == COVERED
    assert state.owner[family_1] == 1


def test_s6_4_2_1_exploration_joins_the_inactive_wars() -> None:
    state = _forum()
    card = _card("exploration", "TRANS-SAHARA")
    _draw(state, card)
    assert state.card_loc[card] == IN_PLAY
    assert "Trans-Sahara" in " ".join(state.observation(0)["explorations"])


# -- §6.4.2.2 Persuasion ----------------------------------------------------------------------


def _persuasion_ready(seed: int = 0) -> tuple[S, int, int]:
    """Faction 0 at its persuasion step, with a Senator of faction 1 (not its leader) to target."""
    state = _forum(seed=seed)
    state.initiative = 0
    target = next(
        p
        for p in state.faction_persons(1)
        if state.ploc[p] == CARTHAGE and p != state.faction_leader[1]
    )
    persuader = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    jump(state, "forum_persuade")
    return state, target, persuader


def test_s6_4_2_2_persuasion_number_formula() -> None:
    state, target, persuader = _persuasion_ready()
    state.talents[target] = 2
    expected = stat(persuader, "ora") + state.inf[persuader] - stat(target, "loy") - 2 - 7
    assert persuasion_number(state, persuader, target) == expected
    state.owner[target], state.ploc[target], state.card_loc[target] = -1, OUT, FORUM
    assert persuasion_number(state, persuader, target) == expected + 7


def test_s6_4_2_2_statesman_zero_loyalty() -> None:
    state, target, _ = _persuasion_ready()
    hannibal = STATESMAN_INDEX["2A"]  # "Himilco Loyalty: 0"
    himilco = next(i for i, c in enumerate(CARDS) if c.kind == "senator" and c.id == "4")
    state.owner[hannibal], state.ploc[hannibal] = 0, CARTHAGE
    state.inf[hannibal] = 4
    state.owner[himilco], state.ploc[himilco] = 1, CARTHAGE
    number = persuasion_number(state, hannibal, himilco)
    assert number == stat(hannibal, "ora") + 4 - 0 - state.talents[himilco] - 7
    assert target >= 0


def test_s6_4_2_2_bids_interference_and_success() -> None:
    state, target, persuader = _persuasion_ready()
    assert F.TARGET + target in state.legal_actions()
    state.talents[persuader] = 10
    state.faction_treasury[1] = 5
    state.faction_treasury[2] = 5
    state.apply_action(F.TARGET + target)
    state.apply_action(F.PERSUADER + persuader)
    base = state.ctx[5]
    state.apply_action(F.BRIBE + 2)  # 5T from the persuader onto the target
    assert state.talents[persuader] == 5 and state.ctx[2] == 5
    talents = state.talents[target]
    assert state.current_player() == 1  # the persuader's left
    state.apply_action(F.interfere(False, 1))  # faction 1 lowers by 2
    assert state.current_player() == 2
    state.apply_action(F.interfere(True, 0))  # faction 2 raises by 1
    assert state.faction_treasury[1] == 3 and state.faction_treasury[2] == 4
    assert state.talents[target] == talents + 3
    assert state.stage == "forum_bribe" and F.RESOLVE in state.legal_actions()
    number = base + 5 - 2 + 1
    assert state.observation(2)["persuasion"]["number"] == number
    state.apply_action(F.RESOLVE)
    roll = 2
    state.apply_action(roll)
    joined = succeeds(roll, number)
    assert (state.owner[target] == 0) == joined


def test_s6_4_2_2_eleven_and_twelve_always_fail() -> None:
    assert not succeeds(11, 20) and not succeeds(12, 20) and succeeds(10, 10)
    state, target, persuader = _persuasion_ready()
    state.apply_action(F.TARGET + target)
    state.apply_action(F.PERSUADER + persuader)
    state.ctx[5] = 30  # a huge Persuasion Number
    state.apply_action(F.PASS)
    while state.stage == "forum_interfere":
        state.apply_action(F.PASS)
    state.apply_action(F.RESOLVE)
    state.apply_action(11)
    assert state.owner[target] == 1


def test_s6_4_2_2_faction_leaders_and_absent_senators_cannot_be_targets() -> None:
    state, _, _ = _persuasion_ready()
    legal = state.legal_actions()
    assert F.TARGET + state.faction_leader[1] not in legal
    assert all(F.TARGET + p not in legal for p in state.faction_persons(0))


def test_s6_4_2_2_the_target_joins_with_his_markers() -> None:
    state, target, persuader = _persuasion_ready()
    state.traders[target], state.pop[target] = 2, 3
    concession = next(
        i for i, c in enumerate(CARDS) if c.kind == "concession" and state.card_loc[i] == DECK
    )
    state.card_loc[concession], state.card_holder[concession] = IN_PLAY, target
    state.apply_action(F.TARGET + target)
    state.apply_action(F.PERSUADER + persuader)
    state.ctx[5] = 10
    state.apply_action(F.PASS)
    while state.stage == "forum_interfere":
        state.apply_action(F.PASS)
    state.apply_action(F.RESOLVE)
    state.apply_action(2)
    assert state.owner[target] == 0 and state.traders[target] == 2 and state.pop[target] == 3
    assert state.card_holder[concession] == target


# -- §6.4.2.3 Traders, §6.4.2.4 Faction Leader --------------------------------------------------


def _trader_ready() -> tuple[S, int]:
    state = _forum()
    state.initiative = 0
    jump(state, "forum_trader")
    person = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    return state, person


def test_s6_4_2_3_a_twelve_attracts_a_trader() -> None:
    state, person = _trader_ready()
    traders = state.traders[person]
    state.apply_action(F.TRADER + person)
    state.apply_action(12)
    assert state.traders[person] == traders + 1 and state.stage == "forum_leader"


def test_s6_4_2_3_spend_talents_to_reach_twelve() -> None:
    state, person = _trader_ready()
    state.talents[person] = 5
    traders = state.traders[person]
    state.apply_action(F.TRADER + person)
    state.apply_action(9)
    assert state.legal_actions() == [F.PASS, F.BUY_TRADER]
    state.apply_action(F.BUY_TRADER)
    assert state.talents[person] == 2 and state.traders[person] == traders + 1
    state, person = _trader_ready()
    state.talents[person] = 2
    state.apply_action(F.TRADER + person)
    state.apply_action(9)  # 3T needed, only 2T: no Trader, no choice
    assert state.stage == "forum_leader"


def test_s6_4_2_4_change_of_faction_leader() -> None:
    state = _forum()
    state.initiative = 0
    jump(state, "forum_leader")
    other = next(p for p in state.faction_persons(0) if p != state.faction_leader[0])
    state.apply_action(F.LEADER + other)
    assert state.faction_leader[0] == other


# -- §6.4.3 auctions, §6.4.4 aging, returns, tally ----------------------------------------------


def test_s6_4_3_extra_initiatives_are_auctioned_up_to_six() -> None:
    state = _forum()
    state.pos = len(state.order)
    state.initiatives = 3
    for person in range(len(state.owner)):
        if state.owner[person] >= 0:
            state.talents[person] = 30
    jump(state, "forum_next")
    assert state.stage == "forum_auction" and state.initiatives == 4
    first = hrao_faction(state)
    assert state.current_player() == first
    rich = next(p for p in state.faction_persons(first) if state.ploc[p] == CARTHAGE)
    state.apply_action(F.bid(rich, 0))
    assert state.ctx[0] == 0  # a bid of 0 is allowed
    second = state.current_player()
    bidder = next(p for p in state.faction_persons(second) if state.ploc[p] == CARTHAGE)
    assert F.bid(bidder, 0) in state.legal_actions()
    assert bid_value(state, F.bid(bidder, 2)) == 5
    state.apply_action(F.bid(bidder, 2))
    state.apply_action(F.PASS)
    assert state.stage == "forum_roll" and state.initiative == second
    assert state.talents[bidder] == 25


def test_s6_4_3_an_auction_without_bids_is_spent() -> None:
    state = _forum()
    state.pos = len(state.order)
    state.initiatives = 5
    jump(state, "forum_next")
    while state.stage == "forum_auction":
        state.apply_action(F.PASS)
    log = state.observation(0)["log"]
    assert "Nobody bids: the initiative is not taken" in log
    assert not any(line.startswith("Initiative 6:") for line in log)


def test_s6_4_4_aging_leaders_returning_senators_and_the_tally() -> None:
    state = _forum()
    pyrrhus = LEADER_INDEX["PYRRHUS"]
    state.leader_status[pyrrhus] = LEADER_INACTIVE
    dead = _free_senator(state)
    state.card_loc[dead] = FORUM_DOWN
    state.pos = len(state.order)
    state.initiatives = 6
    jump(state, "forum_next")
    assert state.stage == "forum_age_roll"
    state.apply_action(5)  # Pyrrhus is removed
    assert state.leader_status[pyrrhus] == LEADER_REMOVED
    while state.ctx and state.ctx[1] != dead:
        state.apply_action(1)
    state.apply_action(6)
    assert state.card_loc[dead] == FORUM
    while state.stage == "forum_age_roll":
        state.apply_action(1)
    for faction in range(3):
        expected = sum(
            stat(p, "ora") for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE
        )
        assert state.votes[faction] == expected


def test_forum_bound_grows_with_factions() -> None:
    assert forum_bound(6) > forum_bound(3) > 0
