#pragma once
// Palantír — Doppelkopf in a Lord-of-the-Rings setting (rules: palantir).
// The rules model: regions (suits), classes (ranks), points, the trump and
// Fehl orders of the standard game and of each solo, card strength, legal
// plays and the data check; the simulator is palantir_simulation.h, the
// texts' claims palantir_claims.cpp, the characters bound to cards
// palantir_bindings.cpp. The 7 rule
// reference cards take their rankings and numbers from here (see Facts and
// resolve()), so a reference card cannot disagree with the rules.
//
// Reading of the rules text (docs/games/palantir.md) where it is silent,
// following Doppelkopf (with Dullen) as the game itself says it is:
//  - Standard game, highest first: Balrog (Rhovanion-Streitkraft); Ringträger
//    Gondor > Rohan > Rhovanion > Mordor; Erben in the same order; Mordor
//    Artefakt > Streitkraft > König > Hobbit. 13 kinds x 2 = 26 trumps.
//    Fehl: Gondor A S K H, Rohan A S K H, Rhovanion A K H.
//  - Both Mordor-Artefakte (Der Eine Ring) dealt to one hand rank above the
//    Balrog in the standard game only (the text: "im Normalspiel"), for the
//    whole round; between the two, the first played wins as for all equals.
//  - Regionen-Solo: the chosen region replaces Mordor as the trump region;
//    the Balrog stays highest, Ringträger and Erben stay trump (the text only
//    swaps the region). With Rhovanion as trump region its Streitkraft is
//    the Balrog already: 12 kinds, 24 trumps. With Mordor it is the standard
//    order, but without the ring rule. The other regions' Fehl: A S K H
//    (Rhovanion A K H, its Streitkraft being the Balrog).
//  - Ringträger-Solo: only the four Ringträger (Gondor > Rohan > Rhovanion >
//    Mordor) are trump, the Balrog is an ordinary Rhovanion-Streitkraft;
//    Fehl per region A S K E H (Doppelkopf Damen-Solo: A 10 K B 9).
//  - Erben-Solo: only the Erben are trump; Fehl A S K R H.
//  - Fehl-Solo: no trump; every region A S K R E H.
//  - Between equal cards the first played wins; a card beats the current
//    best card of a trick only when strictly stronger.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules::palantir {

inline constexpr std::string_view kRulesId = "palantir";

// Checks a game's data against the rules: tables (suits, ranks, letters,
// points), the deck (every region x class twice), 240 points, special cards.
void check(const model::Model& model, const model::Game& game, Diagnostics& out);
// The texts reference cards print ({{rules.<name>}} in layouts and card
// text): rankings of every contract and the numbers of facts(), names from
// the game's tables. Keys: see values() in palantir.cpp.
RuleValues values(const model::Model& model, const model::Game& game);

// The part of check() that decides whether the rules can play the deck:
// the tables and the deck (the simulator refuses a deck that fails it).
void check_playable(const model::Game& game, Diagnostics& out);

// A ranking of regions printed as literal text ("Gondor › Rohan › Mordor ›
// Rhovanion", in any language: the names are the game's own) that puts a
// region above one the rules rank higher is an error at that text.
void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out);
// The characters the rule text names with their card or class, declared in
// `meta.characters` (palantir_bindings.cpp): checked against the rule text,
// and the deck's names against them.
void check_bindings(const model::Game& game, Diagnostics& out);
// The game's declared rule facts (`facts:`) against the model.
void check_facts(const model::Game& game, Diagnostics& out);
// What texts declare about the rules as `claims:` (palantir_claims.cpp),
// verified against the model in the language loaded; check_texts runs it.
void check_claims(const model::Model& model, const model::Game& game, Diagnostics& out);
// The words values() prints besides the data's names: (id, German).
std::vector<std::pair<std::string, std::string>> words();

enum class Region : uint8_t { Gondor, Rohan, Rhovanion, Mordor };                         // the rules' order
enum class Class : uint8_t { Artefakt, Streitkraft, Koenig, Ringtraeger, Erbe, Hobbit };  // A S K R E H
inline constexpr std::array<Region, 4> kRegions = {Region::Gondor, Region::Rohan, Region::Rhovanion, Region::Mordor};
inline constexpr std::array<Class, 6> kClasses = {Class::Artefakt,    Class::Streitkraft, Class::Koenig,
                                                  Class::Ringtraeger, Class::Erbe,        Class::Hobbit};

// The ids the data uses for them (table entry ids), and back.
std::string_view id(Region r);
std::string_view id(Class c);
std::optional<Region> region_from_id(std::string_view id);
std::optional<Class> class_from_id(std::string_view id);
// German names as the rules write them (fallbacks when a table lacks names).
std::string_view name(Region r);
std::string_view name(Class c);
std::string_view plural_name(Class c);
char letter(Class c);                        // A S K R E H
int points(Class c);                         // 11 10 4 3 2 0
std::string_view doppelkopf_suit(Region r);  // Kreuz Pik Herz Karo
std::string_view doppelkopf_rank(Class c);   // Ass Zehn König Dame Bube Neun

struct CardKey {
  Region region = Region::Gondor;
  Class cls = Class::Hobbit;
  friend bool operator==(const CardKey&, const CardKey&) = default;
};
std::string to_string(CardKey k);  // "rhovanion-streitkraft"

inline constexpr CardKey kBalrog{Region::Rhovanion, Class::Streitkraft};
inline constexpr CardKey kSauronsAuge{Region::Gondor, Class::Ringtraeger};
inline constexpr CardKey kEowyn{Region::Gondor, Class::Erbe};
inline constexpr CardKey kEinerRing{Region::Mordor, Class::Artefakt};

// The numbers the rules state; reference cards print these.
struct Facts {
  int players = 4;
  int copies = 2;  // of every region x class
  int cards = 48;
  int tricks = 12;             // "nach 12 Kämpfen"
  int deal_packet = 3;         // "je 3 Karten"
  int points_total = 240;      // "Insgesamt gibt es 240"
  int sauron_wins_from = 121;  // Saurons-Auge-Team
  int gefaehrten_win_from = 120;
  int standard_trumps = 26;
  int blutbad_points = 40;                      // a trick of 40 or more
  std::array<int, 4> absage = {90, 60, 30, 0};  // <90, <60, <30, 0 points
  int kapitulation_koenige = 5;                 // five or more Könige
  int unterwerfung_max_trumps = 3;              // three trumps or fewer
  int scharfes_spiel_cards = 40;                // without Hobbits
};
const Facts& facts();

// A game type (Vorbehalt) that decides the trumps.
struct Contract {
  enum class Kind : uint8_t { Standard, RegionSolo, RingtraegerSolo, ErbenSolo, FehlSolo };
  Kind kind = Kind::Standard;
  Region trump_region = Region::Mordor;  // Standard: Mordor; RegionSolo: the chosen region

  static Contract standard() { return {}; }
  static Contract region_solo(Region r) { return {Kind::RegionSolo, r}; }
  static Contract ringtraeger_solo() { return {Kind::RingtraegerSolo, Region::Mordor}; }
  static Contract erben_solo() { return {Kind::ErbenSolo, Region::Mordor}; }
  static Contract fehl_solo() { return {Kind::FehlSolo, Region::Mordor}; }
  // standard, 4 region solos, Ringträger-, Erben-, Fehl-Solo.
  static std::vector<Contract> all();

  std::string id() const;    // "standard", "region-solo:gondor", "ringtraeger-solo", ...
  std::string name() const;  // "Standardspiel", "Regionen-Solo Gondor", "Ringträger-Solo", ...
  static std::optional<Contract> parse(std::string_view id);
  friend bool operator==(const Contract&, const Contract&) = default;
};

// Orders, highest first. Each kind stands for both its copies.
// `rings_united`: both Mordor-Artefakte were dealt to one hand (matters in the standard game only).
std::vector<CardKey> trump_order(const Contract& c, bool rings_united = false);
std::vector<CardKey> fehl_order(const Contract& c, Region r);  // empty when the whole region is trump
bool is_trump(const Contract& c, CardKey k);
int trump_count(const Contract& c);  // physical cards: 26 in the standard game

// What a card follows: trump, or the Fehl of its region.
struct Suit {
  bool trump = false;
  Region region = Region::Gondor;  // meaningful for Fehl only
  friend bool operator==(const Suit& a, const Suit& b) {
    return a.trump == b.trump && (a.trump || a.region == b.region);
  }
};
Suit suit_of(const Contract& c, CardKey k);

// True when `card` played later beats the trick's best card `best` so far
// (led suit `led`): only a strictly stronger card wins, so between equals the
// first played keeps the trick.
bool beats(const Contract& c, bool rings_united, CardKey card, CardKey best, Suit led);
// Index (in play order) of the card that takes the trick.
size_t trick_winner(const Contract& c, bool rings_united, std::span<const CardKey> trick);
// May `card` be played from `hand` (which contains it) when `led` was led?
// Trump led: trump if you have one. Fehl led: that region's Fehl if you have one;
// otherwise anything (trump or another region's Fehl).
bool may_play(const Contract& c, std::span<const CardKey> hand, Suit led, CardKey card);

// A ranking with names resolved from the game's tables, for reference cards.
struct RankedCard {
  CardKey key;
  std::string region_id, class_id;      // table entry ids
  std::string region_name, class_name;  // from the tables' `name` (rules names if absent)
  std::string letter;                   // the class letter (table `letter`, else the rules')
  int points = 0;                       // the rules' points
  std::string card_id;                  // the card definition in the data with this region and class
  std::string good_name;                // its `good.name`, when it has one
};
std::vector<RankedCard> resolve(const model::Game& game, std::span<const CardKey> keys);

// Everything a reference card prints about one contract: its trumps and the
// Fehl of each region (rules' region order), names resolved from `game`.
struct ContractRanking {
  Contract contract;
  std::string name;                             // "Standardspiel", "Ringträger-Solo", ...
  int trump_cards = 0;                          // physical cards: 26 in the standard game
  std::vector<RankedCard> trumps;               // highest first
  std::vector<RankedCard> trumps_rings_united;  // standard game only: both rings in one hand
  std::array<std::vector<RankedCard>, 4> fehl;  // per Region, highest first (empty: all trump)
};
// One entry per Contract::all(): standard, the four region solos, Ringträger-,
// Erben- and Fehl-Solo.
std::vector<ContractRanking> rankings(const model::Game& game);

// What a variant's `rules:` change beyond its card list, with the base
// game's values where it says nothing: the classes left out
// (`without_classes`), the deal's packets per player in dealing order
// (`deal`; base: packets of 3 until the 12 cards are dealt) and regions all
// of whose Fehl in one trick make the next round a Lembas round (`lembas_fehl`).
struct VariantRules {
  std::vector<Class> removed;
  std::vector<int> deal;
  std::vector<Region> lembas_fehl;
  int cards = 48;
};
VariantRules variant_rules(const model::Game& game);

// The simulator: palantir_simulation.h.

}  // namespace kw::rules::palantir
