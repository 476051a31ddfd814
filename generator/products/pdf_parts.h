#pragma once
// A print PDF joined from one-page parts (pdf/pdf_rewrite.h PdfJoiner), each
// part kept in the build cache under a key of everything that decides its
// bytes: a rebuild after a one-card edit renders only the pages that hold
// the card (its page of the game PDF, its PnP sheet's two pages) and joins
// the rest as they were. A build without the cache renders every part and
// joins them the same way, so both write the same bytes.
//
// What a part cannot be shared for: its document info (title, dates) is in
// its key, as the first part's becomes the document's.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "infra/build_cache.h"
#include "infra/timings.h"
#include "page/page.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_rewrite.h"
#include "render/pdf.h"

namespace kw::products {

struct PartedPdfOptions {
  render::PdfOptions pdf;                    // title and dates (each part's, and so the document's)
  const infra::BuildCache* cache = nullptr;  // null: every part rendered
  bool actual_size = false;                  // viewers print at 100 % (PnP sheets)
  infra::Timings* timings = nullptr;         // a "pdf page" span per part rendered
  std::string game;                          // for the spans
};

class PartedPdf {
 public:
  PartedPdf(std::filesystem::path file, PartedPdfOptions options);

  // Adds a page whose bytes `key` decides (with the options' title and
  // dates): the cached part when there, else make()'s page, rendered and
  // kept. `what` names it in the timings and in errors ("card duell-7").
  void add(const std::string& key, const std::function<std::shared_ptr<const page::Page>()>& make,
           const std::string& what);
  // Adds `page`, keyed by its fingerprint.
  void add(const page::Page& page, const std::string& what);
  // Writes the file (atomically). Throws std::runtime_error.
  void finish();

  const std::filesystem::path& path() const { return file_; }
  size_t rendered() const { return rendered_; }  // parts rendered (not from the cache)

 private:
  std::filesystem::path file_;
  PartedPdfOptions options_;
  pdf::PdfJoiner joiner_;
  size_t rendered_ = 0;
};

// A part as the cache keeps it: the page's boxes, then its one-page PDF;
// and back (nullopt for bytes that are not one). Exposed for tests.
std::string pack_part(const pdf::PageBoxes& boxes, std::string_view pdf);
std::optional<std::pair<pdf::PageBoxes, std::string>> unpack_part(std::string_view bytes);

}  // namespace kw::products
