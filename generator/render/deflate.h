#pragma once
// Raw deflate streams (RFC 1951) made by ISA-L's igzip (Intel's SIMD
// deflate, Debian libisal-dev) at its level 2, and read back: what a build
// compresses for every card (its PNG file in the fast mode, its overview
// cell, the overview's rows). On our cards it takes about a sixth of the
// time of zlib's level 1 for files 2 to 3 % larger (README, "PNG and JPEG
// encoding"). The same input in the same pieces always gives the same bytes;
// ISA-L's AVX-512 and AVX2 code gave the same bytes at levels 0 to 2 (not at
// level 3, which is not used), and the build cache's key names the
// processor's instruction sets all the same.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kw::render {

class FastDeflate {
 public:
  // How the input given ends the stream: more may follow; the stream so far
  // ends on a byte boundary with an empty stored block and refers to
  // nothing after it, so that it joins with another (zlib's Z_SYNC_FLUSH);
  // or the stream's final block.
  enum class End { More, Sync, Final };

  FastDeflate();
  ~FastDeflate();
  FastDeflate(const FastDeflate&) = delete;
  FastDeflate& operator=(const FastDeflate&) = delete;

  // `size` bytes at `in` compressed onto `out`, whose first `used` bytes are
  // the stream so far and the rest room for more: the room grows by
  // doubling, and the caller cuts `out` to `used` when done. At most 2^31
  // bytes at once. Throws std::runtime_error if ISA-L fails.
  void add(const std::uint8_t* in, size_t size, End end, std::string& out, size_t& used);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Room after the first `used` bytes of `out` for a compressor to write
// into: at least 64 kB, `out` grown by doubling (the caller cuts it to
// `used` when done); how much, at most 2^31 - 1 bytes.
size_t make_room(std::string& out, size_t used);

// `size` bytes at `data` as one whole raw stream.
std::string deflate_fast(const std::uint8_t* data, size_t size);

// A raw stream inflated into exactly `size` bytes at `out`; false when it is
// not one, does not hold exactly that many, or is followed by more bytes.
bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size);

}  // namespace kw::render
