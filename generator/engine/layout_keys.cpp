#include "engine/layout_keys.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "core/sha256.h"
#include "infra/build_cache.h"
#include "yaml/value.h"

namespace kw::engine {

namespace {

// Appends fields length-prefixed, so that no two different inputs
// serialise alike.
class Writer {
 public:
  void text(std::string_view s) {
    out_ += std::to_string(s.size());
    out_ += ':';
    out_ += s;
  }
  void number(long long n) { text(std::to_string(n)); }
  void loc(const SourceLoc& l) {
    text(l.file.str());
    number(l.line);
    number(l.column);
  }
  // Every node with its kind, text, quoting and locations.
  void value(const yaml::Value& v) {
    number(static_cast<int>(v.kind));
    text(v.scalar);
    number(v.quoted ? 1 : 0);
    loc(v.loc);
    loc(v.key_loc);
    number(static_cast<long long>(v.map.size()));
    for (const auto& m : v.map) {
      text(m.key);
      value(m.value);
    }
    number(static_cast<long long>(v.list.size()));
    for (const auto& item : v.list) value(item);
  }
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

using Positions = std::set<std::pair<int, int>>;

// `v` with the nodes that start at a card entry's position made null (the
// rest of the file as the model read it).
void drop_cards(yaml::Value& v, const Positions& cards) {
  if (v.is_map() || v.is_list()) {
    if (cards.contains({v.loc.line, v.loc.column})) {
      v = yaml::Value{};
      return;
    }
  }
  for (auto& m : v.map) drop_cards(m.value, cards);
  for (auto& item : v.list) drop_cards(item, cards);
}

// The lines of `text` outside the card entries at `cards`, each with its
// line number (the nodes' places, which findings name), and for each entry
// the "- " that starts it only (the list keeps its length; the entry's own
// place and lines are the card's part of the key, so a line added inside
// one entry moves the entries after it, not what is shared), or nullopt when
// an entry is not a block list item alone at its line's start ("- { id: a
// }", "- id: a" and the lines under it). An entry runs while lines are
// indented deeper than its "- " or hold only a comment: the rule a YAML
// block list follows (and yaml/block_list.cpp's, which cuts a deck's list
// into items for the studio's edits), so nothing after the entry is taken
// for it. An entry that may hold an anchor (`&name`) makes the file parsed. This is
// the cheap way to the same key as the file parsed with the entries taken
// out: parsing a deck of 5,000 cards again costs about 100 ms a build,
// reading its lines 1 ms. It is stricter (a comment outside the entries
// counts), which costs a layout, never a wrong one.
// Whether `line` may hold an anchor: a `&` with a name after it. A `&`
// before a space ("Thal & Erebor") is text, as YAML names an anchor by one
// or more characters that are not spaces or flow indicators. Text such as
// "R&D" counts too: it only costs the parse.
bool may_hold_anchor(std::string_view line) {
  for (size_t at = line.find('&'); at != std::string_view::npos; at = line.find('&', at + 1))
    if (at + 1 < line.size() && std::string_view(" \t\r\n,[]{}").find(line[at + 1]) == std::string_view::npos)
      return true;
  return false;
}

std::optional<std::string> text_without_cards(std::string_view text, const Positions& cards) {
  std::vector<std::string_view> lines;
  for (size_t at = 0; at < text.size();) {
    const size_t nl = text.find('\n', at);
    const size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  const auto indent_of = [](std::string_view line) { return line.find_first_not_of(' '); };
  const auto is_filler = [](std::string_view line) {
    const size_t i = line.find_first_not_of(" \t\r\n");
    return i == std::string_view::npos || line[i] == '#';
  };
  // Per line: keep it whole (npos), or its first n bytes.
  std::vector<size_t> keep(lines.size(), std::string_view::npos);
  for (const auto& [line_no, column] : cards) {
    if (line_no < 1 || static_cast<size_t>(line_no) > lines.size() || column < 1) return std::nullopt;
    const size_t l = static_cast<size_t>(line_no) - 1;
    std::string_view line = lines[l];
    const size_t dash = indent_of(line);
    // Before the entry only spaces and one "-", so its column counts bytes.
    const auto start = static_cast<size_t>(column) - 1;
    if (dash == std::string_view::npos || line[dash] != '-' || start <= dash + 1 || start >= line.size() ||
        line.substr(dash + 1, start - dash - 1).find_first_not_of(' ') != std::string_view::npos)
      return std::nullopt;
    keep[l] = std::min(keep[l], start);
    // An anchor in an entry may be used outside it (`name: *n`, `<<: *x`),
    // where its value is not in the lines kept: then the file is parsed.
    if (may_hold_anchor(line)) return std::nullopt;
    for (size_t next = l + 1; next < lines.size(); ++next) {
      const size_t indent = indent_of(lines[next]);
      if (!is_filler(lines[next]) && indent <= dash) break;
      if (may_hold_anchor(lines[next])) return std::nullopt;
      keep[next] = 0;
    }
  }
  std::string out;
  out.reserve(text.size());
  for (size_t l = 0; l < lines.size(); ++l) {
    if (keep[l] == std::string_view::npos) {
      out += std::to_string(l + 1);
      out += ' ';
      out += lines[l];
    } else if (keep[l] > 0) {  // an entry's first line
      out += "- ";
      out += lines[l].substr(0, keep[l]);
      out += '\n';
    }
  }
  return out;
}

// The files holding the game's card entries, each with the entries' positions.
std::map<std::string, Positions> card_files(const model::Game& game) {
  std::map<std::string, Positions> out;
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards)
      if (card.loc.known()) out[card.loc.file].insert({card.loc.line, card.loc.column});
  return out;
}

std::string shared_key(const project::Project& project, const model::Game& game, const std::string& language,
                       std::string_view others, const std::map<std::string, std::string>& files) {
  Writer w;
  w.text(language);
  w.text(game.id);
  w.text(game.variant);
  w.text(others);
  auto holding = card_files(game);
  // The `game:` map holds the decks and their cards, and a layout may read
  // it whole ({{game.decks.0.cards.1.name}}): then every card reads every
  // entry, and the files are taken whole.
  for (const auto& deck : game.decks)
    for (const std::string* layout : {&deck.layout, &deck.back_layout})
      if (auto input = layout->empty() ? nullptr : project.read("layouts/" + *layout + ".yaml"))
        if (input->text().find("game.decks") != std::string::npos) holding.clear();
  // The files hashed whole but for those the loop below reads without
  // their card entries (a spreadsheet of cards is hashed whole here).
  for (const auto& [path, hash] : files)
    if (!(holding.contains(path) && path.starts_with("data/") && path.ends_with(".yaml"))) {
      w.text(path);
      w.text(hash);
    }
  // The data files the card database was loaded from (all read by now).
  std::vector<project::InputPtr> data;
  for (const auto& input : project.inputs_read())
    if (input->path().starts_with("data/") && input->path().ends_with(".yaml")) data.push_back(input);
  std::sort(data.begin(), data.end(), [](const auto& a, const auto& b) { return a->path() < b->path(); });
  for (const auto& input : data) {
    w.text(input->path());
    auto cards = holding.find(input->path());
    if (cards == holding.end()) {
      w.text(kw::hex(input->hash()));
      continue;
    }
    if (auto rest = text_without_cards(input->text(), cards->second)) {
      w.text("lines");
      w.text(*rest);
      continue;
    }
    Diagnostics ignored;  // the model's loading reports the file's problems
    auto root = yaml::parse_yaml_string(input->text(), input->path(), ignored);
    if (!root) {
      w.text(kw::hex(input->hash()));
      continue;
    }
    drop_cards(*root, cards->second);
    w.text("nodes");
    w.value(*root);
  }
  return infra::cache_key({w.str()});
}

std::string own_part(const model::Card& card) {
  Writer w;
  w.text(card.id);
  w.text(card.def_id);
  w.number(card.copy);
  w.number(card.copies);
  w.number(card.index);
  w.text(card.deck_id);
  w.loc(card.loc);
  w.value(card.fields);
  return kw::hex(kw::sha256(w.str()));
}

// Every scalar of `v`.
void scalars(const yaml::Value& v, std::vector<const std::string*>& out) {
  if (v.is_scalar()) out.push_back(&v.scalar);
  for (const auto& m : v.map) scalars(m.value, out);
  for (const auto& item : v.list) scalars(item, out);
}

}  // namespace

LayoutKeys::LayoutKeys(const project::Project& project, const model::Game& game, const std::string& language,
                       std::string_view others, const std::map<std::string, std::string>& files)
    : shared_(shared_key(project, game, language, others, files)) {
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      definitions_.emplace(card.def_id, &card);  // the first of its copies, as Game::card_definition
      own_.emplace(&card, own_part(card));
    }
}

std::string LayoutKeys::key(const model::Card* card, const model::Deck* back_of, const std::string& stem) const {
  if (!card) return infra::cache_key({shared_, stem, "back", back_of ? back_of->id : ""});
  // The card and the definitions its scalars name, transitively: a name
  // that is not a card field reaches one only needlessly (a key too many).
  std::set<const model::Card*> reached{card};
  std::vector<const model::Card*> todo{card};
  while (!todo.empty()) {
    const model::Card* c = todo.back();
    todo.pop_back();
    std::vector<const std::string*> found;
    scalars(c->fields, found);
    for (const std::string* s : found)
      if (auto it = definitions_.find(*s); it != definitions_.end() && reached.insert(it->second).second)
        todo.push_back(it->second);
  }
  std::string parts = own_.at(card);
  std::set<std::string> named;  // in a fixed order
  for (const model::Card* c : reached)
    if (c != card) named.insert(own_.at(c));
  for (const auto& n : named) parts += n;
  return infra::cache_key({shared_, stem, parts});
}

}  // namespace kw::engine
