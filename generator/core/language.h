#pragma once
// Languages, named by BCP 47 tags ("en", "en-GB", "de-CH", "pt-BR",
// "zh-Hant-TW"). A tag names folders (data/locales/<tag>/, output/<game>/<tag>/)
// and PO headers, so kartenwerk takes each in one spelling: the canonical
// form ICU gives (language lower case, region upper case, script title
// case). Which languages exist, and which is a game's source, is data: no
// language is special here.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw {

// The canonical spelling of `tag` ("EN" -> "en", "pt-br" -> "pt-BR",
// "zh-hant-tw" -> "zh-Hant-TW"); nullopt when it is no well-formed BCP 47
// tag (ICU's parser decides), names no language ICU knows ("xx",
// "english"), or is not one that is_language_code accepts as a folder name.
std::optional<std::string> canonical_language(std::string_view tag);

// The tag one step more general, or "" for a bare language:
// "de-CH" -> "de", "zh-Hant-TW" -> "zh-Hant", "de" -> "".
std::string parent_language(std::string_view tag);

// The language subtag alone: "de-CH" -> "de", "zh-Hant-TW" -> "zh".
std::string primary_language(std::string_view tag);

// Where a text in `language` looks for a string it lacks, nearest first:
// `language` itself, then each more general tag that is one of `available`
// ("de-CH" -> "de-CH", "de"), ending with `source` (the language the text
// was written in) unless it is there already. `available` are the languages
// that have strings of their own (the source included or not).
std::vector<std::string> fallback_chain(const std::string& language, const std::vector<std::string>& available,
                                        const std::string& source);

// `v` written the way `language` writes numbers (ICU: "1,5" in German,
// "1.5" in English), up to 6 decimals, without grouping; -0 reads 0.
std::string format_decimal(double v, const std::string& language);

// The CLDR plural category of `number` in `language`: "zero", "one", "two",
// "few", "many" or "other" (ICU's rules; a language ICU does not know has
// "other" only). Thread-safe.
std::string plural_category(const std::string& language, double number);

// The categories a whole number can fall into in `language`, "other" always
// among them, in CLDR's order: the forms a text with a count must give
// ("en": one, other; "pl": one, few, many, other).
std::vector<std::string> plural_categories(const std::string& language);

}  // namespace kw
