#include "text/linebreak.h"

#include <unicode/brkiter.h>
#include <unicode/utext.h>

namespace kw::text {

LineBreakers::LineBreakers() = default;
LineBreakers::~LineBreakers() = default;

namespace {

// The locale of `language` for ICU's line breaker, with the strict rules
// (CSS line-break: strict) unless the tag asks for others ("ja-u-lb-loose").
// They differ from the others only in Japanese: no line starts with a small
// kana or the prolonged sound mark, as in printed books; ICU's Japanese
// default allows it. Every other language's default is the strict rules.
icu::Locale line_locale(const std::string& language, UErrorCode& status) {
  icu::Locale locale = icu::Locale::forLanguageTag(language, status);
  if (U_FAILURE(status)) return locale;
  char lb[16] = {};
  UErrorCode kv = U_ZERO_ERROR;
  if (locale.getKeywordValue("lb", lb, sizeof lb, kv) <= 0) {
    kv = U_ZERO_ERROR;
    locale.setKeywordValue("lb", "strict", kv);
  }
  return locale;
}

}  // namespace

std::unique_ptr<icu::BreakIterator> LineBreakers::clone_for(const std::string& language) const {
  std::lock_guard lock(mutex_);
  auto& proto = prototypes_[language];
  if (!proto) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Locale locale = line_locale(language, status);
    if (U_SUCCESS(status)) proto.reset(icu::BreakIterator::createLineInstance(locale, status));
    if (U_FAILURE(status) || !proto) {
      status = U_ZERO_ERROR;
      proto.reset(icu::BreakIterator::createLineInstance(icu::Locale::getRoot(), status));
    }
    if (!proto) return nullptr;
  }
  return std::unique_ptr<icu::BreakIterator>(proto->clone());
}

std::vector<BreakOpportunity> LineBreakers::opportunities(std::string_view text, const std::string& language) const {
  std::vector<BreakOpportunity> out;
  if (text.empty()) return out;
  auto it = clone_for(language);
  UErrorCode status = U_ZERO_ERROR;
  UText* ut = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  if (it && U_SUCCESS(status)) {
    // Over UTF-8 UText, ICU's indices are native byte offsets: exactly what
    // HarfBuzz clusters use.
    it->setText(ut, status);
    if (U_SUCCESS(status)) {
      for (int32_t b = it->next(); b != icu::BreakIterator::DONE; b = it->next()) {
        const bool hard = it->getRuleStatus() >= UBRK_LINE_HARD && it->getRuleStatus() < UBRK_LINE_HARD_LIMIT;
        out.push_back({static_cast<std::size_t>(b), hard});
      }
    }
  }
  if (ut) utext_close(ut);
  if (out.empty() || out.back().byte != text.size()) out.push_back({text.size(), false});
  return out;
}

}  // namespace kw::text
