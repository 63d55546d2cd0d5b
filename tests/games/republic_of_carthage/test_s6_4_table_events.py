"""Table Events (rules §6.4.2.1, data/table_events.toml): each card's effect as a rule."""

from __future__ import annotations

from collections import Counter

import pytest

from carthago.games.republic_of_carthage import table_events as T
from carthago.games.republic_of_carthage.forces import Force, send
from carthago.games.republic_of_carthage.offices import HOME_SUFFETE
from carthago.games.republic_of_carthage.persuasion import succeeds
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    FORUM,
    FORUM_DOWN,
    TABLE_EVENT_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INDEX,
    WARS,
    RepublicOfCarthageState,
)
from carthago.games.republic_of_carthage.trade import stack_size
from tests.games.republic_of_carthage.support import at_stage, jump, new, run_until

S = RepublicOfCarthageState
FLEET = UNIT_INDEX["fleet"]


def _forum(players: int = 3) -> S:
    return run_until(new(players), at_stage("forum_roll"), 0)


def _event(state: S, name: str) -> None:
    """Place Table Event ``name`` as if drawn now."""
    T.place(state, TABLE_EVENT_INDEX[name])
    state._legal = None


def test_plague_draws_three_chits_then_six() -> None:
    state = _forum()
    _event(state, "PLAGUE")
    assert state.stage == "mortality_draw" and state.mortality_left == 3
    assert state.resume == "forum_persuade"
    state.stage = "forum_roll"
    _event(state, "PLAGUE")
    assert state.mortality_left == 6


def test_storm_sinks_fleets_at_war_first() -> None:
    state = _forum()
    state.unit_pool[FLEET] -= 5
    state.unit_active[FLEET] += 5
    units = [0] * len(UNITS)
    units[FLEET] = 3
    commander = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    war = WAR_INDEX["SICILIAN-1"]
    send(state, Force(war, -1, (commander,), tuple(units), (0,) * len(UNITS), 1))
    _event(state, "STORM")
    assert state.stage == "forum_storm"
    state.apply_action(2)
    assert state.forces[0].units[FLEET] == 1
    assert state.unit_active[FLEET] == 3 and state.unit_pool[FLEET] == 22


def test_pirates_take_a_card_from_stacks_five_to_nine_until_removed() -> None:
    state = _forum()
    before = list(state.stack)
    nonempty = sum(1 for n in range(5, 10) if stack_size(state, n) > 0)
    _event(state, "PIRATES")
    taken = 0
    while state.stage == "forum_pirates":
        state.apply_action(state.chance_outcomes()[0][0])
        taken += 1
    assert taken == nonempty
    assert sum(state.pirated) == taken and sum(state.stack) == sum(before) - taken
    assert all(state.pirated[c] == 0 for c in range(8))  # stacks 1-4 are spared
    T.remove_all(state)
    assert state.stack == before


def test_mob_violence_draws_by_the_tax_rate_against_carthage_only() -> None:
    state = _forum()
    state.tax = 30
    _event(state, "MOB-VIOLENCE")
    assert state.stage == "forum_mob" and state.mortality_left == 3
    governor = next(g for g in state.prov_gov if g >= 0)
    chit = int(CARDS[governor].id) - 1
    state.apply_action(chit)
    assert state.owner[governor] >= 0  # a Governor is not in Carthage: the mob misses him
    state.stage = "forum_roll"
    state.tax = 0
    _event(state, "MOB-VIOLENCE")
    assert state.stage == "forum_persuade"


def test_allied_enthusiasm_and_temple_fire_move_the_treasury() -> None:
    state = _forum()
    treasury = state.treasury
    _event(state, "TEMPLE-FIRE")
    assert state.treasury == treasury - 20
    _event(state, "TEMPLE-FIRE")
    assert state.treasury == treasury - 60
    state.treasury = 10
    _event(state, "TEMPLE-FIRE")
    assert state.treasury == 0


def test_mercenary_mutiny_sends_a_recruited_mercenary_back_to_the_pool() -> None:
    state = _forum()
    camp = UNIT_INDEX["campanian"]
    state.unit_pool[camp], state.unit_active[camp] = 1, 2
    _event(state, "MERCENARY-MUTINY")
    assert state.stage == "forum_mutiny"
    assert dict(state.chance_outcomes()) == {camp * 2: 1.0}
    state.apply_action(camp * 2)
    assert state.unit_active[camp] == 1 and state.unit_pool[camp] == 2
    assert state.stage == "forum_persuade"


def test_s6_5_7_a_mutinous_veteran_loses_a_loyalty_drawn_at_random() -> None:
    state = _forum()
    camp = UNIT_INDEX["campanian"]
    first, second = [p for p in range(len(state.owner)) if state.owner[p] >= 0][:2]
    state.unit_pool[camp], state.unit_active[camp], state.unit_veteran[camp] = 0, 3, 3
    state.veteran_of = [camp, first, camp, first, camp, second]
    _event(state, "MERCENARY-MUTINY")
    assert dict(state.chance_outcomes()) == {camp * 2 + 1: 1.0}
    state.apply_action(camp * 2 + 1)
    assert state.stage == "forum_mutiny_allegiance"
    assert dict(state.chance_outcomes()) == pytest.approx({first + 1: 2 / 3, second + 1: 1 / 3})
    state.apply_action(second + 1)
    assert state.veteran_of == [camp, first, camp, first]
    assert state.unit_veteran[camp] == 2 and state.unit_pool[camp] == 1


def test_s6_5_7_a_mutinous_veteran_of_a_single_loyalty_loses_it_without_a_draw() -> None:
    state = _forum()
    camp = UNIT_INDEX["campanian"]
    first = next(p for p in range(len(state.owner)) if state.owner[p] >= 0)
    state.unit_pool[camp], state.unit_active[camp], state.unit_veteran[camp] = 0, 1, 1
    state.veteran_of = [camp, first]
    _event(state, "MERCENARY-MUTINY")
    state.apply_action(camp * 2 + 1)
    assert state.veteran_of == [] and state.unit_veteran[camp] == 0
    assert state.stage == "forum_persuade"


def test_refugees_turn_the_lowest_dead_family_card_face_up() -> None:
    state = _forum()
    dead = [p for p, c in enumerate(CARDS) if c.kind == "senator" and state.owner[p] < 0][:2]
    for person in dead:
        state.card_loc[person] = FORUM_DOWN
    _event(state, "REFUGEES")
    lowest = min(dead, key=lambda p: int(CARDS[p].id))
    assert state.card_loc[lowest] == FORUM
    assert sum(state.card_loc[p] == FORUM_DOWN for p in dead) == 1


def test_festival_gives_popularity_to_the_suffetes() -> None:
    state = _forum()
    suffete = state.office_holder[HOME_SUFFETE]
    pop = state.pop[suffete]
    _event(state, "POPULAR-FESTIVAL")
    _event(state, "POPULAR-FESTIVAL")
    assert state.pop[suffete] == pop + 1 + 2


def test_lasting_effects_for_later_phases() -> None:
    state = _forum()
    legion, caravan = UNIT_INDEX["legion"], UNIT_INDEX["caravan"]
    assert T.recruit_cost(state, legion) == UNITS[legion].cost
    _event(state, "MANPOWER-SHORTAGE")
    assert T.recruit_cost(state, legion) == UNITS[legion].cost + 5
    assert T.recruit_cost(state, caravan) == UNITS[caravan].cost + 1
    _event(state, "NO-RECRUITMENT")
    assert T.recruit_cost(state, legion) == -1
    assert T.recruit_cost(state, caravan) == (UNITS[caravan].cost + 1) * 2
    _event(state, "DROUGHT")
    assert T.war_upkeep_extra(state) == 5
    _event(state, "NUMIDIAN-RAIDS")
    assert T.province_income_modifier(state) == -2
    _event(state, "TRADE-BOOM")
    assert T.extra_trade_draws(state) == (1,)
    _event(state, "TRADE-BOOM")
    assert T.extra_trade_draws(state) == (1, 2)
    _event(state, "TRADE-SLUMP")
    assert T.sale_value(state, 32) == 24
    _event(state, "BAAL-HAMMON")
    assert T.war_roll_bonus(state) == 2
    weak, strong = WAR_INDEX["TUNISIA"], WAR_INDEX["SICILIAN-1"]
    state.war_status[weak] = state.war_status[strong] = WAR_ACTIVE
    _event(state, "ENEMY-ALLY")
    assert WARS[weak].land < WARS[strong].land
    assert T.war_strength_modifier(state, weak) == -3
    assert T.war_strength_modifier(state, strong) == 0


def test_evil_omens_worsen_the_persuasion_roll() -> None:
    state = _forum()
    _event(state, "EVIL-OMENS")
    assert T.persuasion_penalty(state) == 1 and T.roll_penalty(state) == 1
    assert succeeds(6, 6) and not succeeds(6, 6, T.persuasion_penalty(state))


def test_drought_raises_war_upkeep_in_the_revenue_phase() -> None:
    state = _forum()
    state.war_status[WAR_INDEX["SICILIAN-1"]] = WAR_ACTIVE
    state.table_event[TABLE_EVENT_INDEX["DROUGHT"]] = 1
    jump(state, "revenue_state")
    log = state.observation(0)["log"]
    assert any(line.startswith("The State Treasury pays 25T (1 active, 0 lost") for line in log)


def _trade_draws(state: S) -> Counter[tuple[int, int]]:
    from carthago.games.republic_of_carthage.phases import advance

    copy = state._clone_to_change()
    copy.stage = "trade_start"
    advance(copy)
    return Counter(zip(copy.ctx[::2], copy.ctx[1::2], strict=True))


def test_trade_boom_adds_a_draw_from_stack_one_then_two() -> None:
    state = _forum()
    plain = _trade_draws(state)
    state.table_event[TABLE_EVENT_INDEX["TRADE-BOOM"]] = 1
    assert _trade_draws(state) - plain == Counter({(f, 1): 1 for f in range(3)})
    state.table_event[TABLE_EVENT_INDEX["TRADE-BOOM"]] = 2
    extra = Counter({(f, n): 1 for f in range(3) for n in (1, 2)})
    assert _trade_draws(state) - plain == extra


def test_the_event_on_the_roll_is_the_one_the_table_names() -> None:
    state = _forum()
    state.apply_action(7)
    state.apply_action(16)
    assert state.table_event[TABLE_EVENT_INDEX["NO-RECRUITMENT"]] == 1
