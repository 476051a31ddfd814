#include "render/deflate.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace kw::render {

namespace {

struct DecompressorDeleter {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

// One per thread: it keeps nothing from one call to the next.
libdeflate_decompressor& decompressor() {
  thread_local const std::unique_ptr<libdeflate_decompressor, DecompressorDeleter> d(libdeflate_alloc_decompressor());
  if (!d) throw std::bad_alloc();
  return *d;
}

}  // namespace

std::string deflate_fast(const std::uint8_t* data, size_t size) {
  if (size > 0x80000000u) throw std::runtime_error("deflate: more than 2 GiB at once");
  z_stream z{};
  // A raw stream (-15: a 32 kB window), every parameter fixed.
  if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflate: zlib initialisation failed");
  std::string out(deflateBound(&z, static_cast<uLong>(size)), '\0');
  z.next_in = const_cast<Bytef*>(data);  // zlib only reads it
  z.avail_in = static_cast<uInt>(size);
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("deflate: zlib failed");
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
