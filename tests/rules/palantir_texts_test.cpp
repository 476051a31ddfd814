// A ranking of regions printed as literal text must follow the rules' order,
// in German and in every translation.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/model.h"
#include "rules/rules.h"
#include "support/disk_model.h"
#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw::rules {
namespace {

namespace fs = std::filesystem;

using test::ProjectCopy;

Diagnostics texts_of(const fs::path& root, const model::LoadOptions& options) {
  auto loaded = test::load_from_disk(root, options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return check_texts(*loaded.model, *loaded.model->game("palantir"));
}

TEST(PalantirTexts, TheBundledTextsFollowTheRules) {
  for (const char* language : {"de", "en"}) {
    model::LoadOptions options;
    options.language = language;
    Diagnostics ds = texts_of(test::source_root(), options);
    EXPECT_TRUE(ds.empty()) << language << "\n" << format_diagnostics(ds);
  }
}

TEST(PalantirTexts, MordorBeforeRhovanionIsAnErrorWhereItIsWritten) {
  ProjectCopy p;
  p.write("data/variants/palantir/falsch.yaml",
          "variant:\n"
          "  game: palantir\n"
          "  name: Falsch\n"
          "  patch:\n"
          "    - card: vorbehalte\n"
          "      set:\n"
          "        text: \"Erben: Gondor › Rohan › **Mordor** › Rhovanion\"\n");
  model::LoadOptions options;
  options.variant = "falsch";
  auto loaded = test::load_from_disk(p.dir.path(), options);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  // The rules check that guards `build` finds it too.
  std::string text = format_diagnostics(check_game(*loaded.model, *loaded.model->game("palantir")));
  EXPECT_NE(text.find("falsch.yaml:7:23: error: 'Gondor › Rohan › **Mordor** › Rhovanion' ranks Mordor above "
                      "Rhovanion; the rules rank Rhovanion higher (card vorbehalte) [palantir: palantir.texts]"),
            std::string::npos)
      << text;
}

TEST(PalantirTexts, ATranslationIsCheckedWithItsOwnWords) {
  ProjectCopy p;
  const std::string file = "data/locales/en/palantir.yaml";
  std::string yaml = p.read(file);
  const std::string key = "  \"card.vorbehalte.text\":\n";
  size_t at = yaml.find("    text: \"", yaml.find(key));
  ASSERT_NE(at, std::string::npos);
  yaml.insert(at + 11, "Scions: Gondor > Rohan > Mordor > Rhovanion. ");
  p.write(file, yaml);
  const int line = static_cast<int>(std::count(yaml.begin(), yaml.begin() + static_cast<long>(at), '\n')) + 1;
  model::LoadOptions options;
  options.language = "en";
  std::string text = format_diagnostics(texts_of(p.dir.path(), options));
  EXPECT_NE(text.find("palantir.yaml:" + std::to_string(line) + ":20: error: 'Gondor > Rohan > Mordor > Rhovanion'"),
            std::string::npos)
      << text;
}

TEST(PalantirTexts, OnlyRankingsThatContradictTheRulesAreErrors) {
  ProjectCopy p;
  p.write("data/variants/palantir/richtig.yaml",
          "variant:\n"
          "  game: palantir\n"
          "  name: Richtig\n"
          "  patch:\n"
          "    - card: vorbehalte\n"
          "      set:\n"
          "        text: \"Gondor › Rohan › Rhovanion › Mordor; Mordor < Rhovanion; Rhovanion-Streitkraft › "
          "Gondor-Ringträger; Mordor und Gondor\"\n"
          "        claims: []\n");
  model::LoadOptions options;
  options.variant = "richtig";
  Diagnostics ds = texts_of(p.dir.path(), options);
  EXPECT_TRUE(ds.empty()) << format_diagnostics(ds);
}

}  // namespace
}  // namespace kw::rules
