"""What the Neutral factions (§9) do in the Senate Phase: a reconstructed policy (data in
``data/senate_policy.toml``, reasons in the docs).

Deterministic given the state. A Neutral names its own Senators first for office, sends rivals
to govern provinces, keeps the Republic alive (prosecutes wars it can win at its odds on the
Combat table, recruits toward them, raises taxes when the State Treasury runs low, sues for peace
at four active wars) and votes by the same measures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import assassination, voting
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import (
    CARAVAN,
    REBEL_WAR,
    Force,
    at_home,
    forces_on,
    veterans_at_home,
)
from carthago.games.republic_of_carthage.revenue import (
    STATE_INCOME,
    UNIT_UPKEEP,
    revenue_risk,
    state_dues,
)
from carthago.games.republic_of_carthage.specials import exploration_bonus, war_bonus
from carthago.games.republic_of_carthage.stages import actor
from carthago.games.republic_of_carthage.state import (
    CARDS,
    NEUTRAL_ROLES,
    UNITS,
    WAR_ACTIVE,
    WAR_DEFEATED,
    WAR_INACTIVE,
    WAR_LOST,
    WAR_UNPROSECUTED,
    WARS,
    family_of,
    stat,
)
from carthago.games.republic_of_carthage.table_events import roll_penalty

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

RATINGS: Final = ("mil", "inf", "ora", "pop", "loy")
SUCCESS_AT: Final = next(row.low for row in C.exploration_table if row.result == "success")
"""The lowest Exploration total that succeeds (§6.6.1, the Exploration table)."""
SHORT_STEP: Final = 5
"""The shortfall penalty: 1 per 5 counters, or part of 5, short of the card's number."""
VICTORY_AT: Final = min(row.low for row in C.combat if row.result == "victory")
"""The lowest Combat total that wins (§6.6.2, the Combat table)."""
THREE_DICE: Final = {
    total: sum(1 for a in range(1, 7) for b in range(1, 7) if 1 <= total - a - b <= 6) / 216
    for total in range(3, 19)
}
"""The chance of each total of three dice."""
FLEET_SLOT: Final = 4 + 2 * P.MILITARY.index(P.FLEET)
"""Where a war proposal's count of fleets goes (after the war, two commanders and the armies'
counts and Veterans, proposals.force_units)."""
HOPELESS: Final = 0.05
"""Below this chance of Victory the computer factions call a force home (``_hopeless``)."""
FALL_AT: Final = 4
"""Four active, or four lost, wars at the end of the Combat Phase end the Republic (§7)."""


@dataclass(frozen=True, slots=True)
class Role:
    name: str
    candidate: str
    tax_below: int
    disband_below: int
    reserve: int
    win_odds: float
    """The least chance of Victory (§6.6.2, Combat table) for which it sends or supports a force."""
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
            field(entry, "disband_below", int, where),
            field(entry, "reserve", int, where),
            field(entry, "win_odds", float, where),
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
        if not 0 < roles[name].win_odds <= 1:
            raise ComponentDataError(f"{where}: win_odds must be a chance above 0")
    if set(roles) != set(NEUTRAL_ROLES):
        raise ComponentDataError(f"senate_policy.toml must give every role {NEUTRAL_ROLES}")
    return roles


ROLES: Final = _load()


def role_of(state: S, faction: int) -> Role:
    return ROLES[NEUTRAL_ROLES[state.neutral_role[faction]]]


def rating(state: S, person: int, name: str) -> int:
    if name == "inf":
        return state.inf[person]
    if name == "pop":
        return state.pop[person]
    return stat(person, name)


def affordable(state: S, role: Role, recruits: dict[int, int], margin: int = 0) -> bool:
    """Whether the State Treasury pays for ``recruits`` ({unit: number}) and keeps the role's
    reserve, and can still pay the next Revenue Phase's dues as the board stands, the
    recruits' upkeep included, with ``margin`` to spare: a treasury that cannot pay them is
    bankrupt, and the Republic falls with it (§6.2 steps 6 to 8, §7), even against a
    rebellion (any force sent keeps a revolt from winning unfought, §6.7.3)."""
    left = state.treasury - sum(P.recruit_cost(state, u) * n for u, n in recruits.items())
    if left < role.reserve:
        return False
    dues = sum(amount for amount, _ in state_dues(state)) + UNIT_UPKEEP * sum(recruits.values())
    return left + STATE_INCOME - dues - margin >= 0


def force_strength(state: S, war: int, units: tuple[int, ...], veterans: tuple[int, ...]) -> int:
    """What a force brings to its next battle against ``war`` (§6.6.2): its fleets at sea while
    the war's naval part stands, else its armies; each counts 1, a Veteran 2."""
    fighting = (P.FLEET,) if W.is_naval_battle(state, war) else P.ARMIES
    return sum(units[u] + veterans[u] for u in fighting)


def victory_odds(
    state: S, war: int, strength: int, commanders: list[int], naval: bool | None = None
) -> float:
    """The chance that a force of ``strength`` under ``commanders`` wins its next battle against
    ``war`` (§6.6.2): three dice plus the commanders' Military (and war bonuses) plus the force,
    less the war's strength as it stands now (matching wars, Enemy Leaders, Table Events) and
    Evil Omens, reaching the Combat table's Victory; a roll on a Standoff or Disaster number
    is no Victory unless a favoured Statesman commands. ``naval``: the battle at sea or on land
    (by default the next one the war offers)."""
    if not commanders:
        return 0.0
    if naval is None:
        naval = W.is_naval_battle(state, war)
    military = sum(stat(p, "mil") for p in commanders)
    if war != REBEL_WAR:  # a Statesman's "+N against the X Wars" is no help against rebels
        military += sum(war_bonus(p, WARS[war].family) for p in commanders)
    margin = military + strength - W.war_strength(state, war, naval) - roll_penalty(state)
    special: set[int] = set()
    if not W.ignores_numbers(commanders, war):
        standoff, disaster = W.special_numbers(state, war)
        special = standoff | disaster
    return sum(
        chance
        for roll, chance in THREE_DICE.items()
        if roll not in special and roll + margin >= VICTORY_AT
    )


def fleets_needed(war: int) -> int:
    """The fleets a force with armies needs (§6.5.7): the war's fleet support, and one at
    least against a war with a naval part; none against the rebellion (§6.7.3)."""
    if war == REBEL_WAR:
        return 0
    card = WARS[war]
    return max(card.fleet_support, 1 if card.naval else 0)


def active_wars(state: S) -> list[int]:
    return [w for w, status in enumerate(state.war_status) if W.in_war(status)]


def lost_wars(state: S) -> int:
    return sum(1 for status in state.war_status if status == WAR_LOST)


def force_odds(state: S, force: Force) -> float:
    """The chance of Victory of ``force`` in its next battle of the war it fights."""
    strength = force_strength(state, force.war, force.units, force.veterans)
    return victory_odds(state, force.war, strength, list(force.commanders))


def gathers(state: S, war: int) -> bool:
    """Whether a war of ``war``'s family that is neither Lost nor defeated may still join it:
    matching wars double and triple each other (§6.6.2)."""
    family = WARS[war].family
    return any(
        w != war and card.family == family and state.war_status[w] not in (WAR_LOST, WAR_DEFEATED)
        for w, card in enumerate(WARS)
    )


def wars_to_spare(state: S) -> int:
    """How many more wars the Republic can take before it falls (§7) as the board stands: the
    Active wars (the rebellion counted) still under four, and the peace it can still sue for
    before a fourth Lost War."""
    active = len(active_wars(state)) + (1 if state.rebels else 0)
    return max(0, FALL_AT - 1 - active) + max(0, FALL_AT - 1 - lost_wars(state))


class SenatePolicy:
    """The Neutral decisions of every Senate stage; with ``last_stand``, those of the computer
    factions (``heuristics.advise``), which also fight on at any odds once the Republic falls
    unless a war is won (``stands``); with ``strongest_commanders``, they lead their forces
    with the best soldiers the Senate may name (``_strongest``); with ``concentrate``, they sue
    for peace to undouble a matching war whatever the other wars (``_peace_for_match``), and
    send no force to an Inactive war while peace or recruiting can make an Active one winnable
    (``_active_first``); with ``soldier_suffetes``, they elect the best soldier in Carthage a
    Suffete (``_soldier_pair``); with ``worst_rolls``, they recruit only what leaves the next
    Revenue Phase its worst corruption and Province rolls (``revenue_risk``) besides its dues."""

    def __init__(
        self,
        last_stand: bool = False,
        stock_reserve: int = 0,
        strongest_commanders: bool = False,
        concentrate: bool = False,
        soldier_suffetes: bool = False,
        worst_rolls: bool = False,
    ) -> None:
        self.last_stand = last_stand
        self.stock_reserve = stock_reserve
        self.strongest_commanders = strongest_commanders
        self.concentrate = concentrate
        self.soldier_suffetes = soldier_suffetes
        self.worst_rolls = worst_rolls

    def _margin(self, state: S) -> int:
        """What ``affordable`` keeps besides the dues: with ``worst_rolls``, ``revenue_risk``,
        else nothing. Traced at six players (``normal`` factions): the Senate recruited ten
        fleets for 100T, leaving 12T beyond the next Revenue Phase's dues; three corruption rolls
        took 15T before the State's income came, and the Republic was bankrupt. The Neutrals
        keep their reconstructed aide."""
        return revenue_risk(state) if self.worst_rolls else 0

    def stands(self, state: S) -> bool:
        """Whether this policy makes its last stand now: four wars are active (the rebellion
        counted), so the Republic falls at the end of this Combat Phase unless one of them is
        won (§7). Any chance of Victory is then better than the certain fall: it recruits all
        the State can pay and sends the home force against the war it is likeliest to beat.
        Only the computer factions do so; the Neutrals keep to their reconstructed odds."""
        active = len(active_wars(state)) + (1 if state.rebels else 0)
        return self.last_stand and active >= FALL_AT

    def _faction(self, state: S) -> int:
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
        if kind == P.RECALL and len(state.proposal) == 2:
            return SA.PASS  # home, not to a new commander: the next force takes them along
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
            if kind == P.SUFFETES:
                loyal = [p for p in persons if not self._rebels_named(state, faction, [p])]
                persons = loyal or persons
                pair = self._soldier_pair(state, faction) if self.soldier_suffetes else ()
                named = [p for p in pair if p not in state.proposal[1:] and p in persons]
                if named:
                    return SA.person(named[0])
            if kind == P.WAR and self.strongest_commanders:
                war = state.proposal[1]
                return SA.person(self._strongest(state, faction, war, persons))
            if kind == P.TAX_UP and len(state.proposal) == 2:
                sponsor = state.proposal[1]
                others = [p for p in persons if state.owner[p] != state.owner[sponsor]] or persons
                return SA.person(self._best(state, faction, others, own_first=False))
            return SA.person(self._best(state, faction, persons))
        if counts:
            if kind == P.RECRUIT:
                plan = self._recruit_plan(state, faction, role)
                wanted = plan.get(state.proposal[1], min(counts))
                return SA.count(min(max(counts), max(min(counts), wanted)))
            if kind == P.WAR and len(state.proposal) < FLEET_SLOT and len(state.proposal) % 2 == 0:
                war = state.proposal[1]
                if W.is_naval_battle(state, war) and not self._land_follows(state, war, role):
                    # Armies sent along land at once after a fleet Victory: only when they
                    # would win there too; else the fleets go alone and the war waits.
                    return SA.count(min(counts))
            if kind == P.WAR and len(state.proposal) == FLEET_SLOT:
                war = state.proposal[1]
                if not W.is_naval_battle(state, war):
                    # On land fleets only carry the armies: the rest stay for the naval wars.
                    enough = [n for n in counts if n >= fleets_needed(war)]
                    return SA.count(min(enough, default=max(counts)))
            return SA.count(max(counts))
        if kind == P.SUE:
            wars = [a - SA.ITEM for a in legal]
            breakers = [w for w in self._peace_for_match(state, role) if w in wars]
            return SA.item(self._peace_choice(state, breakers or wars))
        if kind == P.WAR and len(state.proposal) == 1:
            wars = [a - SA.ITEM for a in legal]
            if REBEL_WAR in wars and self._rebellion_unfought(state, faction):
                return SA.item(REBEL_WAR)
            return SA.item(self._war_choice(state, role, wars))
        if kind == P.RECALL and len(state.proposal) == 1:
            stranded = [SA.item(i) for i in self._stranded(state)]
            return next((a for a in legal if a in stranded), legal[0])
        if kind == P.RECRUIT and len(state.proposal) == 1:
            units = [a - SA.ITEM for a in legal]
            unit = self._recruit_unit(state, faction, role)
            return SA.item(unit if unit is not None and unit in units else units[0])
        return legal[0]

    def _kind(self, state: S, faction: int, role: Role, legal: list[int]) -> int:
        kinds = {a - SA.KIND for a in legal if a != SA.PASS}
        if P.MINOR in kinds or P.MAJOR in kinds:
            if role.prosecutes and P.MINOR in kinds:
                return SA.kind(P.MINOR)
            return SA.PASS
        if P.SUE in kinds and self._must_sue(state):
            return SA.kind(P.SUE)
        if self._rebellion_unfought(state, faction):
            # An unfought revolt wins (§6.7.3): recruit toward the role's odds while the
            # treasury allows, then send whatever may go, ahead of every other war.
            if P.RECRUIT in kinds and self._recruit_unit(state, faction, role) is not None:
                return SA.kind(P.RECRUIT)
            if P.WAR in kinds and SA.item(REBEL_WAR) in (P.options(state, [P.WAR], True) or []):
                return SA.kind(P.WAR)
        undoubling = P.SUE in kinds and bool(self._peace_for_match(state, role))
        if self.concentrate and undoubling:
            # Before a hopeless force is called home (``_hopeless``): the peace may save it.
            return SA.kind(P.SUE)
        if P.RECALL in kinds and self._stranded(state):
            # A force that cannot fight where it is waits there for ever (docs, "Recall a
            # commander"): home, its counters join the next force the Senate sends.
            return SA.kind(P.RECALL)
        if P.WAR in kinds and self._winnable(state, role):
            return SA.kind(P.WAR)
        if self.stands(state):
            if P.RECRUIT in kinds and self._recruit_unit(state, faction, role) is not None:
                return SA.kind(P.RECRUIT)
            if P.WAR in kinds and any(self._odds(state, w) > 0 for w in self._open_wars(state)):
                return SA.kind(P.WAR)
        if P.TAX_UP in kinds and state.tax < 50 and state.treasury < role.tax_below:
            return SA.kind(P.TAX_UP)
        if undoubling:
            return SA.kind(P.SUE)
        if P.RECRUIT in kinds and self._recruit_unit(state, faction, role) is not None:
            return SA.kind(P.RECRUIT)
        if P.EXPEDITION in kinds and self.expedition(state, faction) is not None:
            return SA.kind(P.EXPEDITION)
        if P.CONCESSION in kinds:
            return SA.kind(P.CONCESSION)
        return SA.PASS

    def _rebels_named(self, state: S, faction: int, persons: list[int]) -> bool:
        """Whether ``persons`` holds a Senator of another faction now in revolt."""
        rebel = state.rebels[0] if state.rebels else -1
        return rebel not in (-1, faction) and any(state.owner[p] == rebel for p in persons)

    def _rebellion_unfought(self, state: S, faction: int) -> bool:
        """A revolt of another faction is under way and no force of the Senate faces it."""
        return bool(state.rebels) and state.rebels[0] != faction and not forces_on(state, REBEL_WAR)

    def _stranded(self, state: S) -> list[int]:
        """The forces at war that fight no more where they are and that the Senate may call
        home: left without a commander (dead or captured), or without what the war's next
        battle needs (every fleet lost at sea, the fleet support lost on land)."""
        return [
            i
            for i in P.recallable(state)
            if not state.forces[i].commanders
            or not W.can_give_battle(state, state.forces[i])
            or self._hopeless(state, state.forces[i])
        ]

    def _hopeless(self, state: S, force: Force) -> bool:
        """With ``concentrate``, outside a last stand: whether a force fights a war (not the
        rebellion, which wins unfought) at under ``HOPELESS`` odds. A Defeat kills its
        commanders and sends its counters back to the Force Pool; home, they go out again.
        Traced at six players: a force stood against the 2nd Sicilian War at 9 when the 3rd
        came and doubled it to 22; the force stayed, and it and its two commanders, the best
        soldiers in Carthage, died in the next battle."""
        if not self.concentrate or force.war in (-1, REBEL_WAR) or self.stands(state):
            return False
        return force_odds(state, force) < HOPELESS

    def _unprosecuted(self, state: S) -> list[int]:
        return [
            w
            for w, status in enumerate(state.war_status)
            if status in (WAR_ACTIVE, WAR_UNPROSECUTED) and not forces_on(state, w)
        ]

    def _commanders(self, state: S, war: int) -> list[int]:
        """Who would lead a force against ``war`` now, as the odds count it: the first
        commander the Senate may name (§6.5.7); with ``strongest_commanders`` the strongest of
        those. A Crisis's second commander (§6.5.7 Crisis) goes too but is not counted: the
        aide's odds keep their margin, and the force fights the better for him."""
        firsts = P.first_commanders(state)
        if not self.strongest_commanders or not firsts:
            return firsts[:1]
        return [self._strongest(state, -1, war, firsts)]

    def _strongest(self, state: S, faction: int, war: int, persons: list[int]) -> int:
        """The best soldier among ``persons`` against ``war``: Military and the bonus a
        Statesman has against its family (none against rebels); the faction's own first
        among equals (the command's Influence is worth having), then the least needed at home:
        not the presiding officer. The Neutrals name their own Senators first, whatever their
        Military; a computer faction, which falls with the Republic, names the best soldiers
        (traced: under the Separation of Powers a PM counted the Marine Suffete's Military 3,
        then named two of its own Senators of Military 1, and every faction, itself too, voted
        the force down, ten times a turn)."""

        def key(p: int) -> tuple[int, bool, bool, int]:
            military = stat(p, "mil")
            if war != REBEL_WAR:
                military += war_bonus(p, WARS[war].family)
            return -military, state.owner[p] != faction, p == state.pm, p

        return min(persons, key=key)

    def _soldier_pair(self, state: S, faction: int) -> tuple[int, ...]:
        """The Suffetes a computer PM names when another faction holds the best soldier in
        Carthage: its own best (``_best``) and that soldier, in the order a proposal names
        them (``P.suffete_pairs``); () when its own man is as good a soldier, or once the
        pair was rejected. The Marine Suffete is the first commander the Senate may send
        (§6.5.3, §6.5.7), and the Suffetes are the only ones until a Crisis: traced at six
        players, each faction voted only for its own, the fifth proposal passed without a
        vote, and its Marine Suffete had Military 1 while Senators of 3 sat in Carthage,
        against Sicilian wars of 16 and 22."""
        candidates = P.office_candidates(state)
        loyal = [p for p in candidates if not self._rebels_named(state, faction, [p])]
        if len(loyal) < 2:
            return ()
        own = self._best(state, faction, loyal)
        best = max(loyal, key=lambda p: (stat(p, "mil"), state.owner[p] == faction, -p))
        if stat(best, "mil") <= stat(own, "mil"):
            return ()
        pair = tuple(sorted((own, best), key=candidates.index))
        return () if P.was_rejected(state, [P.SUFFETES, *pair]) else pair

    def _names_best_soldier(self, state: S, pair: list[int]) -> bool:
        """Whether a pair of Suffetes holds the best Military of every Senator eligible
        (``P.office_candidates``): the computer factions, which fall with the Republic, elect
        such a pair whoever's Senators they are (``_soldier_pair``)."""
        eligible = P.office_candidates(state) + list(pair)
        return max(stat(p, "mil") for p in pair) >= max(stat(p, "mil") for p in eligible)

    def _home_strength(self, state: S, war: int, extra: dict[int, int] | None = None) -> int:
        """What every counter in Carthage that may fight ``war``, with ``extra`` recruits,
        brings to its next battle; armies go only with the war's fleet support (§6.5.7)."""
        extra = extra or {}
        allowed = [P.unit_allowed(u, war) for u in range(len(UNITS))]
        units = tuple(
            at_home(state, u) + extra.get(u, 0) if allowed[u] else 0 for u in range(len(UNITS))
        )
        vets = tuple(veterans_at_home(state, u) if allowed[u] else 0 for u in range(len(UNITS)))
        if not W.is_naval_battle(state, war) and units[P.FLEET] < fleets_needed(war):
            return 0
        return force_strength(state, war, units, vets)

    def _odds(self, state: S, war: int, extra: dict[int, int] | None = None) -> float:
        strength = self._home_strength(state, war, extra)
        return victory_odds(state, war, strength, self._commanders(state, war))

    def _land_follows(self, state: S, war: int, role: Role) -> bool:
        """Whether the armies in Carthage, under the proposal's commanders, beat the land part
        of a war at the role's odds."""
        armies = sum(
            at_home(state, u) + veterans_at_home(state, u)
            for u in P.ARMIES
            if P.unit_allowed(u, war)
        )
        commanders = [p for p in state.proposal[2:4] if p != P.NONE]
        return victory_odds(state, war, armies, commanders, naval=False) >= role.win_odds

    def _priority(self, state: S, war: int) -> tuple[bool, int]:
        """Which war goes first among those the home force beats, or recruiting makes it
        beat: the most dangerous (``_danger``); with ``concentrate`` (the computer factions)
        one whose family may still gather before any other (``gathers``). Traced at six
        players: the 2nd Sicilian War, undoubled to 11, waited while the Senate spent its
        treasury on fourteen fleets for the Pyrrhic War's naval battle, a Fleet Victory that
        ends nothing; the 1st Sicilian War came the next turn and doubled it again."""
        return self.concentrate and gathers(state, war), self._danger(state, war)

    def _danger(self, state: S, war: int) -> int:
        """A war's land strength as it stands: what it would take to end it."""
        return W.war_strength(state, war, False)

    def _winnable_wars(self, state: S, role: Role) -> list[int]:
        """The open Active wars the home force beats at the role's odds; when there is none,
        the Inactive ones it beats so (Player Notes: the little wars fill the Force Pool and
        open provinces, and a war beaten before it wakes never counts toward the four), but not
        in a last stand, which only an Active war's defeat can end."""
        skip = self.stands(state) or self._active_first(state, role)
        inactive = [] if skip else self._inactive(state)
        for wars in (self._unprosecuted(state), inactive):
            found = [
                w
                for w in wars
                if P.war_feasible(state, w) and self._odds(state, w) >= role.win_odds
            ]
            if found:
                return found
        return []

    def _active_first(self, state: S, role: Role) -> bool:
        """In the solitaire game (one player, §9) only: whether an open Active war that
        recruiting can make winnable puts off every Inactive one. An Active war costs 20T a
        turn and counts toward the four that end the Republic, an Inactive one neither; yet a
        Senate that finds a little Inactive war its home force beats sends that force there
        and recruits nothing, and the Active war waits for its matching wars to double and
        triple it (traced: seed 1 of ``benchmarks/carthage_falls.py`` at one player sent its
        Legions against the Conquest of Tunisia, strength 4, while the 4th Sicilian War stood
        at 11 with 333T in the treasury; three more Sicilian wars joined it and the Republic
        fell). With two or more players only the computer factions (``concentrate``), which
        also put Inactive wars off while suing for peace in a matching war makes an Active one
        winnable (``_peace_for_match``): traced at six players, two Sicilian wars at 16 and 22
        stood while the Marine Suffete took the home force to the Conquest of Tunisia; had the
        4th been given up, the 1st, undoubled to 8, fell to that force. The next turn two more
        Sicilian wars came, all four tripled, and the Republic fell."""
        if state.rg.num_players > 1 and not self.concentrate:
            return False
        if any(self._plan_for(state, role, war) for war in self._unprosecuted(state)):
            return True
        return self.concentrate and bool(self._peace_for_match(state, role))

    def _open_wars(self, state: S) -> list[int]:
        """The Active wars no force fights that a proposal may name now."""
        return [w for w in self._unprosecuted(state) if P.war_feasible(state, w)]

    def _inactive(self, state: S) -> list[int]:
        return [
            w
            for w, status in enumerate(state.war_status)
            if status == WAR_INACTIVE and not forces_on(state, w)
        ]

    def _winnable(self, state: S, role: Role) -> bool:
        return bool(self._winnable_wars(state, role))

    def _war_choice(self, state: S, role: Role, wars: list[int]) -> int:
        """The most dangerous open war the home force beats at the role's odds; else the war
        it is likeliest to beat (in a last stand, of the Active ones)."""
        winnable = [w for w in self._winnable_wars(state, role) if w in wars]
        if winnable:
            return max(winnable, key=lambda w: (*self._priority(state, w), -w))
        if self.stands(state):
            wars = [w for w in wars if w in self._unprosecuted(state)] or wars
        return max(wars, key=lambda w: (self._odds(state, w), -w))

    def _recruit_plan(self, state: S, faction: int, role: Role) -> dict[int, int]:
        """The counters to recruit ({unit: number}, cheapest first) that let the home force
        beat an open war at the role's odds, keeping the role's reserve in the State Treasury:
        for the most dangerous open Active war recruiting can bring there, else the most
        dangerous Inactive one (the order of ``_winnable_wars``: a little war beaten early
        fills the Force Pool for the big ones). Empty while some war is already winnable (it
        goes first) or when none can be made so. An unfought revolt of another faction comes
        before every war (§6.7.3: it wins unless fought), and every counter the budget buys
        helps there even short of the role's odds."""
        if self._rebellion_unfought(state, faction):
            return self._plan_for(state, role, REBEL_WAR, partial=True)
        if self._winnable(state, role):
            return {}
        if self.stands(state):
            plans = [
                (self._odds(state, war, plan), -war, plan)
                for war in self._unprosecuted(state)
                for plan in [self._plan_for(state, role, war, partial=True)]
            ]
            return max(plans, key=lambda entry: entry[:2], default=(0, 0, {}))[2]
        for wars in (self._unprosecuted(state), self._inactive(state)):
            found = {war: plan for war in wars if (plan := self._plan_for(state, role, war))}
            if found:
                return found[max(found, key=lambda w: (*self._priority(state, w), -w))]
        return self._stock(state, role)

    def _stock(self, state: S, role: Role) -> dict[int, int]:
        """With ``stock_reserve`` (the computer factions): when recruiting can bring no open
        Active war to the role's odds, the counters that bring the home force closest against
        the likeliest of them, while the State keeps ``stock_reserve`` talents. A Force Pool
        left unrecruited helps no later turn: traced, a Senate holding 300 to 700T kept ten
        armies in the pool for six turns while the Pyrrhic War, one battle short of even odds,
        waited for Pyrrhus to join it; and a last stand sends only what is at home."""
        if not self.stock_reserve:
            return {}
        keeping = replace(role, reserve=max(role.reserve, self.stock_reserve))
        plans = []
        for war in self._unprosecuted(state):
            plan = self._plan_for(state, keeping, war, partial=True)
            odds = self._odds(state, war, plan)
            if plan and odds > self._odds(state, war):
                plans.append((odds, -war, plan))
        return max(plans, key=lambda entry: entry[:2], default=(0.0, 0, {}))[2]

    def _plan_for(self, state: S, role: Role, war: int, partial: bool = False) -> dict[int, int]:
        """The counters that bring the home force to the role's odds against ``war`` within
        the budget (``affordable``); when they cannot, none, or with ``partial`` (a rebellion,
        which wins unless fought) as many as the budget buys."""
        plan: dict[int, int] = {}
        margin = self._margin(state)
        while self._odds(state, war, plan) < role.win_odds:
            unit = self._next_recruit(state, war, plan)
            more = {**plan, unit: plan.get(unit, 0) + 1}
            if unit < 0 or not affordable(state, role, more, margin):
                return plan if partial else {}
            plan = more
        return plan

    def _next_recruit(self, state: S, war: int, plan: dict[int, int]) -> int:
        """The next counter to add: fleets at sea and up to the war's fleet support, then the
        cheapest army the Force Pool still holds that may fight the war; -1 when none."""

        def left(unit: int) -> int:
            if P.recruit_cost(state, unit) <= 0:
                return 0
            return state.unit_pool[unit] - plan.get(unit, 0)

        fleets = at_home(state, P.FLEET) + plan.get(P.FLEET, 0)
        if W.is_naval_battle(state, war) or fleets < fleets_needed(war):
            return P.FLEET if left(P.FLEET) > 0 else -1
        armies = [u for u in P.ARMIES if P.unit_allowed(u, war) and left(u) > 0]
        return min(armies, key=lambda u: (P.recruit_cost(state, u), u), default=-1)

    def _recruit_unit(self, state: S, faction: int, role: Role) -> int | None:
        """The first unit of the recruiting plan the Senate may still be asked for."""
        legal = P.options(state, [P.RECRUIT], True) or []
        plan = self._recruit_plan(state, faction, role)
        return next((u for u in plan if SA.item(u) in legal), None)

    def _must_sue(self, state: S) -> bool:
        """Four active wars at the end of the Combat Phase end the Republic (§7), whatever is
        sent against them: at four the Senate sues for peace, unless a fourth Lost War would
        end it as surely."""
        active = len(active_wars(state)) + (1 if state.rebels else 0)
        return active >= FALL_AT and lost_wars(state) + 1 < FALL_AT

    def _peace_for_match(self, state: S, role: Role) -> list[int]:
        """Open Active wars worth giving up although four are not yet active: no open war can
        be won or recruited for, and losing this one would make a matching war winnable,
        with what recruiting can buy (matching wars double or triple each other's strength,
        §6.6.2). Only while a Lost War to spare remains after it, so that a fourth active
        war can still be sued away (``_must_sue``); the designer's notes allow a Senate that
        seeks peace by design. With ``concentrate`` (the computer factions) a war of another
        family that can be won does not put it off, only a matching war that can be beaten
        as it stands: traced at six players, two Sicilian wars at 16 and 22 stood while the
        Senate recruited fleets for the Pyrrhic War's naval battle, with seventeen strength at
        home and in the Force Pool against the 1st Sicilian War's 8 once undoubled; two more
        Sicilian wars came the next turn, tripling all four, and two were sued away at once."""
        open_wars = self._unprosecuted(state)
        if lost_wars(state) + 2 >= FALL_AT:
            return []
        if not self.concentrate and (
            any(self._odds(state, w) >= role.win_odds for w in open_wars)
            or any(self._plan_for(state, role, w) for w in open_wars)
        ):
            return []
        found = []
        for war in open_wars:
            partners = [w for w in open_wars if w != war and WARS[w].family == WARS[war].family]
            fought = self._fought_partners(state, war)
            if self.concentrate and any(
                self._odds(state, w) >= role.win_odds or self._plan_for(state, role, w)
                for w in partners
            ):
                continue
            if any(self._force_odds(state, w) >= role.win_odds for w in fought):
                continue
            after = state._clone_to_change()
            after.war_status[war] = WAR_LOST
            if any(
                (P.war_feasible(after, w) and self._odds(after, w) >= role.win_odds)
                or self._plan_for(after, role, w)
                for w in partners
            ) or any(self._force_odds(after, w) >= role.win_odds for w in fought):
                found.append(war)
        return found

    def _fought_partners(self, state: S, war: int) -> list[int]:
        """With ``concentrate``: the Active wars of ``war``'s family that a force of the Senate
        fights already. Traced at six players: a force stood against the 2nd Sicilian War at 9
        when the 3rd came and doubled it to 22; no peace undoubled it (only wars no force
        fights were weighed), and the force and both its commanders died there."""
        if not self.concentrate:
            return []
        family = WARS[war].family
        return [
            w
            for w in active_wars(state)
            if w != war and WARS[w].family == family and forces_on(state, w)
        ]

    def _force_odds(self, state: S, war: int) -> float:
        """The best chance of Victory of the forces at ``war`` in their next battle."""
        return max((force_odds(state, state.forces[i]) for i in forces_on(state, war)), default=0.0)

    def _peace_choice(self, state: S, wars: list[int]) -> int:
        """The war to give up: one no force is fighting, that the home force is least likely
        to beat, the strongest of those (a matching war left behind is weaker for it)."""
        return min(
            wars,
            key=lambda w: (
                bool(forces_on(state, w)),
                self._odds(state, w),
                -self._danger(state, w),
                w,
            ),
        )

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
        attempts = [assassination.decode(a) for a in legal if assassination.is_attempt(a)]
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
            buy = SA.largest_buy(min(role.buy, money))
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
            if self._rebels_named(state, faction, proposal[1:3]):
                # A Suffete presides and proposes (§6.5): one of the rebels' faction would
                # adjourn, and an unfought revolt wins (§6.7.3).
                return False
            if self.soldier_suffetes and self._names_best_soldier(state, proposal[1:3]):
                return True
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
            return affordable(state, role, {proposal[1]: proposal[2]}, self._margin(state))
        if kind == P.DISBAND:
            return state.treasury < role.disband_below
        if kind == P.WAR and proposal[1] == REBEL_WAR:
            # Any force beats none against another faction's revolt: unfought, it wins.
            return bool(state.rebels) and state.rebels[0] != faction
        if kind == P.WAR:
            units, vets = P.force_units(proposal, 4)
            commanders = [p for p in proposal[2:4] if p != P.NONE]
            strength = force_strength(state, proposal[1], units, vets)
            odds = victory_odds(state, proposal[1], strength, commanders)
            return odds >= role.win_odds or (self.stands(state) and odds > 0)
        if kind == P.SUE:
            return self._must_sue(state) or proposal[1] in self._peace_for_match(state, role)
        if kind == P.AUGMENT:
            return True
        if kind in (P.CONCESSION, P.LIFE):
            return state.owner[proposal[-1]] == faction
        if kind == P.EXPEDITION:
            return state.owner[proposal[2]] == faction or state.treasury >= role.reserve
        if kind == P.RECALL:
            force = state.forces[proposal[1]]
            return not force.commanders or any(state.owner[c] != faction for c in force.commanders)
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


POLICY: Final = SenatePolicy()
STOCK_RESERVE: Final = 100
"""Talents the computer factions keep in the State Treasury when they recruit ahead of need
(``SenatePolicy._stock``)."""
COMPUTER_POLICY: Final = SenatePolicy(
    last_stand=True,
    stock_reserve=STOCK_RESERVE,
    strongest_commanders=True,
    concentrate=True,
    soldier_suffetes=True,
    worst_rolls=True,
)
