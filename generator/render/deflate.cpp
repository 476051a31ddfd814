#include "render/deflate.h"

#include <libdeflate.h>

#include <algorithm>
#include <memory>

#include "render/error.h"

namespace kw::render {

namespace {

// Room after the first `used` bytes of `out` for zlib to write into: at
// least 64 kB, `out` grown by doubling; how much, at most 2^31 - 1 bytes.
size_t make_room(std::string& out, size_t used) {
  constexpr size_t kRoom = 65536;
  if (out.size() - used < kRoom) out.resize(std::max(out.size() * 2, used + kRoom));
  return std::min<size_t>(out.size() - used, 0x7FFFFFFF);
}

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

RawDeflater::RawDeflater(int level) {
  // -15: raw, a 32 kB window; memory level 8, the default strategy.
  if (deflateInit2(&z_, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw RenderError("cannot compress: zlib initialisation failed");
}

RawDeflater::~RawDeflater() { deflateEnd(&z_); }

void RawDeflater::add(const std::uint8_t* in, size_t size, Flush flush, std::string& out, size_t& used) {
  if (size > 0x80000000u) throw RenderError("cannot compress more than 2 GiB at once");
  const int mode = flush == Flush::Finish ? Z_FINISH : flush == Flush::Sync ? Z_SYNC_FLUSH : Z_NO_FLUSH;
  z_.next_in = const_cast<Bytef*>(in);  // zlib only reads it
  z_.avail_in = static_cast<uInt>(size);
  for (;;) {
    const size_t room = make_room(out, used);
    z_.next_out = reinterpret_cast<Bytef*>(out.data() + used);
    z_.avail_out = static_cast<uInt>(room);
    const int status = deflate(&z_, mode);
    used += room - z_.avail_out;
    if (status == Z_STREAM_END) return;
    if (status != Z_OK && status != Z_BUF_ERROR) throw RenderError("cannot compress: zlib failed");
    // Done when the input is used up and zlib left room in the buffer (a
    // flush is complete then too).
    if (mode != Z_FINISH && z_.avail_in == 0 && z_.avail_out != 0) return;
  }
}

std::string deflate_fast(const std::uint8_t* data, size_t size) {
  RawDeflater deflater(1);
  std::string out;
  size_t used = 0;
  deflater.add(data, size, RawDeflater::Flush::Finish, out, used);
  out.resize(used);
  return out;
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
