#include "rules/rewording.h"

#include <algorithm>

#include <fmt/format.h>

#include "model/strings.h"

namespace kw::rules {
namespace {

// The clauses of a text: its parts between commas, full stops, colons,
// semicolons, dashes and line breaks.
std::vector<std::string> clauses(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool dash = text.compare(i, 3, "\u2013") == 0 || text.compare(i, 3, "\u2014") == 0;
    if (dash || std::string_view(",.;:!?()\n").find(text[i]) != std::string_view::npos) {
      out.push_back(std::move(current));
      current.clear();
      if (dash) i += 2;
      continue;
    }
    current += text[i];
  }
  out.push_back(std::move(current));
  return out;
}

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

std::vector<std::string> lower_tokens(const std::string& text, const std::string& language) {
  std::vector<std::string> out;
  for (Token& t : tokenize(text, language)) out.push_back(std::move(t.lower));
  return out;
}

// Where the words of `form` ("gegen den uhrzeigersinn", one word or
// several) first stand in `tokens`.
std::optional<size_t> find_form(const std::vector<std::string>& tokens, const std::vector<std::string>& form) {
  if (form.empty() || form.size() > tokens.size()) return std::nullopt;
  for (size_t i = 0; i + form.size() <= tokens.size(); ++i)
    if (std::equal(form.begin(), form.end(), tokens.begin() + static_cast<long>(i))) return i;
  return std::nullopt;
}

bool letter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80); }

// Where `text` names `name` at the start of a word, case as written,
// inflected or not: "Zwerg" and "Zwergen" name "Zwerge" (the name but its
// last two letters, then at most two more).
std::optional<size_t> named_at(const std::string& text, const std::string& name) {
  const size_t drop = name.size() >= 6 && letter(name.back()) && letter(name[name.size() - 2]) ? 2 : 0;
  const std::string stem = name.substr(0, name.size() - drop);
  for (size_t at = text.find(stem); at != std::string::npos; at = text.find(stem, at + 1)) {
    if (at > 0 && letter(text[at - 1])) continue;
    size_t end = at + stem.size();
    while (end < text.size() && letter(text[end])) ++end;
    if (end - at <= name.size() + 2) return at;
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
  for (const auto& place : found) {
    const std::string& name = place.second;
    // "Der Eine Ring" and its "Ring" are one name.
    if (std::none_of(out.begin(), out.end(), [&](const std::string& n) {
          return n.find(name) != std::string::npos || name.find(n) != std::string::npos;
        }))
      out.push_back(name);
  }
  return out;
}

std::string stated(long long n, Compare c) {
  std::string cmp = id(c);
  std::replace(cmp.begin(), cmp.end(), '_', ' ');
  return c == Compare::Exactly ? std::to_string(n) : cmp + " " + std::to_string(n);
}

std::string numbers_str(const std::vector<std::pair<long long, Compare>>& numbers) {
  std::string out;
  for (const auto& [n, c] : numbers) out += (out.empty() ? "" : ", ") + stated(n, c);
  return out.empty() ? "no number" : out;
}

// How alike two sorted word lists are: shared words over all words.
double likeness(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  const size_t all = a.size() + b.size() - both.size();
  return all ? static_cast<double>(both.size()) / static_cast<double>(all) : 0.0;
}

std::optional<std::string> opposites_changed(const Meaning& before, const Meaning& after, bool same_language) {
  const std::string who = same_language ? "it" : "its source";
  // A clause that said one side now says the other ("the lowest wins, not
  // the highest"), wherever the clause went; its other words tell it, so
  // only within one language.
  for (const Meaning::OppositeRole& was :
       same_language ? before.opposite_roles : std::vector<Meaning::OppositeRole>{}) {
    double best = 0, own = 0;
    const Meaning::OppositeRole* best_role = nullptr;
    for (const Meaning::OppositeRole& now : after.opposite_roles) {
      if (now.key != was.key) continue;
      const double l = likeness(was.words, now.words);
      if (now.side == was.side) own = std::max(own, l);
      if (l > best) best = l, best_role = &now;
    }
    if (best_role && best_role->side != was.side && best >= 0.5 && best > own + 0.2)
      return "says '" + best_role->word + "' where " + who + " said '" + was.word + "'";
  }
  for (const auto& [key, b] : before.opposites) {
    const auto it = after.opposites.find(key);
    if (it == after.opposites.end()) continue;
    const Meaning::Opposite& a = it->second;
    for (size_t side = 0; side < 2; ++side) {
      const size_t other = 1 - side;
      if (!b.word[side].empty() && b.word[other].empty() && !a.word[other].empty() && a.word[side].empty())
        return "says '" + a.word[other] + "' where " + who + " said '" + b.word[side] + "'";
    }
    const bool kept =
        (b.first_before_second && a.first_before_second) || (b.second_before_first && a.second_before_first);
    if ((b.first_before_second || b.second_before_first) && (a.first_before_second || a.second_before_first) && !kept)
      return "swaps '" + a.word[0] + "' and '" + a.word[1] + "'";
  }
  return std::nullopt;
}

std::optional<std::string> names_changed(const Meaning& before, const Meaning& after) {
  std::vector<std::string> gone, added;
  std::set_difference(before.names.begin(), before.names.end(), after.names.begin(), after.names.end(),
                      std::back_inserter(gone));
  std::set_difference(after.names.begin(), after.names.end(), before.names.begin(), before.names.end(),
                      std::back_inserter(added));
  if (!gone.empty() && !added.empty()) return "names '" + added.front() + "' where it named '" + gone.front() + "'";
  const auto has = [](const Meaning& m, const std::string& x, const std::string& y) {
    return std::find(m.name_orders.begin(), m.name_orders.end(), std::pair{x, y}) != m.name_orders.end();
  };
  for (const auto& [x, y] : before.name_orders)
    if (has(after, y, x) && !has(after, x, y)) return "names '" + y + "' and '" + x + "' the other way round";
  // Who does what: the words a clause said of one name now said of another
  // ("Sinhara bleibt verschont, Vernio nicht"); clauses put the other way
  // round keep their names.
  for (const Meaning::Role& was : before.roles) {
    double best = 0, own = 0;
    const Meaning::Role* best_role = nullptr;
    for (const Meaning::Role& now : after.roles) {
      const double l = likeness(was.words, now.words);
      if (now.name == was.name) own = std::max(own, l);
      if (l > best) best = l, best_role = &now;
    }
    if (best_role && best_role->name != was.name && best >= 0.6 && best > own + 0.2)
      return "says of '" + best_role->name + "' what it said of '" + was.name + "'";
  }
  return std::nullopt;
}

}  // namespace

std::string printed_text(std::string text, const RuleValues& values) {
  return printed_text(std::move(text), values, nullptr, nullptr);
}

std::string printed_text(std::string text, const RuleValues& values, const FactSet* facts,
                         std::vector<PrintedNumber>* numbers) {
  for (size_t open = text.find("{{"); open != std::string::npos; open = text.find("{{", open + 1)) {
    const size_t close = text.find("}}", open);
    if (close == std::string::npos) break;
    std::string name = text.substr(open + 2, close - open - 2);
    if (name.starts_with("rules.")) name.erase(0, 6);
    const auto it = values.find(name);
    if (it == values.end()) continue;
    text.replace(open, close + 2 - open, it->second);
    // A bare number of a fact with a comparison states the comparison.
    if (numbers && facts && name.starts_with("fact.") && (name.ends_with(".n") || name.ends_with(".word")))
      if (const Fact* f = facts->find(name.substr(5, name.rfind('.') - 5)); f && f->compare != Compare::Exactly)
        numbers->push_back({open, open + it->second.size(), f->compare, false});
    // What a rules value means by its number ("121" of "Saurons Auge
    // braucht 121") its words do not say.
    if (numbers && !name.starts_with("fact."))
      numbers->push_back({open, open + it->second.size(), Compare::Exactly, true});
  }
  return text;
}

Wording wording(const model::Model& model, const model::Game& game, const FactSet& facts,
                std::vector<ClaimedWords> claims) {
  Wording w;
  w.model = &model;
  w.facts = &facts;
  w.language = game.language;
  w.negations = negation_words(model, game.language);
  w.opposites = opposite_words(model, game.language);
  w.values = rule_values(model, game);
  for (const auto& [name, value] : w.values) {
    if (name.starts_with("fact.")) continue;
    for (const Token& t : tokenize(value, game.language))
      if (t.digits && t.number) w.printed_numbers.insert(*t.number);
  }
  std::vector<std::string> names;
  for (const model::SourceString& s : model::data_strings(game))
    if (s.id.ends_with(".name") && s.text.find("{{") == std::string::npos) names.push_back(s.text);
  for (const Fact& f : facts.facts)
    if (f.kind == FactKind::Binding) names.push_back(w.values["fact." + f.id]);
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
  w.names = std::move(names);
  w.claims = std::move(claims);
  return w;
}

namespace {

// The numbers of a printed text into `m`; returns their spans (with their
// comparisons), where a negation is the comparison's.
std::vector<std::pair<size_t, size_t>> read_numbers(Meaning& m, const std::string& shown,
                                                    const std::vector<PrintedNumber>& placed, const Wording& w) {
  std::vector<std::pair<size_t, size_t>> spans;
  const std::vector<Quantity> found = quantities(shown, *w.model, w.language, *w.facts);
  Compare previous = Compare::Exactly;
  for (size_t i = 0; i < found.size(); ++i) {
    const Quantity& q = found[i];
    spans.emplace_back(q.begin, q.end);
    Compare compare = q.compare;
    // Steps with dashes take the comparison before them: "unter 90-60-30-0"
    // is under 90, under 60, under 30, and 0.
    if (compare == Compare::Exactly && q.n != 0 && i > 0 && previous != Compare::Exactly) {
      const size_t from = std::min(found[i - 1].end, q.begin);
      const std::string between = shown.substr(from, q.begin - from);
      if (between == "-" || between == "\u2013") compare = previous;
    }
    previous = compare;
    // "{{fact.limit.n}} Argumente" prints "6" for "at most 6"; a number a
    // {{rules.…}} prints bare may be worded with its comparison.
    bool loose = false;
    if (compare == Compare::Exactly)
      for (const PrintedNumber& p : placed)
        if (p.begin <= q.begin && q.begin < p.end) {
          compare = p.compare;
          loose = p.loose;
        }
    const std::pair<long long, Compare> number = closed_bound(q.n, compare);
    m.numbers.push_back(number);
    if (loose) m.loose.push_back(q.n);
    const bool backed = std::any_of(w.facts->facts.begin(), w.facts->facts.end(), [&](const Fact& f) {
      if (!f.value || (f.kind != FactKind::Count && f.kind != FactKind::Points && f.kind != FactKind::Deal))
        return false;
      return closed_bound(*f.value, f.compare) == number && (q.noun.empty() || f.of.empty() || q.noun == f.of);
    });
    // A number the rules print elsewhere ("90-60-30-0", the Absage steps) is
    // the game's too.
    if (backed || w.printed_numbers.count(q.n)) m.backed.push_back(number);
  }
  std::sort(m.numbers.begin(), m.numbers.end());
  std::sort(m.backed.begin(), m.backed.end());
  return spans;
}

// The opposites, names, their orders and the names' roles of one clause.
void read_clause(Meaning& m, const std::string& clause, const Wording& w) {
  const std::vector<std::string> words = lower_tokens(clause, w.language);
  for (const OppositeWords& o : w.opposites) {
    std::array<std::optional<size_t>, 2> at;
    for (size_t side = 0; side < 2; ++side)
      for (const std::string& form : o.sides[side])
        if (const auto place = find_form(words, lower_tokens(form, w.language));
            place && (!at[side] || *place < *at[side])) {
          at[side] = place;
          if (m.opposites[o.key].word[side].empty()) m.opposites[o.key].word[side] = form;
        }
    if (at[0] && at[1])
      (*at[0] < *at[1] ? m.opposites[o.key].first_before_second : m.opposites[o.key].second_before_first) = true;
    if (at[0].has_value() != at[1].has_value()) {
      const size_t side = at[0] ? 0 : 1;
      Meaning::OppositeRole role{o.key, side, words[*at[side]], {}};
      for (size_t i = 0; i < words.size(); ++i)
        if (words[i].size() >= 4 && i != *at[side]) role.words.push_back(words[i]);
      std::sort(role.words.begin(), role.words.end());
      if (!role.words.empty()) m.opposite_roles.push_back(std::move(role));
    }
  }
  const std::vector<std::string> named = names_in(clause, w.names);
  m.names.insert(m.names.end(), named.begin(), named.end());
  for (size_t i = 0; i < named.size(); ++i)
    for (size_t j = i + 1; j < named.size(); ++j) m.name_orders.emplace_back(named[i], named[j]);
  if (named.size() != 1) return;
  Meaning::Role role{named.front(), {}};
  const std::vector<std::string> name_words = lower_tokens(named.front(), w.language);
  for (const std::string& word : words)
    if (word.size() >= 4 &&
        std::none_of(name_words.begin(), name_words.end(), [&](const std::string& n) { return same_word(n, word); }))
      role.words.push_back(word);
  std::sort(role.words.begin(), role.words.end());
  if (!role.words.empty()) m.roles.push_back(std::move(role));
}

}  // namespace

Meaning meaning_of(const std::string& text, const Wording& w) {
  Meaning m;
  std::vector<PrintedNumber> placed;
  const std::string shown = printed_text(text, w.values, w.facts, &placed);
  const auto spans = read_numbers(m, shown, placed, w);
  // A negation inside a comparison ("nicht mehr als sechs") is the
  // comparison's, read with the number.
  for (const Token& t : tokenize(shown, w.language))
    if (std::find(w.negations.begin(), w.negations.end(), t.lower) != w.negations.end() &&
        std::none_of(spans.begin(), spans.end(),
                     [&](const auto& s) { return s.first <= t.begin && t.end <= s.second; }))
      ++m.negations;
  for (const std::string& clause : clauses(shown)) read_clause(m, clause, w);
  std::sort(m.names.begin(), m.names.end());
  m.names.erase(std::unique(m.names.begin(), m.names.end()), m.names.end());
  return m;
}

namespace {

// The numbers of `a` that `b` does not have (as a multiset).
std::vector<std::pair<long long, Compare>> numbers_without(const std::vector<std::pair<long long, Compare>>& a,
                                                           const std::vector<std::pair<long long, Compare>>& b) {
  std::vector<std::pair<long long, Compare>> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

bool is_one(const std::pair<long long, Compare>& n) { return n.first == 1 && n.second == Compare::Exactly; }

}  // namespace

std::optional<std::string> meaning_changed(const Meaning& before, const Meaning& after, bool same_language,
                                           bool added_numbers) {
  auto gone = numbers_without(before.numbers, after.numbers), added = numbers_without(after.numbers, before.numbers);
  // "one" is an article as often as a number ("eine Karte", "a card").
  std::erase_if(gone, is_one);
  std::erase_if(added, is_one);
  // A number a rules value printed bare, now written with a comparison
  // ("mindestens 121" for {{rules.sauron_wins_from}}), is the same number.
  for (auto g = gone.begin(); g != gone.end();) {
    const auto a = std::find_if(added.begin(), added.end(), [&](const auto& x) { return x.first == g->first; });
    const bool was_loose = std::count(before.loose.begin(), before.loose.end(), g->first) > 0;
    if (a != added.end() && was_loose) {
      added.erase(a);
      g = gone.erase(g);
    } else {
      ++g;
    }
  }
  // A translation may add a number its source implies ("of two identical
  // cards" for "unter gleichen Karten") or leave one out; it may not say
  // another ("two tokens" for "einen Siegesmarker").
  // A number said instead of another is a change in either case; in one
  // language, so is a number added that no fact states ("jeder erhält zehn
  // Karten").
  const bool unbacked_added = !numbers_without(added, after.backed).empty();
  if ((!gone.empty() && !added.empty()) || (added_numbers && unbacked_added))
    return "states " + numbers_str(added) + " where " + (same_language ? "it" : "its source") + " stated " +
           numbers_str(gone);
  if (same_language && before.negations % 2 != after.negations % 2)
    return std::string(after.negations > before.negations ? "negates what it stated"
                                                          : "no longer negates what it negated");
  if (auto why = opposites_changed(before, after, same_language)) return why;
  if (same_language)
    if (auto why = names_changed(before, after)) return why;
  return std::nullopt;
}

bool holds_words(const std::string& text, const std::string& words, const std::string& language) {
  if (text.find(words) != std::string::npos) return true;
  const auto normal = [&](const std::string& t) {
    std::vector<std::string> out;
    for (const Token& token : tokenize(t, language))
      out.push_back(token.number ? "#" + std::to_string(*token.number) : token.lower);
    return out;
  };
  const std::vector<std::string> in = normal(text), want = normal(words);
  return !want.empty() && std::search(in.begin(), in.end(), want.begin(), want.end()) != in.end();
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
                                           const std::string& fact, const std::string& card, const Wording& w) {
  // The claim's words are part of the sentence: numbers the sentence
  // states besides them are judged as free text, not as changed.
  if (auto why = meaning_changed(meaning_of(claimed, w), meaning_of(sentence, w), true, false)) return why;
  const std::string lower = lower_case(sentence, w.language);
  for (const ClaimedWords& other : w.claims) {
    if (other.fact == fact || other.card == card || other.says.size() < 8) continue;
    if (lower.find(lower_case(other.says, w.language)) != std::string::npos)
      return "says '" + other.says + "', which states fact '" + other.fact + "' on " + other.card;
  }
  return std::nullopt;
}

}  // namespace kw::rules
