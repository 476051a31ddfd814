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
};

int run_build(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_list(const Invocation& inv, std::ostream& out, std::ostream& err);
int run_check(const Invocation& inv, std::ostream& out, std::ostream& err);

}  // namespace kw::cli
