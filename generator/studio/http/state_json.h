#pragma once
// A session's state as the page reads it (GET /api/state): the cards with
// their image URLs, the page geometry in mm for the overlays (trim, safe
// area, every layout element's box and name), badges, diagnostics.
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "studio/before_after.h"
#include "studio/card_view.h"

namespace kw::studio::http {

// "/cards/palantir/en/-/01-gondor-hobbit-1.png?v=<fingerprint>" ("-": no variant).
std::string card_url(const SessionKey& key, const CardView& card);

std::string state_json(const SessionState& state);

// The state's members but its cards (game, switches, diagnostics, files):
// what the state and its deltas (state_feed.h) both carry whole.
nlohmann::json state_members(const SessionState& state);
// One card as the state lists it, as JSON text: what the page knows of it.
std::string card_record(const SessionKey& key, const CardView& card);

// "/before/palantir/de/-/<commit>/01-gondor-hobbit-1.png": a card's page
// before, as Studio::before_after rendered it.
std::string before_url(const BeforeAfter& compared, const ChangedCard& card);

// What GET /api/changes answers: {"game", "lang", "variant", "revision",
// "commit", "cards" (the game's now), "diagnostics", "changes": [{"kind",
// "stem", "card", "what": [...], "before": url or null, "after": url or
// null, "width_px", "height_px"}]}; the after URLs are `now`'s images.
std::string before_after_json(const BeforeAfter& compared, const SessionState& now);

}  // namespace kw::studio::http
