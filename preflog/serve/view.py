"""A game as the pages show it, read off its judgment (:mod:`preflog.record.judgment`) with no replay of
its own: the tags, the pulka (drawn), the settlement, each deal's text with what it wrote on the sheet,
the violations, and the deal to come; in the words of the current language, each deal's made when it is
read (a page shows 50 of a long game's deals, not all of them)."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Sequence
from functools import cached_property
from typing import Any, overload

import attrs

from ..game.violations import Violation
from ..i18n import _
from ..verdicts import hint_text, message
from ..event.titles import game_title
from ..model.game import Game
from ..notation.errors import HINT
from ..notation.jsonio import FORMAT, VERSION, game_json_parts
from ..present.pulka_svg import PHONE_FONT, sheet_svg
from ..present.rules_summary import every_option, summary
from ..present.score_table import payment_text, sheet_json
from ..record.judgment import Judgment
from ..record.recorder import Recorder, Refused, Turn, typed_text
from ..record.said import Outline, deal_words, notes, outcome_words
from ..sheet_words import entry_text, number_text
from ..scoring.ledger import COLUMN_WORDS, Column, Entry
from ..scoring.payments import payments
from ..scoring.pulka import ScoreSheet


@attrs.frozen(slots=True)
class DealView:
    """A deal on the page: its number, its text as written (one tap away), the deal in words, the
    comments written on it, what it wrote on the sheet, its dealer, and how it went («сыграна (+2 в
    пулю)»)."""

    number: int
    text: str
    said: str
    notes: list[str]
    entries: list[str]
    dealer: str = ""
    outcome: str = ""
    outline: Outline | None = None  # what its words are made of (for the short form a correction starts from)


class DealViews(Sequence[DealView]):
    """The deals of a judged game as its page shows them, the newest first, each made when it is first
    read, in the language spoken then (a view is made for one language)."""

    def __init__(self, judged: Judgment) -> None:
        self._judged = judged
        self._made: dict[int, DealView] = {}
        self._numbers = {d.number: i for i, d in enumerate(judged.deals)}

    def __len__(self) -> int:
        return len(self._judged.deals)

    @overload
    def __getitem__(self, index: int) -> DealView: ...

    @overload
    def __getitem__(self, index: slice) -> list[DealView]: ...

    def __getitem__(self, index: int | slice) -> DealView | list[DealView]:
        count = len(self)
        if isinstance(index, slice):
            return [self._one(count - 1 - i) for i in range(*index.indices(count))]
        if not -count <= index < count:
            raise IndexError(index)
        return self._one(count - 1 - index % count)

    def of(self, number: int) -> DealView | None:
        """Deal ``number``, if the game has it."""
        at = self._numbers.get(number)
        return None if at is None else self._one(at)

    def _one(self, at: int) -> DealView:
        """The deal ``at`` (counted from the first)."""
        made = self._made.get(at)
        if made is not None:
            return made
        judged = self._judged
        deal, (_start, own, end) = judged.deals[at], judged.parts[at]
        outline = judged.outlines[at] if at < len(judged.outlines) else None
        entries = _entries(judged.sheet, deal.number) if judged.sheet is not None else []
        said = deal_words(outline) if outline is not None else ""
        dealer, declarer = (outline.dealer, outline.played_by) if outline is not None else ("", None)
        how = outcome_words(outline) if outline is not None else ""
        made = self._made[at] = DealView(deal.number, judged.text[own:end].strip("\n"), said, notes(deal),
                                         [entry_text(e) for e in entries], dealer, _outcome(how, declarer, entries),
                                         outline)
        return made


def _entries(sheet: ScoreSheet, number: int) -> list[Entry]:
    """The entries deal ``number`` wrote on ``sheet`` (whose entries go deal after deal)."""
    entries = sheet.entries
    start = bisect.bisect_left(entries, number, key=lambda e: e.deal)
    stop = bisect.bisect_right(entries, number, lo=start, key=lambda e: e.deal)
    return list(entries[start:stop])


@attrs.frozen(slots=False)
class GameView:
    """What a game's page shows (in the language it was made in): its drawings and running records made
    when first read."""

    game: Game
    title: str
    tags: list[tuple[str, str]]
    players: tuple[str, ...]
    rules: str
    rules_said: str                # «сочинка, как обычно», or what the game's options change
    options: list[tuple[str, str]]  # every option, for the reader who unfolds them
    columns: list[str]
    rows: list[list[str]]          # per player: name, pool, mountain, whists, settlement[, money]
    payments: list[str]            # who pays whom: the fewest payments that settle it
    money: bool                    # whether they are in money (a whist has a price)
    deals: DealViews               # the last first
    violations: list[str]          # each with its deal and its hint, without a place in the text
    finished: bool
    turn: Turn | None              # the deal to come, when the game can be recorded into
    refusal: str | None            # why it cannot be, when it cannot
    sheet: ScoreSheet | None = attrs.field(default=None, kw_only=True)  # the sheet itself, for the JSON

    @cached_property
    def svg(self) -> str:
        """The pulka drawn as on paper, every running record."""
        assert self.sheet is not None
        return sheet_svg(self.sheet, title=self.title)

    @cached_property
    def svg_phone(self) -> str:
        """The same in a type for a phone's width held upright (12px and more), every running record."""
        assert self.sheet is not None
        return sheet_svg(self.sheet, title=self.title, font=PHONE_FONT)

    @cached_property
    def svg_totals(self) -> str:
        """The same with each band's last total, readable at a phone's width."""
        assert self.sheet is not None
        return sheet_svg(self.sheet, title=self.title, totals=True)

    @cached_property
    def records(self) -> list[tuple[str, str, str, list[tuple[str, str]]]]:
        """Per player: the running records of the pool, the mountain and the whists on each other."""
        assert self.sheet is not None
        return _records(self.sheet)

    def json_text(self, ident: int, revision: int) -> str:
        """The game as the API gives it: its records (the notation's JSON) and its sheet's settlement,
        from the same replay as its page, as compact JSON made a deal at a time (a 10,000-deal game's
        data is never held whole)."""
        assert self.sheet is not None
        head = json.dumps({"id": ident, "revision": revision, "format": FORMAT, "version": VERSION},
                          ensure_ascii=False, separators=(",", ":"))
        settlement = json.dumps(sheet_json(self.sheet), ensure_ascii=False, separators=(",", ":"))
        return "".join([head[:-1], ',"game":', *game_json_parts(self.game), ',"settlement":', settlement, "}"])


def game_view(judged: Judgment, ident: int) -> GameView:
    """The view of game ``ident`` from its judgment, in the current language: with the deal to come
    when the recorder takes the game (a clean one), else why it does not and the violations."""
    turn: Turn | None
    refusal: str | None
    game, sheet = judged.game, judged.sheet
    if sheet is None:
        raise RuntimeError(f"game {ident}: its text holds {judged.games} games")  # the archive keeps one a text
    try:
        recorder = Recorder.of(judged)
    except Refused as e:
        turn, violations = None, [violation_text(v) for v in judged.violations]
        refusal = e.reason if e.reason else _("the pulka breaks the rules (the violations are below): deals cannot "
                                              "be recorded into it")
    else:
        turn, refusal, violations = (None if recorder.finished else recorder.next()), None, []
    title = game_title(game) or game.tag("Event") or " ".join(game.players)
    columns, rows = _settlement(sheet)
    paid = [payment_text(p) for p in payments(sheet.settlement())]
    return GameView(game, title, [(t.name, t.value) for t in game.tags], tuple(game.players), sheet.rules.name,
                    summary(sheet.rules), every_option(sheet.rules), columns, rows, paid, sheet.whist_price is not None,
                    DealViews(judged), violations, sheet.finished, turn, refusal, sheet=sheet)


def _outcome(how: str, declarer: str | None, entries: list[Entry]) -> str:
    """How a deal went, with what it wrote in the declarer's pool or mountain: «сыграна (+2 в пулю)»."""
    if not how or declarer is None:
        return how
    pool = sum((e.amount for e in entries if e.player == declarer and e.column is Column.POOL), start=0)
    mountain = sum((e.amount for e in entries if e.player == declarer and e.column is Column.MOUNTAIN), start=0)
    written = [_("+{amount} to the pool").format(amount=number_text(pool))] if pool > 0 else []
    written += [_("+{amount} to the mountain").format(amount=number_text(mountain))] if mountain > 0 else []
    return f"{how} ({', '.join(written)})" if written else how


def _records(sheet: ScoreSheet) -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    """The pulka written out, for a screen too narrow for its drawing: each player's running records of
    the pool and the mountain (``2.6.10``) and of the whists on each other player."""
    return [(p, sheet.record(p, Column.POOL), sheet.record(p, Column.MOUNTAIN),
             [(q, sheet.record(p, Column.WHISTS, q)) for q in sheet.players if q != p]) for p in sheet.players]


def _settlement(sheet: ScoreSheet) -> tuple[list[str], list[list[str]]]:
    s = sheet.settlement()
    totals, money = s.shown_totals(), s.shown_money()
    columns = [_("player"), _(COLUMN_WORDS[Column.POOL]), _(COLUMN_WORDS[Column.MOUNTAIN]),
               _(COLUMN_WORDS[Column.WHISTS]), _("settlement")] + ([_("money")] if money is not None else [])
    rows = []
    for p in sheet.players:
        whists = sum((sheet.whists(p, q) for q in sheet.players if q != p), start=0)
        row = [p, number_text(sheet.pool(p)), number_text(sheet.mountain(p)), number_text(whists),
               number_text(totals[p])]
        if money is not None:
            row.append(number_text(money[p]))
        rows.append(row)
    return columns, rows


def violation_text(v: Violation) -> str:
    """A rule broken, as the page shows it: its deal, the message and the hint (the page shows no line
    of the text to place it at)."""
    text, tip = message(v), hint_text(v)
    said = _("deal {number}: {message}").format(number=v.deal, message=text) if v.deal else text
    return said + ("\n" + _("hint:") + " " + tip if tip else "")


#: A message that ends with the rule it breaks, as :func:`preflog.verdicts.message` writes it: ``6♠ не выше
#: 6♣ [A202: каждая заявка должна быть выше предыдущей, Кодекс 3.3.7]``.
_RULE = re.compile(r"(.*?\S)\s*\[([A-Z][0-9]{3}: [^\[\]]*)\]", re.S)


def plain_and_rule(message: str) -> tuple[str, str | None]:
    """A refusal's sentence, plain, and the rule it cites (``C603: …, Кодекс 3.8.7``) when it ends
    with one: the page says the sentence, and the rule one tap away."""
    found = _RULE.fullmatch(message)
    return (message, None) if found is None else (found.group(1), found.group(2))


def refusal_lines(e: Refused, typed: str = "") -> list[str]:
    """Why the recorder refused a deal, as the scorer's page shows it: the reason; or each error with
    its line in the deal typed (when it has more than one), the line and a caret under the word of the
    short form, and the hints; each sentence plain (its rule: :func:`refusal_rules`)."""
    if e.reason:
        return [e.reason]
    several = "\n" in typed.strip()
    out = []
    for err in e.errors:
        if e.typed:
            out.append(typed_text(err))
            continue
        line = err.line - e.deal_line + 1 if e.deal_line is not None and err.line >= e.deal_line else err.line
        sentence = plain_and_rule(err.message)[0]
        head = _("line {line}: {message}").format(line=line, message=sentence) if several else sentence
        out.append("\n".join([head, *(_("hint:") + n[len(HINT) - 1:] if n.startswith(HINT) else n
                                      for n in err.notes)]))
    return out


def refusal_rules(e: Refused) -> list[str]:
    """The rules the refused deal breaks, each once (``C603: результат соответствует контракту, Кодекс
    3.8.7``), for the scorer who asks why."""
    found = [plain_and_rule(err.message)[1] for err in e.errors] if not e.reason else []
    return list(dict.fromkeys(r for r in found if r is not None))


def turn_words(turn: Turn) -> dict[str, Any]:
    """The deal to come, for the scorer's buttons: its number, the dealer, the seats from the eldest."""
    return {"number": turn.number, "dealer": turn.dealer, "order": list(turn.order), "said": str(turn)}


__all__ = ["DealView", "DealViews", "GameView", "game_view", "plain_and_rule", "refusal_lines", "refusal_rules", "turn_words", "violation_text"]
