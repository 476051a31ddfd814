#pragma once
// A game's boards for Tabletop Simulator (tts_save.h): each board's preview
// (board/<stem>.png, 150 dpi) copied to tts/<game>-<stem>.png, and beside it
// tts/<game>-<stem>.json, a saved object holding a `Custom_Board` with that
// image. The image is the saved object's thumbnail too: TTS shows the PNG
// of the same name in its Saved Objects list.
#include <filesystem>
#include <span>
#include <string>

#include "products/board_products.h"
#include "products/build_options.h"

namespace kw::products {

// After write_boards wrote the previews into `dir`/board/. Throws
// std::runtime_error when a preview is missing or a file cannot be written.
void write_tts_boards(std::span<const ImposedBoard> boards, const std::filesystem::path& dir,
                      const std::string& game_id, const TabletopOptions& options, BuildReport& report);

// The same previews for Tabletop Playground (ttpg_package.h): copied to
// ttpg/Textures/<game>-<stem>.png, each with a board template
// ttpg/Templates/<game>-<stem>.json; `seed` makes the templates' GUIDs.
void write_ttpg_boards(std::span<const ImposedBoard> boards, const std::filesystem::path& dir,
                       const std::string& game_id, const std::string& seed, BuildReport& report);

}  // namespace kw::products
