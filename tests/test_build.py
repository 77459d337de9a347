"""Records built in C (preflog/model/build.py, _build.c; issue 46, item 2): a builder makes what its class
makes from the same arguments, refuses what its class refuses, and holds no reference it should not.
Run both ways by CI: compiled, a builder is the C one; with PREFLOG_PURE_PYTHON=1 it is the class."""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preflog.compiled import wants_source
from preflog.model.auction import Call, CallKind
from preflog.model.build import BUILT, builder, copier
from preflog.model.tuples import tuple_maker
from preflog.model.play import Play

from .conftest import ROOT

PURE = wants_source()


def _users() -> list[str]:
    """The package's modules that make a builder (each imported, so that BUILT holds every one)."""
    names = []
    for path in sorted((ROOT / "preflog").rglob("*.py")):
        if "builder(" in path.read_text(encoding="utf-8") and path.name != "build.py":
            names.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return names


for _name in _users():
    importlib.import_module(_name)
CLASSES = sorted(BUILT, key=lambda c: c.__qualname__)


def test_the_hot_paths_build_their_records_in_c_unless_asked_for_the_source() -> None:
    assert len(CLASSES) >= 25  # the reader's, the events', the audit's, the scorer's, the statistics'
    for cls in CLASSES:
        assert (BUILT[cls] is cls) is PURE, cls
        assert builder(cls) is BUILT[cls]  # made once


def _call(cls: type, data: st.DataObject) -> tuple[tuple[object, ...], dict[str, object]]:
    """Arguments ``cls``'s __init__ takes: each field given or left to its default, each given one by
    position or by name, a fresh object each (no validator reads them)."""
    fields = attrs.fields(cls)
    given_ = [f for f in fields if f.default is attrs.NOTHING or data.draw(st.booleans())]
    positional = [f for f in fields if not f.kw_only]
    by_position = data.draw(st.integers(0, len(positional)))
    if any(f.default is not attrs.NOTHING and f not in given_ for f in positional[:by_position]):
        by_position = 0
    args = tuple(object() for _ in positional[:by_position])
    kwargs = {f.alias: object() for f in given_ if f not in positional[:by_position]}
    return args, kwargs


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_builder_makes_what_its_class_makes(data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(CLASSES))
    args, kwargs = _call(cls, data)
    made, built = cls(*args, **kwargs), BUILT[cls](*args, **kwargs)
    assert type(built) is cls
    for field in attrs.fields(cls):
        mine, theirs = getattr(built, field.name), getattr(made, field.name)
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            assert mine == theirs
        else:
            assert mine is theirs, field.name
    assert built == made and repr(built) == repr(made) and attrs.evolve(built) == made
    first = attrs.fields(cls)[0].name
    if cls.__hash__ is not None:  # a frozen record
        assert hash(built) == hash(made)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):  # frozen as its class's are
            setattr(built, first, None)
    else:  # the engine's working state (game/state.py): changed in place, as its class's are
        setattr(built, first, None)
        assert getattr(built, first) is None and built != made


def _refusals(cls: type) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    fields = attrs.fields(cls)
    required = {f.alias: 1 for f in fields if f.default is attrs.NOTHING}
    positional = [f for f in fields if not f.kw_only]
    out: list[tuple[tuple[object, ...], dict[str, object]]] = [
        ((), dict(required, no_such_field=1)),                 # a name it does not take
        (tuple(range(len(positional) + 1)), {}),               # one argument too many
        ((1,), dict(required, **{positional[0].alias: 1})),    # one field twice
    ]
    if required:
        out.append(((), dict(list(required.items())[1:])))     # a required one missing
    return out


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_a_builder_refuses_what_its_class_refuses(cls: type) -> None:
    for args, kwargs in _refusals(cls):
        with pytest.raises(TypeError):
            cls(*args, **kwargs)
        with pytest.raises(TypeError):
            BUILT[cls](*args, **kwargs)


@attrs.frozen(slots=True)
class _Sample:
    name: str
    items: list[int] = attrs.Factory(list)
    note: str = "none"
    _hidden: int = 0
    span: object = attrs.field(default=None, kw_only=True)


def test_defaults_factories_private_names_and_keyword_only_fields_as_attrs_gives_them() -> None:
    make = builder(_Sample)
    a, b = make("a"), make("b", hidden=3, span=1)
    assert a == _Sample("a") and b == _Sample("b", hidden=3, span=1)
    assert a.items == [] and a.items is not make("c").items  # a new list each time, as attrs makes it
    assert a.note == "none" and b._hidden == 3 and b.span == 1
    with pytest.raises(TypeError):
        make("a", [], "n", 0, None)  # span is keyword-only


def test_a_class_whose_init_does_more_than_set_its_fields_is_refused() -> None:
    @attrs.frozen(slots=True)
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(slots=True)
    class Hooked:
        n: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen(slots=False)
    class Plain:
        n: int

    for cls in (Checked, Hooked, Plain, Play):  # Play's cards are converted
        with pytest.raises(TypeError):
            builder(cls)


def holds_nothing_back(make: Callable[[object], object], held: int, refused: Callable[[object], object]) -> None:
    """``make(token)`` 10,000 times: each record holds ``held`` references to the token, all let go with
    the records; ``refused(token)``, refused 1,000 times (``TypeError``), leaves nothing behind either."""
    token = object()
    base = sys.getrefcount(token)
    made = [make(token) for _ in range(10_000)]
    assert sys.getrefcount(token) == base + held * 10_000
    del made
    gc.collect()
    assert sys.getrefcount(token) == base
    for _ in range(1_000):
        with pytest.raises(TypeError):
            refused(token)
    assert sys.getrefcount(token) == base


@pytest.mark.skipif(PURE, reason="the class itself: nothing of its own to hold")
def test_a_builder_holds_no_reference_it_should_not() -> None:
    make = BUILT[Call]
    holds_nothing_back(lambda token: make(CallKind.PASS, None, token), 1,
                       lambda token: make(CallKind.PASS, token, no_such_field=token))


def test_a_copy_has_the_fields_of_its_source_but_the_last_ones_given() -> None:
    """copier (issue 64, item 3): the engine's frozen and working states are copied from one kind to the
    other; every field of the copy is its source's (the very object), but the last ones given."""
    from preflog.game.state import DealState, GameFacts, GameState, WorkingDeal, WorkingGame

    values = {f.name: object() for f in attrs.fields(WorkingDeal)}
    deal = WorkingDeal(**values)  # type: ignore[arg-type]
    for cls in (DealState, WorkingDeal):
        made = copier(cls)(deal)
        assert type(made) is cls and all(getattr(made, name) is value for name, value in values.items())
        again = copier(WorkingDeal)(made)
        assert type(again) is WorkingDeal and again == deal and again is not deal
    game = WorkingGame(("A", "B", "C"), object(), "A", 1, 2, 3, frozenset(), deal)  # type: ignore[arg-type]
    frozen = copier(GameState)(game, made)
    assert type(frozen) is GameState and frozen.deal is made and frozen.rules is game.rules
    assert all(getattr(frozen, f.name) is getattr(game, f.name) for f in attrs.fields(GameFacts))
    with pytest.raises((TypeError, AttributeError)):  # a source without the fields' slots
        copier(DealState)(object())
    with pytest.raises(TypeError):  # more fields given than the class has
        copier(GameState)(game, *range(len(attrs.fields(GameState)) + 1))


@pytest.mark.skipif(PURE, reason="the class itself: nothing of its own to hold")
def test_a_copy_holds_no_reference_it_should_not() -> None:
    from preflog.game.state import DealState, WorkingDeal

    token = object()
    deal = WorkingDeal(1, "A", ("B", "C", "A"), talon=token)  # type: ignore[arg-type]
    base = sys.getrefcount(token)
    copies = [copier(DealState)(deal) for _ in range(10_000)]
    assert sys.getrefcount(token) == base + 10_000
    del copies
    gc.collect()
    assert sys.getrefcount(token) == base
    for _ in range(1_000):  # refused copies leave nothing behind either
        with pytest.raises(TypeError):
            copier(DealState)(token)
    assert sys.getrefcount(token) == base


def test_a_tuple_record_is_made_as_tuple_new_makes_it() -> None:
    """tuple_maker (issue 64, item 8): the reader's spans and raw records, NamedTuples, made in C where it
    was built: the class's instance with the items given, equal, hashing and comparing as the class's
    own; anything but a tuple class refused."""
    from preflog.model.span import Span, make_span
    from preflog.notation.raw import RawHand

    make = tuple_maker()
    assert (getattr(make, "__name__", None) == "tuple_of") is not PURE  # in C, or tuple.__new__ (_tuple_of)
    for items in ((1, 2, 3, 4), (7, 1, 9, 12)):
        span = make(Span, *items)
        assert type(span) is Span and span == Span(*items) and hash(span) == hash(Span(*items))
        assert (span.line, span.column, span.end_line, span.end_column) == items and repr(span) == repr(Span(*items))
        assert make_span(*items) == span and type(make_span(*items)) is Span
    first = make(Span, 1, 2, 1, 6)
    assert first.to(make(Span, 3, 1, 3, 9)) == Span(1, 2, 3, 9) and type(first.to(first)) is Span
    hand = make(RawHand, None, None, (), first, True)
    assert type(hand) is RawHand and hand == RawHand(None, None, (), first, missing=True)
    assert make(tuple) == () and make(tuple, 1, 2) == (1, 2)
    for wrong in (int, object(), "Span"):
        with pytest.raises(TypeError):
            make(wrong, 1, 2)  # type: ignore[arg-type]


@pytest.mark.skipif(PURE, reason="tuple.__new__ itself")
def test_a_tuple_record_holds_no_reference_it_should_not() -> None:
    from preflog.model.span import Span

    make = tuple_maker()
    holds_nothing_back(lambda token: make(Span, token, 1, token, 2), 2,
                       lambda token: make(token, token))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["sochi-pulka.pref", "annotated.pref", "classic.pref", "four-players.pref"])
def test_the_records_read_are_the_same_either_way(name: str) -> None:
    """A sample read by the fast reader (its records built in C) equals the same records made by
    their classes from their fields."""
    import preflog

    games = preflog.loads_all((ROOT / "samples" / name).read_text(encoding="utf-8"))

    def rebuilt(value: Any) -> Any:
        if attrs.has(type(value)):
            changes = {f.alias: rebuilt(getattr(value, f.name)) for f in attrs.fields(type(value)) if f.init}
            return type(value)(**changes)
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            return tuple(rebuilt(v) for v in value)
        return value

    assert games and [rebuilt(game) for game in games] == games
