#pragma once
// Raster pictures a layout places (the `image` element): PNG, JPEG and WebP
// files of the project, read into sRGB pixels. A picture's own ICC profile
// (PNG iCCP, JPEG APP2, WebP ICCP) is honoured: its pixels are converted to
// sRGB, the space every other colour of a card is given in, before anything
// paints them. Part of loading a game's inputs: layout asks for a picture's
// size to crop and fit it, the painter only draws the pixels.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "page/raster.h"
#include "project/input.h"

namespace kw::image {

// What is wrong with a picture file, in words for a located error
// ("is not a PNG, JPEG or WebP file").
class ImageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Header {
  int width = 0, height = 0;
  std::string format;  // "PNG", "JPEG" or "WebP"
};

// The picture's format and size, from its first bytes and header only (the
// pixels are not decoded). Throws ImageError for another kind of file or a
// header that cannot be read.
Header read_header(std::string_view bytes);

// Fixed bounds of a picture's size, read from its header: each side at most
// kMaxPictureSide pixels (cairo's own limit), the longer side less than
// kMaxPictureAspect times the shorter.
inline constexpr int kMaxPictureSide = 32767;
inline constexpr int kMaxPictureAspect = 1000;

// The picture's pixels in sRGB, straight alpha. The header is read first:
// more pixels than limits().image_pixels, or a size past the bounds above,
// is an ImageError before anything is decoded. Decoded once per input and kept with it, so a picture on many
// cards is decoded once and every card shares the same pixels.
std::shared_ptr<const page::Raster> load(const project::Input& input);

}  // namespace kw::image
