// gettext PO files: written and read back without loss; bad files give
// located errors, never a crash.
#include <gtest/gtest.h>

#include "i18n/po.h"

namespace kw::i18n {
namespace {

PoEntry entry(std::string context, std::string source, std::string translation) {
  PoEntry e;
  e.context = std::move(context);
  e.source = std::move(source);
  e.translation = std::move(translation);
  return e;
}

PoFile read_ok(const std::string& text) {
  Diagnostics diags;
  PoFile po = read_po(text, "x.po", diags);
  EXPECT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  return po;
}

// "line:col message" of every error.
std::vector<std::string> errors(const std::string& text) {
  Diagnostics diags;
  read_po(text, "bad.po", diags);
  std::vector<std::string> out;
  for (const auto& d : diags.items())
    if (d.severity == Severity::Error)
      out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
  return out;
}

const std::string kHeader =
    "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: fr\\n\"\n"
    "\"X-Kartenwerk-Game: palantir\\n\"\n";

TEST(Po, RoundTripKeepsQuotesNewlinesAndMarkup) {
  PoFile po;
  po.language = "fr";
  po.game = "palantir";
  po.entries = {entry("card.a.text", "Er sagte \"Halt!\"\nund ging.", "Il dit « Halte ! »\net partit."),
                entry("card.b.text", "**Fett** und *kursiv*, \\* und {{rules.points}}",
                      "**Gras** et *italique*, \\* et {{rules.points}}"),
                entry("card.c.text", "Tab\there, backslash \\ end\n", ""), entry("card.d.name", "Éowyn", "Éowyn"),
                entry("card.e.name", "Bell\a", "x")};
  po.entries[0].reference = "data/x.yaml:3:5";
  po.entries[1].fuzzy = true;
  po.entries[3].comment = "the name\non two lines";
  po.entries[4].translator_comment = "checked\n\nby Anne";
  std::string text = write_po(po);
  PoFile back = read_ok(text);
  EXPECT_EQ(back.language, "fr");
  EXPECT_EQ(back.game, "palantir");
  ASSERT_EQ(back.entries.size(), po.entries.size());
  for (size_t i = 0; i < po.entries.size(); ++i) {
    EXPECT_EQ(back.entries[i].context, po.entries[i].context);
    EXPECT_EQ(back.entries[i].source, po.entries[i].source);
    EXPECT_EQ(back.entries[i].translation, po.entries[i].translation);
    EXPECT_EQ(back.entries[i].fuzzy, po.entries[i].fuzzy);
    EXPECT_EQ(back.entries[i].reference, po.entries[i].reference);
    EXPECT_EQ(back.entries[i].comment, po.entries[i].comment);
    EXPECT_EQ(back.entries[i].translator_comment, po.entries[i].translator_comment);
    EXPECT_FALSE(back.entries[i].source_plural);
  }
  // Written as gettext tools do: multi-line strings as continuation lines.
  EXPECT_NE(text.find("msgid \"\"\n\"Er sagte \\\"Halt!\\\"\\n\"\n\"und ging.\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("#, fuzzy\nmsgctxt \"card.b.text\""), std::string::npos) << text;
  EXPECT_NE(text.find("#. the name\n#. on two lines\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# checked\n#\n# by Anne\n"), std::string::npos) << text;
  EXPECT_EQ(write_po(back), text);
}

TEST(Po, PluralEntriesRoundTripWithoutLoss) {
  const std::string text =
      "# kartenwerk strings of palantir, de source, pl translation.\n"
      "msgid \"\"\nmsgstr \"\"\n"
      "\"Project-Id-Version: kartenwerk palantir\\n\"\n\"Language: pl\\n\"\n\"MIME-Version: 1.0\\n\"\n"
      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n"
      "\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"\n\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"\n"
      "\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n"
      "\"X-Kartenwerk-Game: palantir\\n\"\n\"X-Source-Language: de\\n\"\n"
      "\n#, fuzzy\nmsgctxt \"rules.palantir.points\"\nmsgid \"ein Punkt\"\nmsgid_plural \"%d Punkte\"\n"
      "msgstr[0] \"%d punkt\"\nmsgstr[1] \"%d punkty\"\nmsgstr[2] \"%d punktów\"\n"
      "\nmsgctxt \"rules.palantir.tricks\"\nmsgid \"ein Stich\"\nmsgid_plural \"%d Stiche\"\nmsgstr[0] \"\"\n";
  PoFile po = read_ok(text);
  ASSERT_EQ(po.entries.size(), 2u);
  const PoEntry& points = po.entries[0];
  EXPECT_EQ(points.source, "ein Punkt");
  EXPECT_EQ(points.source_plural, "%d Punkte");
  EXPECT_EQ(points.plural_translations, (std::vector<std::string>{"%d punkt", "%d punkty", "%d punktów"}));
  EXPECT_TRUE(points.fuzzy);
  EXPECT_EQ(po.entries[1].plural_translations, (std::vector<std::string>{""}));
  EXPECT_EQ(write_po(po), text);
}

TEST(Po, ReadsWhatGettextToolsWrite) {
  PoFile po = read_ok(kHeader +
                      "\n# translator note\n#. where it is used\n#: data/a.yaml:3 data/b.yaml:7\n"
                      "#, fuzzy, c-format\nmsgctxt \"card.a.name\"\nmsgid \"\"\n\"Zwei \"\n\"Zeilen\"\n"
                      "msgstr \"Deux \\\"lignes\\\"\\101\"\r\n"
                      "\n#~ msgctxt \"card.old.name\"\n#~ msgid \"Alt\"\n#~ msgstr \"Vieux\"\n"
                      "\nmsgctxt \"card.b.name\"\nmsgid \"B\"\nmsgstr \"\"\n");
  EXPECT_EQ(po.language, "fr");
  EXPECT_EQ(po.game, "palantir");
  ASSERT_EQ(po.entries.size(), 2u);  // the obsolete (#~) entry is not one
  const PoEntry& a = po.entries[0];
  EXPECT_EQ(a.source, "Zwei Zeilen");
  EXPECT_EQ(a.translation, "Deux \"lignes\"A");
  EXPECT_TRUE(a.fuzzy);
  EXPECT_EQ(a.translator_comment, "translator note");
  EXPECT_EQ(a.comment, "where it is used");
  EXPECT_EQ(a.reference, "data/a.yaml:3 data/b.yaml:7");
  EXPECT_EQ(po.entries[1].translation, "");
  EXPECT_FALSE(po.entries[1].fuzzy);
}

TEST(Po, SyntaxErrorsHaveLinesAndColumns) {
  auto e = errors("msgid \"\"\nmsgstr \"\"\n\nmsgctxt \"a\"\nmsgid \"x\nmsgstr \"y\"\nwhat is this\n");
  // The unterminated string at its opening quote; one error per line.
  EXPECT_EQ(e, (std::vector<std::string>{"5:7 end-of-line within string", "7:1 keyword \"what\" unknown"}));

  e = errors(kHeader + "\nmsgctxt \"a\"\nmsgid \"bad \\q escape\"\nmsgstr \"\"\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "8:13 invalid control sequence");

  e = errors(kHeader + "\nmsgctxt \"a\"\nmsgid \"x\"\n");  // no msgstr before the end
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].substr(0, 2), "8:") << e[0];
}

TEST(Po, DuplicateEntriesAreErrors) {
  auto e = errors(kHeader + "\nmsgctxt \"a\"\nmsgid \"x\"\nmsgstr \"1\"\n\nmsgctxt \"a\"\nmsgid \"x\"\nmsgstr \"2\"\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "12:1 duplicate message definition (msgctxt \"a\")");
}

TEST(Po, OnlyUtf8TextIsRead) {
  // Reported once, and the rest of the file is still checked.
  auto e = errors(kHeader + "\nmsgctxt \"a\"\nmsgid \"H\xE9las\"\nmsgstr \"\\q\"\n");
  EXPECT_EQ(e, (std::vector<std::string>{"8:9 invalid UTF-8 (byte 0xE9)", "9:10 invalid control sequence"}));

  e = errors("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_NE(e[0].find("charset ISO-8859-1"), std::string::npos) << e[0];

  e = errors(kHeader + "\nmsgctxt \"a\"\nmsgid \"x" + std::string(1, '\0') + "y\"\nmsgstr \"\"\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "8:9 a NUL byte: this is not a PO (text) file");
}

TEST(Po, UntrustedInputGivesErrorsNotCrashes) {
  // Too large: refused before parsing.
  auto e = errors(kHeader + "\n#" + std::string(17 << 20, 'x') + "\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_NE(e[0].find("PO files of up to 16 MB"), std::string::npos) << e[0];
  // Malformed in every way the grammar allows: errors, and no crash.
  for (const std::string bad :
       {"msgstr[99999999999] \"x\"\n", "msgid_plural \"x\"\n", "\"\"\"\"\"\n", "msgctxt\n", "#~ msgid \"x\n",
        "msgid \"\\x\"\nmsgstr \"\\777\"\n", "domain \"d\"\nmsgid \"x\"\nmsgstr[1] \"y\"\n", "msgid \"x\"\nmsgstr \"y",
        "]]]][[[[\n0123 msgid", "msgctxt \"\x04\"\nmsgid \"x\"\nmsgstr \"\"\n"}) {
    EXPECT_FALSE(errors(kHeader + bad).empty()) << bad;
  }
  // Long but sane: read.
  const std::string long_text(200000, 'a');
  PoFile po = read_ok(kHeader + "\nmsgctxt \"a\"\nmsgid \"" + long_text + "\"\nmsgstr \"" + long_text + "\"\n");
  ASSERT_EQ(po.entries.size(), 1u);
  EXPECT_EQ(po.entries[0].translation, long_text);
}

}  // namespace
}  // namespace kw::i18n
