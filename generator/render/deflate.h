#pragma once
// Raw deflate streams (RFC 1951) of whole buffers, made by zlib at its
// level 1 and read back by libdeflate: the overview's cells (render/png.h
// writes the PNG files' streams with zlib itself).
//
// Not ISA-L: its igzip (Intel's SIMD deflate) took about a sixth of zlib's
// time here, but gave a card file other bytes (a valid stream of the same
// rows) in about one build of two hundred, streamed or stateless; zlib's
// bytes depend on the input and its settings only (README, "PNG and JPEG
// encoding").
#include <cstdint>
#include <string>
#include <string_view>

namespace kw::render {

// `size` bytes at `data` as one whole raw stream. At most 2 GiB. Throws
// std::runtime_error if zlib fails.
std::string deflate_fast(const std::uint8_t* data, size_t size);

// Room after the first `used` bytes of `out` for a compressor to write
// into: at least 64 kB, `out` grown by doubling (the caller cuts it to
// `used` when done); how much, at most 2^31 - 1 bytes.
size_t make_room(std::string& out, size_t used);

// A raw stream inflated into exactly `size` bytes at `out`; false when it is
// not one, does not hold exactly that many, or is followed by more bytes.
bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size);

}  // namespace kw::render
