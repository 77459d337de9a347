"""The fuzzer, bounded for every change (issue 9): near-valid texts from tests/fuzzing.py, through the
library and the command line. The long campaign for releases is ``python -m tests.fuzz_campaign``
(docs/limits.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzzing import examine, mutate, near_valid
from .test_cli import run

BOUNDED = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@BOUNDED
@given(st.integers(0, 2**32))
def test_near_valid_texts_keep_every_promise(seed: int) -> None:
    examine(near_valid(random.Random(seed)))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_every_verb_answers_a_near_valid_file_with_an_exit_code(seed: int) -> None:
    """No traceback (``run`` fails on any exception but SystemExit), and an exit code of 0, 1 or 2."""
    import tempfile

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.pref"
        path.write_bytes(near_valid(rng).encode("utf-8", "surrogatepass"))
        for verb in (("parse",), ("check", "--json"), ("score",), ("fmt",), ("convert", "--to", "json"),
                     ("replay", "--no-interactive"), ("stats", "--format", "json")):
            code, out, err = run(verb[0], str(path), *verb[1:])
            assert code in (0, 1, 2), (verb, code)
            assert "Traceback" not in err
            if verb[0] == "check":
                json.loads(out)  # streamed, and still one JSON document


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_json_of_a_game_spoiled_keeps_every_promise(seed: int) -> None:
    """A game's JSON with a slip in its text: an error or the same game as the notation would give."""
    import preflog
    from preflog import NotationError

    rng = random.Random(seed)
    games = None
    while games is None:
        try:
            games = preflog.loads_all(near_valid(rng))
        except NotationError:
            pass
    document = mutate(preflog.to_json(games), rng, slips=1)
    try:
        back = preflog.from_json(document)
    except NotationError as exc:
        exc.format()
        return
    examine(preflog.dumps(back))
