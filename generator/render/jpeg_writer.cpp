#include <lcms2.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <jerror.h>

#include "render/error.h"
#include "render/jpeg.h"
#include "render/jpeg_compress.h"
#include "render/jpeg_errors.h"

namespace kw::render {

namespace detail {

namespace {

void set_parameters(jpeg_compress_struct& cinfo, const JpegOptions& options, UINT16 density) {
  jpeg_set_defaults(&cinfo);  // YCbCr in the file, JFIF header on
  jpeg_set_quality(&cinfo, options.quality, TRUE);
  for (int i = 0; i < cinfo.num_components; ++i) {
    cinfo.comp_info[i].h_samp_factor = 1;
    cinfo.comp_info[i].v_samp_factor = 1;
  }
  cinfo.write_JFIF_header = TRUE;
  cinfo.density_unit = 1;  // dots per inch
  cinfo.X_density = density;
  cinfo.Y_density = density;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.optimize_coding = options.optimize_tables ? TRUE : FALSE;
  cinfo.restart_in_rows = options.restart_rows;
}

}  // namespace

// The compressor, and its destination: libjpeg fills `buffer`, which is
// appended to `out` whenever it is full and at the end; take_bytes() empties
// `out`.
struct JpegCompressor {
  jpeg_compress_struct cinfo{};
  JpegErrors err{};
  jpeg_destination_mgr dest{};
  std::vector<JOCTET> buffer = std::vector<JOCTET>(65536);
  std::string out;
  int height = 0, rows = 0;
  bool finished = false;
  // Safe on a struct jpeg_create_compress never reached (mem is still null).
  ~JpegCompressor() { jpeg_destroy_compress(&cinfo); }
};

namespace {

using State = JpegCompressor;

State& state_of(j_compress_ptr cinfo) { return *static_cast<State*>(cinfo->client_data); }

void init_destination(j_compress_ptr cinfo) {
  State& s = state_of(cinfo);
  s.dest.next_output_byte = s.buffer.data();
  s.dest.free_in_buffer = s.buffer.size();
}

// Called with the whole buffer full. A failed append is libjpeg's
// out-of-memory error: its handler longjmps, no exception crosses C code.
boolean empty_output_buffer(j_compress_ptr cinfo) {
  State& s = state_of(cinfo);
  try {
    s.out.append(reinterpret_cast<const char*>(s.buffer.data()), s.buffer.size());
  } catch (...) {
    cinfo->err->msg_code = JERR_OUT_OF_MEMORY;
    cinfo->err->error_exit(reinterpret_cast<j_common_ptr>(cinfo));
  }
  init_destination(cinfo);
  return TRUE;
}

void term_destination(j_compress_ptr cinfo) {
  State& s = state_of(cinfo);
  try {
    s.out.append(reinterpret_cast<const char*>(s.buffer.data()), s.buffer.size() - s.dest.free_in_buffer);
  } catch (...) {
    cinfo->err->msg_code = JERR_OUT_OF_MEMORY;
    cinfo->err->error_exit(reinterpret_cast<j_common_ptr>(cinfo));
  }
}

// Each step into libjpeg under its own setjmp; these hold nothing with a
// destructor (see jpeg_errors.h), the caller throws when they return false.
bool start(State& s, JDIMENSION width, JDIMENSION height, const JpegOptions& options, UINT16 density, bool rgbx) {
  s.cinfo.err = jpeg_errors(s.err);
  if (setjmp(s.err.jump)) return false;
  jpeg_create_compress(&s.cinfo);
  s.cinfo.client_data = &s;
  s.dest.init_destination = init_destination;
  s.dest.empty_output_buffer = empty_output_buffer;
  s.dest.term_destination = term_destination;
  s.cinfo.dest = &s.dest;
  s.cinfo.image_width = width;
  s.cinfo.image_height = height;
  s.cinfo.input_components = rgbx ? 4 : 3;
  s.cinfo.in_color_space = rgbx ? JCS_EXT_RGBX : JCS_RGB;
  set_parameters(s.cinfo, options, density);
  jpeg_start_compress(&s.cinfo, TRUE);
  // APP2 ICC_PROFILE: the pixels are sRGB; without it viewers and RIPs guess.
  const std::string& icc = srgb_icc_profile();
  jpeg_write_icc_profile(&s.cinfo, reinterpret_cast<const JOCTET*>(icc.data()), static_cast<unsigned>(icc.size()));
  return true;
}

bool write_row(State& s, const std::uint8_t* row) {
  if (setjmp(s.err.jump)) return false;
  // libjpeg takes non-const rows but only reads them.
  JSAMPROW one[1] = {const_cast<JSAMPLE*>(row)};
  jpeg_write_scanlines(&s.cinfo, one, 1);
  return true;
}

bool finish_compress(State& s) {
  if (setjmp(s.err.jump)) return false;
  jpeg_finish_compress(&s.cinfo);
  return true;
}

}  // namespace

}  // namespace detail

using detail::JpegCompressor;

JpegWriter::JpegWriter(int width, int height, double dpi, const JpegOptions& options, bool rgbx)
    : state_(std::make_unique<JpegCompressor>()) {
  detail::check_options(options);
  if (width <= 0 || height <= 0) throw RenderError("cannot write JPEG: the image is empty");
  state_->height = height;
  const double density = dpi > 0 ? std::min(std::round(dpi), 65535.0) : 0;
  if (!detail::start(*state_, static_cast<JDIMENSION>(width), static_cast<JDIMENSION>(height), options,
                     static_cast<UINT16>(density), rgbx))
    throw RenderError(std::string("cannot write JPEG: ") + state_->err.message);
}

JpegWriter::~JpegWriter() = default;

void JpegWriter::add_row(const std::uint8_t* row) {
  JpegCompressor& s = *state_;
  if (s.finished || s.rows >= s.height) throw RenderError("cannot write JPEG: more rows than its height");
  if (!detail::write_row(s, row)) {
    s.finished = true;  // libjpeg's state is undefined after an error
    throw RenderError(std::string("cannot write JPEG: ") + s.err.message);
  }
  ++s.rows;
}

std::string JpegWriter::take_bytes() { return std::exchange(state_->out, {}); }

std::string JpegWriter::finish() {
  JpegCompressor& s = *state_;
  if (s.finished || s.rows != s.height) throw RenderError("cannot write JPEG: fewer rows than its height");
  s.finished = true;
  if (!detail::finish_compress(s)) throw RenderError(std::string("cannot write JPEG: ") + s.err.message);
  return std::exchange(s.out, {});
}

namespace detail {

namespace {

struct ProfileCloser {
  void operator()(void* profile) const { cmsCloseProfile(profile); }
};

// ICC version 4 as LittleCMS makes it: 588 bytes with parametric curves.
// Written as version 2 it would need sampled curves, 8.8 KB: 6 % of a card
// JPEG.
std::string make_srgb_profile() {
  std::unique_ptr<void, ProfileCloser> profile(cmsCreate_sRGBProfile());
  // Version 2.1: older RIPs and viewers ignore or reject v4 profiles. Saved
  // as v2, LittleCMS writes the v2 tag types (sampled 'curv' tone curves, a
  // 'desc' description) instead of v4's 'para' and 'mluc'.
  if (profile) cmsSetProfileVersion(profile.get(), 2.1);
  cmsUInt32Number size = 0;
  if (!profile || !cmsSaveProfileToMem(profile.get(), nullptr, &size))
    throw RenderError("cannot make the sRGB ICC profile");
  std::string bytes(size, '\0');
  if (!cmsSaveProfileToMem(profile.get(), bytes.data(), &size) || size < 128)
    throw RenderError("cannot make the sRGB ICC profile");
  // The header's creation date and time (bytes 24-35, six 16-bit numbers) is
  // the moment LittleCMS made the profile; a fixed one (2000-01-01 00:00:00)
  // keeps the JPEG files byte-identical from run to run. LittleCMS leaves the
  // profile ID (MD5 over the header) zero, "not computed", so nothing else
  // depends on the date.
  const unsigned char date[12] = {0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
  bytes.replace(24, 12, reinterpret_cast<const char*>(date), 12);
  return bytes;
}

}  // namespace

const std::string& srgb_icc_profile() {
  static const std::string profile = make_srgb_profile();
  return profile;
}

void check_options(const JpegOptions& options) {
  if (options.quality < 1 || options.quality > 100)
    throw std::invalid_argument("JPEG quality must be 1..100, got " + std::to_string(options.quality));
  if (options.restart_rows < 0 || options.restart_rows > 65535)
    throw std::invalid_argument("JPEG restart rows must be 0..65535, got " + std::to_string(options.restart_rows));
}

std::string compress_jpeg(int width, int height, double dpi, const JpegOptions& options, JpegInput input,
                          const JpegRows& rows) {
  JpegWriter writer(width, height, dpi, options, input == JpegInput::Rgbx);
  std::vector<std::uint8_t> scratch(static_cast<size_t>(width) * 4);
  for (int y = 0; y < height; ++y) writer.add_row(rows(y, scratch.data()));
  return writer.finish();
}

}  // namespace detail

std::string encode_jpeg(const Raster& raster, const JpegOptions& options) {
  detail::check_options(options);
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() != static_cast<size_t>(raster.width) * raster.height * 4)
    throw RenderError("cannot write JPEG: raster is empty or inconsistent");
  const size_t stride = static_cast<size_t>(raster.width) * 4;
  // An opaque raster (every card) goes to libjpeg as it is, its alpha byte
  // skipped; no row is copied.
  if (raster.opaque())
    return detail::compress_jpeg(
        raster.width, raster.height, raster.dpi, options, detail::JpegInput::Rgbx,
        [&](int y, std::uint8_t*) { return raster.rgba.data() + static_cast<size_t>(y) * stride; });
  // JPEG has no alpha: composite over white, the colour of the paper.
  return detail::compress_jpeg(raster.width, raster.height, raster.dpi, options, detail::JpegInput::Rgb,
                               [&](int y, std::uint8_t* rgb) {
                                 const std::uint8_t* in = raster.rgba.data() + static_cast<size_t>(y) * stride;
                                 std::uint8_t* out = rgb;
                                 for (int x = 0; x < raster.width; ++x, in += 4, out += 3) {
                                   unsigned a = in[3];
                                   for (size_t k = 0; k < 3; ++k)
                                     out[k] = static_cast<JSAMPLE>((in[k] * a + 255 * (255 - a) + 127) / 255);
                                 }
                                 return static_cast<const std::uint8_t*>(rgb);
                               });
}

std::optional<JpegIntervals> jpeg_restart_intervals(std::string_view jpeg) {
  // A hand-written walk over the markers: libjpeg's decoder reads restart
  // markers but does not say where they are, and only their places are
  // wanted here, not the pixels.
  const auto byte = [&](size_t at) { return static_cast<unsigned char>(jpeg[at]); };
  if (jpeg.size() < 4 || byte(0) != 0xFF || byte(1) != 0xD8) return std::nullopt;
  size_t at = 2;
  // The segments before the scan, each with its length, up to SOS.
  for (;;) {
    if (at + 4 > jpeg.size() || byte(at) != 0xFF) return std::nullopt;
    const unsigned marker = byte(at + 1);
    if (marker == 0xFF) {  // a fill byte
      ++at;
      continue;
    }
    if (marker == 0xD8 || marker == 0xD9 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) return std::nullopt;
    const size_t length = (static_cast<size_t>(byte(at + 2)) << 8) | byte(at + 3);
    if (length < 2 || at + 2 + length > jpeg.size()) return std::nullopt;
    at += 2 + length;
    if (marker == 0xDA) break;  // SOS: the entropy-coded data follows
  }
  JpegIntervals found;
  found.starts.push_back(at);
  // In entropy-coded data a 0xFF byte is followed by 0x00 (a stuffed byte)
  // or starts a marker: RSTn in sequence, or EOI.
  while (at < jpeg.size()) {
    const void* ff = std::memchr(jpeg.data() + at, 0xFF, jpeg.size() - at);
    if (!ff) return std::nullopt;  // no EOI
    at = static_cast<size_t>(static_cast<const char*>(ff) - jpeg.data());
    if (at + 1 >= jpeg.size()) return std::nullopt;
    const unsigned next = byte(at + 1);
    if (next == 0x00 || next == 0xFF) {
      at += next == 0x00 ? 2 : 1;
    } else if (next >= 0xD0 && next <= 0xD7) {
      if (next - 0xD0 != (found.starts.size() - 1) % 8) return std::nullopt;
      at += 2;
      found.starts.push_back(at);
    } else if (next == 0xD9) {
      found.eoi = at;
      return at + 2 == jpeg.size() ? std::optional(found) : std::nullopt;
    } else {
      return std::nullopt;  // another marker: a second scan, DNL
    }
  }
  return std::nullopt;
}

std::string render_jpeg(const page::Page& page, double dpi, const JpegOptions& options) {
  return encode_jpeg(render_raster(page, dpi), options);
}

}  // namespace kw::render
