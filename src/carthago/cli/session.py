"""A game at the terminal: computer seats move by themselves, human seats are asked.

A human seat sees only its own observation (board, hand, the opponent's played cards, its log)
and answers with a number from the list, the notation of a move, or a command.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, SpinnerColumn, TextColumn
from rich.table import Table
from rich.text import Text

from carthago.agents.base import Agent, choose_action
from carthago.agents.hints import HINT_SECONDS, best_moves
from carthago.agents.levels import computer_label
from carthago.agents.planner import PlannerAgent, PlanProgress
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import IllegalActionError
from carthago.core.game import Game
from carthago.core.records import GameRecord
from carthago.core.reveals import first_reveal
from carthago.core.state import CHANCE, State

HELP = """\
Type the number of a move from the list, or its notation (any case).
Commands:
  help    this text
  board   show the board again
  explain NAME  what a card, piece or rule component called NAME is and does
  hint    what the computer would do in your place: its three best moves,
          searched from what you know (unless the game was started --no-hints)
  undo    take back your last decision (against the computer, while
          nothing hidden has been shown to you since)
  quit    stop the game (you may save the record first)"""


LONG_THINK = 2.0
"""Seconds of search budget from which the thinking shows a bar towards the budget."""
SHOWN_THINK = 0.5
"""Seconds of thinking from which the terminal says how long the computer thought."""

Result = TypeVar("Result")


class QuitGame(Exception):
    """The human asked to stop."""


@dataclass
class PlaySession:
    """One game with seats played by agents (computer) or ``None`` (a person here)."""

    game: Game
    seats: list[Agent | None]
    specs: list[str]
    console: Console
    seed: int | None = None
    record_path: Path | None = None
    verbose: bool = True
    hints: bool = True
    state: State = field(init=False)
    chance_seed: int = field(init=False)
    _decisions: list[int] = field(init=False, default_factory=list)
    _last_human: int | None = field(init=False, default=None)
    _log_seen: dict[int, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state()
        self.chance_seed = random.randrange(2**32) if self.seed is None else self.seed
        for agent in self.seats:
            if agent is not None:
                agent.reset()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.seats) if agent is None]

    def run(self) -> GameRecord:
        """Play to the end (or until a human quits); the record of what was played."""
        if self.humans:
            self._show_players()
        try:
            while not self.state.is_terminal():
                self._turn()
        except QuitGame:
            self.console.print("Game stopped.")
            record = self.record()
            self._offer_save(record)
            return record
        record = self.record()
        self._show_result()
        if self.humans or self.record_path is not None:
            self._offer_save(record)
        return record

    def record(self) -> GameRecord:
        return GameRecord.of_state(self.state, self.specs, self.seed)

    def _turn(self) -> None:
        player = self.state.current_player()
        if player == CHANCE:
            # Each chance event draws from a generator fixed by its place in the game, so a
            # position reached again after an undo rolls exactly what it rolled before.
            place = random.Random(f"{self.chance_seed}:{len(self.state.history())}")
            self._apply(sample_chance_outcome(self.state, place))
            return
        agent = self.seats[player]
        if agent is None:
            self._apply(self._ask_human(player), decision=True)
            return
        watcher = self.humans[0] if len(self.humans) == 1 else None
        if watcher is None:
            self._apply(choose_action(agent, self.state))
            return
        started = time.perf_counter()
        self._apply(self._think(agent, player))
        spent = time.perf_counter() - started
        if spent >= SHOWN_THINK:
            name = self.game.player_names[player]
            self.console.print(Text(f"{name} thought for {spent:.1f} s", style="bold"))
        # The computer's moves as they happen, in the words of the person's own log (the
        # notation could name what their seat may not see), drawn to stand out.
        for line in self._fresh_log(watcher):
            self.console.print(Text(f"  {line}", style="bold yellow"))

    def _think(self, agent: Agent, player: int) -> int:
        """The computer's move; meanwhile the screen says it is thinking and for how long, and
        a planner how far its plan has got."""
        name = self.game.player_names[player]
        if not isinstance(agent, PlannerAgent):
            return self._while_waiting(
                lambda: choose_action(agent, self.state),
                f"{name} (computer) is thinking",
                agent.think_seconds,
            )
        with self.console.status(f"{name} is planning...") as status:

            def show(progress: PlanProgress) -> None:
                status.update(thinking_line(name, progress))

            agent.on_progress = show
            try:
                return choose_action(agent, self.state)
            finally:
                agent.on_progress = None

    def _apply(self, action: int, decision: bool = False) -> None:
        player = self.state.current_player()
        who = "chance" if player == CHANCE else self.game.player_names[player]
        notation = self.state.action_to_string(action)
        if decision:
            self._decisions.append(len(self.state.history()))
        self.state.apply_action(action)
        # A person sees moves through the log of their observation; only a game with no person
        # at the table prints every move, chance included.
        if self.verbose and not self.humans:
            number = len(self.state.history())
            self.console.print(Text(f"{number:4d}. {who}: {notation}"))

    def _ask_human(self, seat: int) -> int:
        if len(self.humans) > 1 and self._last_human not in (None, seat):
            self.console.rule()
            self._prompt(f"{self.game.player_names[seat]} to play: pass the keyboard, press Enter")
        self._last_human = seat
        self._show(seat)
        while True:
            answer = self._prompt(f"{self.game.player_names[seat]}> ").strip()
            if not answer:
                continue
            command = answer.casefold()
            if command in ("help", "?"):
                self.console.print(HELP, markup=False)
            elif command == "board":
                self._show(seat)
            elif command == "explain" or command.startswith("explain "):
                self._explain(answer[len("explain") :].strip())
            elif command == "hint":
                self._hint(seat)
            elif command == "quit":
                raise QuitGame
            elif command == "undo":
                if self._undo(seat):
                    self._show(seat)
            else:
                action = self._parse_move(answer)
                if action is not None:
                    return action

    def _parse_move(self, answer: str) -> int | None:
        legal = self.state.legal_actions()
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"There is no move {number}: choose 1 to {len(legal)}.")
            return None
        try:
            return self.state.string_to_action(answer)
        except IllegalActionError as error:
            self.console.print(f"{error}. Type a number from the list, or 'help'.", markup=False)
            return None

    def _undo(self, seat: int) -> bool:
        if any(agent is None for index, agent in enumerate(self.seats) if index != seat):
            self.console.print("Undo is only for games against the computer.")
            return False
        if not self._decisions:
            self.console.print("There is nothing of yours to undo yet.")
            return False
        back_to = self._decisions[-1]
        revealed = first_reveal(self.state, seat, back_to)
        if revealed is not None:
            self.console.print(
                "Undo cannot take back your last decision: you have since seen something "
                f"that was hidden when you made it (at move {revealed}).",
                markup=False,
            )
            return False
        # Replaying the history keeps every die roll: undo can never re-roll.
        self._decisions.pop()
        self.state = self.game.replay(self.state.history()[:back_to])
        self.console.print("Your last decision is taken back.")
        return True

    def _while_waiting(self, work: Callable[[], Result], what: str, budget: float) -> Result:
        """The result of ``work``, run aside while the screen says ``what`` with the seconds
        spent, and a bar towards ``budget`` when it is long."""
        columns: list[ProgressColumn | str] = [SpinnerColumn(), TextColumn("{task.description}")]
        if budget >= LONG_THINK:
            columns.append(BarColumn())
        with ThreadPoolExecutor(1, thread_name_prefix="thinking") as pool:
            future: Future[Result] = pool.submit(work)
            with Progress(*columns, console=self.console, transient=True) as progress:
                task = progress.add_task(what, total=budget if budget >= LONG_THINK else None)
                started = time.perf_counter()
                while not future.done():
                    spent = time.perf_counter() - started
                    progress.update(task, description=f"{what}… {spent:.1f} s", completed=spent)
                    wait([future], timeout=0.1)
            return future.result()

    def _hint(self, seat: int) -> None:
        if not self.hints:
            self.console.print("Hints are off in this game (it was started with --no-hints).")
            return
        place = f"{self.chance_seed}:{len(self.state.history())}"
        hints = self._while_waiting(
            lambda: best_moves(self.state, seat, place),
            "The computer is weighing your moves",
            HINT_SECONDS,
        )
        legal = self.state.legal_actions()
        self.console.print(
            Text(
                "What the computer would do in your place, from what you know (value: your "
                "average result in its search, -1 a loss to +1 a win):",
                style="bold",
            )
        )
        for hint in hints:
            self.console.print(
                Text(
                    f"{legal.index(hint.action) + 1:>4}  {hint.notation}  "
                    f"value {hint.value:+.2f} ({hint.playouts} playouts)"
                )
            )

    def _explain(self, name: str) -> None:
        if not name:
            self.console.print("explain what? Type explain and a name, e.g. a card's.")
            return
        text = self.game.explain(name)
        if text is None:
            self.console.print(f"{self.game.title} has nothing called {name!r} to explain.")
        else:
            self.console.print(Text(text))

    def _show(self, seat: int) -> None:
        # What happened since this seat last looked, the computer's moves above all: the board
        # alone shows where things are, not who just did what.
        fresh = self._fresh_log(seat)
        if fresh:
            self.console.print(Text("Since you last looked:", style="bold"))
            for line in fresh:
                self.console.print(Text(f"  {line}"))
        self.console.print(Text(self.state.render(seat)))
        table = Table(title="Your moves", show_header=False, box=None, pad_edge=False)
        for number, action in enumerate(self.state.legal_actions(), start=1):
            table.add_row(f"{number:>3}", Text(self.state.action_to_string(action)))
        self.console.print(table)

    def _fresh_log(self, seat: int) -> list[str]:
        """The lines of ``seat``'s log it has not been shown yet (and from now on has)."""
        log = self.state.log(seat)
        fresh = log[min(self._log_seen.get(seat, 0), len(log)) :]
        self._log_seen[seat] = len(log)
        return fresh

    def _prompt(self, text: str) -> str:
        try:
            return self.console.input(text)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise QuitGame from None

    def _offer_save(self, record: GameRecord) -> None:
        if self.record_path is not None:
            record.save(self.record_path)
            self.console.print(f"Record saved to {self.record_path}")
            return
        try:
            answer = self.console.input("Save the record? File name (Enter to skip): ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        if answer:
            try:
                record.save(answer)
            except OSError as error:
                self.console.print(f"Could not save to {answer}: {error.strerror}")
            else:
                self.console.print(f"Record saved to {answer}")

    def _show_players(self) -> None:
        seats = [
            f"{name}: {'a person' if agent is None else 'computer ' + computer_label(spec)}"
            for name, agent, spec in zip(
                self.game.player_names, self.seats, self.specs, strict=True
            )
        ]
        self.console.print(Text(f"{self.game.title}. " + "; ".join(seats)))

    def _show_result(self) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.print(Text(self.state.render(viewer)))
        self.console.print(Text(result_line(self.game, self.state.returns())))


def result_line(game: Game, returns: list[float]) -> str:
    """``Rome wins`` / ``Draw`` / a score list for more than two players."""
    best = max(returns)
    winners = [game.player_names[i] for i, r in enumerate(returns) if r == best]
    if len(winners) == len(returns):
        return "Result: draw"
    if len(winners) == 1:
        return f"Result: {winners[0]} wins"
    return "Result: " + ", ".join(
        f"{name} {value:+g}" for name, value in zip(game.player_names, returns, strict=True)
    )


def thinking_line(name: str, progress: PlanProgress) -> str:
    """What the terminal shows while a planner thinks.

    >>> thinking_line("Carthage", PlanProgress(0.4, 3, 57))
    'Carthage is planning its impulse: 40% of its time, 3 plans in the running, 57 playouts'
    """
    plans = "1 plan" if progress.candidates == 1 else f"{progress.candidates} plans"
    return (
        f"{name} is planning its impulse: {progress.spent:.0%} of its time, {plans} in the "
        f"running, {progress.playouts} playouts"
    )
