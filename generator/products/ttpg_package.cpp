#include "products/ttpg_package.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <nlohmann/json.hpp>

#include "core/sha256.h"

namespace kw::products {

namespace {

using Json = nlohmann::ordered_json;

constexpr double kMmPerCm = 10.0;

// What every template of ours has, in the schema's order of ObjectTemplate:
// cardboard that collides, flips and snaps like TTPG's own cards.
Json base(const std::string& guid, const std::string& name) {
  return {{"Type", "Card"},
          {"GUID", guid},
          {"Name", name},
          {"Metadata", ""},
          {"CollisionType", "Regular"},
          {"Friction", 0.7},
          {"Restitution", 0.0},
          {"Density", 0.5},
          {"SurfaceType", "Cardboard"},
          {"Roughness", 1.0},
          {"Metallic", 0.0},
          {"PrimaryColor", {{"R", 1.0}, {"G", 1.0}, {"B", 1.0}}},
          {"SecondaryColor", {{"R", 0.0}, {"G", 0.0}, {"B", 0.0}}},
          {"Flippable", true},
          {"AutoStraighten", false},
          {"ShouldSnap", true},
          {"ScriptName", ""},
          {"Blueprint", ""},
          {"Models", Json::array()},
          {"Collision", Json::array()},
          {"SnapPointsGlobal", false},
          {"SnapPoints", Json::array()},
          {"Tags", Json::array()}};
}

std::string dumped(const Json& t) { return t.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"; }

// A deck's cards on one sheet: their cells, in deck order.
struct DeckSheet {
  size_t sheet = 0;
  std::vector<std::pair<int, size_t>> cells;  // (cell, front)
};

std::vector<DeckSheet> deck_sheets(const TtsPlan& plan, const TabletopDeck& deck) {
  std::map<size_t, std::pair<size_t, int>> where;
  for (size_t s = 0; s < plan.sheets.size(); ++s)
    for (size_t c = 0; c < plan.sheets[s].cards.size(); ++c) where[plan.sheets[s].cards[c]] = {s, static_cast<int>(c)};
  std::vector<DeckSheet> sheets;
  for (size_t front : deck.fronts) {
    auto at = where.find(front);
    if (at == where.end()) continue;  // no back: not on the sheets
    if (sheets.empty() || sheets.back().sheet != at->second.first) sheets.push_back({at->second.first, {}});
    sheets.back().cells.emplace_back(at->second.second, front);
  }
  return sheets;
}

}  // namespace

std::string ttpg_guid(const std::string& seed) {
  std::string hex = sha256_hex("ttpg/" + seed).substr(0, 32);
  std::transform(hex.begin(), hex.end(), hex.begin(), [](unsigned char c) { return std::toupper(c); });
  return hex;
}

std::vector<TtpgTemplate> ttpg_card_templates(const TtsPlan& plan, const TabletopCards& cards, Size trim,
                                              const std::string& seed) {
  std::vector<TtpgTemplate> out;
  for (const TabletopDeck& deck : cards.decks) {
    const std::vector<DeckSheet> sheets = deck_sheets(plan, deck);
    for (size_t k = 0; k < sheets.size(); ++k) {
      const TtsSheet& sheet = plan.sheets[sheets[k].sheet];
      const bool several = sheets.size() > 1;
      const std::string suffix = several ? "-" + std::to_string(k + 1) : "";
      const std::string name =
          several ? deck.name + " (" + std::to_string(k + 1) + "/" + std::to_string(sheets.size()) + ")" : deck.name;
      Json t = base(ttpg_guid(seed + "/" + deck.id + "/" + std::to_string(k)), name);
      t["FrontTexture"] = sheet.file;
      t["BackTexture"] = sheet.back_file;
      t["HiddenTexture"] = "";
      t["BackIndex"] = -2;    // BackTexture is the back, whole
      t["HiddenIndex"] = -3;  // a hidden card shows that back
      t["NumHorizontal"] = sheet.columns;
      t["NumVertical"] = sheet.rows;
      t["Width"] = trim.w / kMmPerCm;
      t["Height"] = trim.h / kMmPerCm;
      t["Thickness"] = 0.05;
      t["HiddenInHand"] = true;
      t["UsedWithCardHolders"] = true;
      t["CanStack"] = true;
      t["Model"] = "Rounded";
      Json indices = Json::array(), names = Json::object(), metadata = Json::object();
      for (const auto& [cell, front] : sheets[k].cells) {
        indices.push_back(cell);
        const TabletopCard& card = cards.cards.at(front);
        names[std::to_string(cell)] = card.name;
        metadata[std::to_string(cell)] = plain_text(card.text);
      }
      t["Indices"] = std::move(indices);
      t["CardNames"] = std::move(names);
      t["CardMetadata"] = std::move(metadata);
      t["CardTags"] = Json::object();
      out.push_back({plan.game_id + "-" + deck.id + suffix + ".json", dumped(t)});
    }
  }
  return out;
}

std::string ttpg_board_template(const std::string& name, const std::string& texture, Size size,
                                const std::string& seed) {
  Json t = base(ttpg_guid(seed + "/board/" + texture), name);
  t["FrontTexture"] = texture;
  t["BackTexture"] = texture;  // no back of its own: the board's image on both sides
  t["HiddenTexture"] = "";
  t["BackIndex"] = -2;
  t["HiddenIndex"] = -1;  // never in a hand; TTPG's blur if it were
  t["NumHorizontal"] = 1;
  t["NumVertical"] = 1;
  t["Width"] = size.w / kMmPerCm;
  t["Height"] = size.h / kMmPerCm;
  t["Thickness"] = 0.2;  // board, not card
  t["HiddenInHand"] = false;
  t["UsedWithCardHolders"] = false;
  t["CanStack"] = false;
  t["Model"] = "Square";
  t["Indices"] = Json::array({0});
  t["CardNames"] = {{"0", name}};
  t["CardMetadata"] = Json::object();
  t["CardTags"] = Json::object();
  return dumped(t);
}

}  // namespace kw::products
