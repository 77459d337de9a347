"""click's own words, which it says through the standard gettext (``Usage:``, ``No such option``):
marked here so that they are in preflog's catalog and said in the language chosen (cli/lang.py).
Nothing imports this module; the catalog's extraction reads it."""

from __future__ import annotations

from ..i18n import N_

WORDS = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"), N_("Aborted!"),
    N_("Error: {message}"), N_("Try '{command} {option}' for help."), N_("Missing command."),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"), N_("No such option {name!r}."), N_("No such command {name!r}."),
    N_("unknown error"), N_("Could not open file {filename!r}: {message}"),
    N_("Option {name!r} does not take a value."), N_("Argument {name!r} takes {nargs} values."),
    N_("Show the version and exit."), N_("Show this message and exit."), N_("%(prog)s, version %(version)s"),
    N_("default: {default}"), N_("required"), N_("env var: {var}"), N_("(dynamic)"), N_("deprecated"),
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"), N_("Choose from:\n\t{choices}"),
    N_("file"), N_("directory"), N_("path"), N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."), N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."), N_("{name} {filename!r} is not writable."),
    N_("Press any key to continue..."), N_("Error: invalid input"),
)


def _plurals() -> None:
    """The words with a number, as the extraction finds them (never called)."""
    from ..i18n import ngettext

    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
