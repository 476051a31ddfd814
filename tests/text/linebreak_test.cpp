#include "text/linebreak.h"

#include <gtest/gtest.h>

namespace kw::text {
namespace {

std::vector<std::size_t> bytes(const std::string& s, const std::string& lang = "de") {
  static const LineBreakers breakers;
  std::vector<std::size_t> out;
  for (const auto& o : breakers.opportunities(s, lang)) out.push_back(o.byte);
  return out;
}

TEST(LineBreak, BreaksAfterSpacesAndHyphens) {
  // "Nord-Süd Weg": after "Nord-" (5) and after "Süd " (10 bytes: ü is two).
  EXPECT_EQ(bytes("Nord-Süd Weg"), (std::vector<std::size_t>{5, 10, 13}));
}

TEST(LineBreak, NoBreakSpaceNeverBreaks) {
  // "10\u00A0km weit": only after "km " (byte 7), not after the no-break space.
  EXPECT_EQ(bytes("10\u00A0km weit"), (std::vector<std::size_t>{7, 11}));
}

TEST(LineBreak, SoftHyphenIsAnOpportunity) {
  // "Ring\u00ADträger": after the soft hyphen (bytes 4-5).
  EXPECT_EQ(bytes("Ring\u00ADträger"), (std::vector<std::size_t>{6, 13}));
}

TEST(LineBreak, NoBreakBeforePunctuation) { EXPECT_EQ(bytes("Halt ! Wer da?"), (std::vector<std::size_t>{7, 11, 14})); }

TEST(LineBreak, EmptyTextHasNone) { EXPECT_TRUE(bytes("").empty()); }

}  // namespace
}  // namespace kw::text
