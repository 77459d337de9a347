"""Cards, hands and the bidding ladder (NOTATION.md §1; Code 2.2.2, 3.6.4)."""

from __future__ import annotations

import pytest

from preflog import DECK, LADDER, MISERE, Bid, Card, Hand, Rank, Strain, Suit, card


def test_deck_has_32_distinct_cards_code_2_2_2() -> None:
    assert len(DECK) == 32 == len(set(DECK))
    assert {c.rank for c in DECK} == set(Rank) and {c.suit for c in DECK} == set(Suit)


@pytest.mark.parametrize("text", ["As", "A♠", "A♤", "Тп", "Т♠", "Тs"])
def test_every_spelling_of_the_ace_of_spades(text: str) -> None:
    assert card(text) == Card(Rank.ACE, Suit.SPADES)


@pytest.mark.parametrize("text", ["Ts", "10s", "T♠", "10♠", "Tп", "10п", "10♤"])
def test_every_spelling_of_the_ten_of_spades(text: str) -> None:
    assert card(text) == Card(Rank.TEN, Suit.SPADES)


def test_cyrillic_t_is_the_ace_and_latin_t_the_ten() -> None:
    assert card("Тп").rank is Rank.ACE and card("Tп").rank is Rank.TEN


@pytest.mark.parametrize(("text", "rank"), [("Вч", Rank.JACK), ("Дб", Rank.QUEEN), ("Кт", Rank.KING), ("Кч", Rank.KING)])
def test_cyrillic_ranks(text: str, rank: Rank) -> None:
    assert card(text).rank is rank


@pytest.mark.parametrize(("text", "suit"), [("7п", Suit.SPADES), ("7т", Suit.CLUBS), ("7б", Suit.DIAMONDS), ("7ч", Suit.HEARTS),
                                            ("7♧", Suit.CLUBS), ("7♢", Suit.DIAMONDS), ("7♡", Suit.HEARTS)])
def test_cyrillic_and_hollow_suits(text: str, suit: Suit) -> None:
    assert card(text).suit is suit


def test_not_a_card() -> None:
    with pytest.raises(ValueError, match="not a card: 'Xs'"):
        card("Xs")


def test_suit_ladder_spades_clubs_diamonds_hearts_code_2_2_2() -> None:
    assert list(Suit) == sorted(Suit) == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]


def test_ladder_from_six_spades_to_ten_no_trump_code_2_2_2() -> None:
    assert [str(b) for b in LADDER] == [
        "6s", "6c", "6d", "6h", "6nt", "7s", "7c", "7d", "7h", "7nt", "8s", "8c", "8d", "8h", "8nt",
        "mis", "9s", "9c", "9d", "9h", "9nt", "10s", "10c", "10d", "10h", "10nt",
    ]


def test_misere_ranks_between_eight_no_trump_and_nine_spades_code_3_6_4() -> None:
    assert Bid.parse("8nt") < MISERE < Bid.parse("9s")
    assert MISERE.is_misere and MISERE.strain is None


def test_no_trump_above_hearts_code_2_2_2() -> None:
    assert Bid.parse("7h") < Bid.parse("7nt") < Bid.parse("8s")
    assert Bid.parse("7nt").strain is Strain.NO_TRUMP


@pytest.mark.parametrize(("bid", "price"), [("6s", 2), ("7h", 4), ("8nt", 6), ("9c", 8), ("10d", 10), ("mis", 10)])
def test_prices_code_2_2_2(bid: str, price: int) -> None:
    assert Bid.parse(bid).price == price


@pytest.mark.parametrize("text", ["6nt", "6NT", "6бк", "6БК"])
def test_no_trump_spellings(text: str) -> None:
    assert Bid.parse(text) == Bid(6, Strain.NO_TRUMP)


@pytest.mark.parametrize("text", ["mis", "misere", "мизер"])
def test_misere_spellings(text: str) -> None:
    assert Bid.parse(text) is MISERE


def test_dotted_hand_with_voids_either_way() -> None:
    a = Hand.from_dotted("AKQ.J9.-.T87")
    b = Hand.from_dotted("AKQ.J9..1087")
    assert a == b and len(a) == 8
    assert a.dotted() == "AKQ.J9.-.T87"
    assert a.grouped() == "♠AKQ ♣J9 ♥T87"


def test_grouped_hand_in_any_order_equals_dotted() -> None:
    assert Hand.from_groups(["♥T87", "♠AKQ", "♣J9"]) == Hand.from_dotted("AKQ.J9.-.T87")


def test_hand_keeps_canonical_order() -> None:
    hand = Hand.from_dotted("7AK.-.-.8Q")
    assert [str(c) for c in hand] == ["As", "Ks", "7s", "Qh", "8h"]


def test_there_is_one_object_per_card() -> None:
    """Cards compare and hash by identity (the engine's hot path), so every way to get a card gives the
    one object: the constructor, the reader's spellings, copies and pickles."""
    import copy
    import pickle

    ace = Card(Rank.ACE, Suit.SPADES)
    assert ace is card("As") is card("Тп") is card("A♠") is DECK[0]
    assert copy.copy(ace) is ace and copy.deepcopy(ace) is ace and pickle.loads(pickle.dumps(ace)) is ace
    assert Card(14, 0) is ace and ace.rank is Rank.ACE  # plain ints find the card and leave it as it was
    assert len(set(DECK)) == 32 and ace != card("Ks")
