#pragma once
// The commands of the CLI, one file each.
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace kw::cli {

struct Invocation {
  std::filesystem::path root;
  std::vector<std::string> games;  // empty: all
  std::filesystem::path out_dir;
  std::vector<std::string> formats;  // build: png, jpg, pdf; check: text, json
  bool force = false;
  std::string language;            // --lang: de (default), en, ..., all
  std::string variant;             // --variant: a file of data/variants/<game>/
  std::string subcommand;          // i18n: status, export, import
  std::vector<std::string> files;  // i18n import: PO files
  // build: print production (see print/print_products.h)
  bool cut_lines = false;     // --cut-lines: thin lines along every cut on PnP sheets
  std::string duplex_offset;  // --duplex-offset X,Y (mm) for PnP back pages
  std::string jobs;           // -j N / --jobs N: cards rendered at once (default: all cores)
  std::string color;          // --color rgb|cmyk: the print PDF's colour space
  std::string profile;        // preflight --profile NAME (data/print/profiles.yaml)
};

int run_build(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_list(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_check(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_i18n(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_preflight(const Invocation& inv, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
