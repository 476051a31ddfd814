// Names in a translation (README: Rule facts): a translated text names what
// its source names by the names' own translations. Tested on copies of the
// shipped games with a translation changed on purpose, in English and French.
#include <gtest/gtest.h>

#include <string>

#include "rules/rules.h"
#include "rules/rules_test_util.h"
#include "support/project_copy.h"

namespace kw::rules {
namespace {

using test::dump;
using test::edit;
using test::locate;
using test::ProjectCopy;

size_t names_findings(const Diagnostics& found) { return test::count_check(found, "translation.names"); }

const Diagnostic* names_finding(const Diagnostics& found, const std::string& text) {
  for (const auto& f : found)
    if (f.check == "translation.names" && f.message.find(text) != std::string::npos) return &f;
  return nullptr;
}

TEST(TranslatedNames, TheShippedTranslationsKeepEveryName) {
  ProjectCopy p;
  for (const char* game : {"palantir", "duell", "gelfdrakkar", "hoher-rat", "monddaemmerung"})
    for (const char* lang : {"en", "fr"}) {
      const Diagnostics found = test::shown_findings(p.dir.path(), game, lang, "de");
      EXPECT_EQ(names_findings(found), 0u) << game << " " << lang << "\n" << dump(found);
    }
}

TEST(TranslatedNames, ANameChangedInOneTextIsAnErrorThere) {
  ProjectCopy p;
  const std::string file = "data/locales/en/monddaemmerung.yaml";
  edit(p, file, "If it was a Full or Crescent Moon, its effect is undone.\"\n  \"table.moons.blutmond.name\"",
       "If it was a Full or Sickle Moon, its effect is undone.\"\n  \"table.moons.blutmond.name\"");
  const Diagnostics found = test::shown_findings(p.dir.path(), "monddaemmerung", "en", "de");
  const Diagnostic* f = names_finding(found, "the source text names 'Sichelmond', which is 'Crescent Moon' in en");
  ASSERT_NE(f, nullptr) << dump(found);
  EXPECT_EQ(f->loc.file, file);
  EXPECT_EQ(f->loc.line, locate(p.dir.path() / file, "If it was a Full or Sickle Moon").first);
}

TEST(TranslatedNames, ANameRenamedOnItsCardIsAnErrorWhereTextsNameIt) {
  // The moon now says "Sickle Moon", the texts still "Crescent Moon".
  ProjectCopy p;
  edit(p, "data/locales/en/monddaemmerung.yaml", "text: \"Crescent Moon\"", "text: \"Sickle Moon\"");
  const Diagnostics found = test::shown_findings(p.dir.path(), "monddaemmerung", "en", "de");
  EXPECT_NE(names_finding(found, "names 'Sichelmond', which is 'Sickle Moon' in en"), nullptr) << dump(found);
}

TEST(TranslatedNames, AnotherNameInItsPlaceIsAnError) {
  // French: a special's text names another side than its source.
  ProjectCopy p;
  const std::string file = "data/locales/fr/duell.yaml";
  const std::string text = p.read(file);
  const size_t at = text.find("Balrog", text.find("text: ", text.find("\"table.specials.list.text\"")));
  ASSERT_NE(at, std::string::npos);
  std::string changed = text;
  changed.replace(at, 6, "Gandalf");
  test::write_text(p.dir.path() / file, changed);
  const Diagnostics found = test::shown_findings(p.dir.path(), "duell", "fr", "de");
  EXPECT_NE(names_finding(found, "this translation says 'Gandalf' instead"), nullptr) << dump(found);
}

TEST(TranslatedNames, APronounOrAPlainWordIsNoRename) {
  // "Il" for Gandalf, "its power" for the German "Kraft": no finding.
  ProjectCopy p;
  const std::string file = "data/locales/en/monddaemmerung.yaml";
  edit(p, file, "If it was a Full or Crescent Moon, its effect is undone.\"\n  \"table.moons.blutmond.name\"",
       "If it was one of those, its effect is undone.\"\n  \"table.moons.blutmond.name\"");
  const Diagnostics found = test::shown_findings(p.dir.path(), "monddaemmerung", "en", "de");
  EXPECT_EQ(names_findings(found), 0u) << dump(found);
}

}  // namespace
}  // namespace kw::rules
