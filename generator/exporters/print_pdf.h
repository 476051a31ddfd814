#pragma once
// A print PDF written page by page: rendered (render/pdf.h) and streamed
// into a temporary file, then given its page boxes (MediaBox, BleedBox,
// TrimBox, see pdf_boxes.h) and renamed into place, so no half-written or
// box-less PDF is ever left in the output.
#include <filesystem>
#include <string>
#include <vector>

#include "core/output_files.h"
#include "page/page.h"
#include "pdf/pdf_boxes.h"
#include "render/pdf.h"

namespace kw::exporters {

class PrintPdf {
 public:
  // `options`: the title and the date in the document properties.
  PrintPdf(std::filesystem::path path, render::PdfOptions options);
  PrintPdf(const PrintPdf&) = delete;
  PrintPdf& operator=(const PrintPdf&) = delete;

  // Paints `page`; its boxes are boxes_of(page).
  void add(const page::Page& page);
  // Asks viewers to print the pages at 100 % (pdf::set_print_at_actual_size):
  // for sheets whose cards must come out at true size. Before finish().
  void print_at_actual_size() { actual_size_ = true; }
  // Writes the trailer and the boxes, then renames. Throws std::runtime_error
  // (or render::RenderError) on failure, leaving nothing behind.
  void finish();
  int page_count() const { return static_cast<int>(boxes_.size()); }
  const std::filesystem::path& path() const { return file_.path(); }

 private:
  PendingFile file_;
  render::PdfDocument doc_;
  std::vector<pdf::PageBoxes> boxes_;
  bool actual_size_ = false;
};

}  // namespace kw::exporters
