// The virtual tabletops' files as their formats are documented: the checkers
// (support/tts_format.h, support/ttpg_format.h) against hand-made known-good files
// (tests/fixtures/tabletop/), then what kartenwerk writes against the checker,
// with the arithmetic of sheets and ids; the cards' names from a deck's
// `tabletop:` templates; the options.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "model/model.h"
#include "products/tabletop_cards.h"
#include "products/tabletop_options.h"
#include "products/tabletop_tables.h"
#include "products/ttpg_package.h"
#include "products/tts_save.h"
#include "sheet/sheet.h"
#include "support/mini_project.h"
#include "support/tabletop_table_format.h"
#include "support/test_support.h"
#include "support/ttpg_format.h"
#include "support/tts_format.h"

namespace kw::products {
namespace {

using Json = nlohmann::json;

std::string fixture(const std::string& name) { return *read_file(test::fixtures() / "tabletop" / name); }

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(TtsFormat, TheKnownGoodFilesPass) {
  EXPECT_EQ(joined(test::tts_problems(fixture("tts-deck.json"))), "");
  EXPECT_EQ(joined(test::tts_problems(fixture("tts-board.json"))), "");
}

// The checker finds what breaks the format (so that its silence on our files says something).
TEST(TtsFormat, TheCheckerFindsBrokenFiles) {
  auto broken = [](const std::function<void(Json&)>& edit) {
    Json save = Json::parse(fixture("tts-deck.json"));
    edit(save["ObjectStates"][0]);
    return joined(test::tts_problems(save.dump()));
  };
  EXPECT_NE(broken([](Json& d) { d["ContainedObjects"][2]["CardID"] = 201; }).find("CardID"), std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["ContainedObjects"][0]["CardID"] = 102; }).find("hidden cell"), std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["DeckIDs"][1] = 100; }).find("DeckIDs[1]"), std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["CustomDeck"]["1"]["NumWidth"] = 11; }).find("NumWidth"), std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["CustomDeck"]["1"].erase("FaceURL"); }).find("no FaceURL"), std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["CustomDeck"]["2"]["NumHeight"] = "1"; }).find("NumHeight: is a string"),
            std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["ContainedObjects"][1]["CustomDeck"]["1"]["NumWidth"] = 4; }).find("differs"),
            std::string::npos);
  EXPECT_NE(broken([](Json& d) { d["Name"] = "Deck"; }).find("none of"), std::string::npos);
  EXPECT_EQ(test::tts_problems("{"), std::vector<std::string>{"not a JSON object"});
}

// 130 cards in two decks with their own backs (100 and 30): sheets of 69 + 31
// and 30, as plan_tts makes them.
struct TwoDecks {
  std::vector<std::string> stems;
  TtsPlan plan;
  TabletopCards cards;
  TwoDecks() {
    std::vector<TtsCard> sides;
    for (size_t i = 0; i < 130; ++i) {
      stems.push_back("c" + std::to_string(i));
      sides.push_back({i, i < 100 ? 130u : 131u});
      cards.cards.push_back({"Card " + std::to_string(i), i == 5 ? "**Five** and *more* :sun:" : ""});
    }
    stems.emplace_back("000-back-tag");
    stems.emplace_back("000-back-nacht");
    plan = plan_tts(sides, {59, 91}, "rat", stems);
    cards.decks.push_back({"tag", "Tag", {}});
    cards.decks.push_back({"nacht", "Nacht", {}});
    for (size_t i = 0; i < 130; ++i) cards.decks[i < 100 ? 0 : 1].fronts.push_back(i);
  }
};

TEST(TtsSave, EveryDeckIsAValidSavedObjectWithItsSheetsAndIds) {
  TwoDecks t;
  auto objects = tts_deck_objects(t.plan, t.cards, "Der Hohe Rat", "https://example.org/rat/");
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0].stem, "rat-tag");
  EXPECT_EQ(objects[1].stem, "rat-nacht");
  EXPECT_EQ(objects[0].back, 130u);
  EXPECT_EQ(objects[1].back, 131u);
  for (const auto& o : objects) EXPECT_EQ(joined(test::tts_problems(o.json)), "") << o.stem;

  const Json tag = Json::parse(objects[0].json)["ObjectStates"][0];
  EXPECT_EQ(tag["Name"], "DeckCustom");
  EXPECT_EQ(tag["Nickname"], "Tag");
  EXPECT_EQ(tag["Description"], "Der Hohe Rat");
  ASSERT_EQ(tag["CustomDeck"].size(), 2u);  // the 100 cards' two sheets
  const Json& first = tag["CustomDeck"]["1"];
  EXPECT_EQ(first["FaceURL"], "https://example.org/rat/rat-1.jpg");
  EXPECT_EQ(first["BackURL"], "https://example.org/rat/rat-back-tag.jpg");
  EXPECT_EQ(first["NumWidth"], 10);
  EXPECT_EQ(first["NumHeight"], 7);
  EXPECT_EQ(tag["CustomDeck"]["2"]["NumHeight"], 4);  // 31 cards and the hidden cell
  ASSERT_EQ(tag["DeckIDs"].size(), 100u);
  EXPECT_EQ(tag["DeckIDs"][0], 100);
  EXPECT_EQ(tag["DeckIDs"][68], 168);  // the first sheet's last card, before the hidden cell 169
  EXPECT_EQ(tag["DeckIDs"][69], 200);
  EXPECT_EQ(tag["DeckIDs"][99], 230);
  const Json& five = tag["ContainedObjects"][5];
  EXPECT_EQ(five["Nickname"], "Card 5");
  EXPECT_EQ(five["Description"], "[b]Five[/b] and [i]more[/i] :sun:");
  EXPECT_EQ(five["CardID"], 105);

  const Json nacht = Json::parse(objects[1].json)["ObjectStates"][0];
  ASSERT_EQ(nacht["CustomDeck"].size(), 1u);
  EXPECT_TRUE(nacht["CustomDeck"].contains("3"));
  EXPECT_EQ(nacht["DeckIDs"][0], 300);
  EXPECT_EQ(nacht["ContainedObjects"][0]["Nickname"], "Card 100");
  // Same input, same bytes (the guids too).
  EXPECT_EQ(objects[0].json, tts_deck_objects(t.plan, t.cards, "Der Hohe Rat", "https://example.org/rat/")[0].json);
}

TEST(TtsSave, ADeckOfOneCardIsThatCard) {
  TwoDecks t;
  t.cards.decks[1].fronts = {100};
  auto objects = tts_deck_objects(t.plan, t.cards, "Rat", "https://example.org/");
  const Json save = Json::parse(objects[1].json);
  EXPECT_EQ(save["ObjectStates"][0]["Name"], "Card");
  EXPECT_EQ(save["ObjectStates"][0]["CardID"], 300);
  EXPECT_EQ(joined(test::tts_problems(objects[1].json)), "");
}

TEST(TtsSave, ABoardIsACustomBoard) {
  const std::string json = tts_board_object("Der Hohe Rat – Spielplan", "https://example.org/", "rat-board.png");
  EXPECT_EQ(joined(test::tts_problems(json)), "");
  const Json b = Json::parse(json)["ObjectStates"][0];
  EXPECT_EQ(b["Name"], "Custom_Board");
  EXPECT_EQ(b["CustomImage"]["ImageURL"], "https://example.org/rat-board.png");
  EXPECT_EQ(b["Nickname"], "Der Hohe Rat – Spielplan");
}

TEST(TtsSave, FileUrlsArePercentEncoded) {
  EXPECT_EQ(file_url("/tmp/a b/Spiel ä/tts"), "file:///tmp/a%20b/Spiel%20%C3%A4/tts/");
  EXPECT_EQ(file_url("/tmp/x/tts/"), "file:///tmp/x/tts/");
}

// The mini game with `tabletop:` templates: the first name whose fields are
// all set, every such text line.
std::string with_tabletop(const std::string& tabletop) {
  std::string yaml = test::MiniProject::game_yaml();
  yaml = test::replace(yaml, "    points: { type: int, required: true }\n",
                       "    points: { type: int, required: true }\n    title: { type: text }\n");
  yaml = test::replace(yaml, "          name: Éomer\n", "          name: Éomer\n          title: Der Marschall\n");
  return test::replace(yaml, "      back: mini/back\n", "      back: mini/back\n" + tabletop);
}

TEST(TtpgFormat, TheKnownGoodFilesPass) {
  EXPECT_EQ(joined(test::ttpg_template_problems(fixture("ttpg-deck.json"))), "");
  EXPECT_EQ(joined(test::ttpg_template_problems(fixture("ttpg-board.json"))), "");
}

TEST(TtpgFormat, TheCheckerFindsBrokenFiles) {
  auto broken = [](const std::function<void(Json&)>& edit) {
    Json t = Json::parse(fixture("ttpg-deck.json"));
    edit(t);
    return joined(test::ttpg_template_problems(t.dump()));
  };
  EXPECT_NE(broken([](Json& t) { t["Indices"][2] = 4; }).find("Indices[2]: 4 is not a cell"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["CardNames"]["3"] = "Fourth"; }).find("CardNames.3: names index 3"),
            std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["CardMetadata"]["x"] = ""; }).find("not an integer"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["GUID"] = "0A1B2C"; }).find("not 32 hex digits"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t.erase("CardTags"); }).find("no CardTags"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["NumHorizontal"] = 129; }).find("NumHorizontal: not 1 to 128"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["NumVertical"] = "2"; }).find("NumVertical: is a string"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t.erase("BackTexture"); }).find("no BackTexture"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["SurfaceType"] = "Paper"; }).find("SurfaceType"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["Indices"] = Json::array(); }).find("Indices: is empty"), std::string::npos);
  EXPECT_NE(broken([](Json& t) { t["CardTags"]["1"] = "red"; }).find("CardTags.1: is a string"), std::string::npos);
  EXPECT_EQ(test::ttpg_template_problems("["), std::vector<std::string>{"not a JSON object"});
}

// The package check on a folder of the fixtures, whose "images" say their
// size as text ("120x180"), so that each break is made by one edit.
TEST(TtpgFormat, ThePackageCheckFindsMissingAndMisfitTextures) {
  test::TempDir dir;
  const auto package = dir.path() / "pkg";
  auto size = [](const std::string& bytes) {
    const auto x = bytes.find('x');
    return std::pair{std::stoi(bytes.substr(0, x)), std::stoi(bytes.substr(x + 1))};
  };
  write_file_atomic(package / "Templates" / "deck.json", fixture("ttpg-deck.json"));
  write_file_atomic(package / "Templates" / "board.json", fixture("ttpg-board.json"));
  write_file_atomic(package / "Textures" / "example-sheet.jpg", "120x180");  // 2 x 2 cells of 60 x 90
  write_file_atomic(package / "Textures" / "example-back.jpg", "60x90");
  write_file_atomic(package / "Textures" / "example-board.png", "4200x2970");
  EXPECT_EQ(joined(test::ttpg_package_problems(package, size)), "");

  write_file_atomic(package / "Textures" / "example-sheet.jpg", "121x180");
  EXPECT_NE(joined(test::ttpg_package_problems(package, size)).find("no grid of 2 x 2"), std::string::npos);
  write_file_atomic(package / "Textures" / "example-sheet.jpg", "120x180");
  write_file_atomic(package / "Textures" / "example-back.jpg", "60x91");
  EXPECT_NE(joined(test::ttpg_package_problems(package, size)).find("not one cell of 60 x 90"), std::string::npos);
  std::filesystem::remove(package / "Textures" / "example-back.jpg");
  EXPECT_NE(joined(test::ttpg_package_problems(package, size)).find("'example-back.jpg' is not in Textures/"),
            std::string::npos);
  write_file_atomic(package / "Textures" / "example-back.jpg", "60x90");
  write_file_atomic(package / "Templates" / "again.json", fixture("ttpg-deck.json"));
  EXPECT_NE(joined(test::ttpg_package_problems(package, size)).find("is also"), std::string::npos);
  std::filesystem::remove(package / "Templates" / "again.json");
  write_file_atomic(package / "Manifest.txt", "");
  EXPECT_NE(joined(test::ttpg_package_problems(package, size)).find("neither Templates/ nor Textures/"),
            std::string::npos);
}

TEST(TtpgTemplates, ADeckIsAStackPerSheetOfItsCardsWithTheirNames) {
  TwoDecks t;
  auto templates = ttpg_card_templates(t.plan, t.cards, {59, 91}, "rat/en");
  ASSERT_EQ(templates.size(), 3u);  // tag on two sheets, nacht on one
  EXPECT_EQ(templates[0].file, "rat-tag-1.json");
  EXPECT_EQ(templates[1].file, "rat-tag-2.json");
  EXPECT_EQ(templates[2].file, "rat-nacht.json");
  std::set<std::string> guids;
  for (const auto& tt : templates) {
    EXPECT_EQ(joined(test::ttpg_template_problems(tt.json)), "") << tt.file;
    guids.insert(Json::parse(tt.json)["GUID"].get<std::string>());
  }
  EXPECT_EQ(guids.size(), 3u);
  const Json first = Json::parse(templates[0].json);
  EXPECT_EQ(first["Name"], "Tag (1/2)");
  EXPECT_EQ(first["FrontTexture"], "rat-1.jpg");
  EXPECT_EQ(first["BackTexture"], "rat-back-tag.jpg");
  EXPECT_EQ(first["NumHorizontal"], 10);
  EXPECT_EQ(first["NumVertical"], 7);
  ASSERT_EQ(first["Indices"].size(), 69u);  // the 70th cell is the back
  EXPECT_EQ(first["Indices"][68], 68);
  EXPECT_EQ(first["CardNames"]["5"], "Card 5");
  EXPECT_EQ(first["CardMetadata"]["5"], "Five and more :sun:");  // the text without its styles
  EXPECT_DOUBLE_EQ(first["Width"].get<double>(), 5.9);           // cm
  EXPECT_DOUBLE_EQ(first["Height"].get<double>(), 9.1);
  const Json second = Json::parse(templates[1].json);
  EXPECT_EQ(second["FrontTexture"], "rat-2.jpg");
  EXPECT_EQ(second["NumVertical"], 4);
  EXPECT_EQ(second["Indices"].size(), 31u);
  EXPECT_EQ(second["CardNames"]["0"], "Card 69");
  const Json nacht = Json::parse(templates[2].json);
  EXPECT_EQ(nacht["Name"], "Nacht");
  EXPECT_EQ(nacht["FrontTexture"], "rat-3.jpg");
  EXPECT_EQ(nacht["BackTexture"], "rat-back-nacht.jpg");
  // The same input gives the same bytes; another output folder other GUIDs.
  EXPECT_EQ(templates[2].json, ttpg_card_templates(t.plan, t.cards, {59, 91}, "rat/en")[2].json);
  EXPECT_NE(Json::parse(ttpg_card_templates(t.plan, t.cards, {59, 91}, "rat/")[2].json)["GUID"], nacht["GUID"]);
}

TEST(TtpgTemplates, ABoardIsOneSquareCardOfItsSize) {
  const std::string json = ttpg_board_template("Der Hohe Rat – Spielplan", "rat-board.png", {420, 297}, "rat/");
  EXPECT_EQ(joined(test::ttpg_template_problems(json)), "");
  const Json b = Json::parse(json);
  EXPECT_EQ(b["FrontTexture"], "rat-board.png");
  EXPECT_EQ(b["Model"], "Square");
  EXPECT_DOUBLE_EQ(b["Width"].get<double>(), 42.0);
  EXPECT_DOUBLE_EQ(b["Height"].get<double>(), 29.7);
  EXPECT_EQ(b["CanStack"], false);
  EXPECT_EQ(b["CardNames"]["0"], "Der Hohe Rat – Spielplan");
}

// A CSV's rows as the checkers take them.
test::Table rows_of(const std::string& csv) {
  Diagnostics diags;
  auto sheet = sheet::parse_csv(csv, "table.csv", diags);
  EXPECT_TRUE(sheet) << format_diagnostics(diags);
  test::Table table;
  if (!sheet) return table;
  for (const auto& row : sheet->rows) {
    table.emplace_back();
    for (const auto& cell : row.cells) table.back().push_back(cell.text);
  }
  return table;
}

// Images that say their size as text ("120x180"), as in the package check.
std::pair<int, int> said_size(const std::string& bytes) {
  const auto x = bytes.find('x');
  return {std::stoi(bytes.substr(0, x)), std::stoi(bytes.substr(x + 1))};
}

TEST(TabletopTables, TheKnownGoodTablesPassAndBrokenOnesDoNot) {
  test::TempDir dir;
  write_file_atomic(dir.path() / "example-sheet.jpg", "120x180");
  write_file_atomic(dir.path() / "example-back.jpg", "60x90");
  for (const char* card : {"first", "second", "back"})
    write_file_atomic(dir.path() / "cards" / (std::string(card) + ".jpg"), "60x90");
  const test::Table screentop = rows_of(fixture("screentop.csv"));
  const test::Table playingcards = rows_of(fixture("playingcards.csv"));
  ASSERT_EQ(screentop.size(), 4u);
  EXPECT_EQ(screentop[2][2], "Two lines,\nwith a comma");
  EXPECT_EQ(joined(test::screentop_table_problems(screentop, dir.path(), said_size)), "");
  EXPECT_EQ(joined(test::playingcards_table_problems(playingcards, dir.path(), said_size)), "");

  auto broken = [&](test::Table table, size_t row, size_t column, const std::string& value, bool screen) {
    table[row][column] = value;
    return joined(screen ? test::screentop_table_problems(table, dir.path(), said_size)
                         : test::playingcards_table_problems(table, dir.path(), said_size));
  };
  EXPECT_NE(broken(screentop, 3, 6, "3", true).find("row 4: cell 3 is not before the back's cell 3"),
            std::string::npos);
  EXPECT_NE(broken(screentop, 1, 4, "3", true).find("not 3 x 2 cells"), std::string::npos);
  EXPECT_NE(broken(screentop, 1, 4, "11", true).find("not 1 to 10"), std::string::npos);
  EXPECT_NE(broken(screentop, 1, 3, "missing.jpg", true).find("'missing.jpg' is not there"), std::string::npos);
  EXPECT_NE(broken(screentop, 1, 3, "../example-sheet.jpg", true).find("no file in the folder"), std::string::npos);
  EXPECT_NE(broken(screentop, 2, 1, "", true).find("row 3: no name"), std::string::npos);
  EXPECT_NE(broken(screentop, 0, 3, "image", true).find("header"), std::string::npos);
  write_file_atomic(dir.path() / "cards" / "odd.jpg", "61x90");
  EXPECT_NE(broken(playingcards, 2, 3, "cards/odd.jpg", false).find("not the size of the other cards"),
            std::string::npos);
  EXPECT_NE(broken(playingcards, 1, 4, "", false).find("no file in the folder"), std::string::npos);
}

TEST(TabletopTables, EveryCardIsARowWithItsImages) {
  TwoDecks t;
  const test::Table screentop = rows_of(screentop_csv(t.plan, t.cards));
  ASSERT_EQ(screentop.size(), 131u);  // the header and 130 cards
  EXPECT_EQ(screentop[0], kScreentopColumns);
  EXPECT_EQ(screentop[6], (std::vector<std::string>{"Tag", "Card 5", "Five and more :sun:", "rat-1.jpg", "10", "7", "5",
                                                    "rat-back-tag.jpg"}));
  EXPECT_EQ(screentop[70][3], "rat-2.jpg");  // the 70th card of the deck, on its second sheet
  EXPECT_EQ(screentop[70][6], "0");
  EXPECT_EQ(screentop[101][0], "Nacht");
  const test::Table playingcards =
      rows_of(playingcards_csv(t.plan, t.cards, [&](size_t i) { return "cards/" + t.stems[i] + ".jpg"; }));
  ASSERT_EQ(playingcards.size(), 131u);
  EXPECT_EQ(playingcards[0], kPlayingcardsColumns);
  EXPECT_EQ(playingcards[101],
            (std::vector<std::string>{"Nacht", "Card 100", "", "cards/c100.jpg", "cards/000-back-nacht.jpg"}));
}

TEST(TabletopCards, NamesAndTextsComeFromTheDecksTemplates) {
  test::MiniProject p;
  p.write(p.game_file(), with_tabletop("      tabletop:\n"
                                       "        name: [\"{{title}}\", \"{{name}} ({{region.name}})\"]\n"
                                       "        text: [\"{{title}}\", \"Punkte: {{points}}\"]\n"));
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  const TabletopCards cards = tabletop_cards(*loaded.model->game("mini"), nullptr);
  ASSERT_EQ(cards.cards.size(), 3u);  // alpha twice, beta
  EXPECT_EQ(cards.cards[0].name, "Der Marschall");
  EXPECT_EQ(cards.cards[0].text, "Der Marschall\nPunkte: 11");
  EXPECT_EQ(cards.cards[2].name, "Nazgûl (Süd)");
  EXPECT_EQ(cards.cards[2].text, "Punkte: 0");
  ASSERT_EQ(cards.decks.size(), 1u);
  EXPECT_EQ(cards.decks[0].name, "Main");
  EXPECT_EQ(cards.decks[0].fronts, (std::vector<size_t>{0, 1, 2}));
}

TEST(TabletopCards, WithoutTemplatesACardIsNamedByItsId) {
  test::MiniProject p;
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model);
  const TabletopCards cards = tabletop_cards(*loaded.model->game("mini"), nullptr);
  EXPECT_EQ(cards.cards[0].name, "alpha-1");
  EXPECT_EQ(cards.cards[2].name, "beta");
  EXPECT_EQ(cards.cards[2].text, "");
}

TEST(TabletopCards, AnUnknownFieldIsAnErrorAtTheDecksTabletop) {
  test::MiniProject p;
  p.write(p.game_file(), with_tabletop("      tabletop:\n        name: \"{{regon.name}}\"\n"));
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model);
  try {
    tabletop_cards(*loaded.model->game("mini"), nullptr);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("data/games/mini.yaml:24:15:"), std::string::npos) << what;
    EXPECT_NE(what.find("regon.name"), std::string::npos) << what;
    EXPECT_NE(what.find("card alpha-1"), std::string::npos) << what;
  }
}

TEST(TabletopCards, CardTextMayNameTheRulesTexts) {
  test::MiniProject p;
  p.write(p.game_file(), with_tabletop("      tabletop:\n        text: \"{{title}}\"\n"));
  p.write(p.game_file(),
          test::replace(p.text(p.game_file()), "title: Der Marschall", "title: \"Trumpf: {{rules.trumps}}\""));
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model);
  const std::map<std::string, std::string> values{{"trumps", "26"}};
  EXPECT_EQ(tabletop_cards(*loaded.model->game("mini"), &values).cards[0].text, "Trumpf: 26");
  EXPECT_THROW(tabletop_cards(*loaded.model->game("mini"), nullptr), std::runtime_error);
}

TEST(TabletopOptions, NamesAndUrlsAreChecked) {
  std::string error;
  auto formats = parse_tabletops({"tts"}, error);
  ASSERT_TRUE(formats);
  EXPECT_EQ(*formats, (std::set<Tabletop>{Tabletop::Tts}));
  EXPECT_EQ(parse_tabletops({"ttpg", "tts"}, error), (std::set<Tabletop>{Tabletop::Tts, Tabletop::Ttpg}));
  EXPECT_EQ(parse_tabletops({"screentop", "playingcards"}, error),
            (std::set<Tabletop>{Tabletop::Screentop, Tabletop::Playingcards}));
  EXPECT_EQ(parse_tabletops({"none"}, error), std::set<Tabletop>{});
  EXPECT_FALSE(parse_tabletops({"tts", "roll20"}, error));
  EXPECT_EQ(error, "unknown tabletop 'roll20' (the tabletops: tts, ttpg, screentop, playingcards, or none)");
  EXPECT_FALSE(parse_tabletops({"tts", "none"}, error));

  EXPECT_EQ(checked_tts_url("https://example.org/rat", error), "https://example.org/rat/");
  EXPECT_EQ(checked_tts_url("http://example.org/", error), "http://example.org/");
  EXPECT_FALSE(checked_tts_url("ftp://example.org/", error));
  EXPECT_NE(error.find("no http:// or https:// URL"), std::string::npos);
  EXPECT_FALSE(checked_tts_url("https:///x", error));
  EXPECT_FALSE(checked_tts_url("https://example.org/a b/", error));
  EXPECT_FALSE(checked_tts_url("https://example.org/\"x", error));
  EXPECT_FALSE(checked_tts_url("https://example.org/?x=1", error));
}

}  // namespace
}  // namespace kw::products
