#include "products/tts_save.h"

#include <map>

#include <nlohmann/json.hpp>

#include "core/sha256.h"

namespace kw::products {

namespace {

using Json = nlohmann::ordered_json;

// Where an object lies: on the table's centre, a deck face down (TTS turns a
// face-down deck 180 degrees about z).
Json transform(bool face_down) {
  return {{"posX", 0.0},   {"posY", 1.0},   {"posZ", 0.0},
          {"rotX", 0.0},   {"rotY", 180.0}, {"rotZ", face_down ? 180.0 : 0.0},
          {"scaleX", 1.0}, {"scaleY", 1.0}, {"scaleZ", 1.0}};
}

// The members every object of a save has, in the order TTS writes them.
Json object(const std::string& name, const std::string& guid, const std::string& nickname,
            const std::string& description, bool face_down) {
  return {{"GUID", guid},
          {"Name", name},
          {"Transform", transform(face_down)},
          {"Nickname", nickname},
          {"Description", description},
          {"GMNotes", ""},
          {"ColorDiffuse", {{"r", 0.713235259}, {"g", 0.713235259}, {"b", 0.713235259}}},
          {"Locked", false},
          {"Grid", true},
          {"Snap", true},
          {"IgnoreFoW", false},
          {"Autoraise", true},
          {"Sticky", true},
          {"Tooltip", true},
          {"GridProjection", false},
          {"HideWhenFaceDown", true},
          {"Hands", name == "Card"}};
}

// A save holding `object`: a saved object leaves the table's settings empty
// (TTS fills them from the table it is loaded onto).
std::string save(Json object) {
  Json doc = {{"SaveName", ""},
              {"Date", ""},
              {"VersionNumber", ""},
              {"GameMode", ""},
              {"GameType", ""},
              {"GameComplexity", ""},
              {"Tags", Json::array()},
              {"Gravity", 0.5},
              {"PlayArea", 0.5},
              {"Table", ""},
              {"Sky", ""},
              {"Note", ""},
              {"TabStates", Json::object()},
              {"LuaScript", ""},
              {"LuaScriptState", ""},
              {"XmlUI", ""}};
  doc["ObjectStates"] = Json::array({std::move(object)});
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Json custom_deck_sheet(const TtsPlan& plan, size_t sheet, const std::string& url_base) {
  const TtsSheet& s = plan.sheets[sheet];
  return {{"FaceURL", url_base + s.file},
          {"BackURL", url_base + s.back_file},
          {"NumWidth", s.columns},
          {"NumHeight", s.rows},
          {"BackIsHidden", true},
          {"UniqueBack", false},
          {"Type", 0}};
}

// Where each front is: (sheet, cell).
std::map<size_t, std::pair<size_t, int>> cells(const TtsPlan& plan) {
  std::map<size_t, std::pair<size_t, int>> where;
  for (size_t s = 0; s < plan.sheets.size(); ++s)
    for (size_t c = 0; c < plan.sheets[s].cards.size(); ++c) where[plan.sheets[s].cards[c]] = {s, static_cast<int>(c)};
  return where;
}

std::string sheet_key(size_t sheet) { return std::to_string(sheet + 1); }

}  // namespace

std::string file_url(const std::filesystem::path& dir) {
  std::string path = std::filesystem::absolute(dir).lexically_normal().generic_string();
  if (path.empty() || path.back() != '/') path += '/';
  std::string url = "file://";
  if (path.front() != '/') url += '/';  // C:/... on Windows
  static const char* kHex = "0123456789ABCDEF";
  for (unsigned char c : path) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~' || c == '/' || c == ':';
    if (plain) {
      url += static_cast<char>(c);
    } else {
      url += '%';
      url += kHex[c >> 4];
      url += kHex[c & 15];
    }
  }
  return url;
}

std::string tts_guid(const std::string& seed) { return sha256_hex(seed).substr(0, 6); }

std::vector<TtsObject> tts_deck_objects(const TtsPlan& plan, const TabletopCards& cards, const std::string& game_name,
                                        const std::string& url_base) {
  const auto where = cells(plan);
  std::vector<TtsObject> objects;
  for (const TabletopDeck& deck : cards.decks) {
    Json contained = Json::array(), ids = Json::array(), sheets = Json::object();
    size_t back = 0;
    for (size_t front : deck.fronts) {
      auto at = where.find(front);
      if (at == where.end()) continue;  // no back: not on the sheets
      const auto [sheet, cell] = at->second;
      back = plan.sheets[sheet].back;
      const int id = static_cast<int>(sheet + 1) * kTtsIdsPerSheet + cell;
      const TabletopCard& named = cards.cards.at(front);
      Json card = object("Card", tts_guid(plan.game_id + "/" + deck.id + "/" + std::to_string(front)), named.name,
                         tts_bbcode(named.text), true);
      card["CardID"] = id;
      card["SidewaysCard"] = false;
      card["CustomDeck"] = {{sheet_key(sheet), custom_deck_sheet(plan, sheet, url_base)}};
      card["LuaScript"] = "";
      card["LuaScriptState"] = "";
      card["XmlUI"] = "";
      ids.push_back(id);
      sheets[sheet_key(sheet)] = custom_deck_sheet(plan, sheet, url_base);
      contained.push_back(std::move(card));
    }
    if (contained.empty()) continue;
    const std::string stem = plan.game_id + "-" + deck.id;
    if (contained.size() == 1) {  // TTS's decks hold two cards or more
      objects.push_back({stem, save(contained[0]), back});
      continue;
    }
    Json d = object("DeckCustom", tts_guid(plan.game_id + "/" + deck.id), deck.name, game_name, true);
    d["SidewaysCard"] = false;
    d["DeckIDs"] = std::move(ids);
    d["CustomDeck"] = std::move(sheets);
    d["LuaScript"] = "";
    d["LuaScriptState"] = "";
    d["XmlUI"] = "";
    d["ContainedObjects"] = std::move(contained);
    objects.push_back({stem, save(std::move(d)), back});
  }
  return objects;
}

std::string tts_board_object(const std::string& name, const std::string& url_base, const std::string& image) {
  Json board = object("Custom_Board", tts_guid(image), name, "", false);
  board["Locked"] = true;
  board["CustomImage"] = {
      {"ImageURL", url_base + image}, {"ImageSecondaryURL", ""}, {"ImageScalar", 1.0}, {"WidthScale", 0.0}};
  board["LuaScript"] = "";
  board["LuaScriptState"] = "";
  board["XmlUI"] = "";
  return save(std::move(board));
}

}  // namespace kw::products
