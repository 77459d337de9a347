"""The pad's words: every line the page on the phone shows that is not a game's, by the id the page
looks it up by, in the language spoken (the page has no words of its own). ``{…}`` marks what the page
puts in: a number, a name, a title."""

from __future__ import annotations

from ..i18n import N_, _

#: The page's words by id, in English (the msgids); :func:`words` says them in the language spoken.
WORDS: dict[str, str] = {
    "app": N_("Pulka in a pocket"),
    "send": N_("Send to a club's server"),
    "send_address": N_("The club's address (https://…)"),
    "send_token": N_("The scorer's token"),
    "send_go": N_("Send the game"),
    "send_done": N_("The club has the game: {url}"),
    "send_there": N_("The club had this game already: it is not kept twice."),
    "send_token_refused": N_("The club does not take this token."),
    "send_unreachable": N_("The club's server does not answer at {address}: the game stays on this phone."),
    "send_refused": N_("The club refused the game ({status}): {reason}"),
    "send_address_bad": N_("The address must start with https:// (http:// only for localhost, this device)."),
    "loading": N_("Loading…"),
    "games": N_("Games on this phone"),
    "search": N_("Search by title or player"),
    "none": N_("No games on this phone yet: start a new pulka, or import a .pref file."),
    "nothing_found": N_("No game has that title or player."),
    "new": N_("New pulka"),
    "import": N_("Import a .pref file"),
    "imported": N_("Imported: {title}"),
    "import_problems": N_("The file breaks the rules; it is kept, and no deal can be recorded into it until it is mended:"),
    "import_refused": N_("The file is not imported:"),
    "updated": N_("changed {when}"),
    "back": N_("← Games"),
    "players_hint": N_("The players in their order at the table; the first deals first. A fourth player is optional."),
    "player_n": N_("Player {n}"),
    "player_4": N_("Player 4 (optional: the dealer sits out)"),
    "convention": N_("Convention"),
    "pool": N_("Pool"),
    "price": N_("Price of a whist (optional)"),
    "title": N_("Title (optional)"),
    "date": N_("Date"),
    "start": N_("Start the game"),
    "cancel": N_("Cancel"),
    "box": N_("The deal in the short form: tap it in with the keys below, or type it"),
    "example": N_("for example: {example}"),
    "erase": N_("erase the last word"),
    "players": N_("Players"),
    "contracts": N_("Contracts"),
    "defence": N_("Defence"),
    "tricks": N_("Tricks"),
    "all_pass": N_("all-pass"),
    "record": N_("Record the deal"),
    "why": N_("why?"),
    "rule": N_("the rule {rule}"),
    "read_as": N_("read as:"),
    "nothing_written": N_("nothing was written; mend the deal in the box"),
    "undo": N_("Take back the last deal…"),
    "undo_ask": N_("Take back deal {number}?"),
    "undo_yes": N_("Yes, take it back"),
    "keep": N_("No, keep it"),
    "redo": N_("Put deal {number} back"),
    "correct": N_("Correct"),
    "correcting": N_("Correcting deal {number}"),
    "as_recorded": N_("as recorded: {said}"),
    "record_correction": N_("Record the correction"),
    "note": N_("Note"),
    "noting": N_("A note on deal {number}"),
    "note_box": N_("The note: one line, in your own words"),
    "write_note": N_("Write the note"),
    "over": N_("The pulka is over: no deal can follow."),
    "deals": N_("Deals"),
    "deal_n": N_("deal {number}"),
    "no_deals": N_("No deal is recorded yet."),
    "pulka": N_("Pulka"),
    "settlement": N_("Settlement"),
    "payments": N_("Who pays whom"),
    "payments_money": N_("Who pays whom, in money"),
    "nobody_pays": N_("Nobody pays anybody."),
    "violations": N_("The pulka breaks the rules:"),
    "replay": N_("Replay"),
    "close": N_("Close"),
    "the_text": N_("The deal's text"),
    "export": N_("Download (.pref)"),
    "share": N_("Share"),
    "print": N_("Print"),
    "delete": N_("Delete the game…"),
    "delete_ask": N_("Delete “{title}”? It will be gone from this phone (download it first to keep a copy)."),
    "delete_yes": N_("Yes, delete it"),
    "deleted": N_("The game is deleted: {title}"),
    "unkept": N_("This phone cannot keep the game (its storage is full or refused): nothing was changed."),
    "no_storage": N_("This browser keeps nothing (private mode?): the games will be gone when the page is closed."),
    "other_language": N_("Русский"),  # the switch to the other language: its name
}


def words() -> dict[str, str]:
    """The page's words in the language spoken."""
    return {key: _(english) for key, english in WORDS.items()}


__all__ = ["WORDS", "words"]
