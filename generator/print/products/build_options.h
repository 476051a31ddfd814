#pragma once
// What a build of one game writes, and where.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "print/colour/cmyk.h"
#include "print/manifest/input_snapshot.h"
#include "print/settings/print_config.h"

namespace kw::print {

struct ProductFormats {
  bool png = true;
  bool jpeg = true;
  bool pdf = true;
};

// What print production does beyond the card files; part of BuildOptions.
struct PrintOptions {
  std::optional<PnpSettings> pnp;      // none: no print-and-play sheets (no data/print/sheets.yaml)
  std::optional<InputSnapshot> input;  // the input for manifest.json; none: no manifest
  std::optional<CmykSettings> cmyk;    // --color cmyk: the game's PDF and the shop PDFs in CMYK
  int jobs = 0;                        // threads rendering at once; 0: all cores
  std::ostream* progress = nullptr;    // progress of each game (stderr); null: quiet
  bool progress_terminal = false;      // a bar redrawn in place, else plain lines
};

struct BuildOptions {
  std::filesystem::path out_dir = "output";
  ProductFormats formats;
  std::string language = "de";
  std::string subdir;  // under <out>/<game>/: "" for German, "en" for English...
  PrintOptions print;  // print production: PnP sheets, manifest, CMYK, threads
  std::filesystem::path game_dir(const std::string& game_id) const { return out_dir / game_id / subdir; }
};

struct BuildReport {
  std::vector<std::filesystem::path> written;
};

}  // namespace kw::print
