#include "text/language.h"

#include <algorithm>
#include <map>
#include <mutex>

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>

namespace kw::text {

namespace {

// ICU's locale id ("de_CH", "zh_Hant_TW") for a BCP 47 tag; empty when ICU
// cannot read it.
std::string locale_id(std::string tag) {
  std::replace(tag.begin(), tag.end(), '_', '-');
  if (tag.empty()) return {};
  char id[ULOC_FULLNAME_CAPACITY] = {};
  int32_t parsed = 0;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uloc_forLanguageTag(tag.c_str(), id, sizeof id, &parsed, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || n <= 0) return {};
  return std::string(id, static_cast<std::size_t>(n));
}

LanguageTag parts(const std::string& id) {
  LanguageTag t;
  if (id.empty()) return t;
  char buf[ULOC_FULLNAME_CAPACITY] = {};
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = uloc_getLanguage(id.c_str(), buf, sizeof buf, &status);
  if (U_SUCCESS(status) && n > 0) t.language.assign(buf, static_cast<std::size_t>(n));
  status = U_ZERO_ERROR;
  n = uloc_getScript(id.c_str(), buf, sizeof buf, &status);
  if (U_SUCCESS(status) && n > 0) t.script.assign(buf, static_cast<std::size_t>(n));
  status = U_ZERO_ERROR;
  n = uloc_getCountry(id.c_str(), buf, sizeof buf, &status);
  if (U_SUCCESS(status) && n > 0) t.region.assign(buf, static_cast<std::size_t>(n));
  // "und" is BCP 47's "undetermined": no language.
  if (t.language == "und") t.language.clear();
  return t;
}

}  // namespace

LanguageTag parse_language_tag(const std::string& tag) { return parts(locale_id(tag)); }

LanguageTag likely_subtags(const std::string& tag) {
  const std::string id = locale_id(tag);
  LanguageTag own = parts(id);
  if (own.language.empty()) return own;
  char max[ULOC_FULLNAME_CAPACITY] = {};
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uloc_addLikelySubtags(id.c_str(), max, sizeof max, &status);
  if (U_FAILURE(status) || n <= 0) return own;
  LanguageTag likely = parts(std::string(max, static_cast<std::size_t>(n)));
  if (likely.language != own.language) return own;  // ICU never renames a language it knows
  if (!own.script.empty()) likely.script = own.script;
  if (!own.region.empty()) likely.region = own.region;
  return likely;
}

namespace {

std::optional<bool> script_is_rtl(const std::string& tag) {
  const LanguageTag t = likely_subtags(tag);
  if (t.language.empty() || t.script.empty()) return std::nullopt;
  const int32_t code = u_getPropertyValueEnum(UCHAR_SCRIPT, t.script.c_str());
  if (code < 0 || code == USCRIPT_UNKNOWN) return std::nullopt;
  return uscript_isRightToLeft(static_cast<UScriptCode>(code)) != 0;
}

}  // namespace

std::optional<bool> language_is_rtl(const std::string& tag) {
  // Asked for every text set, of the same few languages: ICU's lookup costs
  // some microseconds, the answer never changes. A bounded memo, so no
  // stream of odd tags can grow it.
  static std::mutex mutex;
  static std::map<std::string, std::optional<bool>, std::less<>> memo;
  {
    std::lock_guard lock(mutex);
    if (auto it = memo.find(tag); it != memo.end()) return it->second;
  }
  const std::optional<bool> rtl = script_is_rtl(tag);
  std::lock_guard lock(mutex);
  if (memo.size() < 64) memo.emplace(tag, rtl);
  return rtl;
}

}  // namespace kw::text
