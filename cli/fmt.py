"""``preflog fmt``: write files in the canonical form of the notation."""

from __future__ import annotations

import sys

import click

from ..notation.errors import NotationError
from .common import EXIT_ERRORS, EXIT_OK, CleanGames, display_name, print_errors, read_text, write_text


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not in canonical form.")
@click.option("--in-place", "-i", "in_place", is_flag=True, help="Rewrite the files instead of printing.")
@click.option("--unicode", is_flag=True, help="Write suit symbols (A♥, 7♠, ♠AKQ ♥T87).")
def fmt(files: tuple[str, ...], check: bool, in_place: bool, unicode: bool) -> None:
    """Print FILES (- for standard input) in canonical form.

    Canonical form: ASCII cards, dotted hands with Player: prefixes, one statement per line, | between
    tricks, tags in a fixed order. Comments, glyphs, variations and unknown tags are kept; % file
    comments are not part of the notation, and fmt says so when it would drop them.

    \b
    Examples:
      preflog fmt game.pref                 print the canonical text
      preflog fmt --check samples/*.pref    exit 1 if any file would change
      preflog fmt --in-place --unicode game.pref
    """
    from ..notation.split import file_comments
    from ..notation.write import iter_dumps

    if check and in_place:
        raise click.UsageError("--check and --in-place exclude each other")
    if in_place and "-" in files:
        raise click.UsageError("--in-place cannot rewrite standard input")
    status = EXIT_OK
    for path in files:
        name = display_name(path)
        try:
            text = read_text(path)
        except NotationError as exc:
            print_errors(exc.errors)
            status = EXIT_ERRORS
            continue
        games = CleanGames(text, name)
        canonical = "".join(iter_dumps(games, unicode=unicode))
        if games.bad:
            status = EXIT_ERRORS
            continue
        if check:
            if canonical != text:
                click.echo(f"would reformat {name}", err=True)
                status = EXIT_ERRORS
            continue
        dropped = file_comments(text)
        if dropped:
            lines = ", ".join(str(line) for line, _ in dropped[:8]) + (", …" if len(dropped) > 8 else "")
            click.echo(f"{name}: warning: % comments are not kept by the notation; "
                       f"{len(dropped)} dropped (line {lines}); write {{…}} to keep a comment", err=True)
        if in_place:
            if canonical != text:
                write_text(path, canonical)
                click.echo(f"reformatted {name}", err=True)
        else:
            click.echo(canonical, nl=False)
    sys.exit(status)
