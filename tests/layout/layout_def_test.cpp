// Reading layout files: each element kind against its declared keys, into
// its own type; conditions parsed once, their syntax errors found on load.
#include "layout/layout_def.h"

#include <gtest/gtest.h>

#include "layout/layout_schema.h"
#include "support/mini_project.h"
#include "yaml/reader.h"

namespace kw::layout {
namespace {

using test::MiniProject;

std::optional<LayoutDef> load(const std::string& yaml, Diagnostics& diags) {
  MiniProject p;
  p.write("layouts/mini/card.yaml", yaml);
  return load_layout(p.project(), "mini/card", nullptr, diags);
}

// "line:col message" of every diagnostic, in order.
std::vector<std::string> problems(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items())
    out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.message);
  return out;
}

TEST(LayoutDef, EachKindIsItsOwnType) {
  Diagnostics diags;
  auto def = load(
      "elements:\n"
      "  - { type: rect, name: bg, area: bleed, fill: \"#000000\", when: \"special\" }\n"
      "  - { type: line, from: [0, 0], to: [5, 5], stroke: \"#ffffff\" }\n"
      "  - { type: text, name: title, text: Hi, box: [1, 2, 3, 4], size: [9, 7], align: left, rotate: 90 }\n"
      "  - type: group\n"
      "    rotate: 180\n"
      "    origin: [10, 20]\n"
      "    elements:\n"
      "      - { type: sector, center: [1, 1], radius: [1, 2], angles: [0, 90] }\n"
      "  - { type: repeat, count: 3, as: k, where: \"k != 2\", track: { from: [0, 0], step: [1, 0] }, "
      "elements: [ { type: use, component: dot, with: { side: evil } } ] }\n"
      "components:\n"
      "  dot:\n"
      "    - { type: art, src: mini/emblem.svg, box: [0, 0, 1, 1], key: false, colors: { fg: \"#fff\" } }\n",
      diags);
  ASSERT_TRUE(def) << format_diagnostics(diags);
  ASSERT_EQ(def->elements.size(), 5u);
  const auto& bg = std::get<RectElement>(def->elements[0]);
  EXPECT_EQ(bg.area, "bleed");
  ASSERT_TRUE(bg.when);
  EXPECT_EQ(bg.when->text(), "special");
  EXPECT_EQ(std::get<LineElement>(def->elements[1]).to, (Point{5, 5}));
  const auto& title = std::get<TextElement>(def->elements[2]);
  EXPECT_EQ(title.box, (Rect{1, 2, 3, 4}));
  EXPECT_EQ(title.font.max_size_pt, 9);
  EXPECT_EQ(title.font.min_size_pt, 7);
  EXPECT_EQ(title.font.align, text::Align::Left);
  EXPECT_EQ(title.rotate, 90);
  EXPECT_EQ(title.text_id, "title");
  const auto& group = std::get<GroupElement>(def->elements[3]);
  EXPECT_EQ(group.rotate, 180);
  EXPECT_EQ(group.origin, (Point{10, 20}));
  const auto& sector = std::get<SectorElement>(group.children.at(0));
  EXPECT_EQ(sector.inner_radius, 1);
  EXPECT_EQ(sector.outer_radius, 2);
  const auto& repeat = std::get<RepeatElement>(def->elements[4]);
  EXPECT_EQ(repeat.repeat.source, RepeatSpec::Source::Count);
  EXPECT_EQ(repeat.repeat.place.kind, Placement::Kind::Track);
  ASSERT_TRUE(repeat.repeat.where);
  EXPECT_EQ(repeat.repeat.where->root().op, Condition::Node::Op::Or);
  EXPECT_EQ(std::get<UseElement>(repeat.children.at(0)).with.at("side"), "evil");
  const auto& dot = std::get<ArtElement>(def->components.at("dot").at(0));
  EXPECT_FALSE(dot.key);
  EXPECT_EQ(dot.colors.at("fg"), "#fff");
  EXPECT_EQ(common(def->elements[0]).name, "bg");
}

TEST(LayoutDef, ConditionSyntaxErrorsAreFoundOnLoadAtTheCondition) {
  Diagnostics diags;
  auto def = load(
      "elements:\n"
      "  - type: rect\n"
      "    area: bleed\n"
      "    when: region == gondor land\n"
      "  - { type: repeat, count: 2, where: \"i > \", elements: [] }\n",
      diags);
  EXPECT_FALSE(def);
  std::vector<std::string> want = {
      "4:11 cannot read 'gondor land' (expected a field path, a number or a 'quoted' text) (in 'when')",
      "5:38 cannot read '' (expected a field path, a number or a 'quoted' text) (in 'where')"};
  EXPECT_EQ(problems(diags), want);
}

TEST(LayoutDef, KeysAreThoseOfTheElementsKind) {
  Diagnostics diags;
  auto def = load(
      "elements:\n"
      "  - { type: line, from: [0, 0], to: [1, 1], rotate: 90 }\n"
      "  - { type: rect, area: page }\n"
      "  - { type: text, text: x, box: [0, 0, 1, 1], valign: centre }\n"
      "  - { type: txet }\n"
      "  - { type: group }\n",
      diags);
  EXPECT_FALSE(def);
  std::vector<std::string> want = {"2:45 unknown key 'rotate' for a line element", "3:25 unknown area 'page'",
                                   "4:55 unknown valign 'centre'", "5:13 unknown element type 'txet'",
                                   "6:5 group element needs 'elements:'"};
  EXPECT_EQ(problems(diags), want);
  EXPECT_EQ(diags.items()[1].hint, "area is one of bleed, trim, safe");
  EXPECT_EQ(diags.items()[3].hint,
            "did you mean 'text'? known element types are rect, line, art, image, text, use, group, sector, repeat");
}

TEST(LayoutDef, EveryElementKindIsDeclared) {
  for (const char* kind : {"rect", "line", "art", "text", "use", "group", "sector", "repeat"}) {
    const yaml::Schema* s = yaml::find_case(element_schema(), "type", kind);
    ASSERT_TRUE(s) << kind;
    for (const auto& k : s->keys) EXPECT_FALSE(k.doc.empty()) << kind << "." << k.name;
  }
}

}  // namespace
}  // namespace kw::layout
