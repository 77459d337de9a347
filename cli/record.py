"""``preflog record``: a game recorded at the table, deal by deal, each deal checked before it is kept."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _, count
from ..record.commands import COMMANDS, RUSSIAN_COMMANDS
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_MISUSE, EXIT_OK
from .inputs import reason
from .options import PresetChoice
from .terminal import at_terminal, print_errors

if TYPE_CHECKING:
    from ..record.recorder import Recorder, Refused
    from ..record.store import GameFile


HELP = N_("""\
Type a deal in the short form, on one line:
  {game}
      {a} plays {contract}; {b}: whist, {c}: pass (a letter for each defender from the declarer's left:
      w whist, p pass, h half-whist, then o open or c closed); the declarer took 8 tricks (or = +1 -1)
  {two}
      two whisters: every player's tricks, the declarer's first, then in turn
  {nobody}
      nobody whists: the game counts as made
  {misere}
      a misère and the tricks its declarer took
  {all_pass}
      an all-pass: each player's tricks from the eldest hand ({order}), or by name: `{named}`
  ... {{a comment}}
      a comment on the deal
or in the notation: its statements (hands, talon, bids, discard, contract, whist, play, claim, result,
penalty, sheet) on as many lines as you like, ended by an empty line.
Commands: undo, redo, edit N (then the deal again; or `edit N {edit}`), note TEXT, sheet, help,
quit. Names may be shortened to their first letters, or written as the file's aliases.""")


@command(N_("""Record a game into FILE deal by deal, as it is played: a new file (its tags written first) or one
    to go on with. Each deal is checked against the rules at once and refused, with the reason, if it
    cannot have happened; a deal taken is on the disk before the recorder says so. After each deal the
    pulka and the settlement so far are shown.

    Deals are typed in a short form (`Boris 7s wp 8`, `mis Vera 0`, `pass 4 3 3`; `help` says more)
    or in the notation, ended by an empty line. Commands: undo, redo, edit N, note TEXT, sheet, help,
    quit. Without a terminal the same lines are read from standard input, and every message goes to
    standard error. Exit 0, or 1 if a deal read from standard input was refused; 2 if FILE cannot be
    recorded into.

    \b
    Examples:
      preflog record friday.pref --players "Anna Boris Vera" --pool 10
      preflog record friday.pref                  (go on with it)
      printf 'Boris 7s wp 8\\npass 4 3 3\\n' | preflog record friday.pref
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(dir_okay=False))
@option("--players", metavar=N_('"A B C"'), help=N_("A new file's players, clockwise (2, 3 or 4)."))
@option("--rules", "preset", type=PresetChoice(), help=N_("A new file's convention (default sochi)."))
@option("--pool", metavar=N_("N"), type=click.IntRange(1, 10_000), help=N_("A new file's pool: what ends the pulka."))
@option("--dealer", metavar=N_("NAME"), help=N_("Who deals first (before the first deal is recorded)."))
@option("--whist-price", metavar=N_("PRICE"), help=N_("A new file's money per whist, e.g. 0.5."))
@option("--alias", "aliases", multiple=True, metavar=N_("ALIAS=PLAYER"),
              help=N_("A new file's alias for a player, to type instead of the name (repeatable)."))
def record(file: str, players: str | None, preset: str | None, pool: int | None, dealer: str | None,
           whist_price: str | None, aliases: tuple[str, ...]) -> None:
    """The ``preflog record`` verb (its help is above)."""
    from ..record.recorder import Recorder, Refused
    from ..record.store import GameFile, Locked

    store = GameFile(file)
    try:
        store.lock()
    except Locked as e:
        _fail(str(e))
    except OSError as e:
        _fail(_("cannot record into {file}: {reason}").format(file=file, reason=reason(e)))
    try:
        if Path(file).exists():
            text = _existing(store, players, preset, pool, whist_price, aliases)
        else:
            text = _new(store, players, preset, pool, whist_price, aliases)
        try:
            recorder = Recorder(text, path=file, store=store, dealer=dealer)
        except Refused as e:
            _refusal(e)
            if e.reason:
                sys.exit(EXIT_MISUSE)
            _say(_("preflog: {file} must check clean to be recorded into (preflog check {file})").format(file=file))
            sys.exit(EXIT_ERRORS)
        if dealer is not None and recorder.deals:
            _fail(_("--dealer names who deals first, and {file} has its deals: the next dealer is {dealer}").format(
                file=file, dealer=recorder.next().dealer))
        refused = Session(recorder, at_terminal(sys.stdin)).run()
    finally:
        store.close()
    sys.exit(EXIT_ERRORS if refused and not at_terminal(sys.stdin) else EXIT_OK)


def _say(text: str = "") -> None:
    click.echo(text, err=True)


def _fail(message: str) -> None:
    _say(_("preflog: error: {message}").format(message=message))
    sys.exit(EXIT_MISUSE)


def _existing(store: GameFile, players: str | None, preset: str | None, pool: int | None, whist_price: str | None,
              aliases: tuple[str, ...]) -> str:
    """The text of a file to go on with; an option that makes a new file may be given again only as
    the file's tags already say (the command that started the file goes on with it)."""
    import preflog

    try:
        text = store.read()
    except ValueError as e:
        _fail(str(e))
    except OSError as e:
        _fail(_("cannot read {path}: {reason}").format(path=store.path, reason=reason(e)))
    try:
        game = preflog.loads(text)
    except preflog.NotationError:
        return text  # the recorder reports what is wrong with it
    given = {"--players": (players and " ".join(players.split()), " ".join(game.players)),
             "--rules": (preset, game.tag("Rules", "sochi")), "--pool": (pool and str(pool), game.tag("Pool")),
             "--whist-price": (whist_price, game.tag("WhistPrice")),
             "--alias": (" ".join(aliases) or None, game.tag("Aliases"))}
    differ = [_("{option} (the file has {held!r})").format(option=option, held=held)
              for option, (value, held) in given.items() if value is not None and value != held]
    if differ:
        _fail(_("{path} exists, and its tags differ from {options}: leave the options out to go on with it, or "
                "record into a new file").format(path=store.path, options=", ".join(differ)))
    return text


def _new(store: GameFile, players: str | None, preset: str | None, pool: int | None, whist_price: str | None,
         aliases: tuple[str, ...]) -> str:
    """A new file's tags, written to it (whole or not at all)."""
    from ..record.recorder import Recorder, Refused, aliases_of

    if not players:
        _fail(_("{path} does not exist: a new file needs --players \"A B C\" (clockwise)").format(path=store.path))
    assert players is not None
    names = players.split()
    try:
        named = aliases_of(" ".join(aliases), names, str(store.path))
        text = Recorder.header(names, rules=preset or "sochi", pool=pool, whist_price=whist_price, aliases=named,
                               tags=[("Date", _today())])
        Recorder(text)  # the tags as the engine reads them: players, pool, price
    except Refused as e:
        for message in [e.reason] if e.reason else [error.message for error in e.errors]:
            _say(_("preflog: error: {message}").format(message=message))
        sys.exit(EXIT_MISUSE)
    try:
        store.create(text)
    except OSError as e:
        _fail(_("cannot write {path}: {reason}").format(path=store.path, reason=reason(e)))
    return text


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


class Session:
    """The recorder's conversation: lines in (a terminal's, with editing, history and completion, or
    standard input's), messages out on standard error."""

    def __init__(self, recorder: Recorder, terminal: bool) -> None:
        self.recorder, self.terminal = recorder, terminal
        self.refused = 0
        self.editing: int | None = None

    def run(self) -> int:
        """Talk until ``quit`` or the end of the input; how many deals were refused."""
        if self.terminal:
            self._readline()
        _say(_("recording {path}: {players}, {deals} so far; `help` for how to type a deal").format(
            path=self.recorder.path, players=count("{n} player", "{n} players", len(self.recorder.players)),
            deals=count("{n} deal", "{n} deals", self.recorder.deals)))
        self._turn()
        pending: list[str] = []
        for line in self._lines(lambda: bool(pending)):  # noqa: B023 - asked as each line is read
            if line is None:  # Ctrl-C at a terminal: the deal being typed is dropped
                if pending:
                    _say(_("(the deal being typed is dropped)"))
                    pending = []
                    continue
                break
            if pending:
                if line.strip():
                    pending.append(line)
                    continue
                self._submit("\n".join(pending))
                pending = []
                continue
            words = line.split()
            if words and words[0].lower() in RUSSIAN_COMMANDS:  # отмена is undo, and so on
                line = RUSSIAN_COMMANDS[words[0].lower()] + line.strip()[len(words[0]):]
                words[0] = RUSSIAN_COMMANDS[words[0].lower()]
            if not words:
                if self.editing is not None:
                    _say(_("deal {deal} is left as it was").format(deal=self.editing))
                    self.editing = None
                continue
            if words[0] in COMMANDS and self._command(words[0], line.strip()[len(words[0]):].strip()):
                if words[0] == "quit":
                    break
                continue
            if _notation(words[0]) or words[0].startswith("{"):
                pending = [line]
                continue
            self._submit(line)
        else:
            if pending:
                self._submit("\n".join(pending))
        return self.refused

    def _lines(self, typing: Callable[[], bool]) -> Iterator[str | None]:
        """The lines typed, ``None`` for a Ctrl-C at a terminal."""
        if not self.terminal:
            for line in sys.stdin:
                yield line.rstrip("\r\n")
            return
        while True:
            prompt = "  ... " if typing() else f"{self.editing if self.editing else self.recorder.next().number}> "
            try:
                yield input(prompt)
            except EOFError:
                _say()
                return
            except KeyboardInterrupt:
                _say()
                yield None

    def _command(self, word: str, rest: str) -> bool:
        """Carry out a command; False if the line is not one after all (``sheet Anna pool 2`` is a
        statement of the notation)."""
        from ..record.recorder import Refused

        recorder = self.recorder
        if word in ("undo", "redo", "sheet", "help", "quit") and rest:
            return False
        try:
            if word == "undo":
                _say(_("deal {deal} taken back (`redo` records it again)").format(deal=recorder.undo()))
                self._show()
            elif word == "redo":
                _say(_("deal {deal} recorded again").format(deal=recorder.redo()))
                self._show()
            elif word == "edit":
                number, _space, typed = rest.partition(" ")
                if not number.isdigit():
                    from ..record.short import examples

                    _say(_("error: edit which deal? `edit N`, then the deal again (or `edit N {example}`)").format(
                        example=examples(recorder.table())["edit"]))
                    return True
                if typed.strip():
                    self._replace(int(number), typed)
                else:
                    if int(number) not in recorder.numbers:
                        _say(_("error: there is no deal {deal}").format(deal=number))
                    else:
                        self.editing = int(number)
                        _say(_("type deal {deal} again (an empty line or `quit` leaves it as it is)").format(
                            deal=number))
            elif word == "note":
                recorder.note(rest)
                _say(_("noted"))
            elif word == "sheet":
                self._show()
            elif word == "help":
                from ..record.short import examples

                _say(_(HELP).format(**examples(recorder.table())))
            return True
        except Refused as e:
            _refusal(e)
            return True

    def _submit(self, typed: str) -> None:
        if self.editing is not None:
            number, self.editing = self.editing, None
            self._replace(number, typed)
            return
        from ..record.recorder import Refused

        if self.recorder.finished:
            _say(_("error: the pulka is over: no deal can follow (undo takes the last one back)"))
            self.refused += 1
            return
        try:
            written = self.recorder.add(typed)
        except Refused as e:
            self.refused += 1
            _read_as(e)
            _refusal(e)
            _say(_("nothing was written; type the deal again"))
            return
        self._accepted(written, typed)

    def _replace(self, number: int, typed: str) -> None:
        from ..record.recorder import Refused

        try:
            self.recorder.edit(number, typed)
        except Refused as e:
            self.refused += 1
            _read_as(e)
            _refusal(e)
            _say(_("deal {deal} is left as it was").format(deal=number))
            return
        _say(_("deal {deal} recorded anew; the deals after it are scored again").format(deal=number))
        self._show()
        self._turn()

    def _accepted(self, written: str, typed: str) -> None:
        from ..words import in_words

        number = int(written.split()[1])
        if in_words():  # the deal said back in the language's words (English shows the notation written)
            _say(_("deal {deal} recorded: {said}").format(deal=number, said=self.recorder.said(number)))
        else:
            _say(_("recorded:") + "\n" + _indented(written) if not _notation(typed.strip().split()[0]) else
                 _("recorded deal {deal}").format(deal=number))
        self._show()
        self._turn()

    def _show(self) -> None:
        from ..present.score_table import sheet_text

        if self.recorder.deals:
            _say(sheet_text(self.recorder.sheet()))

    def _turn(self) -> None:
        if self.recorder.finished:
            _say(_("the pulka is over (after deal {deal}); `quit` to end, `undo` to take the last deal back").format(
                deal=self.recorder.next().number - 1))
        else:
            _say(str(self.recorder.next()))

    def _readline(self) -> None:
        """Line editing and history at a terminal, and Tab completing names and commands."""
        try:
            import readline
        except ImportError:  # pragma: no cover - Python without readline
            return
        words = sorted({*self.recorder.players, *self.recorder.aliases, *COMMANDS, *RUSSIAN_COMMANDS})

        def complete(text: str, state: int) -> str | None:
            found = [w + " " for w in words if w.lower().startswith(text.lower())]  # readline adds no space
            return found[state] if state < len(found) else None

        readline.set_completer(complete)
        readline.set_completer_delims(" \t")
        readline.parse_and_bind("tab: complete")


def _notation(word: str) -> bool:
    """Whether ``word`` starts a deal typed in the notation: its ``deal`` line or a statement."""
    from ..notation.vocabulary import STATEMENT_ORDER

    return word == "deal" or word in STATEMENT_ORDER


def _refusal(refused: Refused) -> None:
    """Why the recorder refused: its errors as ``preflog check`` prints them (those of the line just typed
    at their word, without a place), or its reason."""
    if refused.reason:
        _say(_("error: {reason}").format(reason=refused.reason))
    elif refused.typed:
        from ..record.recorder import typed_text
        from .terminal import COLOUR, _styled

        for error in refused.errors:
            click.echo(typed_text(error, _styled) if COLOUR else typed_text(error), err=True, color=COLOUR or None)
    else:
        print_errors(refused.errors)


def _read_as(refused: Refused) -> None:
    """How the short form was read, when the engine refused the deal: in the language's words (the
    notation in English)."""
    from ..words import in_words

    if refused.written and in_words() and refused.said:
        _say(_("read as: {said}").format(said=refused.said))
    elif refused.written:
        _say(_("read as:") + "\n" + _indented(refused.written))


def _indented(text: str) -> str:
    return "\n".join("    " + line for line in text.rstrip("\n").splitlines())
