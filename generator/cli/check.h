#pragma once
// `kartenwerk check` without the command line: everything `build` would
// refuse, found without rendering a pixel.
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "engine/world.h"
#include "rules/rule_texts.h"

namespace kw::cli {

struct CheckScope {
  std::vector<std::string> games;  // empty: every game
  std::string variant;             // empty: the base games and every variant
};

// Loads the project in the source language and in every translation
// (data/locales/<lang>/), each game as it is and in each of its variants
// (data/variants/<game>/), and reports, each problem once: load errors, the
// rules engine's findings (source language), unknown fonts and layout
// problems, and every card laid out (typeset, never rendered) in every
// language, so that text that does not fit or names an unknown icon or
// {{rules.…}} value is found at the card's line in the data or locale file.
// Loading problems are findings too: the result is complete even when the
// data does not load.
//
// With `checked`, records what was checked, for the closing line of the text
// report (summary_line).
struct CheckCoverage {
  std::vector<std::string> games;      // in the order of data/cards.yaml
  size_t cards = 0;                    // physical cards, of the games and of their variants
  std::set<std::string> layouts;       // ids of the layouts the decks use
  std::vector<std::string> languages;  // the source language first
  std::vector<std::string> variants;   // "<game>/<variant>"
  // How the printed rule sentences of each game, language and variant are
  // backed by its facts (README: Rule facts), for the games that declare
  // where they print rules.
  struct RuleTexts {
    std::string game, language, variant;
    rules::RuleTextCoverage counts;
  };
  std::vector<RuleTexts> rule_texts;
};
Diagnostics check_project(const engine::World& world, const CheckScope& scope, CheckCoverage* checked = nullptr);

// "checked 2 games (duell, palantir), 109 cards, 5 layouts, 2 languages (de,
// en), 1 variant (palantir/kurz)"
std::string summary_line(const CheckCoverage& checked);
// The rule-text coverage table (empty when no game declares rule texts).
std::string rule_text_table(const CheckCoverage& checked);

}  // namespace kw::cli
