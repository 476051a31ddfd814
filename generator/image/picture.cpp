#include "image/picture.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/limits.h"
#include "image/icc.h"
#include "image/webp.h"
#include "render/error.h"
#include "render/jpeg.h"
#include "render/png.h"

namespace kw::image {

namespace {

bool is_png(std::string_view b) { return b.size() >= 8 && b.substr(0, 8) == std::string_view("\x89PNG\r\n\x1a\n", 8); }
bool is_jpeg(std::string_view b) { return b.size() >= 3 && b.substr(0, 3) == std::string_view("\xff\xd8\xff", 3); }

// The decoded pixels of one input, or why they cannot be had: kept with the
// input, so a broken picture on many cards is read once too.
struct Decoded {
  std::shared_ptr<const page::Raster> raster;
  std::string error;
};

page::Raster decode(const project::Input& input, const Header& header) {
  const std::string& bytes = input.text();
  page::Raster r;
  std::string icc;
  if (header.format == "PNG") {
    r = render::decode_png(bytes);
    icc = render::png_info(bytes).icc_profile;
  } else if (header.format == "JPEG") {
    r = render::decode_jpeg(bytes);
    icc = render::jpeg_info(bytes).icc_profile;
  } else {
    r = detail::decode_webp(bytes);
    icc = detail::webp_icc_profile(bytes);
  }
  if (!icc.empty()) detail::convert_to_srgb(r, icc);
  return r;
}

}  // namespace

Header read_header(std::string_view bytes) {
  Header h;
  try {
    if (is_png(bytes)) {
      h.format = "PNG";
      auto info = render::png_info(std::string(bytes));
      h.width = info.width;
      h.height = info.height;
    } else if (is_jpeg(bytes)) {
      h.format = "JPEG";
      auto info = render::jpeg_info(std::string(bytes));
      h.width = info.width;
      h.height = info.height;
    } else if (detail::is_webp(bytes)) {
      h.format = "WebP";
      detail::webp_size(bytes, h.width, h.height);
    } else {
      throw ImageError("is not a PNG, JPEG or WebP file");
    }
  } catch (const render::RenderError& e) {
    throw ImageError(e.what());
  }
  if (h.width <= 0 || h.height <= 0) throw ImageError("has no pixels");
  return h;
}

std::shared_ptr<const page::Raster> load(const project::Input& input) {
  const Header header = read_header(input.bytes());
  // Cairo draws no image with a side past 32767 pixels (the build would
  // stop at the card, without a place); and a picture a thousand times as
  // long as it is wide is a line of pixels, no picture for a card. Both are
  // seen in the header, so `check` says them at the src.
  if (header.width > kMaxPictureSide || header.height > kMaxPictureSide)
    throw ImageError(
        fmt::format("is {} x {} pixels: a side longer than {} pixels, more than the renderer draws "
                    "(scale it down)",
                    header.width, header.height, kMaxPictureSide));
  if (std::max(header.width, header.height) / std::min(header.width, header.height) >= kMaxPictureAspect)
    throw ImageError(fmt::format("is {} x {} pixels: one side {} or more times the other, no picture for a card",
                                 header.width, header.height, kMaxPictureAspect));
  const std::uint64_t pixels = static_cast<std::uint64_t>(header.width) * static_cast<std::uint64_t>(header.height);
  if (pixels > limits().image_pixels)
    throw ImageError(
        fmt::format("has {} x {} = {} pixels, more than the limit of {} (raise it with --limit "
                    "image-pixels=N)",
                    header.width, header.height, pixels, limits().image_pixels));
  const Decoded& d = input.derived<Decoded>([&] {
    auto out = std::make_shared<Decoded>();
    try {
      out->raster = std::make_shared<const page::Raster>(decode(input, header));
    } catch (const render::RenderError& e) {
      out->error = e.what();
    } catch (const ImageError& e) {
      out->error = e.what();
    }
    return out;
  });
  if (!d.raster) throw ImageError(d.error);
  return d.raster;
}

}  // namespace kw::image
