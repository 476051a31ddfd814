#include "support/ttpg_format.h"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/files.h"

namespace kw::test {

namespace fs = std::filesystem;

namespace {

using Json = nlohmann::json;

const std::set<std::string> kCollisionTypes{"Regular", "Ground", "Penetrable", "Static"};
const std::set<std::string> kSurfaceTypes{"Plastic", "Wood", "Metal", "Cardboard", "Cloth", "Glass", "Silent"};
// CardModel; the schema also allows a texture's name (a card cut to an
// image's shape), which we never write: anything else is reported.
const std::set<std::string> kCardModels{"Rounded", "Square", "Round", "Hexagonal"};

bool is_index_key(const std::string& key) {
  return !key.empty() && key.find_first_not_of("0123456789") == std::string::npos && (key == "0" || key[0] != '0');
}

class Checker {
 public:
  std::vector<std::string> problems;

  void say(const std::string& where, const std::string& what) { problems.push_back(where + ": " + what); }

  // Whether `o` has `key` of `type` (number_float: any number); says so if not.
  bool has(const Json& o, const std::string& at, const char* key, Json::value_t type) {
    auto it = o.find(key);
    if (it == o.end()) {
      say(at.empty() ? key : at, std::string("no ") + key);
      return false;
    }
    return typed(*it, (at.empty() ? "" : at + ".") + key, type);
  }

  // An optional key: checked when there.
  bool may_have(const Json& o, const char* key, Json::value_t type) {
    return o.contains(key) && typed(o[key], key, type);
  }

  bool typed(const Json& v, const std::string& at, Json::value_t type) {
    const bool number = type == Json::value_t::number_float && v.is_number();
    const bool integer = type == Json::value_t::number_integer && v.is_number_integer();
    if (!number && !integer && v.type() != type) {
      say(at, std::string("is a ") + v.type_name());
      return false;
    }
    return true;
  }

  void at_least(const Json& t, const char* key, double min) {
    if (may_have(t, key, Json::value_t::number_float) && t[key].get<double>() < min)
      say(key, "below the schema's minimum " + std::to_string(min));
  }

  void color(const Json& t, const char* key) {
    if (!may_have(t, key, Json::value_t::object)) return;
    for (const char* c : {"R", "G", "B"})
      if (has(t[key], key, c, Json::value_t::number_float) && (t[key][c] < 0 || t[key][c] > 1))
        say(std::string(key) + "." + c, "not 0 to 1");
  }

  void one_of(const Json& t, const char* key, const std::set<std::string>& names) {
    if (has(t, "", key, Json::value_t::string) && !names.count(t[key].get<std::string>()))
      say(key, "'" + t[key].get<std::string>() + "' is not one of the schema's names");
  }

  // ObjectTemplate's keys.
  void object(const Json& t) {
    if (has(t, "", "Type", Json::value_t::string) && t["Type"] != "Card") say("Type", "not Card");
    if (has(t, "", "GUID", Json::value_t::string)) {
      const std::string guid = t["GUID"];
      if (guid.size() != 32 || guid.find_first_not_of("0123456789ABCDEFabcdef") != std::string::npos)
        say("GUID", "'" + guid + "' is not 32 hex digits");
    }
    if (has(t, "", "Name", Json::value_t::string) && t["Name"].get<std::string>().empty()) say("Name", "is empty");
    has(t, "", "Metadata", Json::value_t::string);
    one_of(t, "CollisionType", kCollisionTypes);
    one_of(t, "SurfaceType", kSurfaceTypes);
    if (has(t, "", "Models", Json::value_t::array))
      for (size_t i = 0; i < t["Models"].size(); ++i) {
        const std::string at = "Models[" + std::to_string(i) + "]";
        if (!typed(t["Models"][i], at, Json::value_t::object)) continue;
        for (const char* k : {"Offset", "Rotation", "Scale"}) has(t["Models"][i], at, k, Json::value_t::object);
        has(t["Models"][i], at, "Model", Json::value_t::string);
        has(t["Models"][i], at, "Roughness", Json::value_t::number_float);
        has(t["Models"][i], at, "UseOverrides", Json::value_t::boolean);
      }
    if (has(t, "", "Tags", Json::value_t::array))
      for (const Json& tag : t["Tags"]) typed(tag, "Tags[]", Json::value_t::string);
    color(t, "PrimaryColor");
    color(t, "SecondaryColor");
    for (const char* k : {"Friction", "Restitution", "Density", "Roughness", "Metallic"})
      if (may_have(t, k, Json::value_t::number_float) && (t[k] < 0 || t[k] > 1)) say(k, "not 0 to 1");
    for (const char* k : {"Flippable", "AutoStraighten", "ShouldSnap", "SnapPointsGlobal"})
      may_have(t, k, Json::value_t::boolean);
    for (const char* k : {"Collision", "SnapPoints", "Lights"}) may_have(t, k, Json::value_t::array);
  }

  // CardTemplate's keys and the arithmetic of its grid.
  void card(const Json& t) {
    if (has(t, "", "FrontTexture", Json::value_t::string) && t["FrontTexture"].get<std::string>().empty())
      say("FrontTexture", "is empty");
    for (const char* k : {"BackTexture", "HiddenTexture"}) may_have(t, k, Json::value_t::string);
    int cells = 1;
    for (const char* k : {"NumHorizontal", "NumVertical"}) {
      if (!may_have(t, k, Json::value_t::number_integer)) continue;  // default 1
      const int n = t[k];
      if (n < 1 || n > 128) say(k, "not 1 to 128");
      cells *= std::max(n, 1);
    }
    side_index(t, "BackIndex", "BackTexture", cells);
    side_index(t, "HiddenIndex", "HiddenTexture", cells);
    at_least(t, "Width", 0.1);
    at_least(t, "Height", 0.1);
    at_least(t, "Thickness", 0.01);
    for (const char* k : {"HiddenInHand", "UsedWithCardHolders", "CanStack", "UsePrimaryColorForSide", "MirrorBack",
                          "EmissiveFront", "FrontTextureOverrideExposed", "AllowFlippedInStack"})
      may_have(t, k, Json::value_t::boolean);
    if (may_have(t, "Model", Json::value_t::string) && !kCardModels.count(t["Model"].get<std::string>()))
      say("Model", "'" + t["Model"].get<std::string>() + "' is none of Rounded, Square, Round, Hexagonal");
    std::set<std::string> stack;
    if (has(t, "", "Indices", Json::value_t::array)) {
      if (t["Indices"].empty()) say("Indices", "is empty (a stack holds one card or more)");
      for (size_t i = 0; i < t["Indices"].size(); ++i) {
        const std::string at = "Indices[" + std::to_string(i) + "]";
        if (!typed(t["Indices"][i], at, Json::value_t::number_integer)) continue;
        const int index = t["Indices"][i];
        if (index < 0 || index >= cells)
          say(at, std::to_string(index) + " is not a cell of the " + std::to_string(cells) + "-cell texture");
        stack.insert(std::to_string(index));
      }
    }
    for (const char* k : {"CardNames", "CardMetadata", "CardTags"}) {
      if (!has(t, "", k, Json::value_t::object)) continue;
      for (const auto& [key, value] : t[k].items()) {
        const std::string at = std::string(k) + "." + key;
        if (!is_index_key(key))
          say(at, "the key is not an integer");
        else if (!stack.count(key))
          say(at, "names index " + key + ", which Indices does not hold");
        if (std::string(k) != "CardTags") {
          typed(value, at, Json::value_t::string);
        } else if (typed(value, at, Json::value_t::array)) {
          for (const Json& tag : value) typed(tag, at + "[]", Json::value_t::string);
        }
      }
    }
  }

 private:
  // BackIndex, HiddenIndex: -3 to -1 name a way, 0 or more a cell; -2 needs
  // its own file.
  void side_index(const Json& t, const char* key, const char* file, int cells) {
    if (!has(t, "", key, Json::value_t::number_integer)) return;
    const int index = t[key];
    if (index < -3) say(key, "below -3");
    if (index >= cells) say(key, std::to_string(index) + " is not a cell of the texture");
    if (index == -2 && t.value(file, "").empty()) say(key, std::string("-2 names a separate file, but no ") + file);
  }
};

}  // namespace

std::vector<std::string> ttpg_template_problems(const std::string& json) {
  const Json t = Json::parse(json, nullptr, false);
  if (t.is_discarded() || !t.is_object()) return {"not a JSON object"};
  Checker check;
  check.object(t);
  check.card(t);
  return check.problems;
}

std::vector<std::string> ttpg_package_problems(const fs::path& package, const ImageSize& image_size) {
  std::vector<std::string> problems;
  auto say = [&](const std::string& where, const std::string& what) { problems.push_back(where + ": " + what); };
  if (!fs::is_directory(package / "Templates")) say(package.string(), "no Templates/");
  for (const auto& e : fs::directory_iterator(package))
    if (e.path().filename() != "Templates" && e.path().filename() != "Textures")
      say(e.path().string(), "neither Templates/ nor Textures/");
  if (!fs::is_directory(package / "Templates")) return problems;
  std::map<std::string, std::string> guids;  // GUID -> its template
  for (const auto& e : fs::recursive_directory_iterator(package / "Templates")) {
    if (!e.is_regular_file()) continue;
    const std::string name = fs::relative(e.path(), package).generic_string();
    if (e.path().extension() != ".json") {
      say(name, "not a .json template");
      continue;
    }
    const std::string text = *read_file(e.path());
    for (const std::string& p : ttpg_template_problems(text)) say(name, p);
    const Json t = Json::parse(text, nullptr, false);
    if (!t.is_object()) continue;
    const std::string guid = t.value("GUID", "");
    if (auto [it, fresh] = guids.emplace(guid, name); !fresh)
      say(name, "GUID " + guid + " is also " + it->second + "'s");
    const int columns = t.value("NumHorizontal", 1), rows = t.value("NumVertical", 1);
    std::pair<int, int> cell{0, 0};
    const std::string front = t.value("FrontTexture", "");
    if (auto bytes = front.empty() ? std::nullopt : read_file(package / "Textures" / front)) {
      const auto [w, h] = image_size(*bytes);
      if (columns < 1 || rows < 1 || w % columns != 0 || h % rows != 0)
        say(name, front + ": " + std::to_string(w) + " x " + std::to_string(h) + " px is no grid of " +
                      std::to_string(columns) + " x " + std::to_string(rows) + " cells");
      else
        cell = {w / columns, h / rows};
    } else {
      say(name, "FrontTexture '" + front + "' is not in Textures/");
    }
    if (t.value("BackIndex", 0) != -2) continue;
    const std::string back = t.value("BackTexture", "");
    if (auto bytes = back.empty() ? std::nullopt : read_file(package / "Textures" / back)) {
      if (cell.first > 0 && image_size(*bytes) != cell)
        say(name, back + ": the back is not one cell of " + std::to_string(cell.first) + " x " +
                      std::to_string(cell.second) + " px");
    } else {
      say(name, "BackTexture '" + back + "' is not in Textures/");
    }
  }
  return problems;
}

}  // namespace kw::test
