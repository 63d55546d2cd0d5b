"""The Forum Phase's secrets (cards drawn to hand) and the Neutral factions' Forum policy (§9)."""

from __future__ import annotations

import json
import random

from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import forum_policy as P
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.neutral_aide import neutral_leader
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DECK,
    FORUM,
    HAND,
    OUT,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import at_stage, jump, new, run_until

S = RepublicOfCarthageState
VIEWER = 0


def _drawn_to_hand_of_one(seed: int = 0) -> tuple[S, int]:
    """Faction 1 has just drawn an Event to hand at its initiative."""
    state = run_until(new(3), at_stage("forum_roll"), seed)
    state.initiative = 1
    card = next(i for i, c in enumerate(CARDS) if c.kind == "event" and state.card_loc[i] == DECK)
    jump(state, "forum_draw")
    state.apply_action(card)
    return state, card


def test_a_card_drawn_to_hand_is_hidden_from_the_others() -> None:
    state, card = _drawn_to_hand_of_one()
    snapshot = json.loads(json.dumps(state.to_dict()))
    spare = next(
        i for i, c in enumerate(CARDS) if c.kind == "intrigue" and state.card_loc[i] == DECK
    )
    fields = snapshot["state"]
    fields["card_loc"][card], fields["card_loc"][spare] = DECK, HAND + 1
    other = state.game.state_from_dict(snapshot)
    assert other.observation(VIEWER) == state.observation(VIEWER)
    assert other.observation(1) != state.observation(1)
    name = C.hand_cards[CARDS[card].id].name
    assert name not in json.dumps(state.observation(VIEWER))
    assert name in json.dumps(state.observation(1))


def _others_forum_cards(state: S) -> list[int]:
    return [
        c
        for c, loc in enumerate(state.card_loc)
        if loc in (HAND + 1, HAND + 2) and state.card_forum[c]
    ]


def test_resampling_redraws_a_card_drawn_to_another_hand() -> None:
    state = run_until(new(3), lambda s: bool(_others_forum_cards(s)), 1)
    count = len(_others_forum_cards(state))
    rng = random.Random(2)
    seen = set()
    for _ in range(12):
        copy = state.resample_from_infostate(VIEWER, rng)
        assert copy.observation(VIEWER) == state.observation(VIEWER)
        replayed = state.game.replay(copy.history())
        assert replayed.to_dict()["state"] == copy.to_dict()["state"]
        drawn = _others_forum_cards(copy)
        assert len(drawn) == count
        seen.add(tuple(sorted(CARDS[c].id for c in drawn)))
    assert len(seen) >= 2  # the card comes back as other hand cards of its deck


def test_s9_neutral_faction_leader_follows_its_criterion() -> None:
    state = run_until(new(1), at_stage("forum_roll"), 0)
    neutral = 1
    best = neutral_leader(state, neutral)
    other = next(p for p in state.faction_persons(neutral) if p != best)
    state.faction_leader[neutral] = other
    state.initiative = neutral
    assert P.leader(state) == F.LEADER + best
    state.faction_leader[neutral] = best
    assert P.leader(state) == F.PASS


def test_s9_neutral_persuades_a_forum_senator_at_its_threshold() -> None:
    state = run_until(new(1), at_stage("forum_roll"), 0)
    neutral = next(f for f in range(1, 5) if state.neutral_role[f] >= 0)
    state.initiative = neutral
    target = next(
        p for p, c in enumerate(CARDS) if c.kind == "senator" and state.card_loc[p] == DECK
    )
    state.card_loc[target], state.owner[target], state.ploc[target] = FORUM, -1, OUT
    state.inf[target] = 0
    for person in state.faction_persons(neutral):
        state.inf[person] = 20
    assert P.persuade_target(state) == F.TARGET + target
    for person in state.faction_persons(neutral):
        state.inf[person] = 0
    rules = P.policy_of(state, neutral)
    number = P.best_attempt(state, neutral)[0]
    assert (P.persuade_target(state) == F.PASS) == (number < rules.persuade_at)


def test_s9_neutral_defends_its_own_senator_from_its_treasury() -> None:
    state = run_until(new(1), at_stage("forum_roll"), 0)
    neutral = 1
    state.initiative = 0
    target = next(p for p in state.faction_persons(neutral) if p != state.faction_leader[neutral])
    persuader = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    state.faction_treasury[neutral] = 50
    state.ploc[target] = CARTHAGE
    jump(state, "forum_persuade")
    state.apply_action(F.TARGET + target)
    state.apply_action(F.PERSUADER + persuader)
    state.ctx[5] = 10
    state.apply_action(F.PASS)  # no talents: the Neutrals answer at once
    spent = 50 - state.faction_treasury[neutral]
    defend = P.policy_of(state, neutral).defend
    assert 0 < spent <= defend
    assert state.ctx[2] == -spent


def test_s9_random_solitaire_games_run_through_the_forum() -> None:
    for seed in range(3):
        state = new(1, 2)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() >= 0:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
                )
        log = state.observation(VIEWER)["log"]
        assert sum(1 for line in log if line.startswith("Initiative 6:")) >= 1
        assert any(line.startswith("Votes in Carthage") for line in log)
