#include "render/pdf_date_fix.h"

#include <gtest/gtest.h>

#include <string>

namespace kw::render::detail {
namespace {

std::string through_fix(const std::string& in, size_t chunk) {
  std::string out;
  PdfDateFix fix([&](std::string_view b) { out.append(b); });
  for (size_t i = 0; i < in.size(); i += chunk) fix.write(std::string_view(in).substr(i, chunk));
  fix.flush();
  return out;
}

const std::string kCairo116Info =
    "6 0 obj\n<< /Producer (cairo 1.16.0 (https://cairographics.org))\n   /Title (kartenwerk)\n"
    "   /CreationDate (20250101000000Z)\n   /ModDate (20250101000000Z)\n>>\nendobj\n";
const std::string kFixedInfo =
    "6 0 obj\n<< /Producer (cairo 1.16.0 (https://cairographics.org))\n   /Title (kartenwerk)\n"
    " /CreationDate (D:20250101000000Z)\n /ModDate (D:20250101000000Z)\n>>\nendobj\n";

TEST(PdfDateFix, AddsPrefixKeepingLengthWhateverTheChunking) {
  for (size_t chunk : {1, 2, 5, 17, 18, 19, 64, 4096}) {
    std::string out = through_fix(kCairo116Info, chunk);
    EXPECT_EQ(out, kFixedInfo) << "chunk " << chunk;
    EXPECT_EQ(out.size(), kCairo116Info.size());
  }
}

TEST(PdfDateFix, LeavesPrefixedDatesAndOtherBytesAlone) {
  EXPECT_EQ(through_fix(kFixedInfo, 7), kFixedInfo);
  std::string binary("\x00\x01   /ModDate (x)\xff\x00", 19);  // ends in a NUL byte too
  EXPECT_EQ(through_fix(binary, 3), binary);
  EXPECT_EQ(through_fix("", 3), "");
}

}  // namespace
}  // namespace kw::render::detail
