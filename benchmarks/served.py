"""A revision's `preflog serve` as a process of its own on the loopback, with a known token and an
archive of its own, and the clients that load it (shared by the server benchmarks; imports nothing of
preflog, so that a benchmark can serve a tree other than the one being edited)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

TOKEN = "benchmark-token-0123456789abcdef"
HEADERS = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain; charset=utf-8"}


class Served:
    """``preflog serve`` of the package at ``path`` on a free port of the loopback, with its archive."""

    def __init__(self, path: Path, folder: Path) -> None:
        code = (f"import sys; sys.path.insert(0, {str(path)!r}); sys.argv[0] = 'preflog'; "
                "from preflog.cli import main; main()")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
        env.update(PREFLOG_TOKEN=TOKEN, PREFLOG_LANG="en")
        self.out = folder / "out.txt"
        with self.out.open("w") as out:
            self.process = subprocess.Popen([sys.executable, "-c", code, "serve", "--db", str(folder / "club.sqlite"),
                                             "--port", "0"], stdout=out, stderr=subprocess.STDOUT, env=env, cwd=folder)
        deadline = time.monotonic() + 60
        self.url = ""
        while not self.url and time.monotonic() < deadline:
            found = re.search(r"(http://[0-9.]+:[0-9]+)/", self.out.read_text())
            self.url = found.group(1) if found else ""
            time.sleep(0.05)
        assert self.url, self.out.read_text()

    def peak_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


#: READERS clients reading pages in a loop for SECONDS (URLS: one, or several joined by commas, which
#: each reader reads in turn, each starting at another), then how many pages they read
READERS = """
import sys, threading, time
import httpx
urls, readers, seconds = sys.argv[1].split(","), int(sys.argv[2]), float(sys.argv[3])
stop, count, lock = threading.Event(), [0], threading.Lock()
def read(first):
    with httpx.Client(timeout=120) as client:
        turn = first
        while not stop.is_set():
            client.get(urls[turn % len(urls)])
            turn += 1
            with lock:
                count[0] += 1
threads = [threading.Thread(target=read, args=(i,)) for i in range(readers)]
for t in threads:
    t.start()
time.sleep(seconds)
stop.set()
for t in threads:
    t.join()
print(count[0])
"""


def probe(url: str, stop: threading.Event, out: list[float]) -> None:
    with httpx.Client(timeout=60) as client:
        while not stop.is_set():
            started = time.perf_counter()
            client.get(url)
            out.append(time.perf_counter() - started)
            time.sleep(0.05)
