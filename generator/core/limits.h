#pragma once
// Resource limits on what a project may make kartenwerk read: a hostile or
// broken project must end in a clear error, not in exhausted memory. The
// defaults leave the shipped games far below every limit (the largest game
// file expands to a few thousand YAML values); `--limit NAME=N` raises one.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kw {

inline constexpr std::uint64_t kMaxYamlDepth = 1000;
inline constexpr std::uint64_t kMaxCount = 10'000'000;  // copies and pages at most

struct Limits {
  // Values one YAML document may expand to, every use of an alias counted
  // again (nine levels of ten aliases expand to 10^9 values in ten lines; the
  // largest shipped file has about 2100).
  std::uint64_t yaml_nodes = 1'000'000;
  // Nesting of maps and lists in one YAML document, aliases expanded (the
  // shipped files nest 10 deep). At most kMaxYamlDepth: the stages walk the
  // tree recursively, and the stack is not the place to find a limit.
  std::uint64_t yaml_depth = 64;
  // Bytes of one YAML file (the largest shipped one has about 26 kB).
  std::uint64_t yaml_bytes = 16u << 20;
  // Bytes of any other input (fonts, SVG art, images, ICC profiles).
  std::uint64_t file_bytes = 256u << 20;
  // Pixels of one raster image a layout places (PNG, JPEG, WebP), read from
  // its header before it is decoded: a small file can claim a huge image
  // (a 100 kB PNG of 60000 x 60000 px would take 14 GB as RGBA). 50 million
  // pixels (200 MB decoded) is a 300 ppi picture of 60 x 60 cm.
  std::uint64_t image_pixels = 50'000'000;
  // Pixels of one rendered page (a card, a board, a booklet page) at its
  // format's dpi: 4 bytes each while it is drawn. The largest shipped page,
  // Der Hohe Rat's board at 150 dpi, has 8.7 million; a 59 x 91 mm card
  // with bleed at 2400 dpi has 62 million.
  std::uint64_t page_pixels = 100'000'000;
  // Pixels of every page one build of one game renders, all decks, copies
  // and languages counted (each becomes PNG/JPEG bytes on disk). The largest
  // shipped game (Palantir, two languages) renders about 180 million.
  std::uint64_t build_pixels = 20'000'000'000;
  // Pages of one game: cards (each copy), a back per deck, booklet pages
  // (the shipped games have at most 126).
  std::uint64_t pages = 10'000;
  // Copies of one card (`copies:`).
  std::uint64_t copies = 1'000;
};

// The limits of this run. Set once by the command line before any work
// starts (and by tests); read from every thread afterwards.
const Limits& limits();
void set_limits(const Limits& limits);

// Applies "NAME=N" (yaml-nodes, yaml-depth, yaml-bytes, file-bytes,
// image-pixels, page-pixels, build-pixels, pages, copies) to `limits`; the
// reason when it is no such limit or N is no positive number (or, for
// yaml-depth, above kMaxYamlDepth).
std::optional<std::string> apply_limit(std::string_view setting, Limits& limits);
// Every limit's name with its default ("yaml-nodes=1000000, ..."), for help.
std::string limit_names();

}  // namespace kw
