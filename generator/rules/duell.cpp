// Das Duell: deck check and duel simulator. All Duell knowledge lives in
// this file (see duell.h for the reading of the rules text).
#include "rules/duell.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "rules/fact_text.h"
#include "rules/facts.h"
#include "rules/reach.h"
#include "rules/support.h"

namespace kw::rules::duell {

std::string_view id(Side s) { return s == Side::Gandalf ? "gandalf" : "balrog"; }
std::string_view name(Side s) { return s == Side::Gandalf ? "Gandalf" : "Balrog"; }

const Facts& facts() {
  static const Facts f{};
  return f;
}

const std::vector<std::string>& named_specials(Side s) {
  // "Special card meanings": Gandalf's Balance, Cunning, Magic, Mirror, Rage,
  // Spell; the Balrog's Feint, Strength, Power, Trick, Defence.
  static const std::vector<std::string> gandalf = {"gleichgewicht", "list", "magie", "spiegel", "wut", "zauber"};
  static const std::vector<std::string> balrog = {"finte", "kraft", "macht", "trick", "wehr"};
  return s == Side::Gandalf ? gandalf : balrog;
}

bool Card::trance() const {
  return special.empty() && std::all_of(defence.begin(), defence.end(), [](uint8_t x) { return x == 0; }) &&
         std::all_of(attack.begin(), attack.end(), [](uint8_t x) { return x == 0; });
}

namespace {

std::optional<Side> side_from_id(const std::string& s) {
  if (s == "gandalf") return Side::Gandalf;
  if (s == "balrog") return Side::Balrog;
  return std::nullopt;
}

// The board's one card (deck with `product: board`), or nullptr.
const model::Card* board_card(const model::Game& game) {
  for (const auto& deck : game.decks)
    if (deck.product == model::Product::Board && !deck.cards.empty()) return &deck.cards.front();
  return nullptr;
}

std::string edge_str(const Edge& e) {
  std::string s;
  for (uint8_t x : e) s += static_cast<char>('0' + x);
  return s;
}

int points(const Edge& e) { return std::accumulate(e.begin(), e.end(), 0); }

// Reads one edge; reports malformed ones when `sink` is given.
std::optional<Edge> read_edge(const model::Game& game, const model::Card& card, const std::string& which, Sink* sink) {
  const model::Value* v = field(game, card, which);
  const int rows = facts().rows;
  if (!v || !v->is_list() || static_cast<int>(v->list.size()) != rows) {
    if (sink)
      sink->error(field_loc(game, card, which),
                  which + " has " + (v && v->is_list() ? std::to_string(v->list.size()) : std::string("no")) +
                      " rows; every edge has " + std::to_string(rows),
                  card.id);
    return std::nullopt;
  }
  Edge e{};
  bool ok = true;
  for (size_t i = 0; i < e.size(); ++i) {
    auto n = v->list[i].as_int();
    if (!n || (*n != 0 && *n != 1)) {
      if (sink)
        sink->error(v->list[i].loc,
                    which + " row " + std::to_string(i + 1) + " is '" + canonical(v->list[i]) +
                        "'; a row holds a strength point (1) or not (0)",
                    card.id);
      ok = false;
    } else {
      e[i] = static_cast<uint8_t>(*n);
    }
  }
  if (!ok) return std::nullopt;
  return e;
}

const std::array<std::string_view, 3> kSituations = {"ahead", "level", "behind"};

// A special's `effect` as written, or nullopt when it has none or its kind is
// unknown (check_effects reports those).
std::optional<Effect> read_effect(const model::TableEntry& entry) {
  const model::Value* v = entry_field(entry, "effect");
  if (!v || !v->is_map()) return std::nullopt;
  auto kind = effect_kind_from_id(entry_text(entry, "effect.kind"));
  if (!kind) return std::nullopt;
  Effect e;
  e.kind = *kind;
  e.by_bridge = entry_text(entry, "effect.by") == "bridge";
  for (size_t i = 0; i < kSituations.size(); ++i)
    if (const model::Value* m = v->find(std::string(kSituations[i])); m && m->is_list())
      for (size_t j = 0; j < 2 && j < m->list.size(); ++j)
        e.moves[i][j] = static_cast<int>(m->list[j].as_int().value_or(0));
  if (const model::Value* f = v->find("final")) e.in_final = f->as_bool().value_or(true);
  if (const model::Value* f = v->find("scored")) e.scored = f->as_bool().value_or(true);
  return e;
}

struct Entry {
  const model::Card* card;
  Card parsed;
};

// Every card with a known side and well-formed edges; reports the others.
std::array<std::vector<Entry>, 2> read_entries(const model::Game& game, Sink* sink,
                                               std::array<const model::Deck*, 2>* decks = nullptr) {
  std::array<std::vector<Entry>, 2> out;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (deck.product == model::Product::Board) break;  // the board is drawn from meta.board, not a card
      std::string s = text(game, card, "side");
      auto side = side_from_id(s);
      if (!side) {
        if (sink) sink->error(field_loc(game, card, "side"), "side '" + s + "' is neither gandalf nor balrog", card.id);
        continue;
      }
      if (decks && !(*decks)[static_cast<size_t>(*side)]) (*decks)[static_cast<size_t>(*side)] = &deck;
      auto defence = read_edge(game, card, "defence", sink);
      auto attack = read_edge(game, card, "attack", sink);
      if (!defence || !attack) continue;
      Card c;
      c.id = card.id;
      c.side = *side;
      c.defence = *defence;
      c.attack = *attack;
      c.special = text(game, card, "special");
      if (!c.special.empty())
        if (const model::Table* t = game.table("specials"))
          if (const model::TableEntry* entry = t->find(c.special))
            if (auto e = read_effect(*entry)) c.effect = *e;
      out[static_cast<size_t>(*side)].push_back({&card, std::move(c)});
    }
  return out;
}

}  // namespace

Deck read_deck(const model::Game& game) {
  auto entries = read_entries(game, nullptr);
  Deck d;
  for (auto& e : entries[0]) d.gandalf.push_back(e.parsed);
  for (auto& e : entries[1]) d.balrog.push_back(e.parsed);
  return d;
}

Board read_board(const model::Game& game) {
  Board b;
  auto get = [&](const char* key, int& out) {
    if (const model::Value* v = info(game, std::string("meta.board.") + key))
      if (auto n = v->as_int()) out = static_cast<int>(*n);
  };
  get("energy_start", b.energy_start);
  get("final_start", b.final_start);
  get("negative_floor", b.negative_floor);
  get("bridge_steps", b.bridge_top);
  if (const model::Card* board = board_card(game))
    if (const model::Value* g = field(game, *board, "lead_gauge"); g && g->is_list())
      b.lead_free = static_cast<int>(
          std::count_if(g->list.begin(), g->list.end(), [](const model::Value& x) { return x.scalar == "free"; }));
  return b;
}

const Board& rules_board() {
  static const Board b{};
  return b;
}

std::optional<EffectKind> effect_kind_from_id(std::string_view id) {
  // "none" is no effect the rules can name
  const auto kind = value_of(kEffectKindNames, id);
  return kind == EffectKind::None ? std::nullopt : kind;
}

Blow exchange(const Edge& attack, const Edge& defence) {
  Blow b;
  for (size_t r = 0; r < 4; ++r) {
    const bool a = attack[r] != 0, d = defence[r] != 0;
    if (a && !d) {
      ++b.to_right;
      b.rows_to_right[r] = 1;
    } else if (d && !a) {
      ++b.to_left;
      b.rows_to_left[r] = 1;
    }
  }
  return b;
}

int bridge_steps(int energy_difference) {
  const int free = std::max(0, std::abs(energy_difference) - 1);
  if (free >= 5) return 3;
  if (free >= 3) return 2;
  return 1;
}

// ---------------------------------------------------------------- data check

namespace {

// What the deck checks share: the readable cards of each side and where each
// side's deck is written (for findings about a side as a whole).
struct SideDecks {
  const model::Game& game;
  std::array<std::vector<Entry>, 2> entries;
  std::array<const model::Deck*, 2> decks{};

  const std::vector<Entry>& of(Side s) const { return entries[static_cast<size_t>(s)]; }
  SourceLoc loc(Side s) const {
    const model::Deck* d = decks[static_cast<size_t>(s)];
    return d ? d->loc : info_loc(game, "decks");
  }
};

void check_sides_table(const model::Game& game, Sink& sink) {
  if (const model::Table* sides = game.table("sides")) {
    for (Side s : {Side::Gandalf, Side::Balrog})
      if (!sides->find(std::string(id(s))))
        sink.error(sides->loc, "table 'sides' has no entry '" + std::string(id(s)) + "'");
  } else {
    sink.error(game.loc, "Das Duell needs a table 'sides' (gandalf, balrog)");
  }
}

// 27 cards per side. Counted from the data, not the entries: a card with
// malformed edges still counts for its side.
void check_card_counts(const SideDecks& sides, Sink& sink) {
  const model::Game& game = sides.game;
  for (Side s : {Side::Gandalf, Side::Balrog}) {
    size_t n = 0;
    for (const auto& deck : game.decks)
      for (const auto& card : deck.cards)
        n += deck.product != model::Product::Board && text(game, card, "side") == id(s);
    if (static_cast<int>(n) != facts().cards_per_side)
      sink.error(sides.loc(s), "the " + std::string(name(s)) + " side has " +
                                   plural(static_cast<long long>(n), "card", "cards") + "; each side has " +
                                   std::to_string(facts().cards_per_side));
  }
}

// A special on a card of side `s` must not be one of the other side's, and
// must be named by the rules; the rules leave some of the Balrog's unnamed,
// so those may be marked reconstructed instead.
void check_special_on_side(const model::Game& game, const Entry& e, Side s, const model::Table* special_table,
                           Sink& specials) {
  const std::string& sp = e.parsed.special;
  SourceLoc at = field_loc(game, *e.card, "special");
  const model::TableEntry* entry = special_table ? special_table->find(sp) : nullptr;
  std::string owner = entry ? entry_text(*entry, "side") : std::string();
  const auto& theirs = named_specials(other(s));
  if (std::find(theirs.begin(), theirs.end(), sp) != theirs.end()) owner = id(other(s));
  if (!owner.empty() && owner != id(s)) {
    specials.error(
        at, "special '" + sp + "' belongs to the " + owner + " side, but this is a " + std::string(name(s)) + " card",
        e.card->id);
    return;
  }
  const auto& named = named_specials(s);
  if (std::find(named.begin(), named.end(), sp) != named.end()) return;
  if (s == Side::Gandalf) {
    specials.error(at, "'" + sp + "' is not one of Gandalf's specials", e.card->id,
                   "Gandalf's are " + model::join_names(named));
    return;
  }
  const model::Value* rec = entry ? entry_field(*entry, "reconstructed") : nullptr;
  if (!rec || !rec->as_bool().value_or(false))
    specials.warning(entry ? entry->loc : at,
                     "the Balrog's special '" + sp +
                         "' is not named by the rules; mark it `reconstructed: true` in the specials table",
                     e.card->id);
}

// Specials: six per side, the named ones once each, on their own side.
void check_specials(const SideDecks& sides, Sink& specials) {
  const model::Game& game = sides.game;
  const model::Table* special_table = game.table("specials");
  for (Side s : {Side::Gandalf, Side::Balrog}) {
    std::map<std::string, const model::Card*> seen;
    for (const auto& e : sides.of(s)) {
      const std::string& sp = e.parsed.special;
      if (sp.empty()) continue;
      auto [it, fresh] = seen.emplace(sp, e.card);
      if (!fresh) {
        specials.error(field_loc(game, *e.card, "special"),
                       "special '" + sp + "' is on two cards (also " + it->second->id + ")", e.card->id);
        continue;
      }
      check_special_on_side(game, e, s, special_table, specials);
    }
    for (const auto& sp : named_specials(s))
      if (!seen.count(sp))
        specials.error(sides.loc(s), "no " + std::string(name(s)) + " card carries the special '" + sp + "'");
    if (static_cast<int>(seen.size()) != facts().specials_per_side)
      specials.error(sides.loc(s), "the " + std::string(name(s)) + " side has " +
                                       plural(static_cast<long long>(seen.size()), "special", "specials") +
                                       ", the rules " + std::to_string(facts().specials_per_side));
  }
}

using PlainCards = std::array<std::vector<const Entry*>, 2>;

// The cards without text, per side.
PlainCards plain_cards(const SideDecks& sides) {
  PlainCards plain;
  for (size_t s = 0; s < 2; ++s)
    for (const auto& e : sides.entries[s])
      if (e.parsed.special.empty()) plain[s].push_back(&e);
  return plain;
}

// The cards without text carry the same edges on both sides: pairs them up
// and reports each card left over.
void check_same_edges(const PlainCards& plain, Sink& shared) {
  std::vector<const Entry*> unmatched_b = plain[1];
  for (const Entry* g : plain[0]) {
    auto it = std::find_if(unmatched_b.begin(), unmatched_b.end(), [&](const Entry* b) {
      return b->parsed.defence == g->parsed.defence && b->parsed.attack == g->parsed.attack;
    });
    if (it != unmatched_b.end()) {
      unmatched_b.erase(it);
      continue;
    }
    shared.error(g->card->loc,
                 "Gandalf card " + g->card->id + " (defence " + edge_str(g->parsed.defence) + ", attack " +
                     edge_str(g->parsed.attack) + ") has no Balrog card with the same edges",
                 g->card->id, "the 21 cards without text carry the same edges on both sides");
  }
  for (const Entry* b : unmatched_b)
    shared.error(b->card->loc,
                 "Balrog card " + b->card->id + " (defence " + edge_str(b->parsed.defence) + ", attack " +
                     edge_str(b->parsed.attack) + ") has no Gandalf card with the same edges",
                 b->card->id, "the 21 cards without text carry the same edges on both sides");
}

// Per side, among the cards without text: exactly one trance, and as many
// attack as defence points.
void check_trance_and_points(const SideDecks& sides, const PlainCards& plain, Sink& shared) {
  for (Side s : {Side::Gandalf, Side::Balrog}) {
    const Entry* first = nullptr;
    int attack = 0, defence = 0;
    for (const Entry* e : plain[static_cast<size_t>(s)]) {
      attack += points(e->parsed.attack);
      defence += points(e->parsed.defence);
      if (!e->parsed.trance()) continue;
      if (!first)
        first = e;
      else
        shared.error(e->card->loc,
                     "a second trance card (no points) on the " + std::string(name(s)) + " side; the first is " +
                         first->card->id,
                     e->card->id);
    }
    if (!first)
      shared.error(sides.loc(s), "the " + std::string(name(s)) + " side has no trance card (a card without points)");
    if (attack != defence && !plain[static_cast<size_t>(s)].empty())
      shared.warning(sides.loc(s),
                     "the " + std::string(name(s)) + " side's cards without text carry " + std::to_string(attack) +
                         " attack but " + std::to_string(defence) + " defence points",
                     {}, "balanced edges carry as many attack as defence points");
  }
}

// ------------------------------------------------------------ rule facts

// What the rules name for each special (rules, "Special card meanings"),
// as effects. The Balrog's sixth special is not named: its effect is free.
struct RuleEffect {
  std::string_view id;
  std::string_view name;
  Effect effect;
};
const std::vector<RuleEffect>& rule_effects() {
  auto make = [](EffectKind k, bool in_final = true, bool scored = true) {
    Effect e;
    e.kind = k;
    e.in_final = in_final;
    e.scored = scored;
    return e;
  };
  // Balance and Power: ahead +1 / level +1, -1 / behind +2, -1; Balance
  // compares the energy tokens, Power the pieces on the bridge.
  Effect balance = make(EffectKind::Energy);
  balance.moves = {{{1, 0}, {1, -1}, {2, -1}}};
  Effect power = balance;
  power.by_bridge = true;
  static const std::vector<RuleEffect> r = {
      {"gleichgewicht", "Gleichgewicht", balance},
      {"list", "List", make(EffectKind::OpenHand)},
      {"magie", "Magie", make(EffectKind::ClaimAnswer, false)},  // "in the final it loses its special power"
      // "played as the last card, the energy tokens are not moved": the mirror
      // itself is not scored (our reading)
      {"spiegel", "Spiegel", make(EffectKind::Mirror, true, false)},
      {"wut", "Wut", make(EffectKind::SilenceNext)},
      {"zauber", "Zauber", make(EffectKind::Spell)},
      {"finte", "Finte", make(EffectKind::Feint, true, false)},  // "no attack or defence value"
      {"kraft", "Kraft", make(EffectKind::PickAnswer)},
      {"macht", "Macht", power},
      {"trick", "Trick", make(EffectKind::StealForFinal, false)},  // "in the final it loses its special power"
      {"wehr", "Wehr", make(EffectKind::ReplayAnswer)},
  };
  return r;
}

std::string moves_str(const std::array<int, 2>& m) { return fmt::format("[{}, {}]", m[0], m[1]); }

// The signed numbers a text states ("+1", "-1", "\u22121"), in order.
std::vector<int> signed_numbers(const std::string& t) {
  std::vector<int> out;
  for (size_t i = 0; i < t.size(); ++i) {
    int sign = 0;
    size_t len = 0;
    if (t[i] == '+') sign = 1, len = 1;
    if (t[i] == '-') sign = -1, len = 1;
    if (t.compare(i, 3, "\xe2\x88\x92") == 0) sign = -1, len = 3;  // U+2212 MINUS SIGN
    if (!sign || i + len >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i + len]))) continue;
    if (i > 0 && std::isalnum(static_cast<unsigned char>(t[i - 1]))) continue;
    int n = 0;
    size_t j = i + len;
    for (; j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])); ++j) n = n * 10 + (t[j] - '0');
    out.push_back(sign * n);
    i = j - 1;
  }
  return out;
}

// The signed numbers an effect's text must state: per situation (ahead,
// level, behind) the owner's steps, then the other's, leaving out zeros.
std::vector<int> effect_numbers(const Effect& e) {
  std::vector<int> out;
  if (e.kind != EffectKind::Energy) return out;
  for (const auto& m : e.moves)
    for (int x : m)
      if (x) out.push_back(x);
  return out;
}

std::string numbers_str(const std::vector<int>& v) {
  if (v.empty()) return "none";
  std::string s;
  for (int x : v) s += (s.empty() ? "" : " ") + fmt::format("{:+d}", x);
  return s;
}

// Each special's `effect` against what the rules name for it, and a card
// whose special is not scored against its points.
void check_effects(const SideDecks& sides, Sink& sink) {
  const model::Game& game = sides.game;
  const model::Table* t = game.table("specials");
  if (!t) return;
  for (const auto& entry : t->entries) {
    const model::Value* v = entry_field(entry, "effect");
    if (!v || !v->is_map()) {
      sink.error(v ? v->loc : entry.loc, "special '" + entry.id + "' has no `effect` (what its text does)", {},
                 "e.g. effect: { kind: mirror, scored: false }");
      continue;
    }
    const model::Value* kv = v->find("kind");
    const std::string kind = kv ? kv->scalar : "";
    if (!effect_kind_from_id(kind)) {
      sink.error(kv ? kv->loc : v->loc, "special '" + entry.id + "': effect kind '" + kind + "' is unknown");
      continue;
    }
    const Effect have = *read_effect(entry);
    auto named = std::find_if(rule_effects().begin(), rule_effects().end(),
                              [&](const RuleEffect& r) { return r.id == entry.id; });
    if (named != rule_effects().end()) {
      const Effect& want = named->effect;
      const std::string who = std::string(named->name);
      if (have.kind != want.kind) {
        sink.error(kv->loc, fmt::format("the rules make {} a '{}' effect, not '{}'", who, effect_kind_id(want.kind),
                                        effect_kind_id(have.kind)));
        continue;
      }
      if (want.kind == EffectKind::Energy) {
        const model::Value* by = v->find("by");
        if (have.by_bridge != want.by_bridge)
          sink.error(by ? by->loc : v->loc, fmt::format("{} compares the {}, not the {}", who,
                                                        want.by_bridge ? "pieces on the bridge" : "energy tokens",
                                                        want.by_bridge ? "energy tokens" : "pieces on the bridge"));
        for (size_t i = 0; i < kSituations.size(); ++i)
          if (have.moves[i] != want.moves[i]) {
            const model::Value* m = v->find(std::string(kSituations[i]));
            sink.error(m ? m->loc : v->loc,
                       fmt::format("{} {}: the rules move the tokens by {} ([own, other]), not {}", who, kSituations[i],
                                   moves_str(want.moves[i]), moves_str(have.moves[i])));
          }
      }
      if (have.in_final != want.in_final) {
        const model::Value* f = v->find("final");
        sink.error(f ? f->loc : v->loc, want.in_final ? who + " keeps its power in the final: drop `final: false`"
                                                      : who + " loses its power in the final: `final: false`");
      }
      if (have.scored != want.scored) {
        const model::Value* f = v->find("scored");
        sink.error(f ? f->loc : v->loc, want.scored ? who + " is scored like any card: drop `scored: false`"
                                                    : who + " itself is not scored: `scored: false`");
      }
    }
    if (have.scored) continue;
    for (Side s : {Side::Gandalf, Side::Balrog})
      for (const auto& e : sides.of(s)) {
        if (e.parsed.special != entry.id) continue;
        for (const char* edge : {"defence", "attack"})
          if (points(std::string(edge) == "defence" ? e.parsed.defence : e.parsed.attack))
            sink.error(field_loc(game, *e.card, edge),
                       "the " + entry.id + " card has strength points, but the special itself is not scored",
                       e.card->id, "its effect says `scored: false`: give it no points");
      }
  }
}

// The board's constants: the start space, the bridge, the lead gauge.
void check_board_constants(const model::Game& game, Sink sink) {
  const Board& want = rules_board();
  auto exact = [&](const char* key, int rule, const char* what) {
    const model::Value* v = info(game, std::string("meta.board.") + key);
    if (!v) return sink.error(info_loc(game, "meta"), fmt::format("meta.board.{} is missing ({})", key, what));
    if (v->as_int() != rule) sink.error(v->loc, fmt::format("{} is {}; {} is {}", key, canonical(*v), what, rule));
  };
  exact("energy_start", want.energy_start, "the start space with the white cross");
  exact("bridge_steps", want.bridge_top, "the number of steps per side of the bridge");
  const Board have = read_board(game);
  if (const model::Value* f = info(game, "meta.board.final_start"); f && have.final_start <= have.energy_start)
    sink.error(f->loc,
               fmt::format("final_start is {}, not above the duel's start space {}: the final gives more energy",
                           have.final_start, have.energy_start));
  if (const model::Value* n = info(game, "meta.board.negative_floor"); n && have.negative_floor >= 0)
    sink.error(n->loc, "negative_floor is " + canonical(*n) + "; the track reaches into the negative region (below 0)");
  const model::Card* board = board_card(game);
  if (!board) return;
  const model::Value* g = field(game, *board, "lead_gauge");
  if (!g || !g->is_list()) return;
  std::vector<std::string> want_gauge{"token"};
  for (int i = 0; i < want.lead_free; ++i) want_gauge.emplace_back("free");
  want_gauge.emplace_back("token");
  std::vector<std::string> have_gauge;
  for (const auto& x : g->list) have_gauge.push_back(x.scalar);
  if (have_gauge != want_gauge)
    sink.error(g->loc,
               fmt::format("the lead gauge shows {} free spaces between two tokens; the rules' lead is {} free spaces",
                           have.lead_free, want.lead_free),
               board->id, "lead_gauge: [token, free, free, free, token]");
}

// What the texts claim: the signed numbers a special's text states are its
// effect's (a text may state none); the numbers of the board's lead text are the gauge's.
void check_claims(const model::Model& model, const model::Game& game, Sink sink) {
  // Counts of cards are read as the facts read them (number words of the
  // text's language, the noun the `kept` fact counts): "zwei Felder" is a
  // step, not a count of cards.
  const FactSet declared = read_facts(game);
  const Fact* kept = declared.find("kept");
  if (const model::Table* t = game.table("specials"))
    for (const auto& entry : t->entries) {
      const model::Value* text_v = entry_field(entry, "text");
      auto effect = read_effect(entry);
      if (!text_v || !effect) continue;
      const auto said = signed_numbers(text_v->scalar), meant = effect_numbers(*effect);
      // The steps the text writes as signed numbers stand in the effect's
      // order; a step written in words ("zwei Felder vor") is not one of
      // them, and its claim (README: Rule facts) checks it.
      if (!in_order_within(said, meant))
        sink.error(text_v->loc,
                   fmt::format("the text of special '{}' states the steps {}, its effect {}", entry.id,
                               numbers_str(said), numbers_str(meant)),
                   {}, "a number in a special's text is the number its effect moves");
      // The only count a special's text speaks of is the cards each player
      // keeps for the final ("one of his three cards for the final").
      if (!kept || kept->of.empty()) continue;
      for (const Quantity& q : quantities(text_v->scalar, model, game.language, declared))
        if (q.noun == kept->of && q.n >= 2 && q.n != facts().kept_per_duel)  // "eine Karte" is an article
          sink.error(text_v->loc,
                     fmt::format("the text of special '{}' speaks of {} cards; each player keeps {} for the final",
                                 entry.id, q.n, facts().kept_per_duel));
    }
  const model::Card* board = board_card(game);
  if (!board) return;
  const model::Value* lead = field(game, *board, "lead_text");
  if (!lead) return;
  const int free = read_board(game).lead_free;
  for (int n : numbers_in(lead->scalar))
    if (n != free)
      sink.error(field_loc(game, *board, "lead_text"),
                 fmt::format("the lead text speaks of {} free spaces; the lead gauge has {}", n, free), board->id);
}

// Balance figures from the simulator, for a deck without errors.
void note_balance(const model::Game& game, Sink& sink) {
  Deck deck = read_deck(game);
  // The simulator plays only full decks.
  if (static_cast<int>(deck.gandalf.size()) != facts().cards_per_side ||
      static_cast<int>(deck.balrog.size()) != facts().cards_per_side)
    return;
  const int games = 1000;
  const uint64_t seed = 1;
  Summary s = simulate(deck, read_board(game), seed, games, false);
  sink.with_check("duell.balance")
      .note(info_loc(game, "rules"),
            fmt::format("balance over {} simulated games: Gandalf wins {:.1f} %, the Balrog {:.1f} %; "
                        "mean damage per card played: Gandalf {:.2f}, Balrog {:.2f}",
                        games, 100 * s.win_rate(Side::Gandalf), 100 * s.win_rate(Side::Balrog),
                        s.mean_damage_per_card(Side::Gandalf), s.mean_damage_per_card(Side::Balrog)),
            {}, "every special as its effect says, greedy play; `kartenwerk simulate --game duell` gives the figures");
  SimulationReport report;
  report.games = s.games;
  report.occurrences = occurrences(game, s);
  check_reach(sink, game, report, seed);
}

}  // namespace

void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "duell.claims");
  check_claims(model, game, sink);
}

namespace {

// Who acts and who is acted on in a special's effect, as the simulator plays
// each kind: the owner draws a spell, claims or picks an answer, plays a
// feint or steals for the final; the other side plays open, parries the
// mirror, loses its next special's power or answers again.
struct Actors {
  std::optional<Side> who, whom;
};
Actors actors(EffectKind kind, Side owner) {
  switch (kind) {
    case EffectKind::OpenHand:
    case EffectKind::ReplayAnswer:
      return {other(owner), std::nullopt};
    case EffectKind::ClaimAnswer:
    case EffectKind::Spell:
    case EffectKind::PickAnswer:
    case EffectKind::StealForFinal:
      return {owner, other(owner)};
    case EffectKind::Mirror:
    case EffectKind::SilenceNext:
      return {std::nullopt, other(owner)};
    case EffectKind::Feint:
      return {owner, std::nullopt};
    case EffectKind::None:
    case EffectKind::Energy:
      break;
  }
  return {};
}

// The roles of each effect fact that applies to a special (its
// `applies_in`) against who acts in that special's effect.
void check_effect_roles(const model::Game& game, const FactSet& declared, Sink& sink) {
  const model::Table* specials = game.table("specials");
  if (!specials) return;
  for (const model::TableEntry& entry : specials->entries) {
    const std::string side = entry_text(entry, "side");
    const auto kind = effect_kind_from_id(entry_text(entry, "effect.kind"));
    if (!kind || (side != id(Side::Gandalf) && side != id(Side::Balrog))) continue;
    const Actors a = actors(*kind, side == id(Side::Gandalf) ? Side::Gandalf : Side::Balrog);
    const std::string why =
        "the " + std::string(effect_kind_id(*kind)) + " effect of " + entry.id + ", " + side + "'s special";
    for (const Fact& f : declared.facts) {
      if (f.kind != FactKind::Effect ||
          std::find(f.applies_in.begin(), f.applies_in.end(), entry.id) == f.applies_in.end())
        continue;
      if (a.who) expect_fact_roles(declared, f.id, "who", {std::string(id(*a.who))}, why + ": who acts", sink);
      if (a.whom)
        expect_fact_roles(declared, f.id, "whom", {std::string(id(*a.whom))}, why + ": who is acted on", sink);
    }
  }
}

}  // namespace

// The declared rule facts (README: Rule facts) against the rules: what the
// special cards print through {{fact.…}} and the board's lead text claims,
// and who acts in each special's effect.
void check_facts(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "duell.facts");
  const FactSet declared = read_facts(game);
  const Facts& f = facts();
  expect_fact_number(declared, "kept", f.kept_per_duel, Compare::Exactly, "the cards set aside for the final", sink,
                     game);
  expect_fact_number(declared, "hand", f.hand, Compare::Exactly, "the cards of a duel", sink, game);
  expect_fact_number(declared, "duels", f.duels, Compare::Exactly, "the duels before the final", sink, game);
  expect_fact_number(declared, "gandalf_cards", f.cards_per_side, Compare::Exactly, "Gandalf's cards", sink, game);
  expect_fact_number(declared, "balrog_cards", f.cards_per_side, Compare::Exactly, "the Balrog's cards", sink, game);
  expect_fact_number(declared, "lead", rules_board().lead_free, Compare::AtLeast,
                     "the free spaces that let the leader see the other's hand", sink, game);
  // The steps Gleichgewicht and Macht give their owner, as the rules' effects.
  for (const RuleEffect& r : rule_effects()) {
    if (r.effect.kind != EffectKind::Energy) continue;
    const char* when[] = {"ahead", "level", "behind"};
    for (size_t i = 0; i < std::size(when); ++i)
      expect_fact_number(declared, std::string(r.id) + "_" + when[i], r.effect.moves[i][0], Compare::Exactly,
                         std::string(r.name) + "'s steps for its owner when " + when[i], sink, game);
  }
  check_effect_roles(game, declared, sink);
}

void check(const model::Model& model, const model::Game& game, Diagnostics& out) {
  check_facts(game, out);
  Sink sink(out, game, "duell.deck");
  const size_t errors_before = sink.errors();
  check_sides_table(game, sink);

  SideDecks sides{game, {}, {}};
  sides.entries = read_entries(game, &sink, &sides.decks);
  check_card_counts(sides, sink);

  Sink specials = sink.with_check("duell.specials");
  check_specials(sides, specials);

  // The 21 cards without text: the same edges on both sides, one trance each.
  Sink shared = sink.with_check("duell.shared");
  const PlainCards plain = plain_cards(sides);
  check_same_edges(plain, shared);
  check_trance_and_points(sides, plain, shared);

  Sink effects = sink.with_check("duell.effects");
  check_effects(sides, effects);
  check_board_constants(game, sink.with_check("duell.board"));
  check_claims(model, game, sink.with_check("duell.claims"));

  if (sink.errors() == errors_before) note_balance(game, sink);
}

}  // namespace kw::rules::duell
