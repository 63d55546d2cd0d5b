"""What the Neutral factions (§9) do in the Senate Phase: a reconstructed policy (data in
``data/senate_policy.toml``, reasons in the docs).

Deterministic given the state. A Neutral names its own Senators first for office, sends rivals
to govern provinces, keeps the Republic alive (prosecutes wars it can win, raises taxes when the
State Treasury runs low, recruits when a war needs more) and votes by the same measures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import assassination, voting
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import (
    CARAVAN,
    at_home,
    forces_on,
    veterans_at_home,
)
from carthago.games.republic_of_carthage.specials import exploration_bonus
from carthago.games.republic_of_carthage.state import (
    CARDS,
    NEUTRAL_ROLES,
    UNITS,
    WAR_ACTIVE,
    WAR_UNPROSECUTED,
    WARS,
    family_of,
    stat,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

RATINGS = ("mil", "inf", "ora", "pop", "loy")
SUCCESS_AT = next(row.low for row in C.exploration_table if row.result == "success")
"""The lowest Exploration total that succeeds (§6.6.1, the Exploration table)."""
SHORT_STEP = 5
"""The shortfall penalty: 1 per 5 counters, or part of 5, short of the card's number."""


@dataclass(frozen=True, slots=True)
class Role:
    name: str
    candidate: str
    tax_below: int
    reserve: int
    war_margin: int
    prosecutes: bool
    buy: int
    tyrant: tuple[bool, bool]
    """Murders another faction's would-be Suffete for Life: (standard rule, §8 rule)."""
    rival: tuple[int, int]
    """Murders the most influential rival from this Influence (0: never): (standard, §8)."""
    explore_need: int
    explore_reserve: int


def _load() -> dict[str, Role]:
    data = load_toml("carthago.games.republic_of_carthage", "senate_policy.toml")
    roles: dict[str, Role] = {}
    for entry in data.get("role", []):
        where = f"senate_policy.toml role {entry.get('name')!r}"
        source(entry, where)
        name = reference(field(entry, "name", str, where), set(NEUTRAL_ROLES), "role", where)
        candidate = reference(field(entry, "candidate", str, where), set(RATINGS), "rating", where)
        roles[name] = Role(
            name,
            candidate,
            field(entry, "tax_below", int, where),
            field(entry, "reserve", int, where),
            field(entry, "war_margin", int, where),
            field(entry, "prosecutes", bool, where),
            field(entry, "buy", int, where),
            (
                field(entry, "tyrant_standard", bool, where),
                field(entry, "tyrant_optional", bool, where),
            ),
            (
                field(entry, "rival_standard", int, where),
                field(entry, "rival_optional", int, where),
            ),
            field(entry, "explore_need", int, where),
            field(entry, "explore_reserve", int, where),
        )
        if min(*roles[name].rival, roles[name].explore_need, roles[name].explore_reserve) < 0:
            raise ComponentDataError(f"{where}: thresholds and reserves must not be negative")
    if set(roles) != set(NEUTRAL_ROLES):
        raise ComponentDataError(f"senate_policy.toml must give every role {NEUTRAL_ROLES}")
    return roles


ROLES = _load()


def role_of(state: S, faction: int) -> Role:
    return ROLES[NEUTRAL_ROLES[state.neutral_role[faction]]]


def rating(state: S, person: int, name: str) -> int:
    if name == "inf":
        return state.inf[person]
    if name == "pop":
        return state.pop[person]
    return stat(person, name)


def force_strength(state: S, units: tuple[int, ...], veterans: tuple[int, ...]) -> int:
    """Armies and fleets count 1, Veterans 2 (§6.6.2); Trade Fleets and Caravans nothing."""
    return sum(units[u] + veterans[u] for u in P.MILITARY)


def war_strength(state: S, war: int) -> int:
    """The printed strength the force must beat: the naval part while it has one."""
    card = WARS[war]
    return card.naval if card.naval else card.land


class SenatePolicy:
    """The Neutral decisions of every Senate stage."""

    def _faction(self, state: S) -> int:
        from carthago.games.republic_of_carthage.phases import actor

        return actor(state)

    def _best(self, state: S, faction: int, persons: list[int], own_first: bool = True) -> int:
        role = role_of(state, faction)

        def key(p: int) -> tuple[int, int, int]:
            own = 0 if (state.owner[p] == faction) == own_first else 1
            return own, -rating(state, p, role.candidate), family_of(p)

        return min(persons, key=key)

    # -- proposing -------------------------------------------------------------------------

    def propose(self, state: S, legal: list[int]) -> int:
        faction = self._faction(state)
        role = role_of(state, faction)
        if not state.proposal:
            return self._kind(state, faction, role, legal)
        kind = state.proposal[0]
        if kind == P.EXPEDITION:
            return self._expedition_step(state, faction, legal)
        persons = [a - SA.PERSON for a in legal if SA.PERSON <= a < SA.PERSON + 100]
        counts = [a - SA.COUNT for a in legal if SA.COUNT <= a < SA.COUNT + SA.MAX_COUNT]
        if persons:
            if kind == P.GOVERNOR_KIND:
                # A province is a place to send a rival's strongest man (Player Notes).
                rivals = [p for p in persons if state.owner[p] != faction] or persons
                return SA.person(min(rivals, key=lambda p: (-state.inf[p], family_of(p))))
            if kind in (P.MINOR, P.MAJOR) and len(state.proposal) == 1:
                return SA.person(
                    min(persons, key=lambda p: (state.owner[p] == faction, -state.inf[p]))
                )
            if kind == P.TAX_UP and len(state.proposal) == 2:
                sponsor = state.proposal[1]
                others = [p for p in persons if state.owner[p] != state.owner[sponsor]] or persons
                return SA.person(self._best(state, faction, others, own_first=False))
            return SA.person(self._best(state, faction, persons))
        if counts:
            if kind == P.RECRUIT:
                unit = state.proposal[1]
                spare = max(
                    1, (state.treasury - role.reserve) // max(1, P.recruit_cost(state, unit))
                )
                return SA.count(min(max(counts), max(min(counts), min(spare, 4))))
            return SA.count(max(counts))
        if kind == P.WAR and len(state.proposal) == 1:
            wars = [a - SA.ITEM for a in legal]
            return SA.item(self._war_choice(state, wars))
        if kind == P.RECRUIT and len(state.proposal) == 1:
            units = [a - SA.ITEM for a in legal]
            return SA.item(self._unit_to_recruit(state, units))
        return legal[0]

    def _kind(self, state: S, faction: int, role: Role, legal: list[int]) -> int:
        kinds = {a - SA.KIND for a in legal if a != SA.PASS}
        if P.MINOR in kinds or P.MAJOR in kinds:
            if role.prosecutes and P.MINOR in kinds:
                return SA.kind(P.MINOR)
            return SA.PASS
        if P.WAR in kinds and self._winnable(state, role):
            return SA.kind(P.WAR)
        if P.TAX_UP in kinds and state.tax < 50 and state.treasury < role.tax_below:
            return SA.kind(P.TAX_UP)
        if P.RECRUIT in kinds and self._needs_troops(state) and self._affordable(state, role):
            return SA.kind(P.RECRUIT)
        if P.EXPEDITION in kinds and self.expedition(state, faction) is not None:
            return SA.kind(P.EXPEDITION)
        if P.CONCESSION in kinds:
            return SA.kind(P.CONCESSION)
        return SA.PASS

    def _unprosecuted(self, state: S) -> list[int]:
        return [
            w
            for w, status in enumerate(state.war_status)
            if status in (WAR_ACTIVE, WAR_UNPROSECUTED) and not forces_on(state, w)
        ]

    def _available_strength(self, state: S, war: int) -> int:
        units = tuple(at_home(state, u) if P.unit_allowed(u, war) else 0 for u in range(len(UNITS)))
        vets = tuple(
            veterans_at_home(state, u) if P.unit_allowed(u, war) else 0 for u in range(len(UNITS))
        )
        commanders = P.first_commanders(state)
        best = max((stat(p, "mil") for p in commanders), default=0)
        return force_strength(state, units, vets) + best

    def _winnable(self, state: S, role: Role) -> bool:
        return any(
            self._available_strength(state, w) >= war_strength(state, w) - role.war_margin
            and P.war_feasible(state, w)
            for w in self._unprosecuted(state)
        )

    def _war_choice(self, state: S, wars: list[int]) -> int:
        open_wars = [w for w in wars if w in self._unprosecuted(state)] or wars
        return min(
            open_wars,
            key=lambda w: (war_strength(state, w) - self._available_strength(state, w), w),
        )

    def _needs_troops(self, state: S) -> bool:
        return any(
            self._available_strength(state, w) < war_strength(state, w)
            for w in self._unprosecuted(state)
        )

    def _affordable(self, state: S, role: Role) -> bool:
        return any(
            state.unit_pool[u]
            and P.recruit_cost(state, u) > 0
            and state.treasury - P.recruit_cost(state, u) >= role.reserve
            for u in P.MILITARY
        )

    def _unit_to_recruit(self, state: S, units: list[int]) -> int:
        naval = any(WARS[w].naval or WARS[w].fleet_support for w in self._unprosecuted(state))
        military = [u for u in units if u in P.MILITARY] or units
        if naval and P.FLEET in military and at_home(state, P.FLEET) < 5:
            return P.FLEET
        return min(military, key=lambda u: (P.recruit_cost(state, u), u))

    # -- the other decisions ---------------------------------------------------------------

    def floor(self, state: S, legal: list[int]) -> int:
        """A Neutral plays its Laws at once (open hands, §9.1) and vetoes with Public Outcry a
        proposal that names one of its Senators for prosecution; otherwise it lets the vote go."""
        laws = [a for a in legal if SA.LAW <= a < SA.VETO]
        if laws:
            return laws[0]
        faction = state.ctx[0]
        proposal = state.proposal
        accused = proposal[1] if proposal[0] in (P.MINOR, P.MAJOR) else -1
        vetoes = [a for a in legal if SA.VETO <= a < SA.RESERVE]
        if vetoes and accused >= 0 and state.owner[accused] == faction:
            return vetoes[0]
        return self._assassination(state, faction, legal)

    # -- assassinations (§6.5.9, §8) -------------------------------------------------------

    def _tyrants(self, state: S, faction: int) -> list[int]:
        """Another faction's candidate for Suffete for Life on the floor, and a Suffete for
        Life elected this turn (his faction wins at the end of the turn if he lives, §7)."""
        found = []
        if state.proposal and state.proposal[0] == P.LIFE and len(state.proposal) > 1:
            found.append(state.proposal[1])
        if state.life_suffete >= 0 and state.life_turn == state.turn:
            found.append(state.life_suffete)
        return [p for p in found if state.owner[p] not in (faction, -1)]

    def assassination_target(self, state: S, faction: int, targets: set[int]) -> int:
        """Whom the Neutral ``faction`` tries to murder among ``targets``, or -1: a
        would-be tyrant if its role strikes at him under the rule in use, else the most
        influential rival once he reaches its role's threshold (docs)."""
        role = role_of(state, faction)
        rule = 1 if assassination.optional(state) else 0
        if role.tyrant[rule]:
            tyrants = [p for p in self._tyrants(state, faction) if p in targets]
            if tyrants:
                return tyrants[0]
        threshold = role.rival[rule]
        rivals = [p for p in targets if threshold and state.inf[p] >= threshold]
        return min(rivals, key=lambda p: (-state.inf[p], family_of(p), p), default=-1)

    def _assassination(self, state: S, faction: int, legal: list[int]) -> int:
        attempts = [assassination.decode(a) for a in legal if a >= SA.ASSASSINATE]
        target = self.assassination_target(state, faction, {t for _, t in attempts})
        if target < 0:
            return SA.PASS
        leader = state.faction_leader[faction]
        # The knife goes to the Senator it can best spare: not the Faction Leader (who holds
        # the faction's Traders), not an officer (the Senate needs him), the least Influence.
        assassin = min(
            (a for a, t in attempts if t == target),
            key=lambda p: (p == leader, not P.free_of_office(state, p), state.inf[p], p),
        )
        return assassination.attempt(assassin, target)

    # -- expeditions (§6.5.7 Send Expedition) ------------------------------------------------

    def expedition(self, state: S, faction: int) -> tuple[int, int, int, int] | None:
        """The expedition the Neutral ``faction`` proposes as PM, or None: (card, commander,
        unit, number). Its own Senator free of office with the best Exploration goes (the
        Influence of the command and of Success is his), with as many counters as the State
        Treasury pays above the role's reserve, up to the card's number; only when the roll he
        needs for Success is within the role's limit and no expedition pursues the card."""
        role = role_of(state, faction)
        if not role.explore_need:
            return None
        own = [p for p in P.office_candidates(state) if state.owner[p] == faction]
        pursued = {force.exploration for force in state.forces}
        budget = state.treasury - role.explore_reserve
        best: tuple[int, int, int, int, int] | None = None
        for card in P.explorations(state):
            if card in pursued:
                continue
            record = C.explorations[CARDS[card].id]
            for unit in P.expedition_units(card):
                printed = record.caravans if unit == CARAVAN else record.fleets
                number = max(
                    (
                        n
                        for n in range(1, printed + 1)
                        if P._expedition_cost(state, unit, n) <= budget
                    ),
                    default=0,
                )
                if not number:
                    continue
                other = record.fleets if unit == CARAVAN else record.caravans
                # The other kind of counter the card asks for (if any) is not sent at all.
                penalty = math.ceil((printed - number) / SHORT_STEP) + math.ceil(other / SHORT_STEP)
                for person in own:
                    rating = stat(person, "exp") + exploration_bonus(person, record.fleets > 0)
                    need = SUCCESS_AT - rating + penalty
                    plan = (need, card, person, unit, number)
                    if need <= role.explore_need and (best is None or plan < best):
                        best = plan
        if best is None or P.was_rejected(state, [P.EXPEDITION, *best[1:]]):
            return None
        return best[1:]

    def _expedition_step(self, state: S, faction: int, legal: list[int]) -> int:
        plan = self.expedition(state, faction)
        position = len(state.proposal) - 1
        if plan is not None:
            value = plan[position]
            wanted = (SA.item, SA.person, SA.item, SA.count)[position](value)
            if wanted in legal:
                return wanted
        return legal[0]

    def consent(self, state: S) -> int:
        """A prosecutor's owner agrees unless the accused is his own; a Committee member whose
        term just ran out takes the seat again."""
        faction = self._faction(state)
        proposal = state.proposal
        if proposal[0] in (P.MINOR, P.MAJOR) and state.owner[proposal[1]] == faction:
            return SA.PASS
        return SA.AYE

    def ballot(self, state: S, faction: int) -> int:
        role = role_of(state, faction)
        yes = self._supports(state, faction, role)
        choice = SA.YES_VOTE if yes else SA.NO_VOTE
        own_named = any(state.owner[p] == faction for p in self._named(state))
        money = voting.funds(state, faction)
        buy = 0
        if own_named:
            buys = [i for i, t in enumerate(SA.BUY) if t <= min(role.buy, money)]
            buy = max(buys)
        legal = voting.ballot_choices(state, faction)
        wanted = SA.vote(choice, buy)
        return wanted if wanted in legal else legal[0]

    def _named(self, state: S) -> list[int]:
        """The persons a proposal names as candidates, accused, sponsors or recipients."""
        slots = {
            P.SUFFETES: (1, 2),
            P.COMMITTEE: (2,),
            P.MINOR: (1,),
            P.MAJOR: (1,),
            P.GOVERNOR_KIND: (2,),
            P.TAX_UP: (1, 2),
            P.CONCESSION: (2,),
            P.LIFE: (1,),
            P.EXPEDITION: (2,),
        }
        proposal = state.proposal
        return [proposal[i] for i in slots.get(proposal[0], ()) if i < len(proposal)]

    def _supports(self, state: S, faction: int, role: Role) -> bool:
        proposal = state.proposal
        kind = proposal[0]
        proposer = state.owner[state.pm] if state.pm >= 0 else -1
        if kind == P.SUFFETES:
            return any(state.owner[p] == faction for p in proposal[1:]) or proposer == faction
        if kind == P.COMMITTEE:
            return state.owner[proposal[2]] == faction or proposer == faction
        if kind in (P.MINOR, P.MAJOR):
            accused = state.owner[proposal[1]]
            if accused == faction:
                return False
            if proposal[2] == P.NONE:  # the trial of a caught assassin's Faction Leader
                attempts = state.attempts
                victims = [
                    attempts[i + 1] for i in range(0, len(attempts), 2) if attempts[i] == accused
                ]
                return role.prosecutes or faction in victims
            return role.prosecutes or state.owner[proposal[2]] == faction
        if kind == P.GOVERNOR_KIND:
            return True
        if kind == P.TAX_UP:
            return state.treasury < role.tax_below
        if kind == P.TAX_DOWN:
            return state.treasury > 3 * role.tax_below
        if kind == P.RECRUIT:
            unit, number = proposal[1], proposal[2]
            return state.treasury - P.recruit_cost(state, unit) * number >= role.reserve
        if kind == P.DISBAND:
            return state.treasury < role.tax_below // 2
        if kind == P.WAR:
            units, vets = P.force_units(proposal, 4)
            commanders = [p for p in proposal[2:4] if p != P.NONE]
            strength = force_strength(state, units, vets) + sum(stat(p, "mil") for p in commanders)
            return strength >= war_strength(state, proposal[1]) - role.war_margin
        if kind == P.AUGMENT:
            return True
        if kind in (P.CONCESSION, P.LIFE):
            return state.owner[proposal[-1]] == faction
        if kind == P.EXPEDITION:
            return state.owner[proposal[2]] == faction or state.treasury >= role.reserve
        if kind == P.RECALL:
            force = state.forces[proposal[1]]
            return any(state.owner[c] != faction for c in force.commanders)
        return proposer == faction

    def home_suffete(self, state: S) -> int:
        """The better commander goes to sea: the other presides at home."""
        first, second = state.ctx[:2]
        home = min((first, second), key=lambda p: (stat(p, "mil"), family_of(p)))
        return SA.person(home)

    def agree_home(self, state: S) -> int:
        proposed_home = state.ctx[2]
        faction = self._faction(state)
        mine = [p for p in state.ctx[:2] if state.owner[p] == faction]
        return SA.AYE if not mine or proposed_home in mine else SA.PASS

    def pick_senator(self, state: S, senators: list[int]) -> int:
        return SA.person(max(senators, key=lambda p: (state.inf[p] + stat(p, "ora"), -p)))


POLICY = SenatePolicy()
