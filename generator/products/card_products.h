#pragma once
// Every file made from a game's laid-out cards, written on several cores:
//   cards/<stem>.png                 formats.png
//   jpg/<stem>.jpg                   formats.jpeg (in the shop's image folder, meinspiel/,
//                                    when the game's shop takes these JPEGs)
//   <game>.pdf                       formats.pdf: every card on its own page, with page boxes
//   fronts.pdf, backs.pdf            formats.pdf (shop_pdfs.h)
//   the shop's package               formats.pdf, or build --profile (shop_package.h)
//   pnp/...                          formats.pdf, when print settings exist (pnp_products.h)
//   overview.png                     formats.png, unless by_products.overview is off (overview.h)
//   tts/...                          formats.jpeg, unless by_products.tts is off (tts_writer.h)
//
// Each card is rendered once at the format's dpi; the raster feeds its PNG,
// its JPEG, the overview and the TTS sheets, and is dropped as soon as they
// have it. Pages come from layout::CardPages, which holds only a few of them
// (card_pages.h), and every aggregate (PDFs, PnP sheets, the shop's package,
// overview, TTS) asks for a card's page while it needs it, so memory stays
// flat as the deck grows. Rasters are rendered in parallel
// (options.print.jobs threads); each PDF is one serial stream in card order,
// several PDFs run side by side. Output does not depend on the number of
// threads.
#include <filesystem>
#include <future>
#include <span>

#include "layout/game_layout.h"
#include "model/model.h"
#include "products/build_options.h"
#include "text/typesetter.h"

namespace kw::products {

// Returns what is left of the run, going on beside the caller with -j
// above 1 (an invalid future: nothing): the record of the files left in
// place saved for the next build, and the run's state freed (20,000 stamps
// at 10,000 cards), which were 12 ms of the end of a 5,000-card edit with
// the other core idle. The future waits for it when it is destroyed; get()
// says whether it failed.
[[nodiscard]] std::future<void> write_card_products(const model::Game& game, const layout::CardPages& cards,
                                                    const std::filesystem::path& dir, const BuildOptions& options,
                                                    const text::Typesetter& typesetter, BuildReport& report);

}  // namespace kw::products
