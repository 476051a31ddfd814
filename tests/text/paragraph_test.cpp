// The breakers on hand-built models (no fonts): exact, readable cases.
#include "text/paragraph.h"

#include <gtest/gtest.h>

namespace kw::text {
namespace {

// Words of the given widths (em) separated by spaces of width 1 that may
// stretch by 1 and shrink by 1/3.
ParagraphModel words(const std::vector<double>& widths) {
  ParagraphModel m;
  for (std::size_t w = 0; w < widths.size(); ++w) {
    if (w > 0) {
      Unit space{m.units.size(), 1, 1, 1.0 / 3, true};
      m.units.push_back(space);
      m.breaks.push_back({m.units.size(), BreakKind::Space});
    }
    m.units.push_back({m.units.size(), widths[w], 0, 0, false});
  }
  m.breaks.insert(m.breaks.begin(), {0, BreakKind::Start});
  m.breaks.push_back({m.units.size(), BreakKind::End});
  m.end = m.units.size();
  m.finish();
  return m;
}

std::vector<std::size_t> line_ends(const std::vector<LineBreak>& lines) {
  std::vector<std::size_t> out;
  out.reserve(lines.size());
  for (const LineBreak& l : lines) out.push_back(l.to);
  return out;
}

TEST(Paragraph, WidthsDropTrailingSpaceAndAddHyphen) {
  ParagraphModel m = words({3, 4, 5});
  EXPECT_DOUBLE_EQ(m.width(0, 1), 3);  // "aaa" (its space dropped)
  EXPECT_DOUBLE_EQ(m.width(0, 2), 8);  // "aaa bbbb"
  EXPECT_DOUBLE_EQ(m.stretch(0, 2), 1);
  EXPECT_DOUBLE_EQ(m.width(1, 3), 10);  // "bbbb ccccc"
  m.breaks[1].kind = BreakKind::Hyphen;
  m.breaks[1].hyphen_width = 0.5;
  m.finish();
  EXPECT_DOUBLE_EQ(m.width(0, 1), 3.5);
}

TEST(Paragraph, GreedyTakesWhatFitsOptimalBalances) {
  // "aaa bb cc ddddd" in 6 em: first fit fills line 1 and leaves "cc" alone
  // (slack 0, 4); the paragraph breaker moves "bb" down (slack 3, 1).
  ParagraphModel m = words({3, 2, 2, 5});
  BreakParams p;
  p.width = 6;
  auto greedy = break_greedy(m, p);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(line_ends(*greedy), (std::vector<std::size_t>{2, 3, 4}));
  auto optimal = break_optimal(m, p, 10);
  ASSERT_TRUE(optimal[3]);
  EXPECT_EQ(line_ends(optimal[3]->lines), (std::vector<std::size_t>{1, 3, 4}));
  EXPECT_DOUBLE_EQ(raggedness(m, *greedy, 6), 16);
  EXPECT_DOUBLE_EQ(raggedness(m, optimal[3]->lines, 6), 10);
}

TEST(Paragraph, OptimalReportsEveryLineCount) {
  ParagraphModel m = words({2, 2, 2, 2, 2, 2});
  BreakParams p;
  p.width = 8;  // at most 3 words a line (2+1+2+1+2 = 8)
  auto sol = break_optimal(m, p, 6);
  EXPECT_FALSE(sol[1]);
  ASSERT_TRUE(sol[2]);
  EXPECT_EQ(line_ends(sol[2]->lines), (std::vector<std::size_t>{3, 6}));
  for (std::size_t k = 3; k <= 6; ++k) EXPECT_TRUE(sol[k]) << k;
  // Capped line count: nothing beyond max_lines.
  EXPECT_EQ(break_optimal(m, p, 2).size(), 3u);
}

TEST(Paragraph, OverwidePieceHasNoSolution) {
  ParagraphModel m = words({3, 12, 3});
  BreakParams p;
  p.width = 10;
  EXPECT_FALSE(break_greedy(m, p));
  for (const auto& s : break_optimal(m, p, 5)) EXPECT_FALSE(s);
}

TEST(Paragraph, JustifiedLinesWithinStretchBeatLinesBeyondIt) {
  ParagraphModel m = words({3, 3, 3, 3});
  BreakParams p;
  p.width = 7;
  p.justify = true;
  // "3 3" = 7 exactly: ratio 0.
  LineFit exact = fit_line(m, 0, 2, p);
  EXPECT_TRUE(exact.feasible);
  EXPECT_DOUBLE_EQ(exact.ratio, 0);
  // "3" alone in 7: needs 4 em of stretch and has no space: beyond the limit.
  LineFit alone = fit_line(m, 0, 1, p);
  EXPECT_TRUE(alone.feasible);
  EXPECT_GT(alone.ratio, 1);
  EXPECT_GE(alone.badness, 10000);
  // "3 3 3" = 11 cannot shrink to 7 (2 spaces x 1/3).
  EXPECT_FALSE(fit_line(m, 0, 3, p).feasible);
  auto sol = break_optimal(m, p, 4);
  ASSERT_TRUE(sol[2]);
  EXPECT_EQ(line_ends(sol[2]->lines), (std::vector<std::size_t>{2, 4}));
}

TEST(Paragraph, EmptyParagraphIsOneEmptyLine) {
  ParagraphModel m;
  m.breaks = {{0, BreakKind::Start}, {0, BreakKind::End}};
  m.finish();
  BreakParams p;
  p.width = 5;
  auto sol = break_optimal(m, p, 3);
  ASSERT_TRUE(sol[1]);
  EXPECT_EQ(sol[1]->lines.size(), 1u);
  auto g = break_greedy(m, p);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->size(), 1u);
}

}  // namespace
}  // namespace kw::text
