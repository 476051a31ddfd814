// `kartenwerk new GAME [--cards N] [--format ID]`: scaffolds a game that
// works at once, so a designer starts from something that builds and passes
// check and preflight: data/games/GAME.yaml (a table of suits, N numbered
// cards, a rules card, two declared checks), and layouts/GAME/ with a front,
// a back and the rules card's layout, all placed from the format's own trim,
// bleed and safe area. Everything is German, the source language; nothing
// existing is overwritten and nothing is written when anything is wrong.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fmt/ranges.h>
#include <fnmatch.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "cli/check.h"
#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "model/value.h"
#include "project/overlay_project.h"

namespace kw::cli {

namespace {

namespace fs = std::filesystem;

struct Suit {
  const char* id;
  const char* name;     // German, the source language
  const char* english;  // for data/locales/en/
  const char* colour;
};

// Four suits that print well in CMYK and are easy to tell apart.
constexpr std::array<Suit, 4> kSuits = {{
    {"rot", "Rot", "Red", "#a72608"},
    {"blau", "Blau", "Blue", "#1f4e79"},
    {"gruen", "Grün", "Green", "#2e6b30"},
    {"gold", "Gold", "Gold", "#9a6b00"},
}};

// The rules card's text; the English is what data/locales/en/ gets.
const char* kRulesTitle = "Spielregeln";
const char* kRulesTitleEnglish = "Rules";
const std::string kRulesText =
    "Hier stehen die Regeln von {}. **Fett** und *kursiv* gehen auch; Text, der nicht in "
    "sein Feld passt, ist ein Fehler, den kartenwerk check meldet.";
const std::string kRulesTextEnglish =
    "The rules of {} go here. **Bold** and *italic* work too; text that does not fit its "
    "box is an error kartenwerk check reports.";

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

std::string game_file(const std::string& id, int cards, const model::CardFormat& f) {
  std::ostringstream o;
  const std::string name = display_name(id);
  o << "# " << name << ": angelegt mit `kartenwerk new " << id << " --cards " << cards << " --format " << f.id << "`.\n"
    << "# Ein Ausgangspunkt: vier Farben, Karten mit Werten, eine Regelkarte und zwei\n"
    << "# deklarierte Prüfungen. Ändern, ergänzen, dann `kartenwerk check --game " << id << "`.\n"
    << "# Alle Schlüssel: docs/reference.md.\n"
    << "game:\n"
    << "  id: " << id << "\n"
    << "  name: " << name << "\n"
    << "  format: " << f.id << "\n"
    << "  tables:\n"
    << "    farben:\n"
    << "      doc: Die Farben der Karten.\n"
    << "      fields:\n"
    << "        name: { type: text, required: true }\n"
    << "        farbe: { type: color, required: true }\n"
    << "      entries:\n";
  for (const Suit& s : kSuits)
    o << "        " << s.id << ": { name: " << s.name << ", farbe: \"" << s.colour << "\" }\n";
  o << "  card_fields:\n"
    << "    farbe: { type: ref, table: farben, required: true }\n"
    << "    wert: { type: int, required: true }\n"
    << "  decks:\n"
    << "    - id: spielkarten\n"
    << "      name: Spielkarten\n"
    << "      layout: " << id << "/karte\n"
    << "      back: " << id << "/rueckseite\n"
    << "      cards:\n";
  for (int i = 0; i < cards; ++i) {
    const Suit& s = kSuits[static_cast<size_t>(i) % kSuits.size()];
    const int value = i / static_cast<int>(kSuits.size()) + 1;
    o << "        - { id: " << s.id << "-" << value << ", farbe: " << s.id << ", wert: " << value << " }\n";
  }
  o << "    - id: regeln\n"
    << "      name: Regelkarte\n"
    << "      layout: " << id << "/regeln\n"
    << "      back: " << id << "/rueckseite\n"
    << "      card_fields:\n"
    << "        titel: { type: text, required: true }\n"
    << "        text: { type: text, required: true }\n"
    << "      cards:\n"
    << "        - id: spielregeln\n"
    << "          titel: " << kRulesTitle << "\n"
    << "          text: \"" << fmt::format(fmt::runtime(kRulesText), name) << "\"\n"
    << "  checks:\n"
    << "    - { check: count, deck: spielkarten, expect: " << cards
    << ", message: \"das Spiel hat so viele Karten\" }\n"
    << "    - { check: unique, deck: spielkarten, fields: [farbe, wert], message: \"jede Karte gibt es einmal\" }\n";
  return o.str();
}

// data/locales/en/<id>.yaml: every text of the game file in English, each
// with the German it translates (as `i18n import` writes them).
std::string english_locale(const std::string& id) {
  std::ostringstream o;
  const std::string name = display_name(id);
  auto entry = [&](const std::string& key, const std::string& de, const std::string& en) {
    o << "  \"" << key << "\":\n    de: \"" << de << "\"\n    text: \"" << en << "\"\n";
  };
  o << "# " << id << " in language 'en', written by `kartenwerk new`. Each string: `de` is the German\n"
    << "# source it was translated from, `text` the translation.\n"
    << "language: en\ngame: " << id << "\nstrings:\n";
  entry("card.spielregeln.text", fmt::format(fmt::runtime(kRulesText), name),
        fmt::format(fmt::runtime(kRulesTextEnglish), name));
  entry("card.spielregeln.titel", kRulesTitle, kRulesTitleEnglish);
  entry("game.name", name, name);
  for (const Suit& s : kSuits) entry(std::string("table.farben.") + s.id + ".name", s.name, s.english);
  return o.str();
}

std::string card_layout(const model::CardFormat& f) {
  const double s = f.safe, w = f.width, h = f.height;
  const double corner = std::min(w, h) * 0.18;  // the corner index's box
  std::ostringstream o;
  o << "description: >-\n"
    << "  Die Vorderseite einer Spielkarte, " << mm(w) << " x " << mm(h) << " mm: die Farbe füllt sie bis in den\n"
    << "  Beschnitt, ein helles Feld im sicheren Bereich trägt den Wert oben links, groß in\n"
    << "  der Mitte und gedreht unten rechts, darunter den Namen der Farbe. Millimeter ab\n"
    << "  der linken oberen Ecke des Endformats.\n"
    << "edge_color: \"{{farbe.farbe}}\"\n"
    << "elements:\n"
    << "  - { type: rect, name: grund, area: bleed, fill: \"{{farbe.farbe}}\" }\n"
    << "  - { type: rect, name: feld, area: safe, fill: \"#fbf6ea\", corner_radius: 2 }\n"
    << "  - type: text\n    name: wert-oben\n    text: \"{{wert}}\"\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(corner) << ", " << mm(corner) << "]\n"
    << "    size: 14\n    align: left\n    valign: top\n    color: \"{{farbe.farbe}}\"\n"
    << "    font: { style: bold }\n"
    << "  - type: text\n    name: wert-unten\n    text: \"{{wert}}\"\n"
    << "    box: [" << mm(w - s - 1 - corner) << ", " << mm(h - s - 1 - corner) << ", " << mm(corner) << ", "
    << mm(corner) << "]\n"
    << "    rotate: 180\n    size: 14\n    align: left\n    valign: top\n    color: \"{{farbe.farbe}}\"\n"
    << "    font: { style: bold }\n"
    << "  - type: text\n    name: wert\n    text: \"{{wert}}\"\n"
    << "    box: [" << mm(s + 2) << ", " << mm(h * 0.3) << ", " << mm(w - 2 * s - 4) << ", " << mm(h * 0.3) << "]\n"
    << "    size: [48, 20]\n    color: \"{{farbe.farbe}}\"\n    font: { style: bold }\n"
    << "  - type: text\n    name: farbe\n    text: \"{{farbe.name}}\"\n"
    << "    box: [" << mm(s + 2) << ", " << mm(h * 0.64) << ", " << mm(w - 2 * s - 4) << ", 8]\n"
    << "    size: [11, 7]\n    color: \"#2b2340\"\n    font: { style: italic }\n";
  return o.str();
}

std::string back_layout(const model::CardFormat& f) {
  const double s = f.safe, w = f.width, h = f.height;
  std::ostringstream o;
  o << "description: >-\n"
    << "  Die gemeinsame Rückseite aller Karten: dunkelviolett bis in den Beschnitt, ein\n"
    << "  goldener Rahmen im sicheren Bereich und der Name des Spiels in der Mitte.\n"
    << "edge_color: \"#2b2340\"\n"
    << "elements:\n"
    << "  - { type: rect, name: grund, area: bleed, fill: \"#2b2340\" }\n"
    << "  - type: rect\n    name: rahmen\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(w - 2 * s - 2) << ", " << mm(h - 2 * s - 2) << "]\n"
    << "    corner_radius: 2\n    stroke: \"#e9c87a\"\n    stroke_width: 0.5\n"
    << "  - type: text\n    name: titel\n    text: \"{{game.name}}\"\n"
    << "    box: [" << mm(s + 3) << ", " << mm(h / 2 - 10) << ", " << mm(w - 2 * s - 6) << ", 20]\n"
    << "    size: [20, 9]\n    color: \"#e9c87a\"\n    font: { style: bold }\n";
  return o.str();
}

std::string rules_layout(const model::CardFormat& f) {
  const double s = f.safe, w = f.width, h = f.height;
  std::ostringstream o;
  o << "description: >-\n"
    << "  Die Regelkarte: Titel oben, darunter der Regeltext, so groß wie er passt.\n"
    << "edge_color: \"#f3ead3\"\n"
    << "elements:\n"
    << "  - { type: rect, name: grund, area: bleed, fill: \"#f3ead3\" }\n"
    << "  - type: text\n    name: titel\n    text: \"{{titel}}\"\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 1) << ", " << mm(w - 2 * s - 2) << ", 10]\n"
    << "    size: [14, 9]\n    color: \"#2b2340\"\n    font: { style: bold }\n"
    << "  - type: line\n    name: linie\n"
    << "    from: [" << mm(s + 1) << ", " << mm(s + 12) << "]\n"
    << "    to: [" << mm(w - s - 1) << ", " << mm(s + 12) << "]\n"
    << "    stroke: \"#2b2340\"\n    stroke_width: 0.3\n"
    << "  - type: text\n    name: text\n    text: \"{{text}}\"\n"
    << "    box: [" << mm(s + 1) << ", " << mm(s + 14) << ", " << mm(w - 2 * s - 2) << ", " << mm(h - 2 * s - 15)
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

int run_new(const Invocation& inv, std::ostream& out, std::ostream& err) {
  const std::string& id = inv.new_game;
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) {
    fmt::print(err, "kartenwerk: new: the project has errors (above); fix them first\n");
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
  // What is written, relative to the project folder.
  std::vector<std::pair<std::string, std::string>> files = {
      {"data/games/" + id + ".yaml", game_file(id, inv.new_cards, *format)},
      {"layouts/" + id + "/karte.yaml", card_layout(*format)},
      {"layouts/" + id + "/rueckseite.yaml", back_layout(*format)},
      {"layouts/" + id + "/regeln.yaml", rules_layout(*format)},
  };
  // English where the project translates into English: `check` then finds
  // every string translated.
  if (s.project->exists("data/locales/en")) files.emplace_back("data/locales/en/" + id + ".yaml", english_locale(id));
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
    const Diagnostics findings = check_project(after, {{id}, ""});
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
  fmt::print(out,
             "next: kartenwerk check --game {0}; kartenwerk build --game {0} --profile meinspiel; "
             "kartenwerk preflight --game {0}\n",
             id);
  return 0;
}

}  // namespace kw::cli
