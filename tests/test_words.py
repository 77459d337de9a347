"""The presenter (``preflog.words``): every card, contract, call, defender's word, convention and
tag in both languages. The expected strings are typed from the Code's and the players' spelling (ranks
7 8 9 10 В Д К Т, the suit symbol, «7 БК», «мизер», «пас втёмную») and from NOTATION.md for English,
not copied from preflog's output."""

from __future__ import annotations

import re

import pytest

from preflog.i18n import using_language
from preflog.model.auction import Call, CallKind
from preflog.model.bids import LADDER, Bid
from preflog.model.cards import DECK, Card, Rank, Suit
from preflog.model.defence import DecisionKind, WhistMode
from preflog import words

# DECK is in ladder order of suits (♠ ♣ ♦ ♥), high to low in each.
EN_CARDS = ("As Ks Qs Js Ts 9s 8s 7s Ac Kc Qc Jc Tc 9c 8c 7c "
            "Ad Kd Qd Jd Td 9d 8d 7d Ah Kh Qh Jh Th 9h 8h 7h").split()
EN_CARDS_UNICODE = ("A♠ K♠ Q♠ J♠ T♠ 9♠ 8♠ 7♠ A♣ K♣ Q♣ J♣ T♣ 9♣ 8♣ 7♣ "
                    "A♦ K♦ Q♦ J♦ T♦ 9♦ 8♦ 7♦ A♥ K♥ Q♥ J♥ T♥ 9♥ 8♥ 7♥").split()
RU_CARDS = ("Т♠ К♠ Д♠ В♠ 10♠ 9♠ 8♠ 7♠ Т♣ К♣ Д♣ В♣ 10♣ 9♣ 8♣ 7♣ "
            "Т♦ К♦ Д♦ В♦ 10♦ 9♦ 8♦ 7♦ Т♥ К♥ Д♥ В♥ 10♥ 9♥ 8♥ 7♥").split()

# The ladder: 6♠ … 8NT, misère, 9♠ … 10NT (Code 2.2.2, 3.6.4).
EN_BIDS = ("6s 6c 6d 6h 6nt 7s 7c 7d 7h 7nt 8s 8c 8d 8h 8nt mis "
           "9s 9c 9d 9h 9nt 10s 10c 10d 10h 10nt").split()
EN_BIDS_UNICODE = ("6♠ 6♣ 6♦ 6♥ 6nt 7♠ 7♣ 7♦ 7♥ 7nt 8♠ 8♣ 8♦ 8♥ 8nt mis "
                   "9♠ 9♣ 9♦ 9♥ 9nt 10♠ 10♣ 10♦ 10♥ 10nt").split()
RU_BIDS = ["6♠", "6♣", "6♦", "6♥", "6 БК", "7♠", "7♣", "7♦", "7♥", "7 БК", "8♠", "8♣", "8♦", "8♥", "8 БК",
           "мизер", "9♠", "9♣", "9♦", "9♥", "9 БК", "10♠", "10♣", "10♦", "10♥", "10 БК"]


@pytest.mark.parametrize("unicode", [False, True])
def test_every_card_in_english_is_the_notation(unicode: bool) -> None:
    with using_language("en"):
        assert [words.card(c, unicode=unicode) for c in DECK] == (EN_CARDS_UNICODE if unicode else EN_CARDS)
        assert [words.card(c, unicode=unicode) for c in DECK] == [c.unicode() if unicode else str(c) for c in DECK]


@pytest.mark.parametrize("unicode", [False, True])
def test_every_card_in_russian_is_written_as_players_write_it(unicode: bool) -> None:
    with using_language("ru"):
        assert [words.card(c, unicode=unicode) for c in DECK] == RU_CARDS
    assert len(set(RU_CARDS)) == 32


def test_the_russian_ace_is_not_the_ten() -> None:
    with using_language("ru"):
        assert words.card(Card(Rank.ACE, Suit.SPADES)) == "Т♠"
        assert words.card(Card(Rank.TEN, Suit.DIAMONDS)) == "10♦"
        assert words.card(Card(Rank.JACK, Suit.HEARTS)) == "В♥"
        assert words.cards([Card(Rank.TEN, Suit.SPADES), Card(Rank.TEN, Suit.DIAMONDS)]) == "10♠ 10♦"


@pytest.mark.parametrize("unicode", [False, True])
def test_every_bid_in_both_languages(unicode: bool) -> None:
    assert len(LADDER) == 26
    with using_language("en"):
        assert [words.bid(b, unicode=unicode) for b in LADDER] == (EN_BIDS_UNICODE if unicode else EN_BIDS)
        assert [words.contract(b, unicode=unicode) for b in LADDER] == [
            b.unicode() if unicode else str(b) for b in LADDER]
        assert words.bid(None) == "?"
    with using_language("ru"):
        assert [words.bid(b, unicode=unicode) for b in LADDER] == RU_BIDS
        assert words.bid(None) == "?"


def _call(kind: CallKind, bid: str | None = None, **mods: bool) -> Call:
    return Call(kind, Bid.parse(bid) if bid else None, **mods)


CALLS = [  # the call, English (as written), English with symbols, Russian (as said at the table)
    (_call(CallKind.PASS), "pass", "pass", "пас"),
    (_call(CallKind.HERE), "here", "here", "здесь"),
    (_call(CallKind.BID, "6s"), "6s", "6♠", "6♠"),
    (_call(CallKind.BID, "7nt"), "7nt", "7nt", "7 БК"),
    (_call(CallKind.BID, "mis"), "mis", "mis", "мизер"),
    (_call(CallKind.PASS, dark=True), "dark pass", "dark pass", "пас втёмную"),
    (_call(CallKind.BID, "6h", dark=True), "dark 6h", "dark 6♥", "6♥ втёмную"),
    (_call(CallKind.BID, "9s", hand=True), "hand 9s", "hand 9♠", "9♠ без прикупа"),
    (_call(CallKind.BID, "mis", hand=True), "hand mis", "hand mis", "мизер без прикупа"),
]


@pytest.mark.parametrize(("c", "en", "en_unicode", "ru"), CALLS)
def test_every_kind_of_call(c: Call, en: str, en_unicode: str, ru: str) -> None:
    from preflog.model.auction import write_call

    with using_language("en"):
        assert words.call(c) == en == write_call(c)
        assert words.call(c, unicode=True) == en_unicode == write_call(c, unicode=True)
    with using_language("ru"):
        assert words.call(c) == words.call(c, unicode=True) == ru


def test_decisions_and_modes() -> None:
    with using_language("en"):
        assert [words.decision(k) for k in DecisionKind] == ["whist", "pass", "half-whist"]
        assert [words.mode(m) for m in WhistMode] == ["open", "closed"]
    with using_language("ru"):
        assert [words.decision(k) for k in DecisionKind] == ["вист", "пас", "полвиста"]
        assert [words.mode(m) for m in WhistMode] == ["в светлую", "втёмную"]  # Code 3.8.5: лёжа / стоя


def test_conventions() -> None:
    ids = ["sochi", "leningrad", "rostov", "classic", "gusarik"]
    with using_language("en"):
        assert [words.convention(i) for i in ids] == ["Sochi", "Leningrad", "Rostov", "Classic", "gusarik"]
        assert words.convention("kiev") == "kiev"
        assert words.tag_value("Rules", "rostov") == "rostov"  # English shows the file as written
    with using_language("ru"):
        assert [words.convention(i) for i in ids] == ["сочинка", "ленинградка", "ростовская", "классика", "гусарик"]
        assert words.convention("kiev") == "kiev"
        assert words.tag_value("Rules", "rostov") == "ростовская"
        assert words.tag_value("Event", "Club night") == "Club night"


def test_tags() -> None:
    russian = {"Event": "Турнир", "Site": "Место игры", "Date": "Дата", "Round": "Тур", "Table": "Стол", "Board": "Раздача",
               "Players": "Игроки",
               "Rules": "Разновидность", "Pool": "Пуля", "WhistPrice": "Цена виста", "Result": "Итог",
               "Source": "Источник", "Annotator": "Комментатор", "Scorer": "Записывающий",
               "Sheet": "Пулька до начала", "Aliases": "Сокращения"}
    assert set(russian) == set(words.TAG_NAMES)
    with using_language("en"):
        assert {n: words.tag(n) for n in russian} == {n: n for n in russian}
    with using_language("ru"):
        assert {n: words.tag(n) for n in russian} == russian
        assert words.tag("Rule.Scale") == "Множитель" and words.tag("Rule.Unknown") == "Rule.Unknown"


def test_hands() -> None:
    held = [Card(r, s) for r, s in [(Rank.ACE, Suit.SPADES), (Rank.TEN, Suit.SPADES), (Rank.SEVEN, Suit.SPADES),
                                    (Rank.JACK, Suit.DIAMONDS), (Rank.NINE, Suit.DIAMONDS),
                                    (Rank.QUEEN, Suit.HEARTS)]]
    with using_language("en"):
        assert words.hand(held) == "SAT7 C- DJ9 HQ"
        assert words.hand(held, unicode=True) == "♠AT7 ♣- ♦J9 ♥Q"
        assert words.hand(None, held[:1]) == "SA C- D- H- +?"
        assert words.hand(None) == "?"
    with using_language("ru"):
        assert words.hand(held) == words.hand(held, unicode=True) == "♠ Т 10 7  ♣ —  ♦ В 9  ♥ Д"
        assert words.hand(None, held[:1]) == "♠ Т  ♣ —  ♦ —  ♥ — +?"
        assert words.hand(None) == "?"


def test_results_against_the_contract() -> None:
    with using_language("en"):
        assert [words.relative(n) for n in (0, 1, -1, -2, -3, -4)] == ["=", "+1", "-1", "-2", "-3", "-4"]
    with using_language("ru"):  # ремиз: без одной, без двух, без трёх (the Code's terms)
        assert [words.relative(n) for n in (0, 1, -1, -2, -3, -4)] == [
            "ровно", "+1", "без одной", "без двух", "без трёх", "без четырёх"]


def test_penalties_and_sheets() -> None:
    from decimal import Decimal

    from preflog.model.deal import Checkpoint, CheckpointEntry, CheckpointWhist, Penalty, PenaltyKind

    penalties = [Penalty("Оля", PenaltyKind.POOL, Decimal(1)), Penalty("Лёва", PenaltyKind.MOUNTAIN, Decimal(2)),
                 Penalty("Аня", PenaltyKind.WHISTS, Decimal(4), target="Миша")]
    sheet = Checkpoint((CheckpointEntry("Аня", Decimal(12), Decimal(4), (CheckpointWhist("Миша", Decimal(36)),
                                                                         CheckpointWhist("Оля", Decimal(8)))),
                        CheckpointEntry("Миша", mountain=Decimal(0))))
    with using_language("en"):  # the notation, NOTATION.md §3
        assert [words.penalty(p) for p in penalties] == ["Оля pool 1", "Лёва mountain 2", "Аня whists Миша 4"]
        assert words.sheet(sheet) == "Аня pool 12 mountain 4 whists Миша 36 Оля 8; Миша mountain 0"
    with using_language("ru"):  # names in the nominative: «Аня → Миша: висты 4»
        assert [words.penalty(p) for p in penalties] == ["Оля: в пулю 1", "Лёва: в гору 2", "Аня → Миша: висты 4"]
        assert words.sheet(sheet) == "Аня: пуля 12, гора 4, висты → Миша 36, Оля 8; Миша: гора 0"


def test_rules_in_headings() -> None:
    with using_language("en"):
        assert [words.rules(n) for n in ("sochi", "classic", "kiev")] == ["sochi", "classic", "kiev"]
    with using_language("ru"):
        assert [words.rules(n) for n in ("sochi", "classic", "kiev")] == ["сочинка", "классика", "kiev"]


def test_a_hand_without_its_voids() -> None:
    held = [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS)]
    with using_language("en"):
        assert words.hand(held, unicode=True, voids=False) == "♠A ♥T"
    with using_language("ru"):
        assert words.hand(held, voids=False) == "♠ Т  ♥ 10"


def test_every_rule_option_has_its_name_and_yes_and_no_are_said() -> None:
    """Each ``Rule.<Option>`` the conventions take is named as a player names it (docs/rules.md), its
    yes and no and its other values said in the language (жлобский вист, not greedy: issue 65); the tag
    and its value as written in English."""
    from preflog.game.conventions import OPTIONS

    assert set(words.OPTION_NAMES) == set(OPTIONS)
    with using_language("ru"):
        assert words.tag("Rule.DarkBids") == "Заявки втёмную" and words.tag_value("Rule.DarkBids", "yes") == "да"
        assert words.tag_value("Rule.WhistSplit", "greedy") == "жлобский вист" and words.tag("Rule.Nothing") == "Rule.Nothing"
        assert all(re.fullmatch(r"[А-ЯЁ][а-яё ,']+", words.tag(f"Rule.{o}")) for o in OPTIONS)
    with using_language("en"):
        assert words.tag("Rule.DarkBids") == "Rule.DarkBids" and words.tag_value("Rule.DarkBids", "yes") == "yes"
