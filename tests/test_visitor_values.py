"""Visitors hand back values (issue 64, Deliver 2): the checker and the scorer each give a frozen value
per point of a game (``Checked``, ``Scored``), the slip's diagnosis is one function of its arguments
(``diagnose``), and the audit only puts those values together: no module of the audit empties,
extends or rewrites what another object holds."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import attrs
import pytest

import preflog
import preflog.checker
import preflog.diagnose
import preflog.scoring.scorer
from preflog.problems import Audit

from .conftest import HEAD, ROOT
from .test_engine import FULL
from .test_one_report import DEAL_2, _razboynik_deal_7

#: The modules of one audit: the checker, the scorer, the diagnosis of a slip and the audit itself.
AUDIT_MODULES = ("preflog/problems.py", "preflog/checker.py", "preflog/diagnose.py", "preflog/scoring/scorer.py")
#: The methods that change a list, a dict or a set in place.
MUTATORS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear", "sort", "reverse",
                      "update", "setdefault", "add", "discard"})


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope`` (a module or a function), not those of the functions defined in it."""
    for child in ast.iter_child_nodes(scope):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield child
            yield from _own_nodes(child)


def _made_here(function: ast.AST) -> set[str]:
    """The names ``function`` binds only to what a call gives (``twin = copy.copy(self)``, ``scorer =
    Scorer()``): objects it makes, its own to fill, as ``self`` is a method's. A name bound to anything
    else too (``checker = self.checker``) is not."""
    made: set[str] = set()
    other: set[str] = set()
    for node in _own_nodes(function):
        pairs: list[tuple[ast.expr, ast.expr | None]] = []
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs += zip(target.elts, node.value.elts)
                else:
                    pairs.append((target, node.value))
        elif isinstance(node, (ast.For, ast.comprehension, ast.With, ast.NamedExpr)):
            targets = [node.target] if not isinstance(node, ast.With) else [
                item.optional_vars for item in node.items if item.optional_vars is not None]
            pairs += [(t, None) for t in targets]
        elif isinstance(node, ast.arguments):
            pairs += [(ast.Name(a.arg), None) for a in [*node.posonlyargs, *node.args, *node.kwonlyargs]]
        for target, value in pairs:
            for name in _bound(target):
                (made if isinstance(value, ast.Call) and isinstance(target, ast.Name) else other).add(name)
    return made - other


def _bound(target: ast.expr) -> Iterator[str]:
    """The names an assignment to ``target`` binds (none for ``x.a`` or ``x[i]``)."""
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _bound(element)
    elif isinstance(target, ast.Starred):
        yield from _bound(target.value)


def _others(node: ast.expr, own: set[str]) -> str | None:
    """``node`` as written when it is (an item of) an attribute of another object than those in ``own``
    (``scorer.problems``, ``self.checker.later``), else ``None`` (a local name, or ``self.found``)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id in own):
        return ast.unparse(node)
    return None


def changes_to_others(source: str) -> list[str]:
    """Each statement of ``source`` that changes an attribute of another object than ``self`` or one the
    function made: assigns it or an item or slice of it (``x.a = …``, ``x.a[:] = …``, ``x.a += …``,
    ``del x.a[…]``) or calls a method that changes it in place (``x.a.clear()``)."""
    found: set[tuple[int, str]] = set()
    tree = ast.parse(source)
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
    for scope in scopes:
        own = {"self"} | _made_here(scope)
        for node in _own_nodes(scope):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                targets = [node.func.value]
            line = node.lineno if isinstance(node, (ast.stmt, ast.expr)) else 0
            for target in targets:
                for part in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(part, ast.Attribute):  # x.a = …: x's attribute set
                        part = ast.Subscript(part, ast.Constant(0))  # judged as x.a[0] = … is
                    held = _others(part, own)
                    if held is not None:
                        found.add((line, held))
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_no_module_of_the_audit_changes_what_another_object_holds() -> None:
    """The audit (problems.py) used to rewrite its scorer's and its checker's lists (``scorer.problems[:]
    = …``, ``self.checker.later += …``, ``checker.found.clear()``) and to set the scorer's ``outcome``
    and its second walker's ``root``: now each object changes only its own attributes."""
    assert {path: changes_to_others((ROOT / path).read_text(encoding="utf-8")) for path in AUDIT_MODULES} == {
        path: [] for path in AUDIT_MODULES}


def test_the_check_of_what_another_object_holds_finds_each_form() -> None:
    """Each way of changing another object's attribute is found; the object's own attributes, local
    names and the attributes of an object the function makes (a copy, a new scorer) are not."""
    source = ("def f(self, scorer, checker, meant, mine):\n"
              "    scorer.problems[:] = []\n    self.checker.later += [1]\n    checker.found.clear()\n"
              "    self.scorer.outcome = None\n    meant.root, x = 1, 2\n    del scorer.unscored[0]\n"
              "    self.found.clear()\n    self.later += [1]\n    self.found[0:] = []\n    mine.append(1)\n"
              "    self.pulka.write(())\n"
              "    twin = copy.copy(self)\n    twin.pulka, twin.problems = None, []\n"
              "    held = self.checker\n    held.found.clear()\n"
              "    if x:\n        meant = Meant()\n    meant.root = 1\n"
              "    def inner(twin):\n        twin.problems = []\n")
    assert changes_to_others(source) == [
        "2: scorer.problems", "3: self.checker.later", "4: checker.found", "5: self.scorer.outcome",
        "6: meant.root", "7: scorer.unscored", "16: held.found", "19: meant.root", "21: twin.problems"]


def _points(game: preflog.Game) -> list[tuple[preflog.Audited, preflog.checker.Checked,
                                              preflog.scoring.scorer.Scored]]:
    """Each point of the audit of ``game`` with the checker's and the scorer's values for it."""
    audit = Audit()
    points = [(audit.begin(game), audit.checker.checked, audit.scorer.scored)]
    for deal in game.deals:
        point = audit.deal(deal)
        points.append((point, audit.checker.checked, audit.scorer.scored))
    points.append((audit.end(), audit.checker.checked, audit.scorer.scored))
    return points


def test_the_checker_and_the_scorer_give_a_frozen_value_per_point_that_the_audit_only_combines() -> None:
    """`deal 7 dealer Boris` in the razboynik sample, where Anna deals (Code 3.2.2) and Boris plays his
    8d: the checker's value at deal 7 names the slip (D102) and the deal as meant (dealt by Anna);
    read as written, the later compulsory games go to other soloists, and the second stage's pool is
    more than the smallest mountain (S705, seed 000 §8). The scorer's value says S705 where the
    second stage begins, as the game is written; the audit's point puts it in ``later``, with the slip,
    as the game as meant has no S705. Each value stays as it was given: frozen, never emptied."""
    points = _points(preflog.loads(_razboynik_deal_7("Boris", "Boris: 8d")))
    given = [(repr(checked), repr(scored)) for _point, checked, scored in points]
    for _point, checked, scored in points:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            checked.problems = ()  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            scored.problems = ()  # type: ignore[misc]
    ((slip_point, slip_checked, _),) = [p for p in points if p[1].problems]
    (slip,) = slip_checked.problems
    assert (slip_point.number, slip.code, slip_checked.slip) == (7, "D102", slip)
    assert slip_checked.meant is not None and slip_checked.meant.dealer == "Anna"
    assert [v.code for v in slip_point.problems] == ["D102"]
    ((stage_point, _, stage_scored),) = [p for p in points if any(v.code == "S705" for v in p[2].problems)]
    assert stage_point.number is not None and stage_point.number > 7
    assert not any(v.code == "S705" for v in stage_point.problems)
    assert [(root.code, v.code) for root, v in stage_point.later] == [("D102", "S705")]
    assert stage_point.later[0][0] is slip
    assert [(repr(checked), repr(scored)) for _point, checked, scored in points] == given


def test_the_values_of_the_points_together_are_what_a_checker_walking_alone_finds() -> None:
    """A checker that keeps the whole replay (the default) and the audit's, which keeps each point's
    only, find the same: the points' problems, their later ones in the slip's ``follows``."""
    game = preflog.loads(_razboynik_deal_7("Vera", "Boris: 8d"))
    (alone,) = preflog.walk(game, preflog.Checker())
    points = _points(game)
    found = [v for _point, checked, _scored in points for v in checked.problems]
    later = [pair for _point, checked, _scored in points for pair in checked.later]
    assert alone == preflog.checker.with_later(found, later) != []
    assert [(v.deal, v.code) for v in alone] == [(7, "D102")]  # one report: the later deals follow from it


def test_the_diagnosis_of_a_slip_is_a_function_of_its_arguments() -> None:
    """Written `dealer Anna` where Boris deals deal 2 (Code 3.2.2: the deal passes to the left): every
    one of the 30 cards is played from a seat that does not hold it (30 × P501), and two players'
    tricks disagree with the result (2 × C602). The diagnosis folds the 32 into the D102 that names
    the dealer, gives the deal as Boris dealt it, and changes none of what it is given; asked again,
    it answers the same."""
    game = preflog.loads(HEAD + FULL + "\n" + DEAL_2.format(dealer="Anna"))
    before = next(p.state for p in Audit().game(game) if p.number == 1)
    assert before is not None
    found = [v for v in preflog.check(game, fold=False) if v.deal == 2]
    assert len(found) == 33
    given, was = list(found), repr(before)
    diagnose = preflog.diagnose.diagnose
    diagnosis = diagnose(game.deals[1], before, found)
    assert found == given and repr(before) == was
    assert diagnose(game.deals[1], before, found) == diagnosis
    assert isinstance(diagnosis, preflog.diagnose.Diagnosis) and diagnosis.later == ()
    (root,) = diagnosis.problems
    assert (root.code, len(root.follows), {v.code for v in root.follows}) == ("D102", 32, {"P501", "C602"})
    assert diagnosis.slip is root and diagnosis.meant is not None and diagnosis.meant.dealer == "Boris"
    assert diagnosis.rotation is not None and diagnosis.rotation.root is root
    assert diagnosis.rotation.corrected.dealer == "Boris"
    # the deal written right follows the rotation the slip left: nothing of it is wrong, nothing follows
    right = preflog.loads(HEAD + FULL + "\n" + DEAL_2.format(dealer="Boris")).deals[1]
    assert diagnose(right, before, (), None) == preflog.diagnose.Diagnosis()
