// `kartenwerk i18n status|export|import` with variants, end to end: a
// variant's own strings go to their own PO and locale file, and importing
// one translation never changes the other.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "core/files.h"
#include "support/mini_project.h"
#include "support/project_copy.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::MiniProject;
using test::quoted;

// The mini game, its variant "v" (beta renamed, gamma added) and a complete
// French translation of the base game.
struct Project : MiniProject {
  Project() {
    write("data/variants/mini/v.yaml",
          "variant:\n"
          "  game: mini\n"
          "  patch:\n"
          "    - { card: beta, set: { name: Khamûl } }\n"
          "  add:\n"
          "    - { deck: main, card: { id: gamma, name: Gandalf, region: north, points: 3 } }\n");
    write("data/locales/fr/mini.yaml",
          "language: fr\ngame: mini\nstrings:\n"
          "  game.name: { de: Mini Müll, text: Mini Déchets }\n"
          "  deck.main.name: { de: Main, text: Principal }\n"
          "  table.regions.north.name: { de: Nord, text: Nord }\n"
          "  table.regions.south.name: { de: Süd, text: Sud }\n"
          "  card.alpha.name: { de: Éomer, text: Éomer }\n"
          "  card.beta.name: { de: Nazgûl, text: Le Nazgûl }\n");
  }
  test::Run run(const std::string& args) const { return kartenwerk("--root " + quoted(root()) + " " + args); }
  std::string file(const std::string& relative) const { return read_file(root() / relative).value_or("<none>"); }
};

// Fills the msgstr of `id` in a PO file as a translator would.
void translate(const fs::path& po, const std::string& id, const std::string& german, const std::string& text) {
  std::string s = *read_file(po);
  const std::string from = "msgctxt \"" + id + "\"\nmsgid \"" + german + "\"\nmsgstr \"\"";
  const size_t at = s.find(from);
  ASSERT_NE(at, std::string::npos) << s;
  s.replace(at, from.size(), "msgctxt \"" + id + "\"\nmsgid \"" + german + "\"\nmsgstr \"" + text + "\"");
  std::ofstream(po, std::ios::binary) << s;
}

TEST(I18nVariant, StatusAndExportArePerVariant) {
  Project p;
  auto st = p.run("i18n status --lang fr");
  EXPECT_EQ(st.status, 0) << st.output;
  EXPECT_NE(st.output.find("mini [fr]: 6 of 6 strings translated, 0 missing, 0 stale\n"), std::string::npos)
      << st.output;
  EXPECT_NE(st.output.find("mini/v [fr]: 0 of 2 strings translated, 2 missing, 0 stale\n"
                           "  missing card.beta.name  \"Khamûl\"\n"
                           "  missing card.gamma.name  \"Gandalf\"\n"),
            std::string::npos)
      << st.output;
  EXPECT_EQ(st.output.find("unused"), std::string::npos) << st.output;

  test::TempDir out;
  auto ex = p.run("i18n export --lang fr --variant v --out " + quoted(out.path()));
  ASSERT_EQ(ex.status, 0) << ex.output;
  EXPECT_FALSE(fs::exists(out.path() / "fr/mini.po"));  // only the variant's
  const std::string po = read_file(out.path() / "fr/mini.v.po").value_or("");
  EXPECT_NE(po.find("\"X-Kartenwerk-Game: mini\\n\"\n\"X-Kartenwerk-Variant: v\\n\""), std::string::npos) << po;
  EXPECT_NE(po.find("#: data/variants/mini/v.yaml:4:34\nmsgctxt \"card.beta.name\"\nmsgid \"Khamûl\""),
            std::string::npos)
      << po;
  EXPECT_EQ(po.find("Éomer"), std::string::npos) << po;  // the base game's strings stay in its PO

  auto none = p.run("i18n status --variant w");
  EXPECT_EQ(none.status, 1) << none.output;
  EXPECT_NE(none.output.find("no game has the variant 'w'"), std::string::npos) << none.output;
}

// The issue: a variant's PO imported replaced the base game's French. Now
// each import writes its own file and leaves the other byte for byte.
TEST(I18nVariant, ImportingOneTranslationLeavesTheOtherByteIdentical) {
  Project p;
  test::TempDir out;
  ASSERT_EQ(p.run("i18n export --lang fr --out " + quoted(out.path())).status, 0);
  const fs::path variant_po = out.path() / "fr/mini.v.po", base_po = out.path() / "fr/mini.po";
  translate(variant_po, "card.beta.name", "Khamûl", "Khamûl l'Oriental");
  translate(variant_po, "card.gamma.name", "Gandalf", "Gandalf le Gris");

  const std::string base_before = p.file("data/locales/fr/mini.yaml");
  auto im = p.run("i18n import " + quoted(variant_po));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_NE(im.output.find("data/locales/fr/mini.v.yaml: 2 strings from"), std::string::npos) << im.output;
  EXPECT_EQ(p.file("data/locales/fr/mini.yaml"), base_before);
  const std::string variant_after = p.file("data/locales/fr/mini.v.yaml");
  EXPECT_NE(variant_after.find("variant: v\nstrings:\n  \"card.beta.name\":\n    de: \"Khamûl\"\n"
                               "    text: \"Khamûl l'Oriental\"\n"),
            std::string::npos)
      << variant_after;

  // The base PO, with a changed translation of beta: only the base file changes.
  std::string base = *read_file(base_po);
  const std::string le = "msgstr \"Le Nazgûl\"";
  ASSERT_NE(base.find(le), std::string::npos) << base;
  base.replace(base.find(le), le.size(), "msgstr \"Un Nazgûl\"");
  std::ofstream(base_po, std::ios::binary) << base;
  auto im2 = p.run("i18n import " + quoted(base_po));
  ASSERT_EQ(im2.status, 0) << im2.output;
  EXPECT_EQ(p.file("data/locales/fr/mini.v.yaml"), variant_after);
  EXPECT_NE(p.file("data/locales/fr/mini.yaml").find("text: \"Un Nazgûl\""), std::string::npos);

  auto st = p.run("i18n status --lang fr");
  EXPECT_NE(st.output.find("mini [fr]: 6 of 6 strings translated, 0 missing, 0 stale\n"), std::string::npos)
      << st.output;
  EXPECT_NE(st.output.find("mini/v [fr]: 2 of 2 strings translated, 0 missing, 0 stale\n"), std::string::npos)
      << st.output;
  // Nothing missing or stale when the variant is checked in French either.
  auto check = p.run("check --variant v");
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_NE(check.output.find("0 errors, 0 warnings"), std::string::npos) << check.output;
}

// Translated, then the variant's German changes: exactly that string turns
// stale, in `i18n status` and as a warning of `check`; the base stays clean.
TEST(I18nVariant, AGermanChangeInTheVariantMakesExactlyItsTranslationStale) {
  Project p;
  p.write("data/locales/fr/mini.v.yaml",
          "language: fr\ngame: mini\nvariant: v\nstrings:\n"
          "  card.beta.name: { de: Khamûl, text: Khamûl l'Oriental }\n"
          "  card.gamma.name: { de: Gandalf, text: Gandalf le Gris }\n");
  p.write("data/variants/mini/v.yaml",
          test::replace(p.text("data/variants/mini/v.yaml"), "name: Gandalf", "name: Gandalf der Weiße"));
  auto st = p.run("i18n status --lang fr");
  EXPECT_NE(st.output.find("mini [fr]: 6 of 6 strings translated, 0 missing, 0 stale\n"), std::string::npos)
      << st.output;
  EXPECT_NE(st.output.find("mini/v [fr]: 2 of 2 strings translated, 0 missing, 1 stale\n"
                           "  stale   card.gamma.name  \"Gandalf der Weiße\"\n"),
            std::string::npos)
      << st.output;
  auto check = p.run("check");
  EXPECT_EQ(check.status, 0) << check.output;  // a warning: the build goes on, in the old translation
  EXPECT_NE(check.output.find("data/locales/fr/mini.v.yaml: warning: fr: variant v: 1 stale — kartenwerk i18n status "
                              "--game mini --lang fr"),
            std::string::npos)
      << check.output;
  EXPECT_NE(check.output.find("0 errors, 1 warning"), std::string::npos) << check.output;
}

// A variant's PO whose header lost its variant line is read as the base
// game's: its entries' German is not the base game's, so none is imported.
TEST(I18nVariant, AVariantPoWithoutItsHeaderLineDoesNotOverwriteTheBase) {
  Project p;
  test::TempDir out;
  ASSERT_EQ(p.run("i18n export --lang fr --variant v --out " + quoted(out.path())).status, 0);
  const fs::path po = out.path() / "fr/mini.v.po";
  translate(po, "card.beta.name", "Khamûl", "Khamûl l'Oriental");
  std::string text = *read_file(po);
  const std::string line = "\"X-Kartenwerk-Variant: v\\n\"\n";
  ASSERT_NE(text.find(line), std::string::npos);
  text.erase(text.find(line), line.size());
  std::ofstream(po, std::ios::binary) << text;
  const std::string before = p.file("data/locales/fr/mini.yaml");
  auto im = p.run("i18n import " + quoted(po));
  EXPECT_NE(im.output.find("'card.beta.name': the PO's source text (msgid) is not the text of game mini now; "
                           "not imported"),
            std::string::npos)
      << im.output;
  EXPECT_NE(im.output.find("unknown string id 'card.gamma.name' (msgctxt) for game mini"), std::string::npos)
      << im.output;
  EXPECT_EQ(im.status, 1);
  EXPECT_EQ(p.file("data/locales/fr/mini.yaml"), before);

  // With --variant it goes where it belongs.
  auto right = p.run("i18n import --variant v " + quoted(po));
  EXPECT_EQ(right.status, 0) << right.output;
  EXPECT_NE(p.file("data/locales/fr/mini.v.yaml").find("Khamûl l'Oriental"), std::string::npos);
  EXPECT_EQ(p.file("data/locales/fr/mini.yaml"), before);
}

// The variant named in a PO header becomes part of a file name: it must be
// a plain id and a variant of the game; nothing is written otherwise.
TEST(I18nVariant, TheHeadersVariantIsCheckedBeforeItNamesAFile) {
  Project p;
  test::TempDir out;
  ASSERT_EQ(p.run("i18n export --lang fr --variant v --out " + quoted(out.path())).status, 0);
  const fs::path po = out.path() / "fr/mini.v.po";
  const std::string good = *read_file(po);
  const std::string line = "X-Kartenwerk-Variant: v\\n";
  const size_t header_line = 1 + static_cast<size_t>(std::count(good.begin(), good.begin() + good.find(line), '\n'));
  for (const std::string bad : {"../../../escape", "w"}) {
    std::string text = good;
    text.replace(text.find(line), line.size(), "X-Kartenwerk-Variant: " + bad + "\\n");
    std::ofstream(po, std::ios::binary) << text;
    auto im = p.run("i18n import " + quoted(po));
    EXPECT_EQ(im.status, 1) << im.output;
    const std::string where = po.string() + ":" + std::to_string(header_line) + ":2: error: ";
    EXPECT_NE(im.output.find(where + (bad == "w" ? "game mini has no variant 'w'"
                                                 : "the PO header's X-Kartenwerk-Variant: '../../../escape' is no "
                                                   "variant name")),
              std::string::npos)
        << im.output;
  }
  std::ofstream(po, std::ios::binary) << good;
  auto mismatch = p.run("i18n import --variant x " + quoted(po));
  EXPECT_EQ(mismatch.status, 1) << mismatch.output;
  EXPECT_NE(mismatch.output.find("the PO header names the variant 'v', but --variant says 'x'"), std::string::npos)
      << mismatch.output;
  EXPECT_FALSE(fs::exists(p.root() / "data/locales/fr/mini.v.yaml"));
  EXPECT_FALSE(fs::exists(p.root() / "data/locales/fr/mini.w.yaml"));
  EXPECT_FALSE(fs::exists(p.root() / "data/locales/fr/mini.x.yaml"));
}

// The shipped variants are translated completely, and what their English
// claims about the rules is checked like the base game's.
TEST(I18nVariant, TheShippedVariantsEnglishIsCompleteAndCheckedAgainstTheRules) {
  auto st = kartenwerk("--root " + quoted(test::source_root()) + " i18n status --game palantir --lang en");
  ASSERT_EQ(st.status, 0) << st.output;
  for (const char* variant : {"mondschein", "scharfes-spiel"})
    EXPECT_TRUE(
        std::regex_search(st.output, std::regex(std::string("\\npalantir/") + variant +
                                                R"( \[en\]: (\d+) of \1 strings translated, 0 missing, 0 stale\n)")))
        << variant << "\n"
        << st.output;

  test::ProjectCopy p;
  const std::string file = "data/locales/en/palantir.scharfes-spiel.yaml";
  std::string yaml = p.read(file);
  const std::string from = "Four regions, each one a Doppelkopf suit:";
  ASSERT_NE(yaml.find(from), std::string::npos) << yaml;
  yaml.replace(yaml.find(from), from.size(), "Four regions (Rohan › Gondor), each one a Doppelkopf suit:");
  p.write(file, yaml);
  auto check = kartenwerk("--root " + quoted(p.dir.path()) + " check --game palantir --variant scharfes-spiel");
  EXPECT_EQ(check.status, 1) << check.output;
  EXPECT_TRUE(std::regex_search(check.output,
                                std::regex(R"(data/locales/en/palantir\.scharfes-spiel\.yaml:\d+:\d+: error: 'Rohan › )"
                                           R"(Gondor' ranks Rohan above Gondor)")))
      << check.output;
}

}  // namespace
}  // namespace kw
