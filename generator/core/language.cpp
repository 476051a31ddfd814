#include "core/language.h"

#include <unicode/locid.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "core/names.h"

namespace kw {

namespace {

// The languages ICU knows: ISO 639's two-letter codes and the three-letter
// ones CLDR uses ("gsw", "haw"), plus "und" (undetermined).
bool known_language(const std::string& primary) {
  static const std::set<std::string> known = [] {
    std::set<std::string> out = {"und"};
    for (const char* const* code = icu::Locale::getISOLanguages(); *code; ++code) out.insert(*code);
    return out;
  }();
  return known.count(primary) > 0;
}

}  // namespace

std::optional<std::string> canonical_language(std::string_view tag) {
  if (!is_language_code(tag) || tag.find('_') != std::string_view::npos) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale =
      icu::Locale::forLanguageTag(icu::StringPiece(tag.data(), static_cast<int32_t>(tag.size())), status);
  if (U_FAILURE(status) || locale.isBogus()) return std::nullopt;
  std::string out = locale.toLanguageTag<std::string>(status);
  if (U_FAILURE(status) || out.empty() || !is_language_code(out)) return std::nullopt;
  // A well-formed tag of no language ("xx", "english") is a typo, not a language.
  if (!known_language(primary_language(out))) return std::nullopt;
  return out;
}

std::string parent_language(std::string_view tag) {
  const size_t dash = tag.rfind('-');
  return dash == std::string_view::npos ? std::string() : std::string(tag.substr(0, dash));
}

std::string primary_language(std::string_view tag) { return std::string(tag.substr(0, tag.find('-'))); }

std::vector<std::string> fallback_chain(const std::string& language, const std::vector<std::string>& available,
                                        const std::string& source) {
  std::vector<std::string> chain = {language};
  for (std::string up = parent_language(language); !up.empty(); up = parent_language(up))
    if (std::find(available.begin(), available.end(), up) != available.end() || up == source) chain.push_back(up);
  if (std::find(chain.begin(), chain.end(), source) == chain.end()) chain.push_back(source);
  return chain;
}

namespace {

// One PluralRules per language, made on first use and kept: select() on a
// const object is thread-safe in ICU.
const icu::PluralRules* rules_for(const std::string& language) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<icu::PluralRules>> cache;
  std::lock_guard lock(mutex);
  auto& rules = cache[language];
  if (!rules) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Locale locale = icu::Locale::forLanguageTag(language, status);
    if (U_SUCCESS(status)) rules.reset(icu::PluralRules::forLocale(locale, status));
    if (U_FAILURE(status)) rules.reset();
  }
  return rules.get();
}

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

}  // namespace

std::string format_decimal(double v, const std::string& language) {
  if (std::abs(v) < 5e-7) v = 0;
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::forLanguageTag(language, status);
  if (U_FAILURE(status)) locale = icu::Locale::getRoot();
  status = U_ZERO_ERROR;
  const icu::UnicodeString text = icu::number::NumberFormatter::withLocale(locale)
                                      .grouping(UNumberGroupingStrategy::UNUM_GROUPING_OFF)
                                      .precision(icu::number::Precision::maxFraction(6))
                                      .formatDouble(v, status)
                                      .toString(status);
  return U_SUCCESS(status) ? to_utf8(text) : std::to_string(v);
}

std::string plural_category(const std::string& language, double number) {
  const icu::PluralRules* rules = rules_for(language);
  return rules ? to_utf8(rules->select(number)) : "other";
}

std::vector<std::string> plural_categories(const std::string& language) {
  static const char* const kOrder[] = {"zero", "one", "two", "few", "many", "other"};
  std::vector<std::string> reached = {"other"};
  // Whole numbers repeat their categories within every hundred (CLDR's
  // integer rules test n % 10, n % 100 and small ranges); the first
  // thousand and a few large ones meet every category they can.
  for (double n : {0.0, 1e6, 1e7}) reached.push_back(plural_category(language, n));
  for (int n = 1; n <= 1000; ++n) reached.push_back(plural_category(language, n));
  std::vector<std::string> out;
  for (const char* c : kOrder)
    if (std::find(reached.begin(), reached.end(), c) != reached.end()) out.emplace_back(c);
  return out;
}

}  // namespace kw
