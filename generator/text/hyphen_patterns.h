#pragma once
// A libhyphen dictionary (.dic) indexed by the letters of its patterns, so a
// word is hyphenated by libhyphen with a dictionary holding only the patterns
// that can act on it. Loading all of Debian's German patterns costs libhyphen
// about three seconds; loading the few dozen a word needs, well under a
// millisecond.
//
// Why a cut-down dictionary gives the same hyphens as the whole file:
// libhyphen runs an Aho-Corasick automaton whose states are the prefixes of
// the patterns' letter strings, and at each position applies only the values
// of the state it is in: the longest suffix of the text read so far that is
// such a prefix. A text therefore only ever meets states that are substrings
// of it. The cut-down dictionary keeps, for every substring of the texts
// libhyphen will run on, the pattern lines with those letters (in file order,
// so the last one still wins) and, for a substring that is only the prefix of
// a longer pattern, a line creating that state with no values. Every state a
// text can reach then exists with the same values, and no other state it can
// reach does.
//
// The texts libhyphen runs on: "." + word + "." with digits read as '.', and,
// with a compound level (NEXTLEVEL), "." + part + "." for each part between
// compound boundaries, recursively. All are covered by taking "." + s + "."
// for every substring s of the word. A non-standard pattern (`f1f/ff=f`) on
// the compound level would splice its replacement into the parts: for such a
// dictionary needs_whole_file() tells the caller to load the whole file.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kw::text {

class PatternIndex {
 public:
  // Larger dictionaries are refused rather than indexed: the file may come
  // from anywhere, and the biggest real ones are a few megabytes.
  static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;

  // Indexes the bytes of a .dic file (kept, not copied). Null when the file is
  // empty or too large.
  static std::unique_ptr<const PatternIndex> build(std::shared_ptr<const std::string> bytes);

  // Non-standard patterns that can fire on the compound level: the index
  // cannot stand in for the file.
  bool needs_whole_file() const { return compound_replacements_; }
  // NOHYPHEN lines libhyphen 2.8.8 mishandles: with nothing after the keyword
  // it writes before its buffer while loading; with an empty entry ("a,,b",
  // "a,") or entries counted over several lines it loops or reads past its
  // buffer while hyphenating. Such a file must not reach libhyphen at all.
  bool breaks_libhyphen() const { return breaks_libhyphen_; }

  // A dictionary text that libhyphen hyphenates each of `words` with exactly
  // as it would with the whole file. Words are the bytes given to libhyphen:
  // lower case, in the dictionary's charset. No words: the header lines only
  // (charset, hyphen minima, NOHYPHEN), for reading those settings.
  std::string dictionary_for(const std::vector<std::string_view>& words) const;

  std::size_t pattern_lines() const { return line_.size(); }

 private:
  // Patterns are numbered in file order; a Range is a run of by_letters_
  // whose letters all start with the same prefix.
  struct Range {
    std::uint32_t lo = 0;
    std::uint32_t hi = 0;
    bool empty() const { return lo == hi; }
  };
  struct Level {
    std::vector<std::uint32_t> headers;  // offsets of LEFTHYPHENMIN, NOHYPHEN...: always kept
    Range patterns;
  };
  // What a level must keep for some words: patterns, and letters that are
  // only a prefix of longer patterns (states to create without values).
  struct Reached {
    std::vector<std::uint32_t> patterns;
    std::vector<std::string_view> prefixes;
  };

  PatternIndex() = default;
  bool read_line(std::size_t at, std::size_t end);
  void read_nohyphen(std::string_view line);
  void sort_level(Level& level);
  std::string_view letters(std::uint32_t pattern) const {
    return std::string_view(letters_).substr(letters_begin_[pattern],
                                             letters_begin_[pattern + 1] - letters_begin_[pattern]);
  }
  int letter_at(std::uint32_t pattern, std::size_t at) const;
  Range narrow(Range r, std::size_t at, unsigned char letter) const;
  void note(Range r, std::size_t length, Reached& reached) const;
  void walk(Range r, std::size_t length, std::string_view rest, Reached& reached) const;
  Reached reach(const Level& level, const std::vector<std::string_view>& words) const;
  void write_level(const Level& level, const std::vector<std::string_view>& words, std::string& out) const;
  std::string_view line_at(std::size_t offset) const;

  std::shared_ptr<const std::string> bytes_;
  std::size_t charset_end_ = 0;
  std::size_t separator_ = 0;  // offset of the NEXTLEVEL line, when there are two levels
  std::vector<Level> levels_;
  std::string letters_;                       // every pattern's letters, in file order
  std::vector<std::uint32_t> letters_begin_;  // per pattern, and one past the last
  std::vector<std::uint32_t> line_;           // per pattern: the offset of its line
  std::vector<std::uint32_t> by_letters_;     // patterns sorted by letters within each level
  bool compound_replacements_ = false;        // seen on the first level (a compound level if NEXTLEVEL follows)
  bool breaks_libhyphen_ = false;
  // libhyphen's NOHYPHEN state of the first level: entries counted so far
  // (over all its NOHYPHEN lines), and whether the last line's are sound.
  std::size_t nohyphen_count_ = 0;
  bool nohyphen_sound_ = true;
};

}  // namespace kw::text
