#pragma once
// A raster painted in layers: a page first, then more pages on top of it as
// their content becomes known: a sheet filled card by card while the cards
// are rendered on several threads is held as one image, never as its
// renderings waiting for the last. (The TTS sheets no longer are: 62 MB each,
// they are written row by row, products/tts_writer.h.)
#include <memory>
#include <string>

#include "page/page.h"
#include "render/jpeg.h"
#include "render/raster.h"

namespace kw::render {

class Canvas {
 public:
  // Renders `ground` at `dpi`, as render_raster does; its size sets the
  // canvas's size and the coordinates of every layer.
  Canvas(const page::Page& ground, double dpi);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  // Paints the items of `layer` (a page of the ground's size) over what is
  // there. Thread-safe: layers are painted one at a time, in the order the
  // calls come. Throws std::invalid_argument for a layer of another size.
  void paint(const page::Page& layer);

  PixelSize size() const;
  // The pixels so far.
  Raster raster() const;
  // encode_jpeg of the pixels so far, read row by row from the canvas
  // (no second copy of a large image).
  std::string encode_jpeg(const JpegOptions& options) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace kw::render
