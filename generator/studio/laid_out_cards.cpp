#include "studio/laid_out_cards.h"

#include "engine/compile.h"
#include "page/fingerprint.h"
#include "studio/element_sources.h"
#include "studio/text_fields.h"

#include <cmath>
#include <set>

namespace kw::studio {

namespace {

// A card's name for captions: its `name` or `title`, else the first name
// found in a nested record (Palantír's good.name), else its id.
std::string label_of(const model::Value& fields) {
  for (const char* key : {"name", "title"})
    if (const model::Value* v = fields.find(key); v && v->is_scalar()) return v->scalar;
  for (const auto& member : fields.map)
    if (member.value.is_map()) {
      std::string inner = label_of(member.value);
      if (!inner.empty()) return inner;
    }
  return {};
}

CardView view_of(const layout::LaidOutCard& laid_out) {
  const page::Page& page = laid_out.page;
  CardView v;
  v.stem = laid_out.stem;
  v.fingerprint = kw::hex(page::fingerprint(page));
  v.size = page.size;
  v.trim = page.trim;
  v.safe = page.safe;
  for (const auto& item : page.items)
    if (!item.name.empty())
      v.boxes.push_back({item.name, item.bounds, std::holds_alternative<page::GlyphRun>(item.shape), std::nullopt});
  return v;
}

// Where the front's element boxes are written, for those the page may move:
// the first box of each name, drawn unturned at its written size (an
// element drawn twice, as Palantír's turned half, moves with its first).
void locate_boxes(ElementSources& sources, const std::string& layout, CardView& view) {
  std::set<std::string> seen;
  for (auto& box : view.boxes) {
    if (!seen.insert(box.name).second) continue;
    auto source = sources.find(layout, box.name);
    if (source && std::abs(source->box[2] - box.bounds.w) < 0.01 && std::abs(source->box[3] - box.bounds.h) < 0.01)
      box.source = std::move(source);
  }
}

// Which card each front is (layout_cards numbers the `cards` decks' cards in
// data order) and which deck each back belongs to.
void name_cards(const model::Game& game, ElementSources& sources, std::vector<CardView>& views) {
  size_t i = 0;
  for (const auto& deck : game.decks) {
    if (deck.product != model::Product::Cards) continue;
    for (const auto& card : deck.cards) {
      if (i >= views.size()) return;
      CardView& v = views[i++];
      v.card_id = card.id;
      v.def_id = card.def_id;
      v.texts = text_fields(game, deck, card);
      locate_boxes(sources, deck.layout, v);
      v.deck = deck.id;
      v.label = label_of(card.fields);
      if (v.label.empty()) v.label = card.id;
    }
  }
  for (; i < views.size(); ++i) {
    views[i].deck.clear();  // backs are shown as a group of their own
    views[i].label = "back";
  }
}

}  // namespace

LaidOutCards lay_out_cards(const project::Project& project, const model::Model& model, const model::Game& game,
                           const text::FontLibrary& fonts, const std::string& language, Diagnostics& diags) {
  engine::GameCompiler compiler(model, game, fonts);
  compiler.set_draft(true);
  LaidOutCards out;
  out.pages = compiler.cards(compiler.context(language), diags);
  for (const auto& card : out.pages) out.views.push_back(view_of(card));
  ElementSources sources(project);
  name_cards(game, sources, out.views);
  return out;
}

}  // namespace kw::studio
