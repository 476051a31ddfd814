#pragma once
// Translations. German is the source language: the card database holds German
// text; data/locales/<lang>/<game>.yaml holds one language's strings for one
// game, keyed by stable ids, each with the German text it was translated from
// (so a changed source shows the translation as stale).
//
// String ids:
//   game.<field>                          the game's name, subtitle
//   table.<table>.<entry>.<field.path>    text fields of table entries
//   card.<definition>.<field.path>        text fields of cards (all copies)
//   card.<card>.<field.path>              ... of one copy, where copies differ
//   layout.<layout>.<element>             literal text of a layout's text element
//   rules.<game>.<word>                   words the rules engine prints
//
// A variant's own strings (those its overlay adds or changes: a patched
// card text, a renamed card) are translated in a file of their own,
// data/locales/<lang>/<game>.<variant>.yaml, under the same ids: the base
// game's file keeps translating the base game, whatever the variants do.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::project {
class Project;
}
#include "yaml/schema.h"

namespace kw::model {

inline constexpr const char* kSourceLanguage = "de";

struct LocaleEntry {
  std::string text;    // the translation
  std::string source;  // the German text it translates
  SourceLoc loc;
  // Where the translation itself is (its `text:`), which is where a problem
  // with the translated text is fixed.
  SourceLoc text_loc = {};
};

struct Locale {
  std::string language;
  std::string game;
  std::string variant;  // empty: the base game's strings
  std::string file;     // project path: data/locales/<lang>/<game>[.<variant>].yaml
  std::map<std::string, LocaleEntry> strings;
  const LocaleEntry* find(const std::string& id) const;
};

// The project path of a locale file: data/locales/<lang>/<game>.yaml, or
// data/locales/<lang>/<game>.<variant>.yaml for a variant's own strings.
std::string locale_file(const std::string& language, const std::string& game, const std::string& variant = {});
// The locale of `language`, `game` and `variant` among `locales`, or nullptr.
const Locale* find_locale(const std::vector<Locale>& locales, const std::string& language, const std::string& game,
                          const std::string& variant = {});

// The keys of a locale file (yaml/schema.h).
const yaml::Schema& locale_file_schema();

// Every locale file of the project: data/locales/<lang>/<game>.yaml and
// data/locales/<lang>/<game>.<variant>.yaml.
std::vector<Locale> load_locales(const project::Project& project, Diagnostics& diags);
// Languages that have a folder under data/locales/, plus the source language.
std::vector<std::string> available_languages(const project::Project& project);

// Writes `locale` back as YAML, for `kartenwerk i18n import`: the strings
// read from its file in their order there, each new one after the last
// whose id sorts before it (so a new or sorted file is sorted by id).
std::string format_locale(const Locale& locale);

}  // namespace kw::model
