#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "render/deflate.h"
#include "render/error.h"
#include "render/png.h"

namespace kw::render {

// The chunks are written here and the image data goes to the compressor
// directly, unfiltered: libpng tried every row filter on every row at zlib level 6,
// which made PNG encoding three quarters of a card build's CPU time (issue
// 17). On our cards, flat colour with antialiased edges, no filter at all
// also gives the smallest files (filters turn a run of one colour into a
// run of another and add noise at every edge). The measurements behind the
// settings are in the README ("PNG and JPEG encoding", from
// bench/encode_bench.cpp). libpng still reads PNG files (png_reader.cpp).
//
// A raw deflate stream is made by a library and the zlib wrapper (a
// two-byte header, the Adler-32 of the rows at the end) is written here, its
// checksums by libdeflate: zlib 1.2's Adler-32 is plain C and took 1.6 ms of
// a card's ~5 ms of encoding, libdeflate's (SIMD) 0.08 ms.
//
// The fast mode (the default) is zlib's level 1, the small one its level 6,
// whose files are about a sixth smaller. ISA-L deflated the fast mode for a
// while, at a sixth of zlib's time, until its bytes turned out to vary
// from build to build (render/deflate.h).

namespace {

// zlib's level for a mode (1 the fastest: 3.5 % less deflate time than
// level 3 for files 5 % larger; 6 its default), with every other parameter
// fixed (not library defaults that could change) so the same pixels always
// give the same bytes.
int level_for(PngCompression compression) { return compression == PngCompression::Fast ? 1 : 6; }

// The zlib header zlib writes for `level` with a 32 kB window (RFC 1950:
// CMF 0x78, FLG's level bits as deflate.c sets them, and its check bits).
std::uint16_t zlib_header(int level) {
  const unsigned flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
  unsigned header = 0x78U << 8 | flags << 6;
  header += 31 - header % 31;
  return static_cast<std::uint16_t>(header);
}

// The row as PNG stores it: RGB (alpha dropped) when `channels` is 3, else
// RGBA.
void pack_row(const std::uint8_t* rgba, size_t width, int channels, std::uint8_t* out) {
  if (channels == 4) {
    std::memcpy(out, rgba, width * 4);
    return;
  }
  size_t x = 0;
  if constexpr (std::endian::native == std::endian::little) {
    // Four pixels at a time through two 64-bit words: a byte at a time
    // this took a fifth of a card's encoding once the compressor was fast.
    for (; x + 4 <= width; x += 4, rgba += 16, out += 12) {
      std::uint64_t a, b;  // pixels 0 and 1, 2 and 3: R G B A R G B A from the low byte up
      std::memcpy(&a, rgba, 8);
      std::memcpy(&b, rgba + 8, 8);
      const std::uint64_t low = (a & 0xFFFFFF) | (a >> 8 & 0xFFFFFF000000) | b << 48;  // R0 G0 B0 R1 G1 B1 R2 G2
      const auto high = static_cast<std::uint32_t>((b >> 16 & 0xFF) | (b >> 24 & 0xFFFFFF00));  // B2 R3 G3 B3
      std::memcpy(out, &low, 8);
      std::memcpy(out + 8, &high, 4);
    }
  }
  for (; x < width; ++x, rgba += 4, out += 3) {
    out[0] = rgba[0];
    out[1] = rgba[1];
    out[2] = rgba[2];
  }
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
  put32(out, libdeflate_crc32(0, bytes, out.size() - start));
}

std::string ihdr(int width, int height, int channels) {
  std::string data;
  put32(data, static_cast<std::uint32_t>(width));
  put32(data, static_cast<std::uint32_t>(height));
  // 8 bits, RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
  data += {8, static_cast<char>(channels == 3 ? 2 : 6), 0, 0, 0};
  return data;
}

// The signature, the header chunks, and the IDAT chunk's length (a
// placeholder) and type followed by the zlib header; returns where the
// chunk's length is.
size_t begin_png(std::string& out, int width, int height, double dpi, int channels, int level) {
  out.assign("\x89PNG\r\n\x1a\n", 8);
  chunk(out, "IHDR", ihdr(width, height, channels));
  // Cairo paints in sRGB; saying so keeps colour-managed viewers and RIPs
  // from guessing. Rendering intent 0: perceptual.
  chunk(out, "sRGB", std::string(1, '\0'));
  if (dpi > 0) {
    // 300 dpi = 11811.02 px/m; pHYs stores whole pixels per metre.
    const auto ppm = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
    std::string phys;
    put32(phys, ppm);
    put32(phys, ppm);
    phys += '\x01';  // unit: metre
    chunk(out, "pHYs", phys);
  }
  const size_t idat_start = out.size();
  out += std::string(4, '\0') + "IDAT";
  const std::uint16_t header = zlib_header(level);
  out += static_cast<char>(header >> 8);
  out += static_cast<char>(header & 0xFF);
  return idat_start;
}

// Ends the zlib stream with `adler`, fills in the IDAT chunk's length and
// CRC, and appends IEND.
void end_png(std::string& out, size_t idat_start, std::uint32_t adler) {
  put32(out, adler);
  const size_t data = out.size() - idat_start - 8;
  if (data > 0x7FFFFFFFu) throw RenderError("cannot write PNG: image data too large for one chunk");
  for (int k = 0; k < 4; ++k) out[idat_start + k] = static_cast<char>(data >> (24 - 8 * k) & 0xFF);
  const auto* type = reinterpret_cast<const Bytef*>(out.data() + idat_start + 4);
  put32(out, libdeflate_crc32(0, type, data + 4));
  chunk(out, "IEND", "");
}

// Rows handed to zlib at once: about 128 kB of them, at least one (a call
// per row cost more; larger chunks gain nothing).
constexpr size_t kChunkBytes = size_t{128} << 10;

using Flush = RawDeflater::Flush;

// The rows of one image (or band) as PNG stores them, unfiltered, packed a
// chunk at a time and compressed by zlib onto a string. The bytes depend
// only on the rows and on where the chunks end, which the row's size
// decides.
class RowStream {
 public:
  RowStream(PngCompression compression, size_t width, int channels, size_t max_rows)
      : width_(width), channels_(channels), row_bytes_(1 + width * channels), zlib_(level_for(compression)) {
    chunk_.resize(std::clamp<size_t>(kChunkBytes / row_bytes_, 1, std::max<size_t>(max_rows, 1)) * row_bytes_);
  }

  // The next row: `width` straight-RGBA pixels, onto `out` (its first
  // `used` bytes the stream so far) when its chunk is full.
  void add(const std::uint8_t* rgba, std::string& out, size_t& used) {
    std::uint8_t* row = chunk_.data() + chunk_used_;
    row[0] = 0;  // filter type none
    pack_row(rgba, width_, channels_, row + 1);
    chunk_used_ += row_bytes_;
    ++rows_;
    if (chunk_used_ == chunk_.size()) compress(Flush::None, out, used);
  }
  // The rows held, and the stream's end: Finish for a file, Sync for a band.
  void end(Flush end, std::string& out, size_t& used) { compress(end, out, used); }

  int rows() const { return rows_; }
  std::uint64_t length() const { return static_cast<std::uint64_t>(rows_) * row_bytes_; }
  std::uint32_t adler() const { return adler_; }

 private:
  void compress(Flush flush, std::string& out, size_t& used) {
    adler_ = libdeflate_adler32(adler_, chunk_.data(), chunk_used_);
    zlib_.add(chunk_.data(), chunk_used_, flush, out, used);
    chunk_used_ = 0;
  }

  size_t width_;
  int channels_;
  size_t row_bytes_;
  RawDeflater zlib_;
  std::vector<std::uint8_t> chunk_;  // whole rows not yet compressed
  size_t chunk_used_ = 0;            // bytes of it filled
  int rows_ = 0;
  std::uint32_t adler_ = 1;  // of the rows compressed (Adler-32 starts at 1)
};

}  // namespace

// The file is built in one string: the header chunks, then the IDAT chunk's
// length and type as placeholders, its zlib stream appended as the rows
// come, and the length and CRC filled in by finish().
struct PngWriter::State {
  int height = 0;
  std::optional<RowStream> rows;
  std::string out;  // its first `used` bytes are the file so far
  size_t used = 0;
  size_t idat_start = 0;  // offset of the IDAT chunk's length
  bool finished = false;
};

PngWriter::PngWriter(int width, int height, double dpi, bool opaque, PngCompression compression)
    : state_(std::make_unique<State>()) {
  if (width <= 0 || height <= 0) throw RenderError("cannot write PNG: raster is empty or inconsistent");
  const int channels = opaque ? 3 : 4;
  // One IDAT chunk holds at most 2^31 - 1 bytes; zlib counts in 32 bits.
  if ((static_cast<size_t>(width) * 4 + 1) * height > 0x7F000000u)
    throw RenderError("cannot write PNG: raster too large");
  State& s = *state_;
  s.height = height;
  s.rows.emplace(compression, static_cast<size_t>(width), channels, static_cast<size_t>(height));
  s.idat_start = begin_png(s.out, width, height, dpi, channels, level_for(compression));
  s.used = s.out.size();
}

PngWriter::~PngWriter() = default;

void PngWriter::add_row(const std::uint8_t* rgba) {
  State& s = *state_;
  if (s.finished || s.rows->rows() >= s.height) throw RenderError("cannot write PNG: more rows than its height");
  s.rows->add(rgba, s.out, s.used);
  if (s.rows->rows() == s.height) s.rows->end(Flush::Finish, s.out, s.used);
}

std::string PngWriter::finish() {
  State& s = *state_;
  if (s.finished || s.rows->rows() != s.height) throw RenderError("cannot write PNG: fewer rows than its height");
  s.finished = true;
  s.out.resize(s.used);
  end_png(s.out, s.idat_start, s.rows->adler());
  return std::move(s.out);
}

// --- bands ---------------------------------------------------------------

namespace {

constexpr std::string_view kBandMagic = "kartenwerk png band 1\n";

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>(v >> (8 * i) & 0xFF);
}

std::uint64_t get_le(std::string_view in, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(static_cast<unsigned char>(in[i])) << (8 * i);
  return v;
}

}  // namespace

std::string PngBand::pack() const {
  std::string out(kBandMagic);
  put_le(out, adler, 4);
  put_le(out, length, 8);
  put_le(out, static_cast<std::uint64_t>(rows), 4);
  out += deflated;
  return out;
}

std::optional<PngBand> PngBand::unpack(const std::string& bytes) {
  const std::string_view in(bytes);
  if (!in.starts_with(kBandMagic) || in.size() < kBandMagic.size() + 16) return std::nullopt;
  const std::string_view head = in.substr(kBandMagic.size());
  PngBand band;
  band.adler = static_cast<std::uint32_t>(get_le(head, 4));
  band.length = get_le(head.substr(4), 8);
  const std::uint64_t rows = get_le(head.substr(12), 4);
  if (rows == 0 || rows > 0x7FFFFFFF) return std::nullopt;
  band.rows = static_cast<int>(rows);
  band.deflated.assign(head.substr(16));
  return band;
}

struct PngBandEncoder::State {
  std::optional<RowStream> rows;
  PngBand band;
  size_t used = 0;  // of band.deflated: its stream so far
  bool finished = false;
};

PngBandEncoder::PngBandEncoder(int width, bool opaque, PngCompression compression) : state_(std::make_unique<State>()) {
  if (width <= 0) throw RenderError("cannot write PNG: raster is empty or inconsistent");
  // A band's height is not known before its end: chunks of about 128 kB.
  state_->rows.emplace(compression, static_cast<size_t>(width), opaque ? 3 : 4, SIZE_MAX);
}

PngBandEncoder::~PngBandEncoder() = default;

void PngBandEncoder::add_row(const std::uint8_t* rgba) {
  State& s = *state_;
  if (s.finished) throw RenderError("cannot write PNG: a row after the band's end");
  s.rows->add(rgba, s.band.deflated, s.used);
}

PngBand PngBandEncoder::finish() {
  State& s = *state_;
  if (s.finished || s.rows->rows() == 0) throw RenderError("cannot write PNG: a band without rows");
  s.finished = true;
  s.rows->end(Flush::Sync, s.band.deflated, s.used);  // byte-aligned, not final
  s.band.deflated.resize(s.used);
  s.band.adler = s.rows->adler();
  s.band.length = s.rows->length();
  s.band.rows = s.rows->rows();
  return std::move(s.band);
}

BandedPngWriter::BandedPngWriter(int width, int height, double dpi, bool opaque, PngCompression compression)
    : width_(width), height_(height), channels_(opaque ? 3 : 4) {
  if (width <= 0 || height <= 0) throw RenderError("cannot write PNG: raster is empty or inconsistent");
  if ((static_cast<size_t>(width) * 4 + 1) * height > 0x7F000000u)
    throw RenderError("cannot write PNG: raster too large");
  idat_start_ = begin_png(out_, width, height, dpi, channels_, level_for(compression));
}

BandedPngWriter::~BandedPngWriter() = default;

void BandedPngWriter::add_band(const PngBand& band) {
  const std::uint64_t row_bytes = 1 + static_cast<std::uint64_t>(width_) * channels_;
  if (band.rows <= 0 || band.rows > height_ - rows_ || band.length != row_bytes * band.rows)
    throw RenderError("cannot write PNG: a band of " + std::to_string(band.rows) + " rows that does not fit");
  rows_ += band.rows;
  out_ += band.deflated;
  adler_ = static_cast<std::uint32_t>(adler32_combine(adler_, band.adler, static_cast<z_off_t>(band.length)));
  if (file_ && out_.size() >= (size_t{1} << 20)) flush_to_file();
}

void BandedPngWriter::end() {
  if (rows_ != height_) throw RenderError("cannot write PNG: fewer rows than its height");
  // The final block: fixed Huffman codes, nothing but its end (what zlib
  // writes for Z_FINISH after a flush).
  out_ += std::string("\x03\x00", 2);
  rows_ = -1;  // once
}

std::string BandedPngWriter::finish() {
  if (file_) throw std::logic_error("a streamed PNG ends with finish_file()");
  end();
  end_png(out_, idat_start_, adler_);
  return std::move(out_);
}

void BandedPngWriter::stream_to(const std::filesystem::path& file) {
  if (rows_ != 0 || file_) throw std::logic_error("a PNG is streamed from its start");
  file_ = std::make_unique<PendingFile>(file);
}

// What out_ holds goes to the file; the IDAT chunk's CRC follows (from its
// type on: the bytes before it are the header).
void BandedPngWriter::flush_to_file() {
  const std::uint64_t crc_from = idat_start_ + 4;
  if (flushed_ + out_.size() > crc_from) {
    const size_t skip = flushed_ >= crc_from ? 0 : static_cast<size_t>(crc_from - flushed_);
    crc_ = libdeflate_crc32(crc_, out_.data() + skip, out_.size() - skip);
  }
  file_->append(out_);
  flushed_ += out_.size();
  out_.clear();
}

FileDigest BandedPngWriter::finish_file() {
  if (!file_) throw std::logic_error("finish_file() ends a streamed PNG");
  end();
  // As end_png, with the chunk's length written into its place last.
  put32(out_, adler_);
  const std::uint64_t data = flushed_ + out_.size() - idat_start_ - 8;
  if (data > 0x7FFFFFFFu) throw RenderError("cannot write PNG: image data too large for one chunk");
  flush_to_file();
  std::string tail;
  put32(tail, crc_);
  chunk(tail, "IEND", "");
  file_->append(tail);
  file_->close();
  {
    std::fstream f(file_->temp_path(), std::ios::binary | std::ios::in | std::ios::out);
    std::string length;
    put32(length, static_cast<std::uint32_t>(data));
    f.seekp(static_cast<std::streamoff>(idat_start_));
    f.write(length.data(), static_cast<std::streamsize>(length.size()));
    f.close();
    if (!f) throw RenderError("cannot write PNG: " + file_->path().string() + " could not be completed");
  }
  FileDigest digest = digest_file(file_->temp_path());
  file_->commit();
  file_.reset();
  return digest;
}

std::string encode_png(const Raster& raster, PngCompression compression) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write PNG: raster is empty or inconsistent");
  PngWriter writer(raster.width, raster.height, raster.dpi, raster.opaque(), compression);
  const size_t row_bytes = static_cast<size_t>(raster.width) * 4;
  for (int y = 0; y < raster.height; ++y) writer.add_row(raster.rgba.data() + y * row_bytes);
  return writer.finish();
}

std::string render_png(const page::Page& page, double dpi) { return encode_png(render_raster(page, dpi)); }

}  // namespace kw::render
