"""``preflog webapp``: the phone app, a folder any static host serves (docs/webapp.md)."""

from __future__ import annotations

from pathlib import Path

import click

from ..i18n import N_, _, decimal, ngettext
from .inputs import reason
from .lang import argument, command, option


@command(N_("""Write the phone app into the folder OUT: preflog's own Python run by Pyodide in the browser,
    with no server, working offline from its second start; serve the folder from any static host over
    HTTPS (or from this computer: python3 -m http.server -d OUT). Pyodide comes from npm:
    npm install pyodide@314.0.7 puts it in node_modules/pyodide, where --pyodide looks by default.

    \b
    Examples:
      preflog webapp site
      preflog webapp site --pyodide node_modules/pyodide
      preflog webapp site --force
    """))
@argument("out", metavar=N_("OUT"), type=click.Path(file_okay=False, path_type=Path))
@option("--pyodide", metavar=N_("DIR"), type=click.Path(path_type=Path), default=Path("node_modules/pyodide"),
        show_default=True, help=N_("Pyodide's npm package folder (npm install pyodide@314.0.7)."))
@option("--force", is_flag=True, help=N_("Write into OUT even when it is not empty (its files of the same names replaced)."))
def webapp(out: Path, pyodide: Path, force: bool) -> None:
    """The ``preflog webapp`` verb (its help is above)."""
    from ..webapp.site import Refused, write_site

    try:
        written = write_site(out, pyodide, force=force)
    except Refused as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.UsageError(_("cannot write {path}: {reason}").format(path=exc.filename or out, reason=reason(exc))) \
            from None
    size = sum((out / name).stat().st_size for name in written)
    click.echo(ngettext("{n} file written to {out} ({mb} MB): serve the folder over HTTPS",
                     "{n} files written to {out} ({mb} MB): serve the folder over HTTPS", len(written))
               .format(n=len(written), out=out, mb=decimal(f"{size / 1e6:.1f}")))
