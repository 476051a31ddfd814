#include "render/deflate.h"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace kw::render {

namespace {

struct CompressorDeleter {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};
struct DecompressorDeleter {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

// One per level and thread, made when first asked for: a compressor holds
// a few hundred kB of tables, which every card would otherwise allocate
// anew. It keeps nothing from one call to the next that could change the
// bytes.
libdeflate_compressor& compressor(int level) {
  if (level < kFastestLevel || level > kLargestLevel) throw std::invalid_argument("deflate: no such level");
  thread_local std::array<std::unique_ptr<libdeflate_compressor, CompressorDeleter>, kLargestLevel + 1> by_level;
  auto& c = by_level[static_cast<size_t>(level)];
  if (!c) c.reset(libdeflate_alloc_compressor(level));
  if (!c) throw std::bad_alloc();
  return *c;
}

libdeflate_decompressor& decompressor() {
  thread_local const std::unique_ptr<libdeflate_decompressor, DecompressorDeleter> d(libdeflate_alloc_decompressor());
  if (!d) throw std::bad_alloc();
  return *d;
}

}  // namespace

void deflate_whole(const std::uint8_t* data, size_t size, int level, std::string& out, size_t& used) {
  if (size > 0x80000000u) throw std::runtime_error("deflate: more than 2 GiB at once");
  libdeflate_compressor& c = compressor(level);
  const size_t bound = libdeflate_deflate_compress_bound(&c, size);
  if (out.size() - used < bound) out.resize(std::max(out.size() * 2, used + bound));
  const size_t written = libdeflate_deflate_compress(&c, data, size, out.data() + used, out.size() - used);
  if (written == 0) throw std::runtime_error("deflate: libdeflate failed");  // cannot happen with the bound's room
  used += written;
}

std::string deflate_fast(const std::uint8_t* data, size_t size) {
  std::string out;
  size_t used = 0;
  deflate_whole(data, size, kFastestLevel, out, used);
  out.resize(used);
  return out;
}

size_t make_room(std::string& out, size_t used) {
  constexpr size_t kRoom = 65536;
  if (out.size() - used < kRoom) out.resize(std::max(out.size() * 2, used + kRoom));
  return std::min<size_t>(out.size() - used, 0x7FFFFFFF);
}

bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size) {
  size_t read = 0, written = 0;
  const libdeflate_result result =
      libdeflate_deflate_decompress_ex(&decompressor(), deflated.data(), deflated.size(), out, size, &read, &written);
  // Exactly `size` bytes out (a stream that holds more does not fit and
  // fails), and nothing after the stream.
  return result == LIBDEFLATE_SUCCESS && written == size && read == deflated.size();
}

}  // namespace kw::render
