#include "studio/card_view.h"

namespace kw::studio {

namespace {

bool same_value(const yaml::Value& a, const yaml::Value& b) {
  if (a.kind != b.kind || a.scalar != b.scalar || a.quoted != b.quoted || !(a.loc == b.loc) ||
      !(a.key_loc == b.key_loc) || a.map.size() != b.map.size() || a.list.size() != b.list.size())
    return false;
  for (size_t i = 0; i < a.map.size(); ++i)
    if (a.map[i].key != b.map[i].key || !same_value(a.map[i].value, b.map[i].value)) return false;
  for (size_t i = 0; i < a.list.size(); ++i)
    if (!same_value(a.list[i], b.list[i])) return false;
  return true;
}

}  // namespace

bool operator==(const CardEntry& a, const CardEntry& b) {
  if (a.file != b.file || a.path != b.path || a.index != b.index || a.id_column != b.id_column || a.id != b.id ||
      a.blank_row != b.blank_row || a.blank_error != b.blank_error || a.blank.size() != b.blank.size())
    return false;
  for (size_t i = 0; i < a.blank.size(); ++i)
    if (a.blank[i].first != b.blank[i].first || !same_value(a.blank[i].second, b.blank[i].second)) return false;
  return true;
}

const CardView* SessionState::card(const std::string& stem) const {
  for (const auto& c : cards)
    if (c.stem == stem) return &c;
  return nullptr;
}

}  // namespace kw::studio
