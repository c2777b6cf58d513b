"""Star Party in English and Japanese: catalogs complete and current, live switching, the
Japanese rules pages, the CJK fallback font and line breaking without spaces."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.client import i18n, theme
from game.client.i18n import N_, _, ngettext, tr
from game.client.kits import FIGURE_HEADING
from game.client.layout import NO_LINE_END, NO_LINE_START, TextCache
from game.client.scenes.settings_scene import SettingsScene
from game.client.settings import Settings
from game.rules.stargazer import content
from game.rules.stars import data
from tests.games import PROJECT_GAMES
from tools import extract_messages

TEMPLATE = extract_messages.TEMPLATE
JA_CATALOG = i18n.catalog_path("ja")


def _catalog(path: Path):  # noqa: ANN202
    with path.open("rb") as po:
        return read_po(po, locale="ja" if path == JA_CATALOG else None)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# --- catalogs ------------------------------------------------------------------------------

def test_the_template_is_up_to_date_with_the_source() -> None:
    """Every marked string (and data name) is in starparty.pot, and nothing else: run
    ``python tools/extract_messages.py`` after marking strings."""
    extracted = {message.id for message in extract_messages.extract() if message.id}
    template = {message.id for message in _catalog(TEMPLATE) if message.id}
    assert extracted - template == set(), "new strings: run tools/extract_messages.py"
    assert template - extracted == set(), "strings gone from the source: run the extractor"


def test_every_string_has_a_japanese_translation_with_the_same_placeholders() -> None:
    template = {message.id for message in _catalog(TEMPLATE) if message.id}
    japanese = {message.id: message for message in _catalog(JA_CATALOG) if message.id}
    assert template - set(japanese) == set(), "msgids missing from ja/starparty.po"
    for msgid in sorted(template, key=str):
        message = japanese[msgid]
        assert not message.fuzzy, f"fuzzy translation of {msgid!r}"
        singulars = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for translated in strings:
            assert translated.strip(), f"no Japanese for {msgid!r}"
            assert translated not in singulars, f"{msgid!r} is left in English"
            assert _placeholders(translated) == _placeholders(singulars[-1]), msgid


def test_one_word_for_skipping_a_card_or_a_bonus() -> None:
    """A player saw "Y：パス" in the controls and "Y：スキップ" in the footer beside it (a
    playtest): passing a card or a power bonus is パス everywhere."""
    for message in _catalog(JA_CATALOG):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any("スキップ" in text for text in strings), message.id


def _japanese_texts() -> list[str]:
    """Every Japanese msgstr and every text of both Japanese rules pages."""
    texts = []
    for message in _catalog(JA_CATALOG):
        if message.id:
            texts += message.string if isinstance(message.string, tuple) else [message.string]
    for game in PROJECT_GAMES:
        texts += [text for pair in json.loads((i18n.LOCALE_DIR / "ja" / "rules"
                                               / f"{game}.json").read_text("utf-8"))
                  for text in pair]
    return texts


def test_one_colon_in_japanese() -> None:
    """The catalog wrote 「Esc: 戻る」 beside 「B：退出」 and 「ヒント: …」 beside 「例：…」 (a
    Japanese player's playtest): a label's colon is the full-width 「：」 with no space, in
    the catalog and on the rules pages; only "host:port" and format specs keep ":"."""
    texts = _japanese_texts()
    assert len(texts) > 900
    assert not [text for text in texts if ": " in text or "： " in text]
    assert sum("：" in text for text in texts) > 250


def test_one_word_for_the_bots_in_japanese() -> None:
    """The setup said 「AIの対戦相手」 beside 「ボット（ふつう…）」, the results 「Altair（AI）」
    beside 「ふつうボット」, one rules page 「強い AI」 and the other 「ハードのボット」 (a
    Japanese player's playtest): AI everywhere, written against its Japanese neighbours."""
    texts = _japanese_texts()
    assert not [text for text in texts if "ボット" in text]
    assert not [text for text in texts if re.search(r"[ぁ-んァ-ヶ一-龯] AI|AI [ぁ-んァ-ヶ一-龯]",
                                                    text)]
    assert sum("AI" in text for text in texts) > 30


def test_japanese_numbers_stand_against_their_counters() -> None:
    """「キューブ 2 個で調査」「{n} 手」 read oddly (a Japanese player's playtest): a number
    and its counter (個, 手, 回, 本...) stand without a space between them."""
    texts = _japanese_texts()
    assert not [text for text in texts
                if re.search(r"(\}|[0-9]) (個|手|回|枚|本|体|人|段|列|位|点|秒|件|日|番)", text)]


def test_a_key_and_what_it_does_are_parted_by_a_colon_in_japanese() -> None:
    """The party lobby's footer read 「…：開始  ·  Esc 戻る」, the help 「S パス」 beside
    「Tab：ほかのボード」: a key and what it does are parted by 「：」 (a particle, 「Enter で」,
    and 「R キー」 stay as they are)."""
    key_then_action = re.compile(r"(?<![A-Za-z])(Esc|Enter|F11|Tab|Space|Return|Backspace|"
                                 r"Delete|[A-Z]) (?!キー)[ァ-ヶ一-龯]")
    assert not [text for text in _japanese_texts() if key_then_action.search(text)]


def test_the_compiled_catalog_says_exactly_what_the_po_says() -> None:
    """The window reads the ``.mo``; it must be the ``.po`` compiled (run the extractor)."""
    import gettext

    with i18n.catalog_path("ja", ".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    po = _catalog(JA_CATALOG)
    for message in po:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n, form in enumerate(message.string):
                assert compiled.ngettext(*message.id, n + 1 if n else 1) == form or \
                    compiled.ngettext(*message.id, 1) == message.string[0], message.id
        else:
            assert compiled.gettext(message.id) == message.string, message.id
    assert len(compiled._catalog) - 1 == sum(1 for m in po if m.id), \
        "the .mo holds messages the .po does not: run tools/extract_messages.py"


def test_japanese_strings_are_looked_up_when_shown() -> None:
    back = N_("Back")
    assert back == "Back" and tr(back) == "Back" and _("Settings") == "Settings"
    i18n.set_language("ja")
    assert i18n.language() == "ja"
    assert tr(back) == "戻る" and _("Settings") == "設定"
    assert tr(N_("Could not save settings: {error}", error="disk full")) == \
        "設定を保存できませんでした：disk full"
    assert tr("Back") == "Back", "plain text (a player's name) is never translated"
    assert i18n.translations("ja").plural(5) == 0, "Japanese has one plural form"
    assert ngettext("{n} point", "{n} points", 2) == "{n}点"
    assert ngettext("{n} comet", "{n} comets", 2) == "{n} comets"  # unknown: English forms
    i18n.set_language("en")
    assert tr(back) == "Back"
    assert ngettext("{n} point", "{n} points", 1) == "{n} point"


def test_an_unknown_language_means_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert _("Settings") == "Settings"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANGUAGE": "ja:en", "LANG": "en_GB.UTF-8"}, "ja"),
    ({"LANGUAGE": "", "LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}, "en"),
])
def test_the_default_language_follows_the_system_locale(monkeypatch, env, expected) -> None:  # noqa: ANN001
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected
    assert i18n.resolve("") == expected
    assert i18n.resolve("en") == "en" and i18n.resolve("ja") == "ja"


def test_the_language_setting_is_remembered_and_checked(config_dir) -> None:  # noqa: ANN001
    Settings(player_name="Ann", language="ja").save()
    assert Settings.load().language == "ja"
    (config_dir / "settings.json").write_text('{"language": "klingon"}')
    assert Settings.load().language == ""


# --- switching live ------------------------------------------------------------------------

class Recorder:
    """The strings a TextCache renders, to see what a frame shows."""

    def __init__(self, cache: TextCache, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[str] = []
        original = cache.render

        def render(text: str, *args, **kwargs) -> pygame.Surface:  # noqa: ANN002, ANN003
            self.shown.append(text)
            return original(text, *args, **kwargs)

        monkeypatch.setattr(cache, "render", render)


def test_settings_switch_the_language_live_and_remember_it(drive, config_dir,  # noqa: ANN001
                                                          monkeypatch) -> None:  # noqa: ANN001
    recorder = Recorder(drive.app.text, monkeypatch)
    drive.click(drive.scene.button("Settings").rect.center)
    scene = drive.scene
    assert isinstance(scene, SettingsScene)
    drive.step()
    assert "Settings" in recorder.shown and "Back" in recorder.shown
    assert "English" in recorder.shown, "the language row names the current language"
    # the row's name is in every language: a player who switched to one they do not read
    # finds the way back (it said only "Language": a Japanese playtest)
    assert "Language / 言語" in recorder.shown
    drive.click(scene.language.rect.move(-scene.language.rect.w // 4, 0).center)
    assert drive.app.settings.language == "ja" and i18n.language() == "ja"
    recorder.shown.clear()
    drive.step()
    for japanese in ("設定", "戻る", "Language / 言語", "日本語", "音量", "1倍"):
        assert japanese in recorder.shown, japanese
    assert "Settings" not in recorder.shown and "Back" not in recorder.shown
    assert Settings.load().language == "ja", "the choice is saved"
    drive.key(pygame.K_ESCAPE)  # back to the menu, still in Japanese, no restart
    assert i18n.language() == "ja"
    scene = drive.scene
    drive.click(scene.button("Settings").rect.center)
    drive.click(drive.scene.language.rect.move(-drive.scene.language.rect.w // 4, 0).center)
    assert i18n.language() == "en"
    recorder.shown.clear()
    drive.step()
    assert "Settings" in recorder.shown and "設定" not in recorder.shown


def test_a_switch_rebuilds_text_a_scene_laid_out_before_it(drive) -> None:  # noqa: ANN001
    """The rules page wraps its paragraphs in ``relayout``: a switch reaches it anyway."""
    from game.client.scenes.rules import RulesScene

    drive.click(drive.scene.button("Rules").rect.center)
    scene = drive.scene
    assert isinstance(scene, RulesScene)
    assert ("heading", "The night") in scene.lines
    drive.app.set_language("ja")
    assert ("heading", "夜空") in scene.lines and ("heading", "The night") not in scene.lines
    drive.app.set_language("en")
    assert ("heading", "The night") in scene.lines


def test_a_new_window_starts_in_the_saved_language(config_dir) -> None:  # noqa: ANN001
    from game.client.app import App
    from game.client.loop import ManualClock

    app = App((800, 600), settings=Settings(player_name="Ann", language="ja"),
              clock=ManualClock(), start="menu", save_settings=False)
    try:
        assert i18n.language() == "ja"
        app.push(SettingsScene(app))
        assert tr(app.scene.form.widgets[-1].label) == "戻る"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_settings_title_and_dialog_text_stays_in_its_box(size, language,  # noqa: ANN001
                                                        config_dir) -> None:  # noqa: ANN001
    """Every label of the settings rows, the quit question's buttons and the headings fit."""
    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.scenes.dialog import ConfirmDialog
    from game.client.scenes.title import games_line

    app = App(size, settings=Settings(player_name="Ann", language=language),
              clock=ManualClock(), start="title", save_settings=False)
    try:
        lay, text = app.layout, app.text
        for line in (_("Press any key or button, or click"), games_line()):
            assert text.size(line, lay.font_px("large"))[0] <= lay.width
        scene = SettingsScene(app)
        app.push(scene)
        for widget in scene.form.widgets:
            label = tr(widget.label)
            width = text.size(label, lay.font_px("body"))[0]
            assert width <= widget.rect.w * 0.48, (label, width, widget.rect.w)
            for _value, shown in getattr(widget, "values", []):
                assert text.size(tr(shown), lay.font_px("body"), bold=True)[0] <= \
                    widget.rect.w * 0.38, shown
        footer = tr(N_("Up/Down choose  ·  Left/Right change  ·  Esc back"))
        assert text.size(footer, lay.font_px("small"))[0] <= lay.width
        assert scene.form.widgets[-1].rect.bottom <= lay.height
        app.request_quit()  # no game: quits at once; ask the question directly instead
        dialog = ConfirmDialog(app, N_("Quit Star Party? The game is saved: 'Continue' "
                                       "brings it back."), app.quit, yes=N_("Quit"),
                               no=N_("Keep playing"))
        app.push(dialog)
        for button in dialog.form.widgets:
            assert text.size(tr(button.label), lay.font_px("large"))[0] < button.rect.w
        lines = text.wrap(tr(dialog.question), lay.font_px("large"),
                          dialog.panel.w - lay.px(40))
        assert all(text.size(line, lay.font_px("large"))[0] <= dialog.panel.w for line in lines)
        line_height = text.size("Ag星", lay.font_px("large"))[1] + lay.px(4)
        assert lay.px(40) + len(lines) * line_height <= dialog.panel.h - lay.px(28 + 54)
    finally:
        pygame.quit()


# --- rules pages ---------------------------------------------------------------------------

def test_rules_pages_are_japanese_when_the_window_is() -> None:
    english = [("Heading", "Body")]
    assert i18n.rules_page("stars", english) == english
    i18n.set_language("ja")
    for game in PROJECT_GAMES:
        page = i18n.rules_page(game, english)
        assert len(page) >= 10
        for heading, body in page:
            if heading == FIGURE_HEADING:  # a picture's name, not text
                continue
            assert heading and body and re.search("[\u3040-\u30ff\u4e00-\u9fff]", body)
    assert i18n.rules_page("no such game", english) == english


def test_both_rules_pages_say_what_the_boards_circles_mean() -> None:
    """A first-time player met the circled numbers beside line groups with no word about
    them (a playtest): both languages' Look at the Stars pages say what they count."""
    from game.client.stars import KIT

    english = " ".join(body for _heading, body in KIT.rules)
    assert "a circled number beside a group counts its lines" in english
    # and which of two crossing lines the Line power draws (the pointer's nearer one)
    assert "where two possible lines cross, the one nearer the pointer is drawn" in english
    i18n.set_language("ja")
    japanese = " ".join(body for _heading, body in i18n.rules_page("stars", KIT.rules))
    assert "丸で囲んだ数字はその線の本数" in japanese
    assert "マウスに近いほうが描かれます" in japanese


def test_the_japanese_stargazer_rules_name_and_explain_every_crew_and_planet() -> None:
    i18n.set_language("ja")
    page = i18n.rules_page("stargazer", [])
    headings = [heading for heading, _body in page]
    for crew in content.CREWS:
        name = _(crew["name"])
        heading = next((h for h in headings if name in h), None)
        assert heading is not None, f"no section for {crew['name']} ({name})"
        # one name for the crew's number, as the prompts say it (the page said 調査回数, the
        # prompts キューブ最大N個: a Japanese player's playtest)
        assert f"キューブ最大{crew['count']}個" in heading, heading
    for planet in content.PLANET_TYPES.values():
        name = _(planet["name"])
        section = next(((h, b) for h, b in page if h.startswith(name)), None)
        assert section is not None, f"no section for {planet['name']} ({name})"
        assert f"{planet['copies']}枚" in section[0]
        squares = " ".join(str(vp) for vp in planet["track"])
        assert f"マス1〜{len(planet['track'])}のVPは {squares}。" in section[1], section
        assert " ".join(str(vp) for vp in planet["track"]) in section[1], "its VP track"


def test_the_japanese_solo_ranks_match_the_rules_data() -> None:
    i18n.set_language("ja")
    solo = dict(i18n.rules_page("stars", []))["ソロ"]
    for lowest, name in data.SOLO_RANKS:
        assert f"{_(name)}（{lowest}点〜）" in solo


# --- the fallback font ---------------------------------------------------------------------

@pytest.fixture
def text_cache() -> Iterator[TextCache]:
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield TextCache()
    pygame.quit()


def _box(cache: TextCache) -> bytes:
    return pygame.image.tobytes(cache.render("\ue000", 32), "RGBA")


def test_names_in_japanese_chinese_and_korean_render_as_glyphs(text_cache) -> None:  # noqa: ANN001
    box = _box(text_cache)
    for name in ("星野", "王小明", "김민준", "ほしの", "ホシノ", "★"):
        pictures = {pygame.image.tobytes(text_cache.render(char, 32), "RGBA") for char in name}
        assert box not in pictures, f"{name} shows an empty box"
        assert len(pictures) == len(set(name)), f"{name}: two characters look the same"
    runs = text_cache.runs("星野 wins!", 32)
    assert [run for run, _font in runs] == ["星野", " wins!"]
    assert runs[0][1] is text_cache.fallback(32) and runs[1][1] is text_cache.drawing_font(32)
    mixed = text_cache.render("星野 wins!", 32)
    assert mixed.get_size() == text_cache.size("星野 wins!", 32)
    assert mixed.get_width() > text_cache.render(" wins!", 32).get_width()


def test_an_emoji_name_renders_without_a_crash(text_cache) -> None:  # noqa: ANN001
    surface = text_cache.render("🌟 Ann", 32, bold=True)
    assert surface.get_width() > text_cache.render("Ann", 32).get_width()


def test_the_font_subset_covers_kana_jis_kanji_and_hangul_and_stays_small() -> None:
    from fontTools.ttLib import TTFont

    from game.client.layout import FALLBACK_FONT
    from tools import make_font

    cmap = set(TTFont(FALLBACK_FONT)["cmap"].getBestCmap())

    def letters(chars: set[str]) -> set[int]:  # kana, hangul, ideographs (not symbols)
        return {ord(c) for c in chars if 0x3040 <= ord(c) <= 0x30FF
                or 0x4E00 <= ord(c) <= 0x9FFF or 0xAC00 <= ord(c) <= 0xD7A3}

    wanted = letters(make_font.jis_x_0208() | make_font.ks_x_1001() | make_font.gb_2312())
    assert len(wanted) > 6355 + 2350 + 2000  # JIS kanji, KS hangul, GB's simplified hanzi
    wanted |= set(range(0x3041, 0x3097)) | set(range(0x30A1, 0x30FB))
    assert wanted - cmap == set()
    assert "兎" in make_font.jis_x_0208() and "가" in make_font.ks_x_1001()
    assert FALLBACK_FONT.stat().st_size < 8_000_000, "the installed size stays reasonable"
    licence = (FALLBACK_FONT.parent / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


# --- line breaking -------------------------------------------------------------------------

def test_a_list_of_names_honours_each_and_busy_dots_are_the_languages() -> None:
    """Look at the Stars' 「確定しました。星野を待っています。」 left the honorific out where
    every other sentence has it, and Stargazer's 「…調査しています..」 read as a typo: a list
    of people names each in the language's way, and the busy dots are the language's."""
    from game.client.i18n import person, progress_dots

    try:
        i18n.set_language("ja")
        waiting = _(", ").join(map(person, ["星野", "月子"]))
        assert _("Confirmed. Waiting for {names}.").format(names=waiting) == \
            "確定しました。星野さん、月子さんを待っています。"
        dots = {progress_dots(t / 10) for t in range(10)}
        assert dots == {"・", "・・", "・・・"}, dots
    finally:
        i18n.set_language("en")
    assert person("Ann") == "Ann"
    assert {progress_dots(t / 10) for t in range(10)} == {".", "..", "..."}


def test_japanese_wraps_by_character_and_keeps_closing_marks_on_the_line(text_cache) -> None:  # noqa: ANN001
    paragraph = ("夜カード18枚を、6枚ずつの3つの山札から1枚ずつめくります。全員が同じカードを、"
                 "同時に自分のボードへ描き入れます。「流れ星」は斜めにしか引けません（例外なし）。")
    for width in (120, 200, 333):
        lines = text_cache.wrap(paragraph, 24, width)
        assert len(lines) > 2
        assert "".join(lines) == paragraph, "nothing lost, no spaces added"
        for line in lines:
            assert text_cache.size(line, 24)[0] <= width, line
        for line in lines[1:]:
            assert line[0] not in NO_LINE_START, f"line starts with {line[0]}"
        for line in lines[:-1]:
            assert line[-1] not in NO_LINE_END, f"line ends with {line[-1]}"


def test_japanese_breaks_between_phrases_not_inside_words(text_cache) -> None:  # noqa: ANN001
    """A Japanese playtest read 「…参加できるテー／ブルを開きます。」 and
    「セーブを消しま／すか？」: a line breaks where a typesetter would, between a word with its
    particles and the next."""
    cases = {
        "LANの別の画面から参加できるテーブルを開きます。": ["テーブルを", "開きます。"],
        "このセーブを消しますか？元には戻せません。": ["消しますか？", "戻せません。"],
        "マウスか矢印キーで選びます。Uで取り消せます。": ["矢印キーで", "取り消せます。"],
    }
    for paragraph, words in cases.items():
        full = text_cache.size(paragraph, 24)[0]
        for width in range(full // 4, full, 9):
            lines = text_cache.wrap(paragraph, 24, width)
            assert "".join(lines) == paragraph
            for word in words:
                if text_cache.size(word, 24)[0] <= width:
                    assert any(word in line for line in lines), (width, lines)


def test_english_still_wraps_at_spaces_and_mixed_text_at_both(text_cache) -> None:  # noqa: ANN001
    sentence = "Draw both segments of the card as one rigid shape between stars"
    lines = text_cache.wrap(sentence, 24, 200)
    assert " ".join(lines) == sentence
    assert all(text_cache.size(line, 24)[0] <= 200 for line in lines)
    mixed = text_cache.wrap("星野さんの番です。Ann is next, then 김민준.", 24, 150)
    assert all(text_cache.size(line, 24)[0] <= 150 for line in mixed)
    assert "Ann" in " ".join(mixed).split(), "a Latin word is never cut"
    assert text_cache.wrap("a\nb", 24, 200) == ["a", "b"]


# --- screenshots -----------------------------------------------------------------------------

@pytest.mark.slow
def test_screenshots_in_japanese_show_japanese_pages(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """``starparty screenshots OUTDIR --lang ja``: the same scenes, drawn in Japanese."""
    from game.commands.screenshots import main

    shown: list[str] = []
    original = TextCache.render

    def render(self: TextCache, text: str, *args, **kwargs) -> pygame.Surface:  # noqa: ANN002, ANN003
        shown.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", render)
    assert main([str(tmp_path), "--lang", "ja"]) == 0
    names = {p.stem for p in tmp_path.glob("*.png")}
    assert {"title", "menu", "rules", "settings"} <= names
    for japanese in ("キーかボタンを押すか、クリックしてください",
                     "ルック・アット・ザ・スターズ：ルール",
                     "ルック・アット・ザ・スターズ  ·  スターゲイザー",
                     "夜空", "設定", "Language / 言語", "日本語"):
        assert japanese in shown, japanese
    assert "Press any key or button, or click" not in shown
    assert "Look at the Stars: rules" not in shown
    assert "Up/Down choose  ·  Left/Right change  ·  Esc back" not in shown


def test_a_switch_rewords_a_game_in_progress(drive) -> None:  # noqa: ANN001
    """The table's log, status, buttons and bonus cards follow a switch mid-game: no
    English text of the catalog is left on screen, and back again."""
    from game.client.stars.table import StarsTableScene
    from tests.client.test_client_text_boxes import english_messages
    from tests.client.textboxes import drawn_texts

    drive.click(drive.scene.button("Play solo").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene
    assert isinstance(table, StarsTableScene)
    drive.step(30)
    english = drawn_texts(drive.app)
    assert any(text.startswith("Game log") for text in english)
    assert {"Card 1: a line card", "Card 1: a shooting star"} & set(english)
    drive.app.set_language("ja")
    drive.step(2)
    japanese = drawn_texts(drive.app)
    left = [text for text in japanese if text in english_messages()]
    assert not left, f"left in English after the switch: {left}"
    assert any(text.startswith("ゲームログ") for text in japanese)
    assert {"カード1：ラインカード", "カード1：流れ星"} & set(japanese), "the log is reworded"
    assert "回転 (R)" in japanese and "得点ボーナス" in japanese
    drive.app.set_language("en")
    drive.step(2)
    assert "Rotate (R)" in drawn_texts(drive.app)


def test_both_stargazer_rules_pages_say_what_the_0_square_is() -> None:
    """A new player never learned what the box left of square 1 is (the Treasure Hunter's skill
    then seemed to do nothing): the English page explains it as the Japanese one did."""
    from game.client.stargazer.rules_text import STARGAZER as ENGLISH

    english = dict(ENGLISH)["The 0 square"]
    assert "left of square 1" in english and "only skills use it" in english
    assert "majority" in english and "specialty" in english
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stargazer", ENGLISH))["特務マス"]
    assert "番号0" in japanese and "マジョリティ" in japanese and "専攻惑星" in japanese


def test_the_japanese_stargazer_page_fills_a_queue_from_square_1() -> None:
    """The Japanese page said a cube goes to "the free square with the largest number" (the
    seed's 「最も後ろ（＝最も数字の大きいマス）」 read as the last square), where a queue fills
    1, 2, 3... (a Japanese player's playtest; the engine's own tests hold the order); and
    the Diplomat's "just ahead" read either way. Both now say the smaller number."""
    from game.client.stargazer.rules_text import STARGAZER as ENGLISH
    from game.rules.stargazer.content import CREWS_BY_ID

    i18n.set_language("ja")
    page = dict(i18n.rules_page("stargazer", ENGLISH))
    investigate = page["手番 2：調査"]
    assert "最も小さい番号" in investigate and "最も大きい番号" not in investigate
    assert "1つ小さい番号" in page["外交官 アデ（キューブ最大2個）"]
    assert "1つ小さい番号" in i18n._(CREWS_BY_ID["diplomat"]["text"])


def test_both_stargazer_rules_pages_read_in_the_order_a_game_is_played() -> None:
    """A new player met Winner and its tie-breaks before the planets and crews, and no section
    said when the game ends (a playtest; the Japanese page had one): both pages go from the
    turn through the round's end, the game's end and the scoring to Winner, and only then list
    the planets and crews, under a heading that says they are for reference."""
    from game.client.stargazer.rules_text import STARGAZER as ENGLISH
    from game.rules.stargazer.content import CREWS, PLANET_TYPES

    pages = {"en": (ENGLISH, ("A turn", "Round end", "Game end", "Majority", "Specialty",
                              "Winner", "The planets and the crews"))}
    i18n.set_language("ja")
    pages["ja"] = (i18n.rules_page("stargazer", ENGLISH),
                   ("手番 1：クルーを選ぶ", "ラウンドの終わり", "ゲームの終わり",
                    "惑星マジョリティボーナス", "専攻惑星ボーナス", "勝敗", "惑星とクルー"))
    for language, (page, flow) in pages.items():
        i18n.set_language(language)
        headings = [heading for heading, _body in page]
        places = [headings.index(heading) for heading in flow]
        assert places == sorted(places), (language, headings)
        cards = [i for i, heading in enumerate(headings)
                 if any(_(thing["name"]) in heading
                        for thing in [*PLANET_TYPES.values(), *CREWS])]
        assert len(cards) == len(PLANET_TYPES) + len(CREWS), (language, headings)
        assert min(cards) > places[-1], (language, headings)
    game_end = dict(ENGLISH)["Game end"]
    assert "hand is empty" in game_end and "as many planets as players are full" in game_end
    assert "game ends" not in dict(ENGLISH)["Round end"], "said once, under Game end"


def test_both_stars_rules_pages_number_rows_as_the_board_does() -> None:
    """"Rows 0-3 are closed" did not say which end row 0 is (a new player's playtest); then
    a second new player found the replay's and the review's boards numbering rows from 1:
    the rules count rows as the board's edge and the move words do."""
    from game.client.stars import spot
    from game.client.stars.rules_text import LOOK_AT_THE_STARS as ENGLISH

    assert spot((0, 0)) == "(1, 1)", "the bottom row is row 1 on the board"
    sun = dict(ENGLISH)["The sun rises"]
    assert "row 1 first" in sun and "(1-2) close" in sun and "rows 1-4 are closed" in sun
    assert "0" not in sun
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stars", ENGLISH))["日の出"]
    assert "いちばん下を1段目" in japanese and "1〜4段目" in japanese and "0" not in japanese


def test_both_stars_rules_pages_say_what_every_power_does() -> None:
    """"The power card just says 'Line'; nowhere does it say what that power does" (a new
    player's playtest): each language's page names every power with what a use does."""
    from game.client.stars.rules_text import LOOK_AT_THE_STARS as ENGLISH
    from game.client.stars.table_draw import power_label
    from game.rules.stars import data

    powers = [data.AURA, data.PLANET, data.NEW_STAR, data.LINE, data.GALAXY, data.BLACK_HOLE,
              data.NOVA, data.TWINKLING_STAR, data.CRESCENT_MOON]
    english = dict(ENGLISH)["Powers"]
    assert all(power_label(power) in english for power in powers), english
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stars", ENGLISH))["パワーの種類"]
    assert all(power_label(power) in japanese for power in powers), japanese


def test_both_stargazer_rules_pages_read_the_line_under_each_planet() -> None:
    """"4 VP +1", "0 VP (tie)", the white cubes and the stock went unexplained (a new player's
    playtest): both pages say what the line under each planet means, in the words it uses."""
    from game.client.stargazer.rules_text import STARGAZER as ENGLISH

    english = dict(ENGLISH)["Under each planet"]
    for words in ("VP +1", "(tie)", "free cubes", "stock"):
        assert words in english, words
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stargazer", ENGLISH))["惑星の下の表示"]
    assert _("{vp} VP +{lead}").format(vp=4, lead=1) in japanese
    assert _("{vp} VP (tie)").format(vp=4) in japanese
    assert "フリーキューブ" in japanese and "ストック" in japanese


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_both_rules_pages_give_the_party_controls_with_the_keys_that_work(game: str) -> None:
    """At one screen nothing in the game said which button does what (a playtest with pads):
    each rules page has the pad's and both keyboard halves' keys, and they are the keys the
    game reads (``game.client.devices``)."""
    from game.client.devices import KEYBOARD_HALVES, PAD_GLYPHS
    from game.client.stargazer.rules_text import STARGAZER
    from game.client.stars.rules_text import LOOK_AT_THE_STARS

    english = dict(LOOK_AT_THE_STARS if game == "stars" else STARGAZER)["At one screen"]
    intents = ["confirm", "rotate", "skip", "back", "previous", "next", "menu"] + (
        ["hint"] if game == "stargazer" else [])
    names = {"space": "Space", "return": "Return", "right shift": "Right Shift",
             "right ctrl": "Right Ctrl", "delete": "Delete", "page up": "Page Up",
             "page down": "Page Down", "escape": "Esc", "f10": "F10", "end": "End"}
    for intent in intents:
        assert PAD_GLYPHS[intent] in english, intent
        for half in KEYBOARD_HALVES.values():
            key = pygame.key.name(half[intent][0]).lower()
            assert names.get(key, key.upper()) in english, (intent, key)
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page(game, []))["一画面での操作"]
    for words in ("A / Space / Return", "Start / Esc / F10", "十字キー / W A S D / 矢印キー"):
        assert words in japanese, words


def test_the_english_rules_pages_name_the_hint_key_and_read_as_sentences() -> None:
    """A new player's playtest: neither Controls section named H, a planet read "3 card(s)",
    and "the rest (12 - players)" read as each player losing 11 cubes."""
    from game.client.stargazer.rules_text import STARGAZER
    from game.client.stars.rules_text import LOOK_AT_THE_STARS

    for page in (STARGAZER, LOOK_AT_THE_STARS):
        assert "H (or the Hint button)" in dict(page)["Controls"]
    text = " ".join(body for _heading, body in STARGAZER)
    assert "card(s)" not in text and "3 planet cards in the box" in text
    assert "1 planet card in the box" in text
    assert "(9 with 3 players, 8 with 4)" in dict(STARGAZER)["The game"]


def test_japanese_leave_and_quit_questions_stand_on_a_line_of_their_own() -> None:
    """The leave dialog wrapped "...再開でき / ます。", leaving "ます。" alone on its line (a
    playtest): in Japanese the question ends its line and what happens follows below."""
    from game.client.leaving import LEAVE_WARNINGS, QUIT_WARNINGS

    i18n.set_language("ja")
    for message in (*LEAVE_WARNINGS.values(), *QUIT_WARNINGS.values()):
        question, _newline, rest = i18n.tr(message).partition("\n")
        assert question.endswith("？") and rest and "\n" not in rest, i18n.tr(message)


def _widest_blank(surface: pygame.Surface) -> int:
    """The widest run of empty columns between a rendered text's first and last ink."""
    width, height = surface.get_size()
    ink = [any(surface.get_at((x, y)).a > 40 for y in range(height)) for x in range(width)]
    first, last = ink.index(True), width - 1 - ink[::-1].index(True)
    widest = run = 0
    for x in range(first, last + 1):
        run = 0 if ink[x] else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", range(theme.MIN_FONT_PX, 49))
def test_a_space_parts_two_words_at_every_type_size(text_cache, size, bold) -> None:  # noqa: ANN001
    """At the smallest sizes the default font's space was narrower than the gaps inside its
    words and "4 left" read "4left" on a planet card at 720p: a space leaves at least as many blank
    columns as any gap inside a word, in Latin and mixed text, and the measured width is the
    drawn one. Below ``SMOOTH_BELOW`` no word is split by a gap of 3 columns either (the
    font's hinting left one in most words at every small size: "bot tom", "spec ialty"); from
    there up (body, large and title type) a gap inside a word is at most half a space (hinted,
    "bot tom", "le ft", "f rom" and "playerssee" showed at 20-31 px: a playtest)."""
    from game.client.layout import SMOOTH_BELOW

    cache = text_cache
    inside = max(_widest_blank(cache.render(word, size, bold=bold))
                 for word in ("left", "bottom", "cubes", "front", "majority", "specialty",
                              "Constellations", "motivation", "Players", "from"))
    if size < SMOOTH_BELOW:
        assert inside <= 2, size
    for words in ("4 left", "no cubes", "ties: front", "players see", "4 left 星"):
        drawn = cache.render(words, size, bold=bold)
        space = _widest_blank(drawn)
        assert space >= max(3, inside), (words, size)
        if size >= SMOOTH_BELOW:
            assert 2 * inside <= space, (words, size, inside, space)
        assert drawn.get_width() == cache.size(words, size, bold)[0]


def test_japanese_labels_draw_their_latin_in_the_font_of_their_kana(drive) -> None:  # noqa: ANN001
    """In Japanese, "AIの速さ" and "フルスクリーン (F11)" mixed the default font's bold Latin
    with the CJK font's kana, one label in two weights (a playtest): in Japanese every
    character the CJK font has is drawn in it; in English the default font stays, a name in
    another script beside it taking the CJK font as before."""
    text = drive.app.text
    drive.app.set_language("ja")
    for label in ("AIの速さ", "フルスクリーン (F11)", "Ann", "12VP"):
        runs = text.runs(label, 21)
        assert len(runs) == 1 and runs[0][1] is text.fallback(21), label
    assert text.render("", 21).get_width() >= 1, "an empty text still renders"
    drive.app.set_language("en")
    assert text.runs("AI speed", 21) == [("AI speed", text.drawing_font(21))]
    assert [run for run, _font in text.runs("星野 wins!", 21)] == ["星野", " wins!"]


def test_each_power_of_the_rules_page_starts_a_line_of_its_own() -> None:
    """The Powers section was one dense paragraph of nine powers (a playtest): each power
    starts a line of its own, in both languages, and the free star's meaning closes it."""
    from game.client.stars.rules_text import LOOK_AT_THE_STARS

    english = dict(LOOK_AT_THE_STARS)["Powers"].split("\n")
    assert [line.split(":")[0] for line in english[:-1]] == [
        "Line", "Planet", "New stars", "Galaxy", "Aura", "Nova", "Twinkling star",
        "Crescent moon (once a game)", "Black hole (once a game)"]
    assert english[-1].startswith("(A free star is")
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stars", LOOK_AT_THE_STARS))["パワーの種類"].split("\n")
    assert len(japanese) == len(english) and japanese[-1].startswith("（空いた星とは")
    assert [line.split("：")[0].split("（")[0] for line in japanese[:3]] == ["線", "惑星",
                                                                          "新しい星"]


@pytest.mark.parametrize(("windows_locale", "expected"), [
    (("Japanese_Japan", "932"), "ja"), (("English_United States", "1252"), "en"),
    (("German_Germany", "1252"), "en")])
def test_windows_locale_names_in_words_are_understood(monkeypatch, windows_locale,  # noqa: ANN001
                                                      expected) -> None:
    """Windows sets none of the variables and names its locale in words ("Japanese_Japan"):
    a Japanese Windows started the one-file program in English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: windows_locale)
    assert i18n.system_language() == expected


def test_the_japanese_score_parts_name_turn_order_vp_as_the_rules_page_does() -> None:
    """「手番順 +2」 read as a place in the turn order (a Japanese player's playtest): the
    breakdown says 手番順のVP, the name of the rules page's section on them."""
    from game.client.stargazer.panels import StargazerPanels

    i18n.set_language("ja")
    headings = [heading for heading, _body in i18n.rules_page("stargazer", [])]
    assert "手番順のVP" in headings
    words = StargazerPanels.parts_words({"majority": 3, "order": 2})
    assert "手番順のVP +2" in words, words
    said = _("If the game ended now: {change} VP for you").format(change="+3")
    assert "増減" in said and "あなたの得点" not in said, "a change, not the score"


def test_the_japanese_stargazer_setup_describes_the_game_not_the_box() -> None:
    """Its 準備 handed out 「スコアカードとウッドキューブ」 (the box's parts; the window has
    no score card): it says what the cubes are, as the English page does."""
    i18n.set_language("ja")
    setup = dict(i18n.rules_page("stargazer", []))["準備"]
    assert "スコアカード" not in setup and "ウッドキューブ" not in setup
    assert "得点の目印" in setup and "3人なら9個、4人なら8個" in setup and "手元" in setup


def test_both_rules_pages_say_what_the_orange_edge_marks_are() -> None:
    """The orange marks on the board's edges had no word until dawn came (a 4K playtest)."""
    from game.client.stars.rules_text import LOOK_AT_THE_STARS

    english = dict(LOOK_AT_THE_STARS)["The sun rises"]
    assert "orange marks" in english and "dawn" in english
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stars", LOOK_AT_THE_STARS))["日の出"]
    assert "オレンジの印" in japanese and "夜明け" in japanese
