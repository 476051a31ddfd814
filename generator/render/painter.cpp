#include "render/painter.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "project/input.h"
#include "render/box_scale.h"
#include "render/error.h"
#include "render/glyph_run.h"
#include "render/image_surface.h"
#include "render/svg_art.h"

namespace kw::render::detail {

namespace {

void set_source(cairo_t* cr, const Color& c) { cairo_set_source_rgba(cr, c.rf(), c.gf(), c.bf(), c.af()); }

// Fill first, then stroke on top, as SVG does; then drop the path.
void fill_and_stroke(cairo_t* cr, const page::Paint& paint) {
  if (paint.fill) {
    set_source(cr, *paint.fill);
    cairo_fill_preserve(cr);
  }
  if (paint.stroke && paint.stroke_width > 0) {
    set_source(cr, *paint.stroke);
    cairo_set_line_width(cr, paint.stroke_width);
    cairo_stroke_preserve(cr);
  }
  cairo_new_path(cr);
}

// The outline of `r` with its corners rounded by `corner_radius` (at most
// half its width or height), as a new path.
void rect_path(cairo_t* cr, Rect r, double corner_radius) {
  if (r.w < 0) r = {r.x + r.w, r.y, -r.w, r.h};
  if (r.h < 0) r = {r.x, r.y + r.h, r.w, -r.h};
  double radius = std::min({corner_radius, r.w / 2, r.h / 2});
  if (radius > 0) {
    constexpr double q = std::numbers::pi / 2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, r.right() - radius, r.y + radius, radius, -q, 0);
    cairo_arc(cr, r.right() - radius, r.bottom() - radius, radius, 0, q);
    cairo_arc(cr, r.x + radius, r.bottom() - radius, radius, q, 2 * q);
    cairo_arc(cr, r.x + radius, r.y + radius, radius, 2 * q, 3 * q);
    cairo_close_path(cr);
  } else {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
  }
}

void paint_rect(cairo_t* cr, const page::RectShape& s) {
  rect_path(cr, s.rect, s.corner_radius);
  fill_and_stroke(cr, s.paint);
}

void paint_path(cairo_t* cr, const page::PathShape& s) {
  using Op = page::PathCommand::Op;
  cairo_new_path(cr);
  for (const auto& c : s.commands) {
    switch (c.op) {
      case Op::Move:
        cairo_move_to(cr, c.p[0].x, c.p[0].y);
        break;
      case Op::Line:
        cairo_line_to(cr, c.p[0].x, c.p[0].y);
        break;
      case Op::Curve:
        cairo_curve_to(cr, c.p[0].x, c.p[0].y, c.p[1].x, c.p[1].y, c.p[2].x, c.p[2].y);
        break;
      case Op::Close:
        cairo_close_path(cr);
        break;
    }
  }
  fill_and_stroke(cr, s.paint);
}

// `v`, or the whole number it is within a millionth of.
double snap(double v) {
  double whole = std::round(v);
  return std::abs(v - whole) < 1e-6 ? whole : v;
}

// Where the image is resampled is decided in device pixels: when the
// current transformation only scales and moves (no turn), the box is taken
// into device space, its edges snapped onto whole pixels they are within a
// millionth of, and the image drawn there with the device's own matrix. A
// thumbnail meant for a cell of whole pixels then samples exactly as if it
// had been placed in pixels, not a rounding error off them.
// Returns whether it did.
bool to_device_pixels(cairo_t* cr, Rect& box, double& corner_radius) {
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  if (m.xy != 0 || m.yx != 0) return false;  // turned: drawn in user space
  double left = snap(m.xx * box.x + m.x0), top = snap(m.yy * box.y + m.y0);
  double right = snap(m.xx * box.right() + m.x0), bottom = snap(m.yy * box.bottom() + m.y0);
  box = {left, top, right - left, bottom - top};
  corner_radius *= std::min(std::abs(m.xx), std::abs(m.yy));
  cairo_identity_matrix(cr);
  return true;
}

// Whether `image`, its box in device pixels (`in_pixels`), is drawn by
// box_scale: asked for, onto pixels (not into a PDF, which embeds the
// image as it is), shrunk on both axes (not too far: box_scale's weights
// have eight bits) and not mirrored.
bool box_scaled(cairo_t* cr, const page::Image& image, const Rect& box, bool in_pixels) {
  return image.resampling == page::Image::Resampling::Box && in_pixels &&
         cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && box.w > 0 && box.h > 0 &&
         box.w <= image.source.w && box.h <= image.source.h && box.w * kBoxScaleMost >= image.source.w &&
         box.h * kBoxScaleMost >= image.source.h;
}

// In a PDF, the same pixels placed on many pages (a back, a picture used by
// many cards) are embedded once: cairo shares an image between pages when
// its surfaces carry the same unique id, here the hash of the pixels.
void embed_once(cairo_t* cr, const page::Raster& raster, cairo_surface_t* pixels) {
  if (cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_PDF) return;
  const std::string_view bytes(reinterpret_cast<const char*>(raster.rgba.data()), raster.rgba.size());
  auto* id = new std::string(fmt::format("kw-{}x{}-{}", raster.width, raster.height, kw::hex(kw::sha256(bytes))));
  cairo_surface_set_mime_data(
      pixels, CAIRO_MIME_TYPE_UNIQUE_ID, reinterpret_cast<const unsigned char*>(id->data()), id->size(),
      [](void* p) { delete static_cast<std::string*>(p); }, id);
}

// The ellipse inscribed in `r`, as a new path.
void ellipse_path(cairo_t* cr, const Rect& r) {
  cairo_new_path(cr);
  cairo_save(cr);
  cairo_translate(cr, r.x + r.w / 2, r.y + r.h / 2);
  cairo_scale(cr, std::abs(r.w) / 2, std::abs(r.h) / 2);
  cairo_arc(cr, 0, 0, 1, 0, 2 * std::numbers::pi);
  cairo_restore(cr);
}

// The image's source rectangle scaled onto its box, clipped to the box's
// rounded outline (and to the inscribed ellipse for Mask::Ellipse).
void paint_pixels(cairo_t* cr, const page::Image& image, page::Picture::Mask mask = page::Picture::Mask::None) {
  const Rect& src = image.source;
  Rect box = image.box;
  double radius = image.corner_radius;
  cairo_save(cr);
  const bool in_pixels = to_device_pixels(cr, box, radius);
  rect_path(cr, box, radius);
  cairo_clip(cr);
  if (mask == page::Picture::Mask::Ellipse) {
    ellipse_path(cr, box);
    cairo_clip(cr);
  }
  if (box_scaled(cr, image, box, in_pixels)) {
    // Already at the device's pixels: placed on them as they are.
    BoxScaled scaled = box_scale(*image.raster, src, box);
    cairo_set_source_surface(cr, scaled.surface.get(), scaled.x, scaled.y);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_paint(cr);
    cairo_restore(cr);
    return;
  }
  SurfacePtr pixels = surface_from_raster(*image.raster);
  embed_once(cr, *image.raster, pixels.get());
  cairo_translate(cr, box.x, box.y);
  cairo_scale(cr, box.w / src.w, box.h / src.h);
  cairo_set_source_surface(cr, pixels.get(), -src.x, -src.y);
  // GOOD: bilinear when enlarging, a box filter when shrinking.
  cairo_pattern_set_filter(cairo_get_source(cr), image.resampling == page::Image::Resampling::Nearest
                                                     ? CAIRO_FILTER_NEAREST
                                                     : CAIRO_FILTER_GOOD);
  cairo_paint(cr);
  cairo_restore(cr);
}

void paint_image(cairo_t* cr, const page::Image& image) {
  if (!image.raster) throw RenderError("image without pixels");
  const Rect& src = image.source;
  const Rect& box = image.box;
  if (!(src.w > 0 && src.h > 0 && box.w > 0 && box.h > 0)) return;  // covers no area
  paint_pixels(cr, image);
}

// A translucent or shape-masked picture is drawn into a group first: the
// group is masked by what the SVG shape paints (its coverage and alpha),
// then laid down at the picture's opacity, so overlapping parts of the
// picture never show through one another.
void paint_picture(cairo_t* cr, const page::Picture& picture) {
  const page::Image& image = picture.image;
  if (!image.raster) throw RenderError("picture without pixels");
  const Rect& src = image.source;
  const Rect& box = image.box;
  if (!(src.w > 0 && src.h > 0 && box.w > 0 && box.h > 0) || picture.opacity <= 0) return;  // covers no area
  const bool translucent = picture.opacity < 1;
  if (translucent) cairo_push_group(cr);
  if (picture.mask_art) {
    cairo_push_group(cr);
    paint_svg_art(cr, *picture.mask_art);
    cairo_pattern_t* shape = cairo_pop_group(cr);
    cairo_push_group(cr);
    paint_pixels(cr, image, picture.mask);
    cairo_pop_group_to_source(cr);
    cairo_mask(cr, shape);
    cairo_pattern_destroy(shape);
  } else {
    paint_pixels(cr, image, picture.mask);
  }
  if (translucent) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, picture.opacity);
  }
}

// cairo_transform with a singular matrix puts the context into a permanent
// error state; such an item covers no area anyway, so it is skipped.
bool drawable(const Affine& a) {
  double v[] = {a.xx, a.yx, a.xy, a.yy, a.x0, a.y0};
  if (!std::all_of(std::begin(v), std::end(v), [](double d) { return std::isfinite(d); })) return false;
  return std::abs(a.xx * a.yy - a.xy * a.yx) > 1e-12;
}

void check(cairo_t* cr, const char* what, const std::string& name) {
  cairo_status_t st = cairo_status(cr);
  if (st != CAIRO_STATUS_SUCCESS)
    throw RenderError(std::string(what) + " '" + name + "': cairo: " + cairo_status_to_string(st));
}

}  // namespace

void paint_item(cairo_t* cr, const page::Item& item) {
  if (!drawable(item.transform)) return;
  const Affine& a = item.transform;
  cairo_matrix_t m{a.xx, a.yx, a.xy, a.yy, a.x0, a.y0};
  cairo_save(cr);
  if (item.clip) {  // in page space, so before the item's own transform
    cairo_rectangle(cr, item.clip->x, item.clip->y, item.clip->w, item.clip->h);
    cairo_clip(cr);
  }
  cairo_transform(cr, &m);
  try {
    std::visit(
        [cr](const auto& shape) {
          using T = std::decay_t<decltype(shape)>;
          if constexpr (std::is_same_v<T, page::RectShape>)
            paint_rect(cr, shape);
          else if constexpr (std::is_same_v<T, page::PathShape>)
            paint_path(cr, shape);
          else if constexpr (std::is_same_v<T, page::SvgArt>)
            paint_svg_art(cr, shape);
          else if constexpr (std::is_same_v<T, page::GlyphRun>)
            paint_glyph_run(cr, shape);
          else if constexpr (std::is_same_v<T, page::Picture>)
            paint_picture(cr, shape);
          else
            paint_image(cr, shape);
        },
        item.shape);
  } catch (const RenderError& e) {
    cairo_restore(cr);
    throw RenderError("item '" + item.name + "': " + e.what());
  }
  cairo_restore(cr);
  check(cr, "painting item", item.name);
}

void paint_page(cairo_t* cr, const page::Page& page) {
  cairo_save(cr);
  cairo_rectangle(cr, 0, 0, page.size.w, page.size.h);
  cairo_clip(cr);
  try {
    for (const auto& item : page.items) paint_item(cr, item);
  } catch (const RenderError& e) {
    cairo_restore(cr);
    throw RenderError("page '" + page.id + "': " + e.what());
  }
  cairo_restore(cr);
  check(cr, "painting page", page.id);
}

}  // namespace kw::render::detail
