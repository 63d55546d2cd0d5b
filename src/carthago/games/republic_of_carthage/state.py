"""The whole state of a game of The Republic of Carthage, as plain lists and ints.

Designed for the whole rulebook: every card instance has a location (``card_loc``); Senators and
Statesmen in play ("persons", the same indices as their cards) carry Influence, Popularity,
Traders, talents, Liable markers and where they are; offices, provinces, wars, forces, the State
Treasury, trade stacks and hands are all here. The rules live in the phase modules; this module
keeps the data, its copies, its snapshots and what each player may see of it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, Self

from carthago.core.errors import InvalidStateError
from carthago.core.state import CHANCE, TERMINAL, JSONDict, State
from carthago.games.republic_of_carthage.components import COMPONENTS, NEUTRAL_ROLE_NAMES
from carthago.games.republic_of_carthage.stages import actor

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.game import RepublicOfCarthageGame
    from carthago.games.republic_of_carthage.hidden import Infostate

C: Final = COMPONENTS
CARDS: Final = C.cards
N_CARDS: Final = len(CARDS)
SENATOR_INDEX: Final = {int(card.id): i for i, card in enumerate(CARDS) if card.kind == "senator"}
STATESMAN_INDEX: Final = {card.id: i for i, card in enumerate(CARDS) if card.kind == "statesman"}
N_PERSONS: Final = len(SENATOR_INDEX) + len(STATESMAN_INDEX)
"""Senators and Statesmen are the first cards: a person's index is his card's index."""
OFFICES: Final = tuple(sorted(C.offices.values(), key=lambda office: office.rank))
OFFICE_INDEX: Final = {office.id: i for i, office in enumerate(OFFICES)}
PROVINCES: Final = tuple(C.provinces.values())
PROVINCE_INDEX: Final = {province.id: i for i, province in enumerate(PROVINCES)}
WARS: Final = tuple(C.wars.values())
WAR_INDEX: Final = {war.id: i for i, war in enumerate(WARS)}
UNITS: Final = tuple(C.units.values())
UNIT_INDEX: Final = {unit.id: i for i, unit in enumerate(UNITS)}
N_COMMODITIES: Final = len(C.commodities)
N_CHITS: Final = sum(C.mortality)
N_CHIT_KINDS: Final = C.mortality[0] + 2
CHIT_NONE, CHIT_DRAW_TWO = C.mortality[0], C.mortality[0] + 1
"""Chit kinds: 0..24 the Senator ids 1..25, then None, then Draw 2."""
NEUTRAL_ROLES: Final = NEUTRAL_ROLE_NAMES

# Where a card is (card_loc).
LATE_DECK: Final = 0
DECK: Final = 1
RED_DECK: Final = 2
SENATOR_PILE: Final = 3
FORUM: Final = 4
FORUM_DOWN: Final = 5
IN_PLAY: Final = 6
DISCARD: Final = 7
REMOVED: Final = 8
HAND: Final = 10
"""A card in faction f's hand is at HAND + f."""

# Where a person in play is (ploc); OUT means "not in play" (see card_loc).
OUT: Final = 0
CARTHAGE: Final = 1
GOVERNOR: Final = 2
AT_WAR: Final = 3
EXPEDITION: Final = 4
EXILE: Final = 5
CAPTURED: Final = 6
REBEL: Final = 7
COVERED: Final = 8
PLACE_NAMES: Final = (
    "out",
    "Carthage",
    "governor",
    "at war",
    "expedition",
    "exile",
    "captured",
    "rebel",
    "covered",
)

# Province card states (prov_loc).
PROV_UNBORN: Final = 0
PROV_FORUM: Final = 1
PROV_GOVERNED: Final = 2
PROV_GONE: Final = 3
# War states (war_status).
WAR_UNSEEN: Final = 0
WAR_INACTIVE: Final = 1
WAR_ACTIVE: Final = 2
WAR_UNPROSECUTED: Final = 3
WAR_LOST: Final = 4
WAR_DEFEATED: Final = 5
WAR_STATUS_NAMES: Final = ("unseen", "inactive", "active", "unprosecuted", "lost", "defeated")
LEADERS: Final = tuple(C.leaders.values())
LEADER_INDEX: Final = {leader.id: i for i, leader in enumerate(LEADERS)}
# Enemy Leader states (leader_status).
LEADER_UNSEEN: Final = 0
LEADER_INACTIVE: Final = 1
LEADER_ACTIVE: Final = 2
LEADER_REMOVED: Final = 3
LEADER_STATUS_NAMES: Final = ("unseen", "inactive", "active", "removed")
TABLE_EVENTS: Final = tuple(C.table_events.values())
TABLE_EVENT_INDEX: Final = {event.id: i for i, event in enumerate(TABLE_EVENTS)}

_LIST_FIELDS: Final = (
    "card_loc",
    "card_origin",
    "card_holder",
    "owner",
    "ploc",
    "inf",
    "pop",
    "traders",
    "talents",
    "liable",
    "under",
    "office_holder",
    "office_term",
    "prov_loc",
    "prov_gov",
    "prov_term",
    "prov_dev",
    "war_status",
    "unit_pool",
    "unit_active",
    "unit_veteran",
    "unit_unavailable",
    "faction_treasury",
    "faction_leader",
    "stack",
    "reserve",
    "to_return",
    "trade_income",
    "cup",
    "drawn_chits",
    "order",
    "ctx",
    "offered",
    "neutral_role",
    "winners",
    "sold_cards",
    "sold_kinds",
    "rebel_units",
    "rebels",
    "table_event",
    "leader_status",
    "war_deserters",
    "votes",
    "pirated",
    "card_forum",
    "proposal",
    "ballots",
    "failed",
    "prior",
    "prior_kind",
    "last_out",
    "immune",
    "stepped",
    "leavers",
    "gov_turn",
    "reserved",
    "attempts",
    "stash",
    "fleet_victory",
    "generals",
    "captives",
    "veteran_of",
    "fought",
    "won",
    "rebel_veterans",
    "card_ctx",
    "trade_mod",
    "roll_bonus",
    "forum_held",
    "hired",
    "bribed",
    "hand_offers",
    "traded",
)
_INT_FIELDS: Final = (
    "turn",
    "era",
    "treasury",
    "tax",
    "pos",
    "sub",
    "trade_fleets",
    "caravans",
    "last_return",
    "mortality_left",
    "offer_round",
    "bankrupt",
    "first_human_turn",
    "initiative",
    "initiatives",
    "pm",
    "crisis",
    "tax_turn",
    "life_suffete",
    "life_turn",
    "life_proposed",
    "prosecutions",
    "proposals",
    "failures",
    "floor",
    "rebel_turn",
    "revolt_won",
)
_STR_FIELDS: Final = ("stage", "ended", "resume", "card_resume")


class RepublicOfCarthageState(State):
    """A position; ``stage`` names the step of the sequence of play being carried out."""

    __slots__ = (
        *_LIST_FIELDS,
        *_INT_FIELDS,
        *_STR_FIELDS,
        "trade_hands",
        "offer",
        "forces",
        "infostates",
    )

    def __init__(self, game: RepublicOfCarthageGame) -> None:
        super().__init__(game)
        factions = game.num_factions
        self.infostates: dict[int, Infostate] = {}
        """Each player's resampling memory (``hidden.Infostate``): the truth's own, never copied."""
        self.stage = "setup_deal_senators"
        self.ended = ""
        self.resume = ""
        """The stage a Mortality draw returns to once every chit is drawn."""
        self.turn = 0
        self.era = 1
        self.treasury = 0
        self.tax = 0
        self.pos = 0
        self.sub = 0
        self.trade_fleets = 0
        self.caravans = 0
        self.last_return = -1
        self.mortality_left = 0
        self.offer_round = 0
        self.bankrupt = 0
        self.first_human_turn = 0
        self.pm = -1
        """The Presiding Magistrate during the Senate Phase (§6.5), -1 outside it."""
        self.crisis = 0
        """1 when Crisis conditions held at the start of this turn's Senate Phase (§6.5.7)."""
        self.tax_turn = -1
        """The turn the Senate last changed the Tax Rate (once per turn, §6.5.7)."""
        self.life_suffete = -1
        """The Senator the Senate declared Suffete for Life (§6.5.7), -1 if none: if he and
        Carthage survive the turn ``life_turn``, his faction wins (§7, checked by the Victory
        step at the end of that turn)."""
        self.life_turn = -1
        """The turn of the Suffete for Life's election (-1 if none)."""
        self.life_proposed = -1
        """The turn a Suffete for Life was last proposed (once per turn, §6.5.7)."""
        self.prosecutions = 0
        """Prosecutions used this turn, a minor one counting 1 and a major one 2 (§6.5.5)."""
        self.proposals = 0
        """Proposals put to the vote in this Senate's Other Business (the engine bound, docs)."""
        self.failures = 0
        """Failed proposals for the office now being filled (the engine bound, docs)."""
        self.floor = -1
        """The Senator making the current proposal on a reserved floor (§6.5.8), else -1."""
        self.card_loc = [REMOVED] * N_CARDS
        self.card_origin = [-1] * N_CARDS
        self.card_holder = [-1] * N_CARDS
        self.owner = [-1] * N_PERSONS
        self.ploc = [OUT] * N_PERSONS
        self.inf = [0] * N_PERSONS
        self.pop = [0] * N_PERSONS
        self.traders = [0] * N_PERSONS
        self.talents = [0] * N_PERSONS
        self.liable = [0] * N_PERSONS
        self.under = [-1] * N_PERSONS
        self.office_holder = [-1] * len(OFFICES)
        self.office_term = [0] * len(OFFICES)
        self.prov_loc = [PROV_UNBORN] * len(PROVINCES)
        self.prov_gov = [-1] * len(PROVINCES)
        self.prov_term = [0] * len(PROVINCES)
        self.prov_dev = [0] * len(PROVINCES)
        self.war_status = [WAR_UNSEEN] * len(WARS)
        self.unit_pool = [0] * len(UNITS)
        self.unit_active = [0] * len(UNITS)
        self.unit_veteran = [0] * len(UNITS)
        self.unit_unavailable = [0] * len(UNITS)
        self.faction_treasury = [0] * factions
        self.faction_leader = [-1] * factions
        self.stack = [0] * N_COMMODITIES
        self.reserve = [0] * N_COMMODITIES
        self.to_return = [0] * N_COMMODITIES
        self.trade_income = [0] * factions
        self.sold_cards = [0] * factions
        self.sold_kinds = [0] * factions
        """Per faction, a bit set of the commodities it sold this Trade Phase."""
        self.rebel_units = [0] * len(UNITS)
        """Armies following a rebel (§6.7.3), by unit type; maintained by the rebel faction."""
        self.rebels: list[int] = []
        """The rebel faction and commanders, [faction, person, ...], or [] without a revolt."""
        self.table_event = [0] * len(C.table_events)
        """Per Table Event (data order): 0 not on the board, 1 face up, 2 upside down (it recurred
        this turn). An event lies on the board, in force, from the initiative that drew it until
        the next Forum Phase removes it (§6.4.1); table_events.py says what each level does."""
        self.leader_status = [LEADER_UNSEEN] * len(LEADERS)
        """Per Enemy Leader (data order): unseen, in the Leaders area (inactive), with his Active
        wars, or removed from play (§6.4.2 Enemy Leader, §6.4.4 Aging Leaders)."""
        self.war_deserters = [0] * (len(WARS) * len(UNITS))
        """Counters that deserted when war w appeared, at w * len(UNITS) + unit: they sit in
        ``unit_unavailable`` until Carthage defeats war w (§6.4.2 War); Combat gives them back."""
        self.votes = [0] * factions
        """Per faction, the votes tallied at the end of the Forum Phase (§6.4.4): the Oratory of
        its Senators in Carthage."""
        self.pirated = [0] * N_COMMODITIES
        """Trade cards the Pirates Table Event took, by commodity: back to their stacks when the
        event is removed at the next Forum Phase."""
        self.card_forum = [0] * N_CARDS
        """1 for a hand card drawn from the deck in a Forum Phase (its ``card_origin`` is the
        draw), 0 for cards dealt at set-up: hidden.py redraws the two groups apart."""
        self.card_ctx: list[int] = []
        """An Event or Intrigue play under way, or a card reaction window (card_play.py)."""
        self.card_resume = ""
        """The stage a card play or a card window returns to (card_play.py)."""
        self.trade_mod = [0] * N_COMMODITIES
        """Per commodity, 4 * turn + mode of a Trade Phase value Event played that turn (mode 1
        double, 2 half rounded up; card_play.card_value): only the turn it names counts."""
        self.roll_bonus = [0] * (2 * factions)
        """Per faction, 1 at 2 * f for a pending Fair Winds (next Exploration roll), at 2 * f + 1
        for a pending Sacred Band (next war roll with a legion): card_play.take_roll_bonus."""
        self.forum_held = [0] * factions
        """Per faction, a public upper bound on the hand cards it may hold from Forum draws: its
        draws to hand, less the Events it played or lost to Influence Peddling, plus Events it
        took (card_play.py asks a human faction in a card window only when this is positive)."""
        self.hired: list[int] = []
        """First commanders of the forces sent this turn under a Mercenary Contract: each such
        force fights its next land battle this turn with the card's armies (senate_intrigues)."""
        self.bribed: list[int] = []
        """Factions that played Bribery of the Council on the vote under way: their bought votes
        count double (senate_intrigues.py)."""
        self.hand_offers = [0] * factions
        """Per faction, the offers of hand cards it opened in this Revolution Phase (§6.7.2)."""
        self.traded: list[int] = []
        """``[history index, card, giver, receiver, ...]``: every card a human faction named in
        an offer of hand cards to another human, or in its return (hand_trades.py); resampling
        rewrites these entries with the card they carry (hidden.py)."""
        self.initiative = -1
        """The faction taking the current Forum initiative (§6.4.2), -1 outside one."""
        self.initiatives = 0
        """Initiatives taken in this Forum Phase, auctioned ones included (§6.4.3: six in all)."""
        self.proposal: list[int] = []
        """The proposal being made (§6.5): its kind, then its parameters (proposals.py)."""
        self.ballots: list[int] = []
        """The vote under way: each faction's ballot (-1 not yet cast), then each faction's
        bought votes, then the Popular Appeal swing (voting.py); [] outside a vote."""
        self.failed: list[int] = []
        """Proposals rejected or vetoed this turn, each as its length then its items."""
        self.prior = [0] * N_PERSONS
        """Per person, 1 + the turn he last left a Suffete's office or a command (0: never):
        the "most recently out-of-office" of the prosecution rules (§6.5.5)."""
        self.prior_kind = [0] * N_PERSONS
        """Per person, what he last left (``proposals.OUT_KINDS``: Suffete, General, Expedition
        commander)."""
        self.last_out = [0] * 3
        """Per kind of ``proposals.OUT_KINDS``, 1 + the turn somebody last left it (0: never)."""
        self.immune: list[int] = []
        """Persons acquitted this turn: immune from further prosecution this turn (§6.5.5)."""
        self.stepped: list[int] = []
        """Persons who stepped down as PM this turn (§6.5)."""
        self.leavers: list[int] = []
        """Persons whose Committee term ran out this turn (§6.5.4: they may refuse a seat)."""
        self.gov_turn = [-1] * len(PROVINCES)
        """Per province, the turn its Governor was elected (no recall that turn, §6.5.7)."""
        self.attempts: list[int] = []
        """This turn's assassination attempts as (attacking faction, target faction) pairs."""
        self.stash: list[int] = []
        """While a caught assassin's Faction Leader is tried (§6.5.9): the victim's Popularity,
        the floor queue's length, the queue, then the proposal that was on the floor."""
        self.reserved: list[int] = []
        """Factions that reserved the floor with Public Outcry, in the order played (§6.5.8)."""
        self.fleet_victory = [0] * len(WARS)
        """Per war, 1 when its naval part is won (§6.5.7 Naval Wars: the Fleet Victory marker)."""
        self.generals: list[int] = []
        """Persons holding the office of General (§6.6.2 Standoff, Disaster, Stalemate)."""
        self.captives: list[int] = []
        """Captured commanders and the war holding them, [person, war, ...] (§6.6.2)."""
        self.veteran_of: list[int] = []
        """Veteran allegiances, [unit, person, ...]; Veterans not listed are unassigned."""
        self.fought: list[int] = []
        """Commanders who gave battle this turn (§6.7.1 Public Reaction)."""
        self.won: list[int] = []
        """Commanders whose battle this turn ended in Victory (they skip Public Reaction)."""
        self.rebel_veterans = [0] * len(UNITS)
        """How many of ``rebel_units`` are Veterans (worth 2 in the rebel's strength)."""
        self.rebel_turn = 0
        """The turn the current revolt began (the Senate must fight it from the next turn)."""
        self.revolt_won = 0
        """1 once the rebels beat the Senate, or the Senate left them unfought (§6.7.3)."""
        self.cup = [0] * N_CHIT_KINDS
        self.drawn_chits: list[int] = []
        self.order: list[int] = []
        self.ctx: list[int] = []
        self.offered = [0] * factions
        """Per faction, a bit set of the commodities it put in an offer this turn."""
        self.neutral_role = [-1] * factions
        self.winners: list[int] = []
        self.trade_hands: list[tuple[tuple[int, int, int], ...]] = [() for _ in range(factions)]
        """Per faction, sorted (commodity, history index of the draw, drawing faction)."""
        self.offer: tuple[int, ...] = ()
        """The trade offer under way: see trade.py for its layout."""
        self.forces: tuple[Force, ...] = ()
        """Forces in the field, in the order the Senate sent them (forces.py)."""
        from carthago.games.republic_of_carthage.phases import advance
        from carthago.games.republic_of_carthage.setup import initialise

        initialise(self)
        advance(self)

    # -- shorthand used by the rules modules -------------------------------------------------

    @property
    def rg(self) -> RepublicOfCarthageGame:
        game: RepublicOfCarthageGame = self._game  # type: ignore[assignment]
        return game

    def note(self, public: str | None, private: dict[int, str] | None = None) -> None:
        """Add a log line; private texts are keyed by faction and kept only for human seats."""
        if private:
            players = self.rg.num_players
            private = {f: t for f, t in private.items() if f < players}
        self._add_log(public, private)

    def history_length(self) -> int:
        """Index the action being applied now will take in the history."""
        return self._moves

    def in_play(self, person: int) -> bool:
        # Two comparisons, not a tuple's membership: compiled, no tuple per call (a hot path).
        place = self.ploc[person]
        return place != OUT and place != COVERED

    def counts_in_play(self, person: int) -> bool:
        """In play for Mortality chits and the one-Statesman-per-family rule (§4, §6.1): in
        play, or lying face up in the Forum (a live Senator or Statesman nobody holds)."""
        return self.in_play(person) or (self.ploc[person] == OUT and self.card_loc[person] == FORUM)

    def faction_persons(self, faction: int) -> list[int]:
        """The Senators and Statesmen of a faction (covered Family cards excluded)."""
        return [p for p in range(N_PERSONS) if self.owner[p] == faction and self.in_play(p)]

    def human(self, faction: int) -> bool:
        return faction < self.rg.num_players

    # -- the contract ------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.ended:
            return TERMINAL
        # Imported at the top (the other hooks import phases, which imports this module):
        # compiled, a function-level import is a module lookup and a generic call each time,
        # and this runs several times a step.
        return actor(self)

    def _legal_actions(self) -> list[int]:
        from carthago.games.republic_of_carthage.phases import legal

        return legal(self)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        from carthago.games.republic_of_carthage.phases import outcomes

        return outcomes(self)

    def _apply_action(self, action: int) -> None:
        from carthago.games.republic_of_carthage.phases import apply

        apply(self, action)

    def _action_to_string(self, action: int) -> str:
        from carthago.games.republic_of_carthage.phases import describe

        return describe(self, action)

    def is_terminal(self) -> bool:
        return bool(self.ended)

    def returns(self) -> list[float]:
        players = self.rg.num_players
        if not self.ended or not self.winners:
            return [-1.0] * players if self.ended else [0.0] * players
        return [1.0 if f in self.winners else -1.0 for f in range(players)]

    def _observation(self, player: int | None) -> JSONDict:
        from carthago.games.republic_of_carthage.views import observe

        return observe(self, player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        from carthago.games.republic_of_carthage.hidden import resample

        return resample(self, player, rng)

    def _copy_into(self, new: Self) -> None:
        # Written out field by field: compiled, each line is a direct slot copy, where a loop
        # of getattr/setattr over the field names goes through Python's attribute lookup.
        # The lists are shared until either state changes them (_own_fields); whatever
        # changes a state's lists by hand, outside apply_action, unshares it first
        # (docs/contract.md). The contract tests check that a clone's snapshot equals the
        # original's, and tests/contract/test_shared_containers.py that no shared list is written.
        new.card_loc = self.card_loc
        new.card_origin = self.card_origin
        new.card_holder = self.card_holder
        new.owner = self.owner
        new.ploc = self.ploc
        new.inf = self.inf
        new.pop = self.pop
        new.traders = self.traders
        new.talents = self.talents
        new.liable = self.liable
        new.under = self.under
        new.office_holder = self.office_holder
        new.office_term = self.office_term
        new.prov_loc = self.prov_loc
        new.prov_gov = self.prov_gov
        new.prov_term = self.prov_term
        new.prov_dev = self.prov_dev
        new.war_status = self.war_status
        new.unit_pool = self.unit_pool
        new.unit_active = self.unit_active
        new.unit_veteran = self.unit_veteran
        new.unit_unavailable = self.unit_unavailable
        new.faction_treasury = self.faction_treasury
        new.faction_leader = self.faction_leader
        new.stack = self.stack
        new.reserve = self.reserve
        new.to_return = self.to_return
        new.trade_income = self.trade_income
        new.cup = self.cup
        new.drawn_chits = self.drawn_chits
        new.order = self.order
        new.ctx = self.ctx
        new.offered = self.offered
        new.neutral_role = self.neutral_role
        new.winners = self.winners
        new.sold_cards = self.sold_cards
        new.sold_kinds = self.sold_kinds
        new.rebel_units = self.rebel_units
        new.rebels = self.rebels
        new.table_event = self.table_event
        new.leader_status = self.leader_status
        new.war_deserters = self.war_deserters
        new.votes = self.votes
        new.pirated = self.pirated
        new.card_forum = self.card_forum
        new.proposal = self.proposal
        new.ballots = self.ballots
        new.failed = self.failed
        new.prior = self.prior
        new.prior_kind = self.prior_kind
        new.last_out = self.last_out
        new.immune = self.immune
        new.stepped = self.stepped
        new.leavers = self.leavers
        new.gov_turn = self.gov_turn
        new.reserved = self.reserved
        new.attempts = self.attempts
        new.stash = self.stash
        new.fleet_victory = self.fleet_victory
        new.generals = self.generals
        new.captives = self.captives
        new.veteran_of = self.veteran_of
        new.fought = self.fought
        new.won = self.won
        new.rebel_veterans = self.rebel_veterans
        new.card_ctx = self.card_ctx
        new.trade_mod = self.trade_mod
        new.roll_bonus = self.roll_bonus
        new.forum_held = self.forum_held
        new.hired = self.hired
        new.bribed = self.bribed
        new.hand_offers = self.hand_offers
        new.traded = self.traded
        new.turn = self.turn
        new.era = self.era
        new.treasury = self.treasury
        new.tax = self.tax
        new.pos = self.pos
        new.sub = self.sub
        new.trade_fleets = self.trade_fleets
        new.caravans = self.caravans
        new.last_return = self.last_return
        new.mortality_left = self.mortality_left
        new.offer_round = self.offer_round
        new.bankrupt = self.bankrupt
        new.first_human_turn = self.first_human_turn
        new.initiative = self.initiative
        new.initiatives = self.initiatives
        new.pm = self.pm
        new.crisis = self.crisis
        new.tax_turn = self.tax_turn
        new.life_suffete = self.life_suffete
        new.life_turn = self.life_turn
        new.life_proposed = self.life_proposed
        new.prosecutions = self.prosecutions
        new.proposals = self.proposals
        new.failures = self.failures
        new.floor = self.floor
        new.rebel_turn = self.rebel_turn
        new.revolt_won = self.revolt_won
        new.stage = self.stage
        new.ended = self.ended
        new.resume = self.resume
        new.card_resume = self.card_resume
        new.trade_hands = self.trade_hands
        new.offer = self.offer
        new.forces = self.forces
        new.infostates = {}

    def _own_fields(self) -> None:
        self.card_loc = self.card_loc.copy()
        self.card_origin = self.card_origin.copy()
        self.card_holder = self.card_holder.copy()
        self.owner = self.owner.copy()
        self.ploc = self.ploc.copy()
        self.inf = self.inf.copy()
        self.pop = self.pop.copy()
        self.traders = self.traders.copy()
        self.talents = self.talents.copy()
        self.liable = self.liable.copy()
        self.under = self.under.copy()
        self.office_holder = self.office_holder.copy()
        self.office_term = self.office_term.copy()
        self.prov_loc = self.prov_loc.copy()
        self.prov_gov = self.prov_gov.copy()
        self.prov_term = self.prov_term.copy()
        self.prov_dev = self.prov_dev.copy()
        self.war_status = self.war_status.copy()
        self.unit_pool = self.unit_pool.copy()
        self.unit_active = self.unit_active.copy()
        self.unit_veteran = self.unit_veteran.copy()
        self.unit_unavailable = self.unit_unavailable.copy()
        self.faction_treasury = self.faction_treasury.copy()
        self.faction_leader = self.faction_leader.copy()
        self.stack = self.stack.copy()
        self.reserve = self.reserve.copy()
        self.to_return = self.to_return.copy()
        self.trade_income = self.trade_income.copy()
        self.cup = self.cup.copy()
        self.drawn_chits = self.drawn_chits.copy()
        self.order = self.order.copy()
        self.ctx = self.ctx.copy()
        self.offered = self.offered.copy()
        self.neutral_role = self.neutral_role.copy()
        self.winners = self.winners.copy()
        self.sold_cards = self.sold_cards.copy()
        self.sold_kinds = self.sold_kinds.copy()
        self.rebel_units = self.rebel_units.copy()
        self.rebels = self.rebels.copy()
        self.table_event = self.table_event.copy()
        self.leader_status = self.leader_status.copy()
        self.war_deserters = self.war_deserters.copy()
        self.votes = self.votes.copy()
        self.pirated = self.pirated.copy()
        self.card_forum = self.card_forum.copy()
        self.proposal = self.proposal.copy()
        self.ballots = self.ballots.copy()
        self.failed = self.failed.copy()
        self.prior = self.prior.copy()
        self.prior_kind = self.prior_kind.copy()
        self.last_out = self.last_out.copy()
        self.immune = self.immune.copy()
        self.stepped = self.stepped.copy()
        self.leavers = self.leavers.copy()
        self.gov_turn = self.gov_turn.copy()
        self.reserved = self.reserved.copy()
        self.attempts = self.attempts.copy()
        self.stash = self.stash.copy()
        self.fleet_victory = self.fleet_victory.copy()
        self.generals = self.generals.copy()
        self.captives = self.captives.copy()
        self.veteran_of = self.veteran_of.copy()
        self.fought = self.fought.copy()
        self.won = self.won.copy()
        self.rebel_veterans = self.rebel_veterans.copy()
        self.card_ctx = self.card_ctx.copy()
        self.trade_mod = self.trade_mod.copy()
        self.roll_bonus = self.roll_bonus.copy()
        self.forum_held = self.forum_held.copy()
        self.hired = self.hired.copy()
        self.bribed = self.bribed.copy()
        self.hand_offers = self.hand_offers.copy()
        self.traded = self.traded.copy()
        self.trade_hands = self.trade_hands.copy()

    def _fields_to_dict(self) -> JSONDict:
        fields: JSONDict = {name: list(getattr(self, name)) for name in _LIST_FIELDS}
        fields.update({name: getattr(self, name) for name in (*_INT_FIELDS, *_STR_FIELDS)})
        fields["trade_hands"] = [[list(card) for card in hand] for hand in self.trade_hands]
        fields["offer"] = list(self.offer)
        fields["forces"] = [force.to_list() for force in self.forces]
        return fields

    def _fields_from_dict(self, fields: JSONDict) -> None:
        from carthago.games.republic_of_carthage.forces import Force

        for name in (*_LIST_FIELDS, *_INT_FIELDS, *_STR_FIELDS, "trade_hands", "offer", "forces"):
            if name not in fields:
                raise InvalidStateError(f"republic_of_carthage state lacks field {name!r}")
        for name in _LIST_FIELDS:
            value = fields[name]
            if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
                raise InvalidStateError(f"field {name!r} must be a list of whole numbers")
            setattr(self, name, list(value))
        for name in _INT_FIELDS:
            if not isinstance(fields[name], int):
                raise InvalidStateError(f"field {name!r} must be a whole number")
            setattr(self, name, fields[name])
        for name in _STR_FIELDS:
            if not isinstance(fields[name], str):
                raise InvalidStateError(f"field {name!r} must be text")
            setattr(self, name, fields[name])
        self.infostates = {}
        self.trade_hands = [
            tuple(sorted((int(c), int(o), int(d)) for c, o, d in hand))
            for hand in fields["trade_hands"]
        ]
        self.offer = tuple(int(v) for v in fields["offer"])
        forces = fields["forces"]
        if not isinstance(forces, list) or not all(
            isinstance(f, list) and all(isinstance(v, int) for v in f) for f in forces
        ):
            raise InvalidStateError("field 'forces' must be a list of lists of whole numbers")
        try:
            self.forces = tuple(Force.from_list(f) for f in forces)
        except ValueError as error:
            raise InvalidStateError(f"field 'forces': {error}") from error
        if len(self.card_loc) != N_CARDS or len(self.owner) != N_PERSONS:
            raise InvalidStateError("card or person lists have the wrong length")


def describe_person(person: int) -> str:
    """``Mago [2]`` or ``Hannibal Mago [2A]``."""
    card = CARDS[person]
    if card.kind == "senator":
        return f"{C.senators[int(card.id)].name} [{card.id}]"
    return f"{C.statesmen[card.id].name} [{card.id}]"


def _printed(person: int, name: str) -> int:
    card = CARDS[person]
    record: Any = C.senators[int(card.id)] if card.kind == "senator" else C.statesmen[card.id]
    value: int = getattr(record, name)
    return value


RATINGS: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(_printed(person, name) for person in range(N_PERSONS))
    for name in ("mil", "ora", "exp", "loy")
}
"""Each printed rating of every Senator and Statesman, by person: read once, not per call."""


def stat(person: int, name: str) -> int:
    """A printed rating (mil, ora, exp, loy) of a Senator or Statesman."""
    ratings = RATINGS.get(name)
    return ratings[person] if ratings is not None else _printed(person, name)


def family_of(person: int) -> int:
    card = CARDS[person]
    return int(card.id) if card.kind == "senator" else C.statesmen[card.id].family


__all__ = ["CHANCE", "RepublicOfCarthageState"]
