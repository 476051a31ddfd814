#include "model/locale.h"

#include <algorithm>
#include <set>

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

// The long form of a string: its German source and its translation.
const yaml::Schema& string_schema() {
  using namespace yaml;  // the declaration builders
  static const Schema s = record("string", {
                                               key(kSourceLanguage, text(), "the German text it translates"),
                                               key("text", text(), "the translation"),
                                           });
  return s;
}

}  // namespace

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
              dict_of(described(one_of({text(), string_schema()}), "a text or { de: ..., text: ... }"), "string"),
              "string id -> the translation (a text, or its German source and its text)"),
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
      if (const Value* text = v.find("text")) e.text_loc = text->loc;
      yaml::Reader fields(v, string_schema(), diags, {"string '" + id + "'", {}, {}});
      e.text = fields.text("text").value_or("");
      e.source = fields.text(kSourceLanguage).value_or("");
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
    if (!is_language_code(lang)) {
      diags.error({dir + "/" + lang, 0, 0}, "'" + lang + "' is no language code (de, en, pt-BR, ...)");
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

std::vector<std::string> available_languages(const project::Project& project) {
  std::set<std::string> langs = {kSourceLanguage};
  for (const auto& lang : project.list("data/locales"))
    if (project.is_directory("data/locales/" + lang) && is_language_code(lang)) langs.insert(lang);
  return {langs.begin(), langs.end()};
}

}  // namespace kw::model
