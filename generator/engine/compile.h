#pragma once
// The one way from a World to pages, for every command and the studio:
//   load     the card database in one edition (a language, a variant) and
//            the games asked for;
//   judge    the rules' findings of a game, on the data in its source
//            language (a translation changes no rule);
//   compile  a game laid out: typesetter, layouter and the rules' values set
//            up the same way whoever asks (build, check, preflight, studio).
// Rendering and products take the compiled pages from here; nothing before
// them writes a file.
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "engine/world.h"
#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "text/typesetter.h"

namespace kw::engine {

// Which texts of the games: a language (empty: each game's source language)
// and a variant (empty: the base games).
struct Edition {
  std::string language;
  std::string variant;
};

struct Loaded {
  std::unique_ptr<model::Model> model;     // null when the data has errors or a game asked for is unknown
  std::vector<const model::Game*> games;   // the games asked for, in data order
  Diagnostics diagnostics;                 // what loading found
  std::vector<std::string> unknown_games;  // asked for, not in the data
  std::vector<std::string> known_games;    // the data's, when some asked for are unknown
  bool ok() const { return model != nullptr; }
};

// The model of `world`'s project in `edition`, and of its games those named
// by `games` (empty: all) that have the edition's variant. When a named
// game is not in the data, no model is given (unknown_games says which).
Loaded load(const World& world, const Edition& edition, const std::vector<std::string>& games = {});

// The rules' findings of `game` of `model` (loaded in its source language;
// a translation's own claims are judged by the model it was loaded in).
Diagnostics judge(const model::Model& model, const model::Game& game);

// One game of a loaded model, ready to be laid out: the typesetter (with the
// game's icon aspect), the layouter and the rules' values. Holds references
// to `model`, `game` and `fonts`: they must outlive it.
class GameCompiler {
 public:
  GameCompiler(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts);
  GameCompiler(const GameCompiler&) = delete;
  GameCompiler& operator=(const GameCompiler&) = delete;

  // Overflowing text marked in the page (build --draft, the studio).
  void set_draft(bool draft) { layouter_.set_draft(draft); }

  // Every page of the game: cards (on demand), booklets when asked, boards;
  // with `known`, the cards an earlier build laid out are not laid out again
  // (layout::KnownLayouts).
  layout::LaidOutGame game(const layout::GameLayoutContext& context, Diagnostics& diags, bool booklets,
                           layout::KnownLayouts* known = nullptr) {
    return layout::layout_game(game_, layouter_, context, diags, booklets, known);
  }
  // Every card and back, held whole (check, preflight, the studio).
  std::vector<layout::LaidOutCard> cards(const layout::GameLayoutContext& context, Diagnostics& diags) {
    return layout::layout_cards(game_, layouter_, context, diags);
  }
  // The same, laying out only the cards not in `memo` (the studio's reloads).
  std::vector<layout::LaidOutCard> cards(const layout::GameLayoutContext& context, Diagnostics& diags,
                                         layout::CardMemo& memo) {
    return layout::layout_cards(game_, layouter_, context, diags, memo);
  }
  // The context of the game in `language` with the rules' values.
  layout::GameLayoutContext context(const std::string& language, int jobs = 1, bool draft_mark = false) const {
    return {.language = language, .rule_values = &rule_values_, .draft_mark = draft_mark, .jobs = jobs};
  }

  const text::Typesetter& typesetter() const { return typesetter_; }
  layout::Layouter& layouter() { return layouter_; }
  const model::Game& game_data() const { return game_; }

 private:
  const model::Game& game_;
  text::Typesetter typesetter_;
  layout::Layouter layouter_;
  layout::ValueMap rule_values_;
};

}  // namespace kw::engine
