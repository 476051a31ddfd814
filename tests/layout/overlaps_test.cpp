// The overlap check on boxes as a card draws them: which pairs are findings,
// where, and which the layout's `overlaps:` declares meant.
#include "layout/overlaps.h"

#include <gtest/gtest.h>

namespace kw::layout {
namespace {

ElementCommon element(const std::string& name, int line, std::vector<std::string> overlaps = {}) {
  ElementCommon e;
  e.name = name;
  e.loc = {"layouts/g/card.yaml", line, 5};
  e.overlaps = std::move(overlaps);
  return e;
}

std::vector<std::string> findings(const std::vector<PlacedBox>& placed) {
  Diagnostics diags;
  report_overlaps(placed, "c-1", "g", "de", diags);
  std::vector<std::string> out;
  for (const auto& d : diags) {
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.check, "overlap");
    EXPECT_EQ(d.card_id, "c-1");
    out.push_back(d.loc.str() + ": " + d.message);
  }
  return out;
}

TEST(Overlaps, ARulesTextRunningIntoTheRoundelIsAFindingAtTheText) {
  ElementCommon rules = element("rules", 10), value = element("value", 20);
  // The roundel is drawn after the text; the finding is the text's all the same.
  auto found = findings({{&rules, {5, 50, 40, 20}, true, {}}, {&value, {40, 65, 10, 10}, false, {}}});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0],
            "layouts/g/card.yaml:10:5: text 'rules' overlaps 'value' (layouts/g/card.yaml:20:5), which the layout "
            "does not declare");
}

TEST(Overlaps, ATextBoxHoldingAnotherElementIsAFindingToo) {
  ElementCommon rules = element("rules", 10), icon = element("icon", 20);
  EXPECT_EQ(findings({{&rules, {5, 50, 40, 20}, true, {}}, {&icon, {10, 55, 5, 5}, false, {}}}).size(), 1u);
}

TEST(Overlaps, WhatHoldsTheTextIsWhatItIsDrawnOn) {
  ElementCommon background = element("background", 1), frame = element("frame", 2), title = element("title", 3);
  EXPECT_TRUE(findings({{&background, {0, 0, 65, 95}, false, {}},
                        {&frame, {4, 4, 57, 87}, false, {}},
                        {&title, {5, 5, 40, 10}, true, {}}})
                  .empty());
}

TEST(Overlaps, BoxesThatOnlyTouchAreNoFinding) {
  ElementCommon a = element("a", 1), b = element("b", 2);
  // 0.02 mm over 20 mm: 0.4 mm², under kOverlapArea.
  EXPECT_TRUE(findings({{&a, {0, 0, 20, 10}, true, {}}, {&b, {0, 9.98, 20, 10}, true, {}}}).empty());
  EXPECT_EQ(findings({{&a, {0, 0, 20, 10}, true, {}}, {&b, {0, 9.9, 20, 10}, true, {}}}).size(), 1u);
}

TEST(Overlaps, TwoTextsAreOneFindingAtTheLaterOne) {
  ElementCommon name = element("name", 1), kind = element("class", 2);
  auto found = findings({{&name, {10, 33, 38, 6.4}, true, {}}, {&kind, {10, 39, 38, 3.6}, true, {}}});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].starts_with("layouts/g/card.yaml:2:5: text 'class' overlaps 'name'")) << found[0];
}

TEST(Overlaps, OnceForAPairDrawnTwiceAndNeverForAnElementsOwnCopies) {
  ElementCommon name = element("name", 1), art = element("art", 2), hour = element("hour", 3);
  auto found = findings({{&name, {10, 30, 30, 5}, true, {}},
                         {&art, {10, 32, 30, 10}, false, {}},
                         {&name, {10, 60, 30, 5}, true, {}},  // the turned half
                         {&art, {10, 58, 30, 10}, false, {}},
                         {&hour, {0, 0, 10, 10}, true, {}},  // a repeat's items over each other
                         {&hour, {5, 5, 10, 10}, true, {}}});
  EXPECT_EQ(found.size(), 1u);
}

TEST(Overlaps, ADeclaredOverlapIsNoFindingWhicheverElementSaysIt) {
  ElementCommon rules = element("rules", 10, {"value"}), value = element("value", 20);
  EXPECT_TRUE(findings({{&rules, {5, 50, 40, 20}, true, {}}, {&value, {40, 65, 10, 10}, false, {}}}).empty());
  ElementCommon plain = element("rules", 10), roundel = element("value", 20, {"rules"});
  EXPECT_TRUE(findings({{&plain, {5, 50, 40, 20}, true, {}}, {&roundel, {40, 65, 10, 10}, false, {}}}).empty());
  ElementCommon watermark = element("watermark", 20, {"any"});
  EXPECT_TRUE(findings({{&plain, {5, 50, 40, 20}, true, {}}, {&watermark, {40, 65, 10, 10}, false, {}}}).empty());
  ElementCommon other = element("rules", 10, {"cost"});
  EXPECT_EQ(findings({{&other, {5, 50, 40, 20}, true, {}}, {&value, {40, 65, 10, 10}, false, {}}}).size(), 1u);
}

TEST(Overlaps, ArtOverArtIsDecoration) {
  ElementCommon a = element("a", 1), b = element("b", 2);
  EXPECT_TRUE(findings({{&a, {0, 0, 20, 20}, false, {}}, {&b, {10, 10, 20, 20}, false, {}}}).empty());
}

TEST(Overlaps, AnUnnamedElementIsCalledByItsLine) {
  ElementCommon a;
  a.loc = {"layouts/g/card.yaml", 7, 5};
  ElementCommon b = element("b", 9);
  auto found = findings({{&a, {0, 0, 20, 20}, true, {}}, {&b, {10, 10, 20, 20}, false, {}}});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("the text at line 7 overlaps 'b'"), std::string::npos) << found[0];
}

}  // namespace
}  // namespace kw::layout
