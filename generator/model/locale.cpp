#include "model/locale.h"

#include <algorithm>
#include <set>

#include "core/language.h"
#include "core/names.h"
#include "model/value.h"
#include "project/path.h"
#include "project/project.h"
#include "yaml/reader.h"

namespace kw::model {

const LocaleEntry* Locale::find(const std::string& id) const {
  auto it = strings.find(id);
  return it == strings.end() ? nullptr : &it->second;
}

std::string locale_file(const std::string& language, const std::string& game, const std::string& variant) {
  return "data/locales/" + language + "/" + game + (variant.empty() ? "" : "." + variant) + ".yaml";
}

const Locale* find_locale(const std::vector<Locale>& locales, const std::string& language, const std::string& game,
                          const std::string& variant) {
  for (const auto& l : locales)
    if (l.language == language && l.game == game && l.variant == variant) return &l;
  return nullptr;
}

namespace {

// The long form of a string: its source text and its translation.
const yaml::Schema& string_schema() {
  using namespace yaml;  // the declaration builders
  static const Schema s =
      described(dict_of(text(), "key"), "{ <the source language>: the source text, text: the translation }");
  return s;
}

}  // namespace

std::string source_key(const std::string& source_language) {
  return source_language.empty() || source_language == "und" ? "source" : source_language;
}

const yaml::Schema& locale_file_schema() {
  using namespace yaml;  // the declaration builders
  static const Schema s = record(
      "locale file",
      {
          key("language", text(), "the language; must match the folder data/locales/<language>/"),
          key("game", text(), "the game; must match the file name <game>.yaml"),
          key("variant", text(),
              "the variant whose own strings the file translates; must match the file name "
              "<game>.<variant>.yaml"),
          key("strings",
              dict_of(described(one_of({text(), string_schema()}),
                                "a text, or { <the game's source language>: <source text>, text: <translation> }"),
                      "string"),
              "string id -> the translation: a text, or its source text under the game's source language "
              "(`de:` for a German game, `en:` for an English one; `source:` for any) and its `text:`"),
      });
  return s;
}

namespace {

// Reads one locale file's map into `locale`; false when it is not a map.
bool read_locale(const Value& doc, Locale& locale, Diagnostics& diags) {
  yaml::Reader r(doc, locale_file_schema(), diags, {project::file_name(locale.file), {}, {}});
  if (!doc.is_map()) return false;
  if (auto language = r.text("language"); language && *language != locale.language)
    diags.error(r.find("language")->loc,
                "language '" + *language + "' does not match the folder '" + locale.language + "'");
  if (auto game = r.text("game"); game && *game != locale.game)
    diags.error(r.find("game")->loc, "game '" + *game + "' does not match the file name '" + locale.game + "'");
  if (auto variant = r.text("variant"); variant && *variant != locale.variant)
    diags.error(r.find("variant")->loc,
                "variant '" + *variant + "' does not match the file name '" + project::file_name(locale.file) + "'", {},
                "a variant's strings are in <game>.<variant>.yaml");
  r.each("strings", [&](const std::string& id, const Value& v) {
    LocaleEntry e;
    e.loc = v.loc;
    e.text_loc = v.loc;
    if (v.is_scalar()) {
      e.text = v.scalar;  // short form: id: text (no recorded source)
    } else {
      // { <source tag>: ..., text: ... }: which tag is right, the game
      // says (checked where the game is known, see localize).
      for (const auto& [key, member] : v.map) {
        if (!member.is_scalar()) {
          diags.error(member.loc, "'" + key + "' of string '" + id + "' must be a text, not " +
                                      (member.is_list()  ? "a list"
                                       : member.is_map() ? "a map"
                                                         : "nothing"));
          continue;
        }
        if (key == "text") {
          e.text = member.scalar;
          e.text_loc = member.loc;
        } else if (e.source_key.empty() && (key == "source" || canonical_language(key) == key)) {
          e.source_key = key;
          e.source_key_loc = member.key_loc;
          e.source = member.scalar;
        } else {
          diags.error(member.key_loc, "unknown key '" + key + "' in string '" + id + "'", {},
                      "a string is { <the game's source language>: <source text>, text: <translation> }; it has "
                      "one source text");
        }
      }
    }
    locale.strings.emplace(id, e);
  });
  return true;
}

}  // namespace

std::vector<Locale> load_locales(const project::Project& project, Diagnostics& diags) {
  std::vector<Locale> locales;
  const std::string dir = "data/locales";
  std::vector<std::string> files;  // sorted: languages, then games
  // A refused entry (a symbolic link out of the project) reads as absent;
  // said here, so that a translation does not vanish without a word.
  auto refused = [&](const std::string& path) {
    auto why = project.refusal(path);
    if (why) diags.error({path, 0, 0}, "cannot read the translations: " + *why);
    return why.has_value();
  };
  for (const auto& lang : project.list(dir)) {
    if (refused(dir + "/" + lang) || !project.is_directory(dir + "/" + lang)) continue;
    // The folder's name is the language: it names output folders too.
    const auto canonical = canonical_language(lang);
    if (!canonical) {
      diags.error({dir + "/" + lang, 0, 0}, "'" + lang + "' is no language tag (BCP 47: en, de-CH, pt-BR, ...)");
      continue;
    }
    if (*canonical != lang) {
      diags.error({dir + "/" + lang, 0, 0},
                  "the language folder '" + lang + "' is spelt '" + *canonical + "' in BCP 47", {},
                  "rename it to data/locales/" + *canonical + "/ (languages are named one way everywhere)");
      continue;
    }
    for (const auto& name : project.list(dir + "/" + lang))
      if (name.ends_with(".yaml") && !refused(dir + "/" + lang + "/" + name) &&
          project.read(dir + "/" + lang + "/" + name))
        files.push_back(dir + "/" + lang + "/" + name);
  }
  for (const auto& file : files) {
    auto doc = read_yaml(project, file, diags);
    if (!doc) continue;
    Locale locale;
    locale.file = file;
    locale.language = project::file_name(project::parent(file));
    // <game>.yaml, or <game>.<variant>.yaml: ids have no dots, so the first
    // dot parts them. Both name output and locale files, so both are checked.
    const std::string stem = project::stem(file);
    const size_t dot = stem.find('.');
    locale.game = stem.substr(0, dot);
    if (dot != std::string::npos) locale.variant = stem.substr(dot + 1);
    if (!is_plain_id(locale.game) || (dot != std::string::npos && !is_plain_id(locale.variant))) {
      diags.error({file, 0, 0}, "'" + project::file_name(file) + "' is no locale file name", {},
                  "<game>.yaml, or <game>.<variant>.yaml for a variant's own strings (ids: [a-z0-9][a-z0-9-]*)");
      continue;
    }
    if (read_locale(*doc, locale, diags)) locales.push_back(std::move(locale));
  }
  return locales;
}

std::vector<std::string> locale_languages(const std::vector<Locale>& locales, const std::string& game) {
  std::set<std::string> langs;
  for (const auto& l : locales)
    if (l.game == game && l.variant.empty()) langs.insert(l.language);
  return {langs.begin(), langs.end()};
}

}  // namespace kw::model
