"""Who pays whom (issue 42, point 5): the fewest payments that settle a pulka's settlement (Code 4.2.14),
in whists and, with a whist price, in money. Amounts worked by hand from the settlement's totals."""

from __future__ import annotations

import json
from fractions import Fraction

from hypothesis import given, strategies as st

import preflog
from preflog import Payment, payments
from preflog.scoring.settlement import Settlement
from preflog.present.score_table import sheet_json, sheet_text

from tests.test_scoring import sheet_of


def settlement(totals: dict[str, Fraction], price: Fraction | None = None) -> Settlement:
    players = tuple(totals)
    zero = {p: 0 for p in players}
    money = None if price is None else {p: v * price for p, v in totals.items()}
    return Settlement(players, zero, zero, Fraction(0), {p: {} for p in players}, totals, money)


def test_two_losers_pay_the_winner() -> None:
    """Totals −41⅓, −35⅓, +76⅔ (shown −41.33, −35.33, +76.66): two payments, each loser to the winner."""
    s = settlement({"Anna": Fraction(-124, 3), "Boris": Fraction(-106, 3), "Vera": Fraction(230, 3)})
    assert payments(s) == (Payment("Anna", "Vera", Fraction("41.33")), Payment("Boris", "Vera", Fraction("35.33")))


def test_one_loser_pays_two_winners() -> None:
    s = settlement({"Anna": Fraction(30), "Boris": Fraction(-50), "Vera": Fraction(20)})
    assert payments(s) == (Payment("Boris", "Anna", Fraction(30)), Payment("Boris", "Vera", Fraction(20)))


def test_players_square_pay_nothing() -> None:
    assert payments(settlement({"Anna": Fraction(0), "Boris": Fraction(0), "Vera": Fraction(0)})) == ()
    s = settlement({"Anna": Fraction(0), "Boris": Fraction(-12), "Vera": Fraction(12)})
    assert payments(s) == (Payment("Boris", "Vera", Fraction(12)),)


def test_pairs_that_settle_between_themselves_pay_once_each() -> None:
    """Four players, +10 −10 +5 −5: two payments, not three."""
    s = settlement({"Anna": Fraction(10), "Boris": Fraction(-5), "Vera": Fraction(5), "Gleb": Fraction(-10)})
    assert payments(s) == (Payment("Gleb", "Anna", Fraction(10)), Payment("Boris", "Vera", Fraction(5)))


def test_groups_are_found_where_the_largest_first_would_miss_them() -> None:
    """Six players, +7 +3 −5 −5 +2 −2: the largest debt to the largest credit pays five times; three
    groups that each add up to zero ({+7 −5 ... }) need four at most: here {+3 +2 −5}, {+7 −5 −2}."""
    totals = {"A": Fraction(7), "B": Fraction(3), "C": Fraction(-5), "D": Fraction(-5), "E": Fraction(2),
              "F": Fraction(-2)}
    paid = payments(settlement(totals))
    assert len(paid) == 4  # six players in two groups of three: 2 + 2


def test_money_is_paid_to_the_cent_and_the_whists_beside_it() -> None:
    """A whist at 0.5: −41⅓ whists is −20.67 (−20.666…), and the payments are the money as shown."""
    s = settlement({"Anna": Fraction(-124, 3), "Boris": Fraction(-106, 3), "Vera": Fraction(230, 3)}, Fraction(1, 2))
    shown = s.shown_money()
    assert shown is not None
    paid = payments(s)
    assert [(p.payer, p.payee, p.money) for p in paid] == [("Anna", "Vera", shown["Anna"] * -1),
                                                          ("Boris", "Vera", shown["Boris"] * -1)]
    assert all(p.money is not None and p.whists == p.money * 2 for p in paid)


amounts = st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=4)


@given(amounts, st.sampled_from([None, Fraction(1, 2), Fraction(1, 10), Fraction(3)]))
def test_payments_settle_every_player_to_the_cent(cents: list[int], price: Fraction | None) -> None:
    """Whatever the totals: each payment is positive, there are fewer than the players, and each
    player's payments add up to the settlement as shown (money with a price, whists without)."""
    cents[-1] -= sum(cents)
    totals = {f"P{i}": Fraction(c, 3) for i, c in enumerate(cents)}
    s = settlement(totals, price)
    paid = payments(s)
    assert len(paid) <= max(0, sum(1 for v in totals.values() if v) - 1)
    shown = s.shown_totals() if price is None else s.shown_money()
    assert shown is not None
    for p in totals:
        net = sum((q.money if price else q.whists for q in paid if q.payee == p), Fraction(0)) \
            - sum((q.money if price else q.whists for q in paid if q.payer == p), Fraction(0))  # type: ignore[misc]
        assert net == shown[p]
    assert all(q.whists > 0 and q.payer != q.payee for q in paid)


def test_the_sheet_says_who_pays_whom_in_both_languages() -> None:
    """The sample pulka: Anna −41.33, Boris −35.33, Vera +76.66 (its settlement table); a whist at 0.5."""
    sheet = sheet_of("deal 1\ncontract Boris: 6d\nwhist whist whist\nresult Boris 6 Vera 2 Anna 2\n",
                     tags='[WhistPrice "0.5"]\n')
    text = sheet_text(sheet)
    s = sheet.settlement()
    assert "who pays whom" in text
    # Boris made a six (+2 in the pool) and each defender wrote 2 tricks × 2 on him (Code 4.2.1, 3.8.1.1):
    # no pool tag, mountains all 0, so Boris pays each 4 whists, 2.00 at 0.5 a whist
    assert payments(s) == (Payment("Boris", "Anna", Fraction(4), Fraction(2)),
                           Payment("Boris", "Vera", Fraction(4), Fraction(2)))
    for p in payments(s):
        assert f"{p.payer} → {p.payee}: " in text
    assert "who pays whom, in money\n  Boris → Anna: 2.00\n  Boris → Vera: 2.00" in text
    ru = sheet_text(sheet, lang="ru")
    assert "кто кому платит (в деньгах)\n  Boris → Anna: 2,00\n  Boris → Vera: 2,00" in ru
    data = json.loads(json.dumps(sheet_json(sheet)))
    assert data["payments"] == [{"payer": p.payer, "payee": p.payee, "whists": float(p.whists) if p.whists.denominator != 1
                                 else int(p.whists), "money": float(p.money) if p.money else None}
                                for p in payments(s)]


def test_russian_payments_name_the_players_in_the_nominative_and_count_the_whists() -> None:
    s = settlement({"Аня": Fraction(-4), "Лёва": Fraction(-21), "Оля": Fraction(25)})
    from preflog.present.score_table import payment_text
    from preflog.i18n import using_language
    with using_language("ru"):
        assert [payment_text(p) for p in payments(s)] == ["Лёва → Оля: 21 вист", "Аня → Оля: 4 виста"]
    s = settlement({"Аня": Fraction(-5), "Оля": Fraction(5)}, Fraction(1, 2))
    with using_language("ru"):
        assert [payment_text(p) for p in payments(s)] == ["Аня → Оля: 2,50"]


def test_the_library_names_it() -> None:
    assert preflog.payments is payments and "payments" in preflog.__all__
