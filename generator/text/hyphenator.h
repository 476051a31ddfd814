#pragma once
// Hyphenation points from libhyphen with the system's pattern dictionaries
// (Debian: /usr/share/hyphen/hyph_<lang>_<REGION>.dic).
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct _HyphenDict;

namespace kw::text {

class Hyphenator {
 public:
  // The hyphenator for a BCP 47 language ("de", "de-CH", "en", "en-GB"),
  // loaded on first use and kept for the life of the process; nullptr when no
  // dictionary is installed for it. Thread-safe.
  static const Hyphenator* for_language(const std::string& language);

  // Loads one dictionary file; nullptr when it cannot be read.
  static std::unique_ptr<Hyphenator> open(const std::filesystem::path& dic);
  ~Hyphenator();
  Hyphenator(const Hyphenator&) = delete;
  Hyphenator& operator=(const Hyphenator&) = delete;

  // Indices i (in code points, 0 < i < word.size()) where `word`, a run of
  // letters, may be hyphenated before word[i]. At least `left_min` letters
  // stay before and `right_min` after a hyphen. Thread-safe: libhyphen only
  // reads the loaded patterns.
  std::vector<std::size_t> points(std::u32string_view word) const;

  std::string charset() const { return charset_; }
  std::size_t left_min = 2;
  std::size_t right_min = 3;

 private:
  Hyphenator() = default;
  _HyphenDict* dict_ = nullptr;
  bool utf8_ = false;
  std::string charset_;
};

}  // namespace kw::text
