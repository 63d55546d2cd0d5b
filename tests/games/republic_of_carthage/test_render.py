"""The terminal view: wrapped at 80 columns, never cut, with a key to its abbreviations."""

from __future__ import annotations

from carthago.games.republic_of_carthage.render import WIDTH, render
from tests.games.republic_of_carthage.support import first_turn


def test_a_long_line_is_wrapped_and_loses_no_word() -> None:
    state = first_turn()
    observation = state.observation(0)
    long_hand = [f"Card number {i} with a long name" for i in range(12)]
    observation["factions"][0]["hand"] = long_hand
    observation["senate"]["presiding"] = "Mago [2]"
    observation["senate"]["proposal"] = " ".join(f"clause{i}" for i in range(40))
    text = render(observation)
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    flat = " ".join(text.split())
    assert ", ".join(long_hand) in flat
    assert " ".join(f"clause{i}" for i in range(40)) in flat
    assert "[...]" not in text


def test_a_senator_line_keeps_a_long_name_whole() -> None:
    observation = first_turn().observation(0)
    senator = observation["factions"][0]["senators"][0]
    senator["name"] = "Hannibal Barca the Elder of Carthage [3]"
    text = render(observation)
    assert senator["name"] in " ".join(text.split())


def test_the_key_names_every_abbreviation_the_text_uses() -> None:
    text = " ".join(render(first_turn().observation(0)).split())
    for key in (
        "M Military",
        "O Oratory",
        "E Exploration",
        "L Loyalty",
        "I Influence",
        "P Popularity",
        "Tr Traders",
        "T talents",
        "HRAO the Highest Ranking Available Official",
    ):
        assert key in text
