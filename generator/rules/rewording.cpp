#include "rules/rewording.h"

#include <algorithm>

#include "rules/fact_text.h"

namespace kw::rules {
namespace {

size_t common_prefix(const std::string& a, const std::string& b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

// The same word, inflected or not ("gespielte", "gespielten"; "letzte",
// "letzten"): equal, or sharing all but the last two bytes of the shorter.
bool same_word(const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (a.size() < 4 || b.size() < 4) return false;
  return common_prefix(a, b) >= std::max<size_t>(4, std::min(a.size(), b.size()) - 2);
}

// `word` (a phrasing word, lower case) as a token: itself, or inflected
// when it is long enough to tell ("letzte" in "letzten", not "mehr" in "mehrere").
bool is_word(const std::string& token, const std::string& word) {
  return token == word || (word.size() >= 5 && token.starts_with(word) && token.size() <= word.size() + 2);
}

std::vector<std::string> lower_tokens(const std::string& text, const std::string& language) {
  std::vector<std::string> out;
  for (Token& t : tokenize(text, language)) out.push_back(std::move(t.lower));
  return out;
}

std::optional<size_t> first(const std::vector<std::string>& tokens, const std::string& word) {
  for (size_t i = 0; i < tokens.size(); ++i)
    if (is_word(tokens[i], word)) return i;
  return std::nullopt;
}

size_t negations(const std::vector<std::string>& tokens, const std::vector<std::string>& words) {
  return static_cast<size_t>(std::count_if(tokens.begin(), tokens.end(), [&](const std::string& t) {
    return std::find(words.begin(), words.end(), t) != words.end();
  }));
}

// Where `text` names `name` at the start of a word, case as written.
std::optional<size_t> named_at(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool word_start = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || (text[at - 1] & 0x80));
    if (word_start) return at;
  }
  return std::nullopt;
}

// The game's names a text names, in the order it names them.
std::vector<std::string> names_in(const std::string& text, const std::vector<std::string>& names) {
  std::vector<std::pair<size_t, std::string>> found;
  for (const std::string& name : names)
    if (auto at = named_at(text, name)) found.emplace_back(*at, name);
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& [at, name] : found)
    // "Der Eine Ring" and its "Ring" at the same place are one name.
    if (std::none_of(out.begin(), out.end(), [&](const std::string& n) {
          return n.find(name) != std::string::npos || name.find(n) != std::string::npos;
        }))
      out.push_back(name);
  return out;
}

std::optional<std::string> opposite_changed(const std::vector<std::string>& said, const std::vector<std::string>& now,
                                            const std::pair<std::string, std::string>& pair) {
  const auto& [a, b] = pair;
  const auto sa = first(said, a), sb = first(said, b), na = first(now, a), nb = first(now, b);
  if (sa && !sb && nb && !na) return "says '" + b + "' where the claim says '" + a + "'";
  if (sb && !sa && na && !nb) return "says '" + a + "' where the claim says '" + b + "'";
  if (sa && sb && na && nb && (*sa < *sb) != (*na < *nb))
    return "swaps '" + a + "' and '" + b + "' against the claim";
  return std::nullopt;
}

std::optional<std::string> names_changed(const std::string& claimed, const std::string& sentence,
                                         const std::vector<std::string>& names) {
  const auto said = names_in(claimed, names), now = names_in(sentence, names);
  std::vector<std::string> kept_said, kept_now, gone, added;
  for (const auto& n : said) (std::count(now.begin(), now.end(), n) ? kept_said : gone).push_back(n);
  for (const auto& n : now) (std::count(said.begin(), said.end(), n) ? kept_now : added).push_back(n);
  if (kept_said != kept_now)
    return "names '" + kept_now.front() + "' and '" + kept_now.back() + "' the other way round than the claim";
  if (!gone.empty() && !added.empty()) return "names '" + added.front() + "' where the claim names '" + gone.front() + "'";
  return std::nullopt;
}

}  // namespace

RewordingContext rewording_context(const model::Model& model, const model::Game& game,
                                   std::vector<ClaimedWords> claims, std::vector<std::string> names) {
  RewordingContext c;
  c.language = game.language;
  c.negations = negation_words(model, game.language);
  c.opposites = opposite_words(model, game.language);
  // "Der Eine Ring" is also named "Ring": the last word of a name of
  // several, when it is a word of its own (capitalised, four letters).
  const size_t given = names.size();
  for (size_t i = 0; i < given; ++i) {
    const size_t space = names[i].rfind(' ');
    if (space == std::string::npos) continue;
    const std::string last = names[i].substr(space + 1);
    if (last.size() >= 4 && std::isupper(static_cast<unsigned char>(last[0]))) names.push_back(last);
  }
  names.erase(std::remove_if(names.begin(), names.end(), [](const std::string& n) { return n.size() < 3; }),
              names.end());
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  c.names = std::move(names);
  c.claims = std::move(claims);
  return c;
}

double shared_words(const std::string& claimed, const std::string& sentence, const std::string& language) {
  const auto said = lower_tokens(claimed, language), now = lower_tokens(sentence, language);
  size_t content = 0, shared = 0;
  for (const std::string& w : said) {
    if (w.size() < 4) continue;
    ++content;
    shared += std::any_of(now.begin(), now.end(), [&](const std::string& n) { return same_word(w, n); });
  }
  return content ? static_cast<double>(shared) / static_cast<double>(content) : 0.0;
}

std::optional<std::string> changed_meaning(const std::string& claimed, const std::string& sentence,
                                           const std::string& fact, const std::string& card,
                                           const RewordingContext& context) {
  const auto said = lower_tokens(claimed, context.language), now = lower_tokens(sentence, context.language);
  // A double negation is a rewording; one negation more or less is not.
  if (negations(said, context.negations) % 2 != negations(now, context.negations) % 2)
    return std::string(negations(now, context.negations) > negations(said, context.negations)
                           ? "negates what the claim states"
                           : "no longer negates what the claim negates");
  for (const auto& pair : context.opposites)
    if (auto why = opposite_changed(said, now, pair)) return why;
  if (auto why = names_changed(claimed, sentence, context.names)) return why;
  const std::string lower = lower_case(sentence, context.language);
  for (const ClaimedWords& other : context.claims) {
    if (other.fact == fact || other.card == card || other.says.size() < 8) continue;
    if (lower.find(lower_case(other.says, context.language)) != std::string::npos)
      return "says '" + other.says + "', which states fact '" + other.fact + "' on " + other.card;
  }
  return std::nullopt;
}

}  // namespace kw::rules
