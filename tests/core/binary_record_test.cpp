// The cache's records of our own (core/binary_record.h): what is written
// reads back bit for bit; a count larger than the bytes left, a read past
// the end or a sealed record changed anywhere is refused, never half read.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/binary_record.h"

namespace kw {
namespace {

TEST(BinaryRecord, ReadsBackWhatWasWritten) {
  BinaryWriter w;
  w.begin_sealed("kartenwerk test 1\n");
  w.u64(0xfedcba9876543210ULL);
  w.u32(0x89abcdefU);
  w.i64(-5);
  w.f64(1.0 / 3);
  w.f64(-0.0);
  w.text("Palantír\n");
  w.text("");
  const std::string record = w.take_sealed();
  std::string why;
  const auto body = sealed_body(record, "kartenwerk test 1\n", &why);
  ASSERT_TRUE(body) << why;
  BinaryReader r(*body);
  EXPECT_EQ(r.u64(), 0xfedcba9876543210ULL);
  EXPECT_EQ(r.u32(), 0x89abcdefU);
  EXPECT_EQ(r.small_int(), -5);
  EXPECT_EQ(r.f64(), 1.0 / 3);
  EXPECT_TRUE(std::signbit(r.f64()));
  EXPECT_EQ(r.text(), "Palantír\n");
  EXPECT_EQ(r.text(), "");
  EXPECT_TRUE(r.done());
}

TEST(BinaryRecord, ADamagedRecordIsRefusedWhole) {
  BinaryWriter w;
  w.begin_sealed("kartenwerk test 1\n");
  for (int i = 0; i < 20; ++i) w.text("entry " + std::to_string(i));
  const std::string record = w.take_sealed();
  for (size_t at = 0; at < record.size(); ++at) {
    std::string damaged = record;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
    EXPECT_FALSE(sealed_body(damaged, "kartenwerk test 1\n")) << at;
  }
  std::string why;
  EXPECT_FALSE(sealed_body(record, "kartenwerk test 2\n", &why));
  EXPECT_EQ(why, "it is not such a record");
  EXPECT_FALSE(sealed_body(record.substr(0, 30), "kartenwerk test 1\n"));
  EXPECT_FALSE(sealed_body(record + "x", "kartenwerk test 1\n", &why));
  EXPECT_EQ(why, "its bytes do not match its hash");
}

TEST(BinaryRecord, CountsAndReadsPastTheEndFail) {
  BinaryWriter w;
  w.u64(1000);  // a count of 1000 texts, with 8 bytes behind it
  w.u64(1);
  const std::string bytes = w.take();
  BinaryReader r(bytes);
  EXPECT_EQ(r.count(8), 0u);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.u64(), 0u);  // failed stays failed
  BinaryReader huge(std::string(8, '\xff'));
  EXPECT_EQ(huge.count(1), 0u);
  EXPECT_FALSE(huge.ok());
  BinaryReader short_text(std::string("\x05\0\0\0\0\0\0\0abc", 11));
  EXPECT_EQ(short_text.text(), "");
  EXPECT_FALSE(short_text.ok());
  BinaryReader not_int(std::string("\x00\x00\x00\x00\x01\x00\x00\x00", 8));
  EXPECT_EQ(not_int.small_int(), 0);
  EXPECT_FALSE(not_int.ok());
}

}  // namespace
}  // namespace kw
