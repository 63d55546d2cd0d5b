"""Every Republic of Carthage test resamples exactly unless it asks for the fallback.

The fallback copy (``hidden_fallback``) never fails, so a test of exact resampling would pass
on it unnoticed; this check makes any test that took it fail, save those that request
``allow_fallback``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from carthago.games.republic_of_carthage.hidden_fallback import COUNTS


@pytest.fixture
def allow_fallback() -> None:
    """Requested by the tests that mean to take the fallback."""


@pytest.fixture(autouse=True)
def _exact_resampling_only(request: pytest.FixtureRequest) -> Iterator[None]:
    COUNTS.reset()
    yield
    if "allow_fallback" not in request.fixturenames:
        assert COUNTS.fallback == 0, f"{COUNTS.fallback} resamples took the fallback"
