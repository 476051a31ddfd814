#include <fmt/ostream.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/print_setup.h"
#include "cli/session.h"
#include "core/allocator.h"
#include "core/ordered_output.h"
#include "core/parallel.h"
#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "layout/icons.h"
#include "model/locale.h"
#include "print/cache/build_record.h"
#include "print/output/staging.h"
#include "print/products/game_products.h"
#include "print/products/timings.h"
#include "rules/rules.h"
#include "text/typesetter.h"
#include "yaml/reader.h"

namespace kw::cli {

// The games of every language, built together (below run_build).
int build_languages(const Invocation& inv, const std::shared_ptr<const project::Project>& project,
                    const std::vector<print::BuildOptions>& languages, std::ostream& out, std::ostream& err);

namespace {

// --cache, else $KARTENWERK_CACHE, else $XDG_CACHE_HOME/kartenwerk, else
// ~/.cache/kartenwerk. Outside the project on purpose: a project folder from
// a stranger must not bring renderings that a build would take for ours.
std::filesystem::path cache_folder(const Invocation& inv) {
  if (!inv.cache_dir.empty()) return inv.cache_dir;
  if (const char* env = std::getenv("KARTENWERK_CACHE"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "kartenwerk";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "kartenwerk";
  return std::filesystem::temp_directory_path() / "kartenwerk-cache";
}

// The print settings and the fonts (see IncrementalOptions::settings_key).
std::string settings_key(const print::InputSnapshot& input) {
  std::string text = input.options + "\n";
  for (const auto& file : input.files)
    if (file.path.starts_with("data/print/") || file.path.starts_with("fonts/"))
      text += file.sha256 + "  " + file.path + "\n";
  return text;
}

// Everything a whole build of one game depends on: every input file of the
// project, the options, where it goes, and the program (cache_key adds it).
std::string build_key(const print::BuildOptions& options, const Invocation& inv, const std::string& game) {
  return print::cache_key({"build", options.print.input ? options.print.input->sha256 : "", options.language,
                           options.subdir, game, inv.force ? "force" : "", options.draft ? "draft" : ""});
}

std::string record_name(const print::BuildOptions& options, const std::string& game) {
  return std::filesystem::absolute(options.game_dir(game)).lexically_normal().string();
}

std::string cache_summary(const print::BuildReport& report) {
  const size_t rendered = report.rendered.size(), total = rendered + report.cached;
  if (total == 0) return {};
  if (report.cached == 0) return fmt::format(", {} cards rendered", rendered);
  return fmt::format(", {} of {} cards rendered ({} from the cache)", rendered, total, report.cached);
}

// build --timings: the trace to its file; -v: the summary on stderr. 0 or 1.
int report_timings(const Invocation& inv, const print::Timings& timings, std::ostream& err) {
  if (inv.verbose) fmt::print(err, "Time per stage:\n{}", timings.summary());
  if (inv.timings_file.empty()) return 0;
  try {
    timings.write(inv.timings_file);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: --timings: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace

int run_build(const Invocation& inv, std::ostream& out, std::ostream& err) {
  print::BuildOptions options;
  options.out_dir = inv.out_dir;
  if (!inv.formats.empty()) {  // the command line let only these through
    options.formats = {false, false, false};
    for (const auto& f : inv.formats) {
      options.formats.png |= f == "png";
      options.formats.jpeg |= f == "jpg" || f == "jpeg";
      options.formats.pdf |= f == "pdf";
    }
  }
  const auto project = open_project(inv);
  if (int status = setup_print_options(inv, *project, options.print, err)) return status;
  std::unique_ptr<print::BuildCache> cache;
  if (!inv.no_cache) cache = std::make_unique<print::BuildCache>(cache_folder(inv));
  options.incremental.cache = cache.get();
  if (options.print.input) options.incremental.settings_key = settings_key(*options.print.input);
  if (!inv.only_cards.empty()) options.incremental.only_cards = inv.only_cards;
  options.draft = inv.draft;
  std::unique_ptr<print::Timings> timings;
  if (!inv.timings_file.empty() || inv.verbose) timings = std::make_unique<print::Timings>();
  options.timings = timings.get();
  std::vector<std::string> languages = {"de"};
  if (inv.language == "all")
    languages = model::available_languages(*project);
  else if (!inv.language.empty())
    languages = {inv.language};
  // What killed builds left: staging folders, and temporary files of older
  // versions beside the outputs.
  std::vector<std::filesystem::path> named;
  for (const auto& id : inv.games) named.push_back(options.out_dir / id);
  print::remove_leftovers(options.out_dir, named);
  // Ctrl-C: the game being built stops between cards, its staging folder is
  // removed, then the process ends by the signal.
  print::install_interrupt_handlers();
  // Every thread of the build, whatever loop it runs in (games, cards,
  // layout), counts against -j.
  const int threads = options.print.jobs > 0 ? options.print.jobs : default_jobs();
  set_thread_limit(threads);
  tune_allocator(threads);
  std::vector<print::BuildOptions> per_language;
  for (const auto& language : languages) {
    options.language = language;
    // output/<game>/[draft/][<variant>/][<language>/]
    std::filesystem::path sub;
    for (const std::string& part : {std::string(inv.draft ? "draft" : ""), inv.variant,
                                    language != model::kSourceLanguage ? language : std::string()})
      if (!part.empty()) sub /= part;
    options.subdir = sub.string();
    per_language.push_back(options);
  }
  int status = build_languages(inv, project, per_language, out, err);
  print::restore_interrupt_handlers();
  if (int signal = print::interrupt_signal()) {
    std::fflush(nullptr);
    out.flush();
    err.flush();
    std::raise(signal);  // the default action: ends the process as the signal says
    return 128 + signal;
  }
  if (cache) {
    // What the cache held that could not be used (print/cache/build_cache.h):
    // rendered again, said once.
    const std::vector<std::string> notes = cache->take_notes();
    for (size_t i = 0; i < notes.size() && i < 10; ++i)
      fmt::print(err, "kartenwerk: note: build cache {}: {}\n", cache->root().string(), notes[i]);
    if (notes.size() > 10) fmt::print(err, "kartenwerk: note: build cache: {} more like these\n", notes.size() - 10);
    cache->prune();
  }
  if (timings) status = std::max(status, report_timings(inv, *timings, err));
  return status;
}

namespace {

// What the games of one language share while they are built, some of them
// at once.
struct LanguageBuild {
  LanguageBuild(const Invocation& invocation, const project::Project& files, print::BuildOptions language_options)
      : inv(invocation), project(files), options(std::move(language_options)) {}
  const Invocation& inv;
  const project::Project& project;
  print::BuildOptions options;
  Session session;  // in the language built
  Session source;   // in the source language when another is built: what the rules judge
  const model::Model& model() const { return *session.model; }
  const model::Model& checked() const { return source.model ? *source.model : *session.model; }

  // Loaded only once a game has to be laid out: an up-to-date build never
  // parses a font. Null (and said on `err`) when the fonts do not load.
  const text::FontLibrary* font_library(std::ostream& err) {
    std::lock_guard lock(fonts_mutex);
    if (fonts || fonts_failed) return fonts.get();
    auto span = print::timed(options.timings, "fonts", "", "", options.language);
    Diagnostics diags;
    fonts = text::FontLibrary::load(project, diags);
    if (!fonts || diags.has_errors()) {
      err << format_diagnostics(diags, &project);
      fonts.reset();
      fonts_failed = true;
    }
    return fonts.get();
  }

 private:
  std::mutex fonts_mutex;
  std::unique_ptr<text::FontLibrary> fonts;  // under fonts_mutex
  bool fonts_failed = false;                 // under fonts_mutex
};

std::string label(const std::string& game, const print::BuildOptions& options) {
  return game + (options.subdir.empty() ? "" : " [" + options.subdir + "]");
}

void say_up_to_date(std::ostream& out, const std::string& game, const print::BuildOptions& options) {
  fmt::print(out, "{}: up to date in {}\n", label(game, options), options.game_dir(game).string());
}

// Lays out and writes one game, saying so on `out` and `err`; 0 or 1.
int build_game(LanguageBuild& b, const model::Game& game, const std::string& key, const std::string& record,
               std::ostream& out, std::ostream& err) {
  print::BuildOptions options = b.options;
  options.print.progress = options.print.progress ? &err : nullptr;
  // The rules engine guards the build: a deck that breaks its game's rules
  // is not printed unless the user insists.
  print::Timings* timings = options.timings;
  auto span = print::timed(timings, "check", game.id);
  Diagnostics findings = rules::check_game(b.checked(), *b.checked().game(game.id));
  span.end();
  if (findings.has_errors()) {
    err << format_report_text(findings, &b.project);
    if (!b.inv.force) {
      fmt::print(err, "kartenwerk: {}: not built because the rules check failed (use --force to build anyway)\n",
                 game.id);
      return 1;
    }
  }
  const text::FontLibrary* fonts = b.font_library(err);
  if (!fonts) return 1;
  text::Typesetter typesetter(*fonts, layout::icon_aspect_for(b.model(), game));
  layout::Layouter layouter(b.model(), *fonts, typesetter);
  layouter.set_draft(options.draft);
  layout::ValueMap rule_values = rules::rule_values(b.model(), game);
  const bool whole_game = !options.incremental.only_cards;
  Diagnostics diags;
  try {
    // Layout runs for the whole game first; only when no page has an error
    // is anything written.
    span = print::timed(timings, "layout", game.id);
    const int jobs = options.print.jobs > 0 ? options.print.jobs : default_jobs();
    auto laid_out = layout::layout_game(game, layouter, {options.language, &rule_values, options.draft, jobs}, diags,
                                        /*booklets=*/options.formats.pdf && whole_game);
    span.end();
    // Written into a staging folder inside --out, moved into place only when
    // the whole game succeeded (print/output/staging.h).
    print::BuildReport report;
    std::optional<print::StagingFolder> staging;
    print::BuildOptions staged = options;
    if (!diags.has_errors()) {
      staging.emplace(options.out_dir);
      staged.out_dir = staging->path();
      report = print::write_game_products(game, laid_out, typesetter, staged, diags);
    }
    err << format_diagnostics(diags, &b.project);
    if (diags.has_errors()) {
      fmt::print(err, "kartenwerk: {}: {} error(s); nothing written\n", game.id, diags.error_count());
      return 1;
    }
    print::throw_if_interrupted();
    const std::filesystem::path from = staged.game_dir(game.id), to = options.game_dir(game.id);
    if (std::filesystem::exists(from)) print::commit_staged(from, to);
    for (auto& file : report.written) file = to / file.lexically_relative(from);
    fmt::print(out, "{}: {} files in {}{}\n", label(game.id, options), report.written.size(),
               options.game_dir(game.id).string(), cache_summary(report));
    if (options.incremental.cache && whole_game)
      print::remember_build(*options.incremental.cache, record, key, b.project, report.written);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}: {}; nothing written\n", game.id, e.what());
    return 1;
  }
  return 0;
}

// The ids --card may name in `game`: its printed cards and "back".
std::set<std::string> card_ids(const model::Game& game) {
  std::set<std::string> ids{"back"};
  for (const auto& deck : game.decks)
    if (deck.product == "cards")
      for (const auto& card : deck.cards) ids.insert(card.id);
  return ids;
}

// build --card: every id must name a card of one of the games built; a game
// with none of them is skipped. False (and said) on an unknown id.
bool select_cards(const Invocation& inv, std::vector<const model::Game*>& games, std::ostream& err) {
  if (inv.only_cards.empty()) return true;
  std::set<std::string> known;
  std::vector<const model::Game*> with_cards;
  for (const auto* game : games) {
    const auto ids = card_ids(*game);
    known.insert(ids.begin(), ids.end());
    if (std::any_of(inv.only_cards.begin(), inv.only_cards.end(), [&](const auto& id) { return ids.count(id) > 0; }))
      with_cards.push_back(game);
  }
  for (const auto& id : inv.only_cards) {
    if (known.count(id)) continue;
    std::vector<std::string> candidates(known.begin(), known.end());
    const std::string hint = yaml::closest_name(id, candidates);
    fmt::print(err, "kartenwerk: --card: no card '{}' in the games built{}\n", id,
               hint.empty() ? "" : " (did you mean '" + hint + "'?)");
    return false;
  }
  games = std::move(with_cards);
  return true;
}

}  // namespace

namespace {

// When the games are named on the command line and every one is up to date,
// says so without loading the card database; else false.
bool named_games_up_to_date(const Invocation& inv, const project::Project& project, const print::BuildOptions& options,
                            std::ostream& out) {
  const print::BuildCache* cache = options.incremental.cache;
  if (!cache || options.incremental.only_cards || inv.games.empty()) return false;
  for (const auto& id : inv.games)
    if (!print::up_to_date(*cache, record_name(options, id), build_key(options, inv, id), project)) return false;
  for (const auto& id : inv.games) say_up_to_date(out, id, options);
  return true;
}

}  // namespace

namespace {

// Loads one language's models and picks its games; null (and said) when the
// data does not load or --card names no card.
std::unique_ptr<LanguageBuild> prepare_language(const Invocation& inv,
                                                const std::shared_ptr<const project::Project>& project,
                                                const print::BuildOptions& options, std::ostream& err) {
  auto b = std::make_unique<LanguageBuild>(inv, *project, options);
  auto span = print::timed(options.timings, "load", "", "", options.language);
  b->session = open_session(inv, project, err, options.language);
  span.end();
  if (!b->session.model) return nullptr;
  // The rules judge the data, not a translation of it (card names on the
  // rules' lists, suits, ranks are German facts): check the source model.
  if (options.language != model::kSourceLanguage) {
    std::ostringstream ignored;  // the same data was just loaded and reported
    span = print::timed(options.timings, "load", "", "", model::kSourceLanguage);
    b->source = open_session(inv, project, ignored, model::kSourceLanguage);
    span.end();
    if (!b->source.model) return nullptr;
  }
  if (!select_cards(inv, b->session.games, err)) return nullptr;
  if (inv.games.empty()) {
    std::vector<std::filesystem::path> dirs;
    for (const auto* game : b->session.games) dirs.push_back(options.out_dir / game->id);
    print::remove_leftovers(options.out_dir, dirs);
  }
  return b;
}

// One game in one language: what the build's threads share out.
struct GameJob {
  LanguageBuild* language;
  const model::Game* game;
};

}  // namespace

int build_languages(const Invocation& inv, const std::shared_ptr<const project::Project>& project,
                    const std::vector<print::BuildOptions>& languages, std::ostream& out, std::ostream& err) {
  int status = 0;
  std::vector<std::unique_ptr<LanguageBuild>> builds;
  std::vector<GameJob> jobs;
  for (const auto& options : languages) {
    if (print::interrupt_signal()) return 1;
    if (named_games_up_to_date(inv, *project, options, out)) continue;
    auto b = prepare_language(inv, project, options, err);
    if (!b) {
      status = 1;
      continue;
    }
    for (const auto* game : b->session.games) jobs.push_back({b.get(), game});
    builds.push_back(std::move(b));
  }
  // The games of every language are built together, each on as many threads
  // as the others leave free (set_thread_limit): while two games are built
  // at once each mostly runs on one core, and the last one gets them all.
  // What each says comes out in game order, as if they ran one by one.
  OrderedOutput says(out, jobs.size()), warns(err, jobs.size());
  std::vector<int> statuses(jobs.size(), 0);
  const int threads =
      languages.empty() || languages.front().print.jobs <= 0 ? default_jobs() : languages.front().print.jobs;
  try {
    parallel_for(jobs.size(), threads, [&](size_t k) {
      if (print::interrupt_signal()) {
        statuses[k] = 1;
      } else {
        LanguageBuild& b = *jobs[k].language;
        const model::Game& game = *jobs[k].game;
        const print::BuildOptions& options = b.options;
        const std::string key = build_key(options, inv, game.id), record = record_name(options, game.id);
        const print::BuildCache* cache = options.incremental.cache;
        if (cache && !options.incremental.only_cards && print::up_to_date(*cache, record, key, *project))
          say_up_to_date(says.stream(k), game.id, options);
        else
          statuses[k] = build_game(b, game, key, record, says.stream(k), warns.stream(k));
      }
      says.finish(k);
      warns.finish(k);
    });
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  for (int s : statuses) status = std::max(status, s);
  return status;
}

}  // namespace kw::cli
