#pragma once
// Hyphenation points from libhyphen with the system's pattern dictionaries
// (Debian: /usr/share/hyphen/hyph_<lang>_<REGION>.dic, from the hyphen-*
// packages), read through the project like every other input.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "project/input.h"

struct _HyphenDict;  // libhyphen's name

namespace kw::project {
class Project;
}

namespace kw::text {

class PatternIndex;

class Hyphenator {
 public:
  // Indexes one dictionary (the bytes of a libhyphen .dic file), in
  // milliseconds: libhyphen later loads only the patterns the words at hand
  // need (see hyphen_patterns.h). nullptr when the file is empty, larger
  // than any real dictionary, or would crash libhyphen.
  static std::unique_ptr<Hyphenator> open(const project::Input& dic);
  // The whole dictionary loaded by libhyphen up front (seconds for German):
  // what open() falls back to when the index cannot stand in for the file,
  // and the reference the index is tested against. nullptr when libhyphen
  // cannot read it.
  static std::unique_ptr<Hyphenator> open_whole(const project::Input& dic);
  ~Hyphenator();
  Hyphenator(const Hyphenator&) = delete;
  Hyphenator& operator=(const Hyphenator&) = delete;

  // Indices i (in code points, 0 < i < word.size()) where `word`, a run of
  // letters, may be hyphenated before word[i]. At least `left_min` letters
  // stay before and `right_min` after a hyphen. Thread-safe; each distinct
  // word is hyphenated once and remembered.
  std::vector<std::size_t> points(std::u32string_view word) const;
  // points() of each word. The words not seen before are hyphenated
  // together, with one libhyphen load: cheaper than one load per word.
  std::vector<std::vector<std::size_t>> points(const std::vector<std::u32string_view>& words) const;

  std::string charset() const { return charset_; }
  std::size_t left_min = 2;
  std::size_t right_min = 3;

 private:
  Hyphenator() = default;
  void read_settings(const _HyphenDict& dict);
  bool dictionary_bytes(std::u32string_view word, std::string& bytes) const;
  std::vector<std::size_t> hyphenate(_HyphenDict* dict, const std::string& bytes, std::size_t length) const;

  std::unique_ptr<const PatternIndex> index_;  // null: whole_ holds every pattern
  _HyphenDict* whole_ = nullptr;
  bool utf8_ = false;
  std::string charset_;
  mutable std::mutex mutex_;
  // Keyed by the word as libhyphen reads it (lower case, in the charset).
  mutable std::unordered_map<std::string, std::vector<std::size_t>> memo_;
};

// The hyphenators of one build, each dictionary read through the project and
// indexed on first use (de: 1 MB of patterns, some milliseconds), then shared
// by all threads. Owned by the project: project.state<Hyphenators>().
class Hyphenators {
 public:
  explicit Hyphenators(const project::Project& project) : project_(project) {}

  // The hyphenator for a BCP 47 language ("de", "de-CH", "en", "en-GB");
  // nullptr when no dictionary is installed for it (or for no language).
  // The dictionary is found by BCP 47 matching: the exact tag
  // (hyph_de_CH.dic), the language alone (hyph_de.dic), the language in its
  // likely region from CLDR (hyph_de_DE.dic), then any other region of the
  // language installed, the first by name. Thread-safe.
  const Hyphenator* for_language(const std::string& language) const;

 private:
  const project::Project& project_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, const Hyphenator*> by_language_;
  mutable std::optional<std::vector<std::string>> installed_;  // the dictionary folder's files, once listed
  // Debian links de_CH, de_AT... to one file: one parse per distinct content.
  mutable std::map<Sha256, std::unique_ptr<Hyphenator>> by_content_;
};

// What to tell the user when `language` has no dictionary
// (SetResult::missing_dictionary): which language, where kartenwerk looked,
// which Debian packages would provide one.
struct MissingDictionary {
  std::string message, hint;
};
MissingDictionary missing_dictionary_message(const std::string& language);

}  // namespace kw::text
