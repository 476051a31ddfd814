#pragma once
// Page boxes of print PDFs, and page-level PDF surgery, through libqpdf
// (the render stage's PDFs carry only a MediaBox). Boxes here are in millimetres in page
// coordinates (origin at the MediaBox's top-left corner, y down), as layout
// speaks; in the file they are PDF points from the bottom-left.
//
//   MediaBox  the whole page as written (a card incl. bleed, or a sheet)
//   BleedBox  what the print shop may print on: the page incl. bleed
//   TrimBox   the final cut: the card's trim (a sheet: the whole sheet)
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "page/page.h"

namespace kw::pdf {

struct PageBoxes {
  Rect media, bleed, trim;
};

// A card or booklet page: media = bleed = the page, trim = page.trim.
// (A PnP sheet's page has its trim set to the whole sheet.)
PageBoxes boxes_of(const page::Page& page);

// Rewrites `pdf` in place (temporary file, then rename) with each page's
// MediaBox, BleedBox and TrimBox from `boxes` (one per page, in order).
// The output is deterministic (the /ID is derived from the content).
// Throws std::runtime_error naming the file when it cannot be read or
// written, or when the number of boxes differs from the number of pages.
void set_page_boxes(const std::filesystem::path& pdf, std::span<const PageBoxes> boxes);

// The effective boxes of every page (a missing BleedBox or TrimBox falls back
// to the CropBox, then the MediaBox, as the PDF specification says).
std::vector<PageBoxes> read_page_boxes(const std::filesystem::path& pdf);

// Writes `out` (atomically) with the pages of `src` in `order` (0-based page
// indices; an index may repeat: the copies share their content stream and
// resources, so a back repeated 55 times costs one back). The document info
// (title, dates) is taken from `src`. Throws std::runtime_error.
void copy_pages(const std::filesystem::path& src, std::span<const int> order, const std::filesystem::path& out);

// Rewrites `pdf` in place (deterministically, as set_page_boxes) with the
// catalog's /ViewerPreferences << /PrintScaling /None >>: a viewer's print
// dialog then offers the page at 100 % rather than "fit to page", which
// would shrink true-size cards a few percent. Throws std::runtime_error.
void set_print_at_actual_size(const std::filesystem::path& pdf);

// Number of pages of a PDF. Throws std::runtime_error.
int pdf_page_count(const std::filesystem::path& pdf);

}  // namespace kw::pdf
