#pragma once
// The tables kartenwerk writes for screentop.gg and playingcards.io
// (products/tabletop_tables.h) as a checker for tests. Neither site
// documents an import format, so this checks what the README promises a
// person setting the deck up by hand: the header; every row a card with its
// deck and name; for screentop.gg each sheet an image of exactly columns x
// rows cells of its back's size, the card's cell before the last (the back's),
// at most 10 x 7; for playingcards.io each front and back image present,
// every one of the same size.
#include <filesystem>
#include <string>
#include <vector>

#include "support/ttpg_format.h"

namespace kw::test {

using Table = std::vector<std::vector<std::string>>;  // rows of cells, the header first

// Every way `table` (screentop/<game>.csv read) with the images in `folder`
// departs from the form; empty when none.
std::vector<std::string> screentop_table_problems(const Table& table, const std::filesystem::path& folder,
                                                  const ImageSize& image_size);

// The same for playingcards/<game>.csv.
std::vector<std::string> playingcards_table_problems(const Table& table, const std::filesystem::path& folder,
                                                     const ImageSize& image_size);

}  // namespace kw::test
