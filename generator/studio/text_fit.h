#pragma once
// The studio's answer while a text is typed on the page: whether the new
// text fits its box, and at what size, from the typesetter alone — only the
// text elements that show that field of that card are set (Layouter::
// fit_texts), nothing is drawn or rendered, nothing is written. The file is
// written, and the card drawn anew with its rules findings, after the page's
// pause (editor.h); this answers every keystroke before that.
//
// A fitter holds the game as its session's last good reload loaded it (the
// model, the fonts, the layouts), so it answers while the next reload runs.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/compile.h"
#include "layout/card_layout.h"
#include "text/font_library.h"

namespace kw::studio {

struct FitAnswer {
  bool fits = true;                    // every element showing the text fits it
  std::vector<layout::TextFit> texts;  // per element that shows it (none: no element does)
};

class TextFitter {
 public:
  // `loaded` holds `game`; `language` is the one its texts are set in.
  TextFitter(engine::Loaded loaded, const model::Game& game, std::shared_ptr<const text::FontLibrary> fonts,
             std::string language);
  TextFitter(const TextFitter&) = delete;
  TextFitter& operator=(const TextFitter&) = delete;

  // The compiler the session's reload lays the game out with (the layouts
  // it loads are the ones fit() reuses).
  engine::GameCompiler& compiler() { return *compiler_; }
  const engine::Loaded& loaded() const { return loaded_; }

  // Field `path` ("good.name", "lines.2") of card `card_id` set to `value`.
  // Nullopt with `error` when the card has no such text field. Safe from
  // any thread.
  std::optional<FitAnswer> fit(const std::string& card_id, const std::string& path, const std::string& value,
                               std::string& error) const;

 private:
  engine::Loaded loaded_;
  const model::Game& game_;
  std::shared_ptr<const text::FontLibrary> fonts_;
  std::unique_ptr<engine::GameCompiler> compiler_;
  std::string language_;
};

}  // namespace kw::studio
