"""``preflog fmt``: write files in the canonical form of the notation."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

import click

from ..i18n import N_, _, count
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_OK
from .inputs import CleanGames, Reread, write_text
from .terminal import display_name

if TYPE_CHECKING:  # the library is loaded when a file is formatted, not for --help
    from ..model.game import Game
    from ..notation.words import Words

#: The vocabularies of ``preflog.notation.words.WORDS`` (a test holds them equal), spelled here so that
#: ``preflog --help`` loads no layer of the library.
_WORDS = ("en", "ru")


@command(N_("""Print FILES (- for standard input) in canonical form.

    Canonical form: cards in letters (As Td), dotted hands with Player: prefixes, one statement per
    line, | between tricks, tags in a fixed order. Comments, glyphs, variations, unknown tags and %
    notes are kept, each at the element it was written after; a comment on lines of its own before a
    deal or a tag block stays before it.

    Each game keeps the words it was written in: the notation's (pass, whist, half, 7nt, mis, As Td)
    or those said at a Russian table (пас, вист, полвиста, 7бк, мизер, Тп 10б), whichever most of
    its calls and whist words are in. --words writes every game in the one chosen; both read back as
    the same game.

    \b
    Examples:
      preflog fmt game.pref                 print the canonical text
      preflog fmt --check samples/*.pref    exit 1 if any file would change
      preflog fmt --in-place --unicode game.pref
      preflog fmt --words ru game.pref      пас, вист, 7бк, Тп 10б
    """))
@argument("files", metavar=N_("FILES..."), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--check", is_flag=True, help=N_("Change nothing; exit 1 if a file is not in canonical form."))
@option("--in-place", "-i", "in_place", is_flag=True, help=N_("Rewrite the files instead of printing."))
@option("--unicode", is_flag=True, help=N_("Write suit symbols (A♥, 7♠, ♠AKQ ♥T87)."))
@option("--words", type=click.Choice(_WORDS), default=None,
        help=N_("Write calls, whist words and cards in these words: ru as said at a Russian table (пас, вист, "
                "полвиста, 7бк, мизер, Тп 10б), en as the notation has them (pass, whist, half, 7nt, mis, As Td). "
                "Default: each game in the words it was written in."))
def fmt(files: tuple[str, ...], check: bool, in_place: bool, unicode: bool, words: Words | None) -> None:
    """The ``preflog fmt`` verb (its help is above)."""
    if check and in_place:
        raise click.UsageError(_("--check and --in-place exclude each other"))
    if in_place and "-" in files:
        raise click.UsageError(_("--in-place cannot rewrite standard input"))
    status = EXIT_OK
    for path in files:
        if not _format(path, check, in_place, unicode, words):
            status = EXIT_ERRORS
    sys.exit(status)


def _format(path: str, check: bool, in_place: bool, unicode: bool, words: Words | None) -> bool:
    """Format one file; False if it has errors (printed) or, with ``check``, is not canonical.

    The file is read a game at a time and its canonical text spooled (to a temporary file past
    256 KB), so that memory holds one game however long the file; the file is then read once more, to
    compare it with that text and find its % comments, and the text written out only if the whole
    file was read without an error. Each game is written in ``words``, or (None) in its own."""
    from ..notation.decode import Lines
    from ..notation.split import file_comments
    from ..notation.write import iter_dumps

    name = display_name(path)
    source = Reread(path)
    games = _Spoken(CleanGames(source, name), words)
    with tempfile.SpooledTemporaryFile(max_size=_IN_MEMORY, mode="w+", encoding="utf-8", newline="\n") as spool:
        for part in iter_dumps(games, unicode=unicode, words=games.words):
            spool.write(part)
        if games.clean.bad:
            return False
        with source.open() as fp:  # the file read again, once: compared with the spool, its % comments found
            spool.seek(0)
            compared = _Compared(spool, Lines(fp, name, keep_endings=True))
            found = [] if check else file_comments(compared)
            same = compared.finish()
        if check:
            if not same:
                click.echo(_("would reformat {name}").format(name=name), err=True)
            return same
        spool.seek(0)
        lost = len(found) - len(file_comments(spool)) if found else 0
        if lost > 0:  # notes outside any game (a file of nothing else): nothing to write them with
            click.echo(_("{name}: warning: {notes} stand where no game is, and are not written (from line {line})")
                       .format(name=name, notes=count("{n} % note", "{n} % notes", lost), line=found[0][0]), err=True)
        spool.seek(0)
        if not in_place:
            for block in iter(lambda: spool.read(_BLOCK), ""):
                click.echo(block, nl=False, color=True)  # the text exactly: click would strip what looks like a colour
        elif not same:
            write_text(path, iter(lambda: spool.read(_BLOCK), ""))
            click.echo(_("reformatted {name}").format(name=name), err=True)
    return True


class _Spoken:
    """The games of a file, each with the words it is to be written in: ``words`` if given, else the
    words it was written in (:func:`~preflog.notation.words.words_of` over its text)."""

    def __init__(self, clean: CleanGames, words: Words | None) -> None:
        self.clean, self._words = clean, words
        self._last: tuple[Game, Words] | None = None

    def __iter__(self) -> Iterator[Game]:
        from ..notation.words import words_of

        for parsed in self.clean.parsed():
            spoken = self._words or words_of(piece.text for piece in parsed.pieces)
            self._last = (parsed.game, spoken)
            yield parsed.game

    def words(self, game: Game) -> Words:
        """The words of ``game``, the game just given (the writer asks as it writes each)."""
        assert self._last is not None and self._last[0] is game
        return self._last[1]


class _Compared:
    """The lines of a file as they are read (endings kept), each compared with the text in ``spool``
    from where it stands; :meth:`finish` reads the rest as far as it matches and says if all did."""

    def __init__(self, spool: IO[str], lines: Iterable[str]) -> None:
        self._spool, self._lines, self._same = spool, iter(lines), True

    def __iter__(self) -> Iterator[str]:
        for line in self._lines:
            self._compare(line)
            yield line

    def _compare(self, line: str) -> None:
        if self._same and self._spool.read(len(line)) != line:
            self._same = False

    def finish(self) -> bool:
        for line in self._lines:
            if not self._same:
                break
            self._compare(line)
        return self._same and self._spool.read(1) == ""


_IN_MEMORY = 1 << 18  # the canonical text is kept in memory up to this many characters, then on disk
_BLOCK = 1 << 16
