// Writing a locale file (data/locales/<lang>/<game>.yaml) for `i18n import`.
//
// Written by hand, not with yaml-cpp's YAML::Emitter: the emitter (0.7)
// escapes U+0080..U+00A0 in double-quoted scalars, so every no-break space
// of the shipped translations ("2\u00A0Argumente") would come out as "\xa0"
// and a re-import would rewrite files translators edit by hand. The format
// is small: a comment, three keys, and one map of double-quoted strings.
#include "model/locale.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/quoted.h"

namespace kw::model {

namespace {

// A YAML double-quoted scalar: always safe for markup, quotes and newlines.
std::string quoted(const std::string& s) { return c_quoted(s, ControlEscape::Hex); }

using String = std::pair<const std::string, LocaleEntry>;

// Strings read from the file keep their place there (translators order
// files by hand; an import must not reshuffle them). A new string goes
// after the last one whose id sorts before it, so a sorted file stays
// sorted, a new file comes out sorted, and strings appended by hand get
// their new siblings after them.
std::vector<const String*> write_order(const Locale& locale) {
  std::vector<const String*> kept, added;
  for (const auto& s : locale.strings) (s.second.loc.known() ? kept : added).push_back(&s);
  std::stable_sort(kept.begin(), kept.end(),
                   [](const String* a, const String* b) { return a->second.loc.line < b->second.loc.line; });
  for (const String* s : added) {
    auto before = std::find_if(kept.rbegin(), kept.rend(), [&](const String* k) { return k->first < s->first; });
    kept.insert(before.base(), s);
  }
  return kept;
}

}  // namespace

std::string format_locale(const Locale& locale, const std::string& source_language) {
  const std::string what = locale.variant.empty() ? locale.game : locale.game + " variant " + locale.variant;
  const std::string key = source_key(source_language);
  std::string out = "# " + what + " in language '" + locale.language + "'. Each string: `" + key +
                    "` is the source text it was translated from\n"
                    "# (kartenwerk i18n status reports it stale when the source changes), `text` the translation.\n";
  if (!locale.variant.empty())
    out += "# Only the strings the variant adds or changes; the others are in " + locale.game + ".yaml.\n";
  out += "language: " + locale.language + "\ngame: " + locale.game + "\n";
  if (!locale.variant.empty()) out += "variant: " + locale.variant + "\n";
  out += "strings:\n";
  for (const String* s : write_order(locale)) {
    out += "  " + quoted(s->first) + ":\n";
    out += "    " + key + ": " + quoted(s->second.source) + "\n";
    out += "    text: " + quoted(s->second.text) + "\n";
  }
  return out;
}

}  // namespace kw::model
