#include "model/locale.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "model/value.h"

namespace kw::model {

namespace fs = std::filesystem;

const LocaleEntry* Locale::find(const std::string& id) const {
  auto it = strings.find(id);
  return it == strings.end() ? nullptr : &it->second;
}

std::vector<Locale> load_locales(const fs::path& root, Diagnostics& diags) {
  std::vector<Locale> locales;
  fs::path dir = root / "data" / "locales";
  if (!fs::is_directory(dir)) return locales;
  std::vector<fs::path> files;
  for (const auto& lang : fs::directory_iterator(dir))
    if (lang.is_directory())
      for (const auto& f : fs::directory_iterator(lang.path()))
        if (f.path().extension() == ".yaml") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    auto doc = parse_yaml_file(file, diags);
    if (!doc) continue;
    Locale locale;
    locale.file = file;
    locale.language = file.parent_path().filename().string();
    locale.game = file.stem().string();
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

std::vector<std::string> available_languages(const fs::path& root) {
  std::set<std::string> langs = {kSourceLanguage};
  fs::path dir = root / "data" / "locales";
  if (fs::is_directory(dir))
    for (const auto& lang : fs::directory_iterator(dir))
      if (lang.is_directory()) langs.insert(lang.path().filename().string());
  return {langs.begin(), langs.end()};
}

namespace {

// A YAML double-quoted scalar: always safe for markup, quotes and newlines.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

}  // namespace

std::string format_locale(const Locale& locale) {
  std::string out = "# " + locale.game + " in language '" + locale.language +
                    "'. Each string: `de` is the German source it was translated from\n"
                    "# (kartenwerk i18n status reports it stale when the German changes), `text` the translation.\n";
  out += "language: " + locale.language + "\ngame: " + locale.game + "\nstrings:\n";
  for (const auto& [id, e] : locale.strings) {
    out += "  " + quoted(id) + ":\n";
    out += "    de: " + quoted(e.source) + "\n";
    out += "    text: " + quoted(e.text) + "\n";
  }
  return out;
}

}  // namespace kw::model
