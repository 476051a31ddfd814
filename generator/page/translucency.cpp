#include "page/translucency.h"

#include <type_traits>
#include <variant>

namespace kw::page {

namespace {

bool translucent(const std::optional<Color>& c) { return c && c->a < 255; }

bool covers_area(const Image& image) {
  return image.raster && image.source.w > 0 && image.source.h > 0 && image.box.w > 0 && image.box.h > 0;
}

}  // namespace

bool translucent(const Item& item) {
  return std::visit(
      [](const auto& shape) -> bool {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, RectShape> || std::is_same_v<T, PathShape>) {
          const Paint& p = shape.paint;
          return translucent(p.fill) || (p.stroke_width > 0 && translucent(p.stroke));
        } else if constexpr (std::is_same_v<T, SvgArt>) {
          return shape.blends;
        } else if constexpr (std::is_same_v<T, GlyphRun>) {
          return !shape.glyphs.empty() && shape.color.a < 255;
        } else if constexpr (std::is_same_v<T, Image>) {
          return covers_area(shape) && !shape.raster->opaque();
        } else {  // Picture: drawn into a group laid down at its opacity, or through its mask
          if (!covers_area(shape.image) || shape.opacity <= 0) return false;
          return shape.opacity < 1 || shape.mask_art.has_value() || !shape.image.raster->opaque();
        }
      },
      item.shape);
}

}  // namespace kw::page
