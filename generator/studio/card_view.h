#pragma once
// What the studio shows of a game: one state per (game, language, variant),
// built by Preview (preview.h) and only read by the HTTP layer. Plain data,
// no model pointers: a state outlives the reload that made it (a card's
// page holds the inputs it paints from itself).
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/diagnostic.h"
#include "core/enum_names.h"
#include "core/geometry.h"
#include "page/page.h"
#include "yaml/value.h"

namespace kw::studio {

// Which state: the game, its language (a tag; empty: the game's source
// language) and variant ("" = the base game).
struct SessionKey {
  std::string game;
  std::string language;
  std::string variant;
  // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 flags the 0 of the comparison it synthesizes
  friend auto operator<=>(const SessionKey&, const SessionKey&) = default;
};

// Where an element's box is written in its layout file (element_sources.h).
struct BoxSource {
  std::string file;                                     // "layouts/palantir/card.yaml"
  std::vector<std::variant<std::string, size_t>> path;  // to its `box` list
  std::array<double, 4> box{};                          // x, y, w, h as written (mm from the trim's top left corner)
  // The element (the map holding `box`): its type and the keys the side
  // panel edits as written (size: "9", or "13, 7.5" for a range; color,
  // fill, align, when), those that are there.
  std::string type;
  std::map<std::string, std::string> props;
  friend bool operator==(const BoxSource&, const BoxSource&) = default;
};

// Where a card's definition is written: item `index` of the list at `path`
// of `file` (a deck's `cards:`), for duplicating, deleting and moving it;
// of a CSV card table (`cards_csv:`), row `index` (from 1, the header's 1)
// whose column `id_column` holds `id`.
struct CardEntry {
  std::string file;
  std::vector<std::variant<std::string, size_t>> path;
  size_t index = 0;
  int id_column = 0;  // a CSV row: the id's column (from 1); 0 for a YAML entry
  std::string id;
  // A blank card of the same deck, for "add a blank card" (blank_card.h):
  // its fields in order, `id` first (empty: the page names it), each
  // required field of the deck empty or defaulted. Empty for a CSV row,
  // which has `blank_row` instead: the cells of a blank row by column name
  // (blank_card.h; empty when the deck has no blank a row can hold).
  // Both hold what the deck's layout needs besides, borrowed from the
  // deck's cards (blank_card.h deck_blank); when no blank lays out, the
  // blank is empty and `blank_error` says why.
  std::vector<std::pair<std::string, yaml::Value>> blank = {};
  std::vector<std::pair<std::string, std::string>> blank_row = {};
  std::string blank_error = {};
  // Every member (yaml::Value has no ==): a member added here is compared there too.
  friend bool operator==(const CardEntry& a, const CardEntry& b);
};

// A layout element's box on the card, for the element-box overlay.
struct ElementBox {
  std::string name;
  Rect bounds;                      // mm, page space
  bool text = false;                // a text element's
  bool upright = true;              // drawn neither turned nor mirrored
  SourceLoc element;                // where its element is written (the layouter's record)
  std::optional<BoxSource> source;  // set: the page may drag and resize it
  friend bool operator==(const ElementBox&, const ElementBox&) = default;
};

// A text of a card and where it lives (text_fields.h): edited on the page
// at file:line:column, or, for a text the selected variant does not change
// yet (`patch`), by adding a patch of the card to the variant's file.
struct TextField {
  std::string path;   // "good.name", "lines.2"
  std::string value;  // as shown, in the session's language and variant
  std::string file;   // project path
  int line = 0, column = 0;
  bool patch = false;
  std::string why_not;  // not editable here, and why
  // A text the session's language has no translation of yet, which the
  // page may add: string `id` into `file` (the locale file), recording the
  // source text under `source_key`.
  struct Addition {
    std::string file, id, source_key, source;
    friend bool operator==(const Addition&, const Addition&) = default;
  };
  std::optional<Addition> add;
  friend bool operator==(const TextField&, const TextField&) = default;
};

// Something to say about one card, shown as a badge on it.
struct Badge {
  // Overlap: a text box running into another element's (layout/overlaps.h).
  enum class Kind { Rules, Overflow, Preflight, Overlap };
  Kind kind = Kind::Rules;
  bool error = false;  // else a warning
  std::string message;
  friend bool operator==(const Badge&, const Badge&) = default;
};
inline constexpr EnumNames<Badge::Kind, 4> kBadgeKindNames{{{Badge::Kind::Rules, "rules"},
                                                            {Badge::Kind::Overflow, "overflow"},
                                                            {Badge::Kind::Preflight, "preflight"},
                                                            {Badge::Kind::Overlap, "overlap"}}};
inline const char* kind_name(Badge::Kind kind) { return c_name_of(kBadgeKindNames, kind); }

// A card's grid image (card_renderer.h), rendered when it is first asked
// for and then kept, for this state and every later one with the same
// page fingerprint. Lazily, because a drop that changes 48 cards should
// not paint 48 images before the page hears of it: the page asks only for
// the images it shows (the rest when scrolled to), and each is painted on
// the server's thread that answers it. Safe from any thread.
class GridImage {
 public:
  GridImage(std::shared_ptr<const page::Page> page, double dpi) : page_(std::move(page)), dpi_(dpi) {}
  // The PNG, rendered on the first call (others asking meanwhile wait for it).
  std::shared_ptr<const std::string> png() const;
  // Whether png() would answer at once.
  bool rendered() const;

 private:
  std::shared_ptr<const page::Page> page_;
  double dpi_;
  mutable std::mutex mutex_;
  mutable std::shared_ptr<const std::string> png_;  // under mutex_
};

// One card (or back) as rendered.
struct CardView {
  std::string stem;         // "01-gondor-hobbit-1", "00-back": its image's name
  std::string card_id;      // "gondor-hobbit-1"; empty for a back
  std::string def_id;       // "gondor-hobbit": the definition's id as written
  std::string deck;         // the deck id (of a back: the first deck it backs)
  std::string label;        // the card's name or title in the session's language
  std::string fingerprint;  // page::fingerprint in hex: the image changes iff this does
  Size size;                // page with bleed, mm
  Rect trim, safe;
  std::vector<ElementBox> boxes;
  std::vector<Badge> badges;
  // Whether `badges` holds the card's preflight findings yet: preflight is
  // judged at the game's resolution after the grid's image is shown
  // (card_renderer.h), so a new page is "pending" for a moment.
  bool preflighted = false;
  std::vector<TextField> texts;
  std::optional<CardEntry> entry;   // set: the page may duplicate, delete and move the card
  int width_px = 0, height_px = 0;  // at the game's resolution (the large view's)
  // The grid's image, at most kGridDpi, rendered on first request; shared
  // by states that did not change the card.
  std::shared_ptr<const GridImage> image;
  std::shared_ptr<const page::Page> page;  // to render the large view's image on request (render_full_png)
  // Every member, the image and page by identity (a card a reload did not
  // change keeps them): the state's answers reuse an equal card's record.
  friend bool operator==(const CardView&, const CardView&) = default;
};

// A session's state after its last reload.
struct SessionState {
  SessionKey key;
  std::string game_name;
  std::uint64_t generation = 0;  // counts reloads, good or not
  bool stale = false;            // the last reload failed: `cards` are the last good ones
  std::string diagnostics;       // as the terminal shows them (file:line:col, source line, caret, hint)
  size_t errors = 0, warnings = 0;
  double dpi = 0;       // the cards' resolution (the game's format's)
  size_t laid_out = 0;  // the cards this reload laid out; the others were taken as the last one laid them out
  std::vector<CardView> cards;
  // The SHA-256 of each file the cards' texts live in, as this reload read
  // it: the page edits a text only from a state that matches the file.
  std::map<std::string, std::string> file_hashes;
  // What the page offers to switch to, as of the last good reload.
  std::vector<std::pair<std::string, std::string>> games;  // id, name
  std::vector<std::string> languages;                      // the game's: its source language first
  std::vector<std::string> variants;                       // of this game
  const CardView* card(const std::string& stem) const;
};

// What a reload changed, for the page's event stream.
struct Change {
  SessionKey key;
  std::vector<std::pair<std::string, std::string>> cards;  // stem, new fingerprint
  bool diagnostics = false;                                // the diagnostics text or the stale flag changed
  bool layout = false;                                     // cards came or went: the page reloads its grid
  bool badges = false;  // preflight judged cards already shown (Preview::judge_preflight): new badges only
  // Where the reload's time went, for the studio's log: each phase's name
  // and milliseconds of wall time ("load", "lay out", "rules", "render").
  std::vector<std::pair<std::string, long long>> phases;
};

}  // namespace kw::studio
