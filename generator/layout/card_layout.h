#pragma once
// Layout: a layout definition applied to one card gives one Page.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "core/diagnostic.h"
#include "layout/layout_def.h"
#include "model/model.h"
#include "page/page.h"
#include "text/typesetter.h"

namespace kw::layout {

// Named texts from outside the card data, read as {{rules.<name>}}.
using ValueMap = std::map<std::string, std::string>;
// What a layout read from outside its card's entry, by the path it asked
// for, with the text it got: the rules' values ("rules.trumps.standard";
// none: no such value), the game's data ("game.decks.0.cards.1.name", from
// whatever file the text came from: a layout, a component, a string), and
// the length of each of the game's lists it repeated over
// ("#game.decks.0.cards"). See same_reads (game_layout.h).
using ValuesRead = std::map<std::string, std::optional<std::string>>;

// The text a layout reads at `path` ("game.…") of the game's data, and the
// length of the list there ("-": none), as recorded in ValuesRead.
std::string game_text(const model::Game& game, const std::string& path);
std::string game_list_length(const model::Game& game, const std::string& path);

// How a text element sets a text, for the studio's fit answer while typing.
struct TextFit {
  std::string element;  // the element's name ("text" when it has none)
  SourceLoc loc;        // where the element is written
  bool fits = false;
  double size_pt = 0;                       // the size chosen (fits)
  double max_size_pt = 0, min_size_pt = 0;  // the element's range
  std::string error;                        // why not (does not fit at the smallest size, markup)
};

class Layouter {
 public:
  Layouter(const model::Model& model, const text::FontLibrary& fonts, const text::Typesetter& typesetter);

  // The layout definition `id`, loaded once and cached; nullptr on errors
  // (reported to `diags` the first time).
  const LayoutDef* definition(const std::string& id, Diagnostics& diags);

  // Lays out `card` (nullptr for a card back) of `game` with `def`.
  // Problems (unknown field in the layout, missing template, text that does
  // not fit) are reported to `diags` naming the card; the page is still
  // returned so that all problems of a run can be found, but callers must not
  // write it out when errors were reported.
  // `values` are the rules engine's texts for this game ({{rules.<name>}}).
  // `language` (BCP 47) is the language its text is set in: hyphenation,
  // line breaking, direction.
  // The page takes the format of the card's deck (of `back_of` for a back).
  // `read`: set, it gets every rules' value the layout asked for (the
  // studio's incremental layout: a card reads a few of the game's values).
  page::Page layout(const LayoutDef& def, const model::Game& game, const model::Card* card, Diagnostics& diags,
                    const std::string& language = {}, const ValueMap* values = nullptr,
                    const model::Deck* back_of = nullptr, ValuesRead* read = nullptr) const;

  // A variant's font swaps (`fonts: { junicode: garamond }`) checked
  // against fonts/fonts.yaml, each error at the variant's line, once per
  // game; a swap to an unknown family is then not made (layout() keeps the
  // layout's family), so it is not reported again at every text element.
  void check_font_swaps(const model::Game& game, Diagnostics& diags) const;

  // The typesetter layouts are set with; products that add their own text
  // (e.g. the labels of a tiled board's sheets) use the same one.
  const text::Typesetter& typesetter() const { return typesetter_; }

  // Draft layouts (the studio, build --draft) draw text that does not fit
  // overflowing its box with a red marker and report it as a warning, so the
  // broken card can be seen; print layouts treat it as an error.
  void set_draft(bool draft) { draft_ = draft; }
  // "DRAFT" across the page, in translucent red (build --draft), so a draft
  // print can never pass for a finished one.
  void add_draft_mark(page::Page& page) const;
  bool draft() const { return draft_; }

  // Only the text elements of `def` that show field `path` of `card` (its
  // `when:`, components and repeats as layout() takes them), each set by
  // the typesetter and nothing drawn: whether the text fits, at what size.
  // Quick enough for every keystroke: no art, no picture, no other text.
  std::vector<TextFit> fit_texts(const LayoutDef& def, const model::Game& game, const model::Card& card,
                                 const std::string& path, const std::string& language = {},
                                 const ValueMap* values = nullptr) const;

  // Text boxes that overlap another element's box undeclared are warned of
  // (overlaps.h): `check` and the studio ask for it; a build does not.
  void set_check_overlaps(bool on) { check_overlaps_ = on; }

  // Appends `found` (one card's findings, in report order) to `diags`, but
  // a message that is said once per build (no hyphenation dictionary for a
  // language) only the first time through this Layouter: merged in report
  // order, the one kept is the same whatever the number of threads.
  void merge_findings(Diagnostics& diags, const Diagnostics& found) const;

 private:
  const model::Model& model_;
  const text::FontLibrary& fonts_;
  const text::Typesetter& typesetter_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<LayoutDef>> cache_;
  std::map<std::string, bool> failed_;
  bool draft_ = false;
  bool check_overlaps_ = false;
  mutable std::mutex once_mutex_;
  mutable std::set<std::string> said_once_;  // messages merge_findings has passed on
};

}  // namespace kw::layout
