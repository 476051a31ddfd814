// The keys that decide which cards a build lays out again (engine/layout_keys.h):
// an edit inside one card's entry changes that card's key only, whatever
// style the deck's list is written in; an edit anywhere else in the file,
// right after the entries included, changes every key.
#include "engine/layout_keys.h"

#include <gtest/gtest.h>

#include <map>

#include "core/files.h"
#include "model/model.h"
#include "project/disk_project.h"
#include "support/mini_project.h"
#include "support/test_support.h"

namespace kw::engine {
namespace {

// Two decks, the first's cards in both block list styles (a line each, and
// a map over several lines with a comment), the second's after them at the
// indent the entries end on.
const std::string kGame =
    "game:\n"
    "  id: tiny\n"
    "  name: Winzig\n"
    "  format: mini\n"
    "  card_fields:\n"
    "    name: { type: text, required: true }\n"
    "    text: { type: text }\n"
    "  decks:\n"
    "    - id: main\n"
    "      name: Main\n"
    "      layout: tiny/card\n"
    "      cards:\n"
    "        - { id: sun, name: Sonne }\n"
    "        - id: moon\n"
    "          name: Mond\n"
    "          # the long text\n"
    "          text: |\n"
    "            Der Mond\n"
    "\n"
    "            geht auf.\n"
    "        - { id: star, name: Stern }\n"
    "    - id: extra\n"
    "      name: Extra\n"
    "      layout: tiny/card\n"
    "      cards:\n"
    "      - { id: comet, name: Komet }\n"
    "      - { id: planet, name: Planet }\n";

// The same with the second deck's cards in a flow list, which the keys cut
// out of the file parsed.
const std::string kFlowGame =
    test::replace(kGame, "      - { id: comet, name: Komet }\n      - { id: planet, name: Planet }\n",
                  "        [ { id: comet, name: Komet }, { id: planet, name: Planet } ]\n");

// Every card's key (by id) and the shared part, of the game as `game` writes it.
struct Keys {
  std::string shared;
  std::map<std::string, std::string> cards;
};

Keys keys_of(const std::string& game) {
  // On disk: the keys read the data files the loading read, which a
  // project in memory does not list.
  const test::TempDir dir;
  const auto add = [&](const std::string& path, const std::string& text) {
    std::filesystem::create_directories((dir.path() / path).parent_path());
    write_file_atomic(dir.path() / path, text);
  };
  add("data/cards.yaml", "kartenwerk: 1\ninclude:\n  - formats.yaml\n  - games/tiny.yaml\n");
  add("data/formats.yaml", "formats:\n  mini: { width: 40, height: 60, bleed: 2, safe: 3, dpi: 300 }\n");
  add("data/games/tiny.yaml", game);
  add("layouts/tiny/card.yaml", "elements:\n  - { type: rect, area: bleed, fill: \"#223344\" }\n");
  const project::DiskProject p(dir.path());
  auto loaded = model::load_model(p);
  EXPECT_FALSE(loaded.diagnostics.has_errors()) << format_diagnostics(loaded.diagnostics);
  const model::Game& g = *loaded.model->game("tiny");
  LayoutKeys keys(p, g, "de", "others");
  Keys out{keys.shared(), {}};
  for (const auto& deck : g.decks)
    for (const auto& card : deck.cards) out.cards[card.id] = keys.key(&card, nullptr, card.id);
  return out;
}

// The ids whose keys differ between `a` and `b`.
std::vector<std::string> changed(const Keys& a, const Keys& b) {
  std::vector<std::string> out;
  for (const auto& [id, key] : a.cards)
    if (b.cards.at(id) != key) out.push_back(id);
  return out;
}

using Ids = std::vector<std::string>;

TEST(LayoutKeys, AnEditInsideOneEntryChangesThatCardsKeyOnly) {
  const Keys before = keys_of(kGame);
  EXPECT_EQ(keys_of(kGame).cards, before.cards);  // a function of the input
  // A comment inside an entry is no input at all.
  EXPECT_EQ(keys_of(test::replace(kGame, "# the long text", "# der Text")).cards, before.cards);
  for (const auto& [from, to, card] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"name: Sonne", "name: Sonnen", "sun"},        // a one-line entry
           {"Mond\n", "Monde\n", "moon"},                 // a map over several lines
           {"geht auf.", "geht unter.", "moon"},          // its block text, after a blank line
           {"name: Stern", "name: Sterne", "star"},       // the last entry, right before the next deck
           {"name: Komet", "name: Kometen", "comet"}}) {  // entries as deep as their list's key
    const Keys after = keys_of(test::replace(kGame, from, to));
    EXPECT_EQ(after.shared, before.shared) << from;
    EXPECT_EQ(changed(before, after), Ids{card}) << from;
  }
}

TEST(LayoutKeys, AnEditOutsideTheEntriesChangesEveryKey) {
  const Keys before = keys_of(kGame);
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"name: Winzig", "name: Winzling"},  // the game's own map, above the cards
           {"name: Main", "name: Haupt"},       // the deck holding them
           {"name: Extra", "name: Zusatz"},     // the next deck, right after the last entry
           {"layout: tiny/card\n      cards:\n      -", "layout: tiny/card\n      cards:\n\n      -"}}) {
    const Keys after = keys_of(test::replace(kGame, from, to));
    EXPECT_NE(after.shared, before.shared) << from;
    EXPECT_EQ(changed(before, after).size(), 5u) << from;
  }
}

// A line added inside one entry moves the entries after it (their places
// are in their keys), not what the cards share when nothing else follows.
TEST(LayoutKeys, ALineAddedInsideAnEntryMovesTheEntriesAfterIt) {
  const std::string last = kGame.substr(0, kGame.find("    - id: extra"));  // the cards end the file
  const Keys before = keys_of(last);
  ASSERT_EQ(before.cards.size(), 3u);
  const Keys after = keys_of(test::replace(last, "          name: Mond\n", "          name: Mond\n\n"));
  EXPECT_EQ(after.shared, before.shared);
  EXPECT_EQ(changed(before, after), (Ids{"moon", "star"}));
  // With the next deck after them, its places move too: every key changes.
  EXPECT_EQ(changed(keys_of(kGame), keys_of(test::replace(kGame, "          name: Mond\n", "          name: Mond\n\n")))
                .size(),
            5u);
}

// An anchor in an entry used outside it: its value is read where the
// alias is, so an edit of it reaches what the cards share.
TEST(LayoutKeys, AnAnchorInAnEntryUsedOutsideItIsFollowed) {
  const std::string anchored =
      test::replace(test::replace(kGame, "name: Sonne", "name: &sun Sonne"), "name: Extra", "name: *sun");
  const Keys before = keys_of(anchored);
  const Keys after = keys_of(test::replace(anchored, "&sun Sonne", "&sun Sonnen"));
  EXPECT_NE(after.shared, before.shared);
}

// "Sonne & Mond" holds no anchor: the file's lines are still read, not the
// file parsed (which a comment outside the entries tells: the lines count
// it, the parse does not).
TEST(LayoutKeys, AnAmpersandBeforeASpaceIsText) {
  const std::string game = test::replace(kGame, "name: Sonne", "name: Sonne & Mond");
  const Keys before = keys_of(game);
  const Keys edited = keys_of(test::replace(game, "Sonne & Mond", "Sonne & Sterne"));
  EXPECT_EQ(edited.shared, before.shared);
  EXPECT_EQ(changed(before, edited), Ids{"sun"});
  const std::string commented = test::replace(game, "  decks:\n", "  # the decks\n  decks:\n");
  EXPECT_NE(keys_of(commented).shared, keys_of(test::replace(commented, "# the decks", "# die Decks")).shared);
  // An anchor's name right after the `&` is parsed: the comment is not in the key then.
  const std::string anchored = test::replace(commented, "name: Sonne &", "name: &s Sonne &");
  EXPECT_EQ(keys_of(anchored).shared, keys_of(test::replace(anchored, "# the decks", "# die Decks")).shared);
}

TEST(LayoutKeys, InAFlowListToo) {
  const Keys before = keys_of(kFlowGame);
  const Keys edited = keys_of(test::replace(kFlowGame, "name: Komet", "name: Kamet"));
  EXPECT_EQ(edited.shared, before.shared);
  EXPECT_EQ(changed(before, edited), Ids{"comet"});
  const Keys outside = keys_of(test::replace(kFlowGame, "name: Extra", "name: Zusatz"));
  EXPECT_NE(outside.shared, before.shared);
  EXPECT_EQ(changed(before, outside).size(), 5u);
}

}  // namespace
}  // namespace kw::engine
