// Das Duell: deck check and duel simulator. All Duell knowledge lives in
// this file (see duell.h for the reading of the rules text).
#include "rules/duell.h"

#include <algorithm>
#include <numeric>
#include <random>

#include <fmt/format.h>

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
      if (deck.product == "board") break;  // the board is drawn from meta.board, not a card
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
  return b;
}

Blow exchange(const Card& left, const Card& right) {
  Blow b;
  for (size_t r = 0; r < 4; ++r) {
    const bool a = left.attack[r] != 0, d = right.defence[r] != 0;
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
      for (const auto& card : deck.cards) n += deck.product != "board" && text(game, card, "side") == id(s);
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

// Balance figures from the simulator, for a deck without errors.
void note_balance(const model::Game& game, Sink& sink) {
  Deck deck = read_deck(game);
  // The simulator plays only full decks.
  if (static_cast<int>(deck.gandalf.size()) != facts().cards_per_side ||
      static_cast<int>(deck.balrog.size()) != facts().cards_per_side)
    return;
  const int games = 1000;
  Summary s = simulate(deck, read_board(game), 1, games);
  sink.with_check("duell.balance")
      .note(info_loc(game, "rules"),
            fmt::format("balance over {} simulated games: Gandalf wins {:.1f} %, the Balrog {:.1f} %; "
                        "mean damage per card played: Gandalf {:.2f}, Balrog {:.2f}",
                        games, 100 * s.win_rate(Side::Gandalf), 100 * s.win_rate(Side::Balrog),
                        s.mean_damage_per_card(Side::Gandalf), s.mean_damage_per_card(Side::Balrog)),
            {}, "random legal play; see generator/rules/duell.h for what is simulated");
}

}  // namespace

void check(const model::Model&, const model::Game& game, Diagnostics& out) {
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

  if (sink.errors() == errors_before) note_balance(game, sink);
}

// ---------------------------------------------------------------- simulator

namespace {

class Sim {
 public:
  Sim(const Deck& deck, const Board& board, uint64_t seed, Summary& s)
      : deck_(deck), board_(board), rng_(seed), s_(s) {}

  void game() {
    const Facts& f = facts();
    std::array<std::vector<size_t>, 2> pile;
    for (size_t side = 0; side < 2; ++side) {
      pile[side].resize(deck_.of(static_cast<Side>(side)).size());
      std::iota(pile[side].begin(), pile[side].end(), size_t{0});
      shuffle(pile[side], rng_);
      used_[side].assign(pile[side].size(), false);
    }
    bridge_ = {0, 0};
    std::array<std::vector<size_t>, 2> reserve;
    Side starter = Side::Gandalf;  // "Gandalf begins the first duel."
    Side final_winner = Side::Gandalf;
    for (int d = 0; d < f.duels; ++d) {
      for (size_t side = 0; side < 2; ++side)
        hand_[side].assign(pile[side].begin() + d * f.hand, pile[side].begin() + (d + 1) * f.hand);
      duel(starter, board_.energy_start, static_cast<size_t>(f.kept_per_duel));
      ++s_.duels;
      for (size_t side = 0; side < 2; ++side) {
        // More than 3 left (a token went negative early): the player picks 3.
        shuffle(hand_[side], rng_);
        if (hand_[side].size() > static_cast<size_t>(f.kept_per_duel))
          hand_[side].resize(static_cast<size_t>(f.kept_per_duel));
        reserve[side].insert(reserve[side].end(), hand_[side].begin(), hand_[side].end());
      }
      Side winner = settle(starter);
      if (d >= 1 && bridge_[static_cast<size_t>(winner)] >= board_.bridge_top) {
        ++s_.early_wins;
        finish(winner);
        return;
      }
      starter = random_below(rng_, 2) ? Side::Gandalf : Side::Balrog;  // the loser's choice
    }
    for (size_t side = 0; side < 2; ++side) {
      if (reserve[side].size() != static_cast<size_t>(f.hand))
        violation("the final hand has " + std::to_string(reserve[side].size()) + " cards");
      hand_[side] = reserve[side];
    }
    // The player further down (or the last loser) chooses who starts.
    starter = random_below(rng_, 2) ? Side::Gandalf : Side::Balrog;
    duel(starter, board_.final_start, 0);
    ++s_.finals;
    final_winner = settle(starter);
    const int g = bridge_[0], b = bridge_[1];
    finish(g > b ? Side::Gandalf : b > g ? Side::Balrog : final_winner);
  }

 private:
  void violation(const std::string& what) {
    ++s_.violations;
    if (s_.first_violations.size() < 10)
      s_.first_violations.push_back("game " + std::to_string(s_.games + 1) + ": " + what);
  }

  void finish(Side winner) {
    ++s_.wins[static_cast<size_t>(winner)];
    ++s_.games;
  }

  // Duel winner moves up; returns the winner.
  Side settle(Side starter) {
    const int g = energy_[0], b = energy_[1];
    Side winner = g > b ? Side::Gandalf : b > g ? Side::Balrog : other(starter);  // a tie loses for the starter
    auto& piece = bridge_[static_cast<size_t>(winner)];
    piece = std::min(board_.bridge_top, piece + bridge_steps(g - b));
    for (int p : bridge_)
      if (p < 0 || p > board_.bridge_top) violation("a piece left the bridge");
    return winner;
  }

  void clamp(size_t side, int start) {
    energy_[side] = std::max(energy_[side], board_.negative_floor);
    if (energy_[side] > start || energy_[side] < board_.negative_floor) violation("an energy token left the track");
  }

  bool ended(size_t keep) {
    if (energy_[0] < 0 || energy_[1] < 0) {
      if (energy_[0] == energy_[1] && (hand_[0].size() > keep || hand_[1].size() > keep)) return false;
      ++s_.negative_ends;
      return true;
    }
    return hand_[0].size() <= keep && hand_[1].size() <= keep;
  }

  // Effects that move energy tokens, applied after the blow when the duel goes on.
  void effect(const Card& c, int start) {
    auto up = [&](Side s, int n) {
      auto& e = energy_[static_cast<size_t>(s)];
      e = std::min(start, e + n);
    };
    auto down = [&](Side s) {
      auto& e = energy_[static_cast<size_t>(s)];
      if (e - 1 >= 0) --e;  // never into the negative region
    };
    if (c.side == Side::Gandalf && c.special == "gleichgewicht") {
      const int g = energy_[0], b = energy_[1];
      up(Side::Gandalf, g < b ? 2 : 1);
      if (g <= b) down(Side::Balrog);
    } else if (c.side == Side::Balrog && c.special == "macht") {
      const int g = bridge_[0], b = bridge_[1];
      up(Side::Balrog, b < g ? 2 : 1);
      if (b <= g) down(Side::Gandalf);
    }
  }

  void duel(Side starter, int start, size_t keep) {
    energy_ = {start, start};
    const Card* prev = nullptr;
    Side turn = starter;
    std::array<int, 2> played{};
    while (true) {
      const size_t t = static_cast<size_t>(turn);
      auto& hand = hand_[t];
      if (hand.size() <= keep) break;
      const size_t pick = static_cast<size_t>(random_below(rng_, hand.size()));
      const size_t index = hand[pick];
      hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(pick));
      if (used_[t][index]) violation("a card was played twice");
      used_[t][index] = true;
      if (++played[t] > facts().hand) violation("more than 9 cards played in a duel");
      const Card& c = deck_.of(turn)[index];
      ++s_.cards_played[t];
      CardStats& cs = s_.per_card[c.id];
      ++cs.plays;
      if (prev) {
        const size_t p = static_cast<size_t>(prev->side);
        Blow b = exchange(*prev, c);
        energy_[p] -= b.to_left;
        energy_[t] -= b.to_right;
        clamp(p, start);
        clamp(t, start);
        s_.damage_dealt[t] += b.to_left;
        s_.damage_dealt[p] += b.to_right;
        for (size_t r = 0; r < 4; ++r) {
          s_.damage_per_row[t][r] += b.rows_to_left[r];
          s_.damage_per_row[p][r] += b.rows_to_right[r];
        }
        cs.damage_dealt += b.to_left;
        cs.damage_taken += b.to_right;
        CardStats& ps = s_.per_card[prev->id];
        ps.damage_dealt += b.to_right;
        ps.damage_taken += b.to_left;
      }
      if (ended(keep)) break;
      effect(c, start);
      clamp(0, start);
      clamp(1, start);
      prev = &c;
      turn = other(turn);
    }
  }

  const Deck& deck_;
  const Board& board_;
  std::mt19937_64 rng_;
  Summary& s_;
  std::array<std::vector<size_t>, 2> hand_;
  std::array<std::vector<bool>, 2> used_;
  std::array<int, 2> energy_{};
  std::array<int, 2> bridge_{};
};

}  // namespace

Summary simulate(const Deck& deck, const Board& board, uint64_t seed, int games) {
  Summary s;
  const int need = facts().cards_per_side;
  if (static_cast<int>(deck.gandalf.size()) != need || static_cast<int>(deck.balrog.size()) != need) {
    s.violations = 1;
    s.first_violations.push_back("the simulator needs 27 cards per side");
    return s;
  }
  Sim sim(deck, board, seed, s);
  for (int i = 0; i < games; ++i) sim.game();
  return s;
}

std::string describe(const Summary& s) {
  auto row = [&](Side side) {
    const auto& r = s.damage_per_row[static_cast<size_t>(side)];
    return std::to_string(r[0]) + "/" + std::to_string(r[1]) + "/" + std::to_string(r[2]) + "/" + std::to_string(r[3]);
  };
  std::string out = fmt::format(
      "{} games ({} duels, {} finals, {} won before the final): Gandalf won {:.1f} %, the Balrog {:.1f} %\n"
      "mean damage per card played: Gandalf {:.3f}, Balrog {:.3f}; cards played {} / {}\n"
      "damage dealt by row (top to bottom): Gandalf {}, Balrog {}; {} duels ended by a negative token; "
      "{} broken invariants\n",
      s.games, s.duels, s.finals, s.early_wins, 100 * s.win_rate(Side::Gandalf), 100 * s.win_rate(Side::Balrog),
      s.mean_damage_per_card(Side::Gandalf), s.mean_damage_per_card(Side::Balrog), s.cards_played[0], s.cards_played[1],
      row(Side::Gandalf), row(Side::Balrog), s.negative_ends, s.violations);
  for (const auto& v : s.first_violations) out += "  " + v + "\n";
  return out;
}

}  // namespace kw::rules::duell
