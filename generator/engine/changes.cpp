#include "engine/changes.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/sha256.h"
#include "page/fingerprint.h"

namespace kw::engine {

namespace {

// "09-gondor-erbe-1" -> "gondor-erbe-1"; "00-back-reference" -> "back-reference".
std::string card_key(const std::string& stem) {
  const auto dash = stem.find('-');
  if (dash == std::string::npos) return stem;
  const bool numbered = dash > 0 && std::all_of(stem.begin(), stem.begin() + static_cast<long>(dash),
                                                [](char c) { return c >= '0' && c <= '9'; });
  return numbered ? stem.substr(dash + 1) : stem;
}

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

const model::Card* find_card(const model::Game& game, const std::string& id) {
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (card.id == id) return &card;
  return nullptr;
}

const model::Deck* deck_of(const model::Game& game, const model::Card& card) {
  for (const auto& deck : game.decks)
    if (deck.id == card.deck_id) return &deck;
  return nullptr;
}

// The files a page paints from, by project path: SVG art, pictures, fonts.
std::map<std::string, std::string> painted_inputs(const page::Page& page) {
  std::map<std::string, std::string> out;
  auto add = [&](const project::InputPtr& input) {
    if (input) out[input->path()] = kw::hex(input->hash());
  };
  for (const auto& item : page.items) {
    if (const auto* art = std::get_if<page::SvgArt>(&item.shape)) add(art->svg);
    if (const auto* pic = std::get_if<page::Picture>(&item.shape)) {
      add(pic->file);
      if (pic->mask_art) add(pic->mask_art->svg);
    }
    if (const auto* run = std::get_if<page::GlyphRun>(&item.shape)) add(run->font);
  }
  return out;
}

std::optional<std::string> file_hash(const project::Project& project, const std::string& path) {
  auto input = project.read(path);
  if (!input) return std::nullopt;
  return kw::hex(input->hash());
}

struct Side {
  Loaded loaded;
  const model::Game* game = nullptr;
  std::vector<layout::LaidOutCard> cards;
};

// `game_id` of `world` laid out in `edition`; nullopt (said in `diags`) when it does not load.
bool lay_out(const World& world, const Edition& edition, const std::string& game_id, const char* side_name, Side& side,
             Diagnostics& diags) {
  side.loaded = load(world, edition, {game_id});
  auto relay = [&](const Diagnostics& found) {
    for (const auto& d : found.items())
      if (d.severity == Severity::Error) {
        Diagnostic copy = d;
        copy.message = std::string(side_name) + ": " + copy.message;
        diags.add(copy);
      }
  };
  if (!side.loaded.ok()) {
    if (side.loaded.unknown_games.empty()) relay(side.loaded.diagnostics);
    return false;
  }
  side.game = side.loaded.games.empty() ? nullptr : side.loaded.games.front();
  if (!side.game) return false;
  Diagnostics found;
  const text::FontLibrary* fonts = world.fonts(found);
  if (!fonts) {
    relay(found);
    return false;
  }
  GameCompiler compiler(*side.loaded.model, *side.game, *fonts);
  side.cards = compiler.cards(compiler.context(side.game->language), found);
  relay(found);
  return !found.has_errors();
}

// What differs between two layouts of the same card.
std::vector<std::string> what_changed(const Side& before, const layout::LaidOutCard& was, const Side& after,
                                      const layout::LaidOutCard& now, const World& before_world,
                                      const World& after_world) {
  std::vector<std::string> what;
  const std::string key = card_key(now.stem);
  const model::Card* old_card = find_card(*before.game, key);
  const model::Card* new_card = find_card(*after.game, key);
  if (old_card && new_card) {
    std::vector<std::string> fields;
    differing_fields(&old_card->fields, &new_card->fields, "", fields);
    const bool translated = after.game->language != after.game->source_language;
    if (!fields.empty())
      what.push_back(fmt::format("{} {}", translated ? "translation" : "fields", fmt::join(fields, ", ")));
  }
  // The layout file of the card's deck (a back: the deck's back layout).
  const model::Card* card = new_card ? new_card : old_card;
  if (card) {
    if (const model::Deck* deck = deck_of(*after.game, *card)) {
      const std::string path = "layouts/" + deck->layout + ".yaml";
      if (file_hash(before_world.project(), path) != file_hash(after_world.project(), path))
        what.push_back("layout " + path);
    }
  } else {
    for (const auto& deck : after.game->decks)
      if (!deck.back_layout.empty()) {
        const std::string path = "layouts/" + deck.back_layout + ".yaml";
        if (file_hash(before_world.project(), path) != file_hash(after_world.project(), path) &&
            std::find(what.begin(), what.end(), "layout " + path) == what.end())
          what.push_back("layout " + path);
      }
  }
  const auto old_inputs = painted_inputs(was.page), new_inputs = painted_inputs(now.page);
  std::set<std::string> paths;
  for (const auto& [p, h] : old_inputs) paths.insert(p);
  // A file the page paints from both times, changed in between (a file only
  // one side paints from is a field's or the layout's doing, said above).
  for (const auto& p : paths) {
    auto a = old_inputs.find(p), b = new_inputs.find(p);
    if (a == old_inputs.end() || b == new_inputs.end() || a->second == b->second) continue;
    what.push_back((p.rfind("fonts/", 0) == 0 ? "font " : "art ") + p);
  }
  if (what.empty()) what.emplace_back("page");
  return what;
}

}  // namespace

std::vector<GameChanges> compare_worlds(const World& before, const World& after, const Edition& edition,
                                        const std::vector<std::string>& games, Diagnostics& diags) {
  std::vector<GameChanges> out;
  Loaded selection = load(after, edition, games);
  if (!selection.ok()) {
    for (const auto& d : selection.diagnostics.items()) diags.add(d);
    for (const auto& id : selection.unknown_games)
      diags.error({}, fmt::format("unknown game '{}' (known games: {})", id, fmt::join(selection.known_games, ", ")));
    return out;
  }
  for (const model::Game* game : selection.games) {
    Side now, was;
    if (!lay_out(after, edition, game->id, "now", now, diags)) continue;
    const bool existed = lay_out(before, edition, game->id, "before", was, diags);
    GameChanges changes{.game = game->id, .cards = now.cards.size(), .changes = {}};
    std::map<std::string, const layout::LaidOutCard*> old_by_key;
    if (existed)
      for (const auto& c : was.cards) old_by_key[card_key(c.stem)] = &c;
    for (const auto& c : now.cards) {
      const std::string key = card_key(c.stem);
      auto old = old_by_key.find(key);
      if (old == old_by_key.end()) {
        changes.changes.push_back({CardChange::Kind::Added, game->id, key, c.stem, {}});
        continue;
      }
      const layout::LaidOutCard& prev = *old->second;
      old_by_key.erase(old);
      std::vector<std::string> what;
      if (page::fingerprint(prev.page) != page::fingerprint(c.page))
        what = what_changed(was, prev, now, c, before, after);
      if (!what.empty()) changes.changes.push_back({CardChange::Kind::Changed, game->id, key, c.stem, std::move(what)});
    }
    if (existed)
      for (const auto& c : was.cards)
        if (old_by_key.count(card_key(c.stem)))
          changes.changes.push_back({CardChange::Kind::Removed, game->id, card_key(c.stem), c.stem, {}});
    out.push_back(std::move(changes));
  }
  return out;
}

}  // namespace kw::engine
