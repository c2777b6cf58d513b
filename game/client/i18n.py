"""The window's language: gettext catalogs (English source strings, Japanese ``.po``).

Every string the window shows is an English msgid looked up in the *current* language at the
moment it is shown, so switching language live needs no restart:

- ``_("Back")`` translates now. Call it where text is drawn (``draw``) or where a scene builds
  its labels in ``relayout``; ``Stage.set_language`` clears the text cache and calls every
  scene's ``relayout``, so both kinds follow a switch.
- ``N_("Back")`` marks a string for extraction but returns a ``Msg``: a ``str`` equal to its
  English msgid that remembers to be translated when shown. Widgets, headings, footers,
  dialogs and toasts pass what they are given through ``tr()``, so a ``Button(N_("Back"))``
  built once in ``__init__`` shows the current language every frame, and tests still find it
  by its English label. ``N_("Join {host}", host=name)`` formats after translating (and
  equals the formatted English text).
- ``ngettext(singular, plural, n)`` picks the plural form the catalog's ``Plural-Forms`` says
  (Japanese has one form); format the number in yourself: ``ngettext(...).format(n=n)``.
- ``Lazy(lambda: ...)`` is a label worked out when shown (values, plurals) for a widget built
  once: ``Button(Lazy(lambda: ngettext(...).format(n=n)), ...)``.

Catalogs are the ``.po`` files under ``game/client/locale/<lang>/LC_MESSAGES/starparty.po``
(source, edited by people). ``tools/extract_messages.py`` (Babel, a tool of the test extra)
extracts the template ``starparty.pot``, merges it into each ``.po`` and compiles each ``.po``
to the ``.mo`` beside it; the window reads the ``.mo`` with the standard library's ``gettext``
alone, so a player's install needs no catalog tooling. Tests check that the template is up to
date, that every msgid has a Japanese translation with the same placeholders, and that each
``.mo`` says exactly what its ``.po`` says.

Japanese rules pages are data too: ``locale/ja/rules/<game>.json``, a list of
``[heading, paragraph]`` pairs, loaded by ``rules_page(game, english)``.
"""

from __future__ import annotations

import contextlib
import gettext
import json
import locale
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "starparty"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: language code -> its own name (what the Settings choice shows, never translated)
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
#: languages whose whole text the window draws in its CJK font, Latin and digits too
#: (``TextCache.fallback_first``)
FALLBACK_FIRST = frozenset({"ja"})
SOURCE_LANGUAGE = "en"
#: the locale names Windows gives ("Japanese_Japan.932", "English_United States.1252") -> code
LOCALE_NAMES: dict[str, str] = {"japanese": "ja", "english": "en"}
#: language code -> its word for "language" (the first start's choice names itself in every
#: language: a player who does not read the one the window starts in must find it)
LANGUAGE_WORD: dict[str, str] = {"en": "Language", "ja": "言語"}

#: what a language's sentences put after a person's name ("{name}さんが…"): a name that is
#: no person's (the review's hard bot) goes without it
HONORIFICS: dict[str, str] = {"ja": "さん"}
#: what follows a sentence's subject ("{name}さんが…"), where a list of steps by one person
#: says the subject once: 「あなたが技師を選ぶ ／ 調査：…」 (the review)
SUBJECT_PARTICLES: dict[str, str] = {"ja": "が"}

#: after a seat's name in a sentence: a bot plays for that seat now (``stand_in_name``); the
#: words are settled once the sentence is made, where the language honours the name first
STAND_IN_MARK = "\ue0a1"

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


class Msg(str):
    """An English msgid to translate when it is shown (see ``N_`` and ``tr``). As a ``str`` it
    is the English text, formatted: ``N_("Join {host}", host="Ann")`` equals "Join Ann"."""

    msgid: str
    kwargs: dict[str, Any]

    def __new__(cls, msgid: str, **kwargs: Any) -> Msg:
        msg = super().__new__(cls, msgid.format(**kwargs) if kwargs else msgid)
        msg.msgid = msgid
        msg.kwargs = kwargs
        return msg


class Lazy(str):
    """Text worked out when it is shown, by ``make`` (which calls ``_``/``ngettext``): for a
    label built once whose wording depends on values ("2/4 seats  ·  playing", plurals). It is
    a ``str`` equal to the English text, so tests find it by its English words."""

    make: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> Lazy:
        global _current
        current, _current = _current, gettext.NullTranslations()
        try:
            english = settle_stand_ins(make())
        finally:
            _current = current
        text = super().__new__(cls, english)
        text.make = make
        return text


def _(msgid: str) -> str:
    """``msgid`` in the current language."""
    return _current.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The plural form of the current language for ``n``."""
    return _current.ngettext(singular, plural, n)


def N_(msgid: str, **kwargs: Any) -> Msg:  # noqa: N802 - the gettext convention
    """Mark ``msgid`` for extraction; it is translated (and formatted) when shown."""
    return Msg(msgid, **kwargs)


def tr(text: str) -> str:
    """What to show for ``text``: a ``Msg`` translated (and formatted) now, any other string
    (a player's name, text already translated) as it is."""
    if isinstance(text, Lazy):
        return settle_stand_ins(text.make())
    if isinstance(text, Msg):
        translated = _current.gettext(text.msgid)
        if not text.kwargs:
            return translated
        # a value may be a message itself ("{level}" of a bot): shown translated too
        return translated.format(**{key: tr(value) if isinstance(value, Msg) else value
                                    for key, value in text.kwargs.items()})
    return text


def person(name: str) -> str:
    """``name`` as a list of people names each in the current language: 「星野さん、月子さん」
    (a list joined by ``_(", ")`` had no sentence around each name to honour it: 「星野を待って
    います」, a Japanese playtest)."""
    return name + HONORIFICS.get(_language, "")


def progress_dots(clock: float) -> str:
    """One, two, three dots going round, three times a second: someone is at it now (in
    the language's own dots: Japanese read ".." as a typo)."""
    # TRANSLATORS: three dots that appear one by one after "X is thinking"
    return _("...")[:1 + int(clock * 3) % 3]


def stand_in_name(name: str) -> str:
    """``name`` for a seat a bot plays for now, to format into a ``Lazy`` sentence: it reads
    "Aiko (AI) drew the card", and in Japanese 「Aikoさん（AI）が」 where the sentence's own
    honorific follows the name (not 「Aiko（AI）さんが」: the honorific is Aiko's, not the
    bot's)."""
    return name + STAND_IN_MARK


def settle_stand_ins(text: str) -> str:
    """``text`` with each ``stand_in_name`` mark in words of the current language."""
    if STAND_IN_MARK not in text:
        return text
    suffix = _("{name} (AI)").format(name="")
    honorific = HONORIFICS.get(_language, "")
    if honorific:
        text = text.replace(STAND_IN_MARK + honorific, honorific + suffix)
    return text.replace(STAND_IN_MARK, suffix)


def language() -> str:
    """The code of the current language (``"en"``, ``"ja"``)."""
    return _language


def set_language(code: str) -> str:
    """Make ``code`` the current language (an unknown code means English); the code used."""
    global _current, _language
    code = code if code in LANGUAGES else SOURCE_LANGUAGE
    _current = translations(code)
    _language = code
    return code


def system_language() -> str:
    """The supported language the system locale asks for (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, then the C library's locale, which Windows names in words:
    "Japanese_Japan"), else English."""
    candidates = [os.environ.get(name, "") for name in
                  ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unparsable locale name
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):  # LANGUAGE may list several: "ja:en"
            code = part.split("_")[0].split(".")[0].lower()
            code = LOCALE_NAMES.get(code, code)
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def resolve(setting: str) -> str:
    """The language for a settings value: ``"en"``/``"ja"`` as chosen, anything else (empty:
    never chosen) from the system locale."""
    return setting if setting in LANGUAGES else system_language()


def catalog_path(code: str, suffix: str = ".po") -> Path:
    """The catalog of ``code``: the ``.po`` people edit, or (``suffix=".mo"``) its compiled
    form the window reads."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English, the source language, needs none)."""
    path = catalog_path(code, ".mo")
    if code == SOURCE_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as mo:
        return gettext.GNUTranslations(mo)


def rules_page(game: str, english: list[tuple[str, str]] | Any) -> list[tuple[str, str]]:
    """A game's rules page in the current language: the translated data file
    ``locale/<lang>/rules/<game>.json`` when there is one, else the kit's English page."""
    path = LOCALE_DIR / _language / "rules" / f"{game}.json"
    if _language != SOURCE_LANGUAGE and path.exists():
        return _load_rules(path)
    return [tuple(pair) for pair in english]  # type: ignore[misc]


@cache
def _load_rules(path: Path) -> list[tuple[str, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(str(heading), str(body)) for heading, body in data]
