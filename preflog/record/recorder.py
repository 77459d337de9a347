"""A game recorded deal by deal, as at the table: each deal checked by the engine before it is taken.

>>> rec = Recorder(Recorder.header(["Anna", "Boris", "Vera"], pool=10))
>>> rec.next()                      # deal 1: Anna deals, Boris is the eldest hand
>>> rec.add("Boris 7s wp 8")        # or the notation's statements; Refused says why not
>>> rec.undo(); rec.redo(); rec.edit(1, "Boris 6s pp"); rec.note("a quick one")
>>> rec.sheet()                     # the pulka so far

The recorder keeps the file's text as written: a deal is appended to it, and an undo, an edit or a note
changes only that deal's part. A ``store`` (:class:`~preflog.record.store.GameFile`) is told of each
change after the engine has accepted it and before the recorder takes it, so that what it holds is
always a game that checks clean.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import attrs

from ..i18n import _
from ..checker import in_text_order, violation_error
from ..game.conventions import PRESETS, frozen_tags
from ..game.engine import expected_dealer
from ..model.game import Game
from ..model.seating import bidding_order
from ..notation.errors import HINT, NotationError, Part, Style, hint
from ..notation.vocabulary import STATEMENT_ORDER, is_valid_player_id
from ..scoring.pulka import ScoreSheet
from ..words import player
from .judgment import Judgment, judge
from .said import Outline, deal_words, outcome_words
from .short import ShortFormError, Table, read_short

#: The tag that names the players' aliases for typing: ``[Aliases "Дима=Дмитрий Саша=Александр"]``.
ALIASES_TAG = "Aliases"


class Store(Protocol):
    """Where a recorder's game is kept: told the text appended, or the whole text that replaces it."""

    def append(self, text: str) -> None: ...

    def replace(self, text: str) -> None: ...


class Refused(Exception):
    """A deal or a change the recorder did not take, and why: ``errors`` as ``preflog check`` prints
    them (at their place in the text), or ``reason`` when the refusal has no place; ``written`` the deal
    as the short form was read into the notation, if it was; ``deal_line`` the line of the game's text
    where the deal refused by the engine starts (its errors' lines count from the text's start);
    ``typed`` when the errors are in the lines just typed (the short form's), not in the game's text;
    ``said`` the deal refused by the engine in words (:mod:`preflog.record.said`), when it was read."""

    def __init__(self, errors: Sequence[NotationError] = (), written: str | None = None, *,
                 reason: str | None = None, deal_line: int | None = None, typed: bool = False,
                 said: str | None = None) -> None:
        super().__init__(reason or "\n".join(typed_text(e) if typed else e.format() for e in errors))
        self.errors, self.written, self.reason, self.deal_line = list(errors), written, reason, deal_line
        self.typed, self.said = typed, said


def _plain(part: Part, text: str) -> str:
    return text


def typed_text(error: NotationError, style: Style = _plain) -> str:
    """An error of the line just typed as a person reads it: ``error: MESSAGE``, the line with a caret
    under the word at fault, and the hint; no place (``deal 7:1:12``), as the line is the one typed."""
    notes = ["    " + (style(Part.HINT, _("hint:")) + n[len(HINT) - 1:] if n.startswith(HINT) else n)
             for n in error.notes]
    head = f"{style(Part.ERROR, _('error:'))} {error.message}"
    return "\n".join(line for line in [head, error.caret(style), *notes] if line)


@attrs.frozen(slots=True)
class Turn:
    """The deal to come: its number, who deals, the active seats from the eldest hand."""

    number: int
    dealer: str
    order: tuple[str, ...]
    four: bool

    @classmethod
    def of(cls, number: int, dealer: str, players: Sequence[str]) -> Turn:
        """Deal ``number`` dealt by ``dealer`` to ``players``."""
        return cls(number, dealer, bidding_order(players, dealer), len(players) == 4)

    def __str__(self) -> str:
        out = _(" and sits out") if self.four else ""
        return _("deal {number}: {dealer} deals{out}, {order} is the eldest hand").format(
            number=self.number, dealer=self.dealer, out=out, order=player(self.order[0]))


class Recorder:
    """One game, recorded a deal at a time. ``text`` is the game file's text (its tags at least);
    ``dealer`` who deals first, when no deal is recorded yet (otherwise the first player listed)."""

    def __init__(self, text: str, *, path: str = "<game>", store: Store | None = None,
                 dealer: str | None = None, judged: Judgment | None = None) -> None:
        self.path, self.store, self.first_dealer = path, store, dealer
        if judged is None or judged.text != text:
            judged = judge(text, path)
        problems = _problems(judged)
        if problems:
            raise Refused(problems)
        game = judged.game
        if dealer is not None and dealer not in game.players:
            raise Refused(reason=_("{dealer!r} is not a player of this game ({players})").format(dealer=dealer,
                                                                                                 players=', '.join(game.players)))
        self._text, self._judged = text, judged
        self._unchanged = len(judged.deals)
        self._undone: list[str] = []
        self.aliases = aliases_of(game.tag(ALIASES_TAG), game.players, path)

    @classmethod
    def of(cls, judged: Judgment, *, store: Store | None = None, dealer: str | None = None) -> Recorder:
        """The recorder of the game ``judged`` holds, from that judgment (its text is not judged again)."""
        return cls(judged.text, path=judged.path, store=store, dealer=dealer, judged=judged)

    @staticmethod
    def header(players: Sequence[str], *, rules: str = "sochi", pool: int | None = None,
               whist_price: str | None = None, aliases: Mapping[str, str] | None = None,
               tags: Iterable[tuple[str, str]] = ()) -> str:
        """The tags that start a new game file: the players, the convention with every option frozen
        (a later preflog whose presets differ reads the game the same), the pool, the price of a
        whist, the aliases, and any other ``tags``."""
        out = list(tags) + [("Players", " ".join(players))] + frozen_tags(PRESETS[rules])
        if pool is not None:
            out.append(("Pool", str(pool)))
        if whist_price is not None:
            out.append(("WhistPrice", whist_price))
        if aliases:
            out.append((ALIASES_TAG, " ".join(f"{a}={p}" for a, p in aliases.items())))
        return "".join(f'[{name} "{value}"]\n' for name, value in out)

    # -- what is recorded --------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The game file's text as recorded so far."""
        return self._text

    @property
    def judgment(self) -> Judgment:
        """The engine's judgment of :attr:`text` (what the server keeps, and the next change starts from)."""
        return self._judged

    @property
    def unchanged(self) -> int:
        """How many of the first deals are judged as they were when the recorder was made (what was worked
        out of them then still holds)."""
        return self._unchanged

    @property
    def game(self) -> Game:
        """The game as recorded so far."""
        return self._judged.game

    @property
    def parts(self) -> list[tuple[int, int, int]]:
        """Where each deal's part of :attr:`text` starts (its preface), where its own text starts, and
        where it ends."""
        return list(self._judged.parts)

    @property
    def players(self) -> tuple[str, ...]:
        return self._judged.game.players

    @property
    def deals(self) -> int:
        """How many deals are recorded."""
        return len(self._judged.deals)

    @property
    def numbers(self) -> list[int]:
        """The numbers of the deals recorded."""
        return [d.number for d in self._judged.deals]

    @property
    def last(self) -> int | None:
        """The number of the last deal recorded (``None`` before the first)."""
        deals = self._judged.deals
        return deals[-1].number if deals else None

    def said(self, number: int) -> str:
        """Deal ``number`` in words (:func:`preflog.record.said.deal_words`), in the language spoken now."""
        outline = _outline(self._judged, number)
        return "" if outline is None else deal_words(outline)

    def outcome(self, number: int) -> tuple[str, str | None, str]:
        """Deal ``number``'s dealer, declarer (``None`` for an all-pass) and how it went for him
        (:func:`preflog.record.said.outcome_words`)."""
        outline = _outline(self._judged, number)
        return ("", None, "") if outline is None else (outline.dealer, outline.played_by, outcome_words(outline))

    def sheet(self) -> ScoreSheet:
        """The pulka after the last deal recorded."""
        assert self._judged.sheet is not None
        return self._judged.sheet

    @property
    def finished(self) -> bool:
        """The pulka has ended: no deal can follow."""
        sheet = self._judged.sheet
        return sheet is not None and sheet.finished

    def next(self) -> Turn:
        """The deal to come: its number, its dealer and the eldest hand."""
        judged = self._judged
        players = self.players
        if judged.deals:
            assert judged.state is not None
            number = judged.deals[-1].number + 1
            dealer = expected_dealer(judged.state) or players[0]
        else:
            number, dealer = 1, self.first_dealer or players[0]
        return Turn.of(number, dealer, players)

    def table(self, turn: Turn | None = None) -> Table:
        """What the short form reads a deal against."""
        turn = turn or self.next()
        return Table(self._judged.game.players, turn.dealer, turn.order, self.aliases)

    # -- changes -----------------------------------------------------------------------------------

    def add(self, typed: str) -> str:
        """Record the next deal, typed in the notation (its statements, perhaps its ``deal`` line) or
        in the short form; the deal as written. :class:`Refused` if it cannot be, and nothing changes."""
        turn = self.next()
        deal, written = self._deal_text(typed, turn)
        sep = _separator(self._text)
        candidate = self._text + sep + deal
        self._take(candidate, len(self._text), turn.number, written, appended=sep + deal,
                   deal_line=self._judged.line_at(len(self._text)) + sep.count("\n"))
        self._undone.clear()
        return deal

    def undo(self) -> int:
        """Take back the last deal (it can be redone); its number."""
        parts = self._judged.parts
        if not parts:
            raise Refused(reason=_("there is no deal to undo"))
        start = parts[-1][0]
        number = self._judged.deals[-1].number
        removed = self._text[start:]
        kept = self._text[:start]
        self._take(kept if kept.endswith("\n") or not kept else kept + "\n", start, None)
        self._undone.append(removed)
        return number

    @property
    def taken_back(self) -> str | None:
        """The text of the last deal taken back and not redone (what :meth:`redo` records again)."""
        return self._undone[-1] if self._undone else None

    def redo(self, taken: str | None = None) -> int:
        """Record again the last deal taken back; its number. ``taken``: the text of a deal taken back
        by another recorder of the same game (a server keeps it between requests)."""
        if taken is not None:
            self._undone.append(taken)
        if not self._undone:
            raise Refused(reason=_("there is nothing to redo"))
        again = self._undone[-1]
        sep = _separator(self._text) if not again.startswith("\n") else ""
        number = self.next().number
        self._take(self._text + sep + again, len(self._text), number, appended=sep + again)
        self._undone.pop()
        return number

    def edit(self, number: int, typed: str) -> str:
        """Record deal ``number`` anew (the deals after it are scored again, and must still be legal);
        the deal as written."""
        index = self._index(number)
        start, own, end = self._judged.parts[index]
        dealer = self._judged.deals[index].dealer
        turn = Turn.of(number, dealer, self.players)
        deal, written = self._deal_text(typed, turn)
        old = self._text[own:end]
        trailing = old[len(old.rstrip()):]  # the blank lines that part it from the next deal
        candidate = self._text[:own] + deal.rstrip("\n") + (trailing if "\n" in trailing else "\n") + self._text[end:]
        self._take(candidate, own, number, written, deal_line=self._judged.line_at(own))
        self._undone.clear()
        return deal

    def note(self, text: str, number: int | None = None) -> None:
        """A comment on deal ``number`` (the last by default), written at the end of its last line (a
        comment on a line of its own would be read as the next deal's)."""
        if "{" in text or "}" in text or "\n" in text:
            raise Refused(reason=_("a note is one line without braces"))
        if not text.strip():
            raise Refused(reason=_("the note is empty"))
        number = self.last if number is None else number
        if number is None:
            raise Refused(reason=_("there is no deal to note"))
        index = self._index(number)
        _start, own, end = self._judged.parts[index]
        body = self._text[own:end].rstrip()
        last = body.rfind("\n") + 1  # the deal's last line: the note goes at its end, before a % note
        at = own + last + _content_end(body[last:])
        self._take(self._text[:at] + " {" + text.strip() + "}" + self._text[at:], at, None)

    # -- the engine's judgement --------------------------------------------------------------------

    def _index(self, number: int) -> int:
        numbers = self.numbers
        if number not in numbers:
            told = _("deals {numbers} to {numbers2}").format(numbers=numbers[0],
                                                             numbers2=numbers[-1]) if numbers else _("no deals")
            raise Refused(reason=_("there is no deal {number} (the game has {told})").format(number=number, told=told))
        return numbers.index(number)

    def _deal_text(self, typed: str, turn: Turn) -> tuple[str, str | None]:
        """The deal as it will be written (ending in a newline) and, for the short form, the
        statements it was read into."""
        lines = [line.rstrip() for line in typed.strip("\n").splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        if not lines or not "".join(lines).strip():
            raise Refused(reason=_("nothing to record"))
        first = lines[0].split(None, 1)[0] if lines[0].split() else ""
        if first == "deal":
            return "\n".join(self._unalias(line) for line in lines) + "\n", None
        head = f"deal {turn.number} dealer {turn.dealer}"
        if first in STATEMENT_ORDER or first.startswith("{"):
            return head + "\n" + "\n".join(self._unalias(line) for line in lines) + "\n", None
        if len(lines) > 1:
            raise Refused([NotationError(_("a deal in the short form is one line"), path=f"deal {turn.number}",
                                         line=2, excerpt=lines[1])], typed=True)
        try:
            statements = read_short(lines[0], self.table(turn))
        except ShortFormError as e:
            raise Refused([NotationError(e.message, path=f"deal {turn.number}", column=e.column, end_column=e.end,
                                         excerpt=lines[0], notes=[hint(e.hint)] if e.hint else [])],
                          typed=True) from None
        return head + "\n" + statements + "\n", statements

    def _unalias(self, line: str) -> str:
        """A line of notation with each alias outside comments replaced by its player's name."""
        if not self.aliases:
            return line
        parts = re.split(r"(\{[^}]*\}?|%.*)", line)  # comments, kept as they are
        pattern = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, sorted(self.aliases, key=len, reverse=True)))
                             + r")(?![\w])")
        return "".join(p if i % 2 else pattern.sub(lambda m: self.aliases[m.group(1)], p)
                       for i, p in enumerate(parts))

    def _take(self, candidate: str, at: int, number: int | None, written: str | None = None, *,
              appended: str | None = None, deal_line: int | None = None) -> None:
        """Take ``candidate``, the text changed from offset ``at`` on, as the game's text if the engine
        finds nothing wrong in it (the deal ``number``, which starts at line ``deal_line``, must also be
        scorable), telling the store first. Judged from the judgment kept (:meth:`Judgment.then`)."""
        judged = self._judged.then(candidate, at)
        problems = _problems(judged, number)
        if problems:
            outline = _outline(judged, number) if number is not None else None
            raise Refused(problems, written, deal_line=deal_line,
                          said=deal_words(outline) if outline is not None else None)
        if self.store is not None:
            if appended is not None:
                self.store.append(appended)
            else:
                self.store.replace(candidate)
        self._text, self._judged = candidate, judged
        self._unchanged = min(self._unchanged, judged.carried)


def _problems(judged: Judgment, scorable: int | None = None) -> list[NotationError]:
    """What refuses a text: its notation errors, the rules it breaks, and a gap in the sheet where the
    deal ``scorable``, the one being written, leaves one; as ``preflog check`` prints them."""
    problems = list(judged.parsed.errors)
    if not judged.points:
        return problems
    gap = judged.unscored(scorable) if scorable is not None else None
    found = judged.violations + ([gap] if gap is not None else [])
    return problems + [violation_error(v, judged.path, judged.parsed.pieces) for v in in_text_order(found)]


def _outline(judged: Judgment, number: int) -> Outline | None:
    """Deal ``number``'s outline, if the judgment has it."""
    for deal, outline in zip(reversed(judged.deals), reversed(judged.outlines)):  # the newest first
        if deal.number == number:
            return outline
    return None


def _content_end(line: str) -> int:
    """Where a line's statements end: at its ``%`` note (outside braces), or its end."""
    inside = False
    for i, c in enumerate(line):
        if c == "{" or c == "}":
            inside = c == "{"
        elif c == "%" and not inside:
            return len(line[:i].rstrip())
    return len(line.rstrip())


def _separator(text: str) -> str:
    """What goes between the text and a deal appended to it: enough to leave a blank line."""
    if not text or text.endswith("\n\n"):
        return ""
    return "\n" if text.endswith("\n") else "\n\n"


def aliases_of(value: str | None, players: Sequence[str], path: str = "<game>") -> dict[str, str]:
    """The aliases an ``Aliases`` tag names (``Дима=Дмитрий Саша=Александр``); :class:`Refused` if
    one cannot be one."""
    out: dict[str, str] = {}
    for pair in (value or "").split():
        alias, _equals, player = pair.partition("=")
        if player not in players:
            problem = _("the Aliases tag's {pair!r} names no player ({players}); write ALIAS=PLAYER").format(pair=pair, players=', '.join(players))
        elif not is_valid_player_id(alias) or alias in players:
            problem = _("the Aliases tag's {alias!r} cannot stand for a player (a name of its own, or not a player id)").format(alias=alias)
        elif alias in out:
            problem = _("the Aliases tag gives {alias!r} twice").format(alias=alias)
        else:
            out[alias] = player
            continue
        raise Refused(reason=problem)
    return out


__all__ = ["ALIASES_TAG", "Recorder", "Refused", "Store", "Turn", "aliases_of", "typed_text"]
