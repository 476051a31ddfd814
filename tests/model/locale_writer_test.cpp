// The locale file writer (`i18n import`): its exact bytes, its order, and
// that what it writes reads back as it was.
#include <gtest/gtest.h>

#include "project/disk_project.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "model/locale.h"
#include "support/test_support.h"

namespace kw::model {
namespace {

constexpr const char* kHeader =
    "# mini in language 'fr'. Each string: `de` is the source text it was translated from\n"
    "# (kartenwerk i18n status reports it stale when the source changes), `text` the translation.\n"
    "language: fr\ngame: mini\nstrings:\n";

Locale french() {
  Locale l;
  l.language = "fr";
  l.game = "mini";
  return l;
}

LocaleEntry entry(std::string source, std::string text, int line = 0) {
  LocaleEntry e;
  e.source = std::move(source);
  e.text = std::move(text);
  if (line > 0) e.loc = {"fr/mini.yaml", line, 5};
  return e;
}

// The source text is recorded under the game's language, whichever it is.
TEST(LocaleWriter, RecordsTheSourceUnderTheGamesLanguage) {
  Locale l = french();
  l.strings["card.a.text"] = entry("Two arguments", "Deux arguments");
  const std::string english = format_locale(l, "en-GB");
  EXPECT_NE(english.find("Each string: `en-GB` is the source text"), std::string::npos) << english;
  EXPECT_NE(english.find("    en-GB: \"Two arguments\"\n    text: \"Deux arguments\"\n"), std::string::npos) << english;
  // An undetermined language names no tag.
  EXPECT_NE(format_locale(l, "und").find("    source: \"Two arguments\"\n"), std::string::npos);
}

TEST(LocaleWriter, QuotesEveryStringTheSameWay) {
  Locale l = french();
  l.strings["card.a.text"] = entry("2\u00A0Argumente, \"Halt!\" \\* und\n\tmehr\x01", "2\u00A0arguments");
  EXPECT_EQ(format_locale(l, "de"), std::string(kHeader) +
                                        "  \"card.a.text\":\n"
                                        "    de: \"2\u00A0Argumente, \\\"Halt!\\\" \\\\* und\\n\\tmehr\\x01\"\n"
                                        "    text: \"2\u00A0arguments\"\n");
}

TEST(LocaleWriter, KeepsTheFileOrderAndSortsNewStringsIn) {
  Locale l = french();
  l.strings["b"] = entry("B", "b", 9);
  l.strings["z"] = entry("Z", "z", 6);  // placed before "b" in the file by hand
  l.strings["a"] = entry("A", "a");     // new: after the last string whose id sorts before it
  l.strings["c"] = entry("C", "c");
  l.strings["zz"] = entry("ZZ", "zz");
  std::string out = format_locale(l, "de");
  std::vector<size_t> at;
  for (const char* id : {"\"a\":", "\"z\":", "\"b\":", "\"c\":", "\"zz\":"}) at.push_back(out.find(id));
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()) && at.back() != std::string::npos) << out;

  Locale fresh = french();  // a new file: sorted
  for (const char* id : {"m", "b", "x"}) fresh.strings[id] = entry("D", "t");
  out = format_locale(fresh, "de");
  EXPECT_LT(out.find("\"b\":"), out.find("\"m\":"));
  EXPECT_LT(out.find("\"m\":"), out.find("\"x\":"));
}

TEST(LocaleWriter, WhatItWritesReadsBack) {
  test::TempDir root;
  Locale l = french();
  l.strings["card.a.text"] = entry("Er sagte \"Halt!\"\nund ging\u00A0fort.", "Il dit « Halte ! »\net partit.");
  l.strings["card.b.name"] = entry("", "Nazgûl \\* {{rules.points}}");
  l.strings["card.c.name"] = entry("Tab\tund\x02", "");
  std::filesystem::create_directories(root.path() / "data/locales/fr");
  std::ofstream(root.path() / "data/locales/fr/mini.yaml") << format_locale(l, "de");
  Diagnostics diags;
  auto back = load_locales(project::DiskProject(root.path()), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].strings.size(), l.strings.size());
  for (const auto& [id, e] : l.strings) {
    EXPECT_EQ(back[0].find(id)->source, e.source) << id;
    EXPECT_EQ(back[0].find(id)->text, e.text) << id;
  }
  // Written again, it keeps its bytes: the order now comes from the file.
  EXPECT_EQ(format_locale(back[0], "de"), format_locale(l, "de"));
}

}  // namespace
}  // namespace kw::model
