#pragma once
// Raw deflate streams (RFC 1951): made by zlib, with every parameter fixed
// (not library defaults that could change) so the same input always gives
// the same bytes, and read back by libdeflate. The PNG writer's streams
// (render/png_writer.cpp) and the overview's cells.
//
// Not ISA-L: its igzip (Intel's SIMD deflate) took about a sixth of zlib's
// time here, but gave a card file other bytes (a valid stream of the same
// rows) in about one build of two hundred streamed, one of eighty in one
// stateless call; zlib's bytes depend on its input and settings only
// (README, "PNG and JPEG encoding").
#include <zlib.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace kw::render {

// One raw stream (a 32 kB window; any wrapper is the caller's) at a zlib
// level, fed piece by piece.
class RawDeflater {
 public:
  // How the input given ends: more may follow; the stream so far ends on a
  // byte boundary with an empty stored block, so that another stream may
  // follow it, joined (Z_SYNC_FLUSH); or the stream's final block.
  enum class Flush { None, Sync, Finish };

  explicit RawDeflater(int level);
  ~RawDeflater();
  RawDeflater(const RawDeflater&) = delete;
  RawDeflater& operator=(const RawDeflater&) = delete;

  // `size` bytes at `in` compressed onto `out`, whose first `used` bytes
  // are the stream so far and the rest room for more. The room grows by
  // doubling and is given back only when the stream ends (the caller
  // resizes to `used`): resizing the string for every row zero-filled 64 kB
  // per row, 75 MB per card, a tenth of a card's encoding time. At most
  // 2 GiB at once. Throws RenderError if zlib fails.
  void add(const std::uint8_t* in, size_t size, Flush flush, std::string& out, size_t& used);

 private:
  z_stream z_{};
};

// `size` bytes at `data` as one whole raw stream at zlib's level 1.
std::string deflate_fast(const std::uint8_t* data, size_t size);

// A raw stream inflated into exactly `size` bytes at `out`; false when it is
// not one, does not hold exactly that many, or is followed by more bytes.
bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size);

}  // namespace kw::render
