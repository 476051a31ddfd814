#include "print/pdf/print_pdf.h"

#include <unistd.h>
#include <stdexcept>

namespace kw::print {

namespace fs = std::filesystem;

PrintPdf::PrintPdf(fs::path path, std::string title)
    : path_(std::move(path)),
      tmp_(path_.string() + ".tmp-" + std::to_string(::getpid())),
      out_((fs::create_directories(path_.parent_path()), tmp_), std::ios::binary | std::ios::trunc),
      doc_([this](std::string_view bytes) { out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); },
           render::PdfOptions{std::move(title)}) {
  if (!out_) throw std::runtime_error("cannot write " + tmp_.string());
}

PrintPdf::~PrintPdf() {
  if (!done_) {
    std::error_code ec;
    out_.close();
    fs::remove(tmp_, ec);
  }
}

void PrintPdf::add(const page::Page& page) {
  doc_.add_page(page);
  boxes_.push_back(boxes_of(page));
}

void PrintPdf::finish() {
  doc_.finish();
  out_.close();
  if (!out_) throw std::runtime_error("cannot write " + path_.string());
  set_page_boxes(tmp_, boxes_);
  fs::rename(tmp_, path_);
  done_ = true;
}

}  // namespace kw::print
