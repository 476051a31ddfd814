#include "support/tts_format.h"

#include <nlohmann/json.hpp>

namespace kw::test {

namespace {

using Json = nlohmann::json;

class Checker {
 public:
  std::vector<std::string> problems;

  void say(const std::string& where, const std::string& what) { problems.push_back(where + ": " + what); }

  bool has(const Json& o, const std::string& where, const char* key, Json::value_t type) {
    auto it = o.find(key);
    if (it == o.end()) {
      say(where, std::string("no ") + key);
      return false;
    }
    const bool number = type == Json::value_t::number_float && it->is_number();
    const bool integer = type == Json::value_t::number_integer && it->is_number_integer();
    if (!number && !integer && it->type() != type) {
      say(where + "." + key, std::string("is a ") + it->type_name());
      return false;
    }
    return true;
  }

  void object_common(const Json& o, const std::string& at) {
    if (has(o, at, "Transform", Json::value_t::object))
      for (const char* k : {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"})
        has(o["Transform"], at + ".Transform", k, Json::value_t::number_float);
    has(o, at, "Nickname", Json::value_t::string);
    has(o, at, "Description", Json::value_t::string);
    if (has(o, at, "GUID", Json::value_t::string)) {
      const std::string guid = o["GUID"];
      if (guid.size() != 6 || guid.find_first_not_of("0123456789abcdef") != std::string::npos)
        say(at + ".GUID", "'" + guid + "' is not six hex digits");
    }
  }

  // A CustomDeck entry: a sheet.
  void sheet(const Json& s, const std::string& at) {
    for (const char* k : {"FaceURL", "BackURL"})
      if (has(s, at, k, Json::value_t::string) && s[k].get<std::string>().empty()) say(at + "." + k, "is empty");
    if (has(s, at, "NumWidth", Json::value_t::number_integer) && (s["NumWidth"] < 1 || s["NumWidth"] > 10))
      say(at + ".NumWidth", "not 1 to 10");
    if (has(s, at, "NumHeight", Json::value_t::number_integer) && (s["NumHeight"] < 1 || s["NumHeight"] > 7))
      say(at + ".NumHeight", "not 1 to 7");
    has(s, at, "BackIsHidden", Json::value_t::boolean);
    has(s, at, "UniqueBack", Json::value_t::boolean);
    if (s.contains("Type") && (!s["Type"].is_number_integer() || s["Type"] < 0 || s["Type"] > 5))
      say(at + ".Type", "not a card shape 0 to 5");
  }

  // A Card; `deck_sheets` the deck's CustomDeck (null for a card alone).
  void card(const Json& c, const std::string& at, const Json* deck_sheets) {
    object_common(c, at);
    if (c.value("Name", "") != "Card") say(at + ".Name", "not Card");
    if (!has(c, at, "CardID", Json::value_t::number_integer) || !has(c, at, "CustomDeck", Json::value_t::object))
      return;
    const int id = c["CardID"];
    const Json& own = c["CustomDeck"];
    if (own.size() != 1) say(at + ".CustomDeck", "holds " + std::to_string(own.size()) + " sheets, not its one");
    const std::string key = std::to_string(id / 100);
    if (!own.contains(key)) {
      say(at + ".CardID", std::to_string(id) + " names sheet " + key + ", which its CustomDeck does not have");
      return;
    }
    sheet(own[key], at + ".CustomDeck." + key);
    const Json& s = own[key];
    if (s.contains("NumWidth") && s.contains("NumHeight")) {
      const int cells = s["NumWidth"].get<int>() * s["NumHeight"].get<int>();
      if (id % 100 >= cells - 1 && cells > 1)
        say(at + ".CardID", std::to_string(id) + ": cell " + std::to_string(id % 100) +
                                " is not before the hidden cell " + std::to_string(cells - 1));
    }
    if (deck_sheets && (!deck_sheets->contains(key) || (*deck_sheets)[key] != s))
      say(at + ".CustomDeck." + key, "differs from the deck's sheet " + key);
  }

  void deck(const Json& d, const std::string& at) {
    object_common(d, at);
    if (!has(d, at, "CustomDeck", Json::value_t::object) || !has(d, at, "DeckIDs", Json::value_t::array) ||
        !has(d, at, "ContainedObjects", Json::value_t::array))
      return;
    for (const auto& [key, s] : d["CustomDeck"].items()) {
      if (key.empty() || key.find_first_not_of("0123456789") != std::string::npos || key[0] == '0')
        say(at + ".CustomDeck", "key '" + key + "' is not a number from 1");
      sheet(s, at + ".CustomDeck." + key);
    }
    const Json& ids = d["DeckIDs"];
    const Json& cards = d["ContainedObjects"];
    if (cards.size() < 2) say(at + ".ContainedObjects", "a deck holds two cards or more");
    if (ids.size() != cards.size()) say(at + ".DeckIDs", "does not list one id per contained card");
    for (size_t i = 0; i < cards.size(); ++i) {
      const std::string where = at + ".ContainedObjects[" + std::to_string(i) + "]";
      card(cards[i], where, &d["CustomDeck"]);
      if (i < ids.size() && cards[i].contains("CardID") && ids[i] != cards[i]["CardID"])
        say(at + ".DeckIDs[" + std::to_string(i) + "]", "is not the card's CardID");
    }
  }

  void board(const Json& b, const std::string& at) {
    object_common(b, at);
    if (!has(b, at, "CustomImage", Json::value_t::object)) return;
    if (has(b["CustomImage"], at + ".CustomImage", "ImageURL", Json::value_t::string) &&
        b["CustomImage"]["ImageURL"].get<std::string>().empty())
      say(at + ".CustomImage.ImageURL", "is empty");
  }
};

}  // namespace

std::vector<std::string> tts_problems(const std::string& json) {
  Checker check;
  const Json save = Json::parse(json, nullptr, false);
  if (save.is_discarded() || !save.is_object()) return {"not a JSON object"};
  for (const char* k : {"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "LuaScript", "LuaScriptState", "XmlUI"})
    check.has(save, "save", k, Json::value_t::string);
  if (!check.has(save, "save", "ObjectStates", Json::value_t::array)) return check.problems;
  if (save["ObjectStates"].empty()) check.say("save.ObjectStates", "is empty");
  for (size_t i = 0; i < save["ObjectStates"].size(); ++i) {
    const Json& o = save["ObjectStates"][i];
    const std::string at = "ObjectStates[" + std::to_string(i) + "]";
    const std::string name = o.value("Name", "");
    if (name == "DeckCustom")
      check.deck(o, at);
    else if (name == "Card")
      check.card(o, at, nullptr);
    else if (name == "Custom_Board")
      check.board(o, at);
    else
      check.say(at + ".Name", "'" + name + "' is none of DeckCustom, Card, Custom_Board");
  }
  return check.problems;
}

}  // namespace kw::test
