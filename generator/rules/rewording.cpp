#include "rules/rewording.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/language.h"
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
// "letzten"): equal, or sharing all but the last two bytes of the shorter;
// or with a prefix ("reshuffled", "shuffled"; "neugemischt", "gemischt"):
// the shorter, of six letters or more, ends the longer.
bool same_word(const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (a.size() < 4 || b.size() < 4) return false;
  const std::string& shorter = a.size() < b.size() ? a : b;
  const std::string& longer = a.size() < b.size() ? b : a;
  if (shorter.size() >= 6 && longer.ends_with(shorter)) return true;
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

// Does a letter end `text` before `at`? Bytes of a multi-byte character
// count as letters ("ü"), except the Latin-1 signs (C2 xx: the no-break
// space, «, ») and general punctuation (E2 80 xx: dashes, quotes, the
// narrow no-break space).
bool letter_before(const std::string& text, size_t at) {
  if (at == 0) return false;
  const auto byte = [&](size_t back) { return at >= back ? static_cast<unsigned char>(text[at - back]) : 0; };
  if (byte(1) >= 0x80 && byte(1) < 0xC0 && (byte(2) == 0xC2 || (byte(3) == 0xE2 && byte(2) == 0x80))) return false;
  return letter(text[at - 1]);
}

// Where the word that goes on at `at` ends (the same signs end it).
size_t word_end(const std::string& text, size_t at) {
  const auto byte = [&](size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0; };
  while (at < text.size() && letter(text[at]) && !(byte(at) == 0xC2 && byte(at + 1) >= 0x80 && byte(at + 1) < 0xC0) &&
         !(byte(at) == 0xE2 && byte(at + 1) == 0x80))
    ++at;
  return at;
}

// Where `text` names `name` at the start of a word, case as written,
// inflected or not: "Zwerg" and "Zwergen" name "Zwerge" (the name but its
// last two letters, then at most two more).
std::optional<size_t> named_at(const std::string& text, const std::string& name) {
  const size_t drop = name.size() >= 6 && letter(name.back()) && letter(name[name.size() - 2]) ? 2 : 0;
  const std::string stem = name.substr(0, name.size() - drop);
  for (size_t at = text.find(stem); at != std::string::npos; at = text.find(stem, at + 1)) {
    if (letter_before(text, at)) continue;
    const size_t end = word_end(text, at + stem.size());
    if (end - at <= name.size() + 2) return at;
  }
  return std::nullopt;
}

// The game's names a text names, each where it first names it, in that order.
std::vector<std::pair<size_t, std::string>> places_of_names(const std::string& text,
                                                            const std::vector<std::string>& names) {
  std::vector<std::pair<size_t, std::string>> found;
  for (const std::string& name : names)
    if (auto at = named_at(text, name)) found.emplace_back(*at, name);
  std::sort(found.begin(), found.end());
  std::vector<std::pair<size_t, std::string>> out;
  for (auto& place : found) {
    const std::string& name = place.second;
    // "Der Eine Ring" and its "Ring" are one name.
    if (std::none_of(out.begin(), out.end(), [&](const auto& n) {
          return n.second.find(name) != std::string::npos || name.find(n.second) != std::string::npos;
        }))
      out.push_back(std::move(place));
  }
  return out;
}

std::vector<std::string> names_in(const std::string& text, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (auto& place : places_of_names(text, names)) out.push_back(std::move(place.second));
  return out;
}

// Names or terms next to each other in a list: between them a comma or a
// conjunction and at most two other little words ("im Standardspiel, bei
// Unterwerfung und bei Bündnis", "Vernio und Sinhara"). `places`: where
// each is named (its first byte and one past its last), in text order.
std::vector<std::pair<std::string, std::string>> lists_of(
    const std::string& text, const std::vector<std::tuple<size_t, size_t, std::string>>& places, const Wording& w) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t i = 0; i + 1 < places.size(); ++i) {
    const size_t from = std::get<1>(places[i]), to = std::get<0>(places[i + 1]);
    if (to < from) continue;
    std::string gap = text.substr(from, to - from);
    // An icon's shortcode (":halbmond:") is no word of the sentence.
    for (size_t open = gap.find(':'); open != std::string::npos; open = gap.find(':', open)) {
      const size_t close = gap.find(':', open + 1);
      if (close == std::string::npos) break;
      if (close > open + 1 &&
          std::all_of(gap.begin() + static_cast<long>(open) + 1, gap.begin() + static_cast<long>(close),
                      [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }))
        gap.erase(open, close + 1 - open);
      else
        open = close;
    }
    const std::vector<std::string> words = lower_tokens(gap, w.language);
    const auto conjunction = [&](const std::string& word) {
      return std::find(w.conjunctions.begin(), w.conjunctions.end(), word) != w.conjunctions.end();
    };
    // Only little words between them ("bei", "und", "im"): "Vernio is
    // spared, Sinhara is not" is no list.
    const bool joined = gap.find(',') != std::string::npos || std::any_of(words.begin(), words.end(), conjunction);
    const bool little = std::all_of(words.begin(), words.end(),
                                    [&](const std::string& word) { return word.size() <= 3 || conjunction(word); });
    if (joined && little && words.size() <= 3 && gap.find_first_of(".;:!?\n") == std::string::npos &&
        std::get<2>(places[i]) != std::get<2>(places[i + 1]))
      out.emplace_back(std::get<2>(places[i]), std::get<2>(places[i + 1]));
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> name_lists(const std::string& text, const Wording& w) {
  std::vector<std::tuple<size_t, size_t, std::string>> places;
  for (auto& [at, name] : places_of_names(text, w.names)) places.emplace_back(at, at + name.size(), name);
  return lists_of(text, places, w);
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
    // One said fewer times and the other more ("der höchste zuerst" -> "der
    // niedrigste zuerst" where "höchste" is said elsewhere too). Within one
    // language only: a translator's words for a side are counted otherwise
    // ("allein spielen" is "play on your own").
    for (size_t side = 0; same_language && side < 2; ++side) {
      const size_t other = 1 - side;
      if (b.count[side] > a.count[side] && a.count[other] > b.count[other])
        return "says '" + (a.word[other].empty() ? std::string("?") : a.word[other]) + "' where " + who + " said '" +
               b.word[side] + "'";
    }
    const bool kept =
        (b.first_before_second && a.first_before_second) || (b.second_before_first && a.second_before_first);
    if ((b.first_before_second || b.second_before_first) && (a.first_before_second || a.second_before_first) && !kept)
      return "swaps '" + a.word[0] + "' and '" + a.word[1] + "'";
  }
  return std::nullopt;
}

// The names or the terms of a text, with their orders within a clause and
// what each clause says of a single one.
struct Named {
  const std::vector<std::string>& items;
  const std::vector<std::pair<std::string, std::string>>& orders;
  const std::vector<std::pair<std::string, std::string>>& lists;
  const std::vector<Meaning::Role>& roles;
  const std::map<std::string, std::string>* words = nullptr;  // a term's key -> its word as written
  std::string operator()(const std::string& item) const {
    const auto it = words ? words->find(item) : std::map<std::string, std::string>::const_iterator{};
    return words && it != words->end() ? it->second : item;
  }
};

std::optional<std::string> named_changed(const Named& before, const Named& after) {
  std::vector<std::string> gone, added;
  std::set_difference(before.items.begin(), before.items.end(), after.items.begin(), after.items.end(),
                      std::back_inserter(gone));
  std::set_difference(after.items.begin(), after.items.end(), before.items.begin(), before.items.end(),
                      std::back_inserter(added));
  if (!gone.empty() && !added.empty())
    return "names '" + after(added.front()) + "' where it named '" + before(gone.front()) + "'";
  const auto has = [](const std::vector<std::pair<std::string, std::string>>& orders, const std::string& x,
                      const std::string& y) {
    return std::find(orders.begin(), orders.end(), std::pair{x, y}) != orders.end();
  };
  // A list that lost one ("Vernio und Sinhara sprengen" -> "Nur Vernio
  // sprengt"); a pronoun in the place of all of them loses none.
  for (const auto& [x, y] : before.lists)
    for (const auto& [lost, kept] : {std::pair{x, y}, std::pair{y, x}})
      if (std::binary_search(gone.begin(), gone.end(), lost) &&
          std::binary_search(after.items.begin(), after.items.end(), kept))
        return "no longer names '" + before(lost) + "' beside '" + after(kept) + "'";
  for (const auto& [x, y] : before.orders)
    if (has(after.orders, y, x) && !has(after.orders, x, y))
      return "names '" + after(y) + "' and '" + after(x) + "' the other way round";
  // Who does what: the words a clause said of one name now said of another
  // ("Sinhara bleibt verschont, Vernio nicht"); clauses put the other way
  // round keep their names.
  for (const Meaning::Role& was : before.roles) {
    // One that now stands in a list with others ("Sie gelten bei Bündnis,
    // bei Unterwerfung und im Standardspiel") shares what the list says.
    if (std::any_of(after.lists.begin(), after.lists.end(),
                    [&](const auto& o) { return o.first == was.name || o.second == was.name; }))
      continue;
    double best = 0, own = 0;
    const Meaning::Role* best_role = nullptr;
    for (const Meaning::Role& now : after.roles) {
      const double l = likeness(was.words, now.words);
      if (now.name == was.name) own = std::max(own, l);
      if (l > best) best = l, best_role = &now;
    }
    if (best_role && best_role->name != was.name && best >= 0.6 && best > own + 0.2)
      return "says of '" + after(best_role->name) + "' what it said of '" + before(was.name) + "'";
  }
  return std::nullopt;
}

std::optional<std::string> names_changed(const Meaning& before, const Meaning& after) {
  if (auto why = named_changed({before.names, before.name_orders, before.name_lists, before.roles},
                               {after.names, after.name_orders, after.name_lists, after.roles}))
    return why;
  // Terms keep no order: "aus dem Vorrat zwei Argumente" is "zwei Argumente
  // aus dem Vorrat".
  const std::vector<std::pair<std::string, std::string>> unordered;
  if (auto why = named_changed({before.terms, unordered, before.term_lists, before.term_roles, &before.term_words},
                               {after.terms, unordered, after.term_lists, after.term_roles, &after.term_words}))
    return why;
  // A name for a thing of the game, or the other way round ("als Team
  // Saurons Auge" -> "als Team der Gefährten"); a counted noun for a name
  // ("Beide Karten") may be a rewording.
  const auto difference = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::vector<std::string> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
  };
  const auto names_gone = difference(before.names, after.names), names_added = difference(after.names, before.names);
  const auto terms_gone = difference(before.proper_terms, after.proper_terms),
             terms_added = difference(after.proper_terms, before.proper_terms);
  const auto word = [](const Meaning& m, const std::string& key) {
    const auto it = m.term_words.find(key);
    return it == m.term_words.end() ? key : it->second;
  };
  if (!names_gone.empty() && !terms_added.empty())
    return "names '" + word(after, terms_added.front()) + "' where it named '" + names_gone.front() + "'";
  if (!terms_gone.empty() && !names_added.empty())
    return "names '" + names_added.front() + "' where it named '" + word(before, terms_gone.front()) + "'";
  return std::nullopt;
}

// Ordinal places said in the place of others ("zweithöchste" for
// "dritthöchste"), in one language or across two by their ends' keys.
std::optional<std::string> ranks_changed(const Meaning& before, const Meaning& after, bool same_language) {
  std::vector<Meaning::Rank> gone, added;
  std::set_difference(before.ranks.begin(), before.ranks.end(), after.ranks.begin(), after.ranks.end(),
                      std::back_inserter(gone));
  std::set_difference(after.ranks.begin(), after.ranks.end(), before.ranks.begin(), before.ranks.end(),
                      std::back_inserter(added));
  for (const Meaning::Rank& g : gone)
    for (const Meaning::Rank& a : added)
      if (a.end == g.end)
        return "says '" + a.word + "' where " + (same_language ? "it" : "its source") + " said '" + g.word + "'";
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
  w.ranks = rank_words(model, game.language);
  w.conjunctions = conjunction_words(model, game.language);
  w.passive = passive_words(model, game.language);
  if (facts.terms && facts.terms->is_map())
    for (const auto& [term, forms] : facts.terms->map) w.proper_terms.insert(term);
  for (auto& [term, forms] : facts.term_forms(game.language)) {
    std::vector<std::string> lower;
    for (const std::string& f : forms) lower.push_back(lower_case(f, game.language));
    w.terms.emplace_back(term, std::move(lower));
  }
  if (facts.cases && facts.cases->is_map())
    for (const auto& [item, languages] : facts.cases->map) {
      const std::optional<RoleItem> named = role_item(game, facts, item);
      if (!named) continue;
      const model::Value* forms = nullptr;
      for (std::string tag = game.language; !tag.empty() && !forms; tag = parent_language(tag))
        if (const model::Value* f = languages.find(tag); f && f->is_map()) forms = f;
      if (!forms) continue;
      for (const std::string& name : named->names)
        for (const auto& c : forms->map)
          if (c.value.is_scalar()) w.name_cases[name].emplace_back(c.key, lower_tokens(c.value.scalar, game.language));
    }
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
    // A count of a noun the facts count is backed by those facts only ("sechs
    // Referenzkarten" is not backed by the six classes); a deal counts what
    // each player is dealt, whatever the noun.
    const bool counted = !q.noun.empty() && std::any_of(w.facts->facts.begin(), w.facts->facts.end(),
                                                        [&](const Fact& f) { return f.of == q.noun; });
    const bool backed = std::any_of(w.facts->facts.begin(), w.facts->facts.end(), [&](const Fact& f) {
      if (!f.value || (f.kind != FactKind::Count && f.kind != FactKind::Points && f.kind != FactKind::Deal))
        return false;
      const bool about = q.noun.empty() || f.of == q.noun || f.kind == FactKind::Deal || (!counted && f.of.empty());
      return closed_bound(*f.value, f.compare) == number && about;
    });
    // A number the rules print elsewhere ("90-60-30-0", the Absage steps) is
    // the game's too, unless it counts what the facts count.
    if (backed || (!counted && w.printed_numbers.count(q.n))) m.backed.push_back(number);
  }
  std::sort(m.numbers.begin(), m.numbers.end());
  std::sort(m.backed.begin(), m.backed.end());
  return spans;
}

// What a clause says of its one name or term: its other words of four
// letters or more.
std::vector<std::string> said_of(const std::vector<std::string>& words, const std::vector<std::string>& own) {
  std::vector<std::string> out;
  for (const std::string& word : words)
    if (word.size() >= 4 &&
        std::none_of(own.begin(), own.end(), [&](const std::string& n) { return same_word(n, word); }))
      out.push_back(word);
  std::sort(out.begin(), out.end());
  return out;
}

void read_opposites(Meaning& m, const std::vector<std::string>& words, const Wording& w) {
  for (const OppositeWords& o : w.opposites) {
    // Each side's matches; one inside a longer match of the other side is
    // that one's ("Uhrzeigersinn" in "gegen den Uhrzeigersinn").
    struct Match {
      size_t side, at, length;
      std::string form;
    };
    std::vector<Match> found;
    for (size_t side = 0; side < 2; ++side)
      for (const std::string& form : o.sides[side]) {
        const std::vector<std::string> tokens = lower_tokens(form, w.language);
        if (tokens.empty()) continue;
        for (auto at = std::search(words.begin(), words.end(), tokens.begin(), tokens.end()); at != words.end();
             at = std::search(at + 1, words.end(), tokens.begin(), tokens.end()))
          found.push_back({side, static_cast<size_t>(at - words.begin()), tokens.size(), form});
      }
    std::erase_if(found, [&](const Match& x) {
      return std::any_of(found.begin(), found.end(), [&](const Match& y) {
        return y.side != x.side && y.length > x.length && y.at <= x.at && x.at + x.length <= y.at + y.length;
      });
    });
    std::array<std::optional<size_t>, 2> at;
    std::array<std::string, 2> form;
    for (const Match& x : found) ++m.opposites[o.key].count[x.side];
    for (const Match& x : found)
      if (!at[x.side] || x.at < *at[x.side]) {
        at[x.side] = x.at;
        form[x.side] = x.form;
        if (m.opposites[o.key].word[x.side].empty()) m.opposites[o.key].word[x.side] = x.form;
      }
    if (at[0] && at[1])
      (*at[0] < *at[1] ? m.opposites[o.key].first_before_second : m.opposites[o.key].second_before_first) = true;
    if (at[0].has_value() != at[1].has_value()) {
      const size_t side = at[0] ? 0 : 1;
      Meaning::OppositeRole role{o.key, side, form[side], {}};
      const size_t length = lower_tokens(form[side], w.language).size();
      for (size_t i = 0; i < words.size(); ++i)
        if (words[i].size() >= 4 && (i < *at[side] || i >= *at[side] + length)) role.words.push_back(words[i]);
      std::sort(role.words.begin(), role.words.end());
      if (!role.words.empty()) m.opposite_roles.push_back(std::move(role));
    }
  }
}

void read_terms(Meaning& m, const std::string& clause, const Wording& w) {
  const std::vector<Token> clause_tokens = tokenize(clause, w.language);
  std::vector<std::string> words;
  words.reserve(clause_tokens.size());
  for (const Token& t : clause_tokens) words.push_back(t.lower);
  std::vector<std::pair<size_t, std::string>> found;  // where, key
  std::vector<std::string> own;                       // the words of the terms found
  for (const auto& [key, forms] : w.terms)
    for (const std::string& form : forms) {
      const std::vector<std::string> tokens = lower_tokens(form, w.language);
      // Only the forms the game declares: a term's inflection cannot be
      // guessed ("spielt" is no form of "Spiel").
      const auto place = find_form(words, tokens);
      if (!place) continue;
      found.emplace_back(*place, key);
      // As written ("Gefährten"), for the message.
      const size_t begin = clause_tokens[*place].begin, end = clause_tokens[*place + tokens.size() - 1].end;
      m.term_words.emplace(key, clause.substr(begin, end - begin));
      own.insert(own.end(), words.begin() + static_cast<long>(*place),
                 words.begin() + static_cast<long>(*place + tokens.size()));
      break;
    }
  std::sort(found.begin(), found.end());
  for (const auto& place : found) m.terms.push_back(place.second);
  if (found.size() != 1) return;
  Meaning::Role role{found.front().second, said_of(words, own)};
  if (!role.words.empty()) m.term_roles.push_back(std::move(role));
}

// The ordinal places of a text: a stem of an end, with a place word in
// front of it in one word ("dritthöchste") or before it ("second highest",
// "second-to-last").
void read_ranks(Meaning& m, const std::vector<Token>& tokens, const Wording& w) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i].lower;
    for (const auto& [stem, end] : w.ranks.ends) {
      const size_t at = t.find(stem);
      // An inflection follows ("höchsten"), a word does not ("höchstens").
      if (at == std::string::npos || t.size() - at - stem.size() > 2) continue;
      // "die letzten zwei Karten", "the last two cards": a count, no place.
      if (i + 1 < tokens.size() && tokens[i + 1].number) break;
      int place = at == 0 ? 1 : 0;
      std::string word = t;
      for (const auto& [form, n] : w.ranks.places) {
        if (at > 0 && t.compare(0, at, form) == 0 && at == form.size()) place = n;
        if (at > 0) continue;
        // The place before it, in words of its own.
        const std::vector<std::string> before = lower_tokens(form, w.language);
        if (before.size() > i) continue;
        bool match = true;
        for (size_t k = 0; k < before.size() && match; ++k) match = tokens[i - before.size() + k].lower == before[k];
        if (match && n > place) {
          place = n;
          word = form + " " + t;
        }
      }
      if (place > 0) m.ranks.push_back({end, place, word});
      break;
    }
  }
  std::sort(m.ranks.begin(), m.ranks.end());
}

// The game's terms next to each other in a list.
std::vector<std::pair<std::string, std::string>> term_lists(const std::string& text, const Wording& w) {
  const std::vector<Token> tokens = tokenize(text, w.language);
  std::vector<std::string> words;
  words.reserve(tokens.size());
  for (const Token& t : tokens) words.push_back(t.lower);
  std::vector<std::tuple<size_t, size_t, std::string>> places;
  for (const auto& [key, forms] : w.terms)
    for (const std::string& form : forms) {
      const std::vector<std::string> form_words = lower_tokens(form, w.language);
      if (const auto at = find_form(words, form_words)) {
        places.emplace_back(tokens[*at].begin, tokens[*at + form_words.size() - 1].end, key);
        break;
      }
    }
  std::sort(places.begin(), places.end());
  return lists_of(text, places, w);
}

// The opposites, names, terms, their orders and roles of one clause.
void read_clause(Meaning& m, const std::string& clause, const Wording& w) {
  const std::vector<std::string> words = lower_tokens(clause, w.language);
  read_opposites(m, words, w);
  read_terms(m, clause, w);
  const std::vector<std::string> named = names_in(clause, w.names);
  m.names.insert(m.names.end(), named.begin(), named.end());
  const auto has_any = [&](const std::vector<std::string>& list) {
    return std::any_of(words.begin(), words.end(), [&](const std::string& word) {
      return std::find(list.begin(), list.end(), word) != list.end();
    });
  };
  const bool passive = has_any(w.passive.auxiliaries) && has_any(w.passive.agents);
  // The case a name stands in here, where a form of it is written
  // ("dem Drachen": dat); empty where none is.
  const auto case_of = [&](const std::string& name) {
    const auto it = w.name_cases.find(name);
    if (it == w.name_cases.end()) return std::string();
    for (const auto& [grammatical_case, form] : it->second)
      if (!form.empty() && find_form(words, form)) return grammatical_case;
    return std::string();
  };
  for (size_t i = 0; i < named.size(); ++i)
    for (size_t j = i + 1; j < named.size(); ++j) {
      // Two names marked by different cases are ordered by their cases:
      // "Dem Drachen raubt der Ritter den Hort" says what "Der Ritter raubt
      // dem Drachen den Hort" says; the names' cases swapped do not.
      const std::string ci = case_of(named[i]), cj = case_of(named[j]);
      if (!ci.empty() && !cj.empty() && ci != cj) {
        m.name_orders.emplace_back(ci < cj ? named[i] : named[j], ci < cj ? named[j] : named[i]);
        continue;
      }
      m.name_orders.emplace_back(passive ? named[j] : named[i], passive ? named[i] : named[j]);
    }
  if (named.size() != 1) return;
  Meaning::Role role{named.front(), said_of(words, lower_tokens(named.front(), w.language))};
  if (!role.words.empty()) m.roles.push_back(std::move(role));
}

}  // namespace

std::string joined_parts(const std::string& text, const std::vector<std::string>& names,
                         const std::vector<std::string>& conjunctions) {
  std::string out = text;
  const auto word_start = [&](size_t at) { return !letter_before(out, at); };
  for (const std::string& conjunction : conjunctions)
    for (const std::string& name : names) {
      // "Voll- oder Sichelmond": a name ("Vollmond") that is the part before
      // the hyphen and the end of the next word.
      for (size_t dash = out.find("- " + conjunction + " "); dash != std::string::npos;
           dash = out.find("- " + conjunction + " ", dash + 1)) {
        size_t head = dash;
        while (letter_before(out, head)) --head;
        const std::string part = out.substr(head, dash - head);
        if (part.empty() || !name.starts_with(part) || name.size() < part.size() + 3) continue;
        const std::string tail = name.substr(part.size());
        size_t next = dash + 3 + conjunction.size();
        const size_t next_end = word_end(out, next);
        if (next_end - next > tail.size() && out.compare(next_end - tail.size(), tail.size(), tail) == 0)
          out.replace(head, dash + 1 - head, name);
      }
      // "Full or Crescent Moon": a name of several words ("Full Moon") whose
      // first words stand before the conjunction and whose last word ends
      // the name after it.
      const size_t space = name.rfind(' ');
      if (space == std::string::npos) continue;
      const std::string first = name.substr(0, space), last = name.substr(space);
      const std::string joint = first + " " + conjunction + " ";
      for (size_t at = out.find(joint); at != std::string::npos; at = out.find(joint, at + 1)) {
        if (!word_start(at)) continue;
        const size_t next = at + joint.size();
        const bool shared = std::any_of(names.begin(), names.end(), [&](const std::string& other) {
          return other != name && other.ends_with(last) && out.compare(next, other.size(), other) == 0;
        });
        if (shared) out.insert(at + first.size(), last);
      }
    }
  return out;
}

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
  const std::string whole = joined_parts(shown, w.names, w.conjunctions);
  read_ranks(m, tokenize(whole, w.language), w);
  m.name_lists = name_lists(whole, w);
  m.term_lists = term_lists(whole, w);
  for (const std::string& clause : clauses(whole)) read_clause(m, clause, w);
  for (std::vector<std::string>* items : {&m.names, &m.terms}) {
    std::sort(items->begin(), items->end());
    items->erase(std::unique(items->begin(), items->end()), items->end());
  }
  for (const std::string& term : m.terms)
    if (w.proper_terms.count(term)) m.proper_terms.push_back(term);
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
  if (auto why = ranks_changed(before, after, same_language)) return why;
  if (same_language) return names_changed(before, after);
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
