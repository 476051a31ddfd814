#include "text/paragraph_model.h"

#include <algorithm>
#include <map>

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include "core/utf8.h"
#include "text/font_face.h"
#include "text/linebreak.h"

namespace kw::text {

namespace {

bool is_space(char32_t cp) { return u_charType(static_cast<UChar32>(cp)) == U_SPACE_SEPARATOR; }

// Spaces a justified line may widen. Thin and narrow no-break spaces are
// chosen for their exact width ("z. B.", "10 %"): they stay as they are.
bool is_justifiable_space(char32_t cp) { return cp == U' ' || cp == kNoBreakSpace; }

bool is_explicit_hyphen(char32_t cp) { return cp == U'-' || cp == 0x2010 || cp == 0x2013 || cp == 0x2014; }

bool is_mark_cp(char32_t cp) {
  const int8_t t = u_charType(static_cast<UChar32>(cp));
  return t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK || t == U_ENCLOSING_MARK;
}

// A letter of a word a dictionary may hyphenate: ideographs and kana are
// letters too, but their lines break between any two of them, never with a
// hyphen.
bool is_word_char(char32_t cp) {
  const auto c = static_cast<UChar32>(cp);
  const int8_t t = u_charType(c);
  return (u_isalpha(c) || t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK) && !is_ideographic(cp);
}

// The shortest word libhyphen's default minima (two letters before a
// hyphen, three after) could hyphenate.
constexpr std::size_t kShortestHyphenatable = 5;

// What the steps below share besides the model: the paragraph's code points
// (one per unit) and where each byte's unit is.
struct Scan {
  std::size_t begin = 0;
  std::vector<char32_t> cps;
  std::vector<std::size_t> unit_at;  // by byte - begin, up to and including the end; SIZE_MAX inside a code point
  std::vector<double> hyphen_em;     // per unit: the hyphen's width in the unit's face

  std::size_t unit_of(std::size_t byte) const { return unit_at[byte - begin]; }
};

// One unit per code point of the paragraph.
Scan read_units(const std::string& text, ParagraphModel& m) {
  Scan scan;
  scan.begin = m.begin;
  scan.unit_at.assign(m.end - m.begin + 1, SIZE_MAX);
  for (std::size_t i = m.begin; i < m.end;) {
    scan.unit_at[i - m.begin] = m.units.size();
    Unit u;
    u.byte = i;
    const char32_t cp = utf8::next(text, i);
    scan.cps.push_back(cp);
    u.space = is_space(cp);
    m.units.push_back(u);
  }
  scan.unit_at[m.end - m.begin] = m.units.size();
  scan.hyphen_em.assign(m.units.size(), 0.3);
  return scan;
}

// Advances: shape each run once; a cluster's advance is shared evenly by its
// code points, so a break inside a ligature still gets a sensible width.
void measure(const Markup& markup, const std::vector<FaceRun>& runs, const ModelOptions& options, Scan& scan,
             ParagraphModel& m) {
  for (const FaceRun& run : runs) {
    const std::size_t u0 = scan.unit_of(run.begin), u1 = scan.unit_of(run.end);
    for (std::size_t u = u0; u < u1; ++u) scan.hyphen_em[u] = run.face->hyphen_advance;
    if (run.icon) {
      const MarkupIcon* icon = markup.icon_at(run.begin);
      const double aspect = icon && options.icon_aspect ? options.icon_aspect(icon->name) : 1.0;
      m.units[u0].advance = run.face->cap_height * aspect + options.tracking_em;
      continue;
    }
    const auto glyphs = shape(run, markup.text, run.begin, run.end, options.shape);
    std::map<std::size_t, double> cluster_advance;
    for (const ShapedGlyph& g : glyphs) cluster_advance[g.cluster] += g.x_advance;
    for (auto it = cluster_advance.begin(); it != cluster_advance.end(); ++it) {
      const std::size_t c0 = scan.unit_of(it->first);
      const std::size_t c1 = std::next(it) == cluster_advance.end() ? u1 : scan.unit_of(std::next(it)->first);
      const double share = it->second / static_cast<double>(std::max<std::size_t>(1, c1 - c0));
      for (std::size_t u = c0; u < c1; ++u) m.units[u].advance = share;
      m.units[c0].advance += options.tracking_em;
    }
  }
  for (std::size_t u = 0; u < m.units.size(); ++u) {
    if (u > 0 && is_interletter_gap(scan.cps[u - 1], scan.cps[u])) m.units[u].gap_stretch = options.max_stretch_em;
    if (!is_justifiable_space(scan.cps[u])) continue;
    m.units[u].stretch = options.max_stretch_em;
    // TeX's interword glue shrinks by a third of the space: tight but legible.
    m.units[u].shrink = m.units[u].advance / 3;
  }
}

// The breaks the line breaker (UAX #14) allows, each costed by what precedes it.
void add_opportunities(const std::string& text, const ModelOptions& options, const Scan& scan, ParagraphModel& m) {
  const std::string_view para(text.data() + m.begin, m.end - m.begin);
  const auto opportunities = options.breakers->opportunities(para, options.language);
  for (const BreakOpportunity& o : opportunities) {
    const std::size_t u = scan.unit_of(m.begin + o.byte);
    if (u == 0 || u >= m.units.size() || u == SIZE_MAX) continue;
    Breakpoint b{u, BreakKind::Other};
    const char32_t before = scan.cps[u - 1];
    if (is_space(before)) {
      b.kind = BreakKind::Space;
    } else if (before == kSoftHyphen) {
      b.kind = BreakKind::Hyphen;
      b.hyphen_width = scan.hyphen_em[u - 1];
      b.penalty = kHyphenPenalty;
      b.flagged = true;
    } else if (is_explicit_hyphen(before)) {
      b.kind = BreakKind::Explicit;
      b.penalty = kHyphenPenalty;
      b.flagged = true;
    }
    m.breaks.push_back(b);
  }
}

// Per unit: whether its word (anything between spaces) holds a soft hyphen.
std::vector<bool> in_word_with_soft_hyphen(const Scan& scan, const ParagraphModel& m) {
  std::vector<bool> word_has_shy(m.units.size(), false);
  for (std::size_t u = 0; u < m.units.size();) {
    std::size_t w = u;
    bool shy = false;
    for (; w < m.units.size() && !m.units[w].space; ++w)
      if (scan.cps[w] == kSoftHyphen) shy = true;
    for (std::size_t k = u; k < w; ++k) word_has_shy[k] = shy;
    u = w + 1;
  }
  return word_has_shy;
}

// The words a dictionary would be asked to hyphenate: not those in which
// the author placed soft hyphens (theirs are the only places such a word
// may break), nor those in capitals.
struct Words {
  std::vector<std::size_t> starts;  // unit of each word's first letter
  std::vector<std::u32string_view> words;
};

Words hyphenation_words(const Scan& scan, const ParagraphModel& m) {
  const std::vector<char32_t>& cps = scan.cps;
  const std::vector<bool> word_has_shy = in_word_with_soft_hyphen(scan, m);
  Words out;
  auto& starts = out.starts;
  auto& words = out.words;
  const std::u32string_view all(cps.data(), cps.size());
  for (std::size_t u = 0; u < m.units.size();) {
    if (!is_word_char(cps[u]) || word_has_shy[u]) {
      ++u;
      continue;
    }
    std::size_t w = u;
    while (w < m.units.size() && is_word_char(cps[w])) ++w;
    const std::u32string_view word = all.substr(u, w - u);
    // All capitals is an abbreviation or a label: leave it whole.
    const bool all_caps = std::all_of(word.begin(), word.end(), [](char32_t c) {
      return !u_isalpha(static_cast<UChar32>(c)) || u_isupper(static_cast<UChar32>(c));
    });
    if (!all_caps) {
      starts.push_back(u);
      words.push_back(word);
    }
    u = w;
  }
  return out;
}

// Dictionary hyphenation inside the words of hyphenation_words().
void add_dictionary_hyphens(const Hyphenator& hyphenator, const Scan& scan, ParagraphModel& m) {
  const std::vector<char32_t>& cps = scan.cps;
  const auto [starts, words] = hyphenation_words(scan, m);
  // The paragraph's words at once: its new words share one dictionary load.
  const std::vector<std::vector<std::size_t>> points = hyphenator.points(words);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::size_t u = starts[i];
    for (std::size_t p : points[i]) {
      if (is_mark_cp(cps[u + p])) continue;  // never between a letter and its accent
      m.breaks.push_back({u + p, BreakKind::Hyphen, scan.hyphen_em[u + p - 1], kHyphenPenalty, true});
    }
  }
}

}  // namespace

bool is_ideographic(char32_t cp) {
  if (cp < 0x1100) return false;  // nothing wide comes before Hangul Jamo: Latin text asks no more
  const auto c = static_cast<UChar32>(cp);
  const int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  if (width == U_EA_FULLWIDTH) return true;  // full-width forms of ASCII sit among ideographs
  if (width != U_EA_WIDE || u_charType(c) == U_OTHER_SYMBOL) return false;  // emoji keep their spacing
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(c, &status);
  if (U_FAILURE(status)) return false;
  // Wide letters of a script written with spaces (Hangul) are justified at
  // their spaces like any other.
  return script == USCRIPT_COMMON || script == USCRIPT_INHERITED || uscript_breaksBetweenLetters(script);
}

bool is_interletter_gap(char32_t cp, char32_t next) {
  if (cp < 0x1100 && next < 0x1100) return false;  // see is_ideographic
  if (is_space(cp) || is_space(next) || is_mark_cp(next)) return false;
  if (u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
      u_hasBinaryProperty(static_cast<UChar32>(next), UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
    return false;
  return is_ideographic(cp) || is_ideographic(next);
}

ParagraphModel build_paragraph(const Markup& markup, std::size_t begin, std::size_t end,
                               const std::vector<FaceRun>& runs, const ModelOptions& options,
                               bool* missed_hyphenation) {
  ParagraphModel m;
  m.begin = begin;
  m.end = end;
  Scan scan = read_units(markup.text, m);
  measure(markup, runs, options, scan, m);

  m.breaks.push_back({0, BreakKind::Start});
  if (options.wrap && !m.units.empty()) {
    add_opportunities(markup.text, options, scan, m);
    if (options.hyphenator) {
      add_dictionary_hyphens(*options.hyphenator, scan, m);
    } else if (options.hyphenate && missed_hyphenation && !*missed_hyphenation) {
      const Words words = hyphenation_words(scan, m);
      *missed_hyphenation = std::any_of(words.words.begin(), words.words.end(),
                                        [](std::u32string_view w) { return w.size() >= kShortestHyphenatable; });
    }
  }
  // Sort; where a dictionary point falls on an opportunity ICU already gave,
  // ICU's (first pushed) wins.
  std::stable_sort(m.breaks.begin() + 1, m.breaks.end(),
                   [](const Breakpoint& a, const Breakpoint& b) { return a.unit < b.unit; });
  m.breaks.erase(std::unique(m.breaks.begin() + 1, m.breaks.end(),
                             [](const Breakpoint& a, const Breakpoint& b) { return a.unit == b.unit; }),
                 m.breaks.end());
  m.breaks.push_back({m.units.size(), BreakKind::End});
  m.finish();
  return m;
}

}  // namespace kw::text
