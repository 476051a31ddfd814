// The raw deflate the PNG writer and the overview's cells use: what it makes
// inflates back (by zlib too), streams ended by a sync flush join into one,
// the same input gives the same bytes on any thread and is read back on any,
// and inflate_raw refuses what is not a stream of exactly the size asked
// for.
#include "render/deflate.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace kw::render {
namespace {

std::vector<std::uint8_t> card_like(size_t size, unsigned seed) {
  // Runs of one colour with noisy edges, as a card's rows are.
  std::vector<std::uint8_t> out(size);
  unsigned state = seed;
  for (size_t i = 0; i < size; ++i) {
    state = state * 1103515245U + 12345U;
    out[i] = (i / 700) % 3 == 0 ? static_cast<std::uint8_t>(state >> 24) : static_cast<std::uint8_t>(40 + i / 5000);
  }
  return out;
}

// zlib's raw inflate: another decoder than the one under test.
std::string zlib_inflate(const std::string& deflated, size_t size) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, -15), Z_OK);
  std::string out(size + 16, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(deflated.data()));
  z.avail_in = static_cast<uInt>(deflated.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

TEST(RawDeflate, WhatItMakesInflatesBackAndIsTheSameEachTime) {
  for (size_t size : {size_t{0}, size_t{1}, size_t{1000}, size_t{3} << 20}) {
    const std::vector<std::uint8_t> data = card_like(size, 7);
    const std::string deflated = deflate_fast(data.data(), data.size());
    EXPECT_EQ(deflated, deflate_fast(data.data(), data.size())) << size;
    EXPECT_TRUE(zlib_inflate(deflated, size) == std::string(data.begin(), data.end())) << size;
    std::vector<std::uint8_t> back(size);
    EXPECT_TRUE(inflate_raw(deflated, back.data(), back.size())) << size;
    EXPECT_TRUE(back == data) << size;
    if (size > 1000) {
      EXPECT_LT(deflated.size(), size / 2) << "it compresses";
    }
  }
}

TEST(RawDeflate, StreamsEndedBySyncFlushJoin) {
  // As the overview's bands: each a stream of its own, given in two pieces,
  // joined, then one final empty block (fixed Huffman codes, nothing but
  // its end).
  const std::vector<std::uint8_t> a = card_like(300000, 1), b = card_like(5000, 2);
  std::string joined;
  for (const auto* piece : {&a, &b}) {
    RawDeflater deflater(1);
    std::string out;
    size_t used = 0;
    deflater.add(piece->data(), piece->size() / 2, RawDeflater::Flush::None, out, used);
    deflater.add(piece->data() + piece->size() / 2, piece->size() - piece->size() / 2, RawDeflater::Flush::Sync, out,
                 used);
    out.resize(used);
    ASSERT_GE(out.size(), 4U);
    EXPECT_EQ(out.substr(out.size() - 4), std::string("\x00\x00\xff\xff", 4)) << "an empty stored block ends it";
    joined += out;
  }
  joined += std::string("\x03\x00", 2);
  const std::string expected = std::string(a.begin(), a.end()) + std::string(b.begin(), b.end());
  EXPECT_TRUE(zlib_inflate(joined, expected.size()) == expected);
  std::vector<std::uint8_t> back(expected.size());
  EXPECT_TRUE(inflate_raw(joined, back.data(), back.size()));
  EXPECT_TRUE(std::string(back.begin(), back.end()) == expected);
}

// A card file once came out with other bytes in one build of a few hundred
// (with ISA-L's deflate; what made the difference was not found, and a test
// like this one did not catch it): the bytes must not depend on the thread
// or on what ran before on it, and each thread's decompressor reads them
// back.
TEST(RawDeflate, TheSameBytesOnEveryThreadAndEveryTime) {
  const std::vector<std::uint8_t> a = card_like(2 << 20, 4), b = card_like(700000, 5);
  const std::string want_a = deflate_fast(a.data(), a.size()), want_b = deflate_fast(b.data(), b.size());
  std::vector<int> differ(4, 0);
  std::vector<std::thread> threads;
  threads.reserve(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 12; ++round) {
        const bool first = (round + t) % 2 == 0;
        const auto& data = first ? a : b;
        const std::string deflated = deflate_fast(data.data(), data.size());
        std::vector<std::uint8_t> back(data.size());
        if (deflated != (first ? want_a : want_b) || !inflate_raw(deflated, back.data(), back.size()) || back != data)
          ++differ[static_cast<size_t>(t)];
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(differ, std::vector<int>(4, 0));
}

TEST(RawDeflate, InflateRefusesAStreamOfAnotherSizeOrNone) {
  const std::vector<std::uint8_t> data = card_like(10000, 3);
  const std::string deflated = deflate_fast(data.data(), data.size());
  std::vector<std::uint8_t> room(data.size() + 1);
  EXPECT_FALSE(inflate_raw(deflated, room.data(), data.size() - 1)) << "more than asked for";
  EXPECT_FALSE(inflate_raw(deflated, room.data(), data.size() + 1)) << "less than asked for";
  EXPECT_FALSE(inflate_raw(deflated.substr(0, deflated.size() / 2), room.data(), data.size())) << "cut short";
  EXPECT_FALSE(inflate_raw("not a deflate stream at all", room.data(), data.size()));
  EXPECT_FALSE(inflate_raw("", room.data(), data.size()));
  EXPECT_FALSE(inflate_raw(deflated + "more", room.data(), data.size())) << "bytes after the stream";
  EXPECT_FALSE(inflate_raw(deflated + std::string(1, '\0'), room.data(), data.size())) << "a byte after it";
  EXPECT_TRUE(inflate_raw(deflated, room.data(), data.size()));
}

}  // namespace
}  // namespace kw::render
