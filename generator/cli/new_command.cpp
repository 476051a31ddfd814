// `kartenwerk new GAME [--lang L] [--cards N] [--format ID]`: scaffolds a
// game that works at once, so a designer starts from something that builds
// and passes check and preflight: data/games/GAME.yaml (a table of suits, N
// numbered cards, a rules card, two declared checks), and layouts/GAME/ with
// a front, a back and the rules card's layout, all placed from the format's
// own trim, bleed and safe area. Every name, comment and text is in the
// game's language, from that language's word file (cli/scaffolds/<tag>.yaml,
// compiled in): the structure here names no language. Where the project
// translates into another language that has a word file, the game's
// translation into it is written too. Nothing existing is overwritten and
// nothing is written when anything is wrong.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fmt/ranges.h>
#include <fnmatch.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/check.h"
#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/scaffolds.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/language.h"
#include "core/quoted.h"
#include "model/locale.h"
#include "model/value.h"
#include "project/overlay_project.h"
#include "verify/preflight.h"
#include "verify/profile_fit.h"

namespace kw::cli {

namespace {

namespace fs = std::filesystem;

// One language's words (cli/scaffolds/<tag>.yaml), looked up by dotted
// path ("suits.table"). The files are the program's own: a missing word is
// a bug caught by the scaffold tests, reported rather than crashing.
class Words {
 public:
  Words(std::string tag, model::Value root) : tag_(std::move(tag)), root_(std::move(root)) {}
  const std::string& tag() const { return tag_; }
  const std::string& operator[](const std::string& path) const {
    const model::Value* v = &root_;
    for (size_t start = 0; v;) {
      const size_t dot = path.find('.', start);
      v = v->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    if (!v || !v->is_scalar()) throw std::logic_error("scaffold " + tag_ + ".yaml has no word '" + path + "'");
    return v->scalar;
  }
  // The suits: id and name of each.
  std::vector<std::pair<std::string, std::string>> suits() const {
    std::vector<std::pair<std::string, std::string>> out;
    const model::Value* suits = root_.find("suits");
    const model::Value* entries = suits ? suits->find("entries") : nullptr;
    if (entries)
      for (const auto& e : entries->list) {
        const model::Value* id = e.find("id");
        const model::Value* name = e.find("name");
        if (id && name) out.emplace_back(id->scalar, name->scalar);
      }
    return out;
  }

 private:
  std::string tag_;
  model::Value root_;
};

// The languages a game can be scaffolded in: the word files compiled in.
std::vector<std::string> scaffold_languages() {
  std::vector<std::string> out;
  for (std::string_view name : scaffolds::asset_names()) out.emplace_back(name.substr(0, name.rfind('.')));
  return out;
}

// The words for `tag`: its own file, else the nearest more general one's
// ("en-GB" -> en.yaml); nullopt when there is none.
std::optional<Words> words_for(const std::string& tag) {
  for (std::string t = tag; !t.empty(); t = parent_language(t)) {
    const scaffolds::Asset* asset = scaffolds::find_asset(t + ".yaml");
    if (!asset) continue;
    Diagnostics diags;
    auto root = model::parse_yaml_string(std::string(asset->bytes), t + ".yaml", diags);
    if (!root) throw std::logic_error("scaffold " + t + ".yaml does not parse: " + format_diagnostics(diags));
    return Words(t, std::move(*root));
  }
  return std::nullopt;
}

// The palette the suits print in, in their order: four colours that print
// well in CMYK and are easy to tell apart (no language in them).
constexpr std::array<const char*, 4> kSuitColours = {"#a72608", "#1f4e79", "#2e6b30", "#9a6b00"};

// "zahlen-jagd" -> "Zahlen Jagd": a name to start from, changed in the game file.
std::string display_name(const std::string& id) {
  std::string out;
  bool start = true;
  for (char c : id) {
    if (c == '-') {
      out += ' ';
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    start = false;
  }
  return out;
}

// Numbers in the files: millimetres to a tenth, written without trailing zeros.
std::string mm(double v) { return fmt::format("{:g}", std::round(v * 10) / 10); }

// A YAML double-quoted scalar.
std::string quoted(const std::string& s) { return c_quoted(s, ControlEscape::Hex); }

// What the templates fill in: {id}, {name}, {cards}, {format}, {width}, {height}.
struct Fill {
  std::string id, name, format;
  int cards = 0;
  double width = 0, height = 0;
  std::string profile;  // the print-shop profile that cuts its cards; "": none does
  std::string operator()(const std::string& text) const {
    return fmt::format(fmt::runtime(text), fmt::arg("id", id), fmt::arg("name", name), fmt::arg("cards", cards),
                       fmt::arg("format", format), fmt::arg("width", mm(width)), fmt::arg("height", mm(height)));
  }
};

// A block of text as YAML comment lines or a folded description.
std::string indented(const std::string& text, const std::string& indent) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out += indent + line + "\n";
  return out;
}

std::string game_file(const Words& w, const Fill& fill, const std::string& language) {
  std::ostringstream o;
  const auto suits = w.suits();
  o << fill(w["header"]) << "\n"
    << "game:\n"
    << "  id: " << fill.id << "\n"
    << "  name: " << quoted(fill.name) << "\n"
    << "  format: " << fill.format << "\n";
  if (!fill.profile.empty()) o << "  profile: " << fill.profile << "\n";
  o << "  language: " << language << "\n"
    << "  tables:\n"
    << "    " << w["suits.table"] << ":\n"
    << "      doc: " << quoted(w["suits.doc"]) << "\n"
    << "      fields:\n"
    << "        " << w["suits.name"] << ": { type: text, required: true }\n"
    << "        " << w["suits.colour"] << ": { type: color, required: true }\n"
    << "      entries:\n";
  for (size_t i = 0; i < suits.size(); ++i)
    o << "        " << suits[i].first << ": { " << w["suits.name"] << ": " << quoted(suits[i].second) << ", "
      << w["suits.colour"] << ": \"" << kSuitColours[i % kSuitColours.size()] << "\" }\n";
  const std::string& suit = w["card_fields.suit"];
  const std::string& value = w["card_fields.value"];
  o << "  card_fields:\n"
    << "    " << suit << ": { type: ref, table: " << w["suits.table"] << ", required: true }\n"
    << "    " << value << ": { type: int, required: true }\n"
    << "  decks:\n"
    << "    - id: " << w["deck.id"] << "\n"
    << "      name: " << quoted(w["deck.name"]) << "\n"
    << "      layout: " << fill.id << "/" << w["deck.layout"] << "\n"
    << "      back: " << fill.id << "/" << w["deck.back"] << "\n"
    << "      cards:\n";
  for (int i = 0; i < fill.cards; ++i) {
    const auto& [suit_id, suit_name] = suits[static_cast<size_t>(i) % suits.size()];
    const int n = i / static_cast<int>(suits.size()) + 1;
    o << "        - { id: " << suit_id << "-" << n << ", " << suit << ": " << suit_id << ", " << value << ": " << n
      << " }\n";
  }
  o << "    - id: " << w["rules_deck.id"] << "\n"
    << "      name: " << quoted(w["rules_deck.name"]) << "\n"
    << "      layout: " << fill.id << "/" << w["rules_deck.layout"] << "\n"
    << "      back: " << fill.id << "/" << w["deck.back"] << "\n"
    << "      card_fields:\n"
    << "        " << w["rules_deck.title"] << ": { type: text, required: true }\n"
    << "        " << w["rules_deck.text"] << ": { type: text, required: true }\n"
    << "      cards:\n"
    << "        - id: " << w["rules_deck.card"] << "\n"
    << "          " << w["rules_deck.title"] << ": " << quoted(fill(w["rules_deck.title_text"])) << "\n"
    << "          " << w["rules_deck.text"] << ": " << quoted(fill(w["rules_deck.text_text"])) << "\n"
    << "  checks:\n"
    << "    - { check: count, deck: " << w["deck.id"] << ", expect: " << fill.cards
    << ", message: " << quoted(w["checks.count"]) << " }\n"
    << "    - { check: unique, deck: " << w["deck.id"] << ", fields: [" << suit << ", " << value
    << "], message: " << quoted(w["checks.unique"]) << " }\n";
  return o.str();
}

// The game's translation into `to` (another language with a word file),
// as `i18n import` writes it: every text of the game file, each with the
// source text it translates.
std::string translation_file(const Words& from, const Words& to, const Fill& fill, const std::string& source_language,
                             const std::string& language) {
  model::Locale locale;
  locale.language = language;
  locale.game = fill.id;
  auto add = [&](const std::string& id, const std::string& source, const std::string& text) {
    locale.strings[id] = {text, source, {}, {}, {}, {}};
  };
  add("game.name", fill.name, fill.name);
  add("card." + from["rules_deck.card"] + "." + from["rules_deck.title"], fill(from["rules_deck.title_text"]),
      fill(to["rules_deck.title_text"]));
  add("card." + from["rules_deck.card"] + "." + from["rules_deck.text"], fill(from["rules_deck.text_text"]),
      fill(to["rules_deck.text_text"]));
  add("deck." + from["deck.id"] + ".name", from["deck.name"], to["deck.name"]);
  add("deck." + from["rules_deck.id"] + ".name", from["rules_deck.name"], to["rules_deck.name"]);
  const auto source_suits = from.suits(), target_suits = to.suits();
  for (size_t i = 0; i < source_suits.size() && i < target_suits.size(); ++i)
    add("table." + from["suits.table"] + "." + source_suits[i].first + "." + from["suits.name"], source_suits[i].second,
        target_suits[i].second);
  return model::format_locale(locale, source_language);
}

std::string card_layout(const Words& w, const Fill& fill, const model::CardFormat& f) {
  const double s = f.safe, wd = f.width, h = f.height;
  const double corner = std::min(wd, h) * 0.18;  // the corner index's box
  // The suit's name under the value, above the bottom corner's box (on a
  // square card that comes up to it): the check warns of boxes that overlap.
  const double suit_y = std::min(h * 0.64, h - s - 1 - corner - 8);
  const std::string value = "\"{{" + w["card_fields.value"] + "}}\"";
  const std::string colour = "\"{{" + w["card_fields.suit"] + "." + w["suits.colour"] + "}}\"";
  std::ostringstream o;
  o << "description: >-\n"
    << indented(fill(w["descriptions.card"]), "  ") << "edge_color: " << colour << "\n"
    << "elements:\n"
    << "  - { type: rect, name: " << w["elements.ground"] << ", area: bleed, fill: " << colour << " }\n"
    << "  - { type: rect, name: " << w["elements.panel"] << ", area: safe, fill: \"#fbf6ea\", corner_radius: 2 }\n"
    << "  - type: text\n    name: " << w["elements.value_top"] << "\n    text: " << value << "\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(corner) << ", " << mm(corner) << "]\n"
    << "    size: 14\n    align: left\n    valign: top\n    color: " << colour << "\n"
    << "    font: { style: bold }\n"
    << "  - type: text\n    name: " << w["elements.value_bottom"] << "\n    text: " << value << "\n"
    << "    box: [" << mm(wd - s - 1 - corner) << ", " << mm(h - s - 1 - corner) << ", " << mm(corner) << ", "
    << mm(corner) << "]\n"
    << "    rotate: 180\n    size: 14\n    align: left\n    valign: top\n    color: " << colour << "\n"
    << "    font: { style: bold }\n"
    << "  - type: text\n    name: " << w["elements.value"] << "\n    text: " << value << "\n"
    << "    box: [" << mm(s + 2) << ", " << mm(h * 0.3) << ", " << mm(wd - 2 * s - 4) << ", " << mm(h * 0.3) << "]\n"
    << "    size: [48, 20]\n    color: " << colour << "\n    font: { style: bold }\n"
    << "  - type: text\n    name: " << w["elements.suit"] << "\n    text: \"{{" << w["card_fields.suit"] << "."
    << w["suits.name"] << "}}\"\n"
    << "    box: [" << mm(s + 2) << ", " << mm(suit_y) << ", " << mm(wd - 2 * s - 4) << ", 8]\n"
    << "    size: [11, 7]\n    color: \"#2b2340\"\n    font: { style: italic }\n";
  return o.str();
}

std::string back_layout(const Words& w, const Fill& fill, const model::CardFormat& f) {
  const double s = f.safe, wd = f.width, h = f.height;
  std::ostringstream o;
  o << "description: >-\n"
    << indented(fill(w["descriptions.back"]), "  ") << "edge_color: \"#2b2340\"\n"
    << "elements:\n"
    << "  - { type: rect, name: " << w["elements.ground"] << ", area: bleed, fill: \"#2b2340\" }\n"
    << "  - type: rect\n    name: " << w["elements.frame"] << "\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(wd - 2 * s - 2) << ", " << mm(h - 2 * s - 2)
    << "]\n"
    << "    corner_radius: 2\n    stroke: \"#e9c87a\"\n    stroke_width: 0.5\n"
    << "  - type: text\n    name: " << w["elements.title"] << "\n    text: \"{{game.name}}\"\n"
    << "    box: [" << mm(s + 3) << ", " << mm(h / 2 - 10) << ", " << mm(wd - 2 * s - 6) << ", 20]\n"
    << "    size: [20, 9]\n    color: \"#e9c87a\"\n    font: { style: bold }\n";
  return o.str();
}

std::string rules_layout(const Words& w, const Fill& fill, const model::CardFormat& f) {
  const double s = f.safe, wd = f.width, h = f.height;
  std::ostringstream o;
  o << "description: >-\n"
    << indented(fill(w["descriptions.rules"]), "  ") << "edge_color: \"#f3ead3\"\n"
    << "elements:\n"
    << "  - { type: rect, name: " << w["elements.ground"] << ", area: bleed, fill: \"#f3ead3\" }\n"
    << "  - type: text\n    name: " << w["elements.title"] << "\n    text: \"{{" << w["rules_deck.title"] << "}}\"\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(wd - 2 * s - 2) << ", 10]\n"
    << "    size: [14, 9]\n    color: \"#2b2340\"\n    font: { style: bold }\n"
    << "  - type: line\n    name: " << w["elements.rule"] << "\n"
    << "    from: [" << mm(s + 1) << ", " << mm(s + 12) << "]\n"
    << "    to: [" << mm(wd - s - 1) << ", " << mm(s + 12) << "]\n"
    << "    stroke: \"#2b2340\"\n    stroke_width: 0.3\n"
    << "  - type: text\n    name: " << w["elements.text"] << "\n    text: \"{{" << w["rules_deck.text"] << "}}\"\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 14) << ", " << mm(wd - 2 * s - 2) << ", " << mm(h - 2 * s - 15)
    << "]\n"
    << "    size: [10, 6.5]\n    align: left\n    valign: top\n    color: \"#2b2340\"\n";
  return o.str();
}

// Whether an `include:` pattern of data/cards.yaml reads data/games/<id>.yaml.
bool includes_game(const model::Value& root, const std::string& id) {
  const model::Value* include = root.find("include");
  if (!include || !include->is_list()) return false;
  for (const model::Value& p : include->list) {
    fs::path pattern = p.scalar;
    if (pattern.parent_path() == "games" && fnmatch(pattern.filename().c_str(), (id + ".yaml").c_str(), 0) == 0)
      return true;
  }
  return false;
}

// data/cards.yaml with `games/<id>.yaml` added to its block list `include:`,
// every other line (and so every comment) as it was; nullopt when it has no
// such list to add to.
std::optional<std::string> with_include(const std::string& text, const std::string& id) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  auto start = std::find(lines.begin(), lines.end(), "include:");
  if (start == lines.end()) {
    if (text.find("\ninclude:") != std::string::npos || text.rfind("include:", 0) == 0) return std::nullopt;
    return text + (text.empty() || text.back() == '\n' ? "" : "\n") + "include:\n  - games/" + id + ".yaml\n";
  }
  auto last = start;
  std::string indent = "  ";
  for (auto it = start + 1; it != lines.end(); ++it) {
    size_t dash = it->find_first_not_of(' ');
    if (dash == std::string::npos || (*it)[dash] == '#') continue;
    if (dash == 0 && (*it)[0] != '-') break;
    if ((*it)[dash] != '-') break;
    indent = it->substr(0, dash);
    last = it;
  }
  lines.insert(last + 1, indent + "- games/" + id + ".yaml");
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

// Over 80 lines: the steps of `new` in order (refuse a game that exists, gather every file's text, load the project
// with them, then write all or none); each step needs the files gathered before it.
// NOLINTNEXTLINE(readability-function-size)
int run_new(const NewArgs& inv, std::ostream& out, std::ostream& err) {
  const std::string& id = inv.new_game;
  const auto world = open_world(inv, err);
  if (!world) return 2;
  Session s = open_session(inv, *world, err);
  if (!s.model) {
    fmt::print(err, "kartenwerk: new: the project has errors (above); fix them first\n");
    return 1;
  }
  // The game's language: --lang, else the project's default, else English.
  std::string language = inv.language;
  if (language.empty()) language = s.model->default_language.empty() ? "en" : s.model->default_language;
  const auto words = words_for(language);
  if (!words) {
    fmt::print(err,
               "kartenwerk: new: no scaffold in '{}' (scaffolds: {}); start from one of them and change the "
               "words, or translate the game afterwards (kartenwerk i18n)\n",
               language, fmt::join(scaffold_languages(), ", "));
    return 1;
  }
  const model::CardFormat* format = s.model->format(inv.new_format);
  if (!format) {
    std::vector<std::string> ids;
    for (const auto& f : s.model->formats) ids.push_back(f.id);
    fmt::print(err, "kartenwerk: new: unknown format '{}' (formats of data/formats.yaml: {})\n", inv.new_format,
               fmt::join(ids, ", "));
    return 1;
  }
  if (s.model->game(id)) {
    fmt::print(err, "kartenwerk: new: there is a game '{}' already\n", id);
    return 1;
  }
  // The shop it is packaged for: the project's default when that cuts its
  // cards, else the first profile that does (named in the game's file).
  std::string shop, default_shop;
  {
    Diagnostics ignored;  // no profiles (or broken ones): no shop named; `build` says what is wrong
    if (auto profiles = s.project->exists("data/print/profiles.yaml") ? verify::load_print_profiles(*s.project, ignored)
                                                                      : std::nullopt) {
      default_shop = profiles->default_id;
      if (auto fits = verify::fitting_profiles(*profiles, *format); !fits.empty()) shop = fits.front()->id;
    }
  }
  const Fill fill{id, display_name(id), format->id, inv.new_cards, format->width, format->height, shop};
  const Words& w = *words;
  // What is written, relative to the project folder.
  std::vector<std::pair<std::string, std::string>> files = {
      {"data/games/" + id + ".yaml", game_file(w, fill, language)},
      {"layouts/" + id + "/" + w["deck.layout"] + ".yaml", card_layout(w, fill, *format)},
      {"layouts/" + id + "/" + w["deck.back"] + ".yaml", back_layout(w, fill, *format)},
      {"layouts/" + id + "/" + w["rules_deck.layout"] + ".yaml", rules_layout(w, fill, *format)},
  };
  // A translation into each language the project translates its games into
  // (a folder of data/locales/) that has a word file: `check` then finds
  // every string translated.
  for (const auto& lang : s.project->list("data/locales")) {
    if (lang == language || canonical_language(lang) != lang || !s.project->is_directory("data/locales/" + lang))
      continue;
    if (auto to = words_for(lang); to && to->tag() != w.tag())
      files.emplace_back(model::locale_file(lang, id), translation_file(w, *to, fill, language, lang));
  }
  for (const auto& [name, text] : files)
    if (s.project->exists(name)) {
      fmt::print(err, "kartenwerk: new: {} exists already; nothing was written\n", name);
      return 1;
    }
  Diagnostics diags;
  auto root = model::read_yaml(*s.project, "data/cards.yaml", diags);
  if (root && !includes_game(*root, id)) {
    auto edited = with_include(s.project->read("data/cards.yaml")->text(), id);
    if (!edited) {
      fmt::print(err,
                 "kartenwerk: new: data/cards.yaml has no block list 'include:' to add games/{}.yaml to; "
                 "add it yourself, as '  - games/*.yaml'\n",
                 id);
      return 1;
    }
    files.emplace_back("data/cards.yaml", *edited);
  }
  // The game as it would be, checked before anything is written: a format
  // the scaffold does not suit (a card too small for its text, a sheet it
  // does not fit on) is refused here, not left to the next `check`.
  {
    project::OverlayProject after(*s.project, files);
    const Diagnostics findings = check_project(engine::World(after, world->clock()), {{id}, ""});
    if (findings.has_errors()) {
      err << format_report_text(findings, &after);
      fmt::print(err,
                 "kartenwerk: new: a game of format '{}' made this way does not check clean (above); nothing was "
                 "written (choose another --format)\n",
                 format->id);
      return 1;
    }
  }
  std::vector<fs::path> targets;
  for (const auto& [name, text] : files) {
    auto target = confined(inv.root, name);
    if (!target) {
      fmt::print(err, "kartenwerk: new: {} leaves the project folder; nothing was written\n", name);
      return 1;
    }
    targets.push_back(*target);
  }
  // Each file is written whole (beside it, then renamed); should one fail,
  // the new ones already written are removed again (data/cards.yaml, the
  // one file changed rather than made, is written last).
  std::vector<fs::path> written;
  try {
    for (size_t i = 0; i < files.size(); ++i) {
      write_file_atomic(targets[i], files[i].second);
      written.push_back(targets[i]);
    }
  } catch (const std::exception& e) {
    std::error_code ec;
    for (const auto& p : written) fs::remove(p, ec);
    fs::remove(inv.root / "layouts" / id, ec);  // only when empty
    fmt::print(err, "kartenwerk: new: {}\n", e.what());
    return 1;
  }
  for (const auto& [name, text] : files) fmt::print(out, "wrote {}\n", name);
  if (!shop.empty())
    fmt::print(out, "its shop: {} (`profile:` in data/games/{}.yaml: {})\n", shop, id,
               shop == default_shop ? "the project's default print profile, which cuts " + format->id + " cards"
                                    : "the first print profile that cuts " + format->id + " cards");
  if (!default_shop.empty() && shop.empty())
    fmt::print(out,
               "note: no print profile of data/print/profiles.yaml cuts {} cards: `build` makes no shop package "
               "(build --profile NAME --fit fits the cards to one)\n",
               format->id);
  fmt::print(out, "next: kartenwerk check --game {0}; kartenwerk build --game {0}; kartenwerk preflight --game {0}\n",
             id);
  return 0;
}

}  // namespace kw::cli
