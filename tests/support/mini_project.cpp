#include "support/mini_project.h"

#include <gtest/gtest.h>
#include <fstream>
#include <vector>

#include "project/disk_project.h"

namespace kw::test {

namespace {

// The inputs every mini project shares: read once per test binary.
const std::vector<project::InputPtr>& shared_inputs() {
  static const std::vector<project::InputPtr> inputs = [] {
    std::vector<project::InputPtr> out;
    project::DiskProject source(source_root());
    for (const auto& entry : std::filesystem::recursive_directory_iterator(source_root() / "fonts"))
      if (entry.is_regular_file())
        out.push_back(source.read(std::filesystem::relative(entry.path(), source_root()).generic_string()));
    // What the hyphenator looks for first for "de" and "en".
    for (const char* dic : {"/usr/share/hyphen/hyph_de.dic", "/usr/share/hyphen/hyph_en.dic"})
      if (auto input = source.read_system(dic)) out.push_back(input);
    return out;
  }();
  return inputs;
}

}  // namespace

void add_fonts_and_dictionaries(project::MemoryProject& project) {
  for (const auto& input : shared_inputs()) project.add(input);
}

MiniProject::MiniProject() {
  add_fonts_and_dictionaries(*memory_);
  write("data/cards.yaml", "kartenwerk: 1\nlanguage: de\ninclude:\n  - formats.yaml\n  - games/mini.yaml\n");
  write("data/formats.yaml",
        "formats:\n"
        "  poker:\n"
        "    width: 59\n"
        "    height: 91\n"
        "    bleed: 3\n"
        "    safe: 4\n"
        "    corner_radius: 5\n"
        "    dpi: 300\n");
  write("data/games/mini.yaml", game_yaml());
  write("layouts/mini/card.yaml",
        "edge_color: \"{{region.color}}\"\n"
        "elements:\n"
        "  - type: rect\n"
        "    name: background\n"
        "    area: bleed\n"
        "    fill: \"{{region.color}}\"\n"
        "  - type: art\n"
        "    name: emblem\n"
        "    src: mini/emblem.svg\n"
        "    box: [5, 5, 10, 10]\n"
        "    colors: { fg: \"#ffffff\" }\n"
        "  - type: text\n"
        "    name: title\n"
        "    text: \"{{name}}\"\n"
        "    box: [5, 40, 49, 10]\n"
        "    font: { family: garamond, style: regular }\n"
        "    size: [14, 8]\n"
        "    color: \"#ffffff\"\n"
        "    wrap: false\n"
        "  - type: text\n"
        "    name: points\n"
        "    when: \"points != 0\"\n"
        "    text: \"{{points}}\"\n"
        "    box: [25, 5, 9, 8]\n"
        "    size: 12\n"
        "    color: \"#ffffff\"\n");
  write("layouts/mini/back.yaml",
        "edge_color: \"#002e66\"\n"
        "elements:\n"
        "  - { type: rect, area: bleed, fill: \"#002e66\" }\n"
        "  - { type: text, text: \"{{game.name}}\", box: [5, 40, 49, 10], size: 14, color: \"#ffffff\" }\n");
  write("templates/mini/emblem.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>.fg{fill:#000}</style>"
        "<circle class=\"fg\" cx=\"5\" cy=\"5\" r=\"4\"/></svg>\n");
}

std::string MiniProject::game_yaml() {
  return "game:\n"                                                      // 1
         "  id: mini\n"                                                 // 2
         "  name: Mini Müll\n"                                          // 3
         "  format: poker\n"                                            // 4
         "  tables:\n"                                                  // 5
         "    regions:\n"                                               // 6
         "      fields:\n"                                              // 7
         "        name: { type: text, required: true }\n"               // 8
         "        color: { type: color, required: true }\n"             // 9
         "      entries:\n"                                             // 10
         "        north: { name: Nord, color: \"#112233\" }\n"          // 11
         "        south: { name: Süd, color: \"#a72608\" }\n"           // 12
         "  card_fields:\n"                                             // 13
         "    name: { type: text, required: true }\n"                   // 14
         "    region: { type: ref, table: regions, required: true }\n"  // 15
         "    points: { type: int, required: true }\n"                  // 16
         "  decks:\n"                                                   // 17
         "    - id: main\n"                                             // 18
         "      name: Main\n"                                           // 19
         "      layout: mini/card\n"                                    // 20
         "      back: mini/back\n"                                      // 21
         "      cards:\n"                                               // 22
         "        - id: alpha\n"                                        // 23
         "          name: Éomer\n"                                      // 24
         "          region: north\n"                                    // 25
         "          points: 11\n"                                       // 26
         "          copies: 2\n"                                        // 27
         "        - id: beta\n"                                         // 28
         "          name: Nazgûl\n"                                     // 29
         "          region: south\n"                                    // 30
         "          points: 0\n";                                       // 31
}

void MiniProject::write(const std::string& relative, const std::string& text) const {
  memory_->add(relative, text);
  if (!dir_) return;
  auto path = dir_->path() / relative;
  std::filesystem::create_directories(path.parent_path());
  std::filesystem::remove(path);  // a hard link to the source tree (fonts/) is replaced, not written through
  std::ofstream(path, std::ios::binary) << text;
}

std::string MiniProject::text(const std::string& relative) const {
  auto input = memory_->read(relative);
  EXPECT_TRUE(input) << "no file " << relative;
  return input ? input->text() : std::string();
}

const std::filesystem::path& MiniProject::root() const {
  if (!dir_) {
    dir_.emplace();
    for (const auto& path : memory_->files()) {
      if (path.starts_with("fonts/")) continue;
      auto file = dir_->path() / path;
      std::filesystem::create_directories(file.parent_path());
      std::ofstream(file, std::ios::binary) << memory_->read(path)->text();
    }
    // The real bundled fonts, so the text stage works on the fixture: hard
    // links, not a symbolic link, which the project sandbox would refuse.
    std::filesystem::copy(source_root() / "fonts", dir_->path() / "fonts",
                          std::filesystem::copy_options::recursive | std::filesystem::copy_options::create_hard_links);
  }
  return dir_->path();
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << "fixture text not found: " << from;
  if (pos != std::string::npos) text.replace(pos, from.size(), to);
  return text;
}

}  // namespace kw::test
