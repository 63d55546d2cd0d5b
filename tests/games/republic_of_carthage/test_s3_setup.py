"""Prepare to Play (rules §3) and the Neutral set-up (rules §9.1)."""

from __future__ import annotations

import pytest

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.offices import HOME_SUFFETE
from carthago.games.republic_of_carthage.setup import neutral_leader
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DECK,
    GOVERNOR,
    HAND,
    LATE_DECK,
    NEUTRAL_ROLES,
    OFFICE_INDEX,
    OFFICES,
    PROVINCE_INDEX,
    UNIT_INDEX,
    WAR_INACTIVE,
    WAR_INDEX,
    family_of,
)
from tests.games.republic_of_carthage.support import first_turn


def _all_persons(state):  # type: ignore[no-untyped-def]
    return [p for f in range(state.rg.num_factions) for p in state.faction_persons(f)]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_s3_steps_for_three_players(seed: int) -> None:
    state = first_turn(3, seed)
    # Step 2: three Senators each; step 3: three cards each, minus concessions played.
    for faction in range(3):
        assert len(state.faction_persons(faction)) == 3
        in_hand = sum(1 for loc in state.card_loc if loc == HAND + faction)
        played = sum(
            1 for c, h in enumerate(state.card_holder) if h >= 0 and state.owner[h] == faction
        )
        assert in_hand + played == 3
        # Steps 5 and 6: one trader, one Faction Leader.
        assert sum(state.traders[p] for p in state.faction_persons(faction)) == 1
        assert state.faction_leader[faction] in state.faction_persons(faction)
    # Step 4: every other Early card is in the deck; the Late deck waits.
    assert sum(1 for loc in state.card_loc if loc == DECK) == 64 - 9 - 9 - 1
    assert sum(1 for loc in state.card_loc if loc == LATE_DECK) == 64
    # Step 7: lowest ID Home Suffete, next two govern Coastal Spain and Sardinia-Corsica.
    ranked = sorted(_all_persons(state), key=family_of)
    assert state.office_holder[HOME_SUFFETE] == ranked[0]
    assert state.prov_gov[PROVINCE_INDEX["COASTAL-SPAIN"]] == ranked[1]
    assert state.prov_gov[PROVINCE_INDEX["SARDINIA"]] == ranked[2]
    assert state.ploc[ranked[1]] == GOVERNOR and state.ploc[ranked[2]] == GOVERNOR
    for province in ("COASTAL-SPAIN", "SARDINIA"):
        assert 1 <= state.prov_term[PROVINCE_INDEX[province]] <= 3
        assert not state.prov_dev[PROVINCE_INDEX[province]]
    # Step 8: one membership per faction (if anyone is free), with the printed terms.
    held = [o for o in range(len(OFFICES)) if OFFICES[o].committee and state.office_holder[o] >= 0]
    assert len({state.owner[state.office_holder[o]] for o in held}) == len(held) <= 3
    for office in held:
        assert state.office_term[office] == OFFICES[office].start_term
    # Steps 9 to 13.
    assert state.war_status[WAR_INDEX["TUNISIA"]] == WAR_INACTIVE
    assert (state.treasury, state.tax) == (100, 10)
    assert state.unit_active[UNIT_INDEX["legion"]] == 2
    pool = {u: state.unit_pool[UNIT_INDEX[u]] for u in ("balearic", "celtiberian", "campanian")}
    assert pool == {"balearic": 2, "celtiberian": 4, "campanian": 3}
    assert state.unit_pool[UNIT_INDEX["fleet"]] == 25
    # Step 14: the removals, per stack; step 15: all 31 chits in the cup.
    removed = [0] * 9
    for commodity, count in enumerate(state.reserve):
        removed[commodity // 2] += count
    assert removed == [1, 1, 2, 4, 0, 3, 0, 2, 3]
    assert sum(state.cup) == 31


def test_s3_step8_six_players_skip_the_home_suffete_faction() -> None:
    for seed in range(3):
        state = first_turn(6, seed)
        suffete_faction = state.owner[state.office_holder[HOME_SUFFETE]]
        members = [state.office_holder[o] for o in range(len(OFFICES)) if OFFICES[o].committee]
        owners = [state.owner[m] for m in members if m >= 0]
        assert suffete_faction not in owners
        assert len(owners) == len(set(owners))
        assert sum(len(state.faction_persons(f)) for f in range(6)) == 18


def test_s3_step2_setup_decisions_are_the_players() -> None:
    from tests.games.republic_of_carthage.support import new, run_until

    state = run_until(new(3), lambda s: s.stage == "setup_trader")
    faction = state.current_player()
    legal = state.legal_actions()
    assert legal == sorted(A.PERSON + p for p in state.faction_persons(faction))
    state = run_until(state, lambda s: s.stage == "setup_terms")
    assert state.legal_actions() == [A.TERM + 1, A.TERM + 2, A.TERM + 3]
    state.apply_action(A.TERM + 1)
    assert state.prov_term[PROVINCE_INDEX["COASTAL-SPAIN"]] == 1


@pytest.mark.parametrize("players", [1, 2])
def test_s9_1_neutral_factions(players: int) -> None:
    for seed in range(3):
        state = first_turn(players, seed)
        assert state.rg.num_factions == 5
        roles = [NEUTRAL_ROLES[r] for r in state.neutral_role if r >= 0]
        expected = ["Imperials", "Plutocrats", "Conservatives"]
        if players == 1:
            expected.append("Populists")
        assert sorted(roles) == sorted(expected)
        sizes = {
            NEUTRAL_ROLES[state.neutral_role[f]]: len(state.faction_persons(f))
            for f in range(players, 5)
        }
        assert sizes["Conservatives"] == 5 and sizes["Imperials"] == 3
        if players == 1:
            assert sizes["Populists"] == 4
        plutocrats = state.neutral_role.index(NEUTRAL_ROLES.index("Plutocrats"))
        suffete = state.office_holder[HOME_SUFFETE]
        assert state.owner[suffete] == plutocrats
        # Every Neutral's trader sits on its Faction Leader, chosen by its aide card.
        for faction in range(players, 5):
            leader = state.faction_leader[faction]
            assert leader == neutral_leader(state, faction)
            assert state.traders[leader] == 1
        # Governors: the two lowest ids not in office.
        free = sorted((p for p in _all_persons(state) if p != suffete), key=family_of)
        assert state.prov_gov[PROVINCE_INDEX["COASTAL-SPAIN"]] == free[0]
        assert state.prov_gov[PROVINCE_INDEX["SARDINIA"]] == free[1]
        # Neutral hands are open and their concessions played.
        for faction in range(players, 5):
            assert not any(
                loc == HAND + faction and CARDS[c].kind == "concession"
                for c, loc in enumerate(state.card_loc)
            )
            observed = state.observation(0)["factions"][faction]
            assert observed["hand"] is not None


def test_s9_1_neutral_imperials_have_the_most_military() -> None:
    from carthago.games.republic_of_carthage.state import stat

    state = first_turn(2, 4)
    totals = {}
    for faction in range(2, 5):
        role = NEUTRAL_ROLES[state.neutral_role[faction]]
        if role == "Conservatives":
            continue  # their extra Senators came after the roles were dealt
        totals[role] = sum(stat(p, "mil") for p in state.faction_persons(faction))
    assert totals["Imperials"] >= totals["Plutocrats"]
    assert OFFICE_INDEX["HOME-SUFFETE"] == HOME_SUFFETE


def test_s3_step3_a_player_may_play_a_trade_concession() -> None:
    from tests.games.republic_of_carthage.support import new, run_until

    for seed in range(40):
        state = run_until(
            new(3),
            lambda s: s.stage in ("setup_concessions", "setup_trader"),
            seed,
        )
        if state.stage != "setup_concessions":
            continue
        faction = state.current_player()
        play = max(state.legal_actions())
        assert play >= A.CONCESSION
        state.apply_action(play)
        assert state.stage == "setup_concession_target"
        target = state.legal_actions()[0]
        state.apply_action(target)
        card = next(
            c
            for c, ref in enumerate(CARDS)
            if ref.kind == "concession" and state.card_holder[c] == target - A.PERSON
        )
        assert state.owner[target - A.PERSON] == faction
        assert state.card_loc[card] != HAND + faction
        return
    raise AssertionError("no seed dealt a human player a concession")
