// Greedy first fit against the paragraph breaker on one German paragraph: the
// figures (line count, raggedness = sum of squared slack over all lines but
// the last) are printed for the record and the paragraph breaker must not be
// raggeder.
#include <gtest/gtest.h>

#include <cstdio>

#include "text_fixture.h"

namespace kw::text {
namespace {

using test_util::fixed_size;
using test_util::fonts;

const char* kParagraph =
    "Als die Gefährten die Ringträgerversammlung in Bruchtal verließen, lag der Schnee schon auf den Pässen "
    "des Nebelgebirges. Gandalf führte sie durch verlassene Täler, vorbei an zerfallenen Wachtürmen und an "
    "Flüssen, deren Brücken längst eingestürzt waren. Niemand sprach von der Gefahr, die hinter ihnen lauerte, "
    "doch jeder spürte sie bei jedem Schritt.";

struct Figures {
  std::size_t lines = 0;
  std::size_t hyphens = 0;
  double raggedness = 0;                // mm^2
  double worst_slack = 0;               // mm
  std::size_t ragged_in_justified = 0;  // justified lines that hit max_stretch
  double widest_space_adjust = 0;       // mm
};

Figures measure(LineBreaker breaker, Align align, double width) {
  Typesetter ts(fonts());
  TextStyle st = fixed_size(9, align);
  st.breaker = breaker;
  SetResult r = ts.set(kParagraph, st, {width, 200});
  EXPECT_TRUE(r.text) << r.error;
  Figures f;
  if (!r.text) return f;
  f.lines = r.text->lines.size();
  for (std::size_t i = 0; i < r.text->lines.size(); ++i) {
    const SetLine& l = r.text->lines[i];
    f.hyphens += l.hyphenated;
    if (!l.last_of_paragraph && !l.justified) ++f.ragged_in_justified;
    f.widest_space_adjust = std::max(f.widest_space_adjust, l.space_adjust);
    if (i + 1 == r.text->lines.size()) break;
    const double slack = width - l.width;
    f.raggedness += slack * slack;
    f.worst_slack = std::max(f.worst_slack, slack);
  }
  return f;
}

TEST(BreakerComparison, ParagraphBreakerIsLessRaggedThanGreedy) {
  for (double width : {45.0, 52.0, 60.0}) {
    const Figures greedy = measure(LineBreaker::Greedy, Align::Left, width);
    const Figures optimal = measure(LineBreaker::Optimal, Align::Left, width);
    std::printf(
        "[breaker] %.0f mm, 9 pt, ragged right: greedy %zu lines, %zu hyphens, raggedness %.2f mm^2, "
        "worst slack %.2f mm | Knuth-Plass %zu lines, %zu hyphens, raggedness %.2f mm^2, worst slack "
        "%.2f mm\n",
        width, greedy.lines, greedy.hyphens, greedy.raggedness, greedy.worst_slack, optimal.lines, optimal.hyphens,
        optimal.raggedness, optimal.worst_slack);
    EXPECT_LE(optimal.raggedness, greedy.raggedness);
    EXPECT_GE(optimal.lines, greedy.lines);  // greedy needs the fewest lines
  }
}

TEST(BreakerComparison, JustifiedFiguresStayWithinMaxStretch) {
  for (double width : {45.0, 52.0, 60.0}) {
    const Figures greedy = measure(LineBreaker::Greedy, Align::Justify, width);
    const Figures optimal = measure(LineBreaker::Optimal, Align::Justify, width);
    std::printf(
        "[breaker] %.0f mm, 9 pt, justified: greedy %zu lines, %zu hyphens, widest space +%.2f mm, %zu "
        "lines over max_stretch | Knuth-Plass %zu lines, %zu hyphens, widest space +%.2f mm, %zu lines "
        "over max_stretch\n",
        width, greedy.lines, greedy.hyphens, greedy.widest_space_adjust, greedy.ragged_in_justified, optimal.lines,
        optimal.hyphens, optimal.widest_space_adjust, optimal.ragged_in_justified);
    // Knuth–Plass weighs hyphens against loose lines, so its widest space may
    // be wider than greedy's; both stay within max_stretch (0.6 em).
    EXPECT_LE(optimal.ragged_in_justified, greedy.ragged_in_justified);
    EXPECT_LE(optimal.widest_space_adjust, 0.6 * pt_to_mm(9) + 1e-9);
    EXPECT_LE(greedy.widest_space_adjust, 0.6 * pt_to_mm(9) + 1e-9);
  }
}

}  // namespace
}  // namespace kw::text
