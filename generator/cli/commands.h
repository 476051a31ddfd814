#pragma once
// The commands of the CLI, one file each, and what the command line gave
// each: its own options (read by command_line.cpp, which checked every value).
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/limits.h"

namespace kw::cli {

enum class ColorSpace { Rgb, Cmyk };
enum class PngSize { Fast, Small };

// What every command that reads a project is given: the global options and
// which games, in which language and variant. Each command's own options
// below extend it with what that command alone takes (command_line.cpp
// binds each to its command, so no command sees another's options).
struct ProjectOptions {
  std::filesystem::path root;
  // --allow-read DIR: folders outside the project its files may name (a
  // shared font folder); everything else outside the root is refused.
  std::vector<std::filesystem::path> allow_read;
  Limits limits;                   // --limit NAME=N: resource limits (core/limits.h)
  std::vector<std::string> games;  // --game: empty = all
  std::string variant;             // --variant: a file of data/variants/<game>/
  std::string language;            // --lang: a language tag or "all"; empty: each game's source language
};

struct BuildArgs : ProjectOptions {
  std::filesystem::path out_dir = "output";
  std::vector<std::string> formats;  // --format: png, jpg (jpeg), pdf; empty = all three
  std::vector<std::string> skip;     // --skip: overview, tts, manifest: files left out
  bool force = false;
  bool no_cache = false;                // --no-cache: render everything, keep nothing
  std::filesystem::path cache_dir;      // --cache DIR; empty: $KARTENWERK_CACHE, else ~/.cache/kartenwerk
  std::vector<std::string> only_cards;  // --card ID,...: only these cards' PNG and JPEG
  std::string changed_since;            // --changed-since REV: the reprint set, into <out>/<game>/reprint/
  bool draft = false;                   // --draft: overflowing text marked, DRAFT watermark, into <out>/<game>/draft/
  std::filesystem::path timings_file;   // --timings FILE: a trace of where the time went; empty: none
  bool verbose = false;                 // -v / --verbose: a summary of each stage's time on stderr
  // print production (see products/build_options.h)
  bool cut_lines = false;              // --cut-lines: thin lines along every cut on PnP sheets
  std::optional<Point> duplex_offset;  // --duplex-offset X,Y (mm) for PnP back pages
  int jobs = 0;                        // -j N / --jobs N: cards rendered at once; 0 = all cores
  ColorSpace color = ColorSpace::Rgb;  // --color rgb|cmyk: the print PDF's colour space
  PngSize png = PngSize::Fast;         // --png fast|small: how hard the PNG files are compressed
  std::string profile;                 // --profile NAME: that shop's package instead of the game's own
  bool fit = false;                    // --fit: cards fitted to a shop card of another shape or size
  std::vector<std::string> tabletops;  // --tabletop LIST: tts, ttpg, screentop, playingcards, none; empty: tts
  std::string tts_url;                 // --tts-url URL: where tts/ is uploaded; empty: its file:/// URL
};

struct CheckArgs : ProjectOptions {
  std::string report_format = "text";  // --format text|json
};

struct PreflightArgs : ProjectOptions {
  std::filesystem::path out_dir = "output";  // --out: where the games were built
  std::string profile;                       // --profile NAME (data/print/profiles.yaml); empty = its default
  std::filesystem::path separation_maps;     // --separation-maps DIR: a picture of each card's cells; empty = none
};

struct ListArgs : ProjectOptions {};

struct DiffArgs : ProjectOptions {
  std::string revision = "HEAD";             // REV: a git revision of the project's repository
  std::string report_format = "text";        // --format text|json
  bool since_build = false;                  // --since-build: against the last build's manifest.json instead
  std::filesystem::path out_dir = "output";  // --out: where that build put its files
};

struct ServeArgs : ProjectOptions {
  std::string host = "127.0.0.1";            // --host: loopback unless asked otherwise
  int port = 8421;                           // --port: 0 = any free port
  std::filesystem::path out_dir = "output";  // --out: where builds put their files (tabletop downloads)
};

struct SimulateArgs : ProjectOptions {
  long games_to_play = 1000;           // --games N
  uint64_t seed = 1;                   // --seed S
  int players = 0;                     // --players N; 0: every count the rules allow
  std::string report_format = "text";  // --format text|json
};

struct I18nArgs : ProjectOptions {
  std::string subcommand;                    // status, export, import
  std::vector<std::string> files;            // import: PO files
  std::filesystem::path out_dir = "output";  // export: --out (default output/i18n)
};

struct TableArgs : ProjectOptions {
  std::string subcommand;          // export, import
  std::string deck;                // --deck: the deck whose cards are the sheet's rows
  std::string table;               // --table: or the game table whose entries are
  std::string table_format;        // --format csv|xlsx (export)
  std::string table_file;          // --out FILE (export); empty: output/tables/<game>-<deck>.<format>
  std::vector<std::string> files;  // import: the spreadsheet
};

struct SchemaArgs {
  std::filesystem::path out_dir;  // --out: the kartenwerk checkout to write into
};

struct NewArgs : ProjectOptions {
  std::string new_game;                        // GAME: the new game's id
  int new_cards = 32;                          // --cards N
  std::string new_format = "meinspiel-59x91";  // --format: a format of the database
};

int run_build(const BuildArgs& inv, std::ostream& out, std::ostream& err);
int run_list(const ListArgs& inv, std::ostream& out, std::ostream& err);
int run_diff(const DiffArgs& inv, std::ostream& out, std::ostream& err);
int run_check(const CheckArgs& inv, std::ostream& out, std::ostream& err);
int run_i18n(const I18nArgs& inv, std::ostream& out, std::ostream& err);
int run_preflight(const PreflightArgs& inv, std::ostream& out, std::ostream& err);
int run_table(const TableArgs& inv, std::ostream& out, std::ostream& err);
int run_serve(const ServeArgs& inv, std::ostream& out, std::ostream& err);
int run_simulate(const SimulateArgs& inv, std::ostream& out, std::ostream& err);
int run_schema(const SchemaArgs& inv, std::ostream& out, std::ostream& err);
int run_new(const NewArgs& inv, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
