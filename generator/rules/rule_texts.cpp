#include "rules/rule_texts.h"

#include <algorithm>
#include <memory>
#include <set>

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include "model/strings.h"
#include "project/project.h"
#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/rewording.h"
#include "rules/support.h"
#include "yaml/reader.h"

namespace kw::rules {

namespace {

struct Span {
  size_t begin = 0, end = 0;
};

// At most `bytes` bytes of `text`, never cutting a character in two.
std::string utf8_prefix(const std::string& text, size_t bytes) {
  if (text.size() <= bytes) return text;
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
  return text.substr(0, bytes);
}

// The sentences of a text: each line on its own (a reference card's lines
// are statements without a full stop), then ICU's sentence breaks.
std::vector<Span> sentences(const std::string& text, const std::string& language) {
  std::vector<Span> out;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> breaks(
      icu::BreakIterator::createSentenceInstance(icu::Locale(language.c_str()), status));
  size_t line_start = 0;
  while (line_start <= text.size()) {
    size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    std::string line = text.substr(line_start, line_end - line_start);
    // A printed value starts a sentence as a capital does ("… bekommt sie.
    // {{fact.fessel_broken}}. Den Tod …"): ICU breaks before a capital,
    // not before a brace. Same length, so the offsets stand.
    for (size_t at = line.find("{{"); at != std::string::npos; at = line.find("{{", at + 2)) line.replace(at, 2, "Xx");
    if (U_SUCCESS(status) && !line.empty()) {
      // ICU counts in UTF-16 units: map them back to bytes of the line.
      icu::UnicodeString u = icu::UnicodeString::fromUTF8(line);
      breaks->setText(u);
      int32_t from = breaks->first();
      for (int32_t to = breaks->next(); to != icu::BreakIterator::DONE; from = to, to = breaks->next()) {
        std::string piece;
        u.tempSubStringBetween(from, to).toUTF8String(piece);
        std::string before;
        u.tempSubStringBetween(0, from).toUTF8String(before);
        const size_t begin = line_start + before.size();
        if (std::any_of(piece.begin(), piece.end(),
                        [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80); }))
          out.push_back({begin, begin + piece.size()});
      }
    }
    line_start = line_end + 1;
  }
  return out;
}

// A text that prints rules, with the claims of its card or entry.
struct RuleText {
  const model::Value* text = nullptr;
  const model::Value* claims = nullptr;
  std::string card;                    // for findings
  bool narrative = false;              // a story: only the facts' nouns make a rule sentence
  std::vector<std::string> own_names;  // the card's or entry's names: what a claim on it names without saying so
};

std::vector<RuleText> rule_texts(const model::Game& game, const FactSet& facts) {
  std::vector<RuleText> out;
  if (!facts.texts || !facts.texts->is_list()) return out;
  for (const auto& place : facts.texts->list) {
    const model::Value* field_v = place.find("field");
    if (!field_v) continue;
    const std::string& path = field_v->scalar;
    const model::Value* narrative_v = place.find("narrative");
    const bool narrative = narrative_v && narrative_v->as_bool().value_or(false);
    if (const model::Value* d = place.find("deck"))
      if (const model::Deck* deck = game.deck(d->scalar))
        for (const auto& card : deck->cards) {
          if (card.copy > 1) continue;
          const model::Value* t = field(game, card, path);
          if (t && t->is_scalar())
            out.push_back({t, field(game, card, "claims"), card.id, narrative, card_names(card.fields)});
        }
    if (const model::Value* tv = place.find("table"))
      if (const model::Table* table = game.table(tv->scalar))
        for (const auto& entry : table->entries) {
          const model::Value* t = entry_field(entry, path);
          if (t && t->is_scalar())
            out.push_back(
                {t, entry_field(entry, "claims"), tv->scalar + "." + entry.id, narrative, {entry_text(entry, "name")}});
        }
  }
  return out;
}

bool quantitative(const Fact& f) {
  return f.kind == FactKind::Count || f.kind == FactKind::Points || f.kind == FactKind::Deal;
}

// "at least 5 koenig": a number as the facts' vocabulary says it.
std::string stated(long long n, Compare compare, const std::string& of) {
  std::string cmp = id(compare);
  std::replace(cmp.begin(), cmp.end(), '_', ' ');
  return (compare == Compare::Exactly ? "exactly " : cmp + " ") + std::to_string(n) +
         (of.empty() ? "" : " '" + of + "'");
}

std::string stated(const Fact& f) { return stated(f.value.value_or(0), f.compare, f.of); }

bool states(const Quantity& q, const Fact& f) {
  return closed_bound(q.n, q.compare) == closed_bound(*f.value, f.compare) &&
         (q.noun.empty() || f.of.empty() || q.noun == f.of);
}

class Judge {
 public:
  Judge(const model::Model& model, const model::Game& game, Diagnostics& out)
      : model_(model), game_(game), sink_(out, game, "facts.texts"), facts_(read_facts(game)) {}

  RuleTextCoverage run() {
    check_structure();
    // In a translated load, a text without its translation shows its source:
    // it is judged in the source language's load, not read with this
    // language's words (a German "keinen" is no English negation); the
    // translation summary says it is missing.
    std::set<std::string> untranslated;
    if (!game_.in_source_language())
      for (const model::SourceString& s : model::data_strings(game_))
        if (!model::applied_translation(game_, s.id, s.text)) untranslated.insert(s.loc.str());
    RuleTextCoverage counts;
    for (const RuleText& t : rule_texts(game_, facts_))
      if (!untranslated.count(t.text->loc.str())) judge(t, counts);
    return counts;
  }

 private:
  SourceLoc at(const model::Value& v, const std::string& needle) const {
    return model_.project && !needle.empty() ? locate_in_source(*model_.project, v.loc, needle) : v.loc;
  }

  const Fact* claimed_fact(const model::Value& claim, const RuleText& t) {
    const model::Value* id_v = claim.find("fact");
    if (!id_v) return nullptr;
    if (facts_.removed.count(id_v->scalar)) {
      sink_.error(id_v->loc, "the text claims fact '" + id_v->scalar + "', which this variant removes", t.card,
                  "the variant removes it at " + facts_.removed.at(id_v->scalar).str() + ": change the text too");
      return nullptr;
    }
    const Fact* f = facts_.find(id_v->scalar);
    if (!f) sink_.error(id_v->loc, "the text claims fact '" + id_v->scalar + "', which the facts do not state", t.card);
    return f;
  }

  // Does `words` (in the text) state fact `f`?
  std::optional<std::string> contradiction(const std::string& words, const Fact& f, const RuleText& t) {
    const std::string& lang = game_.language;
    if (f.kind == FactKind::Effect) return effect_contradiction(words, f, t);
    if (quantitative(f)) {
      const auto found = quantities(words, model_, lang, facts_);
      if (std::any_of(found.begin(), found.end(), [&](const Quantity& q) { return states(q, f); })) return std::nullopt;
      for (const Quantity& q : found)
        if (q.noun == f.of || f.of.empty() || q.noun.empty())
          return "'" + words.substr(q.begin, q.end - q.begin) + "' states " + stated(q.n, q.compare, f.of) +
                 ", fact '" + f.id + "' " + stated(f);
      return "'" + words + "' states no number: fact '" + f.id + "' is " + stated(f);
    }
    if (f.kind == FactKind::Players) {
      const auto found = quantities(words, model_, lang, facts_);
      // A range is two numbers with a few characters between them ("3 bis
      // 5", "3–5", "3 to 5"): both ends must be the fact's.
      for (size_t i = 0; i + 1 < found.size(); ++i) {
        const Quantity &low = found[i], &high = found[i + 1];
        if (high.begin < low.end || high.begin - low.end > 6 || low.n >= high.n) continue;
        if (low.n == *f.min && high.n == *f.max) return std::nullopt;
        return "'" + words.substr(low.begin, high.end - low.begin) + "' states " + std::to_string(low.n) + " to " +
               std::to_string(high.n) + " players, fact '" + f.id + "' " + std::to_string(*f.min) + " to " +
               std::to_string(*f.max);
      }
      for (long long want : {*f.min, *f.max})
        if (std::none_of(found.begin(), found.end(), [&](const Quantity& q) { return q.n == want; }))
          return "'" + words + "' does not state " + std::to_string(want) + " players (fact '" + f.id +
                 "': " + std::to_string(*f.min) + " to " + std::to_string(*f.max) + ")";
      return std::nullopt;
    }
    RuleValues values;
    add_fact_values(model_, game_, values);
    if (f.kind == FactKind::Binding) {
      const std::string& name = values["fact." + f.id];
      if (words.find(name) == std::string::npos)
        return "'" + words + "' does not name '" + name + "', which fact '" + f.id + "' binds";
    }
    return std::nullopt;
  }

  // Claimed words of an effect against the sides of opposites it states:
  // "legt sie verdeckt aus" where the fact says open, written in the text
  // and its claim alike, leaves no wording to compare; the fact still
  // says which side.
  std::optional<std::string> effect_contradiction(const std::string& words, const Fact& f, const RuleText&) {
    if (f.sides.empty() && !f.negated) return std::nullopt;
    const Wording& w = rewording();
    const Meaning m = meaning_of(printed_text(words, w.values), w);
    // "Macht selbst keinen Stich" -> "Kann selbst einen Stich machen": a
    // double negation states it too.
    if (f.negated && *f.negated != (m.negations % 2 == 1))
      return "'" + words + "' states it " + (*f.negated ? "without" : "with") + " a negation, fact '" + f.id +
             "' states it " + (*f.negated ? "negated" : "not negated");
    for (const auto& [key, side] : f.sides) {
      const auto found = m.opposites.find(key);
      const auto stated_side = side_index(key, side);
      if (found == m.opposites.end() || !stated_side) continue;
      const size_t other = 1 - *stated_side;
      if (found->second.count[other] > 0 && found->second.count[*stated_side] == 0)
        return "'" + words + "' says '" + found->second.word[other] + "', fact '" + f.id + "' states " + side;
    }
    return std::nullopt;
  }

  // A sentence holding claimed words of facts that say what they involve
  // (an effect's roles, a ranking's items, a binding's name) names only
  // what those facts involve and the card the text is on; each claim's own
  // words name only what its own fact involves. A name swapped in the text
  // and its claim alike ("Vernio und der Waldherr sprengen die Fessel")
  // leaves no wording to compare: the facts still say who. A sentence that
  // also claims an effect without roles is not judged as a whole: what
  // that one involves is unknown.
  void check_involved(const RuleText& t) {
    if (!t.claims || !t.claims->is_list()) return;
    const std::string& text = t.text->scalar;
    std::vector<std::pair<Span, const Fact*>> held;
    for (const model::Value& claim : t.claims->list) {
      const model::Value* says = claim.find("says");
      const model::Value* fact_v = claim.find("fact");
      const Fact* f = fact_v ? facts_.find(fact_v->scalar) : nullptr;
      if (!f || !says || !says->is_scalar() || says->scalar.empty()) continue;
      const size_t pos = text.find(says->scalar);
      if (pos == std::string::npos) continue;
      held.push_back({{pos, pos + says->scalar.size()}, f});
      if (closed(*f)) judge_involved(t, says->scalar, {f});
      if (const model::Value* of = claim.find("roles")) judge_roles_of(t, says->scalar, *f, *of);
    }
    for (const Span& s : sentences(text, game_.language)) {
      std::vector<const Fact*> about;
      bool open_world = false, any_closed = false;
      for (const auto& [span, f] : held)
        if (span.begin < s.end && span.end > s.begin) {
          about.push_back(f);
          any_closed = any_closed || closed(*f);
          open_world = open_world || (f->kind == FactKind::Effect && f->roles.empty());
        }
      if (any_closed && !open_world) judge_involved(t, text.substr(s.begin, s.end - s.begin), about);
    }
  }

  // A claim's `roles:` names the roles of its fact its words state ("Der
  // Balrog spielt dann eine neue Karte": of the magie's `whom`). Its words
  // may then name nothing the fact has only in another role: "Gandalf
  // spielt dann …", written in the text and the claim alike, names the
  // fact's `who`. Roles alone cannot tell that; the claim says which.
  void judge_roles_of(const RuleText& t, const std::string& says, const Fact& f, const model::Value& of) {
    std::vector<std::string> wanted;
    if (of.is_scalar()) wanted.push_back(of.scalar);
    for (const model::Value& r : of.list) wanted.push_back(r.scalar);
    std::set<std::string> stated;  // the ids of the roles it states
    for (const std::string& role : wanted) {
      const auto it = std::find_if(f.roles.begin(), f.roles.end(), [&](const auto& r) { return r.first == role; });
      if (it == f.roles.end()) {
        std::vector<std::string> roles;
        for (const auto& r : f.roles) roles.push_back(r.first);
        const std::string near = yaml::closest_name(role, roles);
        std::string all;
        for (const std::string& r : roles) all += (all.empty() ? "" : ", ") + r;
        sink_.error(of.loc,
                    "the claim says it states role '" + role + "' of fact '" + f.id + "', which has no such role",
                    t.card, (near.empty() ? "" : "did you mean '" + near + "'? ") + "its roles: " + all);
        return;
      }
      stated.insert(it->second.begin(), it->second.end());
    }
    const Wording& w = rewording();
    const Meaning m = meaning_of(printed_text(says, w.values), w);
    for (const auto& [role, ids] : f.roles)
      for (const std::string& id : ids) {
        if (stated.count(id)) continue;
        const std::optional<RoleItem> item = role_item(game_, facts_, id);
        if (!item) continue;
        std::string named;
        if (!item->term.empty()) {
          if (std::find(m.proper_terms.begin(), m.proper_terms.end(), item->term) != m.proper_terms.end())
            named = m.term_words.count(item->term) ? m.term_words.at(item->term) : item->term;
        } else {
          for (const std::string& name : m.names)
            for (const std::string& n : item->names)
              if (name == n || (n.size() > name.size() && n.ends_with(name) && n[n.size() - name.size() - 1] == ' '))
                named = name;
        }
        // The card the text is on may stand in any role ("sein eigener").
        if (named.empty() || std::find(t.own_names.begin(), t.own_names.end(), named) != t.own_names.end()) continue;
        std::string of_list;
        for (const std::string& r : wanted) of_list += (of_list.empty() ? "" : ", ") + r;
        sink_.error(at(*t.text, says),
                    "'" + utf8_prefix(says, 60) + "' names '" + named + "', which fact '" + f.id + "' has as its " +
                        role + ", not as its " + of_list + " (the claim's roles:)",
                    t.card,
                    "if the sentence does state the " + role + " too, add it: roles: [" + of_list + ", " + role + "]");
        return;
      }
  }

  // Does the fact say all it involves? An effect with roles, a ranking.
  static bool closed(const Fact& f) {
    return (f.kind == FactKind::Effect && !f.roles.empty()) || f.kind == FactKind::Ranking;
  }

  // `words` (a sentence, or one claim's words) against what the facts
  // `about` involve and the ordinal places they state; one finding at the
  // words. A finding reported once for a claim's words is not repeated
  // for its sentence.
  void judge_involved(const RuleText& t, const std::string& words, const std::vector<const Fact*>& about) {
    const Wording& w = rewording();
    // What a {{fact.…}} prints is generated from its own fact: only the
    // sentence's own words and {{rules.…}} values are judged here.
    std::string own = words;
    for (size_t open = own.find("{{fact."); open != std::string::npos; open = own.find("{{fact.", open)) {
      const size_t close = own.find("}}", open);
      if (close == std::string::npos) break;
      own.erase(open, close + 2 - open);
    }
    const Meaning m = meaning_of(printed_text(own, w.values), w);
    std::vector<std::string> allowed_names;
    std::set<std::string> allowed_terms;
    std::string involved, fact_ids, first_at;
    auto involve = [&](const std::string& item_id) {
      if (auto item = role_item(game_, facts_, item_id)) {
        involved += (involved.empty() ? "" : ", ") + (item->names.empty() ? item_id : item->names.front());
        if (!item->term.empty()) allowed_terms.insert(item->term);
        for (const std::string& n : item->names) allowed_names.push_back(n);
      }
    };
    std::string why;
    for (const Fact* f : about) {
      if (fact_ids.find("'" + f->id + "'") != std::string::npos) continue;
      fact_ids += (fact_ids.empty() ? "'" : ", '") + f->id + "'";
      if (first_at.empty() && closed(*f)) first_at = f->loc.str();
      for (const auto& [role, ids] : f->roles)
        for (const std::string& item_id : ids) involve(item_id);
      if (f->kind == FactKind::Binding) involve(f->id);
      for (const std::string& item_id : f->order) involve(item_id);
      for (const auto& [end, place] : f->ranks)
        for (const Meaning::Rank& r : m.ranks)
          if (r.end == end && r.place != place && why.empty())
            why = "says '" + r.word + "' (place " + std::to_string(r.place) + " from the " + end + "), fact '" + f->id +
                  "' states place " + std::to_string(place);
    }
    // What needs no role: the card the text is on, and the game itself.
    allowed_names.insert(allowed_names.end(), t.own_names.begin(), t.own_names.end());
    allowed_names.push_back(game_.name);
    // "Tod" is named by "Der Tod": a name found may be the last word of one allowed.
    auto allowed = [&](const std::string& name) {
      return std::any_of(allowed_names.begin(), allowed_names.end(), [&](const std::string& a) {
        return a == name || (a.size() > name.size() && a.ends_with(name) && a[a.size() - name.size() - 1] == ' ') ||
               (name.size() > a.size() && name.ends_with(a) && name[name.size() - a.size() - 1] == ' ');
      });
    };
    std::string others, ids;
    for (const std::string& name : m.names)
      if (!allowed(name)) {
        others += (others.empty() ? "'" : ", '") + name + "'";
        ids += (ids.empty() ? "" : ", ") + id_of_name(name);
      }
    // The game's words are an effect's (its roles name them); a ranking
    // ranks names only.
    const bool terms = std::any_of(about.begin(), about.end(), [](const Fact* f) { return !f->roles.empty(); });
    for (const std::string& term : m.proper_terms)
      if (terms && !allowed_terms.count(term)) {
        others += (others.empty() ? "'" : ", '") + (m.term_words.count(term) ? m.term_words.at(term) : term) + "'";
        ids += (ids.empty() ? "" : ", ") + term;
      }
    if (others.empty() && why.empty()) why = list_incomplete(m, about);
    if (others.empty() && why.empty()) return;
    std::string shown = words;
    shown.erase(0, shown.find_first_not_of(" *"));
    const SourceLoc loc = at(*t.text, utf8_prefix(shown, 40));
    const std::string key = loc.str() + "|" + others + "|" + why;
    if (!reported_.insert(key).second) return;
    const std::string quoted = "'" + (shown.size() > 60 ? utf8_prefix(shown, 57) + "..." : shown) + "' ";
    if (!others.empty())
      sink_.error(loc,
                  quoted + "names " + others + ", which the facts it claims (" + fact_ids +
                      ") do not involve (they involve: " + involved + ")",
                  t.card, "if the rule does involve it, add " + ids + " to a role of the fact at " + first_at);
    else
      sink_.error(loc, quoted + why, t.card);
  }

  // A list that names some of a role's items but not all ("im
  // Standardspiel und bei Unterwerfung" where the role `in` also names the
  // Bündnis): a list says whom a rule is for, so one left out is not for it.
  // One item named alone is not a list of the role ("Vernio sprengt die
  // Fessel" of Vernio and Sinhara).
  std::string list_incomplete(const Meaning& m, const std::vector<const Fact*>& about) const {
    for (const Fact* f : about)
      for (const auto& [role, ids] : f->roles) {
        if (ids.size() < 3) continue;
        std::vector<std::string> named, missing;  // keys as the meaning has them: a term's key or a name
        std::vector<std::string> missing_names;
        for (const std::string& id : ids) {
          const std::optional<RoleItem> item = role_item(game_, facts_, id);
          if (!item) continue;
          std::string key;
          if (!item->term.empty()) {
            if (std::find(m.terms.begin(), m.terms.end(), item->term) != m.terms.end()) key = item->term;
          } else {
            for (const std::string& name : m.names)
              for (const std::string& n : item->names)
                if (name == n || (n.size() > name.size() && n.ends_with(name) && n[n.size() - name.size() - 1] == ' '))
                  key = name;
          }
          if (!key.empty())
            named.push_back(key);
          else
            missing_names.push_back(item->names.empty() ? id : item->names.front());
        }
        if (named.size() < 2 || missing_names.empty()) continue;
        const auto listed = [&](const std::vector<std::pair<std::string, std::string>>& lists) {
          return std::any_of(lists.begin(), lists.end(), [&](const auto& pair) {
            return std::find(named.begin(), named.end(), pair.first) != named.end() &&
                   std::find(named.begin(), named.end(), pair.second) != named.end();
          });
        };
        if (!listed(m.name_lists) && !listed(m.term_lists)) continue;
        std::string left_out;
        for (const std::string& n : missing_names) left_out += (left_out.empty() ? "'" : ", '") + n + "'";
        return "lists what fact '" + f->id + "' names in role '" + role + "' but leaves out " + left_out;
      }
    return {};
  }

  // The id a role names `name` by (a card's, an entry's, a deck's or a
  // binding's), for the hint; the name itself when none has it.
  std::string id_of_name(const std::string& name) const {
    auto is = [&](const std::string& n) {
      return n == name || (n.size() > name.size() && n.ends_with(name) && n[n.size() - name.size() - 1] == ' ');
    };
    for (const model::Deck& deck : game_.decks) {
      for (const model::Card& card : deck.cards)
        for (const std::string& n : card_names(card.fields))
          if (is(n)) return card.def_id;
      if (is(deck.name)) return deck.id;
    }
    for (const model::Table& table : game_.tables)
      for (const model::TableEntry& entry : table.entries)
        if (is(entry_text(entry, "name"))) return table.id + "." + entry.id;
    for (const Fact& f : facts_.facts)
      if (f.kind == FactKind::Binding)
        if (auto item = role_item(game_, facts_, f.id); item && !item->names.empty() && is(item->names.front()))
          return f.id;
    return name;
  }

  // An effect's ranks name an end of the language's ranks, its sides an
  // opposite of its phrasing and one of its halves: a side no text can say
  // would check nothing.
  void check_structure() {
    const RankWords ranks = rank_words(model_, game_.language);
    for (const Fact& f : facts_.facts)
      for (const auto& [end, place] : f.ranks)
        if (!ranks.ends.empty() && std::none_of(ranks.ends.begin(), ranks.ends.end(),
                                                [&, &e = end](const auto& stem) { return stem.second == e; })) {
          const model::Value* rank = f.get("rank");
          const model::Value* at = rank ? rank->find(end) : nullptr;
          std::string keys;
          for (const auto& [stem, key] : ranks.ends)
            if (keys.find(key) == std::string::npos) keys += (keys.empty() ? "" : ", ") + key;
          sink_.error(
              at ? at->loc : f.loc,
              "fact '" + f.id + "': rank: '" + end + "' is no end of the phrasing's ranks (" + game_.language + ")", {},
              "ends: " + keys);
        }
    const std::vector<OppositeWords> opposites = opposite_words(model_, game_.language);
    if (opposites.empty()) return;  // no phrasing for the language: nothing to read sides with
    for (const Fact& f : facts_.facts) {
      const model::Value* sides = f.get("sides");
      for (const auto& entry : f.sides) {
        const std::string& key = entry.first;  // a lambda cannot capture a structured binding (C++20)
        const std::string& side = entry.second;
        const bool known =
            std::any_of(opposites.begin(), opposites.end(), [&](const OppositeWords& o) { return o.key == key; });
        if (known && side_index(key, side)) continue;
        const model::Value* at = sides ? sides->find(key) : nullptr;
        std::string keys;
        for (const OppositeWords& o : opposites)
          if (o.key.find('_') != std::string::npos) keys += (keys.empty() ? "" : ", ") + o.key;
        sink_.error(at ? at->loc : f.loc,
                    "fact '" + f.id + "': sides: " +
                        (known ? "'" + side + "' is neither half of '" + key + "'"
                               : "'" + key + "' is no opposite of the phrasing (" + game_.language + ")"),
                    {}, "opposites with two named sides: " + keys);
      }
    }
  }

  // Which side of opposite `key` ("open_hidden") `side` ("open") is: the
  // key's two halves; nullopt (reported once at the fact) when neither.
  std::optional<size_t> side_index(const std::string& key, const std::string& side) {
    const size_t bar = key.find('_');
    if (bar != std::string::npos && key.substr(0, bar) == side) return 0;
    if (bar != std::string::npos && key.substr(bar + 1) == side) return 1;
    return std::nullopt;
  }

  // Of the quantities a text states, the one that stands where a claimed
  // fact's number stood: its noun, else its comparison, names it.
  // `held`: the spans other claims still find, whose numbers stand.
  static const Quantity* changed_quantity(const std::vector<Quantity>& found, const Fact& f, const std::string& text,
                                          const std::string& says, const std::vector<Span>& held) {
    // The words before the number still stand ("Gandalf +" of "Gandalf
    // +2"): the number after them, where no other claim holds it, changed.
    auto free_at = [&](size_t at) -> const Quantity* {
      for (const Quantity& q : found)
        if (q.begin >= at && q.begin <= at + 1 &&
            std::none_of(held.begin(), held.end(), [&](const Span& h) { return h.begin <= q.begin && q.end <= h.end; }))
          return &q;
      return nullptr;
    };
    for (size_t len = says.size(); len >= 4; --len) {
      const std::string prefix = says.substr(0, len);
      bool seen = false;
      for (size_t pos = text.find(prefix); pos != std::string::npos; pos = text.find(prefix, pos + 1)) {
        seen = true;
        if (const Quantity* q = free_at(pos + len)) return q;
      }
      if (seen) break;
    }
    // A comparison like the fact's ("ab 6" for "at least 7") names it
    // before a bare number of its noun ("5 oder 6 Spielern").
    for (const Quantity& q : found)
      if (closed_bound(q.n, q.compare).second == closed_bound(0, f.compare).second && q.compare != Compare::Exactly &&
          (q.noun.empty() || f.of.empty() || q.noun == f.of))
        return &q;
    if (!f.of.empty())
      for (const Quantity& q : found)
        if (q.noun == f.of) return &q;
    return nullptr;
  }

  void check_claims(const RuleText& t, std::vector<Span>& claimed_spans) {
    if (!t.claims || !t.claims->is_list()) return;
    const std::string& text = t.text->scalar;
    std::vector<Span> held;  // the words of every claim the text still holds
    for (const model::Value& claim : t.claims->list)
      if (const model::Value* says = claim.find("says"); says && says->is_scalar())
        if (const size_t pos = text.find(says->scalar); pos != std::string::npos)
          held.push_back({pos, pos + says->scalar.size()});
    for (const model::Value& claim : t.claims->list) {
      const model::Value* says = claim.find("says");
      if (says && says->is_scalar() && !says->scalar.empty())
        for (size_t pos = text.find(says->scalar); pos != std::string::npos; pos = text.find(says->scalar, pos + 1))
          claimed_spans.push_back({pos, pos + says->scalar.size()});
      const Fact* f = claimed_fact(claim, t);
      if (!f || !says || !says->is_scalar()) continue;
      if (text.find(says->scalar) == std::string::npos) {
        // Reworded: a quantity that states the fact, where no other claim
        // holds the words ("Gandalf zwei Felder vor" for "Gandalf +2"), is
        // fine, and its sentence is claimed.
        if (quantitative(*f)) {
          const auto found = quantities(text, model_, game_.language, facts_);
          const auto restated = std::find_if(found.begin(), found.end(), [&](const Quantity& q) {
            const bool other_claims = std::any_of(held.begin(), held.end(),
                                                  [&](const Span& h) { return h.begin <= q.begin && q.end <= h.end; });
            return !other_claims && (q.noun == f->of || f->of.empty()) && states(q, *f);
          });
          if (restated != found.end()) {
            claimed_spans.push_back({restated->begin, restated->end});
            continue;
          }
          // The text's number changed under its claim ("Vier Gnome" where
          // the claim says "Drei Gnome"): the mistake is in the text.
          if (const Quantity* q = changed_quantity(found, *f, text, says->scalar, held)) {
            const std::string words = text.substr(q->begin, q->end - q->begin);
            claimed_spans.push_back({q->begin, q->end});  // one error for the one mistake
            sink_.error(
                at(*t.text, words),
                "'" + words + "' states " + stated(q->n, q->compare, f->of) + ", fact '" + f->id + "' " + stated(*f),
                t.card, "the claim says '" + says->scalar + "'");
            continue;
          }
        }
        if (!quantitative(*f) && judge_rewording(t, *f, says->scalar, held, claimed_spans)) continue;
        sink_.error(says->loc, "the text no longer says '" + says->scalar + "', which states fact '" + f->id + "'",
                    t.card, "change the claim with the text: both state the same rule");
        continue;
      }
      if (auto why = contradiction(says->scalar, *f, t)) sink_.error(at(*t.text, says->scalar), *why, t.card);
    }
  }

  // The claim's words are gone: the sentence that took their place (the
  // one sharing most of their words, outside the other claims) is judged
  // as a rewording. True when that was said: a finding, or a rewording
  // that keeps the meaning (its sentence is claimed).
  bool judge_rewording(const RuleText& t, const Fact& f, const std::string& says, const std::vector<Span>& held,
                       std::vector<Span>& claimed_spans) {
    const std::string& text = t.text->scalar;
    std::optional<Span> best;
    double best_share = 0;
    // First among the sentences no other claim holds words of (a sentence
    // with another claim states that one: "you play alone against
    // everyone" is the Solo's, not the Bündnis's "play alone"), then among
    // all.
    for (const bool untouched_only : {true, false}) {
      for (const Span& s : sentences(text, game_.language)) {
        const std::string sentence = text.substr(s.begin, s.end - s.begin);
        if (sentence.find("{{") != std::string::npos || std::any_of(held.begin(), held.end(), [&](const Span& h) {
              return untouched_only ? h.begin < s.end && h.end > s.begin : h.begin <= s.begin && s.end <= h.end;
            }))
          continue;  // generated, or another claim's
        const double share = shared_words(says, sentence, game_.language);
        if (share > best_share) best_share = share, best = s;
      }
      if (best && best_share >= 0.5) break;
    }
    // Half of the claim's words: less is another sentence, and the claimed
    // statement is gone.
    if (!best || best_share < 0.5) return false;
    const std::string sentence = text.substr(best->begin, best->end - best->begin);
    std::optional<std::string> why = changed_meaning(says, sentence, f.id, t.card, rewording());
    if (!why && f.kind == FactKind::Binding) why = contradiction(sentence, f, t);
    if (why) {
      std::string shown = sentence;
      shown.erase(0, shown.find_first_not_of(" *"));
      sink_.error(at(*t.text, utf8_prefix(shown, 40)),
                  "'" + (shown.size() > 60 ? utf8_prefix(shown, 57) + "..." : shown) + "' " + *why +
                      " (the claim of fact '" + f.id + "')",
                  t.card, "the claim says '" + says + "'");
    } else if (closed(f) && std::none_of(held.begin(), held.end(),
                                         [&](const Span& h) { return h.begin < best->end && h.end > best->begin; })) {
      // A rewording names only what its fact involves, as the claim did
      // ("sein linker Nachbar" where the fact involves who laid it).
      judge_involved(t, sentence, {&f});
    }
    claimed_spans.push_back(*best);
    return true;
  }

  const Wording& rewording() {
    if (rewording_) return *rewording_;
    std::vector<ClaimedWords> claims;
    for (const RuleText& t : rule_texts(game_, facts_))
      if (t.claims && t.claims->is_list())
        for (const model::Value& claim : t.claims->list) {
          const model::Value* fact = claim.find("fact");
          const model::Value* says = claim.find("says");
          if (fact && says && says->is_scalar()) claims.push_back({fact->scalar, says->scalar, t.card});
        }
    rewording_ = wording(model_, game_, facts_, std::move(claims));
    return *rewording_;
  }

  void check_printed_facts(const RuleText& t) {
    const std::string& text = t.text->scalar;
    for (size_t open = text.find("{{fact."); open != std::string::npos; open = text.find("{{fact.", open + 2)) {
      const size_t close = text.find("}}", open);
      if (close == std::string::npos) break;
      std::string name = text.substr(open + 7, close - open - 7);
      name = name.substr(0, name.find('.'));
      if (facts_.removed.count(name))
        sink_.error(at(*t.text, "{{fact." + name), "the text prints fact '" + name + "', which this variant removes",
                    t.card, "the variant removes it at " + facts_.removed.at(name).str() + ": change the text too");
      // An unknown fact is the layout's finding ("unknown field 'fact.…'").
    }
  }

  void judge(const RuleText& t, RuleTextCoverage& counts) {
    check_printed_facts(t);
    std::vector<Span> claimed;
    check_claims(t, claimed);
    check_involved(t);
    const std::string& text = t.text->scalar;
    for (const Span& s : sentences(text, game_.language)) {
      const std::string sentence = text.substr(s.begin, s.end - s.begin);
      if (sentence.find("{{fact.") != std::string::npos || sentence.find("{{rules.") != std::string::npos) {
        // What it states in its own words besides must agree too.
        RuleTextCoverage ignored;
        judge_free(t, sentence, ignored, /*warn=*/false);
        ++counts.generated;
        continue;
      }
      if (std::any_of(claimed.begin(), claimed.end(),
                      [&](const Span& c) { return c.begin < s.end && c.end > s.begin; })) {
        // What it states beside its claimed words must agree too.
        RuleTextCoverage ignored;
        judge_free(t, sentence, ignored, /*warn=*/false, &claimed, s.begin);
        ++counts.claimed;
        continue;
      }
      judge_free(t, sentence, counts);
    }
  }

  // A sentence no claim covers: what it states of the facts' quantities
  // must agree with them; any other rule word makes it a warning.
  // `handled`: spans of the text (the sentence starts at `offset`) whose
  // quantities a claim has judged already.
  void judge_free(const RuleText& t, const std::string& sentence, RuleTextCoverage& counts, bool warn = true,
                  const std::vector<Span>* handled = nullptr, size_t offset = 0) {
    bool confirmed = false, rule_like = false;
    for (const Quantity& q : quantities(sentence, model_, game_.language, facts_)) {
      if (handled && std::any_of(handled->begin(), handled->end(),
                                 [&](const Span& h) { return h.begin <= offset + q.begin && offset + q.end <= h.end; }))
        continue;
      const bool counted_thing = !q.noun.empty();
      rule_like =
          rule_like || counted_thing || (!t.narrative && (q.digits || q.n >= 2 || q.compare != Compare::Exactly));
      if (!counted_thing) continue;
      std::vector<const Fact*> about;
      for (const Fact& f : facts_.facts)
        if (quantitative(f) && f.of == q.noun) about.push_back(&f);
      if (about.empty()) continue;
      if (std::any_of(about.begin(), about.end(), [&](const Fact* f) { return states(q, *f); })) {
        confirmed = true;
        continue;
      }
      // "7 points" may be a card's own value, which no fact states; a
      // threshold ("more than 40 points") that no fact has is a wrong one.
      if (q.compare == Compare::Exactly) continue;
      std::string known;
      for (const Fact* f : about) known += (known.empty() ? "" : "; ") + f->id + ": " + stated(*f);
      const std::string words = sentence.substr(q.begin, q.end - q.begin);
      sink_.error(at(*t.text, words),
                  "'" + words + "' states " + stated(q.n, q.compare, q.noun) + ", which no fact states", t.card,
                  "the facts of " + q.noun + ": " + known);
      rule_like = true;
    }
    // In a story a noun alone is no rule ("König Théoden"); a count of it is.
    if (!rule_like && !t.narrative && facts_.nouns)
      for (const auto& [noun, forms] : facts_.nouns->map)
        for (const std::string& form : facts_.noun_forms(noun, game_.language))
          if (contains_word(sentence, form)) rule_like = true;
    if (confirmed) {
      ++counts.claimed;
      return;
    }
    ++counts.free;
    if (!rule_like || !warn) return;
    ++counts.flagged;
    std::string shown = sentence;
    shown.erase(0, shown.find_first_not_of(" *"));
    const std::string needle = utf8_prefix(shown, 40);
    sink_.warning(
        at(*t.text, needle),
        "a rule sentence that no fact backs: '" + (shown.size() > 60 ? utf8_prefix(shown, 57) + "..." : shown) + "'",
        t.card,
        "print the fact ({{fact.<id>}}) or claim it (claims: [{ fact: <id>, says: \"…\" }]); README: Rule "
        "facts");
  }

  bool contains_word(const std::string& sentence, const std::string& form) const {
    for (const Token& tok : tokenize(sentence, game_.language))
      for (const Token& f : tokenize(form, game_.language))
        if (tok.lower == f.lower || (f.lower.size() >= 4 && tok.lower.starts_with(f.lower))) return true;
    return false;
  }

  const model::Model& model_;
  const model::Game& game_;
  Sink sink_;
  FactSet facts_;
  std::optional<Wording> rewording_;
  std::set<std::string> reported_;  // findings of judge_involved: a claim's and its sentence's are one
};

}  // namespace

RuleTextCoverage check_rule_texts(const model::Model& model, const model::Game& game, Diagnostics& out) {
  return Judge(model, game, out).run();
}

std::vector<std::string> sentence_texts(const std::string& text, const std::string& language) {
  std::vector<std::string> out;
  for (const Span& s : sentences(text, language)) out.push_back(text.substr(s.begin, s.end - s.begin));
  return out;
}

std::vector<const model::Value*> rule_statements(const model::Game& game) {
  std::vector<const model::Value*> out;
  for (const RuleText& t : rule_texts(game, read_facts(game))) {
    if (t.narrative) continue;
    out.push_back(t.text);
    if (t.claims && t.claims->is_list())
      for (const model::Value& claim : t.claims->list)
        if (const model::Value* says = claim.find("says")) out.push_back(says);
  }
  return out;
}

}  // namespace kw::rules
