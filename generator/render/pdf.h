#pragma once
// Vector PDF of one or more pages through cairo: text stays text (fonts
// embedded as subsets, extractable), rectangles and paths stay paths.
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/clock.h"
#include "page/page.h"

namespace kw::render {

struct PdfOptions {
  std::string title = "kartenwerk";
  Clock clock;  // the creation and modification dates
};

// Pages are painted and written out one at a time (each at its own size), so
// a deck never has to be held in memory as pages; only font subsets wait for
// finish(). Output is byte-identical for identical input: the creation and
// modification dates are the options' clock.
// Not thread-safe; use one document per thread.
class PdfDocument {
 public:
  using Sink = std::function<void(std::string_view)>;

  // Collects the bytes in memory; finish() returns them.
  explicit PdfDocument(PdfOptions options = {});
  // Streams the bytes to `sink` as cairo produces them; finish() returns "".
  // An exception thrown by the sink is rethrown from add_page() or finish().
  explicit PdfDocument(Sink sink, PdfOptions options = {});
  ~PdfDocument();
  PdfDocument(const PdfDocument&) = delete;
  PdfDocument& operator=(const PdfDocument&) = delete;

  // Throws RenderError (and leaves the document unusable) when painting fails.
  void add_page(const page::Page& page);
  // Writes fonts and the trailer. Throws RenderError when no page was added.
  std::string finish();
  int page_count() const;

 private:
  struct Writer;  // cairo's PDF surface and what it writes to (pdf_writer.cpp)
  std::unique_ptr<Writer> writer_;
};

// All pages into one PDF, in memory.
std::string render_pdf(std::span<const page::Page> pages, PdfOptions options = {});

}  // namespace kw::render
