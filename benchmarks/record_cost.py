"""What a deal recorded costs as its game grows, and a long game's first view after its import (issue 64,
point 4), through the server's app called in process, for the preflog that ``import preflog`` finds (run
it with ``PYTHONPATH`` at another checkout to measure that one beside this).

    python benchmarks/record_cost.py [--at 10,300,1000] [--window 9] [--big 10000]

- **record**: one game recorded deal by deal through ``POST /api/games/{id}/deals`` (the short form);
  at each deal of ``--at``, the median over ``--window`` deals of the process's CPU time for the request
  and the deals the audits replayed for it (a spy on ``Audit.deal``: the count is the cost);
- **first view**: a ``--big``-deal game imported, then its page asked for once: the wall time to the
  answer, whether it is the full page (not «a moment»), and the deals replayed for it.

CPU times on a shared machine: compare them side by side, in one run, not alone.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from preflog.notation.write import dumps  # noqa: E402
from preflog.problems import Audit  # noqa: E402
from preflog.record.recorder import Recorder  # noqa: E402
from preflog.record.short import examples  # noqa: E402
from preflog.serve.access import digest  # noqa: E402
from preflog.serve.app import create_app  # noqa: E402
from preflog.serve.archive import Archive  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

TOKEN = "benchmark-token-0123456789abcdef"
WRITE = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain; charset=utf-8"}
KINDS = ("game", "all_pass", "two", "nobody", "misere")
REPLAYED = [0]


def _counting() -> None:
    real = Audit.deal

    def spy(self: Audit, *args: object, **kwargs: object) -> object:
        REPLAYED[0] += 1
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    Audit.deal = spy  # type: ignore[assignment,method-assign]


def record(client: TestClient, archive: Archive, at: list[int], window: int) -> list[tuple[int, float, float]]:
    """Per deal of ``at``: the median CPU milliseconds of a deal recorded there, and deals replayed."""
    ident = int(client.post("/api/games", content=Recorder.header(["Anna", "Boris", "Vera"]).encode(),
                            headers=WRITE).json()["ids"][0])
    recorder = Recorder(archive.text(ident)[0])  # the next deal's seats, kept beside the server's
    measured: dict[int, tuple[float, int]] = {}
    last = max(at) + window // 2
    wanted = {n for a in at for n in range(a - window // 2, a - window // 2 + window)}
    for n in range(1, last + 1):
        typed = examples(recorder.table())[KINDS[n % len(KINDS)]]
        REPLAYED[0] = 0
        start = time.process_time()
        answer = client.post(f"/api/games/{ident}/deals", content=typed.encode(), headers=WRITE)
        spent, replayed = time.process_time() - start, REPLAYED[0]
        assert answer.status_code == 201, answer.text
        if n in wanted:
            measured[n] = (spent, replayed)
        recorder.add(typed)
    out = []
    for a in at:
        chosen = [measured[n] for n in range(a - window // 2, a - window // 2 + window)]
        out.append((a, statistics.median(c for c, _r in chosen) * 1000, statistics.median(r for _c, r in chosen)))
    return out


def first_view(client: TestClient, deals: int) -> tuple[float, bool, int, float]:
    """A ``deals``-deal game imported, then its page: seconds to the page, whether it is the full page,
    the deals replayed for it, and the import's seconds."""
    text = dumps(generate(deals, 5)[:1])
    start = time.monotonic()
    answer = client.post("/api/games", content=text.encode(), headers=WRITE)
    imported = time.monotonic() - start
    ident = answer.json()["ids"][0]
    REPLAYED[0] = 0
    start = time.monotonic()
    page = client.get(f"/games/{ident}?lang=ru")
    took = time.monotonic() - start
    full = page.status_code == 200 and 'http-equiv="refresh"' not in page.text
    return took, full, REPLAYED[0], imported


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", default="10,300,1000")
    parser.add_argument("--window", type=int, default=9)
    parser.add_argument("--big", type=int, default=10_000)
    args = parser.parse_args()
    _counting()
    print(f"preflog at {Path(preflog.__file__).parent.parent}")
    with tempfile.TemporaryDirectory() as folder:
        archive = Archive(Path(folder) / "club.sqlite")
        with TestClient(create_app(archive, digest(TOKEN))) as client:
            for n, cpu, replayed in record(client, archive, [int(a) for a in args.at.split(",")], args.window):
                print(f"deal {n:>5}: {cpu:7.2f} ms CPU a deal recorded (median of {args.window}), "
                      f"{replayed:.0f} deals replayed")
            if args.big:
                took, full, replayed, imported = first_view(client, args.big)
                print(f"first view of a {args.big}-deal game after its import ({imported:.1f} s): {took:.2f} s, "
                      f"{'the full page' if full else 'a moment…'}, {replayed} deals replayed")
        archive.close()


if __name__ == "__main__":
    main()
