"""De Bello Punico: the game object, its options and its fixed action space."""

from __future__ import annotations

from bisect import insort
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, ClassVar, Final

from carthago.core.errors import IllegalActionError
from carthago.core.game import Game
from carthago.core.options import GameOption
from carthago.core.registry import register
from carthago.core.state import JSONDict, State
from carthago.games.de_bello_punico.actions import Layout
from carthago.games.de_bello_punico.render import render
from carthago.games.de_bello_punico.scenarios import SCENARIOS, Scenario, load_scenario
from carthago.games.de_bello_punico.state import RESERVE_RULES, DbpState
from carthago.games.de_bello_punico.terrain import SYMBOLS
from carthago.games.de_bello_punico.units import UNIT_TYPES, UnitType

REPLAY_MEMORY: Final = 96
"""Replayed positions kept per game (recent results and checkpoints along the way)."""
CHECKPOINT_EVERY: Final = 150
TAIL: Final = 400

SCENARIO_DATA: Final[dict[str, Scenario]] = {sid: load_scenario(sid) for sid in SCENARIOS}
"""Every scenario, read and checked at import."""


@register
class DeBelloPunicoGame(Game):
    name = "de_bello_punico"
    zero_sum = True  # returns are [1, -1], [-1, 1] or, drawn or unfinished, [0, 0]
    title = "De Bello Punico"
    # 2: the Trebbia reserve's ambush column is a hidden set-up choice. 3: side edges are no
    # one's, §7.1 crossing, the Trebbia reserve enters anywhere on the Roman edge by default,
    # new orders of battle and rout levels (issue 21). 4: Zama's Carthaginian order of battle,
    # elephants' morale 2 (issue 21 point 10). 5: Beneventum's orders of battle (Hanno's foot in
    # 14 units, Gracchus' horse in 4). 6: Beneventum's Roman maniples a lane apart with the
    # Velites in the lanes, six Allied infantry units.
    rules_version = 6
    state_type = DbpState
    OPTIONS = (
        GameOption(
            "scenario", "zama", SCENARIOS, "the battle (§17): trebbia, beneventum, po, zama"
        ),
        GameOption(
            "trebbia_reserve",
            "edge",
            RESERVE_RULES,
            "Trebbia (§17.1.3c): the Numidian reserve enters at any Roman edge hex (edge), or "
            "only at a column hidden at set-up (ambush)",
        ),
    )
    VARIANTS: ClassVar[tuple[dict[str, Any], ...]] = (
        *({"scenario": s} for s in SCENARIOS),
        {"scenario": "trebbia", "trebbia_reserve": "ambush"},
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.scenario = SCENARIO_DATA[str(self.options["scenario"])]
        self.reserve_in_ambush = self.options["trebbia_reserve"] == "ambush"
        """Trebbia: the reserve enters only near a column Carthage hid at set-up."""
        counters = self.scenario.counters
        self.sides: tuple[int, ...] = tuple(c.side for c in counters)
        self.utypes: tuple[UnitType, ...] = tuple(UNIT_TYPES[c.type] for c in counters)
        self.units_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(u for u, c in enumerate(counters) if c.side == side) for side in (0, 1)
        )
        names = []
        seen: dict[str, int] = {}
        for c in counters:
            key = f"{'RC'[c.side]}.{c.type}"
            seen[key] = seen.get(key, 0) + 1
            names.append(f"{key}{seen[key]}")
        self.unit_names: tuple[str, ...] = tuple(names)
        self.terrain_symbols = "".join(SYMBOLS[kind] for kind in self.scenario.kinds)
        """The map's terrain, one character a hex (observations carry it as is)."""
        self.layout = Layout(len(counters) + 2, self.scenario.grid.width)
        self._replayed: OrderedDict[tuple[int, ...], State] = OrderedDict()
        self._by_size: list[tuple[int, ...]] = []
        """The keys of ``_replayed``, shortest first."""

    def replay(self, actions: Iterable[int]) -> State:
        """The state these actions reach, continuing from the longest prefix replayed before.

        A battle runs to a few thousand actions and searches replay histories that share all
        but their last few entries, so positions already reached by a legal replay are kept
        (as private clones) and replay resumes from them; every new action is still checked.
        """
        wanted = tuple(map(int, actions))
        start: tuple[int, ...] = ()
        # Longest first; cheap rejections first: the last entry, then the last few hundred
        # (histories differ near their ends, a redrawn Vacuus of this turn), then the rest.
        for key in reversed(self._by_size):
            size = len(key)
            if (
                0 < size <= len(wanted)
                and key[-1] == wanted[size - 1]
                and key[max(0, size - TAIL) :] == wanted[max(0, size - TAIL) : size]
                and key == wanted[:size]
            ):
                start = key
                break
        state = self._replayed[start].clone() if start else self.new_initial_state()
        for number in range(len(start), len(wanted)):
            try:
                state.apply_action(wanted[number])
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"action {number + 1} ({wanted[number]}): {error}"
                ) from None
            if (number + 1) % CHECKPOINT_EVERY == 0:
                self._remember(tuple(wanted[: number + 1]), state)
        self._remember(tuple(wanted), state)
        return state

    def _remember(self, key: tuple[int, ...], state: State) -> None:
        if key not in self._replayed:
            insort(self._by_size, key, key=len)
        self._replayed[key] = state.clone()
        self._replayed.move_to_end(key)
        while len(self._replayed) > REPLAY_MEMORY:
            oldest, _ = self._replayed.popitem(last=False)
            self._by_size.remove(oldest)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> list[str]:
        return ["Rome", "Carthage"]

    @property
    def num_distinct_actions(self) -> int:
        return self.layout.size

    @property
    def max_chance_outcomes(self) -> int:
        return 6

    @property
    def max_game_length(self) -> int:
        # Per turn and side, generously: every unit selected, stepping or turning on each of
        # at most 9 MP, attacking with every prompt of a combat and its dice, plus the
        # strategic and initiative phases; then doubled again for Fortuna and rerolled ties.
        units = len(self.scenario.counters) + 2
        per_turn = 2 * units * (3 + 2 * 9 + 30) + 200
        return 2 * self.scenario.turns * per_turn + 10

    def new_initial_state(self) -> DbpState:
        return DbpState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return render(observation)
