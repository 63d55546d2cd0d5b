"""The README and the docs: the README's examples run, it stays short, and no local link breaks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
README_LIMIT = 10_000
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# [text](target) and ![alt](target) in Markdown, src="target" in the HTML some pages use.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|\bsrc=\"([^\"]+)\"")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes.

    >>> anchor("§6.5.7 Crisis: the second commander")
    '657-crisis-the-second-commander'
    """
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def local_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    targets = [m.group(1) or m.group(2) for m in LINK.finditer(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def broken(page: Path, target: str) -> str | None:
    """Why ``target``, linked from ``page``, does not resolve; None if it does."""
    path_part, _, fragment = target.partition("#")
    linked = (page.parent / path_part).resolve() if path_part else page
    if not linked.exists():
        return f"{target}: no such file"
    if fragment and linked.suffix == ".md":
        anchors = {anchor(h) for h in HEADING.findall(linked.read_text(encoding="utf-8"))}
        if fragment not in anchors:
            return f"{target}: no heading #{fragment} in {linked.name}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_local_link_resolves(page: Path) -> None:
    problems = [why for t in local_links(page) if (why := broken(page, t)) is not None]
    assert not problems, f"{page.relative_to(ROOT)}: " + "; ".join(problems)


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# Here it is\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md#here-it-is) [gone](missing.md) [bad anchor](there.md#elsewhere)\n"
        "```\n[in code](ignored.md)\n```\n![picture](img.png) [web](https://example.org)\n",
        encoding="utf-8",
    )
    problems = [why for t in local_links(page) if (why := broken(page, t)) is not None]
    assert problems == [
        "missing.md: no such file",
        "there.md#elsewhere: no heading #elsewhere in there.md",
        "img.png: no such file",
    ]


def test_the_readme_stays_short() -> None:
    size = len(README.read_text(encoding="utf-8"))
    assert size <= README_LIMIT, f"README.md has {size} characters, at most {README_LIMIT}"


def test_the_readme_examples_run() -> None:
    # A process of its own: the test games this suite registers must not show in games().
    run = subprocess.run(
        [sys.executable, "-m", "doctest", "-v", "-o", "ELLIPSIS", str(README)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert re.search(r"\b(1\d|[2-9]\d) passed and 0 failed", run.stdout), run.stdout[-500:]
