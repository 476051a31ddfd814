#pragma once
// The products of a game: one PNG per card (cards/), one JPEG per card for
// the Meinspiel online configurator (meinspiel/), one PDF with every card on
// its own page (<game>.pdf), one PDF per booklet deck (e.g. flavor.pdf), and
// the files of each board deck under board/ (board_products.h).
// Layout runs for the whole game first; only when no page has an error is
// anything written.
#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "layout/card_layout.h"
#include "model/model.h"
#include "print/products/print_products.h"

namespace kw::print {

struct ProductFormats {
  bool png = true;
  bool jpeg = true;
  bool pdf = true;
};

struct BuildOptions {
  std::filesystem::path out_dir = "output";
  ProductFormats formats;
  std::string language = "de";
  std::string subdir;            // under <out>/<game>/: "" for German, "en" for English...
  layout::ValueMap rule_values;  // the rules engine's texts for layouts ({{rules.…}})
  PrintOptions print;            // print production: PnP sheets, … (print_products.h)
};

// One laid-out card (or back) with the file name stem it is written under.
struct LaidOutCard {
  std::string stem;  // "01-gondor-hobbit-1", "00-back"
  page::Page page;
};

// Lays out every card of `game` and its back(s), in card order: fronts
// numbered from 01 in data order, backs as 00-back (00-back-<deck> when the
// decks have different backs). Errors go to `diags`.
std::vector<LaidOutCard> layout_game(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                     Diagnostics& diags);

// A booklet deck laid out: its pages, in order, and the file they go to.
struct LaidOutBooklet {
  std::string file;  // "flavor.pdf"
  std::vector<page::Page> pages;
};
std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, layout::Layouter& layouter,
                                            const BuildOptions& options, Diagnostics& diags);

struct BuildReport {
  std::vector<std::filesystem::path> written;
};

// Lays out and, when there were no errors, writes the products of `game`
// under options.out_dir/<game>/. Throws std::runtime_error on I/O failure.
BuildReport build_card_products(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                Diagnostics& diags);

}  // namespace kw::print
