// The typed YAML reader: declared keys, every kind of problem at its
// file:line:col, worded the same way for every file kind.
#include "yaml/reader.h"

#include <gtest/gtest.h>

namespace kw::yaml {
namespace {

Value parse(const std::string& text) {
  Diagnostics diags;
  auto v = parse_yaml_string(text, "t.yaml", diags);
  EXPECT_TRUE(v) << format_diagnostics(diags);
  return v ? *v : Value{};
}

// `v` with the members of `more` added: the parser refuses a key given twice,
// so a test of the reader's own check builds the map ("\n\nkey: x" puts the
// key on line 3).
Value with_members(Value v, const std::string& more) {
  for (auto& member : parse(more).map) v.map.push_back(std::move(member));
  return v;
}

// "line:col message" of every diagnostic, in order.
std::vector<std::string> problems(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items())
    out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
  return out;
}

const Schema& sheet() {
  static const Schema s =
      record("sheet", {
                          key("name", text(), "what people call it"),
                          required_key("width", number(10, 2000), "mm"),
                          required_key("origin", point(), "mm"),
                          key("columns", integer(1), "per row"),
                          key("duplex", boolean(), "both sides"),
                          key("ink", colour(), "the colour"),
                          key("flip", choice({"long-edge", "short-edge"}), "how it turns"),
                          key("tags", list_of(text()), "labels"),
                          key("size", one_of({number(), numbers({"largest", "smallest"})}), "points"),
                          key("marks", record("marks", {key("length", number(0, 50), "mm")}), "crop marks"),
                          key("fonts", dict_of(text(), "family"), "family -> file"),
                      });
  return s;
}

TEST(Reader, ReadsTypedMembers) {
  Value v = parse(
      "name: A4\nwidth: 210\norigin: [1.5, -2]\ncolumns: 3\nduplex: yes\nink: \"#a72608\"\nflip: short-edge\n"
      "tags: [a, b]\nsize: [12, 9]\nmarks: { length: 5 }\nfonts: { body: a.otf, title: b.otf }\n");
  Diagnostics diags;
  Reader r(v, sheet(), diags);
  EXPECT_TRUE(r.ok()) << format_diagnostics(diags);
  EXPECT_EQ(r.text("name"), "A4");
  EXPECT_EQ(r.number("width"), 210);
  EXPECT_EQ(r.point("origin")->x, 1.5);
  EXPECT_EQ(r.point("origin")->y, -2);
  EXPECT_EQ(r.integer("columns"), 3);
  EXPECT_EQ(r.flag("duplex"), true);
  EXPECT_EQ(r.colour("ink")->hex(), "#a72608");
  EXPECT_EQ(r.text("flip"), "short-edge");
  EXPECT_EQ(r.words("tags"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r.numbers("size"), (std::vector<double>{12, 9}));
  EXPECT_EQ(r.record("marks")->number("length"), 5);
  auto fonts = r.text_map("fonts");
  EXPECT_EQ(fonts.at("title"), "b.otf");
  EXPECT_FALSE(r.has("nothing"));
  EXPECT_TRUE(diags.empty());
}

TEST(Reader, UnknownKeyNamesTheClosestAndTheKnownKeys) {
  Value v = parse("width: 210\norigin: [0, 0]\nwidht: 3\n");
  Diagnostics diags;
  Reader r(v, sheet(), diags);
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(problems(diags), std::vector<std::string>{"3:1 unknown key 'widht' in sheet"});
  EXPECT_EQ(diags.items()[0].hint,
            "did you mean 'width' (mm)? known keys are name, width, origin, columns, duplex, ink, flip, tags, "
            "size, marks, fonts (docs/reference.md)");
  Diagnostics far;
  Value zzz = parse("width: 210\norigin: [0, 0]\nzzz: 1\n");
  const Reader checks(zzz, sheet(), far, {"sheet 'a4'", {}, {}});  // the constructor reports unknown keys
  EXPECT_EQ(problems(far), std::vector<std::string>{"3:1 unknown key 'zzz' in sheet 'a4'"});
  EXPECT_EQ(far.items()[0].hint.rfind("known keys are name,", 0), 0u) << far.items()[0].hint;
}

TEST(Reader, WrongTypesRangesChoicesAndMissingKeys) {
  Value v = parse(
      "width: 5\n"                                              // 1 out of range
      "columns: 1.5\n"                                          // 2 not whole
      "duplex: maybe\n"                                         // 3
      "ink: red\n"                                              // 4
      "flip: sideways\n"                                        // 5
      "tags: [a, {b: c}]\n"                                     // 6
      "size: big\n"                                             // 7
      "marks: 3\n"                                              // 8
      "name: [x]\n");                                           // 9
  v = with_members(v, std::string(9, '\n') + "name: twice\n");  // 10
  Diagnostics diags;
  Reader r(v, sheet(), diags);
  EXPECT_FALSE(r.ok());
  std::vector<std::string> want = {
      "1:8 'width' must be between 10 and 2000, not 5",
      "2:10 'columns' must be a whole number, not 1.5",
      "3:9 'duplex' must be true or false, not text",
      "4:6 'ink' must be a colour like \"#a72608\", not text",
      "5:7 unknown flip 'sideways'",
      "6:11 an item of 'tags' must be text, not a map",
      "7:7 'size' must be a number or [largest, smallest], not text",
      "8:8 'marks' must be a map, not a number",
      "9:7 'name' must be text, not a list",
      "10:1 key 'name' appears twice",
      "1:1 sheet needs 'origin: [x, y]'",
  };
  EXPECT_EQ(problems(diags), want);
  EXPECT_EQ(diags.items()[4].hint, "flip is one of long-edge, short-edge");
  EXPECT_EQ(diags.items().back().hint, "mm");
  // Members with problems read as absent.
  EXPECT_FALSE(r.number("width"));
  EXPECT_FALSE(r.record("marks"));
}

TEST(Reader, NumbersItemByItem) {
  Diagnostics diags;
  Value v = parse("width: 100\norigin: [1, x]\nsize: [1, 2, 3]\n");
  Reader r(v, sheet(), diags);
  std::vector<std::string> want = {"2:13 'origin' must be [x, y]: 'x' is not a number",
                                   "3:7 'size' must be [largest, smallest], not a list of 3 items"};
  EXPECT_EQ(problems(diags), want);
}

TEST(Reader, NestedMapsAreCheckedWhenRead) {
  Diagnostics diags;
  Value v = parse("width: 100\norigin: [0, 0]\nmarks: { length: 99, colour: red }\n");
  Reader r(v, sheet(), diags);
  EXPECT_TRUE(diags.empty());  // not read yet
  auto marks = r.record("marks");
  ASSERT_TRUE(marks);
  std::vector<std::string> want = {"3:18 'length' must be between 0 and 50, not 99",
                                   "3:22 unknown key 'colour' in marks"};
  EXPECT_EQ(problems(diags), want);
}

TEST(Reader, EntriesOfAMapOfNamesInFileOrder) {
  static const Schema styles = dict_of(text(), "style", {"regular", "bold"});
  Value v = with_members(parse("regular: a.otf\nheavy: b.otf\nbold: [c]\n"), "\n\n\nregular: d.otf\n");
  Diagnostics diags;
  std::vector<std::string> read;
  each_entry(v, styles, diags, {"family 'body'", "in family 'body'", {}},
             [&](const std::string& k, const Value& file) { read.push_back(k + "=" + file.scalar); });
  EXPECT_EQ(read, (std::vector<std::string>{"regular=a.otf"}));
  std::vector<std::string> want = {"2:1 unknown style 'heavy' in family 'body'",
                                   "3:7 style 'bold' must be text, not a list", "4:1 style 'regular' appears twice"};
  EXPECT_EQ(problems(diags), want);
  EXPECT_EQ(diags.items()[0].hint, "known styles are regular, bold");
}

TEST(Reader, OneOfReportsTheAlternativeOfTheValuesKind) {
  static const Schema types = one_of({choice({"text", "int"}, "field type"), record("declaration", {})});
  Diagnostics diags;
  EXPECT_TRUE(check_value(parse("text"), types, Label::of_key("x"), diags));
  EXPECT_TRUE(check_value(parse("{}"), types, Label::of_key("x"), diags));
  EXPECT_FALSE(check_value(parse("txet"), types, Label::of_key("x"), diags));
  EXPECT_FALSE(check_value(parse("[1]"), types, Label::of_key("x"), diags));
  std::vector<std::string> want = {"1:1 unknown field type 'txet'",
                                   "1:1 'x' must be one of text, int or a map, not a list"};
  EXPECT_EQ(problems(diags), want);
  EXPECT_EQ(diags.items()[0].hint, "did you mean 'text'? field type is one of text, int");
}

TEST(Reader, NotAMap) {
  Diagnostics diags;
  Value v = parse("- a\n- b\n");
  Reader r(v, sheet(), diags);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(problems(diags), std::vector<std::string>{"1:1 sheet must be a map, not a list"});
  EXPECT_FALSE(r.text("name"));
}

TEST(Reader, EmptyValuesAreAbsent) {
  Diagnostics diags;
  Value v = parse("width: 100\norigin: [0, 0]\nname:\n");
  Reader r(v, sheet(), diags);
  EXPECT_TRUE(r.ok()) << format_diagnostics(diags);
  EXPECT_FALSE(r.text("name"));
}

TEST(Reader, ClosestName) {
  EXPECT_EQ(closest_name("colour", {"color", "fill"}), "color");
  EXPECT_EQ(closest_name("txet", {"text", "rect"}), "text");  // a swap of two letters is one mistake
  EXPECT_EQ(closest_name("spin", {"center", "radius"}), "");
}

TEST(Schema, TaggedCasesOfAOneOf) {
  static const Schema kinds = one_of(
      {record("a", {required_key("type", choice({"a"}), "")}), record("b", {required_key("type", choice({"b"}), "")})});
  EXPECT_EQ(find_case(kinds, "type", "b"), &kinds.of[1]);
  EXPECT_EQ(find_case(kinds, "type", "c"), nullptr);
  EXPECT_EQ(case_names(kinds, "type"), (std::vector<std::string>{"a", "b"}));
}

}  // namespace
}  // namespace kw::yaml
