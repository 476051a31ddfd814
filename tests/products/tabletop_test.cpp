// The virtual tabletops' files as their formats are documented: the checker
// (support/tts_format.h) against hand-made known-good files
// (tests/fixtures/tabletop/), then what kartenwerk writes against the checker,
// with the arithmetic of sheets and ids; the cards' names from a deck's
// `tabletop:` templates; the options.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "model/model.h"
#include "products/tabletop_cards.h"
#include "products/tabletop_options.h"
#include "products/tts_save.h"
#include "support/mini_project.h"
#include "support/test_support.h"
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
  EXPECT_FALSE(parse_tabletops({"tts", "screentop"}, error));  // a known name, not made yet
  EXPECT_EQ(error, "tabletop 'screentop' is not made yet (made: tts; see the README's Tabletop section)");
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
