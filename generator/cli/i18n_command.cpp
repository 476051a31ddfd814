// kartenwerk i18n status | export | import: the translators' commands.
#include <fmt/ostream.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/language.h"
#include "core/names.h"
#include "i18n/catalog.h"
#include "i18n/po.h"
#include "model/locale.h"
#include "model/schema.h"
#include "yaml/reader.h"

namespace kw::cli {

namespace fs = std::filesystem;

namespace {

// One line per string in the status list: newlines shown as "\n".
std::string one_line(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out.size() > 90 ? out.substr(0, 87) + "..." : out;
}

// Why `language` cannot be a translation of `game`, or empty: export and
// import refuse the same, so a PO file that exports always imports.
std::string translation_refusal(const model::Game& game, const std::string& language) {
  const auto canonical = canonical_language(language);
  if (!canonical) return "'" + language + "' is no language tag (BCP 47: en, de-CH, fr, pt-BR, ...)";
  if (*canonical != language) return "the language '" + language + "' is spelt '" + *canonical + "' (BCP 47)";
  if (language == game.source_language)
    return "game " + game.id + " is written in " + language + ": its text is the source, not a translation";
  if (game.translations_declared && !game.has_language(language))
    return "game " + game.id + " is not translated into " + language + " (its translations: " +
           (game.translations.empty() ? std::string("none") : model::join_names(game.translations)) +
           "); add it to the game's `translations:`";
  return {};
}

// The languages a command works on for `game`: its translations, or only
// --lang's. A language the game lacks is named only when it may become one
// (export starts a new translation).
std::vector<std::string> target_languages(const Invocation& inv, const model::Game& game) {
  if (inv.language.empty() || inv.language == "all") return game.translations;
  return {inv.language};
}

// The strings one locale file translates: a game's catalog, or the strings
// a variant of it adds or changes (i18n::variant_strings).
struct Part {
  const model::Game* game = nullptr;  // as loaded: with the variant applied, for a variant
  std::string variant;                // empty: the base game
  std::vector<i18n::CatalogEntry> entries;
  std::string label() const { return variant.empty() ? game->id : game->id + "/" + variant; }
};

// The models with each variant applied, each loaded once (a variant name may
// be shared by several games).
class VariantModels {
 public:
  explicit VariantModels(const project::Project& project) : project_(project) {}
  // Null (with the load's diagnostics on `err`) when it does not load.
  const model::Model* get(const std::string& variant, std::ostream& err) {
    auto [it, fresh] = models_.try_emplace(variant);
    if (fresh) {
      model::LoadOptions options;
      options.variant = variant;
      auto loaded = model::load_model(project_, options);
      // Its warnings are the base game's or `check`'s business; a variant
      // that does not load is this command's.
      if (!loaded.model) err << format_diagnostics(loaded.diagnostics, &project_);
      it->second = std::move(loaded.model);
    }
    return it->second.get();
  }

 private:
  const project::Project& project_;
  std::map<std::string, std::unique_ptr<model::Model>> models_;
};

// The part of `variant` of the base game `game` (whose catalog is `base`);
// nullopt when the variant does not load.
std::optional<Part> variant_part(const model::Game& game, const std::string& variant,
                                 const std::vector<i18n::CatalogEntry>& base, VariantModels& models,
                                 std::ostream& err) {
  const model::Model* model = models.get(variant, err);
  const model::Game* varied = model ? model->game(game.id) : nullptr;
  if (!varied) return std::nullopt;
  Diagnostics diags;  // the layouts' problems were reported with the base catalog
  return Part{varied, variant, i18n::variant_strings(i18n::catalog(*model, *varied, diags), base)};
}

// The parts the command works on: each selected game and each of its
// variants, or with --variant only that variant of the games that have it.
// Empty (after saying why) when a variant does not load or no game has it.
std::vector<Part> parts(const Invocation& inv, const Session& s, VariantModels& models, std::ostream& err) {
  std::vector<Part> out;
  for (const auto* game : s.games) {
    Diagnostics diags;
    auto entries = i18n::catalog(*s.model, *game, diags);
    err << format_diagnostics(diags, s.project.get());
    std::vector<std::string> variants = model::available_variants(*s.project, game->id);
    if (!inv.variant.empty()) {
      if (std::find(variants.begin(), variants.end(), inv.variant) == variants.end()) continue;
      variants = {inv.variant};
    }
    std::vector<Part> own;
    for (const auto& variant : variants) {
      auto part = variant_part(*game, variant, entries, models, err);
      if (!part) return {};
      own.push_back(std::move(*part));
    }
    if (inv.variant.empty()) out.push_back(Part{game, "", std::move(entries)});
    std::move(own.begin(), own.end(), std::back_inserter(out));
  }
  if (out.empty() && !inv.variant.empty())
    fmt::print(err, "kartenwerk: no game has the variant '{}' (data/variants/<game>/{}.yaml)\n", inv.variant,
               inv.variant);
  return out;
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
  VariantModels models(*s.project);
  const auto all = parts(inv, s, models, err);
  if (all.empty() && !s.games.empty()) return 1;
  for (const auto& part : all) {
    if (target_languages(inv, *part.game).empty())
      fmt::print(out, "{}: written in {}, not translated (kartenwerk i18n export --game {} --lang TAG starts one)\n",
                 part.label(), part.game->source_language, part.game->id);
    for (const auto& lang : target_languages(inv, *part.game)) {
      if (!part.game->has_language(lang)) {
        fmt::print(out, "{} [{}]: not translated into {} (its languages: {})\n", part.label(), lang, lang,
                   model::join_names(part.game->languages()));
        continue;
      }
      if (lang == part.game->source_language) continue;
      auto st = i18n::status(part.entries, model::find_locale(locales, lang, part.game->id, part.variant));
      fmt::print(out, "{} [{}]: {} of {} strings translated, {} missing, {} stale{}\n", part.label(), lang,
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
  fs::path dir = inv.out_dir.empty() || inv.out_dir == "output" ? fs::path("output") / "i18n" : inv.out_dir;
  VariantModels models(*s.project);
  const auto all = parts(inv, s, models, err);
  if (all.empty() && !s.games.empty()) return 1;
  bool any = false;
  for (const auto& part : all) {
    const auto langs = target_languages(inv, *part.game);
    // With --lang all, a game without translations has nothing to export;
    // a language named for a game that cannot take it is refused, before
    // a translator spends a day on a file that import would refuse.
    bool refused = false;
    for (const auto& lang : langs) {
      if (const std::string why = translation_refusal(*part.game, lang); !why.empty()) {
        // Among all games, one that does not take the language is passed
        // over; a game asked for by name is an error.
        fmt::print(err, "kartenwerk: i18n export: {}{}\n", why, inv.games.empty() ? " (skipped)" : "");
        if (!inv.games.empty()) return 1;
        refused = true;
      }
    }
    if (refused) continue;
    // <game>.po, or <game>.<variant>.po: the names of the locale files.
    const std::string name = part.game->id + (part.variant.empty() ? "" : "." + part.variant) + ".po";
    for (const auto& lang : langs) {
      any = true;
      const auto file = confined(dir, fs::path(lang) / name);
      if (!file) {
        fmt::print(err, "kartenwerk: i18n export: {}/{} leaves {}\n", lang, name, dir.string());
        return 1;
      }
      i18n::PoFile po = i18n::to_po(part.entries, model::find_locale(locales, lang, part.game->id, part.variant), lang,
                                    part.game->id);
      po.variant = part.variant;
      po.source_language = part.game->source_language;
      if (!write_or_report(*file, i18n::write_po(po), err)) return 1;
      out << file->string() << "\n";
    }
  }
  if (!any && !all.empty()) {  // --lang all, and there are no translations yet
    err << "kartenwerk: i18n export --lang all: no game has a translation yet; name the new language "
           "(it starts empty)\n";
    return 2;
  }
  return 0;
}

// The variant a PO file is for: its header's X-Kartenwerk-Variant, else
// --variant. It becomes part of a file name, so it must be a plain id, and
// a variant of the PO's game.
bool import_variant(const Invocation& inv, const Session& s, const std::string& text, const std::string& file,
                    i18n::PoFile& po, Diagnostics& diags) {
  if (po.variant.empty()) po.variant = inv.variant;
  const SourceLoc at = header_loc(text, file, "X-Kartenwerk-Variant:");
  if (!inv.variant.empty() && po.variant != inv.variant) {
    diags.error(at, "the PO header names the variant '" + po.variant + "', but --variant says '" + inv.variant + "'");
    return false;
  }
  if (po.variant.empty()) return true;
  if (!is_plain_id(po.variant)) {
    diags.error(at, "the PO header's X-Kartenwerk-Variant: '" + po.variant + "' is no variant name", {},
                "variant names are ids: [a-z0-9][a-z0-9-]{0,63}");
    return false;
  }
  auto variants = model::available_variants(*s.project, po.game);
  if (std::find(variants.begin(), variants.end(), po.variant) == variants.end()) {
    diags.error(at,
                "game " + po.game + " has no variant '" + po.variant + "' (data/variants/" + po.game + "/" +
                    po.variant + ".yaml)",
                {}, variants.empty() ? "" : "its variants: " + model::join_names(variants));
    return false;
  }
  return true;
}

int import_po(const Invocation& inv, const Session& s, std::vector<model::Locale>& locales, std::ostream& out,
              std::ostream& err) {
  int status_code = 0;
  VariantModels models(*s.project);
  for (const auto& file : inv.files) {
    auto text = read_file(file);
    if (!text) {
      fmt::print(err, "{}: error: cannot read file\n", file);
      status_code = 1;
      continue;
    }
    Diagnostics diags;
    auto po = i18n::read_po(*text, file, diags);
    const bool readable = !diags.has_errors();  // else the same bad bytes would be said again below
    const model::Game* game = s.model->game(po.game);
    if (!game) {
      std::vector<std::string> ids;
      for (const auto& g : s.model->games) ids.push_back(g->id);
      const std::string like = yaml::closest_name(po.game, ids);
      diags.error(header_loc(*text, file, "X-Kartenwerk-Game:"),
                  "the PO header names no known game (X-Kartenwerk-Game: " + po.game + ")", {},
                  like.empty() ? "games: " + model::join_names(ids) : "did you mean '" + like + "'?");
    }
    if (game && readable) i18n::check_translations(po, file, *game, diags);
    // The language names the folder written to: it must be one the game can
    // be translated into, spelt as export spells it.
    if (po.language.empty())
      diags.error(header_loc(*text, file, "Language:"), "the PO header needs a target language (Language: …)");
    else if (game)
      if (const std::string why = translation_refusal(*game, po.language); !why.empty())
        diags.error(header_loc(*text, file, "Language:"), "the PO header's Language: " + why);
    if (game) import_variant(inv, s, *text, file, po, diags);
    if (diags.has_errors()) {
      err << format_diagnostics(diags, s.project.get());
      status_code = 1;
      continue;
    }
    // A variant's PO merges into the variant's own file, never the base
    // game's: the base translation stays a translation of the base game.
    auto entries = i18n::catalog(*s.model, *game, diags);
    if (!po.variant.empty()) {
      auto part = variant_part(*game, po.variant, entries, models, err);
      if (!part) {
        status_code = 1;
        continue;
      }
      entries = std::move(part->entries);
    }
    model::Locale* locale = const_cast<model::Locale*>(model::find_locale(locales, po.language, game->id, po.variant));
    model::Locale fresh;
    if (!locale) {
      fresh.language = po.language;
      fresh.game = game->id;
      fresh.variant = po.variant;
      fresh.file = model::locale_file(po.language, game->id, po.variant);
      locale = &fresh;
    }
    size_t set = i18n::merge_po(po, entries, *locale, file, diags);
    err << format_diagnostics(diags, s.project.get());
    if (diags.has_errors()) {
      status_code = 1;
      continue;
    }
    const std::string name = game->id + (po.variant.empty() ? "" : "." + po.variant) + ".yaml";
    const auto target = confined(inv.root / "data" / "locales", fs::path(po.language) / name);
    if (!target) {
      fmt::print(err, "{}: error: data/locales/{}/{} leaves data/locales/ of the project\n", file, po.language, name);
      status_code = 1;
      continue;
    }
    if (!write_or_report(*target, model::format_locale(*locale, game->source_language), err)) {
      status_code = 1;
      continue;
    }
    // The project path, as export and every other command name files.
    fmt::print(out, "{}: {} {} from {}\n", locale->file, set, set == 1 ? "string" : "strings", file);
  }
  return status_code;
}

}  // namespace

int run_i18n(const Invocation& inv, std::ostream& out, std::ostream& err) {
  // The base games: a variant's strings are told from theirs (see parts).
  Invocation base = inv;
  base.variant.clear();
  Session s = open_session(base, open_project(inv), err);
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
