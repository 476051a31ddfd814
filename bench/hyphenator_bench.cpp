// How long opening a hyphenation dictionary takes, and hyphenating the words
// of data/ with it: one word per libhyphen load, and paragraphs of 25 words
// per load (as the typesetter asks). --whole adds the same for the whole
// dictionary loaded by libhyphen up front, as before the pattern index.
// Usage: kw_hyphenator_bench [--whole] [ROOT]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unicode/uchar.h>

#include "core/utf8.h"
#include "project/disk_project.h"
#include "text/hyphenator.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::vector<std::u32string> data_words(const std::filesystem::path& root) {
  std::set<std::u32string> words;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root / "data")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string s = bytes.str();
    std::u32string word;
    for (std::size_t i = 0; i <= s.size();) {
      const char32_t c = i < s.size() ? kw::utf8::next(s, i) : (++i, U' ');
      if (u_isalpha(static_cast<UChar32>(c))) {
        word += c;
      } else if (!word.empty()) {
        words.insert(word);
        word.clear();
      }
    }
  }
  return {words.begin(), words.end()};
}

using Open = std::function<std::unique_ptr<kw::text::Hyphenator>(const kw::project::Input&)>;

// Milliseconds per call of `open` (the best of `runs`), and microseconds per
// word hyphenated one by one and in paragraphs, each on a fresh hyphenator.
void measure(const char* name, const kw::project::Input& dic, const Open& open, int runs,
             const std::vector<std::u32string>& words) {
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    const auto start = Clock::now();
    auto h = open(dic);
    best = std::min(best, ms_since(start));
  }
  auto one = open(dic);
  auto start = Clock::now();
  for (const auto& w : words) one->points(w);
  const double single_us = 1000 * ms_since(start) / static_cast<double>(words.size());
  auto paragraphs = open(dic);
  start = Clock::now();
  for (std::size_t i = 0; i < words.size(); i += 25)
    paragraphs->points(
        std::vector<std::u32string_view>(words.begin() + i, words.begin() + std::min(i + 25, words.size())));
  const double batch_us = 1000 * ms_since(start) / static_cast<double>(words.size());
  std::printf("%-16s %-6s %10.2f %7zu %12.1f %12.1f\n", std::filesystem::path(dic.path()).filename().c_str(), name,
              best, words.size(), single_us, batch_us);
}

}  // namespace

int main(int argc, char** argv) {
  bool whole = false;
  std::filesystem::path root = KW_SOURCE_ROOT;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--whole") {
      whole = true;
    } else {
      root = arg;
    }
  }
  kw::project::DiskProject project(root);
  const auto words = data_words(root);
  std::printf("%-16s %-6s %10s %7s %12s %12s\n", "dictionary", "load", "open ms", "words", "us/word 1", "us/word 25");
  for (const char* path : {"/usr/share/hyphen/hyph_de_DE.dic", "/usr/share/hyphen/hyph_en_US.dic"}) {
    kw::project::InputPtr dic = project.read_system(path);
    if (!dic) continue;
    measure("index", *dic, &kw::text::Hyphenator::open, 5, words);
    if (whole) measure("whole", *dic, &kw::text::Hyphenator::open_whole, 1, words);
  }
}
