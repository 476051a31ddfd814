#include "render/pdf.h"

#include <cairo-pdf.h>

#include <ctime>
#include <utility>

#include "core/files.h"
#include "core/geometry.h"
#include "render/error.h"
#include "render/painter.h"

namespace kw::render {

namespace {

// output_timestamp() in the ISO 8601 form cairo_pdf_surface_set_metadata
// expects. Without it cairo stamps the current time and no two PDFs agree.
std::string iso_timestamp() {
  std::time_t t = static_cast<std::time_t>(output_timestamp());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}

}  // namespace

PdfDocument::PdfDocument(PdfOptions options) : options_(std::move(options)) {}

PdfDocument::PdfDocument(Sink sink, PdfOptions options) : options_(std::move(options)), sink_(std::move(sink)) {}

PdfDocument::~PdfDocument() {
  // Destroying an unfinished surface makes cairo finish it and write the
  // trailer; nobody wants those bytes any more, and the sink may be gone.
  discarding_ = true;
  surface_.reset();
}

cairo_status_t PdfDocument::write_cb(void* closure, const unsigned char* data, unsigned int length) {
  auto* self = static_cast<PdfDocument*>(closure);
  if (self->discarding_) return CAIRO_STATUS_SUCCESS;
  // Exceptions must not unwind through cairo; keep the first and rethrow it
  // from add_page() or finish().
  if (self->sink_error_) return CAIRO_STATUS_WRITE_ERROR;
  try {
    self->date_fix_.write(std::string_view(reinterpret_cast<const char*>(data), length));
  } catch (...) {
    self->sink_error_ = std::current_exception();
    return CAIRO_STATUS_WRITE_ERROR;
  }
  return CAIRO_STATUS_SUCCESS;
}

void PdfDocument::emit(std::string_view bytes) {
  if (sink_)
    sink_(bytes);
  else
    buffer_.append(bytes);
}

// The sink's own exception explains a cairo write error better than cairo can.
void PdfDocument::check(cairo_status_t status, const std::string& what) {
  if (sink_error_) {
    failed_ = true;
    std::rethrow_exception(sink_error_);
  }
  if (status != CAIRO_STATUS_SUCCESS) {
    failed_ = true;
    throw RenderError("cannot write PDF (" + what + "): cairo: " + cairo_status_to_string(status));
  }
}

void PdfDocument::add_page(const page::Page& page) {
  if (failed_ || finished_) throw RenderError("PDF document is already finished or failed");
  if (!(page.size.w > 0 && page.size.h > 0)) throw RenderError("page '" + page.id + "' has no area");
  double w = mm_to_pt(page.size.w), h = mm_to_pt(page.size.h);
  if (!surface_) {
    surface_.reset(cairo_pdf_surface_create_for_stream(write_cb, this, w, h));
    check(cairo_surface_status(surface_.get()), "creating the document");
    // "Z": output_timestamp() is UTC (SOURCE_DATE_EPOCH).
    std::string date = iso_timestamp() + "Z";
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_TITLE, options_.title.c_str());
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATOR, "kartenwerk");
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
    // What cairo cannot express as vectors (e.g. SVG filters) is rasterised
    // at print resolution; stated here rather than left to cairo's default.
    cairo_surface_set_fallback_resolution(surface_.get(), 300, 300);
  } else {
    // Must happen before anything is drawn on the new page.
    cairo_pdf_surface_set_size(surface_.get(), w, h);
  }
  detail::CairoPtr cr(cairo_create(surface_.get()));
  cairo_scale(cr.get(), kPtPerInch / kMmPerInch, kPtPerInch / kMmPerInch);
  try {
    paint_page(cr.get(), page);
  } catch (...) {
    failed_ = true;
    throw;
  }
  cairo_show_page(cr.get());
  check(cairo_status(cr.get()), "page '" + page.id + "'");
  cr.reset();
  check(cairo_surface_status(surface_.get()), "page '" + page.id + "'");
  ++pages_;
}

std::string PdfDocument::finish() {
  if (failed_ || finished_) throw RenderError("PDF document is already finished or failed");
  if (!surface_) throw RenderError("cannot write a PDF without pages");
  cairo_surface_finish(surface_.get());
  check(cairo_surface_status(surface_.get()), "fonts and trailer");
  try {
    date_fix_.flush();
  } catch (...) {
    failed_ = true;
    throw;
  }
  finished_ = true;
  surface_.reset();
  return std::move(buffer_);
}

std::string render_pdf(std::span<const page::Page> pages, PdfOptions options) {
  PdfDocument doc(std::move(options));
  for (const auto& page : pages) doc.add_page(page);
  return doc.finish();
}

}  // namespace kw::render
