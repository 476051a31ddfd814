#pragma once
// The commands of the CLI, one file each.
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace kw::cli {

struct Invocation {
  std::filesystem::path root;
  std::vector<std::string> games;    // empty: all
  std::filesystem::path out_dir;
  std::vector<std::string> formats;  // build: png, jpg, pdf; check: text, json
  bool force = false;
  std::string language;              // --lang: de (default), en, ..., all
  std::string subcommand;            // i18n: status, export, import
  std::vector<std::string> files;    // i18n import: PO files
};

int run_build(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_list(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_check(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_i18n(const Invocation& inv, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
