"""Every error the reader reports: its exact message, line and column (NOTATION.md, issue 2 §5)."""

from __future__ import annotations

import io

import pytest

import preflog
from preflog import NotationError

from .conftest import HEAD

CASES = [
    ('capitalised keyword', '[Players "Anna Boris Vera"]\nDeal 1\n',
     [(2, 1, "unexpected 'Deal': expected a tag or a comment (keywords are written in lower case: 'deal')")]),
    ('whole word shown', '[Players "Anna Boris Vera"]\ndeal\nbids 6s pass 5h\n',
     [(3, 14, "unexpected '5h': expected a bid, 'dark', a glyph, 'hand', 'here', 'mis', 'pass', 'Player:', "
              "a comment or a later statement")]),
    ('comma in result', '[Players "Anna Boris Vera"]\ndeal\nresult Boris 7, Vera 2\n',
     [(3, 15, "cannot read ',' here: expected a player or a comment (the words of a statement are separated "
              "by spaces, not commas: 'Boris 7 Vera 2 Anna 1')")]),
    ('bad card', '[Players "Anna Boris Vera"]\ndeal\nplay Kh Kx 7h\n',
     [(3, 9, "unexpected 'Kx': expected '|', a card, a glyph, '(', ')', a comment or a later statement")]),
    ('unclosed comment', '[Players "Anna Boris Vera"]\ndeal\nbids 6s {greedy pass\n',
     [(3, 9, "this comment is not closed: '{' has no matching '}'")]),
    ('bad tag', '[Event Club]\n[Players "Anna Boris Vera"]\ndeal\n',
     [(1, 1, 'cannot read the tag \'[Event\': a tag reads [Name "value"]')]),
    ('out of order', '[Players "Anna Boris Vera"]\ndeal\nbids pass pass pass\ntalon 7s 8s\n',
     [(4, 1, "'talon' is out of place: a deal's statements go in the order hands, talon, bids, discard, contract, whist, play, claim, result, penalty, sheet, each once (penalty may repeat)")]),
    ('ends early', '[Players "Anna Boris Vera"]\ndeal\nhands\n',
     [(3, 1, "this deal ends too early: expected a hand, 'Player:', '?' or a comment")]),
    ('twice', '[Players "Anna Boris Vera"]\ndeal\nresult 5\nresult 6\n',
     [(4, 1, "'result' is out of place: a deal's statements go in the order hands, talon, bids, discard, contract, whist, play, claim, result, penalty, sheet, each once (penalty may repeat)")]),
    ('no players', '[Event "x"]\ndeal\n',
     [(1, 1, 'the game has no [Players "…"] tag naming its 3 or 4 players')]),
    ('no players no tags', 'deal 1\nresult 5\n',
     [(1, 1, 'the game has no [Players "…"] tag naming its 3 or 4 players')]),
    ('five players', '[Players "Anna Boris Vera Gleb Dima"]\n',
     [(1, 1, "Players names 5 players: 'Anna Boris Vera Gleb Dima'; a game has 2 (gusarik, with a dummy), 3 or 4")]),
    ('one player', '[Players "Anna"]\n',
     [(1, 1, "Players names 1 player: 'Anna'; a game has 2 (gusarik, with a dummy), 3 or 4")]),
    ('a player called Dummy in a two-player game', '[Players "Anna Dummy"]\n',
     [(1, 1, "with two players Dummy is the dummy's name (docs/notation.md); call the player something else")]),
    ('dup player', '[Players "Anna Boris Anna"]\n',
     [(1, 1, 'Players names Anna more than once')]),
    ('bad id', '[Players "Anna pass As"]\n',
     [(1, 1, "'pass' is not a valid player id: a letter, then letters, digits or _, not spelled like a card, a call or a keyword"), (1, 1, "'As' is not a valid player id: a letter, then letters, digits or _, not spelled like a card, a call or a keyword")]),
    ('unknown prefix', '[Players "Anna Boris Vera"]\ndeal\nbids Zed: pass\n',
     [(3, 6, "'Zed' is not a player of this game (Anna, Boris, Vera)")]),
    ('unknown dealer', '[Players "Anna Boris Vera"]\ndeal dealer Zed\n',
     [(2, 13, "'Zed' is not a player of this game (Anna, Boris, Vera)")]),
    ('sequence', '[Players "Anna Boris Vera"]\ndeal 1\ndeal 3\n',
     [(3, 6, 'deal 3 follows deal 1: deal numbers go in sequence (expected 2)')]),
    ('zero', '[Players "Anna Boris Vera"]\ndeal 0\n',
     [(2, 6, "deal number '0' must be 1 or more")]),
    ('hand 9', '[Players "Anna Boris Vera"]\ndeal\nhands AKQJ.A.-.KQJ9 987.KQJ.AKQ.7 T.T97.J987.AT\n',
     [(3, 7, "Boris's hand has 9 cards, not 10: AKQJ.A.-.KQJ9; 8c Td 8h are in no hand")]),
    ('hand dup', '[Players "Anna Boris Vera"]\ndeal\nhands AKQJ.A.-.KQJ9K 987.KQJ.AKQ.7 T.T97.J987.AT\n',
     [(3, 7, "Boris's hand holds Kh twice")]),
    ('talon 3', '[Players "Anna Boris Vera"]\ndeal\ntalon 7s 8s 9s\n',
     [(3, 7, 'a talon has exactly 2 cards, not 3: 7s 8s 9s')]),
    ('talon dup', '[Players "Anna Boris Vera"]\ndeal\ntalon 7s 7♠\n',
     [(3, 7, 'the talon holds 7s twice')]),
    ('discard 1', '[Players "Anna Boris Vera"]\ndeal\ndiscard 7s\n',
     [(3, 9, 'a discard has exactly 2 cards, not 1: 7s')]),
    ('mix prefix', '[Players "Anna Boris Vera"]\ndeal\nhands Boris: ? ? ?\n',
     [(3, 1, 'write a Player: prefix before every hand or before none')]),
    ('two hands', '[Players "Anna Boris Vera"]\ndeal\nhands ? ?\n',
     [(3, 1, 'hands lists 2 hands; the three active players need one each')]),
    ('dealer hand', '[Players "Anna Boris Vera Gleb"]\ndeal dealer Anna\nhands Anna: ? Boris: ? Vera: ?\n',
     [(3, 7, 'Anna deals this deal and sits out: no hand')]),
    ('hand twice', '[Players "Anna Boris Vera"]\ndeal\nhands Anna: ? Anna: ? Vera: ?\n',
     [(3, 15, 'Anna is given two hands')]),
    ('unprefixed then prefixed', '[Players "Anna Boris Vera"]\ndeal dealer Vera\nhands Anna: ? ? Boris: ?\n',
     # the second hand goes to Boris by the bidding order (NOTATION.md §3), so the prefix gives him a second
     [(3, 1, 'write a Player: prefix before every hand or before none'), (3, 17, 'Boris is given two hands')]),
    ('prefix no hand', '[Players "Anna Boris Vera"]\ndeal\nhands Anna: Boris: ? Vera: ?\n',
     [(3, 7, 'Anna: has no hand after it')]),
    ('glyph', '[Players "Anna Boris Vera"]\ndeal\nplay Kh | ! 7h\n',
     [(3, 9, "'|' after 1 card of a trick: '|' separates tricks of 3 cards"), (3, 11, "glyph '!' must follow a card directly")]),
    ('bar', '[Players "Anna Boris Vera"]\ndeal\nplay Kh 7h | Ah\n',
     [(3, 12, "'|' after 2 cards of a trick: '|' separates tricks of 3 cards")]),
    ('bar2', '[Players "Anna Boris Vera"]\ndeal\nplay Kh 7h Ah | | Kd\n',
     [(3, 17, "'|' after 0 cards of a trick: '|' separates tricks of 3 cards")]),
    ('variation first', '[Players "Anna Boris Vera"]\ndeal\nplay (Kh) 7h\n',
     [(3, 6, 'a variation must follow the card it replaces')]),
    ('claim', '[Players "Anna Boris Vera"]\ndeal\nclaim Anna Boris 1\n',
     [(3, 1, "a claim reads 'claim Player' (all the rest) or 'claim Player N Player N …'")]),
    ('claim sign', '[Players "Anna Boris Vera"]\ndeal\nclaim Anna +2 Boris 1\n',
     [(3, 12, "a claimed trick count must be a whole number without a sign, not '+2'")]),
    ('result 11', '[Players "Anna Boris Vera"]\ndeal\nresult Anna 11\n',
     [(3, 13, '11 tricks: a deal has 10')]),
    ('result twice', '[Players "Anna Boris Vera"]\ndeal\nresult Anna 5 Anna 3\n',
     [(3, 1, 'result gives Anna tricks twice')]),
    ('result decimal', '[Players "Anna Boris Vera"]\ndeal\nresult 5.5\n',
     [(3, 8, "a trick count must be a whole number without a sign, not '5.5'")]),
    ('pool', '[Players "Anna Boris Vera"]\n[Pool "ten"]\n',
     [(2, 1, "Pool must be a positive whole number, not 'ten'")]),
    ('whistprice', '[Players "Anna Boris Vera"]\n[WhistPrice "1,5"]\n',
     [(2, 1, "WhistPrice must be a decimal number, not '1,5' (write a decimal point: '1.5')")]),
    ('duptag', '[Players "Anna Boris Vera"]\n[Players "A B C"]\n',
     [(2, 1, 'tag Players is given twice')]),
    ('dark twice', '[Players "Anna Boris Vera"]\ndeal\nbids dark dark pass\n',
     [(3, 11, "'dark' is written twice")]),
    ('sheet twice', '[Players "Anna Boris Vera"]\ndeal\nsheet Anna pool 1; Anna pool 2\n',
     [(3, 20, 'sheet gives Anna two lines')]),
    ('tag in deal', '[Players "Anna Boris Vera"]\ndeal\nresult 5 [Event "x"]\n',
     [(3, 10, 'unexpected tag \'[Event "x"]\': a tag block goes before the deals of its game')]),
    ('garbage start', 'hello\n',
     [(1, 1, "unexpected 'hello': expected a tag")]),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_error_message_line_and_column(text: str, expected: list[tuple[int, int, str]]) -> None:
    with pytest.raises(NotationError) as info:
        preflog.loads_all(text, path="g.pref")
    assert [(e.line, e.column, e.message) for e in info.value.errors] == expected


def test_error_format_is_file_line_col_error_with_excerpt_and_caret() -> None:
    with pytest.raises(NotationError) as info:
        preflog.loads(HEAD + "deal\ntalon 7s 8s 9s\n", path="club.pref")
    assert info.value.format() == (
        "club.pref:4:7: error: a talon has exactly 2 cards, not 3: 7s 8s 9s\n"
        "    talon 7s 8s 9s\n"
        "          ^~~~~~~~"
    )
    assert isinstance(info.value, ValueError)
    assert (info.value.path, info.value.line, info.value.column, info.value.excerpt) == (
        "club.pref", 4, 7, "talon 7s 8s 9s")


def test_every_syntax_error_is_reported_recovering_at_the_next_deal() -> None:
    text = HEAD + "deal\nplay Kx\n\ndeal\nbids 6s 6s 6q\n\ndeal\nresult 5 5\n\ndeal 4\nresult 5\n"
    with pytest.raises(NotationError) as info:
        preflog.loads_all(text)
    assert [(e.line, e.column) for e in info.value.errors] == [(4, 6), (7, 12), (10, 10)]


def test_errors_after_a_bad_deal_keep_numbering_and_dealer_rotation() -> None:
    text = HEAD + "deal 1\nplay Kx\ndeal\nhands Vera: ? Anna: ? Boris: ?\ndeal 4\n"
    with pytest.raises(NotationError) as info:
        preflog.loads_all(text)
    # deal 2 is dealt by Boris, so Vera (eldest), Anna and Boris hold hands; deal 4 should be 3
    assert [(e.line, e.message) for e in info.value.errors] == [
        (4, "unexpected 'Kx': expected '|', a card, a glyph, '(', a comment or a later statement"),
        (7, "deal 4 follows deal 2: deal numbers go in sequence (expected 3)")]


def test_a_new_tag_block_recovers_too() -> None:
    text = '[Players "Anna Boris Vera Gleb Dima"]\ndeal\n\n' + HEAD + "deal\nresult 5\n"
    with pytest.raises(NotationError) as info:
        preflog.loads_all(text)
    assert [e.line for e in info.value.errors] == [1]


def test_not_utf8_is_an_error_at_its_place() -> None:
    data = (HEAD + "deal {caf\xe9}\n").encode("latin-1")
    with pytest.raises(NotationError) as info:
        preflog.load_all(io.BytesIO(data), path="x.pref")
    assert (info.value.line, info.value.column, info.value.message) == (
        3, 10, "the file is not UTF-8 text: byte 0xe9 cannot be read")


def test_loads_wants_exactly_one_game() -> None:
    with pytest.raises(NotationError, match="expected one game, found 2; use loads_all or iter_games"):
        preflog.loads(HEAD + "deal\n" + HEAD + "deal\n")
    with pytest.raises(NotationError, match="expected one game, found 0"):
        preflog.loads("% nothing here\n")


def test_variations_nested_too_deep_are_refused() -> None:
    text = HEAD + "deal\nplay Kh " + "(7h " * 70 + ")" * 70 + "\n"
    with pytest.raises(NotationError) as info:
        preflog.loads(text)
    assert (info.value.line, info.value.column, info.value.message) == (
        4, 9, "variations are nested more than 64 deep")


def test_read_games_collects_errors_instead_of_raising() -> None:
    (parsed,) = preflog.read_games(HEAD + "deal\ntalon 7s\ndeal\nresult 5\n")
    assert len(parsed.game.deals) == 2 and [e.line for e in parsed.errors] == [4]


@pytest.mark.parametrize(("line", "column", "hint"), [
    ("bids 6s pаss pass", 9, "('а' (U+0430) is a Cyrillic letter typed for the Latin: did you mean 'pass'?)"),
    ("bids 6s pass pass\nplay 7s 8с 9s", 9, "('с' (U+0441) is a Cyrillic letter typed for the Latin: did you mean '8c'?)"),
    ("bids 6S pass pass", 6, "(suits are written in lower case: did you mean '6s'?)"),
    ("bids 6s pass pass\nplay 7s 8s 9H", 12, "(suits are written in lower case: did you mean '9h'?)"),
])
def test_a_slip_of_the_keyboard_gets_a_hint(line: str, column: int, hint: str) -> None:
    """Issue 12: a Cyrillic look-alike typed on a Russian layout, or an upper-case suit, reads like
    valid text; the error says which character is wrong and what was meant."""
    with pytest.raises(NotationError) as info:
        preflog.loads(HEAD + "deal 1\n" + line + "\n")
    assert info.value.column == column and info.value.message.endswith(hint)


@pytest.mark.parametrize(("russian", "notation"), [
    ("bids пас пас пас", "bids pass pass pass"),
    ("bids 6s pass pass\ncontract 6s\nwhist вист пасс", "bids 6s pass pass\ncontract 6s\nwhist whist pass"),
    ("bids 6s pass pass\ncontract 6s\nwhist пас полвиста", "bids 6s pass pass\ncontract 6s\nwhist pass half"),
    ("bids 6s pass pass\ncontract 6s\nwhist pass пол", "bids 6s pass pass\ncontract 6s\nwhist pass half"),
    ("bids 6s pass pass\ncontract 6s\nwhist вист пас открыто", "bids 6s pass pass\ncontract 6s\nwhist whist pass open"),
    ("bids 6s pass pass\ncontract 6s\nwhist вист пас закрытая", "bids 6s pass pass\ncontract 6s\nwhist whist pass closed"),
    ("bids 6s здесь pass pass", "bids 6s here pass pass"),
    ("bids распасы {все пасуют}", "bids pass pass pass {все пасуют}"),
    ("bids мизер пас пас\ncontract мизер", "bids mis pass pass\ncontract mis"),
])
def test_the_russian_words_of_the_table_are_spellings(russian: str, notation: str) -> None:
    """Issue 12: the words said at the table (пас, вист, пол/полвиста, здесь, открыто/закрыто,
    распасы) read as the notation's own; the writer gives the notation's."""
    game = preflog.loads(HEAD + "deal 1\n" + russian + "\n")
    assert game == preflog.loads(HEAD + "deal 1\n" + notation + "\n")
    assert preflog.dumps(game).endswith(notation + "\n")


@pytest.mark.parametrize(("line", "column", "hint"), [
    ("bids Пас pass pass", 6, "(keywords are written in lower case: 'пас')"),
    ("bids 6s pass pass\ncontract 6s\nwhist pass пол-виста", 15, "(write 'полвиста' or 'half')"),
    ("bids 6s распасы", 9, "('распасы' stands for a whole auction in which everybody passed, written alone after 'bids': 'bids распасы')"),
])
def test_a_russian_word_out_of_place_gets_a_hint(line: str, column: int, hint: str) -> None:
    with pytest.raises(NotationError) as info:
        preflog.loads(HEAD + "deal 1\n" + line + "\n")
    assert info.value.column == column and info.value.message.endswith(hint)


def test_a_player_cannot_be_named_like_a_russian_word() -> None:
    with pytest.raises(NotationError, match="'пас' is not a valid player id"):
        preflog.loads('[Players "пас Anna Boris"]\ndeal 1\n')


def test_a_cp1251_file_is_named_as_such() -> None:
    data = (HEAD + "deal 1\nbids pass pass pass {распасы}\n").encode("cp1251")
    with pytest.raises(NotationError) as info:
        preflog.load_all(io.BytesIO(data), path="x.pref")
    assert info.value.message == (
        "the file is not UTF-8 text: byte 0xf0 cannot be read; it reads as Windows-1251 Cyrillic "
        "('bids pass pass pass {распасы}'): convert the file to UTF-8, e.g. `iconv -f cp1251 -t utf-8 FILE > NEW`")


def test_a_decimal_comma_in_a_numeric_tag_gets_a_hint() -> None:
    with pytest.raises(NotationError, match=r"WhistPrice must be a decimal number, not '0,5' \(write a decimal "
                                            r"point: '0.5'\)"):
        preflog.loads('[Players "Anna Boris Vera"]\n[WhistPrice "0,5"]\n\ndeal 1\n')


def test_a_hand_a_card_short_names_the_card_no_hand_holds() -> None:
    """Boris's K7 of hearts typed as K: the seven of hearts is in no hand and not in the talon."""
    text = HEAD + ("deal 1 dealer Anna\nhands Boris: KJ98.T.QJ8.K Vera: QT.QJ.AKT.AT9 Anna: A7.AK98.9.QJ8\n"
                   "talon 7c 7d\n")
    with pytest.raises(NotationError) as info:
        preflog.loads(text)
    assert info.value.message == "Boris's hand has 9 cards, not 10: KJ98.T.QJ8.K; 7h is in no hand nor the talon"


@pytest.mark.parametrize(("line", "column", "message"), [
    ("bids {Boris thinks} 6s pass pass", 6,
     "unexpected comment '{Boris thinks}': expected a bid, 'dark', 'hand', 'here', 'mis', 'pass' or 'Player:' "
     "(a comment stands after what it is about: move it after the word that follows)"),
    ("bids 6s pass pass\nwhist {hm} pass whist", 7,
     "unexpected comment '{hm}': expected 'half', 'pass' or 'whist' "
     "(a comment stands after what it is about: move it after the word that follows)"),
    ("bids As pass pass", 6,
     "unexpected 'As': expected a bid, 'dark', 'hand', 'here', 'mis', 'pass' or 'Player:' "
     "('As' is a card; a bid is a level and a suit, as '6s', '7nt')"),
])
def test_a_comment_or_a_card_where_a_call_is_expected_gets_a_hint(line: str, column: int, message: str) -> None:
    """Issue 12, Deliver 3: a comment typed before what it is about, a card typed for a bid."""
    with pytest.raises(NotationError) as info:
        preflog.loads(HEAD + "deal 1\n" + line + "\n")
    assert (info.value.line - HEAD.count("\n") - 1, info.value.column, info.value.message) == (
        line.count("\n") + 1, column, message)
