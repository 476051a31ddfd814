#pragma once
// The printed rule sentences of a game, judged against its facts (README:
// Rule facts). Every sentence of the texts `facts: texts:` names is
//  - generated: it prints {{fact.…}} or {{rules.…}}, so it can only say
//    what the facts and the rules model say;
//  - claimed: a `claims: [{ fact: <id>, says: "<words>" }]` of its card
//    holds words of it, and those words state the fact (numbers, in digits
//    or words, with their comparison; the name a binding binds; a ranking's
//    names in order), or it states a counted fact the facts confirm;
//  - free: neither. A free sentence that states a number, a comparison or
//    a word of the facts' nouns is a warning at its file:line:col; one that
//    states a quantity the facts contradict is an error.
// A text that prints or claims a fact its variant removed is an error.
#include <string>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules {

struct RuleTextCoverage {
  size_t generated = 0, claimed = 0, free = 0;
  size_t flagged = 0;  // free sentences that state a rule (warned)
  size_t total() const { return generated + claimed + free; }
};

// Checks `game`'s rule texts in the language it is loaded in; findings go
// to `out`, the counts are returned.
RuleTextCoverage check_rule_texts(const model::Model& model, const model::Game& game, Diagnostics& out);

// The sentences of `text` in `language` (each line on its own, then ICU's
// sentence breaks), as the rule texts' checks read them.
std::vector<std::string> sentence_texts(const std::string& text, const std::string& language);

// The values of `game` that state rules: its declared rule texts that are
// no story (`narrative`), and the words their claims say.
std::vector<const model::Value*> rule_statements(const model::Game& game);

}  // namespace kw::rules
