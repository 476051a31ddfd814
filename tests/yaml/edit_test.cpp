// Minimal YAML edits: byte-exact results on files with comments, flow maps,
// quoted and multi-line scalars.
#include "yaml/edit.h"

#include <gtest/gtest.h>

#include "yaml/value.h"

namespace kw::yaml {
namespace {

const std::string kLayout =
    "# The front of a playing card.\n"
    "layout:\n"
    "  size: [59, 91]   # mm, trim\n"
    "  elements:\n"
    "    # the name, top left\n"
    "    - { type: text, name: title, box: [4.5, 6, 40, 8], size: 9 }  # bold\n"
    "    - type: image\n"
    "      name: art\n"
    "      box: [4, 16, 51, 50]\n"
    "      fit: 'cover'\n"
    "      note: \"a \\\"quoted\\\" note\"\n";

// The side panel's edits: a key of an element set, added or removed, one line at most.
TEST(YamlEdit, SetKeyChangesAKeyThatIsThereInPlace) {
  const std::string out = set_key(kLayout, {"layout", "elements", size_t{1}}, "fit", "contain", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("'cover'"), 7, "'contain'");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, SetKeyAddsALineAfterTheNameInABlockMap) {
  const std::string out = set_key(kLayout, {"layout", "elements", size_t{1}}, "when", "picture && !back", "l.yaml");
  std::string want = kLayout;
  want.insert(want.find("      box: [4, 16"), "      when: picture && !back\n");
  EXPECT_EQ(out, want);
  // A number stays a number, a colour is quoted (a '#' would start a comment).
  EXPECT_NE(set_key(kLayout, {"layout", "elements", size_t{1}}, "size", "11", "l.yaml").find("      size: 11\n"),
            std::string::npos);
  EXPECT_NE(set_key(kLayout, {"layout", "elements", size_t{1}}, "color", "#3a2a1a", "l.yaml")
                .find("      color: \"#3a2a1a\"\n"),
            std::string::npos);
}

TEST(YamlEdit, SetKeyAddsBeforeTheClosingBraceOfAFlowMap) {
  const std::string out = set_key(kLayout, {"layout", "elements", size_t{0}}, "align", "left", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("size: 9 }"), 9, "size: 9, align: left }");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, RemoveKeyTakesItsLineAndNothingElse) {
  const std::string with = set_key(kLayout, {"layout", "elements", size_t{1}}, "when", "picture", "l.yaml");
  EXPECT_EQ(remove_key(with, {"layout", "elements", size_t{1}}, "when", "l.yaml"), kLayout);
  EXPECT_EQ(remove_key(kLayout, {"layout", "elements", size_t{1}}, "when", "l.yaml"), kLayout);       // none: nothing
  EXPECT_THROW(remove_key(kLayout, {"layout", "elements", size_t{0}}, "size", "l.yaml"), EditError);  // flow
  EXPECT_THROW(remove_key(kLayout, {"layout", "elements", size_t{1}}, "type", "l.yaml"), EditError);  // "- type:"
  EXPECT_THROW(set_key(kLayout, {"layout", "size"}, "x", "1", "l.yaml"), EditError);  // a list, not a map
}

// A locale file's new string, added from the studio's page: three lines
// where `i18n import` would put them, every other byte kept.
const std::string kLocale =
    "# palantir in language 'en'.\n"
    "language: en\n"
    "game: palantir\n"
    "strings:\n"
    "  \"card.alpha.name\":\n"
    "    de: \"Alpha\"\n"
    "    text: \"Alpha\"  # checked\n"
    "\n"
    "  # the last one\n"
    "  \"card.gamma.name\":\n"
    "    de: \"Gamma\"\n"
    "    text: |\n"
    "      Gamma,\n"
    "      twice\n";

TEST(YamlEdit, AddEntryGoesAfterTheLastKeySortingBeforeIt) {
  const std::vector<std::pair<std::string, std::string>> members = {{"de", "Beta \"b\""}, {"text", "Beta: b"}};
  const std::string lines = "  \"card.beta.name\":\n    de: \"Beta \\\"b\\\"\"\n    text: \"Beta: b\"\n";
  std::string want = kLocale;
  want.insert(want.find("# checked\n") + 10, lines);  // the blank line and the comment stay with what follows
  EXPECT_EQ(add_entry(kLocale, {"strings"}, "card.beta.name", members, "en.yaml"), want);
  // After the last one, past its block scalar; before the first one.
  EXPECT_EQ(add_entry(kLocale, {"strings"}, "card.zeta.name", {{"de", "Z"}, {"text", "Z"}}, "en.yaml"),
            kLocale + "  \"card.zeta.name\":\n    de: \"Z\"\n    text: \"Z\"\n");
  want = kLocale;
  want.insert(want.find("  \"card.alpha"), "  \"card.a.name\":\n    de: \"A\"\n    text: \"A\"\n");
  EXPECT_EQ(add_entry(kLocale, {"strings"}, "card.a.name", {{"de", "A"}, {"text", "A"}}, "en.yaml"), want);
  // There already, or no map to add to.
  EXPECT_THROW(add_entry(kLocale, {"strings"}, "card.alpha.name", members, "en.yaml"), EditError);
  EXPECT_THROW(add_entry(kLocale, {"game"}, "x", members, "en.yaml"), EditError);
  EXPECT_THROW(add_entry("strings: { a: { text: x } }\n", {"strings"}, "b", members, "en.yaml"), EditError);
}

TEST(YamlEdit, FlowSequenceNumberChangesAloneKeepingTheCommentAndStyle) {
  const std::string out = set_scalar(kLayout, {"layout", "elements", size_t{0}, "box", size_t{0}}, "5", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("[4.5,"), 4, "[5");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, BlockMapFlowListElement) {
  const std::string out = set_scalar(kLayout, {"layout", "elements", size_t{1}, "box", size_t{3}}, "48.5", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("51, 50]"), 7, "51, 48.5]");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, TopLevelFlowValueBeforeAComment) {
  const std::string out = set_scalar(kLayout, {"layout", "size", size_t{1}}, "88", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("91]   #"), 3, "88]");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, SingleQuotedStaysSingleQuoted) {
  const std::string out = set_scalar(kLayout, {"layout", "elements", size_t{1}, "fit"}, "it's", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("'cover'"), 7, "'it''s'");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, DoubleQuotedStaysDoubleQuotedWithEscapes) {
  const std::string out = set_scalar(kLayout, {"layout", "elements", size_t{1}, "note"}, "a\\b \"c\"\nd", "l.yaml");
  std::string want = kLayout;
  want.replace(want.find("\"a \\\"quoted"), std::string("\"a \\\"quoted\\\" note\"").size(),
               "\"a\\\\b \\\"c\\\"\\nd\"");
  EXPECT_EQ(out, want);
}

TEST(YamlEdit, PlainTextThatWouldChangeMeaningIsQuoted) {
  const std::string cards = "cards:\n  - { id: a, name: Pippin }  # hobbit\n  - { id: b, name: Bill }\n";
  EXPECT_EQ(set_scalar(cards, {"cards", size_t{0}, "name"}, "Peregrin Took", "c.yaml"),
            "cards:\n  - { id: a, name: Peregrin Took }  # hobbit\n  - { id: b, name: Bill }\n");
  // A comma would end the value inside a flow map; "yes" reads as a boolean; 12 as a number.
  EXPECT_EQ(set_scalar(cards, {"cards", size_t{0}, "name"}, "Pippin, the fool", "c.yaml"),
            "cards:\n  - { id: a, name: \"Pippin, the fool\" }  # hobbit\n  - { id: b, name: Bill }\n");
  EXPECT_EQ(set_scalar(cards, {"cards", size_t{1}, "name"}, "yes", "c.yaml"),
            "cards:\n  - { id: a, name: Pippin }  # hobbit\n  - { id: b, name: \"yes\" }\n");
  EXPECT_EQ(set_scalar(cards, {"cards", size_t{1}, "name"}, "12", "c.yaml"),
            "cards:\n  - { id: a, name: Pippin }  # hobbit\n  - { id: b, name: \"12\" }\n");
  EXPECT_EQ(set_scalar(cards, {"cards", size_t{1}, "name"}, "a: b #c", "c.yaml"),
            "cards:\n  - { id: a, name: Pippin }  # hobbit\n  - { id: b, name: \"a: b #c\" }\n");
}

TEST(YamlEdit, UnicodeBeforeTheValueCountsInCharacters) {
  const std::string text = "k:\n  - { name: Éowyn, title: Schildmaid }\n";
  EXPECT_EQ(set_scalar(text, {"k", size_t{0}, "title"}, "Schildmaid von Rohan", "u.yaml"),
            "k:\n  - { name: Éowyn, title: Schildmaid von Rohan }\n");
}

TEST(YamlEdit, LiteralBlockKeepsItsStyleAndIndent) {
  const std::string text =
      "cards:\n"
      "  - id: rules\n"
      "    text: |-\n"
      "      First line.\n"
      "\n"
      "      Second line.\n"
      "    title: Rules  # shown on top\n";
  EXPECT_EQ(set_scalar(text, {"cards", size_t{0}, "text"}, "One.\nTwo.\n\nThree.", "r.yaml"),
            "cards:\n"
            "  - id: rules\n"
            "    text: |-\n"
            "      One.\n"
            "      Two.\n"
            "\n"
            "      Three.\n"
            "    title: Rules  # shown on top\n");
  // A value ending in a line break gets the clip indicator.
  EXPECT_EQ(set_scalar(text, {"cards", size_t{0}, "text"}, "Only.\n", "r.yaml"),
            "cards:\n  - id: rules\n    text: |\n      Only.\n    title: Rules  # shown on top\n");
}

TEST(YamlEdit, LocaleKeyWithDotsAndQuotes) {
  const std::string text =
      "language: en\n"
      "strings:\n"
      "  \"card.a.good.name\":\n"
      "    de: \"Pippin\"\n"
      "    text: \"Pippin\"\n";
  EXPECT_EQ(set_scalar(text, {"strings", "card.a.good.name", "text"}, "Peregrin", "en.yaml"),
            "language: en\nstrings:\n  \"card.a.good.name\":\n    de: \"Pippin\"\n    text: \"Peregrin\"\n");
}

TEST(YamlEdit, MissingPathsAndNonScalarsAreLocatedErrors) {
  try {
    set_scalar(kLayout, {"layout", "elements", size_t{5}, "box"}, "1", "l.yaml");
    FAIL();
  } catch (const EditError& e) {
    EXPECT_STREQ(e.what(), "l.yaml:6:5: no 'layout.elements[5]' in the file");
  }
  try {
    set_scalar(kLayout, {"layout", "size"}, "1", "l.yaml");
    FAIL();
  } catch (const EditError& e) {
    EXPECT_STREQ(e.what(), "l.yaml:3:9: 'layout.size' is a list, not a single value");
  }
  EXPECT_THROW(set_scalar("a: [1, 2\n", {"a", size_t{0}}, "3", "bad.yaml"), EditError);
}

TEST(YamlEdit, PathAtALineAndColumn) {
  EXPECT_EQ(path_text(path_at(kLayout, 6, 52, "l.yaml")), "layout.elements[0].box[3]");
  EXPECT_EQ(path_text(path_at(kLayout, 11, 13, "l.yaml")), "layout.elements[1].note");
  EXPECT_THROW(path_at(kLayout, 6, 51, "l.yaml"), EditError);
}

const std::string kDeck =
    "deck:\n"
    "  cards:\n"
    "    # first\n"
    "    - { id: a, name: A }\n"
    "    - id: b\n"
    "      name: B  # block\n"
    "    # last\n"
    "    - { id: c, name: C }\n"
    "# end\n";

TEST(YamlEdit, NodePathAtFindsAnEntry) {
  EXPECT_EQ(path_text(node_path_at(kDeck, 4, 7, "d.yaml")), "deck.cards[0]");  // "- { id: a ..." at its '{'
  EXPECT_EQ(path_text(node_path_at(kDeck, 5, 7, "d.yaml")), "deck.cards[1]");  // "- id: b" at its first key
  EXPECT_EQ(path_text(node_path_at(kDeck, 5, 11, "d.yaml")), "deck.cards[1].id");
}

TEST(YamlEdit, RemoveItemTakesItsComment) {
  EXPECT_EQ(remove_item(kDeck, {"deck", "cards"}, 0, "d.yaml"),
            "deck:\n  cards:\n    - id: b\n      name: B  # block\n    # last\n    - { id: c, name: C }\n# end\n");
  EXPECT_EQ(remove_item(kDeck, {"deck", "cards"}, 1, "d.yaml"),
            "deck:\n  cards:\n    # first\n    - { id: a, name: A }\n    # last\n    - { id: c, name: C }\n# end\n");
}

TEST(YamlEdit, DuplicateItemGetsANewId) {
  EXPECT_EQ(duplicate_item(kDeck, {"deck", "cards"}, 1, "d.yaml", std::pair<std::string, std::string>{"id", "b-2"}),
            "deck:\n  cards:\n    # first\n    - { id: a, name: A }\n    - id: b\n      name: B  # block\n"
            "    - id: b-2\n      name: B  # block\n    # last\n    - { id: c, name: C }\n# end\n");
}

TEST(YamlEdit, MoveItemKeepsEveryByte) {
  EXPECT_EQ(move_item(kDeck, {"deck", "cards"}, 2, 0, "d.yaml"),
            "deck:\n  cards:\n    # last\n    - { id: c, name: C }\n    # first\n    - { id: a, name: A }\n"
            "    - id: b\n      name: B  # block\n# end\n");
  EXPECT_EQ(move_item(kDeck, {"deck", "cards"}, 0, 0, "d.yaml"), kDeck);
}

TEST(YamlEdit, InsertItemLikeItsNeighbour) {
  Value item;
  item.set("id", Value{Value::Kind::Scalar, false, "d", {}, {}, {}, {}});
  item.set("name", Value{Value::Kind::Scalar, false, "Dee Dee", {}, {}, {}, {}});
  EXPECT_EQ(insert_item(kDeck, {"deck", "cards"}, 3, item, "d.yaml"),
            "deck:\n  cards:\n    # first\n    - { id: a, name: A }\n    - id: b\n      name: B  # block\n"
            "    # last\n    - { id: c, name: C }\n    - { id: d, name: Dee Dee }\n# end\n");
  EXPECT_EQ(insert_item(kDeck, {"deck", "cards"}, 99, item, "d.yaml"),
            insert_item(kDeck, {"deck", "cards"}, 3, item, "d.yaml"));  // past the end: appended
  EXPECT_EQ(insert_item(kDeck, {"deck", "cards"}, 0, item, "d.yaml"),
            "deck:\n  cards:\n    - { id: d, name: Dee Dee }\n    # first\n    - { id: a, name: A }\n"
            "    - id: b\n      name: B  # block\n    # last\n    - { id: c, name: C }\n# end\n");
}

TEST(YamlEdit, ListsAreNeverEmptied) {
  EXPECT_THROW(remove_item("cards:\n  - { id: a }\n", {"cards"}, 0, "f.yaml"), EditError);
  EXPECT_THROW(remove_item("cards: [{ id: a }]  # one\n", {"cards"}, 0, "f.yaml"), EditError);
}

// A deck written as a flow list: on one line, and one item per line with a
// comment, a quoted name holding ", ] }" and an apostrophe in a plain name.
const std::string kFlowLine = "deck:\n  cards: [{ id: a, name: A }, { id: b, name: \"B, ] }\" }, { id: c }]  # three\n";
const std::string kFlowLines =
    "deck:\n"
    "  cards: [\n"
    "    { id: a, name: Pippin's pipe },  # a\n"
    "    { id: b, good: { name: B }, defence: [1, 0] },\n"
    "    { id: c, name: 'C, c' }\n"
    "  ]\n"
    "# end\n";

TEST(YamlEdit, FlowListItemsAreRemovedWithOneSeparator) {
  EXPECT_EQ(remove_item(kFlowLine, {"deck", "cards"}, 0, "f.yaml"),
            "deck:\n  cards: [{ id: b, name: \"B, ] }\" }, { id: c }]  # three\n");
  EXPECT_EQ(remove_item(kFlowLine, {"deck", "cards"}, 1, "f.yaml"),
            "deck:\n  cards: [{ id: a, name: A }, { id: c }]  # three\n");
  EXPECT_EQ(remove_item(kFlowLine, {"deck", "cards"}, 2, "f.yaml"),
            "deck:\n  cards: [{ id: a, name: A }, { id: b, name: \"B, ] }\" }]  # three\n");
  EXPECT_EQ(remove_item(kFlowLines, {"deck", "cards"}, 2, "f.yaml"),
            "deck:\n  cards: [\n    { id: a, name: Pippin's pipe },  # a\n"
            "    { id: b, good: { name: B }, defence: [1, 0] }\n  ]\n# end\n");
  EXPECT_THROW(remove_item(kFlowLine, {"deck", "cards"}, 3, "f.yaml"), EditError);
}

TEST(YamlEdit, FlowListItemsAreDuplicatedWithANewIdAndMovedKeepingTheSeparators) {
  EXPECT_EQ(duplicate_item(kFlowLine, {"deck", "cards"}, 1, "f.yaml", std::pair<std::string, std::string>{"id", "b-2"}),
            "deck:\n  cards: [{ id: a, name: A }, { id: b, name: \"B, ] }\" }, { id: b-2, name: \"B, ] }\" }, "
            "{ id: c }]  # three\n");
  EXPECT_EQ(duplicate_item(kFlowLines, {"deck", "cards"}, 2, "f.yaml", std::pair<std::string, std::string>{"id", "d"}),
            "deck:\n  cards: [\n    { id: a, name: Pippin's pipe },  # a\n"
            "    { id: b, good: { name: B }, defence: [1, 0] },\n    { id: c, name: 'C, c' },\n"
            "    { id: d, name: 'C, c' }\n  ]\n# end\n");
  EXPECT_EQ(move_item(kFlowLines, {"deck", "cards"}, 0, 2, "f.yaml"),
            "deck:\n  cards: [\n    { id: b, good: { name: B }, defence: [1, 0] },  # a\n"
            "    { id: c, name: 'C, c' },\n    { id: a, name: Pippin's pipe }\n  ]\n# end\n");
  EXPECT_EQ(move_item(kFlowLine, {"deck", "cards"}, 2, 1, "f.yaml"),
            "deck:\n  cards: [{ id: a, name: A }, { id: c }, { id: b, name: \"B, ] }\" }]  # three\n");
  EXPECT_EQ(move_item(kFlowLine, {"deck", "cards"}, 1, 1, "f.yaml"), kFlowLine);
  // Moving back restores every byte.
  EXPECT_EQ(move_item(move_item(kFlowLines, {"deck", "cards"}, 0, 2, "f.yaml"), {"deck", "cards"}, 2, 0, "f.yaml"),
            kFlowLines);
  // The result reads back as the same cards in the new order.
  Diagnostics diags;
  auto moved = parse_yaml_string(move_item(kFlowLines, {"deck", "cards"}, 0, 2, "f.yaml"), "f.yaml", diags);
  ASSERT_TRUE(moved);
  const Value* cards = moved->find("deck")->find("cards");
  ASSERT_EQ(cards->list.size(), 3u);
  EXPECT_EQ(cards->list[2].find("name")->scalar, "Pippin's pipe");
  EXPECT_EQ(cards->list[1].find("name")->scalar, "C, c");
}

TEST(YamlEdit, FlowListInsertsLikeItsSeparators) {
  Value item;
  item.set("id", Value{Value::Kind::Scalar, false, "d", {}, {}, {}, {}});
  EXPECT_EQ(insert_item(kFlowLine, {"deck", "cards"}, 99, item, "f.yaml"),
            "deck:\n  cards: [{ id: a, name: A }, { id: b, name: \"B, ] }\" }, { id: c }, { id: d }]  # three\n");
  EXPECT_EQ(insert_item(kFlowLines, {"deck", "cards"}, 0, item, "f.yaml"),
            "deck:\n  cards: [\n    { id: d },\n    { id: a, name: Pippin's pipe },  # a\n"
            "    { id: b, good: { name: B }, defence: [1, 0] },\n    { id: c, name: 'C, c' }\n  ]\n# end\n");
  EXPECT_EQ(insert_item("cards: [{ id: a }]\n", {"cards"}, 1, item, "f.yaml"), "cards: [{ id: a }, { id: d }]\n");
}

}  // namespace
}  // namespace kw::yaml
