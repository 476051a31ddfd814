#pragma once
// Der Hohe Rat (Volker Hesselmann; rules: hoher-rat, see docs/games/hoher-rat.md), played on the
// Stonehenge board. The council circle has spaces 1-30, each in one of six
// colours (black is wild); the Tag and the Nacht deck each hold one number
// card per space, in that space's colour, and two Trilith cards (4 in all);
// the pieces: 10 Anhänger and 1 Wortführer in white, yellow, red and blue,
// 50 Argumente, 10 in each of the five colours that are not black. A block
// of 16 of the 30 spaces (more than half) wins.
//
// The data: tables `colours` (ids weiss, gelb, rot, blau, gruen, schwarz;
// `wild` marks black), `board` (entries "1".."30" with `colour`) and, when
// present, `pieces` (kind anhaenger/wortfuehrer/argument, colour, count);
// cards with `kind` (number/trilith), `time` (tag/nacht), and for number
// cards `space` (a board entry) and `colour`, for Trilith cards `effect`
// ({arguments, mixed, limit}, held against the rules, and the numbers of
// their `rule` text against it). `meta.win_block` is checked when present;
// `meta.example` (the rules' convincing example: a Wortführer on 7, an
// Anhänger on 6) against the rules and the board's colours.
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"
#include "rules/simulation.h"

namespace kw::rules::hoher_rat {

inline constexpr std::string_view kRulesId = "hoher-rat";

void check(const model::Model& model, const model::Game& game, Diagnostics& out);
// The numbers a Trilith card's text states against its `effect`, in the
// language the game is loaded in.
void check_texts(const model::Model& model, const model::Game& game, Diagnostics& out);
// The declared rule facts (facts: rules:) against the rules' numbers.
void check_facts(const model::Game& game, Diagnostics& out);
// `kartenwerk simulate --game hoher-rat`: whole council votes from the data
// (hoher_rat_sim.cpp). Throws SimulationError when the data cannot be played.
SimulationReport simulate_report(const model::Model& model, const model::Game& game, const SimulationOptions& options);

inline constexpr int kSpaces = 30;
inline constexpr int kTrilithPerDeck = 2;  // "Jeder mischt 2 Trilith-Karten hinzu"
inline constexpr int kTrilithCards = 4;
inline constexpr int kAnhaengerPerColour = 10;
inline constexpr int kWortfuehrerPerColour = 1;
inline constexpr int kArgumentsPerColour = 10;
inline constexpr int kArguments = 50;

const std::vector<std::string>& colours();           // the six, black last
std::string_view wild_colour();                      // "schwarz"
const std::vector<std::string>& player_colours();    // weiss, gelb (Pro), rot, blau (Contra)
const std::vector<std::string>& argument_colours();  // the five that are not black
const std::vector<std::string>& decks();             // "tag", "nacht"
// A block this large wins: more than half of the circle (16 of 30).
int win_block(int spaces = kSpaces);

}  // namespace kw::rules::hoher_rat
