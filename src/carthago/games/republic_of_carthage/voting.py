"""Votes in the Senate (§6.5): each faction votes Yes, No or Abstain as one, with its Senators'
Oratory in Carthage plus the votes it buys with talents; a proposal passes when Yes outnumbers
No and Abstain together.

``state.ballots`` holds the vote under way: F ballots (-1 until cast), F counts of bought votes,
then the Popular Appeal swing of a prosecution (votes for the accused, i.e. against conviction).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.state import CARTHAGE, N_PERSONS, describe_person, stat

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def members_in_carthage(state: S, faction: int) -> list[int]:
    # A person in Carthage is in play: one pass over the persons, not faction_persons' two.
    return [p for p in range(N_PERSONS) if state.ploc[p] == CARTHAGE and state.owner[p] == faction]


def oratory(state: S, faction: int) -> int:
    """The votes a faction casts before buying any: its Senators' Oratory in Carthage."""
    return sum(stat(p, "ora") for p in members_in_carthage(state, faction))


def extra_votes(state: S, faction: int) -> int:
    """What the rules add for this proposal: an accused's Influence (§6.5.5) and a Suffete for
    Life candidate's Influence (§6.5.7) count with their faction's vote."""
    proposal = state.proposal
    if proposal and proposal[0] in (P.MINOR, P.MAJOR, P.LIFE) and len(proposal) > 1:
        person = proposal[1]
        if state.owner[person] == faction and state.ploc[person] == CARTHAGE:
            return state.inf[person]
    return 0


def voters(state: S) -> list[int]:
    """Factions with a Senator in Carthage: only they are asked to vote."""
    return [f for f in range(state.rg.num_factions) if members_in_carthage(state, f)]


def funds(state: S, faction: int) -> int:
    """Talents a faction may spend on votes: its treasury and its Senators' in Carthage."""
    return state.faction_treasury[faction] + sum(
        state.talents[p] for p in members_in_carthage(state, faction)
    )


def spend(state: S, faction: int, amount: int) -> None:
    """Pay from the richest Senators in Carthage first, then from the Faction Treasury.

    The rules let the player take the talents from either; Senators first keeps what the table
    sees (the talents on Senators' cards) independent of the hidden Treasury."""
    for person in sorted(members_in_carthage(state, faction), key=lambda p: -state.talents[p]):
        taken = min(amount, state.talents[person])
        state.talents[person] -= taken
        amount -= taken
    taken = min(amount, state.faction_treasury[faction])
    state.faction_treasury[faction] -= taken
    amount -= taken
    if amount:
        raise ValueError("a faction spent more talents than it holds")


def start(state: S) -> None:
    factions = state.rg.num_factions
    state.ballots = [-1] * factions + [0] * factions + [0]
    state.bribed = []
    state.order = voters(state)


def ballot_choices(state: S, faction: int) -> list[int]:
    """Yes, No or Abstain, each with a purchase the faction can pay for; nobody in Carthage
    may abstain on a tax rate proposal (§6.5.7)."""
    choices = [SA.YES_VOTE, SA.NO_VOTE]
    if state.proposal[0] not in (P.TAX_UP, P.TAX_DOWN):
        choices.append(SA.ABSTAIN_VOTE)
    money = funds(state, faction)
    buys = [i for i, talents in enumerate(SA.BUY) if talents <= money]
    return [SA.vote(choice, i) for choice in choices for i in buys]


def cast(state: S, faction: int, action: int, factor: int = 1) -> None:
    """Cast the ballot ``action``; each talent spent buys ``factor`` votes (2 after Bribery of
    the Council, senate_intrigues.py)."""
    choice, buy_index = SA.decode_vote(action)
    talents = SA.BUY[buy_index]
    spend(state, faction, talents)
    factions = state.rg.num_factions
    state.ballots[faction] = choice
    state.ballots[factions + faction] = talents * factor
    state.order.remove(faction)
    paid = f" for {talents}T" if factor > 1 else ""
    bought = f" and buys {talents * factor} votes{paid}" if talents else ""
    state.note(
        f"{state.rg.faction_names[faction]} votes {SA.VOTE_NAMES[choice]} "
        f"({weight(state, faction)} votes{bought})"
    )


def weight(state: S, faction: int) -> int:
    """A faction's votes on the proposal: Oratory, what the rules add, what it bought."""
    bought = state.ballots[state.rg.num_factions + faction] if state.ballots else 0
    return oratory(state, faction) + extra_votes(state, faction) + bought


def tally(state: S) -> tuple[int, int, int]:
    """Yes, No and Abstain votes; the Popular Appeal swing counts for (+, No) or against (-,
    Yes) the accused."""
    totals = [0, 0, 0]
    for faction in range(state.rg.num_factions):
        choice = state.ballots[faction]
        if choice >= 0:
            totals[choice] += weight(state, faction)
    swing = state.ballots[-1]
    if swing > 0:
        totals[SA.NO_VOTE] += swing
    else:
        totals[SA.YES_VOTE] -= swing
    return totals[0], totals[1], totals[2]


def passes(state: S) -> bool:
    yes, no, abstain = tally(state)
    return yes > no + abstain


def unanimous_rejection(state: S, proposer: int) -> bool:
    """Every other faction that voted said No (§6.5 stepping down)."""
    others = [f for f in range(state.rg.num_factions) if f != proposer and state.ballots[f] >= 0]
    return bool(others) and all(state.ballots[f] == SA.NO_VOTE for f in others)


def tax_popularity(state: S) -> None:
    """§6.5.7: Senators voting against a raise, or for a cut, lose 1 Popularity; sponsors of a
    raise from one faction both become Liable to a major prosecution."""
    kind = state.proposal[0]
    if kind not in (P.TAX_UP, P.TAX_DOWN):
        return
    punished = SA.NO_VOTE if kind == P.TAX_UP else SA.YES_VOTE
    for faction in range(state.rg.num_factions):
        if state.ballots[faction] == punished:
            for person in members_in_carthage(state, faction):
                state.pop[person] -= 1
            state.note(f"{state.rg.faction_names[faction]}'s Senators lose 1 Popularity")
    if kind == P.TAX_UP:
        sponsor, cosponsor = state.proposal[1], state.proposal[2]
        if state.owner[sponsor] == state.owner[cosponsor]:
            state.liable[sponsor] = state.liable[cosponsor] = 2
            state.note(
                f"{describe_person(sponsor)} and {describe_person(cosponsor)} are Liable "
                "(sponsors of one faction)"
            )
