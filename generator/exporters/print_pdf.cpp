#include "exporters/print_pdf.h"

namespace kw::exporters {

PrintPdf::PrintPdf(std::filesystem::path path, render::PdfOptions options)
    : file_(std::move(path)), doc_([this](std::string_view bytes) { file_.append(bytes); }, std::move(options)) {}

void PrintPdf::add(const page::Page& page) {
  doc_.add_page(page);
  boxes_.push_back(pdf::boxes_of(page));
}

void PrintPdf::finish() {
  doc_.finish();
  file_.close();
  pdf::set_page_boxes(file_.temp_path(), boxes_);
  if (actual_size_) pdf::set_print_at_actual_size(file_.temp_path());
  file_.commit();
}

}  // namespace kw::exporters
