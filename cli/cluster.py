"""``--dask ADDRESS``: a client of the Dask cluster whose scheduler is at ADDRESS (the extra ``preflog[dask]``),
for the verbs that can share their work beyond this machine (``stats``, ``analyse --seen``)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..i18n import _
from .exits import EXIT_MISUSE


def needs_dask() -> Any:
    """``dask.distributed`` (untyped: Any); exit 2 with a message where Dask is not installed."""
    try:
        return importlib.import_module("dask.distributed")
    except ImportError:
        click.echo(_("preflog: error: --dask needs Dask: pip install 'preflog[dask]'"), err=True)
        sys.exit(EXIT_MISUSE)


@contextmanager
def dask_client(scheduler: str | None) -> Iterator[Any]:
    """A ``dask.distributed.Client`` of the cluster at ``scheduler`` (``local``: one made of this
    machine's cores, closed after), or ``None`` without one. Exit 2 with a message where Dask is not
    installed (:func:`needs_dask`) or the scheduler cannot be reached."""
    if scheduler is None:
        yield None
        return
    distributed = needs_dask()
    cluster = None
    try:
        if scheduler == "local":
            cluster = distributed.LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                               dashboard_address=None)
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(scheduler, timeout=30)
    except (OSError, TimeoutError, ValueError) as e:
        if cluster is not None:
            cluster.close()
        click.echo(_("preflog: error: cannot reach the Dask scheduler at {address}: {reason}").format(
            address=scheduler, reason=e), err=True)
        sys.exit(EXIT_MISUSE)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
