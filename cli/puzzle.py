"""``preflog puzzle``: puzzles proven with the solver (``check``) and solved (``solve``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _, ngettext
from .exits import EXIT_ERRORS
from .inputs import CleanGames, Reread, write_text
from .lang import Group, argument, common_options, option, subcommand
from .terminal import display_name, print_errors

if TYPE_CHECKING:
  # the library is imported when the command runs, not to print --help
    from ..notation.errors import NotationError
    from ..notation.read import ParsedGame
    from ..puzzles import Flaw, Proof


@click.group(cls=Group, help=N_("""Puzzles: deals that ask a question in their tags (docs/puzzles.md), proven with
    the solver.

    \b
    Examples:
      preflog puzzle check samples/puzzles/*.pref
      preflog puzzle solve my-puzzle.pref -o solved.pref
    """))
@common_options
def puzzle() -> None:
    """The ``preflog puzzle`` verb (its help is above)."""


def _puzzles(files: tuple[str, ...], bad: set[str]) -> Iterator[tuple[str, ParsedGame, Proof | None]]:
    """Each game of ``files`` with its proof (``None`` for a game that asks nothing); notation errors
    printed as they are found (``bad`` then holds the file)."""
    from ..puzzles import is_puzzle, prove, puzzle_of

    for file in files:
        name = display_name(file)
        games = CleanGames(Reread(file), name)
        for parsed in games.parsed():
            game = parsed.game
            yield name, parsed, prove(puzzle_of(game)) if is_puzzle(game) else None
        if games.bad:
            bad.add(name)


_sub = subcommand(puzzle)


def _errors(name: str, parsed: ParsedGame, flaw: Flaw) -> list[NotationError]:
    """A flaw as errors are printed: at its place, with the line that shows it as a note."""
    from ..checker import violation_error
    from ..notation.errors import NotationError
    from ..puzzles.proof import Fault
    from ..puzzles.told import flaw as said, refutation

    if flaw.fault is Fault.BROKEN:
        return [violation_error(v, name, parsed.pieces) for v in flaw.violations]
    notes = [n for n in (refutation(flaw),) if n]
    span = flaw.span
    if span is None:
        return [NotationError(said(flaw), path=name, notes=notes)]
    return [NotationError.at(span, said(flaw), path=name, source_line=parsed.source_line(span.line), notes=notes)]


@_sub(N_("""Prove each puzzle of FILES with the solver: the answer written is right
    and the only one (cards equal to it apart), the line after it best play, the result best play's.
    A wrong answer is refuted by the solver's line; a second solution is named. Exit 1 if any puzzle
    is not proven.

    \b
    Examples:
      preflog puzzle check samples/puzzles/*.pref
      preflog puzzle check samples/puzzles/kovalevskaya.pref --format json
    """))
@argument("files", metavar=N_("FILES"), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True,
        help=N_("text: a line per puzzle, errors at their place; json: every proof with its values."))
def check(files: tuple[str, ...], form: str) -> None:
    """``preflog puzzle check`` (its help is above)."""
    from ..puzzles.told import proven, record

    counted = flawed = 0
    records = []
    unread: set[str] = set()
    for name, parsed, proof in _puzzles(files, unread):
        if proof is None:
            continue
        counted += 1
        flawed += not proof.proven
        if form == "json":
            records.append({"file": name, **record(proof)})
            continue
        if proof.proven:
            span = getattr(proof.puzzle, "span", None)
            place = f"{name}:{span.line}" if span else name
            title = getattr(proof.puzzle, "title", "")
            click.echo(f"{place}: {title + ' — ' if title else ''}{proven(proof)}")
        for flaw in proof.flaws:
            print_errors(_errors(name, parsed, flaw))
    if form == "json":
        click.echo(json.dumps(records, ensure_ascii=False, indent=1))
    else:
        click.echo(ngettext("checked {n} puzzle: {proven} proven", "checked {n} puzzles: {proven} proven", counted).format(
            n=counted, proven=counted - flawed), err=True)
    if counted == 0 and not unread:
        click.echo(_('preflog: error: no puzzle in the input (a puzzle has a Puzzle tag: docs/puzzles.md)'), err=True)
        sys.exit(EXIT_ERRORS)
    if flawed or unread:
        sys.exit(EXIT_ERRORS)


@_sub(N_("""Write each puzzle of FILES with its answer: the solver's main line after
    the position and the result it ends with. The games that ask nothing are written as they are.
    An answer written that the solver does not prove is said and replaced; a puzzle with two
    solutions, or one that cannot be solved, is an error (exit 1).

    \b
    Examples:
      preflog puzzle solve my-puzzle.pref
      preflog puzzle solve my-puzzle.pref -o solved.pref
    """))
@argument("files", metavar=N_("FILES"), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def solve(files: tuple[str, ...], output: str | None) -> None:
    """``preflog puzzle solve`` (its help is above)."""
    from ..notation.write import dumps
    from ..puzzles import solved
    from ..puzzles.proof import ANSWERED, Fault, second_unwritten

    out = []
    bad = False
    unread: set[str] = set()
    for name, parsed, proof in _puzzles(files, unread):
        if proof is None:
            out.append(parsed.game)
            continue
        for flaw in proof.flaws:
            if flaw.fault is Fault.NO_ANSWER:
                continue
            print_errors(_errors(name, parsed, flaw))
            bad |= flaw.fault not in ANSWERED
        second = second_unwritten(proof)
        if second is not None:
            print_errors(_errors(name, parsed, second))
            bad = True
        game = solved(proof)
        out.append(game if game is not None else parsed.game)
    text = dumps(out)
    if output:
        write_text(output, text)
    else:
        click.echo(text, nl=False)
    if bad or unread:
        sys.exit(EXIT_ERRORS)
