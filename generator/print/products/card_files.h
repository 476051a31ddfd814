#pragma once
// Writes every file made from a game's laid-out cards, on several cores:
//   cards/<stem>.png                 formats.png
//   meinspiel/<stem>.jpg             formats.jpeg
//   <game>.pdf                       formats.pdf: every card on its own page, with page boxes
//   meinspiel/fronts.pdf, backs.pdf  formats.pdf (print_products.h)
//   pnp/...                          formats.pdf, when print settings exist (pnp_sheets.h)
//   overview.png                     formats.png (contact_sheet.h)
//   tts/...                          formats.jpeg (tts.h)
//
// Each card is rendered once at the format's dpi; the raster feeds its PNG,
// its JPEG, the overview and the TTS sheets, and is dropped as soon as it is
// written, so memory stays flat as the deck grows. Rasters are rendered in
// parallel (options.print.jobs threads); each PDF is one serial stream in
// card order, several PDFs run side by side. Output does not depend on the
// number of threads.
#include <filesystem>
#include <span>

#include "print/products/card_products.h"
#include "text/typesetter.h"

namespace kw::print {

void write_card_files(const model::Game& game, std::span<const LaidOutCard> cards, const std::filesystem::path& dir,
                      const BuildOptions& options, const text::Typesetter& typesetter, BuildReport& report);

// Writes dir/manifest.json when options.print.input is set, listing
// report.written; appends the manifest to report.written.
void write_build_manifest(const model::Game& game, const std::filesystem::path& dir, const BuildOptions& options,
                          BuildReport& report);

}  // namespace kw::print
