"""The impulse planner (issue 28): its contract on every De Bello Punico scenario, its budget per
impulse read off an injected clock, and that it never looks past ``resample_from_infostate``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import carthago
from carthago.agents import PlannerAgent, choose_action, level_spec, make_agent, planner
from carthago.agents.planner import Luck, PlanProgress, Playout
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.state import CHANCE, State
from carthago.games.de_bello_punico.game import DeBelloPunicoGame
from carthago.games.de_bello_punico.heuristics import segment
from carthago.games.de_bello_punico.scenarios import ROME
from carthago.games.de_bello_punico.state import DbpState

CHEAP = "planner:playouts=12,plans=3,seconds=0"


class TickClock:
    """A clock that moves on by ``tick`` seconds every time it is read."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


def play(
    game: carthago.Game, specs: list[str], seed: int, decisions: int
) -> tuple[State, list[int]]:
    """``decisions`` agent moves from the start; the final state and the moves."""
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=seed + seat) for seat, spec in enumerate(specs)]
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal() and decisions > 0:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        action = choose_action(agents[state.current_player()], state)
        moves.append(action)
        state.apply_action(action)
        decisions -= 1
    return state, moves


def in_impulse(scenario: str, seed: int = 3) -> DbpState:
    """A position where Rome is to choose among several moves in an impulse (stage 3 or later),
    reached by heuristic play."""
    state = carthago.load("de_bello_punico", scenario=scenario).new_initial_state()
    rng = random.Random(seed)
    while True:
        assert isinstance(state, DbpState)
        player = state.current_player()
        if player == ROME and state.stage >= 3 and len(state.legal_actions()) > 2:
            return state
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(choose_action(make_agent("heuristic", seed=seed), state))


@pytest.mark.parametrize("options", DeBelloPunicoGame.VARIANTS)
def test_planner_same_seed_same_moves_on_every_scenario(options: dict[str, object]) -> None:
    game = carthago.load("de_bello_punico", **options)
    first, moves = play(game, [CHEAP, "heuristic"], seed=5, decisions=40)
    second, again = play(game, [CHEAP, "heuristic"], seed=5, decisions=40)
    assert moves == again
    assert first.history() == second.history()
    # and as the other side too
    _, carthage = play(game, ["heuristic", CHEAP], seed=6, decisions=40)
    _, carthage_again = play(game, ["heuristic", CHEAP], seed=6, decisions=40)
    assert carthage == carthage_again


def test_planner_plays_its_plan_without_searching_again_while_the_impulse_goes_as_planned() -> None:
    state = in_impulse("zama")
    agent = make_agent(CHEAP, seed=1)
    assert isinstance(agent, PlannerAgent)
    key = segment(state)
    searches = 0
    decisions = 0
    while segment(state) == key and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, random.Random(0)))
            continue
        if state.current_player() != ROME:
            state.apply_action(choose_action(make_agent("heuristic", seed=2), state))
            continue
        agent.last_playouts = -1
        state.apply_action(choose_action(agent, state))
        decisions += 1
        searches += agent.last_playouts > 0
    # A movement impulse is many small decisions; the plan covers most of them.
    assert decisions > 3
    assert searches < decisions / 2


@pytest.mark.parametrize(
    ("position", "settings"),
    [
        # a movement impulse searched as plans
        (lambda: in_impulse("zama"), {"plans": 8}),
        # a combat impulse weighed decision by decision, more playouts than the time allows
        (lambda: in_combat_impulse("zama"), {"width": 8, "samples": 400}),
    ],
)
def test_planner_impulse_stops_at_its_time_budget_on_the_injected_clock(
    position: Callable[[], DbpState], settings: dict[str, Any]
) -> None:
    seconds = 2.0
    used = {}
    for tick in (0.001, 0.01):
        clock = TickClock(tick)
        state = position()
        agent = PlannerAgent(seed=1, seconds=seconds, clock=clock, **settings)
        key = segment(state)
        start = None
        playouts = 0
        while segment(state) == key and not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance_outcome(state, random.Random(0)))
            elif player != ROME:
                state.apply_action(choose_action(make_agent("heuristic", seed=2), state))
            else:
                if start is None:
                    start = clock.now
                agent.last_playouts = 0
                state.apply_action(choose_action(agent, state))
                playouts += agent.last_playouts
        assert start is not None
        # Within the budget, give or take the clock's own reads after the last check.
        assert clock.now - start <= seconds + 3 * tick
        used[tick] = playouts
    # The clock, not the machine, ends the search: ten times slower ticks, far fewer playouts.
    assert used[0.01] < used[0.001] / 3


TREBBIA_AMBUSH = max((v for v in DeBelloPunicoGame.VARIANTS if v["scenario"] == "trebbia"), key=len)


def test_planner_never_reads_the_hidden_trebbia_ambush(monkeypatch: pytest.MonkeyPatch) -> None:
    game = carthago.load("de_bello_punico", **TREBBIA_AMBUSH)
    state = game.new_initial_state()
    assert isinstance(state, DbpState)
    rng = random.Random(4)
    heuristic = make_agent("heuristic", seed=4)
    while not (state.current_player() == ROME and state.stage >= 3):
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        elif state.tasks[-1][0] == "reserve":
            # Carthage sets the ambush in the middle of the Roman edge.
            state.apply_action(state.layout.enter + state.grid.width // 2)
        else:
            state.apply_action(choose_action(heuristic, state))
    assert isinstance(state, DbpState)
    column, entry = state.ambush
    assert column >= 0, "the reserve must still lie hidden for this test to mean anything"
    other = state.clone()
    moved = (column + 3) % state.grid.width
    other.ambush = [moved, entry]
    other._rewrite_history(entry, state.layout.enter + moved)
    assert other.observation(ROME) == state.observation(ROME)
    # The true states themselves may be asked only what the seat sees and for a redraw (which
    # copies them, its one licence to clone).
    originals = {id(state), id(other)}
    redrawing: list[int] = []
    real_resample = DbpState.resample_from_infostate

    def resample(self: DbpState, player: int, rng: random.Random) -> DbpState:
        redrawing.append(id(self))
        try:
            return real_resample(self, player, rng)
        finally:
            redrawing.pop()

    monkeypatch.setattr(DbpState, "resample_from_infostate", resample)
    for name in ("clone", "apply_action", "to_dict"):
        real = getattr(DbpState, name)

        def guarded(
            self: DbpState, *args: object, _real: object = real, _name: str = name
        ) -> object:
            if id(self) in originals and id(self) not in redrawing:
                raise AssertionError(f"the planner called {_name} on the true state")
            return _real(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(DbpState, name, guarded)
    reports: list[list[PlanProgress]] = []
    actions = []
    for true_state in (state, other):
        agent = PlannerAgent(seed=9, seconds=0, playouts=16, plans=4)
        seen: list[PlanProgress] = []
        agent.on_progress = seen.append
        actions.append(agent.step(true_state))
        reports.append(seen)
    assert actions[0] == actions[1]
    assert reports[0] == reports[1]
    assert reports[0], "the search reported no progress"


def test_planner_progress_grows_and_narrows_the_plans() -> None:
    state = in_impulse("beneventum")
    agent = PlannerAgent(seed=2, seconds=0, playouts=24, plans=4)
    seen: list[PlanProgress] = []
    agent.on_progress = seen.append
    choose_action(agent, state)
    assert len(seen) >= 2
    assert [r.playouts for r in seen] == sorted(r.playouts for r in seen)
    assert [r.spent for r in seen] == sorted(r.spent for r in seen)
    assert 0 < seen[-1].spent <= 1
    assert seen[-1].candidates < seen[0].candidates == 4


def test_de_bello_punico_levels_are_the_planner_and_other_games_keep_theirs() -> None:
    assert level_spec("normal", "de_bello_punico") == "planner:seconds=5"
    assert level_spec("hard", "de_bello_punico") == "planner:seconds=15,width=6,samples=12"
    assert level_spec("easy", "de_bello_punico") == "heuristic"
    for game_id in ("punica", "total_war_cards"):
        assert level_spec("normal", game_id) == level_spec("normal")
    # The Republic has levels of its own (issue 30); none of them is the planner.
    for game_id in ("punica", "total_war_cards", "republic_of_carthage"):
        assert not level_spec("normal", game_id).startswith("planner")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("planner:seconds=0", "budget"),
        ("planner:plans=0", "plans"),
        ("planner:epsilon=2", "epsilon"),
        ("planner:width=0", "width"),
        ("planner:samples=0", "samples"),
    ],
)
def test_bad_planner_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec)


@pytest.mark.parametrize(("chancy", "expected"), [(True, 0), (False, 1)])
def test_planner_too_short_to_tell_plans_from_luck_plays_the_heuristics_plan(
    monkeypatch: pytest.MonkeyPatch, chancy: bool, expected: int
) -> None:
    state = in_impulse("zama")
    legal = state.legal_actions()
    monkeypatch.setattr(planner, "ranked", lambda state, player, legal, evaluate, rng: legal)

    def playout(
        self: PlannerAgent,
        state: State,
        me: int,
        impulse: object,
        actions: list[int] | None,
        first: int | None,
        epsilon: float,
    ) -> Playout:
        # The heuristic's first choice (legal[0]) looks worse in its one playout than the next.
        opening = first if actions is None else actions[0]
        if opening is None:
            opening = legal[0]  # the heuristic's own way through the impulse
        return Playout(0.0 if opening == legal[0] else 1.0, [opening], [None], chancy, chancy)

    monkeypatch.setattr(PlannerAgent, "_playout", playout)
    # Two playouts make two plans and leave nothing for a round that would compare them again
    # (few=0: the impulse is planned, never weighed decision by decision).
    agent = PlannerAgent(seed=1, seconds=0, playouts=5, plans=4, few=0)
    assert agent.step(state) == legal[expected]


def in_combat_impulse(scenario: str, seed: int = 3) -> DbpState:
    """A position where Rome, in its own combat impulse, chooses among several moves."""
    state = carthago.load("de_bello_punico", scenario=scenario).new_initial_state()
    rng = random.Random(seed)
    heuristic = make_agent("heuristic", seed=seed)
    while True:
        assert isinstance(state, DbpState), "the battle ended before a Roman combat choice"
        player = state.current_player()
        if (
            player == ROME
            and state.stage >= 3
            and state.impulse() == (2, ROME)
            and len(state.legal_actions()) > 2
        ):
            return state
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(choose_action(heuristic, state))


def test_planner_weighs_each_combat_decision_on_the_same_dice_for_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = in_combat_impulse("zama")
    agent = PlannerAgent(seed=1, seconds=0, playouts=400, width=3, samples=4)
    played: list[tuple[int, Luck, float]] = []
    real_playout = PlannerAgent._playout

    def playout(self: PlannerAgent, *args: Any) -> Any:
        result = real_playout(self, *args)
        first, luck = args[4], args[6] if len(args) > 6 else None
        if luck is not None and result is not None:
            played.append((first, luck, result.value))
        return result

    monkeypatch.setattr(PlannerAgent, "_playout", playout)
    action = agent.step(state)
    moves = sorted({first for first, _, _ in played})
    lucks = {luck for _, luck, _ in played}
    assert len(moves) == 3 and len(lucks) == 4
    # Every seed was played with every move: the moves are compared on the same luck.
    pairs = [(first, luck) for first, luck, _ in played]
    assert len(pairs) == len(set(pairs)) == len(moves) * len(lucks)
    totals = {first: sum(v for f, _, v in played if f == first) for first in moves}
    assert totals[action] == max(totals.values())
    # The same seeds give the same playout: the dice are the seed's, not the agent's.
    assert agent._impulse is not None
    first, luck, value = played[0]
    again = real_playout(agent, state, ROME, agent._impulse, None, first, 0.0, luck)
    assert again is not None and again.value == value


def test_planner_plans_a_movement_impulse_and_weighs_a_combat_one() -> None:
    movement = in_impulse("zama")
    assert movement.impulse()[0] == 0, "in_impulse should stop in a movement impulse"
    agent = PlannerAgent(seed=1, seconds=0, playouts=60, plans=2)
    agent.step(movement)
    assert agent._impulse is not None and agent._impulse.decisive is False
    agent.step(in_combat_impulse("zama"))
    assert agent._impulse is not None and agent._impulse.decisive is True


@pytest.mark.parametrize("fitted", [True, False])
def test_planner_scores_its_playouts_by_the_fitted_judge_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch, fitted: bool
) -> None:
    judged: list[int] = []

    def judge(state: State, player: int) -> float:
        judged.append(player)
        return 0.0

    monkeypatch.setattr(planner, "judge", lambda game_id: judge)
    agent = PlannerAgent(seed=1, seconds=0, playouts=40, width=2, samples=2, fitted=fitted)
    agent.step(in_combat_impulse("zama"))
    assert agent.last_playouts > 0
    if fitted:
        assert judged and set(judged) == {ROME}
    else:
        assert not judged


@pytest.mark.parametrize("own", [True, False])
def test_planner_moves_its_own_units_by_the_games_own_evaluation_and_expects_the_heuristic(
    monkeypatch: pytest.MonkeyPatch, own: bool
) -> None:
    seen: dict[str, set[int]] = {"own": set(), "heuristic": set()}

    def recording(name: str) -> Callable[[State, int], float]:
        def evaluate(state: State, player: int) -> float:
            seen[name].add(player)
            return 0.0

        return evaluate

    monkeypatch.setattr(planner, "evaluator", lambda game_id: recording("heuristic"))
    monkeypatch.setattr(planner, "own_evaluator", lambda game_id: recording("own"))
    agent = PlannerAgent(seed=1, seconds=0, playouts=40, width=2, samples=2, own=own)
    agent.step(in_impulse("zama"))  # a movement impulse: moved as the own evaluation says
    agent.step(in_combat_impulse("zama"))  # playouts: the enemy moved as the heuristic
    if own:
        assert seen["own"] == {ROME}
        assert 1 - ROME in seen["heuristic"]
    else:
        assert not seen["own"]
