// kartenwerk i18n status | export | import: the translators' commands.
#include <fmt/ostream.h>

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/names.h"
#include "i18n/catalog.h"
#include "i18n/po.h"
#include "model/locale.h"

namespace kw::cli {

namespace fs = std::filesystem;

namespace {

// One line per string in the status list: newlines shown as "\n".
std::string one_line(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out.size() > 90 ? out.substr(0, 87) + "..." : out;
}

std::vector<std::string> target_languages(const Invocation& inv, const project::Project& project) {
  std::vector<std::string> langs;
  for (const auto& l : model::available_languages(project))
    if (l != model::kSourceLanguage && (inv.language.empty() || inv.language == "all" || inv.language == l))
      langs.push_back(l);
  if (!inv.language.empty() && inv.language != "all" && langs.empty()) langs.push_back(inv.language);
  return langs;
}

const model::Locale* find_locale(const std::vector<model::Locale>& locales, const std::string& lang,
                                 const std::string& game) {
  for (const auto& l : locales)
    if (l.language == lang && l.game == game) return &l;
  return nullptr;
}

// Where `field` ("Language:") stands in the PO text, for a located error;
// line 1 when the header does not have it.
SourceLoc header_loc(const std::string& text, const std::string& file, const std::string& field) {
  const size_t at = text.find(field);
  if (at == std::string::npos) return {file, 1, 1};
  const size_t line_start = text.rfind('\n', at);
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  const size_t column = at - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
  return {file, line, static_cast<int>(column)};
}

// Writes `bytes` to `file`; false after saying why on `err` (a full disk, no
// permission: the environment's problem, not a bug).
bool write_or_report(const fs::path& file, const std::string& bytes, std::ostream& err) {
  try {
    write_file_atomic(file, bytes);
    return true;
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return false;
  }
}

int status(const Invocation& inv, const Session& s, const std::vector<model::Locale>& locales, std::ostream& out,
           std::ostream& err) {
  for (const auto* game : s.games) {
    Diagnostics diags;
    auto entries = i18n::catalog(*s.model, *game, diags);
    err << format_diagnostics(diags, s.project.get());
    for (const auto& lang : target_languages(inv, *s.project)) {
      auto st = i18n::status(entries, find_locale(locales, lang, game->id));
      fmt::print(out, "{} [{}]: {} of {} strings translated, {} missing, {} stale{}\n", game->id, lang,
                 st.total - st.missing.size(), st.total, st.missing.size(), st.stale.size(),
                 st.unused.empty() ? "" : fmt::format(", {} unused", st.unused.size()));
      for (const auto* e : st.missing) fmt::print(out, "  missing {}  \"{}\"\n", e->id, one_line(e->source));
      for (const auto* e : st.stale) fmt::print(out, "  stale   {}  \"{}\"\n", e->id, one_line(e->source));
      for (const auto& id : st.unused) fmt::print(out, "  unused  {}\n", id);
    }
  }
  return 0;
}

int export_po(const Invocation& inv, const Session& s, const std::vector<model::Locale>& locales, std::ostream& out,
              std::ostream& err) {
  auto langs = target_languages(inv, *s.project);
  if (langs.empty()) {  // --lang all, and there are no translations yet
    err << "kartenwerk: i18n export --lang all: there is no translation yet; name the new language "
           "(it starts empty)\n";
    return 2;
  }
  fs::path dir = inv.out_dir.empty() || inv.out_dir == "output" ? fs::path("output") / "i18n" : inv.out_dir;
  for (const auto* game : s.games) {
    Diagnostics diags;
    auto entries = i18n::catalog(*s.model, *game, diags);
    err << format_diagnostics(diags, s.project.get());
    for (const auto& lang : langs) {
      // The language may come from a folder name under data/locales/: it
      // becomes a folder of --out only when it is a language code.
      const auto file = is_language_code(lang) ? confined(dir, fs::path(lang) / (game->id + ".po")) : std::nullopt;
      if (!file) {
        fmt::print(err, "kartenwerk: i18n export: '{}' is no language code, or {}/{}.po leaves {}\n", lang, lang,
                   game->id, dir.string());
        return 1;
      }
      const std::string po = i18n::write_po(i18n::to_po(entries, find_locale(locales, lang, game->id), lang, game->id));
      if (!write_or_report(*file, po, err)) return 1;
      out << file->string() << "\n";
    }
  }
  return 0;
}

int import_po(const Invocation& inv, const Session& s, std::vector<model::Locale>& locales, std::ostream& out,
              std::ostream& err) {
  int status_code = 0;
  for (const auto& file : inv.files) {
    auto text = read_file(file);
    if (!text) {
      fmt::print(err, "{}: error: cannot read file\n", file);
      status_code = 1;
      continue;
    }
    Diagnostics diags;
    auto po = i18n::read_po(*text, file, diags);
    const model::Game* game = s.model->game(po.game);
    if (!game) diags.error({file, 0, 0}, "the PO header names no known game (X-Kartenwerk-Game: " + po.game + ")");
    if (po.language.empty() || po.language == model::kSourceLanguage)
      diags.error({file, 0, 0}, "the PO header needs a target language (Language: …) other than de");
    else if (!is_language_code(po.language))  // it names the folder written to
      diags.error(header_loc(*text, file, "Language:"),
                  "the PO header's Language: '" + po.language + "' is no language code (de, en, pt-BR, ...)");
    if (diags.has_errors()) {
      err << format_diagnostics(diags, s.project.get());
      status_code = 1;
      continue;
    }
    auto entries = i18n::catalog(*s.model, *game, diags);
    model::Locale* locale = const_cast<model::Locale*>(find_locale(locales, po.language, game->id));
    model::Locale fresh;
    if (!locale) {
      fresh.language = po.language;
      fresh.game = game->id;
      fresh.file = "data/locales/" + po.language + "/" + game->id + ".yaml";
      locale = &fresh;
    }
    size_t set = i18n::merge_po(po, entries, *locale, file, diags);
    err << format_diagnostics(diags, s.project.get());
    if (diags.has_errors()) {
      status_code = 1;
      continue;
    }
    const auto target = confined(inv.root / "data" / "locales", fs::path(po.language) / (game->id + ".yaml"));
    if (!target) {
      fmt::print(err, "{}: error: data/locales/{}/{}.yaml leaves data/locales/ of the project\n", file, po.language,
                 game->id);
      status_code = 1;
      continue;
    }
    if (!write_or_report(*target, model::format_locale(*locale), err)) {
      status_code = 1;
      continue;
    }
    fmt::print(out, "{}: {} strings from {}\n", (inv.root / locale->file).string(), set, file);
  }
  return status_code;
}

}  // namespace

int run_i18n(const Invocation& inv, std::ostream& out, std::ostream& err) {
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) return 1;
  Diagnostics diags;
  auto locales = model::load_locales(*s.project, diags);
  err << format_diagnostics(diags, s.project.get());
  if (diags.has_errors()) return 1;
  if (inv.subcommand == "status") return status(inv, s, locales, out, err);
  if (inv.subcommand == "export") return export_po(inv, s, locales, out, err);
  return import_po(inv, s, locales, out, err);  // the only other i18n command the command line knows
}

}  // namespace kw::cli
