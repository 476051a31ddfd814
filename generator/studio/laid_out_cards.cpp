#include "studio/laid_out_cards.h"

#include "engine/compile.h"
#include "engine/layout_keys.h"
#include "page/fingerprint.h"
#include "sheet/csv_edit.h"
#include "studio/blank_card.h"
#include "studio/element_sources.h"
#include "studio/text_fields.h"
#include "yaml/edit.h"

#include <cmath>
#include <functional>
#include <map>
#include <optional>
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

// `fingerprint`: the page's, when the memo has it.
CardView view_of(const layout::LaidOutCard& laid_out, const Sha256* fingerprint) {
  const page::Page& page = laid_out.page;
  CardView v;
  v.stem = laid_out.stem;
  v.fingerprint = kw::hex(fingerprint ? *fingerprint : page::fingerprint(page));
  v.size = page.size;
  v.trim = page.trim;
  v.safe = page.safe;
  for (const auto& item : page.items)
    if (!item.name.empty())
      v.boxes.push_back(
          {item.name, item.bounds, std::holds_alternative<page::GlyphRun>(item.shape),
           item.transform.xy == 0 && item.transform.yx == 0 && item.transform.xx > 0 && item.transform.yy > 0,
           item.source, std::nullopt});
  return v;
}

// Where the front's element boxes are written, for those the page may move:
// the first box of each name, drawn upright at its written size (an
// element drawn twice, as Palantír's turned half, moves with its first),
// found by where the layouter read its element (a name written twice in
// the file, in two components, is the one this card shows).
void locate_boxes(ElementSources& sources, const std::string& layout, CardView& view) {
  std::set<std::string> seen;
  for (auto& box : view.boxes) {
    if (!seen.insert(box.name).second || !box.upright) continue;
    const bool here = box.element.file == "layouts/" + layout + ".yaml";
    auto source = sources.find(layout, box.name, here ? box.element.line : 0, here ? box.element.column : 0);
    if (source && std::abs(source->box[2] - box.bounds.w) < 0.01 && std::abs(source->box[3] - box.bounds.h) < 0.01)
      box.source = std::move(source);
  }
}

// Where each list item of the data files starts: (file, line, column) ->
// the list's path and the item's index. Each file parsed once.
class Entries {
 public:
  Entries(const project::Project& project, const model::Game& game) : project_(project), game_(game) {}
  std::optional<CardEntry> find(const SourceLoc& loc, const std::string& id) {
    if (loc.file.starts_with("data/") && loc.file.ends_with(".csv")) return row(loc, id);
    if (!loc.file.starts_with("data/") || !loc.file.ends_with(".yaml")) return std::nullopt;
    auto it = files_.find(loc.file);
    if (it == files_.end()) {
      Items items;
      if (loc.file == game_.file && game_.info.loc.file == game_.file) {
        // The game's file: its `game:` map, as the model keeps it (with
        // every place), instead of parsing the file again (at 5,000 cards a
        // quarter of the studio's layout step). Only the items written in
        // this file are taken.
        yaml::KeyPath path{std::string("game")};
        collect(game_.info, path, items, loc.file);
      } else {
        parsed_.insert(loc.file);
        items = parse(loc.file);
      }
      it = files_.emplace(loc.file, std::move(items)).first;
    }
    auto found = it->second.find({loc.line, loc.column});
    if (found == it->second.end() && loc.file == game_.file && !parsed_.contains(loc.file)) {
      // Not in the `game:` map (an `extend:` beside it in the same file):
      // the whole file, parsed.
      parsed_.insert(loc.file);
      it->second = parse(loc.file);
      found = it->second.find({loc.line, loc.column});
    }
    if (found == it->second.end()) return std::nullopt;
    return CardEntry{loc.file, found->second.first, found->second.second, 0, {}, {}};
  }

 private:
  using Items = std::map<std::pair<int, int>, std::pair<yaml::KeyPath, size_t>>;
  Items parse(const std::string& file) const {
    Items items;
    if (auto input = project_.read(file)) {
      Diagnostics ignored;  // the model's loading reports the file's problems
      if (auto root = yaml::parse_yaml_string(input->text(), file, ignored)) {
        yaml::KeyPath path;
        collect(*root, path, items, file);
      }
    }
    return items;
  }
  static void collect(const yaml::Value& v, yaml::KeyPath& path, Items& out, const std::string& file) {
    if (v.is_map()) {
      for (const auto& m : v.map) {
        path.emplace_back(m.key);
        collect(m.value, path, out, file);
        path.pop_back();
      }
    } else if (v.is_list()) {
      for (size_t i = 0; i < v.list.size(); ++i) {
        const yaml::Value& item = v.list[i];
        if (item.is_map() && item.loc.file == file)
          out.emplace(std::pair{item.loc.line, item.loc.column}, std::pair{path, i});
        path.emplace_back(i);
        collect(item, path, out, file);
        path.pop_back();
      }
    }
  }
  // A card table's row: the card is its row, found by its id's column.
  std::optional<CardEntry> row(const SourceLoc& loc, const std::string& id) {
    auto it = id_columns_.find(loc.file);
    if (it == id_columns_.end()) {
      auto input = project_.read(loc.file);
      it = id_columns_.emplace(loc.file, input ? sheet::csv_column(input->text(), "id") : 0).first;
    }
    if (it->second == 0 || loc.line < 2) return std::nullopt;
    return CardEntry{loc.file, {}, static_cast<size_t>(loc.line), it->second, id, {}};
  }
  const project::Project& project_;
  const model::Game& game_;
  std::map<std::string, Items> files_;
  std::set<std::string> parsed_;  // the files whose items came from a parse
  std::map<std::string, int> id_columns_;
};

// The first error laying out a card of `deck` with `fields` gives (empty:
// none): whether a blank card of the deck lays out (blank_card.h).
std::string first_layout_error(engine::GameCompiler& compiler, const model::Deck& deck, const std::string& language,
                               const layout::GameLayoutContext& context, const yaml::Value& fields) {
  Diagnostics found;
  auto first_error = [&found] {
    for (const auto& d : found.items())
      if (d.severity == Severity::Error) return d.message;
    return std::string();
  };
  const layout::LayoutDef* def = compiler.layouter().definition(deck.layout, found);
  if (!def) return first_error().empty() ? "layout " + deck.layout + " does not load" : first_error();
  model::Card card;
  card.id = card.def_id = "new-card";
  card.deck_id = deck.id;
  card.fields = fields;
  compiler.layouter().layout(*def, compiler.game_data(), &card, found, language, context.rule_values);
  return first_error();
}

// Which card each front is (layout_cards numbers the `cards` decks' cards in
// data order) and which deck each back belongs to. `blank_of(deck)`: the
// blank card "add a blank card" adds to it.
void name_cards(const model::Game& game, ElementSources& sources, Entries& entries, const MissingStrings& missing,
                const std::function<DeckBlank(const model::Deck&)>& blank_of, std::vector<CardView>& views) {
  size_t i = 0;
  for (const auto& deck : game.decks) {
    if (deck.product != model::Product::Cards) continue;
    std::optional<DeckBlank> blank;  // made once per deck, when a card of it is editable
    for (const auto& card : deck.cards) {
      if (i >= views.size()) return;
      CardView& v = views[i++];
      v.card_id = card.id;
      v.def_id = card.def_id;
      v.texts = text_fields(game, deck, card, &missing);
      locate_boxes(sources, deck.layout, v);
      // Cards are added and removed in the source data, not in a translation or a variant.
      if (game.in_source_language() && game.variant.empty()) v.entry = entries.find(card.loc, card.def_id);
      if (v.entry && !blank) blank = blank_of(deck);
      if (v.entry && v.entry->id_column == 0) {
        v.entry->blank = blank->card;
        v.entry->blank_error = blank->error;
      }
      if (v.entry && v.entry->id_column != 0) {
        v.entry->blank_row = blank->row;
        v.entry->blank_error = blank->row_error;
      }
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

LaidOutCards lay_out_cards(const project::Project& project, engine::GameCompiler& compiler, const std::string& language,
                           Diagnostics& diags, layout::CardMemo* memo, std::uint64_t shared_changes) {
  const model::Game& game = compiler.game_data();
  compiler.set_draft(true);
  compiler.layouter().set_check_overlaps(true);
  LaidOutCards out;
  const layout::GameLayoutContext context = compiler.context(language);
  if (memo) {
    const engine::LayoutKeys keys(project, game, language,
                                  "studio draft layout, overlaps checked, changes " + std::to_string(shared_changes));
    memo->key = [&keys](const model::Card* card, const model::Deck* back_of, const std::string& stem) {
      return keys.key(card, back_of, stem);
    };
    out.pages = compiler.cards(context, diags, *memo);
    memo->key = nullptr;  // it refers to `keys`
  } else {
    out.pages = compiler.cards(context, diags);
  }
  const bool known = memo && memo->fingerprints.size() == out.pages.size();
  for (size_t i = 0; i < out.pages.size(); ++i)
    out.views.push_back(view_of(out.pages[i], known ? &memo->fingerprints[i] : nullptr));
  ElementSources sources(project);
  Entries entries(project, game);
  auto blank_of = [&](const model::Deck& deck) {
    return deck_blank(game, deck, [&](const yaml::Value& fields) {
      return first_layout_error(compiler, deck, language, context, fields);
    });
  };
  name_cards(game, sources, entries, missing_strings(project, game), blank_of, out.views);
  return out;
}

}  // namespace kw::studio
