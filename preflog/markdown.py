"""Deal diagrams in Markdown: a Python-Markdown extension (``markdown_extensions: [preflog.markdown]`` in
MkDocs, ``markdown.markdown(text, extensions=["preflog.markdown"])`` anywhere) that draws each fenced
block ```` ```pref ```` as a deal diagram, inline SVG in a ``<figure>`` (:mod:`preflog.present.diagram`).

The block holds a game in the notation (its ``[Players …]`` tag, or ``players=`` in the fence), or is
empty and names a file with ``file=``; the fence's options say what to draw::

    ```pref deal=1 after=3 hide=Vera caption="Вистующим нужна четвёртая взятка"
    [Players "Anna Boris Vera"]
    deal 1 dealer Anna
    hands …
    ```

``deal=N`` (default: the first deal of the game), ``game=K`` (with ``file=``: the game of the file,
from 1), ``after=K`` (after K tricks; 0: as play begins) or ``before=CARD``, ``hide=NAME`` (repeated, or
names with commas; ``talon`` hides the talon), ``caption="…"``, ``lang=ru|en``, ``players=A,B,C``,
``rules=PRESET``. The language is, failing ``lang=``, the page's under MkDocs (``x.ru.md`` is Russian),
else the extension's ``lang`` setting, else the language spoken.

A block that cannot be drawn — a deal that breaks a rule, a deal or a trick that is not there, a file
that cannot be read or lies outside the folder the extension reads from — raises
:class:`PrefBlockError` with the page's file and line (and the game file's line of the violation), so
the build stops: ``mkdocs build`` fails on it, strict or not. ``file=`` is read from the page's folder,
and only from inside the extension's ``base`` (under MkDocs, the docs folder).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from .i18n import N_, _, using_language

#: A fence's opening line: its indent (three spaces at most: a line indented four is code, as
#: CommonMark has it), its backticks or tildes, its language and the rest.
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w.+-]*)(?P<rest>.*)$")
OPTIONS = ("deal", "game", "after", "before", "hide", "caption", "lang", "players", "rules", "file")
#: The most a block or its file may hold: a diagram is one deal, and a file one pulka or a few.
MAX_TEXT = 1_000_000


class PrefBlockError(ValueError):
    """A ```` ```pref ```` block that cannot be drawn; the message says where (the page's file and line)
    and why."""


class PrefExtension(Extension):
    """The extension: ```` ```pref ```` blocks become deal diagrams."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "base": [".", N_("The folder file= is read from, and nothing outside it (MkDocs: the docs folder).")],
            "lang": ["", N_("The diagrams' language when the block and the page do not say (ru, en).")],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        # after the whitespace is normalised (30: it would strip the stash's marks), before fences are read (25)
        md.preprocessors.register(PrefBlocks(md, self), "preflog_pref", 29)


class PrefBlocks(Preprocessor):
    """Finds the ```` ```pref ```` blocks (other fences are passed over whole, what they hold included)
    and puts each block's diagram in the HTML stash."""

    def __init__(self, md: Markdown, extension: PrefExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            opening = _FENCE.match(lines[i])
            if opening is None:
                out.append(lines[i])
                i += 1
                continue
            end = _closing(lines, i, opening)
            if opening["lang"] != "pref":
                out.extend(lines[i:end + 1])
                i = end + 1
                continue
            body = [line[len(opening["indent"]):] if line.startswith(opening["indent"]) else line.lstrip()
                    for line in lines[i + 1:end]]
            html = self.block(opening["rest"], "\n".join(body) + "\n", i + 1)
            out.extend(["", opening["indent"] + self.md.htmlStash.store(html), ""])
            i = end + 1
        return out

    def block(self, options_text: str, body: str, line: int) -> str:
        """One block's figure (``line``: its fence's line on the page)."""
        page, base, folder, page_lang = self._page()
        where = f"{page}:{line}"
        try:
            options = _options(options_text, where)
            lang = options.get("lang") or page_lang or str(self.extension.getConfig("lang") or "") or None
            with using_language(lang):
                return _figure(options, body, where, base, folder, lang)
        except PrefBlockError as error:
            if page_lang is None and page == "<markdown>":
                raise
            raise _build_error(str(error)) from None

    def _page(self) -> tuple[str, Path, Path, str | None]:
        """The page's name, the folder ``file=`` may read from, the page's own folder and its language:
        MkDocs's page where MkDocs converts it (its path tree processor knows the page), else the
        extension's ``base``."""
        base = Path(str(self.extension.getConfig("base") or ".")).resolve()
        known = self.md.treeprocessors["relpath"] if "relpath" in self.md.treeprocessors else None
        file = getattr(known, "file", None)
        config = getattr(known, "config", None)
        src = getattr(file, "src_uri", None)
        if isinstance(src, str) and config is not None:
            docs = Path(str(config["docs_dir"])).resolve()
            language = "ru" if src.endswith(".ru.md") else "en" if src.endswith(".en.md") else None
            return src, docs, (docs / src).parent, language
        return "<markdown>", base, base, None


def _build_error(message: str) -> PrefBlockError:
    """The error as MkDocs stops a build on: a :class:`PrefBlockError` that is also MkDocs's
    ``PluginError``, which it says as a message (``mkdocs build`` prints it and exits 1, no traceback)."""
    from mkdocs.exceptions import PluginError

    class MkDocsPrefBlockError(PluginError, PrefBlockError):  # PluginError first: its message
        """A pref block's error, said by MkDocs."""

    return MkDocsPrefBlockError(message)


def _closing(lines: list[str], start: int, opening: re.Match[str]) -> int:
    """The line that closes the fence opened at ``start`` (the last line when none does)."""
    fence = opening["fence"]
    for j in range(start + 1, len(lines)):
        stripped = lines[j].strip()
        if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
            return j
    return len(lines) - 1


def _options(text: str, where: str) -> dict[str, str]:
    """The fence's ``name=value`` options (a value quoted as in a shell); ``hide`` gathers its names."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise PrefBlockError(_said(where, _("the options cannot be read: {reason}").format(reason=exc))) from None
    found: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or name not in OPTIONS:
            raise PrefBlockError(_said(where, _("{option!r} is not an option of a pref block ({options})").format(
                option=word, options=", ".join(f"{o}=" for o in OPTIONS))))
        found[name] = f"{found[name]},{value}" if name == "hide" and name in found else value
    return found


def _figure(options: dict[str, str], body: str, where: str, base: Path, folder: Path, lang: str | None) -> str:
    """The block's diagram as HTML, or :class:`PrefBlockError`. A block's text is read as the page's
    lines it stands on, so that every error says the page's line."""
    from .checker import violation_error
    from .notation.read import read_games
    from .present.diagram import Refusal, Why, diagram
    from .present.diagram.told import refusal

    source = options.get("file")
    page, line = where.rsplit(":", 1)
    if source:
        text, shown = _read(source, base, folder, where), source
    else:
        shown = page
        head = "\n" * int(line)  # the fence and the lines above it, blank
        if "players" in options and not re.search(r"^\s*\[Players ", body, re.M):
            head = head[:-1] + '[Players "{}"]\n'.format(" ".join(options["players"].split(",")))
        text = head + body
    games = list(read_games(text, shown))
    for parsed in games:
        if parsed.errors:
            raise PrefBlockError(_in_block(parsed.errors[0].format(), source, where))
    number = _number(options, "game", where, 1)
    if number > len(games):
        raise PrefBlockError(_said(where, refusal(Refusal(Why.NO_GAME, (("asked", number), ("games", len(games)))))))
    found = games[number - 1]
    if not found.game.deals:
        raise PrefBlockError(_said(where, _("the block holds no deal")))
    deal = _number(options, "deal", where, found.game.deals[0].number or 1)
    after = _number(options, "after", where, None)
    hide = [name for name in options.get("hide", "").split(",") if name]
    try:
        drawn = diagram(found.game, deal, after_trick=after, before_card=options.get("before"), hide=hide,
                        caption=options.get("caption"), lang=lang, rules=options.get("rules"))
    except Refusal as refused:
        if refused.why is Why.BROKEN and refused.violations:
            said = violation_error(refused.violations[0], shown, found.pieces).format()
            raise PrefBlockError(_in_block(said, source, where)) from None
        raise PrefBlockError(_said(where, refusal(refused))) from None
    except ValueError as exc:  # a card that is no card, a convention that is none
        raise PrefBlockError(_said(where, str(exc))) from None
    return drawn.html()


def _said(where: str, reason: str) -> str:
    """``PAGE:LINE: error: REASON``."""
    return f"{where}: {_('error:')} {reason}"


def _in_block(said: str, source: str | None, where: str) -> str:
    """An error in a game file, with the block that read it."""
    if not source:
        return said
    block = _("in the pref block at {where}").format(where=where)
    return f"{said}\n    ({block})"


def _number(options: dict[str, str], name: str, where: str, default: int | None) -> Any:
    value = options.get(name)
    if value is None:
        return default
    if not value.isdigit() or int(value) > 10_000:
        raise PrefBlockError(_said(where, _("{option}= takes a number, not {value!r}").format(option=name, value=value)))
    return int(value)


def _read(source: str, base: Path, folder: Path, where: str) -> str:
    """The text of ``file=``, read from the page's folder and only from inside ``base``."""
    path = (folder / source).resolve()
    if not path.is_relative_to(base):
        raise PrefBlockError(_said(where, _("{file} is outside {base}, the folder pref blocks read from").format(
            file=source, base=base)))
    try:
        with path.open(encoding="utf-8") as fp:
            text = fp.read(MAX_TEXT + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise PrefBlockError(_said(where, _("cannot read {file}: {reason}").format(
            file=source, reason=getattr(exc, "strerror", None) or exc))) from None
    if len(text) > MAX_TEXT:
        raise PrefBlockError(_said(where, _("{file} is longer than a pref block reads").format(file=source)))
    return text


def makeExtension(**kwargs: Any) -> PrefExtension:  # noqa: N802 - the name Python-Markdown looks for
    return PrefExtension(**kwargs)



__all__ = ["PrefBlockError", "PrefBlocks", "PrefExtension", "makeExtension"]
