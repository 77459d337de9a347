"""``preflog serve``: the club's score keeper and archive, a web server for the players' phones."""

from __future__ import annotations

import logging
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _, count, ngettext
from .exits import EXIT_ERRORS, EXIT_MISUSE, EXIT_OK
from ..model.limits import MAX_TEXT
from .inputs import reason
from .terminal import print_errors
from .lang import argument, command, option

if TYPE_CHECKING:
    from ..serve.archive import Archive

DEFAULT_DB = "preflog-club.sqlite"


@command(N_("""Keep the club's games on a local web server the players reach from their phones: the game list
    and its search, each game's pulka, settlement and deals, each deal's replay, and the scorer's page to
    record a pulka deal by deal (each deal checked by the engine before it is stored), watched live on
    the others' phones. The archive is one SQLite file, each game kept as its notation text.

    It listens on 127.0.0.1 unless told otherwise: --lan also listens on the local network and shows
    its address as a QR code. Writing needs the scorer's token, printed at the first start (or taken
    from PREFLOG_TOKEN). On the open internet, put a reverse proxy with TLS in front (docs/deploy.md).

    With --import, --alias, --export, --backup, --reindex or --new-token it does that to the archive and
    ends instead of serving. An import skips a game the archive already has (the same text, or the same
    players, date and sheet) and says so; --force keeps both. Players are one whatever the case and ё or
    е («Миша», «миша»), and --alias Миша=Михаил makes two names one. Exit 0; 1 if a file imported has
    errors (nothing of it is stored); 2 if the archive cannot be opened or the address cannot be listened on.

    \b
    Examples:
      preflog serve --lan
      preflog serve --db club.sqlite --import old/*.pref
      preflog serve --db club.sqlite --alias Миша=Михаил
      preflog serve --db club.sqlite --export all.pref
    """))
@argument("files", metavar=N_("[FILES]..."), nargs=-1, type=click.Path(dir_okay=False))
@option("--db", default=DEFAULT_DB, show_default=True, metavar=N_("FILE"), help=N_("The archive's SQLite file."))
@option("--host", metavar=N_("ADDRESS"), default="127.0.0.1", show_default=True, help=N_("The address to listen on."))
@option("--port", metavar=N_("PORT"), default=8000, show_default=True, type=click.IntRange(0, 65535), help=N_("The port to listen on."))
@option("--lan", is_flag=True, help=N_("Listen on the local network too, and show its address as a QR code."))
@option("--import", "do_import", is_flag=True, help=N_("Import FILES (.pref) into the archive and end."))
@option("--force", is_flag=True, help=N_("With --import: keep a game even when the archive already has it."))
@option("--alias", "aliases", multiple=True, metavar=N_("ALIAS=NAME"),
        help=N_("Take ALIAS for the player NAME in searches and statistics (ALIAS= forgets it), and end."))
@option("--export", "export", metavar=N_("FILE"), help=N_("Write every game of the archive to FILE (- for standard output) and end."))
@option("--backup", metavar=N_("FILE"), help=N_("Copy the archive to FILE, consistently even while it serves, and end."))
@option("--reindex", is_flag=True, help=N_("Derive the archive's index anew from the games' texts and end."))
@option("--new-token", is_flag=True, help=N_("Make a new scorer's token (every login ends) and print it."))
@option("--event", "events", multiple=True, metavar=N_("FILE"), type=click.Path(dir_okay=False, allow_dash=True),
        help=N_("Take in an event file (preflog event new or draw): the event is kept, a game is opened for each "
                "table of each tour drawn; and end."))
@option("--lesson-samples", metavar=N_("N"), type=click.IntRange(2, 10_000), default=50, show_default=True,
        help=N_("The layouts each card of a finished game is valued over for its lessons (Puzzles)."))
def serve(files: tuple[str, ...], db: str, host: str, port: int, lan: bool, do_import: bool, force: bool,
          aliases: tuple[str, ...], export: str | None, backup: str | None, reindex: bool, new_token: bool,
          events: tuple[str, ...], lesson_samples: int) -> None:
    try:
        from ..serve.archive import Archive, ArchiveError
    except ImportError as e:
        _fail(_("preflog serve needs its extra: pip install 'preflog[serve]' ({reason})").format(reason=e))
    if files and not do_import:
        _fail(_("FILES are imported with --import"))
    try:
        archive = Archive(db)
    except ArchiveError as e:
        _fail(str(e))
    except OSError as e:
        _fail(_("cannot open {path}: {reason}").format(path=db, reason=reason(e)))
    try:
        if do_import:
            sys.exit(_import(archive, files, force))
        if aliases:
            sys.exit(_aliases(archive, aliases))
        if events:
            sys.exit(_events(archive, events))
        if export is not None:
            sys.exit(_export(archive, export))
        if backup is not None:
            archive.backup(backup)
            click.echo(_("the archive is copied to {path}").format(path=backup))
            sys.exit(EXIT_OK)
        if reindex:
            done = archive.reindex()
            click.echo(count("{n} game indexed anew", "{n} games indexed anew", done))
            sys.exit(EXIT_OK)
        _serve(archive, db, "0.0.0.0" if lan and host == "127.0.0.1" else host, port, lan, new_token, lesson_samples)
    finally:
        archive.close()


def _fail(message: str) -> None:
    click.echo(_("error: {reason}").format(reason=message), err=True)
    sys.exit(EXIT_MISUSE)


def _aliases(archive: Archive, given: tuple[str, ...]) -> int:
    """Set or forget each ``ALIAS=NAME``, then say every alias the archive keeps."""
    from ..serve.archive import ArchiveError

    for pair in given:
        alias, sep, name = pair.partition("=")
        if not sep or not alias.strip():
            _fail(_("--alias takes ALIAS=NAME, e.g. --alias Миша=Михаил (ALIAS= forgets it): not {given!r}").format(
                given=pair))
        try:
            if name.strip():
                archive.set_alias(alias, name)
            elif not archive.drop_alias(alias):
                click.echo(_("{alias} is no alias").format(alias=alias.strip()), err=True)
        except ArchiveError as e:
            _fail(str(e))
    for alias, name in archive.alias_list():
        click.echo(f"{alias} = {name}")
    return EXIT_OK


def _events(archive: Archive, files: tuple[str, ...]) -> int:
    """Take in each event file: its event kept and its tables' games opened; say where each is."""
    from ..event.boards import BoardsError
    from ..event.plan import PlanError
    from ..notation.errors import NotationError
    from ..serve.archive import ArchiveError
    from ..serve.event_pages import keep_event
    from .inputs import read_text

    for name in files:
        try:
            ident = keep_event(archive, read_text(name, max_line=MAX_TEXT))  # JSON: a hand record is one line
        except (PlanError, BoardsError, NotationError) as e:
            _fail(f"{name}: {e}")
        except ArchiveError as e:
            _fail(str(e))
        games = archive.event_games(ident)
        click.echo(_("{path}: event {n}, /events/{n}; {games}").format(
            path=name, n=ident, games=count("{n} game of its tables", "{n} games of its tables", len(games))))
    return EXIT_OK


def _import(archive: Archive, files: tuple[str, ...], force: bool = False) -> int:
    from ..serve.games import decode

    if not files:
        _fail(_("--import needs the .pref files to import"))
    status = EXIT_OK
    for name in files:
        try:
            data = Path(name).read_bytes()
        except OSError as e:
            click.echo(_("error: cannot read {path}: {reason}").format(path=name, reason=reason(e)), err=True)
            status = max(status, EXIT_MISUSE)
            continue
        text = decode(data, name)
        if not isinstance(text, str):
            print_errors([text])
            status = max(status, EXIT_ERRORS)
            continue
        done = archive.import_text(text, name, force=force)
        if done.errors:
            print_errors(done.errors)
            click.echo(_("{path}: nothing imported").format(path=name), err=True)
            status = max(status, EXIT_ERRORS)
            continue
        ids, games = done.ids, done.games
        for game, kept in done.skipped:
            click.echo(_("{path}: {title} is already in the archive (id {id}): skipped; --force keeps both").format(
                path=name, title=game.indexed.title or ", ".join(game.indexed.players), id=kept))
        if not ids:
            continue
        deals = sum(g.indexed.deals for g in games)
        violations = sum(len(g.violations) for g in games)
        said = count("{n} game", "{n} games", len(ids)) + ", " + count("{n} deal", "{n} deals", deals)
        click.echo((_("{path}: imported {what} (ids {first}–{last})") if len(ids) > 1 else
                    _("{path}: imported {what} (id {first})")).format(path=name, what=said, first=ids[0], last=ids[-1]))
        if violations:
            click.echo(ngettext("{path}: {n} rule violation kept as played (preflog check shows it)",
                                "{path}: {n} rule violations kept as played (preflog check shows them)",
                                violations).format(path=name, n=violations), err=True)
    return status


def _export(archive: Archive, target: str) -> int:
    try:
        if target == "-":
            for piece in archive.export():
                sys.stdout.write(piece)
        else:
            with open(target, "w", encoding="utf-8", newline="") as out:
                for piece in archive.export():
                    out.write(piece)
    except OSError as e:
        _fail(_("cannot write {path}: {reason}").format(path=target, reason=reason(e)))
    left = archive.unexportable()
    if left:
        click.echo(count("{n} game without a deal is left out: a file of games cannot hold a tag block alone before "
                         "another game", "{n} games without a deal are left out: a file of games cannot hold a tag "
                         "block alone before another game", left), err=True)
    return EXIT_OK


def _lan_address() -> str:
    """This machine's address on the local network (the one a packet out would leave from)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, the route is only looked up
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def listening(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host``:``port`` (0: a free port), for uvicorn to serve on; ``OSError``
    if it cannot. Made as a TCP socket by name: asyncio turns Nagle's algorithm off on the connections of
    such a socket only, and an answer is sent in two writes (its head, its body): on a socket of protocol
    0, an answer waited up to 40 ms for the asker's ACK."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _serve(archive: Archive, db: str, host: str, port: int, lan: bool, new_token: bool, samples: int) -> None:
    try:
        import uvicorn

        from ..serve.access import TokenError, scorer_token
        from ..serve.app import create_app
        from ..serve.guard import Guarded, OncePerMinute, connection_limit
    except ImportError as e:
        _fail(_("preflog serve needs its extra: pip install 'preflog[serve]' ({reason})").format(reason=e))
    try:
        sock = listening(host, port)
    except OSError as e:
        _fail(_("cannot listen on {host}:{port}: {reason}").format(host=host, port=port, reason=reason(e)))
    sock.set_inheritable(True)
    port = sock.getsockname()[1]
    try:
        token = scorer_token(archive, renew=new_token)
    except TokenError as e:
        sock.close()
        _fail(str(e))
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    click.echo(_("preflog serves {address} (the archive {path}); Ctrl+C ends it").format(address=address,
                                                                                         path=os.path.abspath(db)))
    if token.made is not None:
        click.echo(_("the scorer's token: {token} (keep it: it is shown only now; --new-token makes another)").format(
            token=token.made))
    elif token.from_environment:
        click.echo(_("the scorer's token is PREFLOG_TOKEN's (a new PREFLOG_TOKEN ends every login)"))
    else:
        click.echo(_("the scorer's token is the one printed at the first start (--new-token makes another)"))
    if archive.read_only is not None:
        click.echo(_("the archive cannot be written ({reason}): it is served for reading only").format(
            reason=archive.read_only))
    if new_token and token.from_environment:
        click.echo(_("every login has ended; --new-token makes no token while PREFLOG_TOKEN is set: change "
                     "PREFLOG_TOKEN to change the token"))
    elif token.logins_ended:
        click.echo(_("every login has ended: the scorers log in again"))
    if lan:
        try:
            import segno
        except ImportError as e:
            _fail(_("preflog serve needs its extra: pip install 'preflog[serve]' ({reason})").format(reason=e))
        click.echo(_("phones on the same network: scan the code, or open {address}").format(address=address))
        segno.make(address, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    Guarded.limit = connection_limit()
    config = uvicorn.Config(create_app(archive, token.digest, lesson_samples=samples), log_level="warning", timeout_graceful_shutdown=2,
                            lifespan="on", access_log=False, proxy_headers=True, http=Guarded)
    logging.getLogger("uvicorn.error").addFilter(OncePerMinute())
    uvicorn.Server(config).run(sockets=[sock])
