"""How good a position looks for a player, from what the (possibly resampled) state holds."""

from __future__ import annotations

import math
from typing import Final

from carthago.core.state import State
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import phases  # noqa: F401 (registers every stage)
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.forum import TRADER_TARGET, trader_candidates
from carthago.games.republic_of_carthage.proposals import (
    ARMIES,
    in_carthage,
    recruit_cost,
    unit_allowed,
)
from carthago.games.republic_of_carthage.revenue import STATE_INCOME, UNIT_UPKEEP, state_dues
from carthago.games.republic_of_carthage.revolution import (
    R_PERSON,
    deciding_force,
    expected_rebel_strength,
)
from carthago.games.republic_of_carthage.senate_intrigues import neutral_bribery
from carthago.games.republic_of_carthage.senate_policy import (
    COMPUTER_POLICY,
    active_wars,
    wars_to_spare,
)
from carthago.games.republic_of_carthage.stages import STAGES
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    NEUTRAL_ROLES,
    RepublicOfCarthageState,
    stat,
)
from carthago.games.republic_of_carthage.voting import funds, members_in_carthage, oratory, voters

TALENTS_PER_INFLUENCE: Final = 10
"""Talents buy persuasion, traders and votes; ten of them weigh about one Influence."""


def evaluate(state: State, player: int) -> float:
    """Influence victory (§7) drives the score: the player's share of the strength of all
    factions, Influence plus wealth, minus the fair share; -1 when Carthage has fallen."""
    assert isinstance(state, RepublicOfCarthageState)
    if state.is_terminal():
        return state.returns()[player]
    strengths = []
    for faction in range(state.rg.num_factions):
        persons = state.faction_persons(faction)
        influence = sum(state.inf[p] for p in persons)
        wealth = sum(state.talents[p] for p in persons) + state.trade_income[faction]
        if faction == player:
            # Other Faction Treasuries are face down: only the player's own counts.
            wealth += state.faction_treasury[faction]
        strengths.append(influence + wealth / TALENTS_PER_INFLUENCE + 1)
    share = strengths[player] / sum(strengths)
    fair = 1 / len(strengths)
    return max(-1.0, min(1.0, (share - fair) / fair))


ADVISED_STAGES: Final = frozenset(
    {"senate_propose", "senate_consent", "senate_floor", "senate_ballot", "senate_step_down"}
)
"""The Senate's proposals, a commander's consent, the floor (vetoes), the ballots and a PM's
stepping down after a proposal every other faction voted down: a proposal is built over several
steps and changes nothing ``evaluate`` scores until it passes, so a one-ply look would propose,
veto and vote at random and leave the wars unprosecuted until the Republic falls; and it would
always step down (staying on costs 1 Influence, §6.5) until nobody is left to preside and the
Senate adjourns before Other Business, its wars unfought (traced: a 3-player game fell so in
turn 4 with five Active wars). The aide, like every Neutral, stays on."""
AIDE_ROLE: Final = NEUTRAL_ROLES.index("Imperials")
"""Whose Senate aide (§9, reconstructed in ``data/senate_policy.toml``) a computer faction follows
there: the Imperials prosecute the wars they can win (by the Combat table's odds), recruit toward
them, raise taxes when the treasury runs low and sue for peace rather than face four active wars.
Unlike a Neutral, a computer faction makes a last stand when the fall is certain unless a war is
won, and recruits ahead of need when the treasury allows (``senate_policy.COMPUTER_POLICY``)."""
SOLITAIRE_FORUM_STAGES: Final = frozenset(
    {"forum_persuade", "forum_persuader", "forum_bribe", "forum_interfere"}
)
"""Persuasion (§6.4.2.2): the choice of target and persuader, the talents added, the defence of
its own Senator. Only in the solitaire game (one player, §9) does a computer seat take advice
here; with two or more players the one-ply look at ``evaluate`` decides, as it always has."""
SOLITAIRE_FORUM_ROLE: Final = NEUTRAL_ROLES.index("Plutocrats")
"""Whose Forum aide (``data/forum.toml``) a solitaire seat follows in persuasion: the Plutocrats
try any Senator from a Persuasion Number of 6 with 5T, and defend their own with 10T a round.
The one-ply look never pays a talent (``evaluate`` counts it, and an attempt changes nothing
until its roll) and names targets at random; traced at one player, the Neutral that persuades
gathered a dozen Senators and the deck's-end Influence, the seat kept its three or lost them."""


NEW_WARS: Final = 2
"""The new Active wars one turn's Forum Phase can bring before the Senate meets (traced: two
wars appearing in one turn ended games with a rebellion under way and three Lost Wars)."""
RESCUE_MARGIN: Final = 20
"""Talents the computer factions keep in the State Treasury beyond the dues they can foresee, for
those they cannot: corruption and the negative State Income of a province."""

WAR_CHEST_SPARE: Final = 4
"""From this many wars to spare down (``senate_policy.wars_to_spare``: six with no war Active or
Lost, four with two Active) the computer factions also fund the Force Pool (``war_chest``)."""


def advise(state: State, player: int) -> int | None:
    """In the Senate steps of ``ADVISED_STAGES``, what the Imperials' aide would do in the
    player's place; in the contributions step, a rescue of a State Treasury that would go
    bankrupt (``rescue``); at a Trader attempt, the Player Notes' counsel (``trader``); to a
    victorious commander, whether to revolt (``revolt``); to the Suffetes, who goes to sea
    (``soldier_at_sea``, two or more players); in the solitaire game (one player
    against the Neutrals, §9) also persuasion by the Plutocrats' Forum aide, the Home Suffete
    (``presiding_suffete``) and a sure Suffete for Life (``suffete_for_life``); elsewhere no
    advice (the one-ply look at ``evaluate`` decides)."""
    assert isinstance(state, RepublicOfCarthageState)
    if state.stage == "revenue_contribute":
        return rescue(state, player)
    if state.stage in ("forum_trader", "forum_trader_buy"):
        return trader(state, player)
    if state.stage == "revolution_revolt":
        return revolt(state)
    if state.rg.num_players == 1 and state.stage in SOLITAIRE_FORUM_STAGES:
        return STAGES[state.stage].neutral(as_role(state, player, SOLITAIRE_FORUM_ROLE))
    if state.stage in ("senate_assign", "senate_assign_agree"):
        if state.rg.num_players == 1:
            return presiding_suffete(state, player)
        return soldier_at_sea(state)
    if state.stage not in ADVISED_STAGES:
        return None
    aide = as_role(state, player, AIDE_ROLE)
    if COMPUTER_POLICY.stands(aide):
        if state.stage == "senate_propose":
            return COMPUTER_POLICY.propose(aide, STAGES[state.stage].legal(aide))
        if state.stage == "senate_ballot":
            return COMPUTER_POLICY.ballot(aide, player)
    if state.rg.num_players == 1:
        life = suffete_for_life(state, player)
        if life is not None:
            return life
    if state.stage == "senate_propose":
        return COMPUTER_POLICY.propose(aide, STAGES[state.stage].legal(aide))
    if state.stage == "senate_ballot":
        return neutral_bribery(aide, player, COMPUTER_POLICY.ballot(aide, player))
    return STAGES[state.stage].neutral(aide)


def life_candidate(state: RepublicOfCarthageState, player: int) -> int:
    """The player's Senator the Senate would surely declare Suffete for Life (§6.5.7), or -1:
    in Carthage with 21 Influence or more, whose Influence, his faction's Oratory and the most
    votes it can buy outnumber the Oratory of every other faction in Carthage. Sure only in the
    solitaire game: the Neutrals vote No on another faction's candidate and buy no votes
    against him (``senate_policy``); other players would buy votes too."""
    money = funds(state, player)
    bought = SA.BUY[SA.largest_buy(money)]
    against = sum(oratory(state, f) for f in voters(state) if f != player)
    ours = oratory(state, player) + bought
    candidates = [
        p
        for p in members_in_carthage(state, player)
        if state.inf[p] >= P.LIFE_INFLUENCE and ours + state.inf[p] > against
    ]
    return max(candidates, key=lambda p: (state.inf[p], -p), default=-1)


def suffete_for_life(state: RepublicOfCarthageState, player: int) -> int | None:
    """§7: a Suffete for Life who survives his turn wins the game if Carthage does. The solitaire
    seat (one player against the Neutrals, §9) has no other way to a win that the Neutrals do
    not block: they vote only for their own, so every office goes to the presiding Neutral's
    faction after four failures, and at the deck's end the seat held a tenth of the leading
    Neutral's Influence in the games traced. Presiding over Other Business with fewer than four
    wars active (the last stand comes first), it proposes its Senator whom the vote surely
    elects (``life_candidate``) before any other business, votes for him buying all the votes
    it can, and once he is elected adjourns at once: every later proposal would give each
    Neutral the floor to try to murder him (``senate_policy``), and no new war comes before
    the end of the turn. None where this does not apply."""
    if state.stage == "senate_ballot":
        if state.proposal[0] != P.LIFE or state.owner[state.proposal[-1]] != player:
            return None
        return SA.vote(SA.YES_VOTE, SA.largest_buy(funds(state, player)))
    if state.stage != "senate_propose":
        return None
    if state.proposal:
        if state.proposal[0] != P.LIFE:
            return None
        candidate = life_candidate(state, player)
        return SA.person(candidate) if SA.person(candidate) in state.legal_actions() else None
    ruler = state.life_suffete
    if ruler >= 0 and state.life_turn == state.turn and state.owner[ruler] == player:
        return SA.PASS
    if SA.kind(P.LIFE) in state.legal_actions() and life_candidate(state, player) >= 0:
        return SA.kind(P.LIFE)
    return None


def presiding_suffete(state: RepublicOfCarthageState, player: int) -> int:
    """§6.5.3 in the solitaire game: the Home Suffete presides, and only the presiding officer
    proposes, so only he can put the seat's Suffete for Life to the vote (``suffete_for_life``)
    and name its Senators to office when every vote fails. Named with a Neutral's Senator, the
    seat proposes its own to be Home Suffete, and refuses a Neutral's (the dice then decide, an
    even chance instead of none); with both its own, the Imperials' aide chooses (the better
    commander goes to sea). The one-ply look sees no difference and chose at random."""
    if state.stage == "senate_assign_agree":
        return SA.AYE if state.owner[state.ctx[2]] == player else SA.PASS
    first, second = state.ctx[:2]
    own = [p for p in (first, second) if state.owner[p] == player]
    if len(own) == 1:
        return SA.person(own[0])
    return STAGES[state.stage].neutral(as_role(state, player, AIDE_ROLE))


def soldier_at_sea(state: RepublicOfCarthageState) -> int:
    """§6.5.3 with two or more players: the better soldier of the two Suffetes goes to sea
    (the Marine Suffete is the first commander the Senate may send, §6.5.7), as the Neutrals'
    aide assigns them, and a computer Suffete agrees to that assignment only. The one-ply
    look saw no difference and left it to the dice when the two disagreed (traced at six
    players: a Marine Suffete of Military 1 beside a Home Suffete of 3)."""
    home = COMPUTER_POLICY.home_suffete(state)
    if state.stage == "senate_assign":
        return home
    return SA.AYE if SA.person(state.ctx[2]) == home else SA.PASS


def as_role(state: RepublicOfCarthageState, player: int, role: int) -> RepublicOfCarthageState:
    """A copy of ``state`` in which the player's faction holds a Neutral role, so that the
    role's aide decides in its place."""
    aide = state._clone_to_change()
    aide.neutral_role[player] = role
    return aide


def rescue(state: RepublicOfCarthageState, player: int) -> int | None:
    """§6.2 step 11: bankruptcy ends the game with every player losing (§7), and a whole turn
    passes before the next Revenue Phase checks it, so a computer faction contributes its share
    of what the State Treasury would then lack: the dues of steps 6 to 8 as the board stands, and
    ``RESCUE_MARGIN``, less the State's 100T and the treasury, shared among the factions still to
    contribute, from its richest Senator in Carthage, once a round; with a war chest to fill
    (``war_chest``) that too. None when nothing is lacking (the one-ply look may still buy
    Influence with a contribution)."""
    lacking = (
        sum(amount for amount, _ in state_dues(state))
        + RESCUE_MARGIN
        + war_chest(state)
        - STATE_INCOME
        - state.treasury
    )
    givers = [p for p in state.faction_persons(player) if state.ploc[p] == CARTHAGE]
    givers = [p for p in givers if state.talents[p] > 0]
    if lacking <= 0 or state.sub > 0 or not givers:
        return None
    share = math.ceil(lacking / (len(state.order) - state.pos))
    giver = max(givers, key=lambda p: (state.talents[p], -p))
    talents = state.talents[giver]
    choices = {A.amount(i, talents): i for i in A.amount_choices(talents)}
    enough = [given for given in choices if given >= share]
    return A.contribute(giver, choices[min(enough) if enough else max(choices)])


def war_chest(state: RepublicOfCarthageState) -> int:
    """With two or more players, once the Republic has ``WAR_CHEST_SPARE`` wars to spare or
    fewer: what it would cost to recruit every army of the Force Pool that may fight an Active
    war, with a turn's upkeep. Only the Senate recruits, from the State Treasury, and only what
    the treasury pays; contributions come once a turn, before the Forum Phase brings its wars.
    Traced at six players: two Sicilian wars at 20 and 22, twelve strength at home and
    seventeen armies in the Force Pool, which would have beaten either, but 100T in the
    treasury, while the factions' Senators held 90T; the Roman wars came and the Republic
    fell. Every faction loses with it (§7), and a contribution of 25T or 50T earns 3 or 7
    Influence (the Contributions table). Solitaire play (one player) is left as measured."""
    active = active_wars(state)
    if state.rg.num_players == 1 or not active or wars_to_spare(state) > WAR_CHEST_SPARE:
        return 0
    return sum(
        state.unit_pool[u] * (recruit_cost(state, u) + UNIT_UPKEEP)
        for u in ARMIES
        if recruit_cost(state, u) > 0 and any(unit_allowed(u, war) for war in active)
    )


def trader(state: RepublicOfCarthageState, player: int) -> int:
    """§6.4.2.3 Traders, as the Player Notes (§10) counsel: trade is the Republic's lifeblood
    and every Trader draws a card from a richer stack than the last, so pay whatever a roll
    short of 12 costs; try with the Senator best able to pay it, the Faction Leader first
    among equals (his Traders stay with the faction when he dies, §6.1). ``evaluate`` sees
    only talents, and would never pay: a Trader repays his price over later turns."""
    if state.stage == "forum_trader_buy":
        return F.BUY_TRADER
    leader = state.faction_leader[player]
    dearest = TRADER_TARGET - 2  # a roll of 2 costs the most
    best = max(
        trader_candidates(state, player),
        key=lambda p: (min(state.talents[p], dearest), p == leader, -p),
    )
    return F.TRADER + best


def revolt(state: RepublicOfCarthageState) -> int:
    """§6.7.3: a victorious commander revolts only when he can expect (``expected_rebel_strength``)
    to be at least as strong as everything the Senate could send against him: every army not in
    his force, in the field or in Carthage, and every one the Force Pool could still give, under
    the best Military in Carthage outside his faction. On such terms the Senate's Defeat (the
    revolt wins) is at least as likely as its Victory (the rebels die). ``evaluate`` sees no
    difference between revolting and going home, and would choose between them at random.

    A revolt wins only if Carthage survives the turn (§7), and the rebellion is a war the Senate
    can neither sue away nor ignore: he stays loyal when, the rebellion counted, the Republic
    could no longer take the ``NEW_WARS`` of another turn (``senate_policy.wars_to_spare``), as
    when three wars are Lost and one is Active: his faction would fall with the Republic."""
    if K.REVOLT not in state.legal_actions() or wars_to_spare(state) - 1 < NEW_WARS:
        return K.LOYAL
    force = deciding_force(state)
    person = state.ctx[R_PERSON]
    senate = sum(
        state.unit_active[u]
        + state.unit_veteran[u]
        - force.units[u]
        - force.veterans[u]
        + (state.unit_pool[u] if recruit_cost(state, u) > 0 else 0)
        for u in ARMIES
    )
    rivals = [p for p in in_carthage(state) if state.owner[p] != state.owner[person]]
    senate += max((stat(p, "mil") for p in rivals), default=0)
    return K.REVOLT if expected_rebel_strength(state, force, person) >= senate else K.LOYAL
