#pragma once
// The oracle the display list's answer (page/translucency.h) is tested
// against: the item painted alone into a PDF by Cairo, and the PDF's
// resources asked whether anything blends (pdf::resources_blend: a constant
// alpha below 1, a soft mask, a blend mode), as the CMYK export asks. This
// is what flattening itself did before layout resolved SVG art; kept here so
// the resolver can never drift from what Cairo and librsvg really write.
#include "pdf/content_stream.h"  // first: it sets qpdf's POINTERHOLDER_TRANSITION

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <set>
#include <span>
#include <string>

#include "page/page.h"
#include "render/render.h"

namespace kw::test {

inline bool cairo_writes_transparency(const page::Item& item) {
  page::Page alone;
  alone.id = "oracle";
  alone.size = {400, 400};
  alone.trim = {0, 0, 400, 400};
  alone.safe = alone.trim;
  alone.items = {item};
  const std::string bytes = render::render_pdf(std::span(&alone, 1));
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processMemoryFile("oracle", bytes.data(), bytes.size());
  std::set<QPDFObjGen> seen;
  for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages())
    if (pdf::resources_blend(page.getAttribute("/Resources", false), seen)) return true;
  return false;
}

}  // namespace kw::test
