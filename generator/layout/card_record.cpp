#include "layout/card_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <unordered_map>

#include "core/sha256.h"
#include "page/fingerprint.h"

namespace kw::layout {

namespace {

// The first 16 hex digits of the SHA-256 of the pieces one after the other
// (made without the whole hex or the pieces joined: four per card of a
// manifest, 20,000 at 5000 cards).
std::string short_hash(std::initializer_list<std::string_view> pieces) {
  return kw::hex_prefix(kw::sha256_of_pieces(pieces), 16);
}

// Every leaf of a card's fields by its path. An empty list or map is a leaf
// of its own, so that emptying one is a change of that field.
void flatten(const model::Value& v, const std::string& path, std::map<std::string, std::string>& out) {
  switch (v.kind) {
    case model::Value::Kind::Null:
      out[path] = short_hash({"null"});
      return;
    case model::Value::Kind::Scalar:
      out[path] = short_hash({"scalar\n", v.scalar});
      return;
    case model::Value::Kind::List:
      if (v.list.empty()) out[path] = short_hash({"list"});
      for (size_t i = 0; i < v.list.size(); ++i) flatten(v.list[i], fmt::format("{}[{}]", path, i), out);
      return;
    case model::Value::Kind::Map:
      if (v.map.empty() && !path.empty()) out[path] = short_hash({"map"});
      for (const auto& m : v.map) flatten(m.value, path.empty() ? m.key : path + "." + m.key, out);
      return;
  }
}

// The record of page `i` of `count` (stem, fingerprint and page on demand).
CardRecord record_of(const model::Game& game, const CardsById& cards, size_t i, const std::vector<std::string>& backs,
                     const std::string& stem, const std::string& fingerprint, PaintedFiles painted,
                     const FileHashes& hashes) {
  CardRecord r;
  r.stem = stem;
  r.page = fingerprint;
  const size_t fronts = game.card_count();
  std::string layout;
  if (i < fronts) {
    r.card = card_key(stem);
    if (const model::Card* card = cards.find(r.card)) {
      flatten(card->fields, "", r.fields);
      if (const model::Deck* deck = game.deck(card->deck_id)) layout = deck->layout;
    }
  } else if (i - fronts < backs.size()) {
    r.back_layout = layout = backs[i - fronts];
  }
  if (!layout.empty()) {
    const std::string path = "layouts/" + layout + ".yaml";
    if (auto hash = hashes(path)) r.layout[path] = *hash;
  }
  r.painted = std::move(painted);
  return r;
}

}  // namespace

PaintedFiles painted_inputs(const page::Page& page) {
  PaintedFiles out;
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

CardsById::CardsById(const model::Game& game) {
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) cards_.try_emplace(card.id, &card);  // the first
}

const model::Card* CardsById::find(const std::string& id) const {
  auto it = cards_.find(id);
  return it == cards_.end() ? nullptr : it->second;
}

std::string card_key(const std::string& stem) {
  const auto dash = stem.find('-');
  if (dash == std::string::npos) return stem;
  const bool numbered = dash > 0 && std::all_of(stem.begin(), stem.begin() + static_cast<long>(dash),
                                                [](char c) { return c >= '0' && c <= '9'; });
  return numbered ? stem.substr(dash + 1) : stem;
}

std::vector<std::string> back_layouts(const model::Game& game) {
  std::vector<std::string> out;
  for (const auto& deck : game.decks)
    if (deck.product == model::Product::Cards && !deck.back_layout.empty() &&
        std::find(out.begin(), out.end(), deck.back_layout) == out.end())
      out.push_back(deck.back_layout);
  return out;
}

CardRecorder::CardRecorder(const model::Game& game, const CardPages& pages, FileHashes hashes)
    : game_(game), pages_(pages), hashes_(std::move(hashes)), backs_(back_layouts(game)), cards_(game) {}

CardRecord CardRecorder::record(size_t i) const {
  return record_of(game_, cards_, i, backs_, pages_.stem(i), pages_.fingerprint(i), pages_.painted(i), hashes_);
}

std::vector<CardRecord> card_records(const model::Game& game, const CardPages& pages, const FileHashes& hashes) {
  const CardRecorder recorder(game, pages, hashes);
  std::vector<CardRecord> out;
  out.reserve(pages.size());
  for (size_t i = 0; i < pages.size(); ++i) out.push_back(recorder.record(i));
  return out;
}

std::vector<CardRecord> card_records(const model::Game& game, std::span<const LaidOutCard> pages,
                                     const FileHashes& hashes) {
  const std::vector<std::string> backs = back_layouts(game);
  const CardsById cards(game);
  std::vector<CardRecord> out;
  out.reserve(pages.size());
  for (size_t i = 0; i < pages.size(); ++i)
    out.push_back(record_of(game, cards, i, backs, pages[i].stem, kw::hex(page::fingerprint(pages[i].page)),
                            painted_inputs(pages[i].page), hashes));
  return out;
}

std::vector<std::string> record_changes(const CardRecord& was, const CardRecord& now, bool translated) {
  std::vector<std::string> what;
  std::vector<std::string> fields;
  for (const auto& [path, hash] : now.fields) {
    auto old = was.fields.find(path);
    if (old == was.fields.end() || old->second != hash) fields.push_back(path);
  }
  for (const auto& [path, hash] : was.fields)
    if (!now.fields.count(path)) fields.push_back(path);
  std::sort(fields.begin(), fields.end());
  if (!fields.empty())
    what.push_back(fmt::format("{} {}", translated ? "translation" : "fields", fmt::join(fields, ", ")));
  for (const auto& [path, hash] : now.layout)
    if (auto old = was.layout.find(path); old == was.layout.end() || old->second != hash)
      what.push_back("layout " + path);
  // A file the page paints from both times, changed in between (a file only
  // one side paints from is a field's or the layout's doing, said above).
  for (const auto& [path, hash] : was.painted) {
    auto b = now.painted.find(path);
    if (b == now.painted.end() || b->second == hash) continue;
    what.push_back((path.rfind("fonts/", 0) == 0 ? "font " : "art ") + path);
  }
  if (what.empty()) what.emplace_back("page");
  return what;
}

}  // namespace kw::layout
