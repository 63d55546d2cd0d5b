"""Building Total War Cards positions for rules tests: scripted chance and named moves."""

from __future__ import annotations

from typing import Any

import carthago
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.components import TECHNOLOGIES, TERRITORIES, VALUE_INDEX
from carthago.games.total_war_cards.state import TotalWarCardsState

ROME, CARTHAGE = 0, 1
TECH = {t.name: t.index for t in TECHNOLOGIES}
CARD = {t.name: t.index for t in TERRITORIES}
# Rome rests 4, 5, 5 (hand 1 2 2 3 3 3 4 4); Carthage rests 5, 5, 6 (hand 1 1 2 2 3 3 4 4).
RESTS = ((5, 5, 4), (6, 5, 5))
DISCARDS = (CARD["Boii"], CARD["Onuba"])
# Four face up (Gaul, Iberia, Italia, Africa) and the Trade Route of Carthago face down.
DEAL = (CARD["Arverni"], CARD["Emporion"], CARD["Roma"], CARD["Merchant of Carthago"],
        CARD["Trade Route of Carthago"])  # fmt: skip
PICKS = ("Agricultura", "Navigia", "Gladius", "Disciplina")


def new_state(**options: Any) -> TotalWarCardsState:
    state = carthago.load("total_war_cards", **options).new_initial_state()
    assert isinstance(state, TotalWarCardsState)
    return state


def chance(state: TotalWarCardsState, *outcomes: int) -> None:
    for outcome in outcomes:
        assert state.current_player() == carthago.CHANCE, state.observation(None)["phase"]
        state.apply_action(outcome)


def setup(
    state: TotalWarCardsState | None = None,
    rests: tuple[tuple[int, ...], ...] = RESTS,
    deal: tuple[int, ...] = DEAL,
    coin: int = ROME,
    picks: tuple[str, ...] = PICKS,
) -> TotalWarCardsState:
    """A game through its Setup Phase with the given chance outcomes and tier-one picks.

    Without ``state``, a game whose ``setup_picks`` option gives exactly ``picks``: the four
    default picks hand out all four special ability cards (option ``setup_picks=2``)."""
    state = state or new_state(setup_picks=len(picks) // 2)
    chance(state, *rests[0], *rests[1], *DISCARDS, *deal, coin)
    for name in picks:
        pick(state, name)
    return state


def pick(state: TotalWarCardsState, name: str) -> None:
    state.apply_action(act.TECH + TECH[name])


def buy(state: TotalWarCardsState, name: str) -> None:
    state.apply_action(act.TECH + TECH[name])


def place(state: TotalWarCardsState, value: int, slot: int, face_down: bool = False) -> None:
    state.apply_action(act.place_action(VALUE_INDEX[value], slot, face_down))


def tech_card(state: TotalWarCardsState, value: int, name: str) -> None:
    state.apply_action(act.tech_card_action(VALUE_INDEX[value], TECH[name]))


def first(state: TotalWarCardsState, player: int) -> None:
    state.apply_action(act.FIRST + player)


def edited(state: TotalWarCardsState, **fields: Any) -> TotalWarCardsState:
    """A copy of ``state`` with snapshot fields replaced (for positions hard to reach)."""
    snapshot = state.to_dict()
    snapshot["state"].update(fields)
    restored = state.game.state_from_dict(snapshot)
    assert isinstance(restored, TotalWarCardsState)
    return restored


def bits(*names: str) -> int:
    return sum(1 << TECH[name] for name in names)


def play_out_hands(state: TotalWarCardsState, slot: int = 0) -> None:
    """Both players place every remaining card against ``slot``, lowest first."""
    while state.phase == 6:  # placement
        player = state.current_player()
        place(state, state.hands[player][0], slot)
