// End-to-end: the kartenwerk binary on a small fixture deck.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/files.h"
#include "render/render.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::MiniProject;

using test::kartenwerk;
using test::quoted;
using test::Run;

TEST(Cli, VersionAndHelp) {
  auto v = kartenwerk("--version");
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.output.rfind("kartenwerk ", 0), 0u);
  auto h = kartenwerk("--help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.output.find("build"), std::string::npos);
  EXPECT_NE(h.output.find("--root"), std::string::npos);
  EXPECT_EQ(kartenwerk("frobnicate").status, 2);
  EXPECT_EQ(kartenwerk("build --bogus").status, 2);
  auto b = kartenwerk("build --help");
  EXPECT_EQ(b.status, 0);
  EXPECT_NE(b.output.find("--format"), std::string::npos) << b.output;
  EXPECT_NE(b.output.find("--duplex-offset"), std::string::npos) << b.output;
  EXPECT_NE(b.output.find("--profile"), std::string::npos) << b.output;  // a shop's package
}

// A binary run outside a project folder names the ways to point it at one,
// and never builds the games of the checkout it was built from.
TEST(Cli, OutsideAProjectFolderItSaysSo) {
  test::TempDir here;
  const std::string in_here = "cd " + quoted(here.path()) + " && env -u KARTENWERK_ROOT ";
  test::Run none;
  none.status = test::run_command(in_here + test::binary().string() + " list", &none.output);
  EXPECT_EQ(none.status, 2) << none.output;
  EXPECT_EQ(none.output, "kartenwerk: no project folder: " + here.path().string() +
                             " has no data/cards.yaml\n"
                             "run kartenwerk in a project folder, or name one with --root DIR or $KARTENWERK_ROOT\n");
  test::Run env;
  env.status = test::run_command("cd " + quoted(here.path()) + " && KARTENWERK_ROOT=" + quoted(test::source_root()) +
                                     " " + test::binary().string() + " list --game palantir",
                                 &env.output);
  EXPECT_EQ(env.status, 0) << env.output;
  EXPECT_NE(env.output.find("palantir"), std::string::npos) << env.output;
  EXPECT_TRUE(fs::is_empty(here.path()));
}

// The binary, not only the parser: an option of another command fails
// before anything is loaded.
TEST(Cli, AnOptionOfAnotherCommandIsAWrongCommandLine) {
  MiniProject p;
  auto r = kartenwerk("--root " + quoted(p.root()) + " list --force --color cmyk -j 3");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("list does not take --force"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("mini"), std::string::npos) << "nothing is listed\n" << r.output;
  auto bad = kartenwerk("--root " + quoted(p.root()) + " build -j 0");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("--jobs: '0' is not a whole number from 1 to 1024"), std::string::npos) << bad.output;
}

TEST(Cli, ListShowsGamesDecksAndCounts) {
  MiniProject p;
  auto r = kartenwerk("--root " + quoted(p.root()) + " list");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("mini  Mini Müll  (3 cards"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("main"), std::string::npos);
  EXPECT_NE(r.output.find("3 cards (2 different)"), std::string::npos) << r.output;
}

TEST(Cli, ListSaysOneCardInTheSingular) {
  MiniProject p;
  std::string game = test::replace(MiniProject::game_yaml(), "          copies: 2\n", "");
  game = game.substr(0, game.find("        - id: beta\n"));
  p.write(p.game_file(), game);
  auto r = kartenwerk("--root " + quoted(p.root()) + " list");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("mini  Mini Müll  (1 card, format"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("   1 card  (1 different)  Main"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("1 cards"), std::string::npos) << r.output;
}

TEST(Cli, BuildWritesEveryProduct) {
  MiniProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  fs::path dir = out.path() / "mini";
  for (const char* stem : {"00-back", "01-alpha-1", "02-alpha-2", "03-beta"}) {
    EXPECT_TRUE(fs::exists(dir / "cards" / (std::string(stem) + ".png"))) << stem;
    // No print profiles in the project: no shop takes the JPEGs, so they are working files.
    EXPECT_TRUE(fs::exists(dir / "jpg" / (std::string(stem) + ".jpg"))) << stem;
  }
  ASSERT_TRUE(fs::exists(dir / "mini.pdf"));

  // PNG: 65 x 97 mm at 300 dpi, the dpi stored in the file, the bleed in the edge colour.
  auto png = *read_file(dir / "cards/03-beta.png");
  render::Raster raster = render::decode_png(png);
  EXPECT_EQ(raster.width, 768);
  EXPECT_EQ(raster.height, 1146);
  EXPECT_EQ(render::png_dpi(png).value_or(0), 300);
  for (auto [x, y] : {std::pair{2, 2}, {765, 1143}, {384, 3}, {2, 573}}) {
    auto px = raster.pixel(x, y);
    EXPECT_EQ(px.r, 0xa7) << x << "," << y;
    EXPECT_EQ(px.g, 0x26);
    EXPECT_EQ(px.b, 0x08);
  }

  auto jpeg = render::jpeg_info(*read_file(dir / "jpg/03-beta.jpg"));
  EXPECT_EQ(jpeg.width, 768);
  EXPECT_EQ(jpeg.height, 1146);
  EXPECT_EQ(jpeg.components, 3);
  EXPECT_EQ(jpeg.x_density, 300);

  std::string info;
  ASSERT_EQ(test::run_command("pdfinfo -f 1 -l 4 " + quoted(dir / "mini.pdf"), &info), 0) << info;
  // 65 x 97 mm = 184.252 x 274.961 pt
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Pages:\s+4\n)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+1 size:\s+184\.252 x 274\.961 pts)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page\s+4 size:\s+184\.252 x 274\.961 pts)"))) << info;
  std::string fonts;
  test::run_command("pdffonts " + quoted(dir / "mini.pdf"), &fonts);
  EXPECT_NE(fonts.find("EBGaramond"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find(" no  "), std::string::npos) << "a font is not embedded:\n" << fonts;
  std::string text;
  test::run_command("pdftotext " + quoted(dir / "mini.pdf") + " -", &text);
  EXPECT_NE(text.find("Nazgûl"), std::string::npos) << text;
}

TEST(Cli, TwoBuildsAreByteIdentical) {
  MiniProject p;
  test::TempDir a, b;
  ASSERT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(a.path())).status, 0);
  ASSERT_EQ(kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(b.path())).status, 0);
  int compared = 0;
  for (const auto& e : fs::recursive_directory_iterator(a.path())) {
    if (!e.is_regular_file()) continue;
    fs::path twin = b.path() / fs::relative(e.path(), a.path());
    EXPECT_EQ(test::output_bytes(e.path()), test::output_bytes(twin)) << e.path();
    ++compared;
  }
  // 4 PNG, 4 JPEG, the PDF, Meinspiel fronts.pdf and backs.pdf, overview.png,
  // the TTS sheet, back, saved object and its thumbnail, manifest.json
  EXPECT_EQ(compared, 17);
}

TEST(Cli, FormatOptionSelectsProducts) {
  MiniProject p;
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --format pdf --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(out.path() / "mini/mini.pdf"));
  EXPECT_FALSE(fs::exists(out.path() / "mini/cards"));
}

TEST(Cli, BadInputReportsEveryErrorAndWritesNothing) {
  MiniProject p;
  std::string yaml = MiniProject::game_yaml();
  yaml = test::replace(yaml, "region: south", "region: sud");
  yaml = test::replace(yaml, "points: 11", "points: elf");
  p.write("data/games/mini.yaml", yaml);
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(mini\.yaml:30:19: error: unknown region 'sud' \(card beta\))")))
      << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(mini\.yaml:26:19: error: field 'points' must be)")))
      << r.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

TEST(Cli, LayoutErrorWritesNothing) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: text, text: \"{{name}} {{nope}}\", box: [5, 40, 49, 10] }\n");
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("card.yaml:2:5: error: unknown field 'nope' (card alpha-1)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(card beta)"), std::string::npos) << "all cards' problems are reported\n" << r.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

TEST(Cli, MissingFontFileIsReported) {
  MiniProject p;
  // Replace the linked fonts by a copy whose fonts.yaml names a file that is not there.
  fs::remove_all(p.root() / "fonts");
  fs::create_directories(p.root() / "fonts");
  fs::copy(test::source_root() / "fonts", p.root() / "fonts", fs::copy_options::recursive);
  std::string yaml = *read_file(p.root() / "fonts/fonts.yaml");
  p.write("fonts/fonts.yaml", test::replace(yaml, "EBGaramond12-Italic.otf", "EBGaramond12-Oblique.otf"));
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(fonts\.yaml:\d+:\d+: error: .*EBGaramond12-Oblique\.otf)")))
      << r.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

}  // namespace
}  // namespace kw

namespace kw {
namespace {

TEST(Cli, CheckPrintsFindingsAndFailsOnErrors) {
  MiniProject p;
  std::string yaml = MiniProject::game_yaml();
  yaml = test::replace(yaml, "  format: poker\n",
                       "  format: poker\n  checks:\n    - { check: count, deck: main, expect: 4 }\n");
  p.write("data/games/mini.yaml", yaml);
  auto r = kartenwerk("--root " + quoted(p.root()) + " check");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("mini.yaml:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("error:"), std::string::npos) << r.output;
  // JSON on stdout alone (nothing else is printed there).
  std::string json_text;
  EXPECT_EQ(
      test::run_command(quoted(test::binary()) + " --root " + quoted(p.root()) + " check --format json 2>/dev/null",
                        &json_text),
      1);
  auto json = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(json.is_discarded()) << json_text;
  ASSERT_EQ(json["findings"].size(), 1u) << json_text;
  const auto& f = json["findings"][0];
  EXPECT_EQ(f["severity"], "error");
  EXPECT_EQ(f["game"], "mini");
  EXPECT_EQ(f["check"], "count");
  EXPECT_TRUE(f["file"].get<std::string>().ends_with("mini.yaml")) << f;
  EXPECT_GT(f["line"].get<int>(), 0);
  EXPECT_EQ(f["message"], "deck 'main' has 3 cards, expected 4");
  EXPECT_EQ(json["summary"]["errors"], 1);
  EXPECT_EQ(json["summary"]["warnings"], 0);

  // build refuses a game that breaks its rules, unless forced.
  test::TempDir out;
  auto refused = kartenwerk("--root " + quoted(p.root()) + " build --out " + quoted(out.path()));
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.output.find("--force"), std::string::npos) << refused.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
  auto forced = kartenwerk("--root " + quoted(p.root()) + " build --force --format pdf --out " + quoted(out.path()));
  EXPECT_EQ(forced.status, 0) << forced.output;
  EXPECT_TRUE(fs::exists(out.path() / "mini/mini.pdf"));
}

TEST(Cli, CheckPassesOnTheRealData) {
  auto r = kartenwerk("--root " + quoted(test::source_root()) + " check");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("0 errors"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\nchecked 5 games (duell, "), std::string::npos) << r.output;
}

// The text report closes with what was checked; JSON has only the findings.
TEST(Cli, CheckSaysWhatItChecked) {
  MiniProject p;
  auto r = kartenwerk("--root " + quoted(p.root()) + " check");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(
      r.output.ends_with("0 errors, 0 warnings, 0 notes\n"
                         "checked 1 game (mini), 3 cards, 2 layouts, 1 language (de), 0 variants\n"))
      << r.output;
  std::string json_text;
  EXPECT_EQ(
      test::run_command(quoted(test::binary()) + " --root " + quoted(p.root()) + " check --format json", &json_text),
      0);
  EXPECT_EQ(json_text.find("checked"), std::string::npos) << json_text;
}

}  // namespace
}  // namespace kw

namespace kw {
namespace {

// A tool reading `check --format json` gets JSON even when nothing loads:
// the syntax error is its finding, and the exit status says it failed.
TEST(Cli, CheckJsonIsJsonWhenTheDataDoesNotLoad) {
  MiniProject p;
  p.write("data/games/mini.yaml", test::replace(MiniProject::game_yaml(), "  id: mini\n", "  id: [mini\n"));
  std::string json_text;
  EXPECT_EQ(
      test::run_command(quoted(test::binary()) + " --root " + quoted(p.root()) + " check --format json 2>/dev/null",
                        &json_text),
      1);
  auto json = nlohmann::json::parse(json_text);  // throws (fails the test) when it is not JSON
  ASSERT_FALSE(json["findings"].empty()) << json_text;
  EXPECT_EQ(json["findings"][0]["file"], "data/games/mini.yaml") << json_text;
  EXPECT_NE(json["findings"][0]["message"].get<std::string>().find("YAML"), std::string::npos) << json_text;
}

TEST(Cli, CheckAlsoReadsTheLayouts) {
  MiniProject p;
  p.write("layouts/mini/back.yaml",
          "elements:\n"
          "  - { type: rect, area: bleed, fill: \"#002e66\" }\n"
          "  - { type: txet, text: hi, box: [5, 40, 49, 10] }\n");
  auto r = kartenwerk("--root " + quoted(p.root()) + " check");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("back.yaml:3:13: error: unknown element type 'txet'"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace kw

namespace kw {
namespace {

TEST(Cli, BuildInAnotherLanguageNeedsOnlyATranslationFile) {
  MiniProject p;
  p.write("data/locales/fr/mini.yaml",
          "language: fr\ngame: mini\nstrings:\n"
          "  game.name: { de: Mini Müll, text: Mini Déchets }\n"
          "  card.alpha.name: { de: Éomer, text: Éomer le Français }\n");
  test::TempDir out;
  auto r = kartenwerk("--root " + quoted(p.root()) + " build --lang all --format pdf --out " + quoted(out.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(out.path() / "mini/mini.pdf"));     // German, the source
  EXPECT_TRUE(fs::exists(out.path() / "mini/fr/mini.pdf"));  // French beside it
  // What the translation lacks is one line, naming the command that lists it.
  EXPECT_NE(r.output.find("data/locales/fr/mini.yaml: warning: fr: 4 of 6 strings missing — kartenwerk i18n status "
                          "--game mini --lang fr"),
            std::string::npos)
      << r.output;
  std::string text;
  test::run_command("pdftotext " + quoted(out.path() / "mini/fr/mini.pdf") + " -", &text);
  EXPECT_NE(text.find("Éomer le Français"), std::string::npos) << text;
  EXPECT_NE(text.find("Nazgûl"), std::string::npos) << text;

  auto st = kartenwerk("--root " + quoted(p.root()) + " i18n status");
  EXPECT_EQ(st.status, 0);
  EXPECT_NE(st.output.find("mini [fr]: 2 of 6 strings translated, 4 missing, 0 stale"), std::string::npos) << st.output;
  EXPECT_NE(st.output.find("  missing card.beta.name  \"Nazgûl\""), std::string::npos) << st.output;
}

TEST(Cli, I18nExportImportRoundTrip) {
  MiniProject p;
  test::TempDir po;
  auto ex = kartenwerk("--root " + quoted(p.root()) + " i18n export --lang fr --out " + quoted(po.path()));
  ASSERT_EQ(ex.status, 0) << ex.output;
  fs::path file = po.path() / "fr/mini.po";
  std::string text = *read_file(file);
  // A translator fills one string (as Poedit would).
  std::string from = "msgctxt \"card.beta.name\"\nmsgid \"Nazgûl\"\nmsgstr \"\"";
  ASSERT_NE(text.find(from), std::string::npos) << text;
  text.replace(text.find(from), from.size(),
               "msgctxt \"card.beta.name\"\nmsgid \"Nazgûl\"\nmsgstr \"Le \\\"Nazgûl\\\"\"");
  std::ofstream(file) << text;
  auto im = kartenwerk("--root " + quoted(p.root()) + " i18n import " + quoted(file));
  ASSERT_EQ(im.status, 0) << im.output;
  std::string yaml = *read_file(p.root() / "data/locales/fr/mini.yaml");
  EXPECT_NE(yaml.find("\"card.beta.name\":\n    de: \"Nazgûl\"\n    text: \"Le \\\"Nazgûl\\\"\""), std::string::npos)
      << yaml;
  auto st = kartenwerk("--root " + quoted(p.root()) + " i18n status --lang fr");
  EXPECT_NE(st.output.find("1 of 6 strings translated"), std::string::npos) << st.output;
}

}  // namespace
}  // namespace kw
