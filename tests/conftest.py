from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.pref"))

HEAD = '[Players "Anna Boris Vera"]\n\n'


@pytest.fixture(params=SAMPLES, ids=lambda p: p.name)
def sample(request: pytest.FixtureRequest) -> Path:
    return request.param
