#include "engine/changes.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/sha256.h"
#include "layout/card_record.h"
#include "page/fingerprint.h"

namespace kw::engine {

namespace {

using layout::back_layouts;
using layout::card_key;
using layout::painted_inputs;

// The paths of leaf values that differ between two card field trees.
void differing_fields(const yaml::Value* a, const yaml::Value* b, const std::string& path,
                      std::vector<std::string>& out) {
  auto leaf = [&] {
    if (std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
  };
  if (!a || !b) {
    if (a != b) leaf();
    return;
  }
  if (a->kind != b->kind) return leaf();
  switch (a->kind) {
    case yaml::Value::Kind::Null:
      return;
    case yaml::Value::Kind::Scalar:
      if (a->scalar != b->scalar) leaf();
      return;
    case yaml::Value::Kind::List:
      if (a->list.size() != b->list.size()) return leaf();
      for (size_t i = 0; i < a->list.size(); ++i)
        differing_fields(&a->list[i], &b->list[i], fmt::format("{}[{}]", path, i), out);
      return;
    case yaml::Value::Kind::Map: {
      std::set<std::string> keys;
      for (const auto& m : a->map) keys.insert(m.key);
      for (const auto& m : b->map) keys.insert(m.key);
      for (const auto& k : keys) differing_fields(a->find(k), b->find(k), path.empty() ? k : path + "." + k, out);
      return;
    }
  }
}

std::optional<std::string> file_hash(const project::Project& project, const std::string& path) {
  auto input = project.read(path);
  if (!input) return std::nullopt;
  return kw::hex(input->hash());
}

// One state of one game: its cards laid out, and where its backs begin.
struct Side {
  const model::Game* game = nullptr;
  std::vector<layout::LaidOutCard> cards;
  size_t fronts = 0;                       // cards[fronts..] are the backs
  std::vector<std::string> back_layouts;   // of cards[fronts + i]
  std::optional<layout::CardsById> by_id;  // game's cards
  // How a page is matched across the two states: "card <id>", "back <layout>".
  std::string key(size_t i) const {
    return i < fronts ? "card " + card_key(cards[i].stem) : "back " + back_layouts.at(i - fronts);
  }
};

// `game` of `model` laid out; false when its layout has errors (in `diags`).
bool lay_out(const model::Model& model, const model::Game& game, const text::FontLibrary& fonts, Side& side,
             Diagnostics& diags) {
  side.game = &game;
  GameCompiler compiler(model, game, fonts);
  Diagnostics found;
  side.cards = compiler.cards(compiler.context(game.language), found);
  side.fronts = game.card_count();
  side.back_layouts = back_layouts(game);
  side.by_id.emplace(game);
  const bool ok = !found.has_errors() && side.cards.size() == side.fronts + side.back_layouts.size();
  for (const auto& d : found.items())
    if (d.severity == Severity::Error) diags.add(d);
  return ok;
}

// What differs between two layouts of the same page.
std::vector<std::string> what_changed(const Side& before, const layout::LaidOutCard& was, const Side& after,
                                      const layout::LaidOutCard& now, const std::string& back_layout,
                                      const World& before_world, const World& after_world) {
  std::vector<std::string> what;
  auto layout_changed = [&](const std::string& layout) {
    const std::string path = "layouts/" + layout + ".yaml";
    if (file_hash(before_world.project(), path) != file_hash(after_world.project(), path))
      what.push_back("layout " + path);
  };
  if (!back_layout.empty()) {
    layout_changed(back_layout);
  } else {
    const std::string key = card_key(now.stem);
    const model::Card* old_card = before.by_id->find(key);
    const model::Card* new_card = after.by_id->find(key);
    if (old_card && new_card) {
      std::vector<std::string> fields;
      differing_fields(&old_card->fields, &new_card->fields, "", fields);
      const bool translated = after.game->language != after.game->source_language;
      if (!fields.empty())
        what.push_back(fmt::format("{} {}", translated ? "translation" : "fields", fmt::join(fields, ", ")));
    }
    if (new_card)
      if (const model::Deck* deck = after.game->deck(new_card->deck_id)) layout_changed(deck->layout);
  }
  // A file the page paints from both times, changed in between (a file only
  // one side paints from is a field's or the layout's doing, said above).
  const auto old_inputs = painted_inputs(was.page), new_inputs = painted_inputs(now.page);
  for (const auto& [path, hash] : old_inputs) {
    auto b = new_inputs.find(path);
    if (b == new_inputs.end() || b->second == hash) continue;
    what.push_back((path.rfind("fonts/", 0) == 0 ? "font " : "art ") + path);
  }
  if (what.empty()) what.emplace_back("page");
  return what;
}

CardChange change_of(CardChange::Kind kind, const Side& side, size_t i) {
  const bool back = i >= side.fronts;
  return {kind,
          side.game->id,
          card_key(side.cards[i].stem),
          back ? side.back_layouts.at(i - side.fronts) : "",
          side.cards[i].stem,
          {},
          nullptr};
}

// `now` against `was` (null: the game is new), page by page.
GameChanges compare_game(const Side& now, const Side* was, const World& before, const World& after, bool keep_before) {
  GameChanges changes{.game = now.game->id, .cards = now.cards.size(), .changes = {}};
  std::map<std::string, size_t> old_by_key;
  if (was)
    for (size_t i = 0; i < was->cards.size(); ++i) old_by_key[was->key(i)] = i;
  for (size_t i = 0; i < now.cards.size(); ++i) {
    auto old = old_by_key.find(now.key(i));
    if (old == old_by_key.end()) {
      changes.changes.push_back(change_of(CardChange::Kind::Added, now, i));
      continue;
    }
    const layout::LaidOutCard& prev = was->cards[old->second];
    old_by_key.erase(old);
    if (page::fingerprint(prev.page) == page::fingerprint(now.cards[i].page)) continue;
    CardChange c = change_of(CardChange::Kind::Changed, now, i);
    c.what = what_changed(*was, prev, now, now.cards[i], c.back_layout, before, after);
    if (keep_before) c.before = std::make_shared<const page::Page>(prev.page);
    changes.changes.push_back(std::move(c));
  }
  if (was)
    for (size_t i = 0; i < was->cards.size(); ++i)
      if (old_by_key.count(was->key(i))) {
        changes.changes.push_back(change_of(CardChange::Kind::Removed, *was, i));
        if (keep_before) changes.changes.back().before = std::make_shared<const page::Page>(was->cards[i].page);
      }
  return changes;
}

// The records of `now` against those of a build, matched by card id (a
// back by its layout).
GameChanges compare_records(const std::string& game, const std::vector<layout::CardRecord>& was,
                            const std::vector<layout::CardRecord>& now, bool translated) {
  GameChanges changes{.game = game, .cards = now.size(), .changes = {}};
  auto change = [&game](CardChange::Kind kind, const layout::CardRecord& r) {
    return CardChange{kind, game, r.card.empty() ? card_key(r.stem) : r.card, r.back_layout, r.stem, {}, nullptr};
  };
  std::map<std::string, size_t> old_by_key;
  for (size_t i = 0; i < was.size(); ++i) old_by_key.emplace(was[i].key(), i);
  for (const auto& r : now) {
    auto old = old_by_key.find(r.key());
    if (old == old_by_key.end()) {
      changes.changes.push_back(change(CardChange::Kind::Added, r));
      continue;
    }
    const layout::CardRecord& prev = was[old->second];
    old_by_key.erase(old);
    if (prev.page == r.page) continue;
    CardChange c = change(CardChange::Kind::Changed, r);
    c.what = layout::record_changes(prev, r, translated);
    changes.changes.push_back(std::move(c));
  }
  for (const auto& r : was)
    if (old_by_key.count(r.key())) changes.changes.push_back(change(CardChange::Kind::Removed, r));
  return changes;
}

// True when the game now loaded; else its findings and unknown games are
// in `c`, and there is nothing to compare.
bool reported_unless_loaded(const Loaded& now, Comparison& c) {
  if (now.ok()) return true;
  c.now.append(now.diagnostics);
  for (const auto& id : now.unknown_games)
    c.now.error({}, fmt::format("unknown game '{}' (known games: {})", id, fmt::join(now.known_games, ", ")));
  return false;
}

}  // namespace

Comparison compare_with_build(const World& after, const Edition& edition, const std::vector<std::string>& games,
                              const BuildRecords& built) {
  Comparison c;
  Loaded now = load(after, edition, games);
  if (!reported_unless_loaded(now, c)) return c;
  const text::FontLibrary* fonts = after.fonts(c.now);
  if (!fonts) return c;
  const project::Project& project = after.project();
  for (const model::Game* game : now.games) {
    auto before = built(*game, c.now);
    if (!before) continue;
    Side side;
    if (!lay_out(*now.model, *game, *fonts, side, c.now)) continue;
    const auto records = layout::card_records(*game, side.cards,
                                              [&project](const std::string& path) { return file_hash(project, path); });
    c.games.push_back(compare_records(game->id, *before, records, game->language != game->source_language));
  }
  return c;
}

Comparison compare_worlds(const World& before, const World& after, const Edition& edition,
                          const std::vector<std::string>& games, bool keep_before) {
  Comparison c;
  Loaded now = load(after, edition, games);
  if (!reported_unless_loaded(now, c)) return c;
  Loaded was = load(before, edition, {});
  if (!was.ok()) {
    for (const auto& d : was.diagnostics.items())
      if (d.severity == Severity::Error) c.before.add(d);
    if (!c.before.has_errors()) c.before.error({}, "the card database does not load");
    return c;
  }
  const text::FontLibrary* now_fonts = after.fonts(c.now);
  const text::FontLibrary* was_fonts = before.fonts(c.before);
  if (!now_fonts || !was_fonts) return c;
  for (const model::Game* game : now.games) {
    Side now_side, was_side;
    if (!lay_out(*now.model, *game, *now_fonts, now_side, c.now)) continue;
    const model::Game* old_game = was.model->game(game->id);
    if (old_game && !lay_out(*was.model, *old_game, *was_fonts, was_side, c.before)) continue;
    c.games.push_back(compare_game(now_side, old_game ? &was_side : nullptr, before, after, keep_before));
  }
  if (games.empty())  // the games the revision had and the project no longer has
    for (const model::Game* game : was.games) {
      if (now.model->game(game->id)) continue;
      Side gone;
      if (!lay_out(*was.model, *game, *was_fonts, gone, c.before)) continue;
      GameChanges removed{.game = game->id, .cards = 0, .changes = {}};
      for (size_t i = 0; i < gone.cards.size(); ++i)
        removed.changes.push_back(change_of(CardChange::Kind::Removed, gone, i));
      c.games.push_back(std::move(removed));
    }
  return c;
}

}  // namespace kw::engine
