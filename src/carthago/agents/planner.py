"""The impulse planner: a computer general whose thinking time belongs to a stretch of play (a De
Bello Punico impulse), not to each of the many small decisions that make it up.

An impulse is one of two kinds, told apart by one playout of the heuristic's way through it at
its first decision:

- **Decisive**: few decisions of the planner's own, and dice fall before it is over (a combat,
  a missile volley, a recovery, the answers to an enemy's attack). Each decision is weighed on
  its own: the heuristic's ``width`` best moves, each played on the same ``samples`` seeds (the
  same redraws of what the seat cannot see, the same dice as far as the games stay alike), the
  rest of the way by the heuristic on both sides to the impulse's end and ``horizon`` stretches
  beyond; there the game's judge (``prospects.judge``: the battle's expected result, fitted to
  how battles ended; without one, or with ``fitted=False``, the one-ply evaluation) or the
  battle's result scores it. Common seeds make a difference between two
  moves the moves' own rather than the dice's, so a few playouts decide.
- **Long** (a movement impulse: dozens of hexes and facings, no dice): the heuristic's moves, or
  with ``plans`` > 1 a search over whole plans. A plan is the list of the planner's decisions to
  the impulse's end; candidates are the heuristic's plan and variations opening with its next
  best first moves; sequential halving spreads the playouts; the plan is then played without
  thinking while the game goes as it expected (the same actions and dice, the same choices
  offered), and made again when not. Measured, such searches found no better plans than the
  heuristic's (docs/benchmarks.md), so one plan is the default.

The budget belongs to the impulse: ``seconds`` of the injected clock and/or ``playouts``; each
search takes half of what is left, so a whole impulse never takes more than ``seconds`` (plus the
one playout running when time runs out).

A game gives its stretches of play with ``segment(state)`` in ``games/<id>/heuristics.py``;
without one, every decision is a stretch of its own.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final

from carthago.agents.base import Agent
from carthago.agents.rollout import greedy_action
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.registry import (
    Evaluator,
    Segmenter,
    evaluator,
    judge,
    own_evaluator,
    segmenter,
)
from carthago.core.state import CHANCE, State

Clock = Callable[[], float]

MAX_PLAYOUT_STEPS: Final = 4000
"""A playout ends here even if the impulse has not (a guard: no impulse comes near it)."""

CLOCK_EVERY: Final = 16
"""A playout looks at the clock every this many steps, and gives up once the impulse's time is
over: a long impulse's playout must not carry a search past its budget."""

RESERVE: Final = 0.1
"""The share of an impulse's time no search may use."""

SEARCH_SHARE: Final = 0.5
"""The share of what is left of an impulse's budget that one search may spend."""

BEYOND_SAMPLE: Final = 8
"""Past the impulse planned, playout moves are the best of this many sampled choices."""


@dataclass(frozen=True)
class PlanProgress:
    """How a search stands, for a front end to show while the computer thinks."""

    spent: float
    """Share of this impulse's budget used so far, 0 to 1."""
    candidates: int
    """Plans still in the running."""
    playouts: int
    """Playouts run in this impulse so far."""
    # Never the move it leans to: shown to the opponent, it could name a hidden choice (a
    # Vacuus placed) before it is made.


@dataclass
class Plan:
    """A candidate plan: the planner's own decisions in order, what it expects to see before
    each of them, and what its playouts scored."""

    actions: list[int]
    expected: list[Hashable]
    total: float = 0.0
    count: int = 0
    chancy: bool = False
    """Whether the playout that made it met a die or another chance event."""

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else -math.inf


@dataclass
class ImpulseBudget:
    """What one impulse may spend: ``seconds`` of the injected clock and/or ``playouts``
    (0: no limit of that kind; both 0 is refused by the agent)."""

    seconds: float
    playouts: int
    clock: Clock
    start: float = 0.0
    used: int = 0

    def __post_init__(self) -> None:
        self.start = self.clock()

    def share(self, fraction: float) -> Allowance:
        """An allowance of ``fraction`` of what is left, for one search or one round of it."""
        deadline = None
        if self.seconds > 0:
            left = self.seconds - (self.clock() - self.start)
            deadline = self.clock() + max(0.0, left) * fraction
        cap = None
        if self.playouts > 0:
            cap = self.used + max(1, int((self.playouts - self.used) * fraction))
        return Allowance(self, deadline, cap)

    def spent(self) -> float:
        """Share of the budget used, 0 to 1 (the larger of time and playouts)."""
        shares = []
        if self.seconds > 0:
            shares.append((self.clock() - self.start) / self.seconds)
        if self.playouts > 0:
            shares.append(self.used / self.playouts)
        return min(1.0, max(shares, default=0.0))

    def out_of_time(self) -> bool:
        """Whether searching must stop: the last ``RESERVE`` of the time is kept for the
        heuristic's moves the impulse may still need once its searches are over."""
        return self.seconds > 0 and self.clock() - self.start >= self.seconds * (1 - RESERVE)

    def exhausted(self) -> bool:
        return self.out_of_time() or (0 < self.playouts <= self.used)


@dataclass
class Allowance:
    """A part of an impulse's budget: until ``deadline`` and/or until ``cap`` playouts."""

    budget: ImpulseBudget
    deadline: float | None
    cap: int | None

    def more(self) -> bool:
        if self.cap is not None and self.budget.used >= self.cap:
            return False
        return self.deadline is None or self.budget.clock() < self.deadline


@dataclass(frozen=True)
class Playout:
    """What one playout found: its value for the planner's seat and, when it made a plan, the
    plan's decisions and what was seen before each."""

    value: float
    actions: list[int]
    expected: list[Hashable]
    chancy: bool
    """Whether a die or another chance event came before its end."""
    dice_in_impulse: bool
    """Whether one came before the impulse planned was over."""


@dataclass(frozen=True)
class Luck:
    """The seeds of one playout's randomness: redraws and tie-breaks, and dice apart, so that
    the moves compared on the same playout index meet the same dice as far as they can."""

    draws: int
    dice: int


@dataclass
class Impulse:
    """What the planner keeps within one stretch of play."""

    key: Hashable
    budget: ImpulseBudget
    plan: Plan | None = None
    step: int = 0
    root: int = 0
    decisive: bool | None = None
    """Whether its decisions are weighed one by one (few of them, and dice fall), rather than
    planned at once; None until its first decision."""


class PlannerAgent(Agent):
    """Weighs each decision of a decisive impulse on common seeds; plays a long one as the
    heuristic (or a plan search) would."""

    name = "planner"

    def __init__(
        self,
        seed: int | None = None,
        seconds: float = 5.0,
        playouts: int = 0,
        plans: int = 1,
        epsilon: float = 0.2,
        horizon: int = 2,
        width: int = 4,
        samples: int = 6,
        few: int = 12,
        fitted: bool = True,
        own: bool = True,
        cpu: bool = False,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(seed)
        if seconds <= 0 and playouts <= 0:
            raise InvalidAgentSpecError("planner: give a budget (seconds= or playouts=)")
        if plans < 1:
            raise InvalidAgentSpecError("planner: plans must be at least 1")
        if width < 1 or samples < 1:
            raise InvalidAgentSpecError("planner: width and samples must be at least 1")
        if not 0 <= epsilon <= 1:
            raise InvalidAgentSpecError("planner: epsilon must lie between 0 and 1")
        self.seconds = seconds
        self.playouts = playouts
        self.plans = plans
        self.epsilon = epsilon
        self.horizon = horizon
        self.width = width
        self.samples = samples
        self.few = few
        self.fitted = fitted
        self.own = own
        self.clock = clock or (time.process_time if cpu else time.perf_counter)
        self.on_progress: Callable[[PlanProgress], None] | None = None
        """Called as a search goes on (front ends show it while the computer thinks)."""
        self.last_playouts = 0
        """Playouts run by the latest search."""
        self._game_id: str | None = None
        self._evaluate: Evaluator | None = None
        self._own: Evaluator | None = None
        self._segment: Segmenter | None = None
        self._judge: Evaluator | None = None
        self._impulse: Impulse | None = None

    def reset(self) -> None:
        self._impulse = None

    # -- the decision -------------------------------------------------------------------------

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._bind(state)
        me = state.current_player()
        key = self._key(state, me)
        # Everything below reads a redraw of what this seat cannot see, never the state given
        # (which choose_action already redraws; a driver handing over the true state changes
        # nothing).
        state = state.resample_from_infostate(me, self.rng)
        impulse = self._impulse
        if impulse is None or impulse.key != key:
            budget = ImpulseBudget(self.seconds, self.playouts, self.clock)
            impulse = self._impulse = Impulse(key, budget)
        if impulse.decisive is None:
            impulse.decisive = self._decisive(state, me, impulse)
        if impulse.decisive:
            return self._decide(state, me, legal, impulse)
        if self.plans == 1:
            # One plan is the heuristic's: nothing to search, its moves as they come.
            self.last_playouts = 0
            return greedy_action(state, me, self._own, self.rng)
        planned = self._planned(impulse, state, legal)
        if planned is not None:
            return planned
        if impulse.budget.exhausted():
            # Time is up for this impulse: the heuristic's move, at once.
            self.last_playouts = 0
            return greedy_action(state, me, self._own, self.rng)
        plan = self._search(state, me, legal, impulse)
        impulse.plan, impulse.step, impulse.root = plan, 1, len(state.history())
        return plan.actions[0]

    def _bind(self, state: State) -> None:
        game_id = state.game.name
        if game_id != self._game_id:
            self._evaluate = evaluator(game_id)
            self._own = own_evaluator(game_id) if self.own else self._evaluate
            self._segment = segmenter(game_id)
            fitted = judge(game_id) if self.fitted else None
            self._judge = fitted or self._evaluate
            self._game_id = game_id
            self.reset()

    def _key(self, state: State, me: int) -> Hashable:
        if self._segment is None:
            return (me, len(state.history()))
        return (me, self._segment(state))

    def _planned(self, impulse: Impulse, state: State, legal: list[int]) -> int | None:
        """The plan's next decision, if the game went as the plan expected."""
        plan = impulse.plan
        if plan is None or impulse.step >= len(plan.actions):
            return None
        if plan.expected[impulse.step] != expectation(state, impulse.root, legal):
            return None
        action = plan.actions[impulse.step]
        impulse.step += 1
        return action

    # -- weighing one decision ------------------------------------------------------------------

    def _decisive(self, state: State, me: int, impulse: Impulse) -> bool:
        """Whether the heuristic's way through this impulse meets dice within few decisions."""
        played = self._playout(state, me, impulse, None, None, 0.0)
        if played is None:
            return False
        impulse.budget.used += 1
        return played.dice_in_impulse and len(played.actions) <= self.few

    def _decide(self, state: State, me: int, legal: list[int], impulse: Impulse) -> int:
        """The best of the heuristic's ``width`` best moves here by playouts to the horizon,
        each move played on the same ``samples`` seeds (the same redraws and dice) so that
        the differences are the moves', not luck's; the heuristic's move on a tie."""
        openings = ranked(state, me, legal, self._own, self.rng)[: self.width]
        budget = impulse.budget
        if len(openings) == 1 or budget.exhausted():
            self.last_playouts = 0
            return openings[0]
        start = budget.used
        allowance = budget.share(SEARCH_SHARE)
        totals = [0.0] * len(openings)
        rows = 0
        for _ in range(self.samples):
            if rows and not allowance.more():
                break
            luck = Luck(self.rng.getrandbits(32), self.rng.getrandbits(32))
            row = []
            for action in openings:
                played = self._playout(state, me, impulse, None, action, 0.0, luck)
                if played is None:
                    break
                row.append(played.value)
                budget.used += 1
            if len(row) < len(openings):
                break  # a part row would compare the moves on unequal luck
            totals = [total + value for total, value in zip(totals, row, strict=True)]
            rows += 1
            self._report(budget, len(openings))
        self.last_playouts = budget.used - start
        if not rows:
            return openings[0]
        best = max(range(len(openings)), key=lambda index: (totals[index], -index))
        return openings[best]

    # -- the search ---------------------------------------------------------------------------

    def _search(self, state: State, me: int, legal: list[int], impulse: Impulse) -> Plan:
        budget = impulse.budget
        start_playouts = budget.used
        allowance = budget.share(SEARCH_SHARE)
        candidates = self._candidates(state, me, legal, impulse, allowance)
        if not candidates:
            self.last_playouts = 0
            return Plan([greedy_action(state, me, self._own, self.rng)], [None])
        self._report(budget, len(candidates))
        heuristic_plan = candidates[0]
        # One playout of each tells plans apart only where nothing was left to chance.
        judged = not any(plan.chancy for plan in candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for done in range(rounds):
            if len(candidates) == 1 or not allowance.more():
                break
            round_allowance = budget.share(1.0)
            # This round's part of the search's allowance: an even split of what remains.
            if allowance.deadline is not None:
                now = budget.clock()
                round_allowance.deadline = now + (allowance.deadline - now) / (rounds - done)
            if allowance.cap is not None:
                round_allowance.cap = budget.used + max(
                    len(candidates), (allowance.cap - budget.used) // (rounds - done)
                )
            timed_out = False
            while not timed_out:
                for plan in candidates:
                    played = self._playout(state, me, impulse, plan.actions, None, 0.0)
                    if played is None:
                        timed_out = True
                        break
                    plan.total += played.value
                    plan.count += 1
                    budget.used += 1
                if not round_allowance.more():
                    break
            if timed_out:
                break  # an unfinished pass would compare plans on unequal evidence
            judged = True
            candidates.sort(key=lambda plan: plan.mean, reverse=True)
            candidates = candidates[: max(1, len(candidates) // 2)]
            self._report(budget, len(candidates))
            if len({plan.actions[0] for plan in candidates}) == 1:
                break  # every plan left makes the same move now: nothing more to decide here
        self.last_playouts = budget.used - start_playouts
        if not judged:
            # Too little time to tell a plan from a lucky roll: the heuristic's own plan.
            return heuristic_plan
        return max(candidates, key=lambda plan: plan.mean)

    def _candidates(
        self, state: State, me: int, legal: list[int], impulse: Impulse, allowance: Allowance
    ) -> list[Plan]:
        """The greedy plan, then plans opening with the heuristic's next best moves; when there
        are fewer moves than plans wanted, varied continuations of the best ones. As many as
        ``allowance`` lets it make; none if the impulse's time runs out during the first."""
        openings = ranked(state, me, legal, self._own, self.rng)
        firsts = openings[: self.plans]
        while len(firsts) < self.plans:
            firsts.append(openings[len(firsts) % len(openings)])
        candidates: list[Plan] = []
        for index, first in enumerate(firsts):
            if candidates and not allowance.more():
                break
            epsilon = 0.0 if index == 0 else self.epsilon
            played = self._playout(state, me, impulse, None, first, epsilon)
            if played is None:
                break
            impulse.budget.used += 1
            candidates.append(Plan(played.actions, played.expected, played.value, 1, played.chancy))
        return candidates

    def _playout(
        self,
        state: State,
        me: int,
        impulse: Impulse,
        actions: list[int] | None,
        first: int | None,
        epsilon: float,
        luck: Luck | None = None,
    ) -> Playout | None:
        """Play a redraw of ``state`` to the impulse's end: ``actions`` (a plan) where legal,
        else ``first`` then the heuristic (varied with probability ``epsilon``); the opponent
        by the heuristic. Returns the value for ``me``, when making a plan its decisions and
        what was seen before each, and whether chance took part; None if the impulse's time ran
        out on the way."""
        evaluate, own, judged = self._evaluate, self._own, self._judge
        key, budget = impulse.key, impulse.budget
        rng = dice = self.rng
        if luck is not None:
            rng, dice = random.Random(luck.draws), random.Random(luck.dice)
        current = state.resample_from_infostate(me, rng)
        root = len(current.history())
        made: list[int] = []
        expected: list[Hashable] = []
        done = 0  # the planner's own decisions made so far
        chancy = dice_in_impulse = False
        beyond = 0  # stretches of play entered past the impulse planned
        for steps in range(MAX_PLAYOUT_STEPS):
            if current.is_terminal():
                break
            here = self._key(current, me)
            if here != key:
                if beyond == self.horizon:
                    break
                beyond += 1
                key = here
            if steps % CLOCK_EVERY == CLOCK_EVERY - 1 and budget.out_of_time():
                return None
            player = current.current_player()
            if player == CHANCE:
                current.apply_action(sample_chance_outcome(current, dice))
                chancy = True
                dice_in_impulse = dice_in_impulse or not beyond
                continue
            options = current.legal_actions()
            if beyond:
                # Past the plan's impulse: the quicker greedy of the playouts on both sides.
                steer = own if player == me else evaluate
                action = greedy_action(current, player, steer, rng, limit=BEYOND_SAMPLE)
            elif player != me:
                action = greedy_action(current, player, evaluate, rng)
            elif actions is not None:
                if done < len(actions) and actions[done] in options:
                    action = actions[done]
                else:
                    action = greedy_action(current, me, own, rng)
                done += 1
            else:
                if done == 0 and first is not None:
                    action = first
                elif epsilon and rng.random() < epsilon:
                    action = greedy_action(current, me, own, rng, limit=len(options) // 2 + 1)
                else:
                    action = greedy_action(current, me, own, rng)
                made.append(action)
                expected.append(expectation(current, root, options))
                done += 1
            current.apply_action(action)
        if current.is_terminal():
            return Playout(current.returns()[me], made, expected, chancy, dice_in_impulse)
        value = 0.0 if judged is None else judged(current, me)
        return Playout(value, made, expected, chancy, dice_in_impulse)

    def _report(self, budget: ImpulseBudget, candidates: int) -> None:
        if self.on_progress is not None:
            self.on_progress(PlanProgress(budget.spent(), candidates, budget.used))


def expectation(state: State, root: int, legal: list[int]) -> Hashable:
    """What a plan expects before one of its decisions: every action and die since the plan was
    made, and the choices offered (all of it public within an impulse)."""
    return tuple(state.history()[root:]), tuple(legal)


def ranked(
    state: State, player: int, legal: list[int], evaluate: Evaluator | None, rng: random.Random
) -> list[int]:
    """``legal`` from the best successor to the worst for ``player`` by the heuristic (a finished
    successor scores its result), ties in random order."""
    scored = []
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            value = child.returns()[player]
        else:
            value = 0.0 if evaluate is None else evaluate(child, player)
        scored.append((-value, rng.random(), action))
    scored.sort()
    return [action for _, _, action in scored]
