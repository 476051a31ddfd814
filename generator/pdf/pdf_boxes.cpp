#include "pdf/pdf_boxes.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cmath>
#include <numeric>
#include <stdexcept>

#include "core/output_files.h"
#include "pdf/pdf_rewrite.h"

namespace kw::pdf {

namespace fs = std::filesystem;

namespace {

constexpr double kPtPerMm = 72.0 / 25.4;

// A box in millimetres (y down from the top of a page `page_h_mm` high) as a
// PDF rectangle in points, rounded to 1/1000 pt.
// (pdf_rewrite.cpp writes the same numbers the same way.)
QPDFObjectHandle pdf_box(const Rect& r, double page_h_mm) {
  auto p = box_points(r, page_h_mm);
  auto num = [](double v) { return QPDFObjectHandle::newReal(v, 3, true); };
  return QPDFObjectHandle::newArray({num(p[0]), num(p[1]), num(p[2]), num(p[3])});
}

// A PDF rectangle (points, y up) as millimetres from the top-left of `media`.
Rect mm_box(const QPDFObjectHandle::Rectangle& r, const QPDFObjectHandle::Rectangle& media) {
  double llx = std::min(r.llx, r.urx), urx = std::max(r.llx, r.urx);
  double lly = std::min(r.lly, r.ury), ury = std::max(r.lly, r.ury);
  double top = std::max(media.lly, media.ury), left = std::min(media.llx, media.urx);
  return {(llx - left) / kPtPerMm, (top - ury) / kPtPerMm, (urx - llx) / kPtPerMm, (ury - lly) / kPtPerMm};
}

// `out` may be the file `pdf` was read from: it is replaced only when the
// new one is complete.
void write_deterministic(QPDF& pdf, const fs::path& out, const std::string& min_version) {
  PendingFile file(out);
  QPDFWriter w(pdf, file.temp_path().c_str());
  w.setDeterministicID(true);
  if (!min_version.empty()) w.setMinimumPDFVersion(min_version);
  w.write();
  file.commit();
}

void open(QPDF& pdf, const fs::path& file) {
  pdf.setSuppressWarnings(true);
  pdf.processFile(file.c_str());
}

}  // namespace

PageBoxes boxes_of(const page::Page& page) {
  Rect whole{0, 0, page.size.w, page.size.h};
  return {whole, whole, page.trim};
}

void set_page_boxes(const fs::path& file, std::span<const PageBoxes> boxes) {
  try {
    {
      // The PDFs we write (Cairo's) are rewritten streaming, in memory that
      // does not grow with the page count; anything else goes through qpdf.
      PdfRewriter rewriter;
      if (rewriter.open(file)) {
        if (static_cast<size_t>(rewriter.page_count()) != boxes.size())
          throw std::runtime_error(std::to_string(rewriter.page_count()) + " pages but " +
                                   std::to_string(boxes.size()) + " sets of boxes");
        std::vector<int> order(boxes.size());
        std::iota(order.begin(), order.end(), 0);
        if (rewriter.write(order, boxes, file)) return;
      }
    }
    QPDF pdf;
    open(pdf, file);
    auto pages = QPDFPageDocumentHelper(pdf).getAllPages();
    if (pages.size() != boxes.size())
      throw std::runtime_error(std::to_string(pages.size()) + " pages but " + std::to_string(boxes.size()) +
                               " sets of boxes");
    for (size_t i = 0; i < pages.size(); ++i) {
      QPDFObjectHandle page = pages[i].getObjectHandle();
      double h = boxes[i].media.h;
      page.replaceKey("/MediaBox", pdf_box(boxes[i].media, h));
      page.replaceKey("/BleedBox", pdf_box(boxes[i].bleed, h));
      page.replaceKey("/TrimBox", pdf_box(boxes[i].trim, h));
    }
    write_deterministic(pdf, file, "");
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot set the page boxes of " + file.string() + ": " + e.what());
  }
}

void set_print_at_actual_size(const fs::path& file) {
  try {
    QPDF pdf;
    open(pdf, file);
    QPDFObjectHandle root = pdf.getRoot();
    QPDFObjectHandle prefs = root.getKey("/ViewerPreferences");
    if (!prefs.isDictionary()) prefs = QPDFObjectHandle::newDictionary();
    prefs.replaceKey("/PrintScaling", QPDFObjectHandle::newName("/None"));
    root.replaceKey("/ViewerPreferences", prefs);
    // /PrintScaling is PDF 1.6: the header says so.
    write_deterministic(pdf, file, "1.6");
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot set the print scaling of " + file.string() + ": " + e.what());
  }
}

std::vector<PageBoxes> read_page_boxes(const fs::path& file) {
  try {
    QPDF pdf;
    open(pdf, file);
    std::vector<PageBoxes> out;
    for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
      auto media = page.getMediaBox().getArrayAsRectangle();
      out.push_back({mm_box(media, media), mm_box(page.getBleedBox().getArrayAsRectangle(), media),
                     mm_box(page.getTrimBox().getArrayAsRectangle(), media)});
    }
    return out;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot read the page boxes of " + file.string() + ": " + e.what());
  }
}

void copy_pages(const fs::path& src_file, std::span<const int> order, const fs::path& out) {
  try {
    {
      // Streaming when the file allows it (see set_page_boxes); the
      // catalog, and with it /OutputIntents and /Metadata, comes along.
      PdfRewriter rewriter;
      if (rewriter.open(src_file) && rewriter.write(order, {}, out, PdfRewriter::Document::Another)) return;
    }
    QPDF src;
    open(src, src_file);
    auto pages = QPDFPageDocumentHelper(src).getAllPages();
    QPDF dst;
    dst.emptyPDF();
    QPDFPageDocumentHelper dst_pages(dst);
    for (int index : order) {
      if (index < 0 || static_cast<size_t>(index) >= pages.size())
        throw std::runtime_error("no page " + std::to_string(index + 1) + " (of " + std::to_string(pages.size()) + ")");
      // copyForeignObject copies a page (and what it uses) once; every use
      // gets its own page dictionary pointing at the shared contents.
      QPDFObjectHandle copied = dst.copyForeignObject(pages[static_cast<size_t>(index)].getObjectHandle());
      dst_pages.addPage(QPDFPageObjectHelper(dst.makeIndirectObject(copied.shallowCopy())), false);
    }
    // The output intent (a CMYK PDF's ICC profile) belongs to every copy.
    QPDFObjectHandle intents = src.getRoot().getKey("/OutputIntents");
    if (intents.isArray()) {
      QPDFObjectHandle copied = QPDFObjectHandle::newArray();
      for (const auto& intent : intents.aitems())
        copied.appendItem(intent.isIndirect() ? dst.copyForeignObject(intent) : intent);
      dst.getRoot().replaceKey("/OutputIntents", copied);
    }
    // So does the XMP metadata: PDF/X-4 requires it (it carries the
    // pdfxid:GTS_PDFXVersion), and it describes the same document.
    QPDFObjectHandle metadata = src.getRoot().getKey("/Metadata");
    if (metadata.isStream() && metadata.isIndirect())
      dst.getRoot().replaceKey("/Metadata", dst.copyForeignObject(metadata));
    QPDFObjectHandle info = src.getTrailer().getKey("/Info");
    if (info.isDictionary() && info.isIndirect()) dst.getTrailer().replaceKey("/Info", dst.copyForeignObject(info));
    write_deterministic(dst, out, src.getPDFVersion());
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot write " + out.string() + " from " + src_file.string() + ": " + e.what());
  }
}

int pdf_page_count(const fs::path& file) {
  try {
    QPDF pdf;
    open(pdf, file);
    return static_cast<int>(QPDFPageDocumentHelper(pdf).getAllPages().size());
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot read " + file.string() + ": " + e.what());
  }
}

}  // namespace kw::pdf
