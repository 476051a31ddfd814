#pragma once
// A print shop's package (`build --profile NAME`): the files one shop takes,
// named, ordered and coloured as it asks (data/print/profiles.yaml says
// what; the CLI turns a profile into a ShopPackage). Each card is fitted to
// the shop's card (page/fit.h): a 59 x 91 mm game goes to a shop that cuts
// 57.15 x 88.9 mm cards scaled and centred, never stretched.
//   fronts, backs   one PDF of every front and one of each front's back
//                   (page i of each is card i): Meinspiel.de
//   deck            one PDF, each card's back and front next to each other
//                   (back first or front first): DriveThruCards
//   images          one image per front, and one per distinct back, at the
//                   shop's pixel size (PNG or JPEG): MakePlayingCards
// PDFs are converted to the shop's press condition (CMYK PDF/X) when it
// names one.
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/clock.h"
#include "exporters/cmyk.h"
#include "infra/build_cache.h"
#include "infra/timings.h"
#include "layout/game_layout.h"
#include "model/model.h"
#include "page/fit.h"

namespace kw::products {

struct ShopPackage {
  std::string id;                     // the profile's id ("drivethrucards")
  page::CardTarget card;              // the shop's card this game is fitted to
  std::string card_name;              // its name at the shop ("bridge")
  std::string fronts_pdf, backs_pdf;  // "" when the shop takes none
  std::string deck_pdf;               // ""  when the shop takes none
  bool deck_back_first = true;
  std::string images_dir;                       // "" when the package writes no images
  std::string image_format = "png";             // png | jpg
  std::optional<std::pair<int, int>> image_px;  // the shop's pixel size of a whole card with bleed
  // The images straight in images_dir (<stem>.<format>), not in front/ and
  // back/: a shop that takes the game's own JPEGs, given fitted ones
  // because the user asked for a fit to another card size (`build --fit`).
  bool images_flat = false;
  std::optional<exporters::CmykSettings> cmyk;  // the PDFs' press condition; none: RGB
  // Where the game's own card JPEGs go when they are the shop's images as
  // they are (same card size, no pixel size of the shop's): its image
  // folder ("meinspiel"); "": they are working files (jpg/).
  std::string card_jpegs_dir;
};

// Which package a game gets: the profile the game names (or the one the
// command line names), and the shop's card its format goes to. The CLI
// answers from the print profiles (verify/profile_fit.h), so that build and
// preflight choose the same shop and card.
class ShopChooser {
 public:
  virtual ~ShopChooser() = default;
  // None: no package for this game (its format suits no card of its shop,
  // said before the build started). Throws std::runtime_error when the
  // profile's press condition cannot be read.
  virtual std::optional<ShopPackage> package_for(const model::Game& game, Size game_trim) const = 0;
};

// Writes the package under `dir` (<out>/<game>), appending what it wrote to
// `written`; `tick` is called once per page or image. Throws
// std::runtime_error (nothing half-written is left) on failure.
// `note` hears what had to give way (e.g. black knocking out to stay within
// the ink limit), one sentence naming the file. The cards are read in one
// pass, each fitted once (a back shared by many fronts once in all), and fed
// to every file of the package at once, so memory does not grow with the deck.
// `parts`: which of the package's files to make (each file's bytes are the
// same whichever others are made with it), so that a build can keep each
// under a key of only the pages in it: a front's edit leaves backs.pdf.
// `cache`: where each PDF's pages are kept (pdf_parts.h); null: all rendered.
// `timings`: a "convert cmyk" span per part converted.
struct ShopParts {
  bool fronts = true, backs = true, deck = true, images = true;
};
void write_shop_package(const ShopPackage& shop, const layout::CardPages& cards,
                        std::span<const layout::CardSide> sides, const std::filesystem::path& dir, const Clock& clock,
                        std::vector<std::filesystem::path>& written, const std::function<void()>& tick,
                        const std::function<void(const std::string&)>& note, ShopParts parts = {},
                        const infra::BuildCache* cache = nullptr, infra::Timings* timings = nullptr);

// Everything of `shop` that decides the package's bytes besides the cards
// (the output profile by its content), for the build cache's key.
std::string shop_package_key(const ShopPackage& shop);

// Pages the package (its `parts`) paints, for the progress bar.
size_t shop_package_units(const ShopPackage& shop, std::span<const layout::CardSide> sides, ShopParts parts = {});

}  // namespace kw::products
