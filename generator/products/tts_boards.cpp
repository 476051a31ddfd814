#include "products/tts_boards.h"

#include <stdexcept>

#include "core/files.h"
#include "core/output_files.h"
#include "products/ttpg_package.h"
#include "products/tts_save.h"

namespace kw::products {

namespace fs = std::filesystem;

void write_tts_boards(std::span<const ImposedBoard> boards, const fs::path& dir, const std::string& game_id,
                      const TabletopOptions& options, BuildReport& report) {
  const fs::path tts = dir / "tts";
  const std::string base =
      !options.tts_url.empty() ? options.tts_url : file_url(options.game_dir.empty() ? tts : options.game_dir / "tts");
  for (const ImposedBoard& imposed : boards) {
    const layout::LaidOutBoard& board = *imposed.board;
    const fs::path preview = dir / "board" / (board.stem + ".png");
    auto bytes = read_file(preview);
    if (!bytes) throw std::runtime_error(preview.string() + ": the board's preview was not written");
    const std::string stem = game_id + "-" + board.stem;
    const fs::path image = tts / (stem + ".png"), json = tts / (stem + ".json");
    write_output(image, *bytes);
    write_output(json, tts_board_object(board.title, base, image.filename().string()));
    report.written.push_back(image);
    report.written.push_back(json);
  }
}

void write_ttpg_boards(std::span<const ImposedBoard> boards, const fs::path& dir, const std::string& game_id,
                       const std::string& seed, BuildReport& report) {
  for (const ImposedBoard& imposed : boards) {
    const layout::LaidOutBoard& board = *imposed.board;
    const fs::path preview = dir / "board" / (board.stem + ".png");
    auto bytes = read_file(preview);
    if (!bytes) throw std::runtime_error(preview.string() + ": the board's preview was not written");
    const std::string stem = game_id + "-" + board.stem;
    const fs::path image = dir / "ttpg" / "Textures" / (stem + ".png");
    const fs::path json = dir / "ttpg" / "Templates" / (stem + ".json");
    write_output(image, *bytes);
    write_output(json, ttpg_board_template(board.title, image.filename().string(),
                                           {board.page.trim.w, board.page.trim.h}, seed));
    report.written.push_back(image);
    report.written.push_back(json);
  }
}

}  // namespace kw::products
