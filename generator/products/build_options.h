#pragma once
// What a build of one game writes, and where.
#include <filesystem>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/clock.h"
#include "core/files.h"
#include "core/sha256.h"
#include "exporters/cmyk.h"
#include "infra/build_cache.h"
#include "products/input_snapshot.h"
#include "products/tabletop_options.h"
#include "render/png.h"
#include "settings/print_config.h"

namespace kw::infra {
class Timings;
}

namespace kw::products {

class ShopChooser;

struct ProductFormats {
  bool png = true;
  bool jpeg = true;
  bool pdf = true;
};

// The files made of all the cards that a build can leave out (build --skip):
// a designer looking at card PNGs need not wait for the overview's encoding,
// one proofreading the game PDF not for the shop's CMYK conversion.
struct ByProducts {
  bool overview = true;  // overview.png, with formats.png
  bool tts = true;       // tts/, with formats.jpeg
  bool manifest = true;  // manifest.json (when the input is known)
  bool pnp = true;       // pnp/: the print-and-play sheets, with formats.pdf
  bool shop = true;      // the shop's package (meinspiel/, ...), with formats.pdf
};

// What print production does beyond the card files; part of BuildOptions.
struct PrintOptions {
  std::optional<settings::PnpSettings> pnp;     // none: no print-and-play sheets (no data/print/sheets.yaml)
  std::optional<InputSnapshot> input;           // the input for manifest.json; none: no manifest
  std::optional<exporters::CmykSettings> cmyk;  // --color cmyk: the game's PDF and the shop PDFs in CMYK
  // Each game's shop package (shop_package.h): the profile the game names,
  // or the one build --profile names (then `shop_asked`: made whatever the
  // formats). Null: no print profiles, no package.
  std::shared_ptr<const ShopChooser> shop;
  bool shop_asked = false;
  int jobs = 0;  // threads rendering at once; 0: all cores (jobs_of)
  // build --png: the card PNGs and the overview quickly compressed (Fast), or
  // a few per cent smaller at several times the CPU time (Small).
  render::PngCompression png = render::PngCompression::Fast;
  std::ostream* progress = nullptr;  // progress of each game (stderr); null: quiet
  bool progress_terminal = false;    // a bar redrawn in place, else plain lines
};

// How many threads `print` lets a build use: its jobs, or every core.
int jobs_of(const PrintOptions& print);

// What a build may take from earlier builds, and how much it builds.
struct IncrementalOptions {
  const infra::BuildCache* cache = nullptr;  // none: everything is rendered (build --no-cache)
  // What decides the print products besides their pages: the hashes of the
  // print settings files and the command line's print options. Part of the
  // key of every cached PDF, sheet and overview.
  std::string settings_key;
  // build --card: only these cards' PNG and JPEG files (by card id; "back"
  // for the backs); nothing that contains other cards is written.
  std::optional<std::vector<std::string>> only_cards;
  // The output folder the files are moved into when written into a staging
  // folder (infra/staging.h), else empty. A card file whose place there
  // already holds the bytes the cache has for it is not written again (not
  // staged, so left as it is), only listed.
  std::filesystem::path target_out_dir;
};

struct BuildOptions {
  std::filesystem::path out_dir = "output";
  ProductFormats formats;
  ByProducts by_products;
  std::string language;  // the game's text language (BCP 47), as the manifest records it
  std::string subdir;    // under <out>/<game>/: "" for the source language, "en" for an English translation...
  PrintOptions print;    // print production: PnP sheets, manifest, CMYK, threads
  IncrementalOptions incremental;
  // build --tabletop, --tts-url (tabletop_options.h)
  TabletopOptions tabletop;
  bool draft = false;  // build --draft: marked DRAFT, no shop files (meinspiel/, tts/)
  // The date in every PDF it writes (engine::World's clock): part of the key
  // of every cached PDF and of the whole build.
  Clock clock;
  // build --timings, -v: where each stage's time is recorded (timings.h);
  // null: not recorded. Changes no file the build writes.
  infra::Timings* timings = nullptr;
  std::filesystem::path game_dir(const std::string& game_id) const { return out_dir / game_id / subdir; }
};

struct BuildReport {
  std::vector<std::filesystem::path> written;
  // Size and SHA-256 of written files whose bytes the build held anyway (a
  // card's files), by path (generic form): the manifest takes them instead of
  // reading and hashing those files again.
  std::unordered_map<std::string, FileDigest> digests;
  // What stat said of the files this build found in place, untouched, by
  // final path: the build record takes them instead of a stat of each (ten
  // thousand at the end of a 5,000-card edit).
  std::unordered_map<std::string, FileStamp> in_place;
  std::vector<std::string> rendered;  // stems of the cards rendered by this build
  size_t cached = 0;                  // cards whose files came from the cache
};

}  // namespace kw::products
