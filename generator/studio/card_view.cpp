#include "studio/card_view.h"

namespace kw::studio {

const char* kind_name(Badge::Kind kind) {
  switch (kind) {
    case Badge::Kind::Rules:
      return "rules";
    case Badge::Kind::Overflow:
      return "overflow";
    case Badge::Kind::Preflight:
      return "preflight";
  }
  return "?";
}

const CardView* SessionState::card(const std::string& stem) const {
  for (const auto& c : cards)
    if (c.stem == stem) return &c;
  return nullptr;
}

}  // namespace kw::studio
