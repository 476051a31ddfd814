#include "render/svg_art.h"

#include <librsvg/rsvg.h>

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "render/error.h"

namespace kw::render::detail {

namespace {

struct GObjectDeleter {
  void operator()(void* p) const { g_object_unref(p); }
};
using HandlePtr = std::shared_ptr<RsvgHandle>;

struct GErrorHolder {
  GError* error = nullptr;
  ~GErrorHolder() {
    if (error) g_error_free(error);
  }
  std::string message() const { return error ? error->message : "unknown error"; }
};

// The parsed handles of one SVG file, kept with its input. An RsvgHandle may
// only be used by one thread at a time, so each thread gets its own handles
// (the lock guards the map only, never a render). Keyed by thread and
// stylesheet, because the stylesheet is applied at load time.
struct SvgHandles {
  std::mutex mutex;
  std::map<std::pair<std::thread::id, std::string>, HandlePtr> by_thread;
};
// A file is drawn in a few colourings by a few threads; past this many handles
// (threads come and go) the map starts afresh. Handles in use stay alive.
constexpr size_t kMaxHandlesPerFile = 64;

HandlePtr load(const project::Input& svg, const std::string& stylesheet) {
  GErrorHolder err;
  // From the bytes the page holds: no base location, so an SVG cannot pull in
  // other files behind the project's back.
  RsvgHandle* parsed =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.bytes().data()), svg.bytes().size(), &err.error);
  if (!parsed) throw RenderError("cannot load SVG art " + svg.path() + ": " + err.message());
  HandlePtr handle(parsed, GObjectDeleter());
  // Physical units in the SVG (mm, in) resolve at the CSS reference density,
  // independent of the output resolution.
  rsvg_handle_set_dpi(handle.get(), 96.0);
  if (!stylesheet.empty() &&
      !rsvg_handle_set_stylesheet(handle.get(), reinterpret_cast<const guint8*>(stylesheet.data()), stylesheet.size(),
                                  &err.error))
    throw RenderError("invalid stylesheet for SVG art " + svg.path() + ": " + err.message());
  return handle;
}

HandlePtr handle_for(const page::SvgArt& art) {
  if (!art.svg) throw RenderError("SVG art without a file");
  auto& handles = art.svg->derived<SvgHandles>([] { return std::make_shared<SvgHandles>(); });
  auto key = std::make_pair(std::this_thread::get_id(), art.stylesheet);
  {
    std::lock_guard lock(handles.mutex);
    if (auto it = handles.by_thread.find(key); it != handles.by_thread.end()) return it->second;
  }
  HandlePtr handle = load(*art.svg, art.stylesheet);  // parsing takes a while: not under the lock
  std::lock_guard lock(handles.mutex);
  if (handles.by_thread.size() >= kMaxHandlesPerFile) handles.by_thread.clear();
  handles.by_thread[key] = handle;
  return handle;
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
  HandlePtr handle = handle_for(art);
  if (is_turned(cr))
    paint_turned(cr, handle.get(), art);
  else
    paint_upright(cr, handle.get(), art);
}

namespace {

void paint_upright(cairo_t* cr, RsvgHandle* h, const page::SvgArt& art) {
  GErrorHolder err;
  if (art.element_id.empty()) {
    double aspect = document_aspect(h);
    RsvgRectangle viewport =
        aspect > 0 ? fit(art.box, aspect) : RsvgRectangle{art.box.x, art.box.y, art.box.w, art.box.h};
    if (!rsvg_handle_render_document(h, cr, &viewport, &err.error))
      throw RenderError("cannot render SVG art " + art.svg->path() + ": " + err.message());
    return;
  }
  std::string id = "#" + art.element_id;
  if (!rsvg_handle_has_sub(h, id.c_str())) throw RenderError("SVG art " + art.svg->path() + " has no element " + id);
  RsvgRectangle ink{}, logical{};
  if (!rsvg_handle_get_geometry_for_element(h, id.c_str(), &ink, &logical, &err.error))
    throw RenderError("cannot measure " + id + " in SVG art " + art.svg->path() + ": " + err.message());
  if (!(ink.width > 0 && ink.height > 0)) return;  // nothing visible
  // render_element scales the element's ink box proportionally but pins it
  // to the viewport's top-left corner, so hand it a viewport of the element's
  // own shape, already centred in the box.
  RsvgRectangle viewport = fit(art.box, ink.width / ink.height);
  if (!rsvg_handle_render_element(h, cr, id.c_str(), &viewport, &err.error))
    throw RenderError("cannot render " + id + " of SVG art " + art.svg->path() + ": " + err.message());
}

}  // namespace

}  // namespace kw::render::detail
