"""A condition written as a Python expression, checked before it is evaluated: :func:`compile_condition`.

The expression is parsed with :mod:`ast` and every node is checked against a short list, with the
kind of value it gives, before anything runs; what is not on the list is refused at its column
(:class:`BadCondition`). On the list: ``and``, ``or``, ``not``; comparisons (``== != < <= > >=``, and
``in``/``not in`` of a card in a hand or a suit, of a number in a tuple of numbers, of a shape in a
tuple of shapes); ``+ - *`` of whole numbers; whole numbers up to :data:`MOST_NUMBER`; tuples of them;
the names of :data:`HANDS` and a hand's attributes of :data:`~.view.HAND_ATTRIBUTES`; ``len``, ``min``,
``max``, ``sum``, ``abs``, ``any``, ``all``, ``tricks(hand, strain)`` and ``misere(hand)``. A text is
only a card (before ``in``) or a strain (``tricks``' second argument), read when the condition is
checked. Nothing else is reachable: the code is evaluated with no builtins but those, and no value
can grow beyond a few hundred digits (the expression is at most :data:`LONGEST` characters and a
string, a tuple or a hand is never multiplied).
"""

from __future__ import annotations

import ast
import difflib
import enum
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..i18n import _, ngettext
from ..model.cards import card
from ..notation.errors import NotationError, hint
from .view import HAND_ATTRIBUTES, DealView, strain_of

#: The longest condition read, in characters.
LONGEST: Final = 1000
#: The largest number a condition may write (a hand's lengths and tricks are at most ten).
MOST_NUMBER: Final = 1000
#: How deep a condition's parts may nest.
DEEPEST: Final = 60
#: The hands a condition names, at a table of three and of four.
HANDS: Final = {3: ("first", "second", "third", "dealer", "talon"),
                4: ("first", "second", "third", "fourth", "dealer", "talon")}
#: The functions a condition may call.
FUNCTIONS: Final = ("len", "min", "max", "sum", "abs", "any", "all", "tricks", "misere")
#: The builtins a condition's code sees (the solver's two are the deal's, bound for each).
_BUILTINS: Final[dict[str, Any]] = {"len": len, "min": min, "max": max, "sum": sum, "abs": abs, "any": any,
                                    "all": all}


class Kind(enum.Enum):
    """What a part of a condition gives."""

    NUMBER = "number"
    TRUTH = "truth"
    HAND = "hand"
    SUIT = "suit"
    NUMBERS = "numbers"      # a tuple of numbers: a shape, a pattern, (4, 5)
    SHAPES = "shapes"        # a tuple of tuples of numbers
    TRUTHS = "truths"        # a tuple of conditions, for any and all
    CARD = "card"
    STRAIN = "strain"


def _kind_words(kind: Kind) -> str:
    return {Kind.NUMBER: _("a number"), Kind.TRUTH: _("a condition (true or false)"), Kind.HAND: _("a hand"),
            Kind.SUIT: _("a suit's cards"), Kind.NUMBERS: _("a tuple of numbers"),
            Kind.SHAPES: _("a tuple of shapes"), Kind.TRUTHS: _("a tuple of conditions"), Kind.CARD: _("a card"),
            Kind.STRAIN: _("a strain")}[kind]


class BadCondition(NotationError):
    """A condition that is refused: the message, the column (1-based, in characters) and a caret under
    the offending part, and a hint."""


def _names(players: int) -> tuple[str, ...]:
    return HANDS[players] + FUNCTIONS


class Condition:
    """A checked condition: called with a :class:`~.view.DealView`, true when the deal is wanted."""

    def __init__(self, text: str, code: Any, players: int) -> None:
        self.text = text
        self.players = players
        self._code = code

    def __call__(self, view: DealView) -> bool:
        scope: dict[str, Any] = {"__builtins__": _BUILTINS, "first": view.first, "second": view.second,
                                 "third": view.third, "dealer": view.dealer, "talon": view.talon,
                                 "tricks": view.tricks, "misere": view.misere}
        if view.fourth is not None:
            scope["fourth"] = view.fourth
        return bool(eval(self._code, scope))  # noqa: S307 - checked node by node (see the module's text)

    def __repr__(self) -> str:
        return f"Condition({self.text!r})"


def compile_condition(text: str, players: int = 3, *, source: str = "--where") -> Condition:
    """``text`` checked and compiled for a table of ``players``; :class:`BadCondition` (its place named
    ``source``) where it is refused."""
    line = text.replace("\r", " ").replace("\n", " ").replace("\t", " ")  # one line: the columns are kept
    if len(line) > LONGEST:
        raise _error(line, source, LONGEST, len(line),
                     ngettext("the condition is {n} character long; at most {most} are read",
                              "the condition is {n} characters long; at most {most} are read", len(line)).format(
                         n=len(line), most=LONGEST))
    control = next((i for i, c in enumerate(line) if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if control is not None:  # the hand record's Where tag keeps the condition on one line
        raise _error(line, source, control, control + 1, _("the condition holds a control character"))
    if not line.strip():
        raise _error(line, source, 0, 1, _("the condition is empty"),
                     hint(_("write one, as in len(first.spades) >= 5")))
    lead = len(line) - len(line.lstrip())  # an expression may not start indented: read from its first word
    try:
        tree = ast.parse(line[lead:], mode="eval")
    except SyntaxError as exc:
        at = lead + exc.offset - 1 if exc.offset else len(line.rstrip())  # 0: where the text ends
        at = max(0, min(at, len(line)))
        end = lead + exc.end_offset - 1 if exc.end_offset and exc.offset and exc.end_offset > exc.offset else at + 1
        raise _error(line, source, at, min(end, len(line) + 1), _("a condition is one Python expression; it cannot be read here"),
                     hint(_("as in len(first.spades) >= 5 and \"As\" in first"))) from None
    except (ValueError, MemoryError, RecursionError):
        raise _error(line, source, 0, len(line), _("a condition is one Python expression; it cannot be read here")) from None
    checker = _Checker(line, lead, source, players)
    kind = checker.kind(tree.body, 0)
    if kind is not Kind.TRUTH:
        raise checker.error(tree.body, _("the condition gives {what}: a condition is true or false").format(
            what=_kind_words(kind)), hint(_("compare it, as in len(first.spades) >= 5")))
    return Condition(line, compile(ast.fix_missing_locations(tree), "<condition>", "eval"), players)


def _error(line: str, source: str, start: int, end: int, message: str, *notes: str) -> BadCondition:
    return BadCondition(message, path=source, line=1, column=start + 1, end_column=max(end, start + 1) + 1,
                        excerpt=line, notes=notes)


class _Checker:
    """The check of one condition's tree: each node's :class:`Kind`, or :class:`BadCondition`."""

    def __init__(self, line: str, lead: int, source: str, players: int) -> None:
        self.line = line
        self.lead = lead
        self.raw = line[lead:].encode("utf-8")
        self.source = source
        self.players = players

    def column(self, offset: int) -> int:
        """The character column of a UTF-8 byte ``offset`` (the ast's)."""
        return self.lead + len(self.raw[:offset].decode("utf-8", errors="replace"))

    def error(self, node: ast.AST, message: str, *notes: str) -> BadCondition:
        start = self.column(getattr(node, "col_offset", 0))
        end = self.column(getattr(node, "end_col_offset", None) or getattr(node, "col_offset", 0) + 1)
        return _error(self.line, self.source, start, end, message, *notes)

    def want(self, node: ast.expr, depth: int, *kinds: Kind) -> Kind:
        kind = self.kind(node, depth)
        if kind not in kinds and not (kind is Kind.TRUTH and Kind.NUMBER in kinds):
            raise self.error(node, _("{wanted} is wanted here, not {got}").format(
                wanted=_kind_words(kinds[0]), got=_kind_words(kind)))
        return kind

    def kind(self, node: ast.expr, depth: int) -> Kind:  # noqa: C901 - one branch a node kind
        if depth > DEEPEST:
            raise self.error(node, _("the condition is nested too deep"))
        depth += 1
        if isinstance(node, ast.BoolOp):
            for value in node.values:
                self.want(value, depth, Kind.TRUTH)
            return Kind.TRUTH
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                self.want(node.operand, depth, Kind.TRUTH)
                return Kind.TRUTH
            if isinstance(node.op, (ast.USub, ast.UAdd)):
                self.want(node.operand, depth, Kind.NUMBER)
                return Kind.NUMBER
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            self.want(node.left, depth, Kind.NUMBER)
            self.want(node.right, depth, Kind.NUMBER)
            return Kind.NUMBER
        if isinstance(node, ast.Compare):
            return self.compare(node, depth)
        if isinstance(node, ast.Constant):
            return self.constant(node)
        if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load):
            return self.tuple(node, depth)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        raise self.error(node, _("{what} is not allowed in a condition").format(what=_node_words(node)),
                         hint(_("a condition compares numbers and cards of the hands with and, or, not, as in "
                                "len(first.spades) >= 5 and \"As\" not in second")))

    def compare(self, node: ast.Compare, depth: int) -> Kind:
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                if isinstance(left, ast.Constant) and isinstance(left.value, str):
                    self.card(left)
                    self.want(right, depth, Kind.HAND, Kind.SUIT)
                else:
                    have = self.want(left, depth, Kind.NUMBER, Kind.NUMBERS)
                    self.want(right, depth, Kind.NUMBERS if have in (Kind.NUMBER, Kind.TRUTH) else Kind.SHAPES)
            elif isinstance(op, (ast.Eq, ast.NotEq)):
                have = self.want(left, depth, Kind.NUMBER, Kind.NUMBERS)
                self.want(right, depth, Kind.NUMBERS if have is Kind.NUMBERS else Kind.NUMBER)
            else:
                self.want(left, depth, Kind.NUMBER)
                self.want(right, depth, Kind.NUMBER)
            left = right
        return Kind.TRUTH

    def card(self, node: ast.Constant) -> None:
        """A card written as a text: read now, refused at its column if it is none."""
        try:
            node.value = str(card(str(node.value)))
        except ValueError as exc:
            raise self.error(node, str(exc), hint(_("a card is a rank and a suit: \"As\", \"T♠\", \"10♠\", "
                                                    "\"Тп\""))) from None

    def constant(self, node: ast.Constant) -> Kind:
        value = node.value
        if isinstance(value, bool):
            return Kind.TRUTH
        if isinstance(value, int):
            if value > MOST_NUMBER:
                raise self.error(node, _("a number in a condition is at most {most}").format(most=MOST_NUMBER))
            return Kind.NUMBER
        if isinstance(value, str):
            raise self.error(node, _("a text is only a card before in, or a strain in tricks"),
                             hint(_("as in \"As\" in first, tricks(first, \"s\")")))
        raise self.error(node, _("{what} is not allowed in a condition").format(what=_node_words(node)))

    def tuple(self, node: ast.Tuple, depth: int) -> Kind:
        kinds = [self.want(e, depth, Kind.NUMBER, Kind.NUMBERS) if i == 0 else self.kind(e, depth)
                 for i, e in enumerate(node.elts)]
        if not kinds:
            raise self.error(node, _("an empty tuple is not allowed in a condition"))
        first = Kind.NUMBER if kinds[0] is Kind.TRUTH else kinds[0]
        for element, kind in zip(node.elts, kinds):
            if (Kind.NUMBER if kind is Kind.TRUTH else kind) is not first:
                raise self.error(element, _("{wanted} is wanted here, not {got}").format(
                    wanted=_kind_words(first), got=_kind_words(kind)))
        if all(kind is Kind.TRUTH for kind in kinds):
            return Kind.TRUTHS
        return Kind.NUMBERS if first is Kind.NUMBER else Kind.SHAPES

    def name(self, node: ast.Name) -> Kind:
        if node.id in HANDS[self.players]:
            return Kind.HAND
        if node.id in FUNCTIONS:
            raise self.error(node, _("{name} is a function: call it, as in {example}").format(
                name=node.id, example=_EXAMPLES[node.id]))
        if node.id == "fourth":
            raise self.error(node, _("there is no fourth hand at a table of three"), hint(_("add --players 4")))
        near = difflib.get_close_matches(node.id, _names(self.players), n=1, cutoff=0.6)
        return self._unknown(node, node.id, near, _names(self.players))

    def _unknown(self, node: ast.AST, name: str, near: Sequence[str], known: Sequence[str]) -> Kind:
        note = hint(_("did you mean `{name}`?").format(name=near[0])) if near else hint(
            _("a condition knows: {names}").format(names=", ".join(known)))
        raise self.error(node, _("a condition knows no `{name}`").format(name=name[:40]), note)

    def attribute(self, node: ast.Attribute) -> Kind:
        if not isinstance(node.value, ast.Name) or node.value.id not in HANDS[self.players]:
            if isinstance(node.value, ast.Name):
                self.name(node.value)  # an unknown name is said as such
            raise self.error(node, _("only a hand has attributes, as in first.spades"))
        if node.attr not in HAND_ATTRIBUTES:
            near = difflib.get_close_matches(node.attr, HAND_ATTRIBUTES, n=1, cutoff=0.6)
            return self._unknown(node, f"{node.value.id}.{node.attr}", [f"{node.value.id}.{near[0]}"] if near else [],
                                 HAND_ATTRIBUTES)
        return Kind.NUMBERS if node.attr in ("shape", "pattern") else Kind.SUIT

    def call(self, node: ast.Call, depth: int) -> Kind:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            if isinstance(node.func, ast.Name) and node.func.id not in HANDS[self.players]:
                near = difflib.get_close_matches(node.func.id, FUNCTIONS, n=1, cutoff=0.6)
                self._unknown(node.func, node.func.id, near, FUNCTIONS)
            raise self.error(node.func, _("only the functions {names} are called in a condition").format(
                names=", ".join(FUNCTIONS)))
        name, args = node.func.id, node.args
        if node.keywords or any(isinstance(a, ast.Starred) for a in args):
            raise self.error(node, _("{name} takes its arguments by place: {example}").format(
                name=name, example=_EXAMPLES[name]))
        rule = _CALLS[name]
        if len(args) not in rule.counts:
            raise self.error(node, _("{name} is called as {example}").format(name=name, example=_EXAMPLES[name]))
        return rule.check(self, node, depth)


def _node_words(node: ast.AST) -> str:
    """What a refused node is, in words."""
    if isinstance(node, ast.Lambda):
        return _("a lambda")
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        return _("a comprehension")
    if isinstance(node, ast.BinOp):
        return _("the operator {op}").format(op=_OPERATORS.get(type(node.op), type(node.op).__name__))
    if isinstance(node, ast.Subscript):
        return _("indexing")
    if isinstance(node, (ast.JoinedStr, ast.FormattedValue)):
        return _("an f-string")
    if isinstance(node, (ast.List, ast.Set, ast.Dict)):
        return _("a list, set or dict")
    if isinstance(node, ast.Constant):
        return _("this constant")
    if isinstance(node, ast.NamedExpr):
        return _("an assignment")
    if isinstance(node, ast.IfExp):
        return _("an if-else")
    return _("this")


_OPERATORS: Final[dict[type, str]] = {ast.Pow: "**", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.LShift: "<<",
                                     ast.RShift: ">>", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^",
                                     ast.MatMult: "@"}
_EXAMPLES: Final = {"len": "len(first.spades)", "min": "min(first.shape)", "max": "max(first.shape)",
                    "sum": "sum(first.shape)", "abs": "abs(len(first.spades)-4)",
                    "any": "any((tricks(first,'s')>=8,tricks(first,'c')>=8))",
                    "all": "all((len(first.spades)>=4,len(first.hearts)>=4))",
                    "tricks": "tricks(first, \"s\")", "misere": "misere(first)"}


class _Rule:
    """How one function is called: its numbers of arguments, and the check of a call."""

    def __init__(self, counts: Sequence[int], check: Callable[[_Checker, ast.Call, int], Kind]) -> None:
        self.counts = tuple(counts)
        self.check = check


def _len(c: _Checker, node: ast.Call, depth: int) -> Kind:
    c.want(node.args[0], depth, Kind.HAND, Kind.SUIT, Kind.NUMBERS, Kind.SHAPES, Kind.TRUTHS)
    return Kind.NUMBER


def _extreme(c: _Checker, node: ast.Call, depth: int) -> Kind:
    if len(node.args) == 1:
        c.want(node.args[0], depth, Kind.NUMBERS)
    else:
        for arg in node.args:
            c.want(arg, depth, Kind.NUMBER)
    return Kind.NUMBER


def _sum(c: _Checker, node: ast.Call, depth: int) -> Kind:
    c.want(node.args[0], depth, Kind.NUMBERS, Kind.TRUTHS)
    return Kind.NUMBER


def _abs(c: _Checker, node: ast.Call, depth: int) -> Kind:
    c.want(node.args[0], depth, Kind.NUMBER)
    return Kind.NUMBER


def _any(c: _Checker, node: ast.Call, depth: int) -> Kind:
    c.want(node.args[0], depth, Kind.TRUTHS)
    return Kind.TRUTH


def _declarer(c: _Checker, node: ast.expr) -> None:
    if not isinstance(node, ast.Name) or node.id not in ("first", "second", "third", "dealer"):
        if isinstance(node, ast.Name) and node.id not in HANDS[c.players]:
            c.name(node)
        raise c.error(node, _("the solver asks about one of the hands dealt: first, second or third"))
    if node.id == "dealer" and c.players == 4:
        raise c.error(node, _("at a table of four the dealer holds no cards (Code 3.2.10)"))


def _tricks(c: _Checker, node: ast.Call, depth: int) -> Kind:
    _declarer(c, node.args[0])
    strain = node.args[1]
    if not isinstance(strain, ast.Constant) or not isinstance(strain.value, str):
        raise c.error(strain, _("the strain is written as a text: \"s\", \"c\", \"d\", \"h\" or \"nt\""))
    try:
        trump = strain_of(strain.value)
    except ValueError as exc:
        raise c.error(strain, str(exc), hint(_("\"s\", \"c\", \"d\", \"h\" or \"nt\" (also ♠ ♣ ♦ ♥, БК)"))) from None
    strain.value = "nt" if trump is None else trump.letter
    return Kind.NUMBER


def _misere(c: _Checker, node: ast.Call, depth: int) -> Kind:
    _declarer(c, node.args[0])
    return Kind.NUMBER


_CALLS: Final = {"len": _Rule((1,), _len), "min": _Rule(range(1, 11), _extreme), "max": _Rule(range(1, 11), _extreme),
                 "sum": _Rule((1,), _sum), "abs": _Rule((1,), _abs), "any": _Rule((1,), _any),
                 "all": _Rule((1,), _any), "tricks": _Rule((2,), _tricks), "misere": _Rule((1,), _misere)}


__all__ = ["BadCondition", "Condition", "DEEPEST", "FUNCTIONS", "HANDS", "LONGEST", "MOST_NUMBER", "compile_condition"]
