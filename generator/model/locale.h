#pragma once
// Translations. A game's data holds its text in the game's source language
// (Game::source_language); data/locales/<lang>/<game>.yaml holds one other
// language's strings for one game, keyed by stable ids, each with the source
// text it was translated from (so a changed source shows the translation as
// stale). A string's long form names that source text by the source
// language's tag, `{ de: <German>, text: <translation> }` for a German game,
// `{ en: <English>, text: ... }` for an English one (or `source:` for any).
//
// String ids:
//   game.<field>                          the game's name, subtitle
//   table.<table>.<entry>.<field.path>    text fields of table entries
//   card.<definition>.<field.path>        text fields of cards (all copies)
//   card.<card>.<field.path>              ... of one copy, where copies differ
//   deck.<deck>.name                      a deck's name (a board's or booklet's title)
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

struct LocaleEntry {
  std::string text;    // the translation
  std::string source;  // the source text it translates (empty: not recorded)
  // The key the source text was written under: the source language's tag
  // ("de"), or "source"; empty in the short form `id: text`.
  std::string source_key;
  SourceLoc source_key_loc;
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

// How completely a game is translated into one language, as one load found
// it (model/strings.h, localize): its strings shared with the base game, and
// a variant's own strings (those it adds or changes).
struct TranslationStatus {
  std::string game, language, variant;
  std::string file;          // data/locales/<language>/<game>.yaml: where missing strings go
  std::string variant_file;  // ... <game>.<variant>.yaml, for a variant's own strings
  bool file_exists = false, variant_file_exists = false;
  struct Counts {
    size_t total = 0;       // strings
    size_t missing = 0;     // shown in another language than this one or a more general form of it
    size_t stale = 0;       // translated from a source text that has changed since
    size_t unrecorded = 0;  // translated, with no source text recorded (so staleness goes unseen)
    bool complete() const { return missing == 0 && stale == 0 && unrecorded == 0; }
  };
  Counts base, own;
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
// The languages that have a locale file of `game` (its base strings), sorted.
std::vector<std::string> locale_languages(const std::vector<Locale>& locales, const std::string& game);

// The key a locale file of a game written in `source_language` records each
// string's source text under: the tag itself, or "source" when the language
// is undetermined ("und").
std::string source_key(const std::string& source_language);

// Writes `locale` back as YAML, for `kartenwerk i18n import`: the strings
// read from its file in their order there, each new one after the last
// whose id sorts before it (so a new or sorted file is sorted by id). Each
// records its source text under source_key(`source_language`).
std::string format_locale(const Locale& locale, const std::string& source_language);

}  // namespace kw::model
