// Monddämmerung: colours, numbers, Der Allereinzigste and moons. All
// Monddämmerung knowledge lives in this file (see monddaemmerung.h).
#include "rules/monddaemmerung.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "model/strings.h"
#include "project/project.h"

#include "rules/facts.h"
#include "rules/support.h"

namespace kw::rules::monddaemmerung {

const std::vector<std::string>& colours() {
  static const std::vector<std::string> c = {"gelb", "rot", "gruen", "blau"};
  return c;
}

const std::vector<std::string>& moons() {
  static const std::vector<std::string> m = {"vollmond",   "leermond", "halbmond",
                                             "sichelmond", "blutmond", "sonnenfinsternis"};
  return m;
}

Action action_named(const std::string& id) {
  static const std::map<std::string, Action, std::less<>> kActions = {
      {"choose_trump", Action::ChooseTrump},   {"take_from_hand", Action::TakeFromHand},
      {"share_hands", Action::ShareHands},     {"reverse_order", Action::ReverseOrder},
      {"remove_played", Action::RemovePlayed}, {"take_played", Action::TakePlayed}};
  auto it = kActions.find(id);
  return it == kActions.end() ? Action::None : it->second;
}

std::string_view rule_action(size_t moon) {
  // In the order of moons(): Vollmond "Neue Trumpffarbe bestimmen", Leermond
  // "... eine davon auswählen und in seine Hand nehmen", Halbmond "... jeweils
  // die Hälfte", Sichelmond "... die grösste Zahl als Gewinner", Blutmond
  // "... nimmt diese aus dem Spiel", Sonnenfinsternis "... nimmt sie auf seine Hand".
  static constexpr std::string_view kRule[] = {"choose_trump",  "take_from_hand", "share_hands",
                                               "reverse_order", "remove_played",  "take_played"};
  return moon < std::size(kRule) ? kRule[moon] : std::string_view();
}

namespace {

// A number of `game.meta.play`, with where the data writes it.
struct PlayNumber {
  std::string path;       // "hand"
  int rule = 0;           // the rule text's value
  const char* what = "";  // for messages
};

void check_play_facts(const model::Game& game, Sink& sink) {
  const PlayFacts rule;
  const PlayNumber facts[] = {{"hand", rule.hand, "cards dealt to each player"},
                              {"cards_per_round", rule.cards_per_round, "cards each player plays a round"},
                              {"allereinzigster_bonus", rule.allereinzigster_bonus, "points Der Allereinzigste adds"}};
  for (const auto& f : facts) {
    const model::Value* v = info(game, "meta.play." + f.path);
    if (!v) continue;
    if (!v->is_scalar() || v->scalar != std::to_string(f.rule))
      sink.error(v->loc, "meta.play." + f.path + " is " + canonical(*v) + ", but the rules give " +
                             std::to_string(f.rule) + " " + f.what);
  }
  if (const model::Value* v = info(game, "meta.play.players")) {
    const std::string want = "[" + std::to_string(rule.min_players) + ", " + std::to_string(rule.max_players) + "]";
    if (canonical(*v) != want)
      sink.error(v->loc, "meta.play.players is " + canonical(*v) + ", but the rules are for " +
                             std::to_string(rule.min_players) + " to " + std::to_string(rule.max_players) +
                             " players (" + want + ")");
  }
}

// Every moon does what the rule text gives its kind.
void check_moon_actions(const model::Game& game, Sink& sink) {
  const model::Table* t = game.table("moons");
  if (!t) return;  // reported by check_table
  for (size_t i = 0; i < moons().size(); ++i) {
    const model::TableEntry* e = t->find(moons()[i]);
    if (!e) continue;
    const model::Value* a = entry_field(*e, "action");
    const std::string given = a && a->is_scalar() ? a->scalar : std::string();
    if (given != rule_action(i))
      sink.error(a ? a->loc : e->loc,
                 given.empty() ? "moon '" + e->id + "' has no action; the rules give it " + std::string(rule_action(i))
                               : "moon '" + e->id + "' does '" + given + "', but the rules give it '" +
                                     std::string(rule_action(i)) + "'");
  }
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void check_table(const model::Game& game, Sink& sink, const std::string& table, const std::vector<std::string>& ids,
                 const std::string& what) {
  const model::Table* t = game.table(table);
  if (!t) {
    sink.error(game.loc, "Monddämmerung needs a table '" + table + "' (" + model::join_names(ids) + ")");
    return;
  }
  for (const auto& id : ids)
    if (!t->find(id)) sink.error(t->loc, "table '" + table + "' has no entry '" + id + "'");
  for (const auto& e : t->entries)
    if (!contains(ids, e.id))
      sink.error(e.loc, "'" + e.id + "' is not one of the " + what, {}, "they are " + model::join_names(ids));
}

using ByNumber = std::map<long long, std::vector<const model::Card*>>;

// The deck as the checks below see it.
struct Tally {
  const model::Deck* first_deck = nullptr;
  int total = 0;
  std::vector<const model::Card*> specials;   // Der Allereinzigste, however often
  std::map<std::string, ByNumber> by_colour;  // a two-coloured card under both colours
};

void check_allereinzigste(const model::Game& game, const model::Card& card, Sink& sink) {
  if (field(game, card, "moon"))
    sink.warning(field_loc(game, card, "moon"),
                 "Der Allereinzigste carries a moon, but it is never played, so the moon can never act", card.id);
  if (field(game, card, "number"))
    sink.error(field_loc(game, card, "number"), "Der Allereinzigste has no number", card.id);
}

// Files a numbered card under each of its colours; reports a missing or bad
// number and bad colours.
void tally_numbered(const model::Game& game, const model::Card& card, Tally& tally, Sink& sink) {
  auto number = integer(game, card, "number");
  if (!number || *number < 1 || *number > kNumbersPerColour) {
    sink.error(field_loc(game, card, "number"),
               number ? "number " + std::to_string(*number) + " is not one of 1-18" : "a numbered card needs a number",
               card.id);
    return;
  }
  const model::Value* cs = field(game, card, "colours");
  if (!cs || !cs->is_list() || cs->list.empty()) {
    sink.error(field_loc(game, card, "colours"), "a numbered card needs a colour", card.id);
    return;
  }
  if (cs->list.size() > 2)
    sink.warning(field_loc(game, card, "colours"),
                 "a card of " + std::to_string(cs->list.size()) + " colours; the game's multi-coloured cards have two",
                 card.id);
  std::vector<std::string> seen;
  for (const auto& c : cs->list) {
    if (contains(seen, c.scalar)) {
      sink.error(c.loc, "colour '" + c.scalar + "' named twice", card.id);
      continue;
    }
    seen.push_back(c.scalar);
    if (!contains(colours(), c.scalar)) {
      sink.error(c.loc, "'" + c.scalar + "' is not one of the four colours", card.id);
      continue;
    }
    tally.by_colour[c.scalar][*number].push_back(&card);
  }
}

Tally tally_cards(const model::Game& game, Sink& sink) {
  Tally tally;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (!tally.first_deck) tally.first_deck = &deck;
      ++tally.total;
      if (text(game, card, "special") == kSpecial) {
        tally.specials.push_back(&card);
        check_allereinzigste(game, card, sink);
      } else {
        tally_numbered(game, card, tally, sink);
      }
    }
  return tally;
}

// The card count, and Der Allereinzigste exactly once.
void check_counts(const Tally& tally, const SourceLoc& deck_loc, Sink& sink) {
  if (tally.total != kCards)
    sink.error(deck_loc, "the game has " + plural(tally.total, "card", "cards") + "; Monddämmerung has " +
                             std::to_string(kCards));
  if (tally.specials.empty()) sink.error(deck_loc, "Der Allereinzigste is missing");
  for (size_t i = 1; i < tally.specials.size(); ++i)
    sink.error(tally.specials[i]->loc,
               "a second Der Allereinzigste (also " + tally.specials.front()->id + "); there is one",
               tally.specials[i]->id);
}

// Every colour holds the numbers 1-18 once.
void check_colour_numbers(const model::Game& game, const Tally& tally, const SourceLoc& deck_loc, Sink& sink) {
  const ByNumber none;
  for (const auto& colour : colours()) {
    const auto filed = tally.by_colour.find(colour);
    const ByNumber& numbers = filed != tally.by_colour.end() ? filed->second : none;
    for (long long n = 1; n <= kNumbersPerColour; ++n) {
      auto it = numbers.find(n);
      if (it == numbers.end()) {
        sink.error(deck_loc, "no " + colour + " card with number " + std::to_string(n), {},
                   "every colour holds the numbers 1-18 once; two-coloured cards count in both");
        continue;
      }
      for (size_t k = 1; k < it->second.size(); ++k)
        sink.error(field_loc(game, *it->second[k], "number"),
                   colour + " " + std::to_string(n) + " is there twice (also " + it->second.front()->id + ")",
                   it->second[k]->id, "every colour holds the numbers 1-18 once; two-coloured cards count in both");
    }
  }
}

}  // namespace

// The declared rule facts (README: Rule facts) against the rules' numbers:
// what Der Allereinzigste's text prints through {{fact.…}} is the rules'.
void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "monddaemmerung.facts");
  const FactSet declared = read_facts(game);
  const PlayFacts rule;
  expect_fact_number(declared, "hand", rule.hand, Compare::Exactly, "the cards dealt to each player", sink, game);
  expect_fact_number(declared, "allereinzigster_bonus", rule.allereinzigster_bonus, Compare::Exactly,
                     "the points Der Allereinzigste adds", sink, game);
  expect_fact_number(declared, "cards", kCards, Compare::Exactly, "the deck's cards", sink, game);
  if (const Fact* p = declared.find("players"); p && (p->min != rule.min_players || p->max != rule.max_players))
    sink.error(p->get("players")->loc, "Monddämmerung is played by " + std::to_string(rule.min_players) + " to " +
                                           std::to_string(rule.max_players) + " players");
  // Which moons the moon effects involve, as the play model acts: taking a
  // played card away undoes a standing effect (a new trump, the order
  // reversed); a second Sichelmond reverses the order back; Der
  // Allereinzigste, never played, leaves a hand only with a moon that moves
  // hand cards.
  auto moons_doing = [&](std::initializer_list<Action> actions) {
    std::vector<std::string> ids;
    if (const model::Table* moons = game.table("moons"))
      for (const model::TableEntry& e : moons->entries)
        if (std::find(actions.begin(), actions.end(), action_named(entry_text(e, "action"))) != actions.end())
          ids.push_back(e.id);
    return ids;
  };
  expect_fact_roles(declared, "undo", "undoes", moons_doing({Action::ChooseTrump, Action::ReverseOrder}),
                    "the moons whose effect stands until their card leaves the table", sink);
  expect_fact_roles(declared, "reverse_order", "after", moons_doing({Action::ReverseOrder}),
                    "the moon that reverses the order back", sink);
  expect_fact_roles(declared, "never_played", "stolen_by", moons_doing({Action::TakeFromHand, Action::ShareHands}),
                    "the moons that move cards between hands", sink);
}

void check(const model::Model& model, const model::Game& game, Diagnostics& out) {
  check_facts(game, out);
  Sink tables(out, game, "monddaemmerung.tables");
  check_table(game, tables, "colours", colours(), "four colours");
  check_table(game, tables, "moons", moons(), "six kinds of moon");
  check_moon_actions(game, tables);
  Sink facts(out, game, "monddaemmerung.facts");
  check_play_facts(game, facts);
  check_texts(model, game, out);
  Sink sink(out, game, "monddaemmerung.cards");
  const Tally tally = tally_cards(game, sink);
  const SourceLoc deck_loc = tally.first_deck ? tally.first_deck->loc : info_loc(game, "decks");
  check_counts(tally, deck_loc, sink);
  check_colour_numbers(game, tally, deck_loc, sink);
  if (facts.errors() > 0) return;  // a broken deck cannot be played
  note_balance(Sink(out, game, "monddaemmerung.balance"), model, game, &simulate_report, 1000, "games");
}

PlayFacts play_facts(const model::Game& game) {
  PlayFacts f;
  auto read = [&](const std::string& path, int& into) {
    if (const model::Value* v = info(game, "meta.play." + path); v && v->is_scalar()) {
      try {
        into = std::stoi(v->scalar);
      } catch (const std::exception&) {
        throw SimulationError("meta.play." + path + " is not a number: " + v->scalar);
      }
    }
  };
  read("hand", f.hand);
  read("cards_per_round", f.cards_per_round);
  read("allereinzigster_bonus", f.allereinzigster_bonus);
  if (const model::Value* v = info(game, "meta.play.players"); v && v->is_list() && v->list.size() == 2) {
    try {
      f.min_players = std::stoi(v->list[0].scalar);
      f.max_players = std::stoi(v->list[1].scalar);
    } catch (const std::exception&) {
      throw SimulationError("meta.play.players is not two numbers");
    }
  }
  if (f.min_players < 2 || f.max_players < f.min_players || f.max_players > 16 || f.hand < 1 || f.hand > 64 ||
      f.cards_per_round < 1 || f.cards_per_round > 8)
    throw SimulationError("meta.play has numbers no game can be played with");
  return f;
}

namespace {

// The text as read, without markup: "**" and ":icon:" removed, lower case
// (ASCII; German capitals in the words below do not matter).
std::string plain_lower(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '*') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  }
  return out;
}

// Words by which a moon's effect text says its action, in the language the
// game is written in (German). A text must say its own action and no
// other's. A translation gives its own words as the string
// rules.monddaemmerung.says.<action> (lower case, separated by " | "), so
// that its texts are read in their language; one without them is not read.
constexpr std::pair<std::string_view, std::string_view> kActionWords[] = {
    {"choose_trump", "trumpffarbe | neuen trumpf | neue trumpf"},
    {"take_from_hand", "nimm dir eine | eine davon | nimm eine seiner | nimm dir eine karte"},
    {"share_hands", "halb und halb | hälfte"},
    {"reverse_order", "größte | grösste | höchste"},
    {"remove_played", "aus dem spiel"},
    {"take_played", "auf deine hand | in deine hand"},
};

std::string says_id(std::string_view action) { return "rules.monddaemmerung.says." + std::string(action); }

// The words for `action` in the text's language: the data's own, or a
// translation's; nullopt when the translation has none (not read).
std::optional<std::vector<std::string>> action_words(const model::Game& game, std::string_view action) {
  std::string text;
  for (const auto& [id, words] : kActionWords)
    if (id == action) text = std::string(words);
  if (!game.in_source_language()) {
    bool translated = false;
    for (const auto& layer : game.translated_by)
      for (const model::Locale* l : {layer.variant, layer.base})
        if (const model::LocaleEntry* e = l ? l->find(says_id(action)) : nullptr;
            e && !e->text.empty() && !translated) {
          text = e->text;
          translated = true;
        }
    if (!translated) return std::nullopt;
  }
  std::vector<std::string> out;
  for (size_t start = 0; start <= text.size();) {
    size_t bar = text.find('|', start);
    std::string word = text.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
    word.erase(0, word.find_first_not_of(' '));
    word.erase(word.find_last_not_of(' ') + 1);
    if (!word.empty()) out.push_back(plain_lower(word));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  return out;
}

bool says(const std::string& text, const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::string& w) { return text.find(w) != std::string::npos; });
}

}  // namespace

std::vector<std::pair<std::string, std::string>> words() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [action, words] : kActionWords) out.emplace_back(says_id(action), std::string(words));
  return out;
}

void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "monddaemmerung.texts");
  const PlayFacts facts = [&] {
    try {
      return play_facts(game);
    } catch (const SimulationError&) {
      return PlayFacts{};
    }
  }();
  for (const model::SourceString& s : model::data_strings(game)) {
    // table.moons.<id>.effect: the effect must say the action the moon has.
    const std::string prefix = "table.moons.";
    if (s.id.rfind(prefix, 0) == 0 && s.id.size() > prefix.size() + 7 &&
        s.id.compare(s.id.size() - 7, 7, ".effect") == 0) {
      const std::string moon = s.id.substr(prefix.size(), s.id.size() - prefix.size() - 7);
      const auto& ids = moons();
      auto at = std::find(ids.begin(), ids.end(), moon);
      if (at == ids.end()) continue;
      const std::string_view action = rule_action(static_cast<size_t>(at - ids.begin()));
      const auto own = action_words(game, action);
      if (!own) continue;
      const std::string text = plain_lower(s.text);
      if (!says(text, *own))
        sink.error(s.loc, "the effect of " + moon + " does not say what it does (" + std::string(action) + ")", {},
                   "a " + game.language + " text for it says one of: " + join_and(*own));
      for (size_t k = 0; k < ids.size(); ++k) {
        const std::string_view other = rule_action(k);
        const auto theirs = other == action ? std::nullopt : action_words(game, other);
        if (theirs && says(text, *theirs))
          sink.error(s.loc, "the effect of " + moon + " says what " + ids[k] + " does (" + std::string(other) + ")", {},
                     "the rules give " + moon + " '" + std::string(action) + "'");
      }
    }
    // Der Allereinzigste's text: every number it prints is its bonus.
    if (s.id.rfind("card.", 0) == 0 && s.id.find(".text") != std::string::npos) {
      const std::string card = s.id.substr(5, s.id.find('.', 5) - 5);
      bool special = false;
      for (const auto& deck : game.decks)
        for (const auto& c : deck.cards)
          if (c.def_id == card && text(game, c, "special") == kSpecial) special = true;
      if (!special) continue;
      for (int n : numbers_in(s.text))
        if (n != facts.allereinzigster_bonus)
          sink.error(model.project ? locate_in_source(*model.project, s.loc, std::to_string(n)) : s.loc,
                     "Der Allereinzigste's text prints " + std::to_string(n) + ", but it adds " +
                         std::to_string(facts.allereinzigster_bonus) + " points",
                     card);
    }
  }
}

}  // namespace kw::rules::monddaemmerung
