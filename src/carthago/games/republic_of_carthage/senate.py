"""The Senate Phase (rules §6.5), its steps in the rulebook's order.

1. Committee terms advance; 2-3. two Suffetes are elected and share Home and Marine; 4. vacant
Committee seats are filled; 5. the Censor prosecutes; 6. provinces in the Forum get Governors
and Carthage is repopulated to 8 Senators; 7. Other Business until the PM adjourns (or leaves
Carthage). Every proposal is built one choice at a time by the presiding Senator's faction
(proposals.py), voted faction by faction in the order the presiding faction calls (voting.py).

Engine bounds (docs): at most ``MAX_FAILURES`` rejected proposals for one office before the
next passes without a vote (the rules' "cannot be allowed to fail", brought forward), and at
most ``MAX_OTHER_BUSINESS`` proposals in Other Business.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import assassination, prosecution, voting
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import senate_intrigues as SI
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.laws import (
    LAW_CARDS,
    enforce_sumptuary,
    law_in_force,
    laws_in_hand,
    play_law,
)
from carthago.games.republic_of_carthage.mortality import (
    chit_text,
    kill,
    mago_stage,
    struck,
    take_chit,
)
from carthago.games.republic_of_carthage.offices import OVERSEER, vacate
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.stages import (
    Stage,
    auto,
    dice_outcomes,
    next_phase,
    stage,
    weighted,
)
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DISCARD,
    FORUM,
    FORUM_DOWN,
    IN_PLAY,
    N_CHITS,
    N_PERSONS,
    OFFICES,
    PROV_FORUM,
    PROVINCES,
    WAR_ACTIVE,
    WAR_UNPROSECUTED,
    WARS,
    describe_person,
    family_of,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

SUFFETE_STEP: Final = 2
COMMITTEE_STEP: Final = 4
PROSECUTION_STEP: Final = 5
GOVERNOR_STEP: Final = 6
OTHER_STEP: Final = 7
"""``state.sub`` during the Senate: the §6.5 step under way."""
MAX_FAILURES: Final = 4
MAX_PROSECUTION_PROPOSALS: Final = 4
MAX_OTHER_BUSINESS: Final = 10
CRISIS_WARS: Final = 3
CRISIS_STRENGTH: Final = 20
CARTHAGE_SENATORS: Final = 8
COMMITTEE: Final = tuple(i for i, office in enumerate(OFFICES) if office.committee)
FORCED: Final = (P.SUFFETES, P.COMMITTEE, P.GOVERNOR_KIND)


def actions_per_turn(factions: int) -> int:
    """A bound on the Senate's actions in one turn (``Game.max_game_length``).

    Proposals: the Suffetes, five Committee seats and nine provinces, each at most
    ``MAX_FAILURES`` + 1 times (a veto counts as a failure); the prosecutions and Other Business
    by their own bounds; one more per faction for a proposal lapsing after an assassination. Each
    takes at most its kind and 2 + 2 x 10 parameters, a consent, an exile, 2 x factions calls
    and ballots, the floor window (one action per faction), a Popular Appeal (2), an appeal to
    the people (2), stepping down, the Suffetes' assignment (3) and two
    Public Reaction rolls. Repopulation gives at most every Senator (2 actions each). Each
    faction makes at most one assassination attempt: two card choices, three dice, a trial and
    at most every chit of the cup and a Mago pick. The Senate's Intrigues add their own
    (``SI.bound``): a Bribery play before a ballot, a Mercenary window after each war sent,
    each Seduction."""
    proposals = (MAX_FAILURES + 1) * (1 + len(COMMITTEE) + len(PROVINCES))
    proposals += MAX_PROSECUTION_PROPOSALS + MAX_OTHER_BUSINESS + factions
    each = 1 + 2 + 2 * len(P.MILITARY) + 1 + 1 + 3 * factions + 2 + 3 + 3 + 2
    attempts = factions * (2 + 3 + 3 * factions + 2 + N_CHITS + 1)
    intrigues = SI.bound(factions, MAX_OTHER_BUSINESS)
    return proposals * each + 2 * N_PERSONS + 2 + attempts + intrigues


def chair(state: S) -> int:
    """Who calls the votes: the Censor in the Prosecutions step and at an assassin's Faction
    Leader's trial (the PM if the Censor is not in Carthage), else the PM."""
    censor = state.office_holder[prosecution.CENSOR]
    here = censor >= 0 and state.ploc[censor] == CARTHAGE
    if here and (state.sub == PROSECUTION_STEP or state.stash):
        return censor
    return state.pm


def presiding(state: S) -> int:
    """Who makes the proposal: a Senator holding a reserved floor, else the chair."""
    return state.floor if state.floor >= 0 else chair(state)


def presiding_faction(state: S) -> int:
    return state.owner[presiding(state)]


def choose_pm(state: S) -> int:
    """The highest-ranking officer in Carthage who has not stepped down this turn, else the
    lowest-numbered Senator in Carthage (§4 HRAO); -1 if nobody is left."""
    for holder in state.office_holder:
        if (
            holder >= 0
            and state.ploc[holder] == CARTHAGE
            and state.owner[holder] >= 0
            and holder not in state.stepped
        ):
            return holder
    present = [p for p in P.in_carthage(state) if p not in state.stepped]
    return min(present, key=lambda p: (family_of(p), p), default=-1)


# -- 1. the start and the Committee terms ---------------------------------------------------


def _start(state: S) -> None:
    state.note("Senate Phase (rules 6.5)")
    state.failed = []
    state.immune = []
    state.stepped = []
    state.prosecutions = state.proposals = state.failures = 0
    state.proposal = []
    state.ballots = []
    state.ctx = []
    state.order = []
    state.reserved = []
    state.floor = -1
    state.attempts = []
    state.stash = []
    state.hired = []
    enforce_sumptuary(state)
    active = [w for w, s in enumerate(state.war_status) if s in (WAR_ACTIVE, WAR_UNPROSECUTED)]
    strong = any(WARS[w].land >= CRISIS_STRENGTH for w in active)
    state.crisis = int(len(active) >= CRISIS_WARS or strong)
    if state.crisis:
        state.note("Crisis: the Senate may appoint joint commanders")
    for office in COMMITTEE:
        holder = state.office_holder[office]
        if holder < 0:
            continue
        state.office_term[office] -= 1
        if state.office_term[office] > 0:
            continue
        if office == OVERSEER:
            # §6.3.8 places his card in the Forum at the end of the next Trade Phase.
            state.note(f"{describe_person(holder)} stays Overseer of the Agora until next trade")
            continue
        state.leavers.append(holder)
        vacate(state, office)
        state.note(f"{describe_person(holder)}'s term as {OFFICES[office].name} ends")
    state.pm = choose_pm(state)
    if state.pm < 0:
        _end(state, "nobody is in Carthage")
        return
    state.note(f"{describe_person(state.pm)} presides over the Senate")
    _begin(state, SUFFETE_STEP)


auto("senate_start", _start)


def _begin(state: S, step: int) -> None:
    """Set up the first proposal of ``step`` or move on to the next step."""
    state.sub = step
    state.failures = 0
    state.proposal = []
    state.stage = "senate_propose"
    if step == SUFFETE_STEP:
        if P.suffete_pairs(state):
            state.proposal = [P.SUFFETES]
            return
        state.note("Too few Senators can stand for Suffete: none is elected")
        _begin(state, COMMITTEE_STEP)
    elif step == COMMITTEE_STEP:
        vacant = [
            o for o in COMMITTEE if state.office_holder[o] < 0 and P.committee_candidates(state, o)
        ]
        if vacant:
            state.proposal = [P.COMMITTEE, vacant[0]]
            return
        _begin(state, PROSECUTION_STEP)
    elif step == PROSECUTION_STEP:
        censor = state.office_holder[prosecution.CENSOR]
        if censor >= 0 and state.ploc[censor] == CARTHAGE and _prosecution_kinds(state):
            state.note(f"{describe_person(censor)} conducts the prosecutions")
            return
        _end_prosecutions(state)
    elif step == GOVERNOR_STEP:
        provinces = [
            p
            for p, loc in enumerate(state.prov_loc)
            if loc == PROV_FORUM and P.options(state, [P.GOVERNOR_KIND, p])
        ]
        if provinces:
            state.proposal = [P.GOVERNOR_KIND, provinces[0]]
            return
        _repopulate(state)
    else:
        state.proposals = 0
        state.note("Other Business")


def _prosecution_kinds(state: S) -> list[int]:
    if state.proposals >= MAX_PROSECUTION_PROPOSALS:
        return []
    return [k for k in (P.MINOR, P.MAJOR) if P.options(state, [k])]


def _end_prosecutions(state: S) -> None:
    prosecution.clear_liability(state)
    _begin(state, GOVERNOR_STEP)


def _end(state: S, why: str = "") -> None:
    state.note(f"The Senate adjourns{f' ({why})' if why else ''}")
    if law_in_force(state, "annual_judges"):
        state.liable = [0] * N_PERSONS
    state.pm = -1
    state.floor = -1
    state.reserved = []
    state.sub = 0
    state.proposal = []
    state.ballots = []
    state.bribed = []
    state.ctx = []
    state.order = []
    next_phase(state, "senate_start")


# -- proposing ------------------------------------------------------------------------------


def _propose_legal(state: S) -> list[int]:
    if not state.proposal:
        if state.sub == PROSECUTION_STEP:
            return [SA.PASS, *[SA.kind(k) for k in _prosecution_kinds(state)]]
        kinds = P.kinds(state) if state.proposals < MAX_OTHER_BUSINESS else []
        return [SA.PASS, *[SA.kind(k) for k in kinds]]
    found = P.options(state, state.proposal, other_business=state.sub == OTHER_STEP)
    assert found, f"proposal {state.proposal} has no way on"
    return found


def _propose_apply(state: S, action: int) -> None:
    if not state.proposal:
        if action == SA.PASS and state.floor >= 0:
            state.note(f"{describe_person(state.floor)} yields the floor")
            _after(state)
            return
        if action == SA.PASS:
            if state.sub == PROSECUTION_STEP:
                _end_prosecutions(state)
            else:
                _end(state)
            return
        state.proposal = [action - SA.KIND]
    else:
        state.proposal = [*state.proposal, P.parameter(action)]
    other = state.sub == OTHER_STEP
    while True:
        nxt = P.options(state, state.proposal, other_business=other)
        if nxt is None:
            _complete(state)
            return
        if len(nxt) != 1:
            return
        state.proposal = [*state.proposal, P.parameter(nxt[0])]


def _propose_text(state: S, action: int) -> str:
    if not state.proposal:
        if action == SA.PASS:
            if state.floor >= 0:
                return "yield the floor"
            return "end the prosecutions" if state.sub == PROSECUTION_STEP else "adjourn the Senate"
        return f"propose: {P.KIND_NAMES[action - SA.KIND]}"
    return f"{P.KIND_NAMES[state.proposal[0]]}: {P.parameter_text(state, action)}"


stage(
    "senate_propose",
    Stage(
        presiding_faction,
        _propose_apply,
        _propose_text,
        legal=_propose_legal,
        neutral=lambda s: POLICY.propose(s, _propose_legal(s)),
    ),
)


def _remaining_choices(state: S) -> int:
    """How many different proposals could still fill the office at hand."""
    kind = state.proposal[0]
    if kind == P.SUFFETES:
        return len(P.suffete_pairs(state))
    base = state.proposal[:2]
    other = state.sub == OTHER_STEP
    return len(P.options(state, base, other_business=other) or [])


def _complete(state: S) -> None:
    """A proposal is made: ask the consents it needs, pass it if it cannot fail, else vote."""
    proposal = state.proposal
    state.note(f"Proposal: {P.text(state, proposal)}")
    if state.sub in (PROSECUTION_STEP, OTHER_STEP):
        state.proposals += 1  # a withdrawn proposal counts too: the bound must hold
    if P.was_rejected(state, proposal):
        state.note("It was rejected earlier this turn and is withdrawn")
        _after(state)
        return
    kind = proposal[0]
    if kind == P.LIFE:
        state.life_proposed = state.turn
    if kind in (P.MINOR, P.MAJOR):
        prosecutor = proposal[2]
        if state.owner[prosecutor] != presiding_faction(state):
            state.stage = "senate_consent"
            return
    leaver = kind == P.COMMITTEE and proposal[2] in state.leavers
    if leaver and len(P.committee_candidates(state, proposal[1])) > 1:
        state.stage = "senate_consent"
        return
    _after_consent(state)


def _after_consent(state: S) -> None:
    proposal = state.proposal
    kind = proposal[0]
    if kind in (P.MINOR, P.MAJOR):
        state.prosecutions += P.prosecution_cost(state, kind, proposal[1])
        if prosecution.may_go_into_exile(state, kind, proposal[1]):
            state.stage = "senate_exile"
            return
    forced = state.sub != OTHER_STEP and kind in FORCED
    if forced and (_remaining_choices(state) == 1 or state.failures >= MAX_FAILURES):
        state.note("It cannot be allowed to fail: it passes without a vote")
        _passed(state)
        return
    _open_floor(state)


# -- consents, exile ------------------------------------------------------------------------


def _consent_actor(state: S) -> int:
    proposal = state.proposal
    return state.owner[proposal[2]]


def _consent_apply(state: S, action: int) -> None:
    if action == SA.AYE:
        _after_consent(state)
        return
    state.note(f"{describe_person(state.proposal[2])} declines")
    P.reject(state, state.proposal)
    _after(state)


def _question(
    name: str,
    actor: Callable[[S], int],
    apply: Callable[[S, int], None],
    answers: tuple[str, str],
    neutral: Callable[[S], int],
) -> None:
    """A yes-or-no decision: AYE (``answers[0]``) or PASS (``answers[1]``)."""
    yes, no = answers
    stage(
        name,
        Stage(
            actor,
            apply,
            lambda s, a: yes if a == SA.AYE else no,
            legal=lambda s: [SA.AYE, SA.PASS],
            neutral=neutral,
        ),
    )


_question(
    "senate_consent",
    _consent_actor,
    _consent_apply,
    ("consent", "refuse"),
    lambda s: POLICY.consent(s),
)


def _exile_apply(state: S, action: int) -> None:
    if action == SA.AYE:
        prosecution.exile(state, state.proposal[1])
        _after(state)
        return
    _open_floor(state)


_question(
    "senate_exile",
    lambda s: s.owner[s.proposal[1]],
    _exile_apply,
    ("go into exile", "stand trial"),
    lambda s: SA.PASS,
)


# -- the floor: Public Outcry and Laws (§6.5.8, §6.4 Law) -----------------------------------


PEOPLE_TARGET: Final = 10
"""The Assembly of the People: 2d6 + the PM's Popularity of this much passes a proposal."""


def _open_floor(state: S) -> None:
    """Before the vote every faction with a Senator in Carthage, from the presiding faction's
    left round the table (the presiding faction last), may veto, reserve the floor or play a
    Law: one action each (docs)."""
    first = (presiding_faction(state) + 1) % state.rg.num_factions
    count = state.rg.num_factions
    state.ctx = [
        f
        for f in ((first + i) % count for i in range(count))
        if voting.members_in_carthage(state, f)
    ]
    _next_on_floor(state)


def _next_on_floor(state: S) -> None:
    # A faction whose last Senator in Carthage died or was seduced meanwhile has no voice.
    state.ctx = [f for f in state.ctx if voting.members_in_carthage(state, f)]
    if state.ctx:
        state.stage = "senate_floor"
        return
    voting.start(state)
    _next_voter(state)


def outcry_cards(state: S, faction: int) -> list[int]:
    """The Public Outcry cards in the faction's hand."""
    return assassination.cards_in_hand(state, faction, "public_outcry")


def outcry_card(state: S, faction: int) -> int:
    """A Public Outcry card in the faction's hand, or -1."""
    return next(iter(outcry_cards(state, faction)), -1)


def _floor_legal(state: S) -> list[int]:
    faction = state.ctx[0]
    found = [SA.PASS]
    for card in outcry_cards(state, faction):
        if state.proposal[0] != P.LIFE:
            found.append(SA.VETO + card)
        if state.sub == OTHER_STEP:
            found.append(SA.RESERVE + card)
    found += [SA.LAW + i for i in laws_in_hand(state, faction)]
    found += SI.seduction_choices(state, faction)
    return found + assassination.choices(state, faction)


def _floor_apply(state: S, action: int) -> None:
    faction = state.ctx.pop(0)
    name = state.rg.faction_names[faction]
    if SA.VETO <= action < SA.CARD:
        state.card_loc[(action - SA.VETO) % (SA.RESERVE - SA.VETO)] = DISCARD
    if SA.VETO <= action < SA.RESERVE:
        state.note(f"{name} plays Public Outcry: the proposal is vetoed")
        P.reject(state, state.proposal)
        state.failures += 1
        state.ctx = []
        _after(state)
        return
    if SA.RESERVE <= action < SA.CARD:
        state.reserved = [*state.reserved, faction]
        state.note(f"{name} plays Public Outcry and reserves the floor")
    elif action >= SA.SEDUCE:
        SI.begin_seduction(state, faction, action)
        return
    elif action >= SA.ASSASSINATE:
        assassination.begin(state, action)
        return
    elif SA.LAW <= action < SA.VETO:
        play_law(state, faction, action - SA.LAW)
    _next_on_floor(state)


def _floor_text(state: S, action: int) -> str:
    if SA.VETO <= action < SA.RESERVE:
        return f"Public Outcry (card {action - SA.VETO}): veto"
    if SA.RESERVE <= action < SA.CARD:
        return f"Public Outcry (card {action - SA.RESERVE}): reserve the floor"
    if action == SA.PASS:
        return "let the vote go on"
    if action >= SA.SEDUCE:
        return f"play Seduction (card {action - SA.SEDUCE})"
    if action >= SA.ASSASSINATE:
        assassin, target = assassination.decode(action)
        return f"{describe_person(assassin)} tries to murder {describe_person(target)}"
    law = C.hand_cards[CARDS[LAW_CARDS[action - SA.LAW]].id]
    return f"play the Law {law.name}"


stage(
    "senate_floor",
    Stage(
        lambda s: s.ctx[0],
        _floor_apply,
        _floor_text,
        legal=_floor_legal,
        neutral=lambda s: _floor_neutral(s, _floor_legal(s)),
    ),
)


def _floor_neutral(state: S, legal: list[int]) -> int:
    chosen = POLICY.floor(state, legal)
    return SI.neutral_seduction(state, state.ctx[0], legal) if chosen == SA.PASS else chosen


auto("senate_floor_resume", lambda s: _resume_floor(s))


def _people_apply(state: S, action: int) -> None:
    state.stage = "senate_people_roll" if action == SA.AYE else "senate_step_down"


_question(
    "senate_people",
    lambda s: s.owner[s.pm],
    _people_apply,
    ("put it to the people", "accept the rejection"),
    lambda s: SA.AYE,
)


def _people_roll(state: S, roll: int) -> None:
    total = roll + state.pop[state.pm]
    state.note(f"The Assembly of the People: {roll} + Popularity {state.pop[state.pm]} = {total}")
    if total >= PEOPLE_TARGET:
        state.note("The people pass the proposal")
        size = len(state.proposal)
        state.failed = state.failed[: -(size + 1)]
        state.failures -= 1
        _passed(state)
        return
    state.stage = "senate_step_down"


stage(
    "senate_people_roll",
    Stage(
        lambda s: -1,
        _people_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)


# -- the vote -------------------------------------------------------------------------------


def _next_voter(state: S) -> None:
    if not state.order:
        _resolve(state)
    elif len(state.order) == 1:
        _poll(state, state.order[0])
    else:
        state.stage = "senate_call"


def _poll(state: S, faction: int) -> None:
    state.pos = faction
    kind = state.proposal[0]
    accused = state.proposal[1] if kind in (P.MINOR, P.MAJOR) else -1
    if accused >= 0 and state.owner[accused] == faction and state.ploc[accused] == CARTHAGE:
        state.stage = "senate_appeal"
    else:
        state.stage = "senate_ballot"


stage(
    "senate_call",
    Stage(
        lambda s: s.owner[chair(s)],
        lambda s, a: _poll(s, a - SA.FACTION),
        lambda s, a: f"call on {s.rg.faction_names[a - SA.FACTION]} to vote",
        legal=lambda s: [SA.faction(f) for f in s.order],
        neutral=lambda s: SA.faction(s.order[0]),
    ),
)


def _appeal_apply(state: S, action: int) -> None:
    state.stage = "senate_appeal_roll" if action == SA.AYE else "senate_ballot"


stage(
    "senate_appeal",
    Stage(
        lambda s: s.pos,
        _appeal_apply,
        lambda s, a: "appeal to the people" if a == SA.AYE else "no appeal",
        legal=lambda s: [SA.AYE] if s.stash else [SA.AYE, SA.PASS],
        neutral=lambda s: SA.AYE,
    ),
)


def _appeal_roll(state: S, roll: int) -> None:
    """§6.5.5: 2d6 + the accused's Popularity on the Popular Appeal table."""
    kind, accused, _ = state.proposal
    killed_at, freed_at, swing = C.popular_appeal
    # At an assassin's Faction Leader's trial the victim's Popularity counts against him.
    against = state.stash[0] if state.stash else 0
    total = roll + state.pop[accused] - against
    state.note(f"Popular Appeal: {roll} + Popularity {state.pop[accused]} - {against} = {total}")
    if total <= killed_at:
        _guilty(state, killed=True)
        return
    if total >= freed_at:
        state.note("The people free the accused")
        prosecution.acquit(state, kind, accused)
        _after(state)
        return
    state.ballots[-1] = swing[total]
    if swing[total]:
        state.note(f"The crowd sways {abs(swing[total])} votes")
    state.stage = "senate_ballot"


stage(
    "senate_appeal_roll",
    Stage(
        lambda s: -1,
        _appeal_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)


def _ballot_apply(state: S, action: int) -> None:
    if action >= SA.BRIBERY:
        SI.play_bribery(state, state.pos, action)
        return
    voting.cast(state, state.pos, action, SI.vote_factor(state, state.pos))
    _next_voter(state)


def _ballot_text(state: S, action: int) -> str:
    if action >= SA.BRIBERY:
        return f"play Bribery of the Council (card {action - SA.BRIBERY})"
    choice, buy = SA.decode_vote(action)
    extra = f", buying {SA.BUY[buy]} votes" if SA.BUY[buy] else ""
    return f"vote {SA.VOTE_NAMES[choice]}{extra}"


stage(
    "senate_ballot",
    Stage(
        lambda s: s.pos,
        _ballot_apply,
        _ballot_text,
        legal=lambda s: voting.ballot_choices(s, s.pos) + SI.bribery_choices(s, s.pos),
        neutral=lambda s: SI.neutral_bribery(s, s.pos, POLICY.ballot(s, s.pos)),
    ),
)


def _resolve(state: S) -> None:
    yes, no, abstain = voting.tally(state)
    voting.tax_popularity(state)
    proposal = state.proposal
    if yes > no + abstain:
        state.note(f"Passed: {yes} Yes against {no} No and {abstain} Abstain")
        _passed(state)
        return
    state.note(f"Rejected: {yes} Yes against {no} No and {abstain} Abstain")
    kind = proposal[0]
    if kind in (P.MINOR, P.MAJOR):
        prosecution.acquit(state, kind, proposal[1])
    if state.stash:
        _after(state)
        return
    P.reject(state, proposal)
    state.failures += 1
    proposer = presiding_faction(state)
    pm_proposal = state.floor < 0 and state.sub != PROSECUTION_STEP
    if pm_proposal and voting.unanimous_rejection(state, proposer):
        people = law_in_force(state, "peoples_assembly")
        state.stage = "senate_people" if people else "senate_step_down"
        return
    _after(state)


def _passed(state: S) -> None:
    proposal = state.proposal
    kind = proposal[0]
    if kind in (P.MINOR, P.MAJOR):
        _guilty(state, killed=False)
        return
    following = P.carry_out(state, proposal)
    if following:
        state.stage = following
        return
    if kind == P.WAR and SI.open_contracts(state, presiding_faction(state)):
        return
    _after(state)


# -- stepping down --------------------------------------------------------------------------


def _step_down_apply(state: S, action: int) -> None:
    pm = state.pm
    if action == SA.AYE:
        state.stepped = [*state.stepped, pm]
        state.pm = choose_pm(state)
        state.note(f"{describe_person(pm)} steps down as PM")
        if state.pm < 0:
            _end(state, "nobody is left to preside")
            return
        state.note(f"{describe_person(state.pm)} presides over the Senate")
    else:
        state.inf[pm] = max(0, state.inf[pm] - 1)
        state.note(f"{describe_person(pm)} stays on and loses 1 Influence")
    _after(state)


_question(
    "senate_step_down",
    lambda s: s.owner[s.pm],
    _step_down_apply,
    ("step down", "stay on as PM"),
    lambda s: SA.PASS,
)


# -- after each proposal --------------------------------------------------------------------


def _guilty(state: S, killed: bool) -> None:
    """A guilty verdict, or death by the Popular Appeal table; a guilty assassin's Faction
    Leader also brings Mortality chits on his faction's Senators in Carthage (§6.5.9)."""
    kind, accused, prosecutor = state.proposal
    faction = state.owner[accused]
    prosecution.convict(state, kind, accused, prosecutor, killed=killed)
    if state.stash and state.stash[0] > 0:
        state.order = [faction, state.stash[0]]
        state.drawn_chits = []
        state.stage = "senate_trial_chits"
        return
    _after(state)


def after_assassination(state: S, leader: int, victim_popularity: int) -> None:
    """An attempt is resolved: try a caught assassin's Faction Leader, else go on."""
    state.order = []
    if leader < 0:
        _resume_floor(state)
        return
    if state.pm < 0 or state.owner[state.pm] < 0 or state.ploc[state.pm] != CARTHAGE:
        # The victim presided: the next officer calls the trial's votes if the Censor cannot.
        state.pm = choose_pm(state)
        if state.pm < 0:
            _end(state, "nobody is left to preside")
            return
    state.stash = [victim_popularity, len(state.ctx), *state.ctx, *state.proposal]
    state.ctx = []
    state.proposal = [P.MAJOR, leader, P.NONE]
    voting.start(state)
    _next_voter(state)


def _end_trial(state: S) -> None:
    queue = state.stash[1]
    state.ctx = state.stash[2 : 2 + queue]
    state.proposal = state.stash[2 + queue :]
    state.stash = []
    state.ballots = []
    state.bribed = []
    state.order = []
    _resume_floor(state)


def _resume_floor(state: S) -> None:
    """Back to the floor; a proposal naming someone no longer in Carthage is withdrawn."""
    named = [p for p in _persons_named(state) if state.ploc[p] != CARTHAGE]
    chair_gone = presiding(state) < 0 or state.ploc[presiding(state)] != CARTHAGE
    if named or chair_gone or state.pm < 0 or state.ploc[state.pm] != CARTHAGE:
        state.note("The proposal on the floor lapses")
        state.ctx = []
        _after(state)
        return
    _next_on_floor(state)


def _persons_named(state: S) -> list[int]:
    proposal = state.proposal
    slots = {
        P.SUFFETES: (1, 2),
        P.COMMITTEE: (2,),
        P.MINOR: (1, 2),
        P.MAJOR: (1, 2),
        P.GOVERNOR_KIND: (2,),
        P.TAX_UP: (1, 2),
        P.WAR: (2, 3),
        P.RECALL: (2,),
        P.CONCESSION: (2,),
        P.LIFE: (1,),
        P.EXPEDITION: (2,),
    }
    return [proposal[i] for i in slots.get(proposal[0], ()) if proposal[i] >= 0]


def _trial_targets(state: S) -> list[int]:
    faction = state.order[0]
    return [p for p in P.in_carthage(state) if state.owner[p] == faction]


def _trial_chit(state: S, chit: int) -> None:
    """A chit against the faction's Senators in Carthage (the cup as in §6.1)."""
    faction, left = state.order
    family, change = take_chit(state, chit)
    state.order = [faction, left + change]
    if family:
        found = struck(state, family, _trial_targets(state), "senate_trial_mago")
        if found is None:
            return
        for person in found:
            kill(state, person)
    _next_trial_chit(state)


def _trial_mago(state: S, person: int) -> None:
    if person in _trial_targets(state):
        kill(state, person)
    _next_trial_chit(state)


def _next_trial_chit(state: S) -> None:
    if state.order[1] > 0 and sum(state.cup) > 0:
        state.stage = "senate_trial_chits"
        return
    for drawn in state.drawn_chits:
        state.cup[drawn] += 1
    state.drawn_chits = []
    _after(state)


mago_stage("senate_trial_mago", _trial_mago)
stage(
    "senate_trial_chits",
    Stage(
        lambda s: -1,
        _trial_chit,
        lambda s, a: f"chit {chit_text(a)}",
        outcomes=lambda s: weighted(dict(enumerate(s.cup))),
    ),
)


def _after(state: S) -> None:
    """Go on after a proposal is settled: the PM may have left, the step may be over."""
    if state.stash:
        _end_trial(state)
        return
    previous = state.proposal[:2]
    state.proposal = []
    state.ballots = []
    state.bribed = []
    state.order = []
    if state.pm >= 0 and state.ploc[state.pm] != CARTHAGE:
        if state.owner[state.pm] >= 0 and state.in_play(state.pm):
            _end(state, "the PM has left Carthage")
            return
        state.pm = choose_pm(state)
        if state.pm < 0:
            _end(state, "nobody is left to preside")
            return
        state.note(f"{describe_person(state.pm)} presides over the Senate")
    step = state.sub
    if step == SUFFETE_STEP:
        # Only a rejected pair comes back here: the election goes on while pairs remain.
        if P.suffete_pairs(state):
            state.proposal = [P.SUFFETES]
            state.stage = "senate_propose"
            return
        _begin(state, COMMITTEE_STEP)
    elif step in (COMMITTEE_STEP, GOVERNOR_STEP):
        # Failures count per office: they carry on while the same seat is still to be filled.
        failures = state.failures
        _begin(state, step)
        if state.proposal[:2] == previous:
            state.failures = failures
    elif step == PROSECUTION_STEP:
        censor = state.office_holder[prosecution.CENSOR]
        if censor < 0 or state.ploc[censor] != CARTHAGE or not _prosecution_kinds(state):
            _end_prosecutions(state)
        else:
            state.stage = "senate_propose"
    else:
        _take_floor(state)


auto("senate_after", _after)


def _take_floor(state: S) -> None:
    """After a proposal in Other Business the next reservation, if any, takes the floor: its
    faction's lowest-numbered Senator in Carthage proposes (docs)."""
    state.floor = -1
    state.stage = "senate_propose"
    while state.reserved:
        faction = state.reserved[0]
        state.reserved = state.reserved[1:]
        members = voting.members_in_carthage(state, faction)
        if members:
            state.floor = min(members, key=lambda p: (family_of(p), p))
            state.note(f"{describe_person(state.floor)} takes the reserved floor")
            return


# -- 3. Home and Marine Suffete -------------------------------------------------------------


def _assign(state: S, home: int) -> None:
    first, second = state.ctx
    marine = second if home == first else first
    state.office_holder[P.HOME] = home
    state.office_holder[P.MARINE] = marine
    state.ctx = []
    state.note(f"{describe_person(home)} is Home Suffete, {describe_person(marine)} Marine Suffete")
    state.pm = choose_pm(state)
    state.note(f"{describe_person(state.pm)} presides over the Senate")
    _begin(state, COMMITTEE_STEP)


def _assign_apply(state: S, action: int) -> None:
    home = action - SA.PERSON
    first, second = state.ctx
    if state.owner[first] == state.owner[second]:
        _assign(state, home)
        return
    state.ctx = [first, second, home]
    state.stage = "senate_assign_agree"


stage(
    "senate_assign",
    Stage(
        lambda s: s.owner[s.ctx[0]],
        _assign_apply,
        lambda s, a: f"{describe_person(a - SA.PERSON)} to be Home Suffete",
        legal=lambda s: [SA.person(p) for p in s.ctx],
        neutral=lambda s: POLICY.home_suffete(s),
    ),
)


def _agree_apply(state: S, action: int) -> None:
    if action == SA.AYE:
        home = state.ctx.pop()
        _assign(state, home)
        return
    state.ctx.pop()
    state.note("The Suffetes disagree: the dice decide")
    state.stage = "senate_assign_roll"


_question(
    "senate_assign_agree",
    lambda s: s.owner[s.ctx[1]],
    _agree_apply,
    ("agree", "disagree"),
    lambda s: POLICY.agree_home(s),
)
stage(
    "senate_assign_roll",
    Stage(
        lambda s: -1,
        lambda s, a: _assign(s, s.ctx[a]),
        lambda s, a: f"{describe_person(s.ctx[a])} is Home Suffete",
        outcomes=lambda s: [(0, 0.5), (1, 0.5)],
    ),
)


# -- 6. repopulating Carthage -----------------------------------------------------------------


def _owned_in_carthage(state: S) -> int:
    return len(P.in_carthage(state))


def _receivers(state: S) -> list[int]:
    """The faction(s) with the fewest Senators, then the least Influence (§6.5.6)."""
    factions = range(state.rg.num_factions)

    def key(f: int) -> tuple[int, int]:
        persons = state.faction_persons(f)
        return len(persons), sum(state.inf[p] for p in persons)

    best = min(key(f) for f in factions)
    return [f for f in factions if key(f) == best]


def _dead_families(state: S) -> list[int]:
    return [p for p in range(N_PERSONS) if state.card_loc[p] == FORUM_DOWN]


def _live_senators(state: S) -> list[int]:
    return [
        p
        for p in range(N_PERSONS)
        if state.card_loc[p] == FORUM and state.owner[p] < 0 and CARDS[p].kind == "senator"
    ]


def _repopulate(state: S) -> None:
    """Give Forum Senators to the smallest factions until 8 are in Carthage (§6.5.6)."""
    if _owned_in_carthage(state) >= CARTHAGE_SENATORS or not (
        _dead_families(state) or _live_senators(state)
    ):
        _begin(state, OTHER_STEP)
        return
    receivers = _receivers(state)
    if len(receivers) > 1:
        state.ctx = receivers
        state.stage = "senate_repopulate_tie"
        return
    _give(state, receivers[0])


def _give(state: S, faction: int) -> None:
    state.ctx = []
    dead = _dead_families(state)
    if dead:
        _seat(state, min(dead, key=family_of), faction)
        _repopulate(state)
        return
    state.pos = faction
    state.stage = "senate_repopulate_pick"


def _seat(state: S, person: int, faction: int) -> None:
    state.card_loc[person] = IN_PLAY
    state.owner[person] = faction
    state.ploc[person] = CARTHAGE
    state.inf[person] = C.senators[int(CARDS[person].id)].inf
    state.pop[person] = 0
    state.note(f"{describe_person(person)} joins {state.rg.faction_names[faction]} (repopulation)")


stage(
    "senate_repopulate_tie",
    Stage(
        lambda s: -1,
        lambda s, a: _give(s, a),
        lambda s, a: f"{s.rg.faction_names[a]} receives the Senator",
        outcomes=lambda s: [(f, 1 / len(s.ctx)) for f in s.ctx],
    ),
)


def _pick_apply(state: S, action: int) -> None:
    _seat(state, action - SA.PERSON, state.pos)
    _repopulate(state)


stage(
    "senate_repopulate_pick",
    Stage(
        lambda s: s.pos,
        _pick_apply,
        lambda s, a: f"take {describe_person(a - SA.PERSON)}",
        legal=lambda s: [SA.person(p) for p in _live_senators(s)],
        neutral=lambda s: POLICY.pick_senator(s, _live_senators(s)),
    ),
)


# -- recalled commanders face the Public Reaction table ---------------------------------------


def _reaction(state: S, roll: int) -> None:
    """§6.5.7: 2d6 + Popularity on the Public Reaction table."""
    person = state.ctx.pop(0)
    total = roll + state.pop[person]
    row = next(r for r in reversed(C.public_reaction) if r.low <= total)
    state.note(f"Public Reaction for {describe_person(person)}: {total}: {row.text}")
    if row.result == "mob":
        kill(state, person)
    else:
        state.inf[person] = max(0, state.inf[person] + row.influence)
        state.pop[person] += row.popularity
    if not state.ctx:
        _after(state)


stage(
    "senate_reaction",
    Stage(
        lambda s: -1,
        _reaction,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)
