#pragma once
// Raw deflate streams (RFC 1951) of whole buffers, made and read back by
// libdeflate: what a build compresses for every card (its PNG file, its
// overview cell). libdeflate keeps no state
// between calls and its output depends only on the input and the level, so
// the same pixels always give the same bytes.
//
// ISA-L's streaming igzip did this for a while (faster still), until a card
// file came out with other bytes in one build of a few hundred: its output
// depended on something other than the input we gave it (README, "PNG and
// JPEG encoding").
#include <cstdint>
#include <string>
#include <string_view>

namespace kw::render {

// libdeflate's levels: 1 the fastest, 12 the smallest.
constexpr int kFastestLevel = 1;
constexpr int kLargestLevel = 12;

// `size` bytes at `data` as one whole raw stream at `level`, appended to
// `out` at `used` (the bytes after it are room: the room grows by doubling
// and the caller cuts `out` to `used` when done). At most 2 GiB.
void deflate_whole(const std::uint8_t* data, size_t size, int level, std::string& out, size_t& used);

// At the fastest level, as a string of its own.
std::string deflate_fast(const std::uint8_t* data, size_t size);

// Room after the first `used` bytes of `out` for a compressor to write
// into: at least 64 kB, `out` grown by doubling (the caller cuts it to
// `used` when done); how much, at most 2^31 - 1 bytes.
size_t make_room(std::string& out, size_t used);

// A raw stream inflated into exactly `size` bytes at `out`; false when it is
// not one, does not hold exactly that many, or is followed by more bytes.
bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size);

}  // namespace kw::render
