#pragma once
// Which print-shop profile a game is packaged for, and whether its card
// format suits that shop's card. A design goes to a shop's card unchanged
// (the same size), or scaled a little to cover a card of nearly its shape
// (59 x 91 mm to a 57.15 x 88.9 mm bridge card, 97.7 %); a card of another
// shape (a poker card to Meinspiel's 59 x 91 mm) would be shrunk with bands
// of its edge colour, which only the user may ask for (`build --fit`).
#include <string>
#include <vector>

#include "model/model.h"
#include "verify/preflight.h"

namespace kw::verify {

// The most a design may be scaled to a shop's card without the user asking
// for it (5 %: the bleed and safe margins absorb it; more shows).
inline constexpr double kMaxQuietScale = 0.05;

// The profile `game` names (`profile:` in its file), else the profiles'
// default; null when the game names a profile the file does not define.
const PrintProfile* profile_for_game(const PrintProfiles& profiles, const model::Game& game);

// Why `format`'s cards do not suit `profile`'s card (one sentence naming
// both sizes and how the design would be changed), "" when they do.
std::string fit_problem(const PrintProfile& profile, const model::CardFormat& format);

// The profiles whose cards suit `format`, the default first, then in the
// file's order.
std::vector<const PrintProfile*> fitting_profiles(const PrintProfiles& profiles, const model::CardFormat& format);

}  // namespace kw::verify
