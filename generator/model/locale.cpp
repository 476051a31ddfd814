#include "model/locale.h"

#include <algorithm>
#include <set>

#include "model/value.h"
#include "project/path.h"
#include "project/project.h"

namespace kw::model {

const LocaleEntry* Locale::find(const std::string& id) const {
  auto it = strings.find(id);
  return it == strings.end() ? nullptr : &it->second;
}

std::vector<Locale> load_locales(const project::Project& project, Diagnostics& diags) {
  std::vector<Locale> locales;
  const std::string dir = "data/locales";
  std::vector<std::string> files;  // sorted: languages, then games
  for (const auto& lang : project.list(dir))
    if (project.is_directory(dir + "/" + lang))
      for (const auto& name : project.list(dir + "/" + lang))
        if (name.ends_with(".yaml") && project.read(dir + "/" + lang + "/" + name))
          files.push_back(dir + "/" + lang + "/" + name);
  for (const auto& file : files) {
    auto doc = read_yaml(project, file, diags);
    if (!doc) continue;
    Locale locale;
    locale.file = file;
    locale.language = project::file_name(project::parent(file));
    locale.game = project::stem(file);
    if (!doc->is_map()) {
      diags.error(doc->loc, "a locale file must be a map with 'strings:'");
      continue;
    }
    for (const auto& [k, v] : doc->map) {
      if (k == "language") {
        if (v.scalar != locale.language)
          diags.error(v.loc, "language '" + v.scalar + "' does not match the folder '" + locale.language + "'");
      } else if (k == "game") {
        if (v.scalar != locale.game)
          diags.error(v.loc, "game '" + v.scalar + "' does not match the file name '" + locale.game + "'");
      } else if (k == "strings") {
        if (!v.is_map()) {
          diags.error(v.loc, "'strings' must be a map of id: { de: ..., text: ... }");
          continue;
        }
        for (const auto& [id, entry] : v.map) {
          LocaleEntry e;
          e.loc = entry.loc;
          if (entry.is_scalar()) {
            e.text = entry.scalar;  // short form: id: text (no recorded source)
          } else if (entry.is_map()) {
            for (const auto& [ek, ev] : entry.map) {
              if (ek == "text")
                e.text = ev.scalar;
              else if (ek == kSourceLanguage)
                e.source = ev.scalar;
              else
                diags.error(ev.key_loc, "unknown key '" + ek + "' in string '" + id + "'", {},
                            "known keys are de, text");
            }
          } else {
            diags.error(entry.loc, "string '" + id + "' must be a text or { de: ..., text: ... }");
            continue;
          }
          if (!locale.strings.emplace(id, e).second) diags.error(entry.key_loc, "string '" + id + "' appears twice");
        }
      } else {
        diags.error(v.key_loc, "unknown key '" + k + "' in locale file", {}, "known keys are language, game, strings");
      }
    }
    locales.push_back(std::move(locale));
  }
  return locales;
}

std::vector<std::string> available_languages(const project::Project& project) {
  std::set<std::string> langs = {kSourceLanguage};
  for (const auto& lang : project.list("data/locales"))
    if (project.is_directory("data/locales/" + lang)) langs.insert(lang);
  return {langs.begin(), langs.end()};
}

}  // namespace kw::model
