#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "render/error.h"
#include "render/png.h"

namespace kw::render {

// The chunks are written here and the image data goes to zlib directly,
// unfiltered: libpng tried every row filter on every row at zlib level 6,
// which made PNG encoding three quarters of a card build's CPU time (issue
// 17). On our cards, flat colour with antialiased edges, no filter at all
// also gives the smallest files (filters turn a run of one colour into a
// run of another and add noise at every edge). The measurements behind the
// settings are in the README ("PNG and JPEG encoding", from
// bench/encode_bench.cpp). libpng still reads PNG files (png_reader.cpp).

namespace {

// zlib level per mode, with every other parameter fixed (not library
// defaults that could change) so the same pixels always give the same bytes.
int level_for(PngCompression compression) { return compression == PngCompression::Fast ? 3 : 6; }

struct Deflater {
  z_stream z{};
  bool open = false;
  ~Deflater() {
    if (open) deflateEnd(&z);
  }
};

// The row as PNG stores it: RGB (alpha dropped) when `channels` is 3, else
// RGBA.
void pack_row(const std::uint8_t* rgba, size_t width, int channels, std::uint8_t* out) {
  if (channels == 4) {
    std::memcpy(out, rgba, width * 4);
    return;
  }
  for (size_t x = 0; x < width; ++x, rgba += 4, out += 3) {
    out[0] = rgba[0];
    out[1] = rgba[1];
    out[2] = rgba[2];
  }
}

// The zlib stream of the IDAT chunk: each row as filter type 0 (none) and
// its bytes, compressed as they are packed (no copy of the whole image).
std::string compressed_rows(const Raster& raster, int channels, int level) {
  const size_t width = static_cast<size_t>(raster.width), row_bytes = 1 + width * channels;
  Deflater d;
  if (deflateInit2(&d.z, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw RenderError("cannot write PNG: zlib initialisation failed");
  d.open = true;
  std::string out(deflateBound(&d.z, static_cast<uLong>(row_bytes * raster.height)), '\0');
  d.z.next_out = reinterpret_cast<Bytef*>(out.data());
  d.z.avail_out = static_cast<uInt>(out.size());
  std::vector<std::uint8_t> row(row_bytes, 0);  // row[0]: filter type none
  for (int y = 0; y < raster.height; ++y) {
    pack_row(raster.rgba.data() + static_cast<size_t>(y) * width * 4, width, channels, row.data() + 1);
    d.z.next_in = row.data();
    d.z.avail_in = static_cast<uInt>(row_bytes);
    const int flush = y + 1 == raster.height ? Z_FINISH : Z_NO_FLUSH;
    // deflateBound leaves room for everything: each call takes its whole row.
    if (deflate(&d.z, flush) != (flush == Z_FINISH ? Z_STREAM_END : Z_OK) || d.z.avail_in != 0)
      throw RenderError("cannot write PNG: compression failed");
  }
  out.resize(d.z.total_out);
  return out;
}

void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>(v >> shift & 0xFF);
}

void chunk(std::string& out, const char* type, const std::string& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  const size_t start = out.size();
  out += type;
  out += data;
  const auto* bytes = reinterpret_cast<const Bytef*>(out.data() + start);
  put32(out, static_cast<std::uint32_t>(crc32(0, bytes, static_cast<uInt>(out.size() - start))));
}

std::string ihdr(const Raster& raster, int channels) {
  std::string data;
  put32(data, static_cast<std::uint32_t>(raster.width));
  put32(data, static_cast<std::uint32_t>(raster.height));
  // 8 bits, RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
  data += {8, static_cast<char>(channels == 3 ? 2 : 6), 0, 0, 0};
  return data;
}

}  // namespace

std::string encode_png(const Raster& raster, PngCompression compression) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write PNG: raster is empty or inconsistent");
  // One IDAT chunk holds at most 2^31 - 1 bytes; zlib counts in 32 bits.
  if ((static_cast<size_t>(raster.width) * 4 + 1) * raster.height > 0x7F000000u)
    throw RenderError("cannot write PNG: raster too large");
  const int channels = raster.opaque() ? 3 : 4;
  std::string idat = compressed_rows(raster, channels, level_for(compression));
  if (idat.size() > 0x7FFFFFFFu) throw RenderError("cannot write PNG: image data too large for one chunk");

  std::string out("\x89PNG\r\n\x1a\n", 8);
  out.reserve(idat.size() + 128);
  chunk(out, "IHDR", ihdr(raster, channels));
  // Cairo paints in sRGB; saying so keeps colour-managed viewers and RIPs
  // from guessing. Rendering intent 0: perceptual.
  chunk(out, "sRGB", std::string(1, '\0'));
  if (raster.dpi > 0) {
    // 300 dpi = 11811.02 px/m; pHYs stores whole pixels per metre.
    const auto ppm = static_cast<std::uint32_t>(std::lround(raster.dpi / 0.0254));
    std::string phys;
    put32(phys, ppm);
    put32(phys, ppm);
    phys += '\x01';  // unit: metre
    chunk(out, "pHYs", phys);
  }
  chunk(out, "IDAT", idat);
  chunk(out, "IEND", "");
  return out;
}

std::string render_png(const page::Page& page, double dpi) { return encode_png(render_raster(page, dpi)); }

}  // namespace kw::render
