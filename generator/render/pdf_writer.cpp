#include <cairo-pdf.h>

#include <ctime>
#include <exception>
#include <utility>

#include "core/files.h"
#include "core/geometry.h"
#include "render/cairo_ptr.h"
#include "render/error.h"
#include "render/painter.h"
#include "render/pdf.h"
#include "render/pdf_date_fix.h"

namespace kw::render {

struct PdfDocument::Writer {
  Writer(PdfOptions o, Sink s) : options(std::move(o)), sink(std::move(s)) {}
  ~Writer() {
    // Destroying an unfinished surface makes cairo finish it and write the
    // trailer; nobody wants those bytes any more, and the sink may be gone.
    discarding = true;
    surface.reset();
  }

  static cairo_status_t write_cb(void* closure, const unsigned char* data, unsigned int length) {
    auto* self = static_cast<Writer*>(closure);
    if (self->discarding) return CAIRO_STATUS_SUCCESS;
    // Exceptions must not unwind through cairo; keep the first and rethrow it
    // from add_page() or finish().
    if (self->sink_error) return CAIRO_STATUS_WRITE_ERROR;
    try {
      self->date_fix.write(std::string_view(reinterpret_cast<const char*>(data), length));
    } catch (...) {
      self->sink_error = std::current_exception();
      return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
  }

  void emit(std::string_view bytes) {
    if (sink)
      sink(bytes);
    else
      buffer.append(bytes);
  }

  // The sink's own exception explains a cairo write error better than cairo can.
  void check(cairo_status_t status, const std::string& what) {
    if (sink_error) {
      failed = true;
      std::rethrow_exception(sink_error);
    }
    if (status != CAIRO_STATUS_SUCCESS) {
      failed = true;
      throw RenderError("cannot write PDF (" + what + "): cairo: " + cairo_status_to_string(status));
    }
  }

  // The document on its first page (w x h pt), with reproducible metadata.
  void open(double w, double h) {
    surface.reset(cairo_pdf_surface_create_for_stream(write_cb, this, w, h));
    check(cairo_surface_status(surface.get()), "creating the document");
    // Without a date cairo stamps the current time and no two PDFs agree.
    // "Z": the clock is UTC.
    std::string date = options.clock.iso8601() + "Z";
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "kartenwerk");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
    // What cairo cannot express as vectors (e.g. SVG filters) is rasterised
    // at print resolution; stated here rather than left to cairo's default.
    cairo_surface_set_fallback_resolution(surface.get(), 300, 300);
  }

  // A page of another size than its predecessor. cairo 1.16 hands the new
  // size to its page recorder as whole points (truncated), and the recorder
  // clips to them: without care every page after the first lost up to 1 pt
  // of bleed at its right and bottom edge. A new page of the same size keeps
  // the recorder cairo made from the exact size, so resize only on a change;
  // a page whose size differs from its predecessor's still gets the
  // truncated clip from cairo 1.16 (kartenwerk writes one page size per file).
  void resize(double w, double h) { cairo_pdf_surface_set_size(surface.get(), w, h); }

  void add_page(const page::Page& page) {
    if (failed || finished) throw RenderError("PDF document is already finished or failed");
    if (!(page.size.w > 0 && page.size.h > 0)) throw RenderError("page '" + page.id + "' has no area");
    double w = mm_to_pt(page.size.w), h = mm_to_pt(page.size.h);
    if (!surface)
      open(w, h);
    else if (w != size_pt.w || h != size_pt.h)
      resize(w, h);
    size_pt = {w, h};
    detail::CairoPtr cr(cairo_create(surface.get()));
    cairo_scale(cr.get(), kPtPerInch / kMmPerInch, kPtPerInch / kMmPerInch);
    try {
      detail::paint_page(cr.get(), page);
    } catch (...) {
      failed = true;
      throw;
    }
    cairo_show_page(cr.get());
    check(cairo_status(cr.get()), "page '" + page.id + "'");
    cr.reset();
    check(cairo_surface_status(surface.get()), "page '" + page.id + "'");
    ++pages;
  }

  std::string finish() {
    if (failed || finished) throw RenderError("PDF document is already finished or failed");
    if (!surface) throw RenderError("cannot write a PDF without pages");
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "fonts and trailer");
    try {
      date_fix.flush();
    } catch (...) {
      failed = true;
      throw;
    }
    finished = true;
    surface.reset();
    return std::move(buffer);
  }

  PdfOptions options;
  Sink sink;
  std::string buffer;
  detail::PdfDateFix date_fix{[this](std::string_view bytes) { emit(bytes); }};
  detail::SurfacePtr surface;
  std::exception_ptr sink_error;
  Size size_pt;  // of the last page
  int pages = 0;
  bool failed = false;
  bool finished = false;
  bool discarding = false;
};

PdfDocument::PdfDocument(PdfOptions options) : writer_(std::make_unique<Writer>(std::move(options), nullptr)) {}

PdfDocument::PdfDocument(Sink sink, PdfOptions options)
    : writer_(std::make_unique<Writer>(std::move(options), std::move(sink))) {}

PdfDocument::~PdfDocument() = default;

void PdfDocument::add_page(const page::Page& page) { writer_->add_page(page); }

std::string PdfDocument::finish() { return writer_->finish(); }

int PdfDocument::page_count() const { return writer_->pages; }

std::string render_pdf(std::span<const page::Page> pages, PdfOptions options) {
  PdfDocument doc(std::move(options));
  for (const auto& page : pages) doc.add_page(page);
  return doc.finish();
}

}  // namespace kw::render
