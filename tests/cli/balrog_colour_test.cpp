// Colour that matches the screen (issue 30): Das Duell's Balrog cards in
// the shipped Meinspiel PDF/X-4 package print within ΔE2000 3 of a plain
// profile conversion of the design, measured as preflight measures it
// (Ghostscript's CMYK rendering against the card's own, in 1 mm cells: the
// 95th percentile, and for the back the worst cell). Before their red glow
// was composed in RGB the RIP blended it in CMYK over the dark brown ground:
// the back measured 6.1 in 95 % and 6.4 at worst, the fronts 4.5 and 10.1.
// Then b27-schatten's black sun, a disc of the panel brown printed in black
// ink alone, still measured 6.1 in the cells along its rim (every Balrog
// front 2.7 at worst, from smaller shapes of that brown).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/test_support.h"

namespace kw {
namespace {

using test::kartenwerk;
using test::quoted;

struct Cells {
  std::string card;
  double p95 = 0, worst = 0;
};

// Every card's separation figures from preflight's `ok` lines.
std::vector<Cells> separations(const std::string& report) {
  static const std::regex line(R"(\n  (\S+) +ok  .*separations ΔE (\d+\.\d) in 95 %, (\d+\.\d) at worst)");
  std::vector<Cells> out;
  for (std::sregex_iterator it(report.begin(), report.end(), line), end; it != end; ++it)
    out.push_back({(*it)[1], std::stod((*it)[2]), std::stod((*it)[3])});
  return out;
}

TEST(BalrogColour, TheBalrogCardsSoftProofWithinThreeOfAPlainConversion) {
  test::TempDir out, cache;
  const std::string shipped = "--root " + quoted(test::source_root()) + " ";
  auto b = kartenwerk(shipped + "build --game duell --cache " + quoted(cache.path()) + " --out " + quoted(out.path()));
  ASSERT_EQ(b.status, 0) << b.output;
  auto r = kartenwerk(shipped + "preflight --game duell --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 0) << r.output;
  int fronts = 0, backs = 0;
  for (const Cells& c : separations(r.output)) {
    if (c.card == "00-back-balrog") {
      ++backs;
      EXPECT_LE(c.p95, 3) << r.output;
      EXPECT_LE(c.worst, 3) << "the back's worst 1 mm cell\n" << r.output;
    } else if (std::regex_search(c.card, std::regex(R"(^\d+-b\d\d-)"))) {
      ++fronts;
      EXPECT_LE(c.p95, 3) << c.card << "\n" << r.output;
      EXPECT_LE(c.worst, 3) << c.card << "'s worst 1 mm cell\n" << r.output;
    }
  }
  EXPECT_EQ(backs, 1) << r.output;
  EXPECT_EQ(fronts, 27) << r.output;
}

}  // namespace
}  // namespace kw
