#pragma once
// A session's state as the page reads it (GET /api/state): the cards with
// their image URLs, the page geometry in mm for the overlays (trim, safe
// area, every layout element's box and name), badges, diagnostics.
#include <string>

#include "studio/card_view.h"

namespace kw::studio::http {

// "/cards/palantir/en/-/01-gondor-hobbit-1.png?v=<fingerprint>" ("-": no variant).
std::string card_url(const SessionKey& key, const CardView& card);

std::string state_json(const SessionState& state);

}  // namespace kw::studio::http
