#include "text/bidi.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <utility>

#include <unicode/ubidi.h>
#include <unicode/uchar.h>

#include "core/utf8.h"

namespace kw::text {

namespace {

// Characters that can put anything of a left-to-right paragraph at an odd
// level: right-to-left letters, Arabic digits, and the explicit embeddings,
// overrides and isolates that may start a right-to-left stretch.
bool may_be_rtl(char32_t cp) {
  if (cp < 0x0590) return false;  // Latin, Greek, Cyrillic...: the first right-to-left letters are Hebrew's
  switch (u_charDirection(static_cast<UChar32>(cp))) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
    case U_ARABIC_NUMBER:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_RIGHT_TO_LEFT_ISOLATE:
    case U_FIRST_STRONG_ISOLATE:
      return true;
    default:
      return false;
  }
}

struct BidiCloser {
  void operator()(UBiDi* b) const { ubidi_close(b); }
};

}  // namespace

BidiParagraph analyze_bidi(std::string_view text, std::size_t begin, std::size_t end, BaseDirection base) {
  BidiParagraph out;
  // Plain left-to-right text (every shipped game's) is level 0 throughout:
  // one scan, no ICU.
  bool any_rtl = false;
  for (std::size_t i = begin; i < end && !any_rtl;) any_rtl = may_be_rtl(utf8::next(text, i));
  if (!any_rtl && base != BaseDirection::RightToLeft) return out;

  // ubidi reads UTF-16: convert, remembering where each code point starts.
  std::vector<UChar> u16;
  std::vector<std::pair<std::size_t, std::size_t>> starts;  // (byte, UTF-16 index) per code point
  u16.reserve(end - begin);
  for (std::size_t i = begin; i < end;) {
    starts.emplace_back(i - begin, u16.size());
    const auto cp = static_cast<UChar32>(utf8::next(text, i));
    if (U_IS_BMP(cp)) {
      u16.push_back(static_cast<UChar>(cp));
    } else {
      u16.push_back(U16_LEAD(cp));
      u16.push_back(U16_TRAIL(cp));
    }
  }
  const UBiDiLevel para_level = base == BaseDirection::RightToLeft   ? 1
                                : base == BaseDirection::LeftToRight ? 0
                                                                     : UBIDI_DEFAULT_LTR;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UBiDi, BidiCloser> bidi(ubidi_openSized(static_cast<int32_t>(u16.size()), 0, &status));
  if (U_SUCCESS(status))
    ubidi_setPara(bidi.get(), u16.data(), static_cast<int32_t>(u16.size()), para_level, nullptr, &status);
  const UBiDiLevel* levels = U_SUCCESS(status) ? ubidi_getLevels(bidi.get(), &status) : nullptr;
  if (U_FAILURE(status) || !levels) {
    // ICU fails only on memory: set the text unreordered rather than not at all.
    out.rtl = base == BaseDirection::RightToLeft;
    return out;
  }
  out.rtl = (ubidi_getParaLevel(bidi.get()) & 1) != 0;
  out.levels.assign(end - begin, 0);
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const std::size_t b1 = k + 1 < starts.size() ? starts[k + 1].first : end - begin;
    for (std::size_t b = starts[k].first; b < b1; ++b) out.levels[b] = levels[starts[k].second];
  }
  return out;
}

std::vector<std::size_t> visual_order(const std::vector<std::uint8_t>& levels) {
  std::vector<std::size_t> order(levels.size());
  std::iota(order.begin(), order.end(), 0);
  if (std::all_of(levels.begin(), levels.end(), [](std::uint8_t l) { return l == 0; })) return order;
  std::vector<UBiDiLevel> ul(levels.begin(), levels.end());
  std::vector<int32_t> map(levels.size());
  ubidi_reorderVisual(ul.data(), static_cast<int32_t>(ul.size()), map.data());
  for (std::size_t k = 0; k < map.size(); ++k) order[k] = static_cast<std::size_t>(map[k]);
  return order;
}

}  // namespace kw::text
