#pragma once
// Hyphenation points from libhyphen with the system's pattern dictionaries
// (Debian: /usr/share/hyphen/hyph_<lang>_<REGION>.dic), read through the
// project like every other input.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "project/input.h"

struct _HyphenDict;

namespace kw::project {
class Project;
}

namespace kw::text {

class Hyphenator {
 public:
  // Parses one dictionary (the bytes of a libhyphen .dic file); nullptr when
  // libhyphen cannot read it.
  static std::unique_ptr<Hyphenator> open(const project::Input& dic);
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

// The hyphenators of one build, each dictionary read through the project and
// parsed on first use (de: 1 MB of patterns, about a second), then shared by
// all threads. Owned by the project: project.state<Hyphenators>().
class Hyphenators {
 public:
  explicit Hyphenators(const project::Project& project) : project_(project) {}

  // The hyphenator for a BCP 47 language ("de", "de-CH", "en", "en-GB");
  // nullptr when no dictionary is installed for it. Thread-safe.
  const Hyphenator* for_language(const std::string& language) const;

 private:
  const project::Project& project_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, const Hyphenator*> by_language_;
  // Debian links de_CH, de_AT... to one file: one parse per distinct content.
  mutable std::map<project::Sha256, std::unique_ptr<Hyphenator>> by_content_;
};

}  // namespace kw::text
