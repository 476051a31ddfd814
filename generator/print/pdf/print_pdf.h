#pragma once
// A print PDF written page by page: streamed through cairo into a temporary
// file, then given its page boxes (MediaBox, BleedBox, TrimBox, see
// pdf_boxes.h) and renamed into place, so no half-written or box-less PDF
// is ever left in the output.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "page/page.h"
#include "print/pdf/pdf_boxes.h"
#include "render/pdf.h"

namespace kw::print {

class PrintPdf {
 public:
  explicit PrintPdf(std::filesystem::path path, std::string title = "kartenwerk");
  ~PrintPdf();
  PrintPdf(const PrintPdf&) = delete;
  PrintPdf& operator=(const PrintPdf&) = delete;

  // Paints `page`; its boxes are boxes_of(page).
  void add(const page::Page& page);
  // Writes the trailer and the boxes, then renames. Throws std::runtime_error
  // (or render::RenderError) on failure, leaving nothing behind.
  void finish();
  int page_count() const { return static_cast<int>(boxes_.size()); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_, tmp_;
  std::ofstream out_;
  render::PdfDocument doc_;
  std::vector<PageBoxes> boxes_;
  bool done_ = false;
};

}  // namespace kw::print
