#include "products/tts_save.h"

#include <map>

#include "core/json_writer.h"
#include "core/sha256.h"

namespace kw::products {

namespace {

// The numbers a save writes, in nlohmann-json's form, formatted once.
struct Numbers {
  std::string zero = json_number(0.0), half = json_number(0.5), one = json_number(1.0), turned = json_number(180.0),
              grey = json_number(0.713235259);
};
const Numbers& numbers() {
  static const Numbers n;
  return n;
}

// Every object and the save itself end with these members, empty.
void script_members(JsonWriter& w) {
  for (const char* key : {"LuaScript", "LuaScriptState", "XmlUI"}) w.key(key).value("");
}

// The decks are written as their text comes (core/json_writer.h): as a tree,
// the deck of 10,000 cards held 32 MB of objects at the build's peak. The
// layout is nlohmann-json's dump(2), as TTS's own saves are indented.
class Save {
 public:
  Save() {
    // A saved object leaves the table's settings empty (TTS fills them from
    // the table it is loaded onto).
    w_.begin_object();
    for (const char* key : {"SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity"})
      w_.key(key).value("");
    w_.key("Tags").begin_array().end_array();
    w_.key("Gravity").number_text(numbers().half);
    w_.key("PlayArea").number_text(numbers().half);
    for (const char* key : {"Table", "Sky", "Note"}) w_.key(key).value("");
    w_.key("TabStates").begin_object().end_object();
    script_members(w_);
    w_.key("ObjectStates").begin_array();
  }

  JsonWriter& writer() { return w_; }

  // Makes room for `more` bytes at once: a text of 10 MB grown by doubling
  // held 24 MB at its last step.
  void expect(size_t more) { text_.reserve(text_.size() + more); }
  size_t size() const { return text_.size(); }

  // Opens an object with the members every object of a save has, in the
  // order TTS writes them; the caller adds its own and closes it.
  void begin_object(const std::string& name, const std::string& guid, const std::string& nickname,
                    const std::string& description, bool face_down, bool locked = false) {
    const Numbers& n = numbers();
    w_.begin_object();
    w_.key("GUID").value(guid);
    w_.key("Name").value(name);
    // On the table's centre, a deck face down (TTS turns a face-down deck
    // 180 degrees about z).
    w_.key("Transform").begin_object();
    w_.key("posX").number_text(n.zero).key("posY").number_text(n.one).key("posZ").number_text(n.zero);
    w_.key("rotX").number_text(n.zero).key("rotY").number_text(n.turned);
    w_.key("rotZ").number_text(face_down ? n.turned : n.zero);
    w_.key("scaleX").number_text(n.one).key("scaleY").number_text(n.one).key("scaleZ").number_text(n.one);
    w_.end_object();
    w_.key("Nickname").value(nickname);
    w_.key("Description").value(description);
    w_.key("GMNotes").value("");
    w_.key("ColorDiffuse").begin_object();
    w_.key("r").number_text(n.grey).key("g").number_text(n.grey).key("b").number_text(n.grey);
    w_.end_object();
    w_.key("Locked").value(locked);
    for (const char* key : {"Grid", "Snap"}) w_.key(key).value(true);
    w_.key("IgnoreFoW").value(false);
    for (const char* key : {"Autoraise", "Sticky", "Tooltip"}) w_.key(key).value(true);
    w_.key("GridProjection").value(false);
    w_.key("HideWhenFaceDown").value(true);
    w_.key("Hands").value(name == "Card");
  }

  // The members every object ends with; closes it.
  void end_object() {
    script_members(w_);
    w_.end_object();
  }

  std::string finish() && {
    w_.end_array().end_object();
    text_ += '\n';
    return std::move(text_);
  }

 private:
  std::string text_;
  JsonWriter w_{text_};
};

void custom_deck_sheet(JsonWriter& w, const TtsPlan& plan, size_t sheet, const std::string& url_base) {
  const TtsSheet& s = plan.sheets[sheet];
  w.begin_object();
  w.key("FaceURL").value(url_base + s.file);
  w.key("BackURL").value(url_base + s.back_file);
  w.key("NumWidth").value(s.columns);
  w.key("NumHeight").value(s.rows);
  w.key("BackIsHidden").value(true);
  w.key("UniqueBack").value(false);
  w.key("Type").value(0);
  w.end_object();
}

// Where each front is: (sheet, cell).
std::map<size_t, std::pair<size_t, int>> cells(const TtsPlan& plan) {
  std::map<size_t, std::pair<size_t, int>> where;
  for (size_t s = 0; s < plan.sheets.size(); ++s)
    for (size_t c = 0; c < plan.sheets[s].cards.size(); ++c) where[plan.sheets[s].cards[c]] = {s, static_cast<int>(c)};
  return where;
}

std::string sheet_key(size_t sheet) { return std::to_string(sheet + 1); }

// A deck's card as a member of its ContainedObjects (or the whole save's object).
void card_object(Save& save, const TtsPlan& plan, const TabletopDeck& deck, const TabletopCards& cards, size_t front,
                 size_t sheet, int id, const std::string& url_base) {
  const TabletopCard& named = cards.cards.at(front);
  save.begin_object("Card", tts_guid(plan.game_id + "/" + deck.id + "/" + std::to_string(front)), named.name,
                    tts_bbcode(named.text), true);
  JsonWriter& w = save.writer();
  w.key("CardID").value(id);
  w.key("SidewaysCard").value(false);
  w.key("CustomDeck").begin_object().key(sheet_key(sheet));
  custom_deck_sheet(w, plan, sheet, url_base);
  w.end_object();
  save.end_object();
}

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
    struct Placed {
      size_t front, sheet;
      int id;
    };
    std::vector<Placed> placed;  // the fronts on the sheets (a front without a back is not)
    size_t back = 0;
    for (size_t front : deck.fronts) {
      auto at = where.find(front);
      if (at == where.end()) continue;
      const auto [sheet, cell] = at->second;
      back = plan.sheets[sheet].back;
      placed.push_back({front, sheet, static_cast<int>(sheet + 1) * kTtsIdsPerSheet + cell});
    }
    if (placed.empty()) continue;
    const std::string stem = plan.game_id + "-" + deck.id;
    Save save;
    if (placed.size() == 1) {  // TTS's decks hold two cards or more
      card_object(save, plan, deck, cards, placed[0].front, placed[0].sheet, placed[0].id, url_base);
      objects.push_back({stem, std::move(save).finish(), back});
      continue;
    }
    save.begin_object("DeckCustom", tts_guid(plan.game_id + "/" + deck.id), deck.name, game_name, true);
    JsonWriter& w = save.writer();
    w.key("SidewaysCard").value(false);
    w.key("DeckIDs").begin_array();
    for (const Placed& p : placed) w.value(p.id);
    w.end_array();
    // The sheets in the order their cards first come (as the tree's members were added).
    w.key("CustomDeck").begin_object();
    std::map<size_t, bool> written;
    for (const Placed& p : placed)
      if (written.emplace(p.sheet, true).second) {
        w.key(sheet_key(p.sheet));
        custom_deck_sheet(w, plan, p.sheet, url_base);
      }
    w.end_object();
    script_members(w);
    w.key("ContainedObjects").begin_array();
    for (size_t k = 0; k < placed.size(); ++k) {
      const Placed& p = placed[k];
      const size_t before = save.size();
      card_object(save, plan, deck, cards, p.front, p.sheet, p.id, url_base);
      // The cards' objects differ only in their names and texts: room for
      // the rest, by the first one's size and an eighth more.
      if (k == 0) save.expect((save.size() - before) * (placed.size() - 1) * 9 / 8 + 4096);
    }
    w.end_array();
    w.end_object();
    objects.push_back({stem, std::move(save).finish(), back});
  }
  return objects;
}

std::string tts_board_object(const std::string& name, const std::string& url_base, const std::string& image) {
  Save save;
  save.begin_object("Custom_Board", tts_guid(image), name, "", false, /*locked=*/true);
  JsonWriter& w = save.writer();
  w.key("CustomImage").begin_object();
  w.key("ImageURL").value(url_base + image);
  w.key("ImageSecondaryURL").value("");
  w.key("ImageScalar").number_text(numbers().one);
  w.key("WidthScale").number_text(numbers().zero);
  w.end_object();
  save.end_object();
  return std::move(save).finish();
}

}  // namespace kw::products
