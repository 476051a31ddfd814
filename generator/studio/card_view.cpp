#include "studio/card_view.h"

namespace kw::studio {

const CardView* SessionState::card(const std::string& stem) const {
  for (const auto& c : cards)
    if (c.stem == stem) return &c;
  return nullptr;
}

}  // namespace kw::studio
