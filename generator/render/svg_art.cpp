#include "render/svg_art.h"

#include <librsvg/rsvg.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "render/error.h"

namespace kw::render::detail {

namespace {

namespace fs = std::filesystem;

struct GObjectDeleter {
  void operator()(void* p) const { g_object_unref(p); }
};
using HandlePtr = std::unique_ptr<RsvgHandle, GObjectDeleter>;

struct GErrorHolder {
  GError* error = nullptr;
  ~GErrorHolder() {
    if (error) g_error_free(error);
  }
  std::string message() const { return error ? error->message : "unknown error"; }
};

struct CachedHandle {
  HandlePtr handle;
  fs::file_time_type mtime;
};

// An RsvgHandle may only be used by one thread at a time, so each thread keeps its own parsed handles instead of
// sharing one cache behind a lock that would serialise all SVG rendering.
// Keyed by (file, stylesheet) because the stylesheet is applied at load time.
// Small on purpose: a deck uses a handful of art files in a few colourings.
constexpr size_t kMaxCachedHandles = 64;
thread_local std::map<std::pair<std::string, std::string>, CachedHandle> t_handles;

HandlePtr load(const std::string& file, const std::string& stylesheet) {
  GErrorHolder err;
  // Loading through a GFile gives the handle a base location, so references
  // to other files inside the SVG resolve relative to it.
  std::unique_ptr<GFile, GObjectDeleter> gfile(g_file_new_for_path(file.c_str()));
  HandlePtr handle(rsvg_handle_new_from_gfile_sync(gfile.get(), RSVG_HANDLE_FLAGS_NONE, nullptr, &err.error));
  if (!handle) throw RenderError("cannot load SVG art " + file + ": " + err.message());
  // Physical units in the SVG (mm, in) resolve at the CSS reference density,
  // independent of the output resolution.
  rsvg_handle_set_dpi(handle.get(), 96.0);
  if (!stylesheet.empty() &&
      !rsvg_handle_set_stylesheet(handle.get(), reinterpret_cast<const guint8*>(stylesheet.data()), stylesheet.size(),
                                  &err.error))
    throw RenderError("invalid stylesheet for SVG art " + file + ": " + err.message());
  return handle;
}

RsvgHandle* handle_for(const page::SvgArt& art) {
  std::error_code ec;
  auto mtime = fs::last_write_time(art.file, ec);
  if (ec) throw RenderError("SVG art not found: " + art.file);
  auto key = std::make_pair(art.file, art.stylesheet);
  auto it = t_handles.find(key);
  // Reload a file that changed on disk (a long-running preview process).
  if (it != t_handles.end() && it->second.mtime == mtime) return it->second.handle.get();
  HandlePtr handle = load(art.file, art.stylesheet);
  if (it == t_handles.end() && t_handles.size() >= kMaxCachedHandles) t_handles.clear();
  auto& slot = t_handles[key];
  slot = CachedHandle{std::move(handle), mtime};
  return slot.handle.get();
}

// The largest rectangle of the given aspect ratio (w/h) centred in `box`.
RsvgRectangle fit(const Rect& box, double aspect) {
  double w = box.w, h = box.h;
  if (w / h > aspect)
    w = h * aspect;
  else
    h = w / aspect;
  return {box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h};
}

// Aspect ratio of the whole document: its width/height when they are
// absolute, else its viewBox; 0 when it has neither.
double document_aspect(RsvgHandle* h) {
  double w = 0, hh = 0;
  if (rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hh) && w > 0 && hh > 0) return w / hh;
  gboolean has_w = FALSE, has_h = FALSE, has_vb = FALSE;
  RsvgLength lw{}, lh{};
  RsvgRectangle vb{};
  rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
  if (has_vb && vb.width > 0 && vb.height > 0) return vb.width / vb.height;
  return 0;
}

}  // namespace

namespace {

void paint_upright(cairo_t* cr, RsvgHandle* h, const page::SvgArt& art);

// librsvg 2.54 sizes the offscreen surfaces of groups (opacity, masks) from
// the device-space box and fails with "InvalidSize" when the user space is
// turned (e.g. the 180° lower half of a two-headed card). Such art is drawn
// upright into a recording surface at the same device scale and replayed
// under the turn: still vector in a PDF, and at full resolution in a raster.
bool is_turned(cairo_t* cr) {
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  return m.xy != 0 || m.yx != 0 || m.xx < 0 || m.yy < 0;
}

void paint_turned(cairo_t* cr, RsvgHandle* h, const page::SvgArt& art) {
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  // Device units per user unit (a turn keeps lengths).
  double scale = std::sqrt(std::abs(m.xx * m.yy - m.xy * m.yx));
  cairo_rectangle_t extents{0, 0, std::ceil(art.box.w * scale) + 2, std::ceil(art.box.h * scale) + 2};
  cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t* rc = cairo_create(rec);
  cairo_translate(rc, 1, 1);
  cairo_scale(rc, scale, scale);
  cairo_translate(rc, -art.box.x, -art.box.y);
  try {
    paint_upright(rc, h, art);
  } catch (...) {
    cairo_destroy(rc);
    cairo_surface_destroy(rec);
    throw;
  }
  cairo_destroy(rc);
  cairo_save(cr);
  cairo_translate(cr, art.box.x, art.box.y);
  cairo_scale(cr, 1 / scale, 1 / scale);
  cairo_set_source_surface(cr, rec, -1, -1);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_surface_destroy(rec);
}

}  // namespace

void paint_svg_art(cairo_t* cr, const page::SvgArt& art) {
  if (!(art.box.w > 0 && art.box.h > 0)) return;
  RsvgHandle* h = handle_for(art);
  if (is_turned(cr))
    paint_turned(cr, h, art);
  else
    paint_upright(cr, h, art);
}

namespace {

void paint_upright(cairo_t* cr, RsvgHandle* h, const page::SvgArt& art) {
  GErrorHolder err;
  if (art.element_id.empty()) {
    double aspect = document_aspect(h);
    RsvgRectangle viewport =
        aspect > 0 ? fit(art.box, aspect) : RsvgRectangle{art.box.x, art.box.y, art.box.w, art.box.h};
    if (!rsvg_handle_render_document(h, cr, &viewport, &err.error))
      throw RenderError("cannot render SVG art " + art.file + ": " + err.message());
    return;
  }
  std::string id = "#" + art.element_id;
  if (!rsvg_handle_has_sub(h, id.c_str())) throw RenderError("SVG art " + art.file + " has no element " + id);
  RsvgRectangle ink{}, logical{};
  if (!rsvg_handle_get_geometry_for_element(h, id.c_str(), &ink, &logical, &err.error))
    throw RenderError("cannot measure " + id + " in SVG art " + art.file + ": " + err.message());
  if (!(ink.width > 0 && ink.height > 0)) return;  // nothing visible
  // render_element scales the element's ink box proportionally but pins it
  // to the viewport's top-left corner, so hand it a viewport of the element's
  // own shape, already centred in the box.
  RsvgRectangle viewport = fit(art.box, ink.width / ink.height);
  if (!rsvg_handle_render_element(h, cr, id.c_str(), &viewport, &err.error))
    throw RenderError("cannot render " + id + " of SVG art " + art.file + ": " + err.message());
}

}  // namespace

}  // namespace kw::render::detail
