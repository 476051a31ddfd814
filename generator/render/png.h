#pragma once
// PNG files: written by kartenwerk (deflated by zlib),
// byte-identically for identical input, with the resolution in a pHYs chunk
// (cairo's own PNG writer cannot store it); read with libpng.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/output_files.h"
#include "core/sha256.h"
#include "page/page.h"
#include "render/raster.h"

namespace kw::render {

// 8-bit RGB when the raster is opaque (every card with a background), else
// 8-bit RGBA. Chunks: IHDR, sRGB, pHYs (when raster.dpi > 0), IDAT, IEND; no
// time or text chunks; fixed compression settings, so identical input gives
// identical bytes. Throws RenderError on failure.
// No row filter (on our flat-colour cards it only made files larger), then
// deflate: zlib's level 1 for Fast (build --png fast, the default, and the
// studio's previews), its level 6 for Small (build --png small: files
// about a sixth smaller for some two and a half times the CPU time).
// Figures: README, "PNG and JPEG encoding".
enum class PngCompression { Small, Fast };
std::string encode_png(const Raster& raster, PngCompression compression = PngCompression::Fast);

// A PNG written row by row: the same bytes as encode_png of the same pixels,
// with `opaque` standing for raster.opaque() (then the alpha of the rows is
// dropped: the caller knows every pixel is opaque). The compressed file is
// the only thing that grows. Throws RenderError on failure, and when rows
// are missing or too many.
class PngWriter {
 public:
  PngWriter(int width, int height, double dpi, bool opaque, PngCompression compression = PngCompression::Fast);
  ~PngWriter();
  PngWriter(const PngWriter&) = delete;
  PngWriter& operator=(const PngWriter&) = delete;
  // The next row: `width` pixels of straight RGBA.
  void add_row(const std::uint8_t* rgba);
  // The file, after the last row.
  std::string finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A PNG assembled from bands of rows, each compressed on its own, so that a
// build can keep a band of a large sheet (a row of the overview's cards) in
// its cache and write the sheet again without compressing the bands that did
// not change. A band is a raw deflate stream ended by a sync flush: it ends on
// a byte boundary, is not the final block and refers to nothing before it, so
// bands join into one zlib stream as they are; the writer adds the final
// (empty) block and the Adler-32 combined from the bands'. The bytes depend on
// where the bands end, so the same sheet always uses the same bands (a clean
// build and an incremental one write the same file).
struct PngBand {
  std::string deflated;      // the rows (each with its filter byte, none) deflated
  std::uint32_t adler = 1;   // their Adler-32
  std::uint64_t length = 0;  // their bytes, uncompressed
  int rows = 0;
  // As one string for a cache, and back (nullopt: not a band this wrote).
  std::string pack() const;
  static std::optional<PngBand> unpack(const std::string& bytes);
};

// Compresses rows of `width` straight-RGBA pixels into a band (RGB when
// `opaque`), unfiltered and by the mode's compressor as PngWriter stores
// them; a band ends with a sync flush.
class PngBandEncoder {
 public:
  PngBandEncoder(int width, bool opaque, PngCompression compression = PngCompression::Fast);
  ~PngBandEncoder();
  PngBandEncoder(const PngBandEncoder&) = delete;
  PngBandEncoder& operator=(const PngBandEncoder&) = delete;
  void add_row(const std::uint8_t* rgba);
  // The band; the encoder is done.
  PngBand finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The file of bands, in order (the chunks as encode_png writes them). Throws
// RenderError when the bands do not add up to the height, or a band's length
// does not match its rows.
class BandedPngWriter {
 public:
  BandedPngWriter(int width, int height, double dpi, bool opaque, PngCompression compression = PngCompression::Fast);
  ~BandedPngWriter();
  BandedPngWriter(const BandedPngWriter&) = delete;
  BandedPngWriter& operator=(const BandedPngWriter&) = delete;
  void add_band(const PngBand& band);
  std::string finish();

  // Writes the file into `file` as its bands arrive instead of holding it
  // whole (the overview of 10,000 cards is some 80 MB): through a temporary
  // sibling, renamed into place by finish_file(), removed if that never
  // comes. Before the first band.
  void stream_to(const std::filesystem::path& file);
  // Ends a streamed file: the same bytes finish() returns, in the file. Its
  // size and SHA-256 (read back once).
  FileDigest finish_file();

 private:
  void flush_to_file();
  void end();

  int width_, height_, channels_, rows_ = 0;
  std::string out_;
  size_t idat_start_;
  std::uint32_t adler_ = 1;
  std::unique_ptr<PendingFile> file_;  // streamed: what out_ held before is there
  std::uint64_t flushed_ = 0;          // bytes written to file_
  std::uint32_t crc_ = 0;              // of the IDAT chunk's type and data written to file_
};

// render_raster + encode_png.
std::string render_png(const page::Page& page, double dpi);

// Decodes any PNG to 8-bit RGBA (palette, grey and 16-bit are expanded; no
// gamma conversion, values as stored). dpi comes from pHYs when present.
// Throws RenderError on malformed data.
Raster decode_png(const std::string& bytes);

// The resolution in a PNG's pHYs chunk (horizontal), or nullopt when there is
// none or its unit is not the metre. pHYs stores whole pixels per metre, so
// the value is rounded to 1/100 dpi (11811 px/m reads as 300).
// Throws RenderError on malformed data.
std::optional<double> png_dpi(const std::string& bytes);

// What a PNG's header says, read without decoding its pixels.
struct PngInfo {
  int width = 0, height = 0;
  std::string icc_profile;  // the embedded ICC profile (iCCP, decompressed), empty when there is none
};
// Throws RenderError on malformed data.
PngInfo png_info(const std::string& bytes);

}  // namespace kw::render
