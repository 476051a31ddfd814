#pragma once
// What the text stage needs to know about a language tag (BCP 47: "de",
// "de-CH", "he", "zh-Hant-TW"), read from ICU's copy of CLDR: its parts, its
// likely script and region, and the direction of that script. No language is
// named in code; an empty tag is "no language" and has no likely anything.
#include <optional>
#include <string>

namespace kw::text {

struct LanguageTag {
  std::string language;  // lower case ("de"); empty for no language or a tag ICU cannot read
  std::string script;    // title case ("Latn") when the tag names one
  std::string region;    // upper case ("CH", "419") when the tag names one
};

// The parts of a BCP 47 tag (underscores are read as hyphens).
LanguageTag parse_language_tag(const std::string& tag);

// The tag with CLDR's likely subtags added: "de" -> de, Latn, DE; "he" ->
// he, Hebr, IL; "zh-TW" -> zh, Hant, TW. The tag's own parts are kept.
LanguageTag likely_subtags(const std::string& tag);

// Whether the language is written right to left (its script, or its likely
// script, is); nullopt for no language or one ICU does not know.
std::optional<bool> language_is_rtl(const std::string& tag);

}  // namespace kw::text
