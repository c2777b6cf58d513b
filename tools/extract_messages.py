"""Extract the window's strings into ``starparty.pot`` and update the Japanese ``.po``.

``python tools/extract_messages.py`` scans ``game/`` for ``_()``, ``N_()`` and ``ngettext()``
(Babel's Python extractor), adds the names and texts the window shows straight from plain data
(``data_messages``: game titles, bot level labels, every game's refused-move sentences, and
what each registered game's ``GamePlugin.messages`` gives: crews, solo ranks, boards...; each
with a ``data:`` comment naming where it comes from, so a changed crew text only needs this
script run again and its new ``msgstr`` filled in), writes
``game/client/locale/starparty.pot`` and merges it into every
``game/client/locale/<lang>/LC_MESSAGES/starparty.po``: new msgids arrive with an empty msgstr
for a translator, translations of msgids that left the source are dropped, the rest are kept.
Then each ``.po`` is compiled to the ``.mo`` beside it, which is what the window reads (run the
script again after translating).
``tests/client/test_i18n.py`` fails while the template is stale or a translation is missing.
"""

from __future__ import annotations

import importlib
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))
LOCALE_DIR = ROOT / "game" / "client" / "locale"
TEMPLATE = LOCALE_DIR / "starparty.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TRANSLATED = ("ja",)  # the languages with a catalog besides English, the source language
HEADER = "Star Party: the window's strings (English source; see game/client/i18n.py)"
#: a fixed date in the headers, so that extracting twice changes nothing
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def extract() -> Catalog:
    """Every marked string of ``game/``, in source order, with where it comes from."""
    catalog = Catalog(project="starparty", version="", header_comment=f"# {HEADER}",
                      fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      msgid_bugs_address="", last_translator="", language_team="")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "game"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"game/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for message, where in data_messages():
        if message not in catalog:
            catalog.add(message, None, auto_comments=[f"data: {where}"])
    return catalog


def data_messages() -> list[tuple[str, str]]:
    """(msgid, where) for strings that live in data, not in calls: the client shows them
    through ``_()`` (``_(kit.title)``, ``_(crew["name"])``...)."""
    from game.ai import BOT_STAR_NAMES, LEVEL_NOTES
    from game.client.kits import get_kit, playable_games
    from game.registry import games, load_target
    from game.rules import RULESETS

    found = [(get_kit(game).title, f"kit {game}: title") for game in playable_games()]
    found += [(note, f"bot level {level}") for level, note in LEVEL_NOTES.items()]
    found += [(star, "a bot's name (a star's)") for star in BOT_STAR_NAMES]
    for game, target in RULESETS.items():  # the sentences a refused move is shown with
        reasons = getattr(importlib.import_module(target.partition(":")[0]), "REASON_TEXT", {})
        found += [(text, f"{game} reason {code}") for code, text in reasons.items()]
    for plugin in games().values():  # each game's own data: crews, boards, solo ranks...
        if plugin.messages:
            found += load_target(plugin.messages)()
    return found


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        # sorted, without source lines: marking a string adds one entry and moving code
        # changes nothing, so parallel branches rarely touch the same lines
        write_po(out, catalog, width=100, no_location=True, sort_output=True,
                 ignore_obsolete=True, include_previous=False)


def update(template: Catalog) -> list[Path]:
    """Write the template and merge it into each language's catalog; the files written."""
    write_catalog(template, TEMPLATE)
    written = [TEMPLATE]
    for code in TRANSLATED:
        po_path = LOCALE_DIR / code / "LC_MESSAGES" / "starparty.po"
        if po_path.exists():
            with po_path.open("rb") as po:
                catalog = read_po(po, locale=code)
        else:
            catalog = Catalog(locale=code, project="starparty", version="",
                              header_comment=f"# {HEADER}", fuzzy=False,
                              creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                              msgid_bugs_address="", last_translator="", language_team="")
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.revision_date = FIXED_DATE
        write_catalog(catalog, po_path)
        written.append(po_path)
        written.append(compile_catalog(po_path))
    return written


def compile_catalog(po_path: Path) -> Path:
    """Write the ``.mo`` the window reads beside ``po_path`` (fuzzy entries left out)."""
    with po_path.open("rb") as po:
        catalog = read_po(po)
    mo_path = po_path.with_suffix(".mo")
    with mo_path.open("wb") as out:
        write_mo(out, catalog, use_fuzzy=False)
    return mo_path


def main() -> int:
    for path in update(extract()):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
