"""Laws (§6.4 card types, §6.5): played in the Senate, they stay on the board and change the
rules from then on. Each law's effect key (data/hand_cards.toml) is read where its rule lives.

>>> sorted(LAW_EFFECTS)[:2]
['annual_judges', 'court_of_104']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.state import CARDS, HAND, IN_PLAY, N_PERSONS

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

LAW_EFFECTS: Final = frozenset(card.effect for card in C.hand_cards.values() if card.kind == "law")
LAW_CARDS: Final = tuple(i for i, card in enumerate(CARDS) if card.kind == "law")


def law_in_force(state: S, effect: str) -> bool:
    """Whether a Law with ``effect`` has been played (a played Law stays on the board)."""
    if effect not in LAW_EFFECTS:
        raise KeyError(f"no Law has the effect {effect!r}")
    return any(
        state.card_loc[card] == IN_PLAY and C.hand_cards[CARDS[card].id].effect == effect
        for card in LAW_CARDS
    )


SUMPTUARY_LIMIT: Final = 50
COURT_OF_104_MODIFIER: Final = -1
MERCENARY_PAY: Final = 10
"""Talents the State Treasury pays per deserting army under the Mercenary Pay Act."""


def laws_in_hand(state: S, faction: int) -> list[int]:
    """Indices into LAW_CARDS of the Laws a faction holds."""
    return [i for i, card in enumerate(LAW_CARDS) if state.card_loc[card] == HAND + faction]


def play_law(state: S, faction: int, index: int) -> None:
    """§6.4 Law: played in the Senate, the card stays on the board and its rule holds from now."""
    card = LAW_CARDS[index]
    state.card_loc[card] = IN_PLAY
    law = C.hand_cards[CARDS[card].id]
    state.note(f"{state.rg.faction_names[faction]} plays the Law {law.name}: {law.text}")
    if law.effect == "sumptuary":
        enforce_sumptuary(state)


def enforce_sumptuary(state: S) -> None:
    """Sumptuary Law: talents above 50 on a Senator's card go to the State Treasury (checked
    when the Law is played and at the start of every Senate Phase, docs)."""
    if not law_in_force(state, "sumptuary"):
        return
    for person in range(N_PERSONS):
        excess = state.talents[person] - SUMPTUARY_LIMIT
        if excess > 0:
            state.talents[person] -= excess
            state.treasury += excess
            state.note(f"Sumptuary Law: {excess}T of a Senator go to the State Treasury")


def public_reaction_modifier(state: S) -> int:
    """The Court of the 104: -1 on the Public Reaction rolls of Generals who did not win
    (§6.7.1, applied by the Revolution Phase)."""
    return COURT_OF_104_MODIFIER if law_in_force(state, "court_of_104") else 0


def corruption(state: S, roll: int) -> int:
    """Hannibal's Treasury Reform halves a Committee member's corruption roll, rounded down."""
    return roll // 2 if law_in_force(state, "treasury_reform") else roll


def deserters_paid(state: S, deserters: int) -> int:
    """Mercenary Pay Act: the State Treasury pays for as many of ``deserters`` as it can (10T
    each, never below 0); the number paid for stays in the Force Pool."""
    if not law_in_force(state, "mercenary_pay"):
        return 0
    paid = min(deserters, state.treasury // MERCENARY_PAY)
    state.treasury -= paid * MERCENARY_PAY
    return paid
