#include "core/language.h"

#include <unicode/locid.h>

#include <algorithm>

#include "core/names.h"

namespace kw {

std::optional<std::string> canonical_language(std::string_view tag) {
  if (!is_language_code(tag) || tag.find('_') != std::string_view::npos) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale = icu::Locale::forLanguageTag(icu::StringPiece(tag.data(), static_cast<int32_t>(tag.size())), status);
  if (U_FAILURE(status) || locale.isBogus()) return std::nullopt;
  std::string out = locale.toLanguageTag<std::string>(status);
  if (U_FAILURE(status) || out.empty() || !is_language_code(out)) return std::nullopt;
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

}  // namespace kw
