// UTF-8 on ICU: decoding, validation and encoding at byte offsets.
#include <gtest/gtest.h>

#include "core/utf8.h"

namespace kw::text {
namespace {

TEST(Utf8, DecodesAndAdvancesByTheSequenceLength) {
  const std::string s = "aé€𐀀";  // 1, 2, 3 and 4 bytes
  std::size_t i = 0;
  EXPECT_EQ(utf8::decode(s, i), U'a');
  EXPECT_EQ(i, 1u);
  EXPECT_EQ(utf8::decode(s, i), U'é');
  EXPECT_EQ(i, 3u);
  EXPECT_EQ(utf8::decode(s, i), U'€');
  EXPECT_EQ(i, 6u);
  EXPECT_EQ(utf8::decode(s, i), U'\U00010000');
  EXPECT_EQ(i, 10u);
}

TEST(Utf8, MalformedSequencesAreDetectedAndSkipped) {
  for (const std::string bad : {"\xFF", "\xC3", "\xC3(", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80"}) {
    std::size_t i = 0;
    EXPECT_FALSE(utf8::decode(bad, i)) << bad;
    EXPECT_GE(i, 1u) << bad;  // always moves on
    i = 0;
    EXPECT_EQ(utf8::next(bad, i), U'\uFFFD') << bad;
  }
  EXPECT_EQ(utf8::first_invalid("Ringträger"), std::string_view::npos);
  EXPECT_EQ(utf8::first_invalid("Ring\xFFträger"), 4u);
  EXPECT_EQ(utf8::first_invalid("träg\xE2\x82"), 5u);  // cut off at the end
  EXPECT_EQ(utf8::first_invalid(""), std::string_view::npos);
}

TEST(Utf8, EncodesCodePointsAndReplacesNonCharacters) {
  EXPECT_EQ(utf8::encode(U'A'), "A");
  EXPECT_EQ(utf8::encode(U'ß'), "ß");
  EXPECT_EQ(utf8::encode(U'\uFFFC'), "\xEF\xBF\xBC");
  EXPECT_EQ(utf8::encode(U'\U0001F0A1'), "\xF0\x9F\x82\xA1");
  EXPECT_EQ(utf8::encode(0xD800), "\xEF\xBF\xBD");    // a surrogate is no character
  EXPECT_EQ(utf8::encode(0x110000), "\xEF\xBF\xBD");  // past the last code point
  EXPECT_EQ(utf8::hex(U'é'), "U+00E9");
  EXPECT_EQ(utf8::hex(U'\U00010000'), "U+10000");
}

}  // namespace
}  // namespace kw::text
