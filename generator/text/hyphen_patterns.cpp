#include "text/hyphen_patterns.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace kw::text {

namespace {

// libhyphen 2.8 reads the charset with fgets(cset, 20) and every later line
// with fgets(buf, 100): a longer line reaches it as several lines, each
// parsed on its own. The index cuts the file the same way, so the lines it
// hands to libhyphen later are the lines libhyphen would have read.
constexpr std::size_t kCharsetLineBytes = 19;
constexpr std::size_t kLineBytes = 99;
// libhyphen 2.8.8 writes one byte past its pattern buffer for a line of 99
// letters; no real pattern is that long, so such a line is left out.
constexpr std::size_t kMaxLetters = 98;

std::size_t line_end(std::string_view bytes, std::size_t at, std::size_t max) {
  const std::size_t limit = std::min(bytes.size(), at + max);
  const void* newline = std::memchr(bytes.data() + at, '\n', limit - at);
  return newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - bytes.data()) + 1 : limit;
}

// libhyphen parses a line as a C string: up to its first NUL.
std::string_view c_string(std::string_view line) { return line.substr(0, line.find('\0')); }

bool is_header(std::string_view s) {
  // hnj_hyphen_load_line's keywords, matched as prefixes like its strncmp.
  for (std::string_view keyword :
       {"LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN", "NOHYPHEN"})
    if (s.starts_with(keyword)) return true;
  return false;
}

// Appends the letters of a pattern line as libhyphen takes them: up to the
// first byte <= ' ' of the part before '/', digits left out. True for a
// non-standard pattern with a value that allows a hyphen (so its replacement
// can take effect).
bool append_letters(std::string_view s, std::string& letters) {
  const std::size_t slash = s.find('/');
  bool odd = false;
  for (char c : s.substr(0, slash)) {
    if (static_cast<unsigned char>(c) <= ' ') break;
    if (c >= '0' && c <= '9') {
      odd = odd || (c - '0') % 2 == 1;
    } else {
      letters += c;
    }
  }
  return slash != std::string_view::npos && odd;
}

}  // namespace

std::unique_ptr<const PatternIndex> PatternIndex::build(std::shared_ptr<const std::string> bytes) {
  if (!bytes || bytes->empty() || bytes->size() > kMaxBytes) return nullptr;
  std::unique_ptr<PatternIndex> index(new PatternIndex());
  index->bytes_ = std::move(bytes);
  const std::string_view all = *index->bytes_;
  index->charset_end_ = line_end(all, 0, kCharsetLineBytes);
  index->levels_.emplace_back();
  // Reserved, not touched: no copying as they grow.
  const auto lines = static_cast<std::size_t>(std::count(all.begin(), all.end(), '\n')) + 1;
  index->letters_.reserve(all.size());
  index->letters_begin_.reserve(lines + 1);
  index->line_.reserve(lines);
  for (std::size_t at = index->charset_end_; at < all.size();) {
    const std::size_t end = line_end(all, at, kLineBytes);
    if (!index->read_line(at, end)) break;
    at = end;
  }
  // The first level is a compound level, and its NOHYPHEN the one libhyphen
  // uses, only when NEXTLEVEL follows it.
  const bool compound = index->levels_.size() == 2;
  index->compound_replacements_ = index->compound_replacements_ && compound;
  index->breaks_libhyphen_ = index->breaks_libhyphen_ || (compound && !index->nohyphen_sound_);
  index->letters_begin_.push_back(static_cast<std::uint32_t>(index->letters_.size()));
  index->by_letters_.resize(index->line_.size());
  std::iota(index->by_letters_.begin(), index->by_letters_.end(), 0u);
  index->levels_.back().patterns.hi = static_cast<std::uint32_t>(index->line_.size());
  for (Level& level : index->levels_) index->sort_level(level);
  return index;
}

// One line as hnj_hyphen_load_file reads it; false where it stops reading.
bool PatternIndex::read_line(std::size_t at, std::size_t end) {
  const std::string_view s = c_string(std::string_view(*bytes_).substr(at, end - at));
  const auto count = static_cast<std::uint32_t>(line_.size());
  if (s.starts_with("NEXTLEVEL")) {
    if (levels_.size() == 2) return false;  // libhyphen reads two levels at most
    separator_ = at;
    levels_.back().patterns.hi = count;
    levels_.emplace_back().patterns.lo = count;
  } else if (s.starts_with('%')) {
    // a comment
  } else if (is_header(s)) {
    levels_.back().headers.push_back(static_cast<std::uint32_t>(at));
    if (s.starts_with("NOHYPHEN")) read_nohyphen(s);
  } else {
    const std::size_t before = letters_.size();
    const bool replaces = append_letters(s, letters_);
    if (letters_.size() - before > kMaxLetters) {
      letters_.resize(before);
      return true;
    }
    compound_replacements_ = compound_replacements_ || (replaces && levels_.size() == 1);
    letters_begin_.push_back(static_cast<std::uint32_t>(before));
    line_.push_back(static_cast<std::uint32_t>(at));
  }
  return true;
}

// What hnj_hyphen_load_line makes of a NOHYPHEN line: the rest after spaces
// and tabs, less its last byte (meant to be the newline), split at each comma
// after the first byte; the count of entries adds up over the lines of a
// level while only the last line's entries are kept.
void PatternIndex::read_nohyphen(std::string_view line) {
  std::string_view rest = line.substr(8);
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  if (rest.empty()) {
    breaks_libhyphen_ = true;
    return;
  }
  if (levels_.size() != 1) return;  // the second level's NOHYPHEN is never used
  const std::string_view entries = rest.substr(0, rest.size() - 1);
  std::size_t commas = 0;
  bool empty_entry = entries.empty();
  for (std::size_t k = 1; k < entries.size(); ++k) {
    if (entries[k] != ',') continue;
    ++commas;
    empty_entry = empty_entry || (k >= 2 && entries[k - 1] == ',') || k + 1 == entries.size();
  }
  nohyphen_count_ += commas;
  nohyphen_sound_ = !empty_entry && nohyphen_count_ == commas;
}

void PatternIndex::sort_level(Level& level) {
  // Sorting is most of the time an index takes. Most comparisons are settled
  // by the first eight letters, compared here as one big-endian number.
  struct Key {
    std::uint64_t first8;
    std::uint32_t pattern;
  };
  std::vector<Key> keys;
  keys.reserve(level.patterns.hi - level.patterns.lo);
  for (std::uint32_t p = level.patterns.lo; p < level.patterns.hi; ++p) {
    std::uint64_t first8 = 0;
    const std::string_view l = letters(p);
    for (std::size_t k = 0; k < 8; ++k) first8 = first8 << 8 | (k < l.size() ? static_cast<unsigned char>(l[k]) : 0u);
    keys.push_back({first8, p});
  }
  std::sort(keys.begin(), keys.end(), [this](const Key& a, const Key& b) {
    if (a.first8 != b.first8) return a.first8 < b.first8;
    // Letters are never NUL, so equal first eight bytes with either pattern
    // shorter than nine letters means one is a prefix of the other.
    const int c = letters(a.pattern).compare(letters(b.pattern));
    return c != 0 ? c < 0 : a.pattern < b.pattern;
  });
  for (std::size_t k = 0; k < keys.size(); ++k) by_letters_[level.patterns.lo + k] = keys[k].pattern;
}

// The letter at `at`, or -1 past the end: so a pattern sorts before the
// longer ones it is a prefix of.
int PatternIndex::letter_at(std::uint32_t pattern, std::size_t at) const {
  const std::uint32_t begin = letters_begin_[pattern];
  return begin + at < letters_begin_[pattern + 1] ? static_cast<unsigned char>(letters_[begin + at]) : -1;
}

// The part of `r` (patterns sharing their first `at` letters) with `letter` next.
PatternIndex::Range PatternIndex::narrow(Range r, std::size_t at, unsigned char letter) const {
  const auto first = by_letters_.begin();
  const auto lo =
      std::partition_point(first + r.lo, first + r.hi, [&](std::uint32_t p) { return letter_at(p, at) < letter; });
  const auto hi = std::partition_point(lo, first + r.hi, [&](std::uint32_t p) { return letter_at(p, at) == letter; });
  return {static_cast<std::uint32_t>(lo - first), static_cast<std::uint32_t>(hi - first)};
}

// The state of the first `length` letters shared by `r`: its pattern lines,
// or, when none has exactly these letters, the letters as a bare prefix.
void PatternIndex::note(Range r, std::size_t length, Reached& reached) const {
  if (r.empty()) return;
  std::uint32_t exact = r.lo;
  while (exact < r.hi && letter_at(by_letters_[exact], length) < 0) reached.patterns.push_back(by_letters_[exact++]);
  if (exact == r.lo && length > 0) reached.prefixes.push_back(letters(by_letters_[r.lo]).substr(0, length));
}

// From the state of `r` (its first `length` letters), every state reached
// reading on through `rest`, and each of them followed by the closing '.'.
void PatternIndex::walk(Range r, std::size_t length, std::string_view rest, Reached& reached) const {
  for (std::size_t k = 0;; ++k) {
    note(narrow(r, length, '.'), length + 1, reached);
    if (k == rest.size()) return;
    r = narrow(r, length++, static_cast<unsigned char>(rest[k]));
    if (r.empty()) return;
    note(r, length, reached);
  }
}

PatternIndex::Reached PatternIndex::reach(const Level& level, const std::vector<std::string_view>& words) const {
  Reached reached;
  note(level.patterns, 0, reached);  // state 0 (empty letters) is part of every text
  const Range dot = narrow(level.patterns, 0, '.');
  note(dot, 1, reached);
  std::string text;
  for (std::string_view word : words) {
    text = word;
    // libhyphen reads a digit in a word as a word boundary, '.'.
    for (char& c : text)
      if (c >= '0' && c <= '9') c = '.';
    // Every substring s of the word, alone, after '.', before '.' or both:
    // each text libhyphen runs on (the word, or a part between compound
    // boundaries, between dots) is one of these.
    const std::string_view view = text;
    for (std::size_t from = 0; from < view.size(); ++from) walk(level.patterns, 0, view.substr(from), reached);
    if (dot.empty()) continue;
    for (std::size_t from = 0; from <= view.size(); ++from) walk(dot, 1, view.substr(from), reached);
  }
  auto distinct = [](auto& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  distinct(reached.patterns);
  distinct(reached.prefixes);
  return reached;
}

std::string_view PatternIndex::line_at(std::size_t offset) const {
  const std::string_view all = *bytes_;
  return all.substr(offset, line_end(all, offset, kLineBytes) - offset);
}

void PatternIndex::write_level(const Level& level, const std::vector<std::string_view>& words, std::string& out) const {
  const Reached reached = reach(level, words);
  // A state only on the way to longer patterns: a line of its letters with
  // no values creates it. The leading 0 (a value that allows nothing) keeps
  // letters such as "%..." or "NOHYPHEN" from reading as a comment or a
  // keyword. At most 1 + 97 letters + newline: never cut by libhyphen.
  for (std::string_view prefix : reached.prefixes) {
    out += '0';
    out += prefix;
    out += '\n';
  }
  // In file order: of several lines with the same letters, or several
  // LEFTHYPHENMIN lines, the last must stay the last.
  std::vector<std::uint32_t> keep = level.headers;
  for (std::uint32_t p : reached.patterns) keep.push_back(line_[p]);
  std::sort(keep.begin(), keep.end());
  for (std::uint32_t offset : keep) out += line_at(offset);
}

std::string PatternIndex::dictionary_for(const std::vector<std::string_view>& words) const {
  std::string out(std::string_view(*bytes_).substr(0, charset_end_));
  for (std::size_t k = 0; k < levels_.size(); ++k) {
    if (k == 1) out += line_at(separator_);
    write_level(levels_[k], words, out);
  }
  return out;
}

}  // namespace kw::text
