#include <fmt/ostream.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/print_setup.h"
#include "cli/session.h"
#include "core/allocator.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/ordered_output.h"
#include "core/parallel.h"
#include "core/process_end.h"
#include "engine/changes.h"
#include "engine/compile.h"
#include "engine/layout_keys.h"
#include "engine/layout_store.h"
#include "engine/reprint.h"
#include "infra/build_record.h"
#include "infra/staging.h"
#include "infra/timings.h"
#include "model/languages.h"
#include "model/locale.h"
#include "model/strings.h"
#include "products/game_products.h"
#include "project/git_project.h"
#include "yaml/reader.h"

namespace kw::cli {

// The games of every language --lang asks for, built together (below run_build).
int build_languages(const BuildArgs& inv, const engine::World& world, const products::BuildOptions& options,
                    std::ostream& out, std::ostream& err);

namespace {

// --cache, else $KARTENWERK_CACHE, else $XDG_CACHE_HOME/kartenwerk, else
// ~/.cache/kartenwerk. Outside the project on purpose: a project folder from
// a stranger must not bring renderings that a build would take for ours.
std::filesystem::path cache_folder(const BuildArgs& inv) {
  if (!inv.cache_dir.empty()) return inv.cache_dir;
  if (const char* env = std::getenv("KARTENWERK_CACHE"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "kartenwerk";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "kartenwerk";
  return std::filesystem::temp_directory_path() / "kartenwerk-cache";
}

// The print settings and the fonts (see IncrementalOptions::settings_key).
std::string settings_key(const products::InputSnapshot& input) {
  std::string text = input.options + "\n";
  for (const auto& file : input.files)
    if (file.path.starts_with("data/print/") || file.path.starts_with("fonts/"))
      text += file.sha256 + "  " + file.path + "\n";
  return text;
}

// Everything a whole build of one game depends on: every input file of the
// project, the options, the date in its PDFs, where it goes, and the program
// (cache_key adds it).
std::string build_key(const products::BuildOptions& options, const BuildArgs& inv, const std::string& game) {
  const products::ByProducts& by = options.by_products;
  const std::string left_out = fmt::format("skip {}{}{}{}{}", by.overview ? "" : "overview ", by.tts ? "" : "tts ",
                                           by.manifest ? "" : "manifest ", by.pnp ? "" : "pnp ", by.shop ? "" : "shop");
  return infra::cache_key({"build", options.print.input ? options.print.input->sha256 : "", options.language,
                           options.subdir, game, inv.force ? "force" : "", options.draft ? "draft" : "",
                           options.clock.key(), left_out});
}

std::string record_name(const products::BuildOptions& options, const std::string& game) {
  return std::filesystem::absolute(options.game_dir(game)).lexically_normal().string();
}

std::string cache_summary(const products::BuildReport& report) {
  const size_t rendered = report.rendered.size(), total = rendered + report.cached;
  if (total == 0) return {};
  if (report.cached == 0) return fmt::format(", {} cards rendered", rendered);
  return fmt::format(", {} of {} cards rendered ({} from the cache)", rendered, total, report.cached);
}

// build --timings: the trace to its file; -v: the summary on stderr. 0 or 1.
int report_timings(const BuildArgs& inv, const infra::Timings& timings, std::ostream& err) {
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

// Why no file can be written at `file`, found before the build rather than
// after it: it is a folder, or a folder it would go in is a file. "" when
// none of these.
std::string trace_place_problem(const std::filesystem::path& file) {
  std::error_code ec;
  if (!file.has_filename() || std::filesystem::is_directory(file, ec))
    return file.string() + " is a folder; name a file";
  for (std::filesystem::path up = std::filesystem::absolute(file, ec).parent_path(); !up.empty();
       up = up.parent_path()) {
    const auto type = std::filesystem::status(up, ec).type();
    if (type == std::filesystem::file_type::not_found) {
      if (up == up.parent_path()) break;
      continue;
    }
    // A folder, or what stat cannot say (no permission, a loop of links):
    // the write says why, after the build.
    if (type == std::filesystem::file_type::directory || type == std::filesystem::file_type::none) break;
    return up.string() + " is a file, not a folder the trace could go in";
  }
  return {};
}

// build --timings FILE names no file the build owns: none in a folder
// below --out (where the games' folders go: <out>/<game>/, whose files the
// build writes, keeps and sweeps; a trace named output/<game>/manifest.json
// replaced the manifest just written) and none in the cache (with
// --no-cache too: its entries are another build's). Said before anything
// is built; 0 or 2. Every folder below --out counts: which games there are
// is known only once the data is loaded. The file is judged as
// write_file_atomic writes it: a device or a pipe is written into, so it is
// no file of the build's; a symbolic link is replaced, so where it points
// does not matter, only the folder it is in.
int check_trace_file(const std::filesystem::path& file, const std::filesystem::path& out_dir,
                     const std::filesystem::path& cache_dir, std::ostream& err) {
  if (file.empty() || own_descriptor(file) || is_special_file(real_path(file))) return 0;
  if (std::string why = trace_place_problem(file); !why.empty()) {
    fmt::print(err, "kartenwerk: --timings: {}\n", why);
    return 2;
  }
  const std::filesystem::path folder = real_path(std::filesystem::absolute(file).parent_path());
  const bool below_out = path_below(real_path(out_dir), folder);
  const bool in_cache = path_within(real_path(cache_dir), folder);
  if (!below_out && !in_cache) return 0;
  const std::string where = in_cache ? "the build cache" : "a folder below --out, where the games' folders go";
  const std::string instead =
      in_cache ? "elsewhere" : fmt::format("beside the games ({}) or elsewhere", (out_dir / "trace.json").string());
  fmt::print(err, "kartenwerk: --timings: {} lies in {}; write the trace {}\n", file.string(), where, instead);
  return 2;
}

// build --tabletop, --tts-url (the command line checked each name and the
// URL; "none" alone, or with others, is refused here). 0 or 2.
int set_tabletop_options(const BuildArgs& inv, products::TabletopOptions& tabletop, std::ostream& err) {
  std::string error;
  if (!inv.tabletops.empty()) {
    auto formats = products::parse_tabletops(inv.tabletops, error);
    if (!formats) {
      fmt::print(err, "kartenwerk: --tabletop: {}\n", error);
      return 2;
    }
    tabletop.formats = *formats;
  }
  if (!inv.tts_url.empty()) tabletop.tts_url = products::checked_tts_url(inv.tts_url, error).value_or("");
  return 0;
}

}  // namespace

int run_build(const BuildArgs& inv, std::ostream& out, std::ostream& err) {
  products::BuildOptions options;
  options.out_dir = inv.out_dir;
  if (!inv.formats.empty()) {  // the command line let only these through
    options.formats = {false, false, false};
    for (const auto& f : inv.formats) {
      options.formats.png |= f == "png";
      options.formats.jpeg |= f == "jpg" || f == "jpeg";
      options.formats.pdf |= f == "pdf";
    }
  }
  for (const auto& s : inv.skip) {  // not in the input's options: no cached file depends on them
    options.by_products.overview &= s != "overview";
    options.by_products.tts &= s != "tts";
    options.by_products.manifest &= s != "manifest";
    options.by_products.pnp &= s != "pnp";
    options.by_products.shop &= s != "shop";
  }
  if (!options.by_products.shop && !inv.profile.empty()) {
    fmt::print(err, "kartenwerk: --skip shop leaves out the package --profile {} asks for: drop one of them\n",
               inv.profile);
    return 2;
  }
  const std::filesystem::path cache_dir = cache_folder(inv);
  if (int status = check_trace_file(inv.timings_file, options.out_dir, cache_dir, err)) return status;
  std::unique_ptr<infra::BuildCache> cache;
  if (!inv.no_cache) cache = std::make_unique<infra::BuildCache>(cache_dir);
  const auto world = open_world(inv, err, cache.get());
  if (!world) return 2;
  if (int status = setup_print_options(inv, world->project(), options.print, err)) return status;
  options.incremental.cache = cache.get();
  options.clock = world->clock();
  if (options.print.input) options.incremental.settings_key = settings_key(*options.print.input);
  if (!inv.only_cards.empty()) options.incremental.only_cards = inv.only_cards;
  options.draft = inv.draft;
  if (int status = set_tabletop_options(inv, options.tabletop, err)) return status;
  std::unique_ptr<infra::Timings> timings;
  if (!inv.timings_file.empty() || inv.verbose) timings = std::make_unique<infra::Timings>();
  options.timings = timings.get();
  // What killed builds left: staging folders, and temporary files of older
  // versions beside the outputs.
  std::vector<std::filesystem::path> named;
  for (const auto& id : inv.games) named.push_back(options.out_dir / id);
  infra::remove_leftovers(options.out_dir, named);
  // Ctrl-C: the game being built stops between cards, its staging folder is
  // removed, then the process ends by the signal.
  infra::install_interrupt_handlers();
  // Every thread of the build, whatever loop it runs in (games, cards,
  // layout), counts against -j (but the short sweep of leftovers beside
  // them: sweep_leftovers).
  const int threads = products::jobs_of(options.print);
  set_thread_limit(threads);
  tune_allocator(threads);
  int status = build_languages(inv, *world, options, out, err);
  infra::restore_interrupt_handlers();
  if (int signal = infra::interrupt_signal()) {
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

// What every game and language of one build shares: the model in the games'
// source languages (it picks the languages, and it is what the rules judge:
// a translation changes no rule), each game's findings (judged once, however
// many languages are built), and the fonts.
struct SharedBuild {
  SharedBuild(const BuildArgs& invocation, const engine::World& inputs, infra::Timings* trace)
      : inv(invocation), world(inputs), project(inputs.project()), timings(trace) {}
  const BuildArgs& inv;
  const engine::World& world;
  const project::Project& project;
  infra::Timings* timings;
  Session source;
  // build --changed-since REV: the project as REV had it; null otherwise.
  const engine::World* before = nullptr;
  // The games (in every language) not yet built: the last one's memory may
  // be left to the process's end, the others' is freed for the games still
  // being built.
  std::atomic<size_t> games_left{0};

  // The rules' findings of `game`, judged on its first call (thread-safe).
  const Diagnostics& findings(const std::string& game) {
    std::unique_lock lock(findings_mutex);
    auto [it, fresh] = judged.try_emplace(game);
    if (fresh) {
      lock.unlock();  // other games are judged meanwhile; this entry is only read once set
      auto span = infra::timed(timings, "check", game);
      Diagnostics found = engine::judge(*source.model, *source.model->game(game));
      lock.lock();
      it->second = std::move(found);
      ready.insert(game);
      judged_cv.notify_all();
    }
    judged_cv.wait(lock, [&] { return ready.count(game) > 0; });
    return it->second;
  }

  // The fonts, opened while the data loaded (open_fonts_early) or now. A
  // build found up to date before loading never parses one. Null (and said
  // on `err`, once) when the fonts do not load.
  const text::FontLibrary* font_library(std::ostream& err) {
    Diagnostics diags;
    auto span = infra::timed(timings, "fonts", "");  // what is left of opening them
    const text::FontLibrary* fonts = world.fonts(diags);
    span.end();
    err << format_diagnostics(diags, &project);
    return fonts;
  }

 private:
  std::mutex findings_mutex;
  std::condition_variable judged_cv;
  std::map<std::string, Diagnostics> judged;  // under findings_mutex; std::map: references stay valid
  std::set<std::string> ready;                // under findings_mutex
};

// What the games of one language pass share while they are built, some of
// them at once: the model in that language (the source pass uses the shared
// source model) and where its files go.
struct LanguageBuild {
  LanguageBuild(SharedBuild& shared_build, products::BuildOptions pass_options)
      : shared(shared_build), options(std::move(pass_options)) {}
  SharedBuild& shared;
  products::BuildOptions options;
  Session translated;  // loaded for a translation pass only
  const Session& session() const { return translated.model ? translated : shared.source; }
  const model::Model& model() const { return *session().model; }
};

std::string label(const std::string& game, const products::BuildOptions& options) {
  return game + (options.subdir.empty() ? "" : " [" + options.subdir + "]");
}

void say_up_to_date(std::ostream& out, const std::string& game, const products::BuildOptions& options) {
  fmt::print(out, "{}: up to date in {}\n", label(game, options), options.game_dir(game).string());
}

// build --changed-since: a reprint set replaces the previous one in its
// folder, so that nothing left from an older reprint is printed with it;
// the folders of the other passes nested in it (<lang>/, <variant>/) stay.
void clear_reprint_folder(const SharedBuild& shared, const model::Game& game, const std::filesystem::path& dir) {
  std::set<std::string> nested;
  for (const auto& tag : game.languages()) nested.insert(tag);
  for (const auto& file : shared.project.list("data/variants/" + game.id))
    nested.insert(std::filesystem::path(file).stem().string());
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_directory() && nested.count(entry.path().filename().string())) continue;
    std::filesystem::remove_all(entry.path(), ec);
  }
}

// build --changed-since: the reprint set of `game` (engine/reprint.h), laid
// out in `context`; nullopt when there is nothing to build, with `status`
// (0: no card changed, said on `out`; 1: the comparison failed, said on `err`).
std::optional<engine::Reprint> reprint_of(SharedBuild& shared, const model::Game& game, engine::GameCompiler& compiler,
                                          const layout::GameLayoutContext& context,
                                          const products::BuildOptions& options, Diagnostics& diags, std::ostream& out,
                                          std::ostream& err, int& status) {
  const engine::Comparison compared = engine::compare_worlds(
      *shared.before, shared.world, {.language = options.language, .variant = shared.inv.variant}, {game.id});
  err << format_diagnostics(compared.now, &shared.project);
  if (!compared.before.items().empty()) {
    fmt::print(err, "kartenwerk: in {}:\n", shared.inv.changed_since);
    err << format_diagnostics(compared.before, &shared.before->project());
  }
  if (!compared.ok() || compared.games.empty()) {
    fmt::print(err, "kartenwerk: {}: cannot compare with {}; nothing written\n", label(game.id, options),
               shared.inv.changed_since);
    status = 1;
    return std::nullopt;
  }
  auto reprint = engine::reprint_set(game, compiler.cards(context, diags), compared.games.front());
  if (!reprint) {
    fmt::print(out, "{}: no card changed since {}; nothing to reprint\n", label(game.id, options),
               shared.inv.changed_since);
    status = diags.has_errors() ? 1 : 0;
    if (!status) clear_reprint_folder(shared, game, options.game_dir(game.id));
  }
  return reprint;
}

// The cards' layouts an earlier build of this game folder kept
// (engine/layout_store.h), keyed for this build: only for a whole build with
// the cache, of the project as it is now. Null otherwise.
struct KeptLayouts {
  engine::LayoutKeys keys;
  layout::KnownLayouts known;
  std::string record;
};
std::unique_ptr<KeptLayouts> kept_layouts(const SharedBuild& shared, const model::Game& game,
                                          const products::BuildOptions& options, const std::string& record) {
  const infra::BuildCache* cache = options.incremental.cache;
  if (!cache || options.incremental.only_cards || shared.before || !options.print.input) return nullptr;
  // What no input file holds: the options the input hash names, where the
  // files go, the draft marks, and which dictionaries the system has (one
  // installed since would hyphenate differently; those read are checked by
  // their bytes when the record is loaded).
  std::string others = fmt::format("build layout\n{}\n{}\n{}\n", options.print.input->options, options.subdir,
                                   options.draft ? "draft" : "");
  for (std::string_view folder : project::kSystemInputFolders) {
    if (folder.ends_with('/')) folder.remove_suffix(1);
    for (const auto& name : shared.project.list_system(std::string(folder))) others += name + "\n";
  }
  std::map<std::string, std::string> files;
  for (const auto& file : options.print.input->files) files.emplace(file.path, file.sha256);
  // The kept layouts are read (8 ms at 5,000 cards) while this build's keys
  // are made (as long again), with a second thread: neither needs the other.
  const std::string layouts = engine::layouts_record(record);
  layout::KnownLayouts::Entries entries;
  auto load = [&] { entries = engine::load_layouts(*cache, layouts, shared.project); };
  std::future<void> loading;  // after `entries`: when the keys throw, it waits before they die
  if (products::jobs_of(options.print) > 1) loading = start_beside(load);
  auto kept = std::unique_ptr<KeptLayouts>(
      new KeptLayouts{engine::LayoutKeys(shared.project, game, options.language, others, files), {}, layouts});
  if (loading.valid())
    loading.get();
  else
    load();
  kept->known.key = [keys = &kept->keys](const model::Card* card, const model::Deck* back_of, const std::string& stem) {
    return keys->key(card, back_of, stem);
  };
  kept->known.entries = std::move(entries);
  return kept;
}

// The files of a game moved into place: their paths, where they are now;
// and what was left in the staging folder (the files they replaced) being
// removed beside what follows (waited for when this is destroyed).
struct Moved {
  std::vector<std::string> written;
  std::future<void> staging_removed;
};

// Moves the game's staged folder into place (a reprint's folder emptied
// first), then removes the staging folder.
Moved move_into_place(const SharedBuild& shared, const model::Game& game, const products::BuildOptions& options,
                      const products::BuildOptions& staged, const products::BuildReport& report,
                      infra::StagingFolder& staging) {
  const std::filesystem::path from = staged.game_dir(game.id), to = options.game_dir(game.id);
  auto span = infra::timed(options.timings, "move into place", game.id);
  if (shared.before) clear_reprint_folder(shared, game, to);
  if (std::filesystem::exists(from)) infra::commit_staged(from, to);
  span.end();
  // A plain path below `from` (every product's) by its text, as text: a
  // lexically_relative per file was 15 ms of a one-card edit at 5000 cards
  // (10,000 files), and a std::filesystem::path made of each 12 ms more.
  std::string prefix = from.native(), target = to.native();
  if (!prefix.ends_with('/')) prefix += '/';
  if (!target.ends_with('/')) target += '/';
  Moved moved;
  moved.written.reserve(report.written.size());
  for (const auto& file : report.written) {
    const auto below = plain_below(file.native(), prefix);
    moved.written.push_back(below ? target + std::string(*below) : (to / file.lexically_relative(from)).string());
  }
  moved.staging_removed = staging.remove_beside(products::jobs_of(options.print) > 1);
  return moved;
}

// After a game is written: the layouts kept for the next build (`kept`,
// when there are) and the build record under `record` (`key`: null, none).
// Two records of their own, each about 10 ms at 5000 cards: written at once
// with -j above 1. The kept layouts only spare the next build work: when
// they cannot be made, that is noted on the cache, and the build record
// (written meanwhile) still holds.
void save_records(const SharedBuild& shared, const products::BuildOptions& options, const KeptLayouts* kept,
                  const std::string& record, const std::string* key, std::span<const std::string> written,
                  const products::BuildReport& report, int jobs) {
  const infra::BuildCache* cache = options.incremental.cache;
  std::future<void> layouts_saved;
  if (kept && cache) {
    auto save = [&] {
      try {
        engine::save_layouts(*cache, kept->record, kept->known.entries, shared.project);
      } catch (const std::exception& e) {
        cache->note("the layouts kept for the next build were not saved: " + std::string(e.what()));
      }
    };
    if (jobs > 1) layouts_saved = start_beside(save);
    if (!layouts_saved.valid()) save();
  }
  if (cache && key) infra::remember_build(*cache, record, *key, shared.project, written, report.in_place);
}

// What a game's build holds at its end is nothing but memory: left to the
// process's end (core/process_end.h) when no other game is still being
// built (freeing it took 10 ms and more at 5,000 cards), else freed now for
// the games that are.
void leave_to_process_end(const SharedBuild& shared, products::BuildReport& report, layout::LaidOutGame& laid_out,
                          std::unique_ptr<KeptLayouts>& kept) {
  if (shared.games_left.load() == 1)
    keep_until_exit(std::make_tuple(std::move(report), std::move(laid_out), std::move(kept)));
}

// Lays out and writes one game in one language, saying so on `out` and
// `err`; 0 or 1. The rules' findings are said by the game's first language
// (`first_of_game`): they are the same in every one.
int build_game(LanguageBuild& b, const model::Game& game, const std::string& key, const std::string& record,
               bool first_of_game, std::ostream& out, std::ostream& err) {
  SharedBuild& shared = b.shared;
  products::BuildOptions options = b.options;
  options.language = game.language;  // hyphenation, the manifest: the game's own tag
  options.print.progress = options.print.progress ? &err : nullptr;
  // The rules engine guards the build: a deck that breaks its game's rules
  // is not printed unless the user insists.
  infra::Timings* timings = options.timings;
  const Diagnostics& findings = shared.findings(game.id);
  if (findings.has_errors()) {
    if (first_of_game) err << format_report_text(findings, &shared.project);
    if (!shared.inv.force) {
      fmt::print(err, "kartenwerk: {}: not built because the rules check failed (use --force to build anyway)\n",
                 label(game.id, options));
      return 1;
    }
  }
  const text::FontLibrary* fonts = shared.font_library(err);
  if (!fonts) return 1;
  engine::GameCompiler compiler(b.model(), game, *fonts);
  compiler.set_draft(options.draft);
  const bool whole_game = !options.incremental.only_cards;
  Diagnostics diags;
  try {
    // Layout runs for the whole game first; only when no page has an error
    // is anything written.
    auto span = infra::timed(timings, "layout", game.id);
    const int jobs = products::jobs_of(options.print);
    const auto context = compiler.context(options.language, jobs, options.draft);
    std::optional<engine::Reprint> reprint;
    if (shared.before) {
      int status = 0;
      reprint = reprint_of(shared, game, compiler, context, options, diags, out, err, status);
      if (!reprint) return status;
    }
    auto keys_span = infra::timed(timings, "layout keys", game.id);
    std::unique_ptr<KeptLayouts> kept = reprint ? nullptr : kept_layouts(shared, game, options, record);
    keys_span.end();
    auto laid_out = reprint ? std::move(reprint->pages)
                            : compiler.game(context, diags, /*booklets=*/options.formats.pdf && whole_game,
                                            kept ? &kept->known : nullptr);
    if (kept)  // how many cards the kept layouts spared, for the trace (a span of no length)
      infra::timed(timings, "layout kept", game.id, "",
                   fmt::format("{} laid out, {} kept", kept->known.laid_out, kept->known.reused));
    const model::Game& printed = reprint ? reprint->game : game;
    span.end();
    // Written into a staging folder inside --out, moved into place only when
    // the whole game succeeded (infra/staging.h).
    products::BuildReport report;
    std::optional<infra::StagingFolder> staging;
    products::BuildOptions staged = options;
    if (!diags.has_errors()) {
      staging.emplace(options.out_dir);
      staged.out_dir = staging->path();
      // A reprint empties its folder before the move: everything is staged.
      if (!shared.before) staged.incremental.target_out_dir = options.out_dir;
      staged.tabletop.game_dir = options.game_dir(game.id);
      staged.tabletop.rule_values = context.rule_values;
      report = products::write_game_products(printed, laid_out, compiler.typesetter(), staged, diags);
    }
    err << format_diagnostics(diags, &shared.project);
    if (diags.has_errors()) {
      fmt::print(err, "kartenwerk: {}: {} error(s); nothing written\n", game.id, diags.error_count());
      return 1;
    }
    infra::throw_if_interrupted();
    const Moved moved = move_into_place(shared, game, options, staged, report, *staging);
    fmt::print(out, "{}: {} files in {}{}\n", label(game.id, options), report.written.size(),
               options.game_dir(game.id).string(), cache_summary(report));
    auto record_span = infra::timed(timings, "build record", game.id);
    save_records(shared, options, kept.get(), record, whole_game && !shared.before ? &key : nullptr, moved.written,
                 report, jobs);
    leave_to_process_end(shared, report, laid_out, kept);
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
    if (deck.product == model::Product::Cards)
      for (const auto& card : deck.cards) ids.insert(card.id);
  return ids;
}

// build --card: every id must name a card of one of the games built; a game
// with none of them is skipped. False (and said) on an unknown id.
bool select_cards(const BuildArgs& inv, std::vector<const model::Game*>& games, std::ostream& err) {
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

// When every game of `games` is up to date, says so without loading the
// card database; else false.
bool games_up_to_date(const BuildArgs& inv, const std::vector<std::string>& games, const project::Project& project,
                      const products::BuildOptions& options, std::ostream& out) {
  const infra::BuildCache* cache = options.incremental.cache;
  if (!cache || options.incremental.only_cards || !inv.changed_since.empty() || games.empty()) return false;
  for (const auto& id : games)
    if (!infra::up_to_date(*cache, record_name(options, id), build_key(options, inv, id), project)) return false;
  for (const auto& id : games) say_up_to_date(out, id, options);
  return true;
}

// A build that names no game builds those the card database has: which
// those are is known only once it is loaded (a tenth of a second at 1000
// cards, half a second at 5000). The last such build that succeeded records
// them in the cache, under the key of everything that decides them (every
// input file and the options, the variant, the program): the same key
// again names the same games, so a build with nothing changed can say they
// are up to date without loading anything, as with --game.
std::string all_games_record(const products::BuildOptions& options) {
  return "games " + std::filesystem::absolute(options.out_dir).lexically_normal().string();
}
std::string all_games_key(const products::BuildOptions& options, const BuildArgs& inv) {
  return infra::cache_key(
      {"all games", options.print.input ? options.print.input->sha256 : "", inv.variant, inv.draft ? "draft" : ""});
}

// The games the last build without --game built, when its key is this
// build's; else none.
std::vector<std::string> recorded_games(const BuildArgs& inv, const products::BuildOptions& options) {
  const infra::BuildCache* cache = options.incremental.cache;
  if (!cache || !inv.games.empty() || !inv.language.empty() || !options.print.input) return {};
  const std::optional<std::string> text = cache->record(all_games_record(options));
  if (!text) return {};
  // "<key>\n<game>\n<game>...": a game id is a plain word (the loader's rule).
  std::istringstream in(*text);
  std::string key, id;
  if (!std::getline(in, key) || key != all_games_key(options, inv)) return {};
  std::vector<std::string> games;
  while (std::getline(in, id)) {
    if (id.empty() || id.find_first_of("/\\.") != std::string::npos) return {};  // not one we wrote
    games.push_back(id);
  }
  return games;
}

// After a build of all games that succeeded: the games it built (`jobs`).
template <typename Jobs>
void record_games(const BuildArgs& inv, const products::BuildOptions& options, const Jobs& jobs) {
  const infra::BuildCache* cache = options.incremental.cache;
  if (!cache || !inv.games.empty() || !inv.language.empty() || !options.print.input || jobs.empty() ||
      options.incremental.only_cards || !inv.changed_since.empty())
    return;
  std::string text = all_games_key(options, inv) + "\n";
  for (const auto& job : jobs) text += job.game->id + "\n";
  cache->set_record(all_games_record(options), text);
}

}  // namespace

namespace {

// The options of one language pass: its files go to
// output/<game>/[draft/][reprint/][<variant>/][<language>/] (no language folder for
// the source languages).
products::BuildOptions pass_options(const BuildArgs& inv, products::BuildOptions options, const std::string& language) {
  options.language = language;
  std::filesystem::path sub;
  for (const std::string& part : {std::string(inv.draft ? "draft" : ""),
                                  std::string(inv.changed_since.empty() ? "" : "reprint"), inv.variant, language})
    if (!part.empty()) sub /= part;
  options.subdir = sub.string();
  return options;
}

// One translation pass: the model loaded in its language, the games it
// shows picked (with --card, those that have the cards), and one line per
// game saying what is not translated yet; null (and said) when the data
// does not load or --card names no card.
std::unique_ptr<LanguageBuild> prepare_pass(SharedBuild& shared, const products::BuildOptions& options,
                                            const model::LanguagePass& pass, std::ostream& err) {
  auto b = std::make_unique<LanguageBuild>(shared, options);
  if (!pass.language.empty()) {
    auto span = infra::timed(options.timings, "load", "", "", pass.language);
    std::ostringstream reported;  // the source pass reported the same files
    ProjectOptions in_pass = shared.inv;
    in_pass.games = pass.games;
    b->translated = open_session(in_pass, shared.world, reported, pass.language);
    span.end();
    if (!b->translated.model) {
      err << reported.str();
      return nullptr;
    }
    std::vector<model::TranslationStatus> statuses;
    for (const auto* game : b->translated.games)
      if (game->translation) statuses.push_back(*game->translation);
    err << format_diagnostics(model::translation_summary(statuses), &shared.project);
  }
  return b;
}

// The games of `b`'s pass: those `pass` names, with --card those that have
// the cards. False (and said) when --card names no card of them.
bool pass_games(const BuildArgs& inv, const LanguageBuild& b, const model::LanguagePass& pass,
                std::vector<const model::Game*>& games, std::ostream& err) {
  for (const auto& id : pass.games)
    if (const model::Game* game = b.model().game(id)) games.push_back(game);
  return select_cards(inv, games, err);
}

// build --changed-since REV: the project as REV had it, with `world`'s
// clock; null (and said) when git cannot read it.
std::unique_ptr<engine::World> open_revision(const BuildArgs& inv, const engine::World& world, std::ostream& err) {
  try {
    return std::make_unique<engine::World>(
        std::make_shared<const project::GitProject>(inv.root, inv.changed_since, world.project()), world.clock());
  } catch (const project::GitError& e) {
    fmt::print(err, "kartenwerk: --changed-since: {}\n", e.what());
    return nullptr;
  }
}

// One game in one language: what the build's threads share out.
struct GameJob {
  LanguageBuild* language;
  const model::Game* game;
  bool first_of_game;  // its first language: says the rules' findings
};

// Without --lang every game is built in its source language, so whether
// the named games (or those the last build of all games built) are up to
// date is known before anything is loaded: if so, said.
bool up_to_date_before_loading(const BuildArgs& inv, const project::Project& project,
                               const products::BuildOptions& options, std::ostream& out) {
  if (!inv.language.empty()) return false;
  const products::BuildOptions source = pass_options(inv, options, "");
  return games_up_to_date(inv, inv.games.empty() ? recorded_games(inv, options) : inv.games, project, source, out);
}

// What killed builds left beside the games' folders (none when games are
// named: run_build swept theirs). With -j above 1 it is swept on a thread
// of its own, beside the build's -j threads, while the games are laid out:
// the walk through every output was 10 ms of a one-card edit of 5,000
// cards, with the other core idle. It cannot take this build's files: the
// only temporary files it removes are those of processes no longer
// running. What it cannot remove stays for the next build: a failure is
// no error of this one.
std::future<void> sweep_leftovers(const BuildArgs& inv, const std::vector<const model::Game*>& games,
                                  const std::filesystem::path& out_dir, int threads) {
  if (!inv.games.empty()) return {};
  std::vector<std::filesystem::path> dirs;
  dirs.reserve(games.size());
  for (const auto* game : games) dirs.push_back(out_dir / game->id);
  auto remove = [out_dir, dirs = std::move(dirs)] {
    try {
      infra::remove_leftovers(out_dir, dirs);
    } catch (const std::exception&) {  // NOLINT(bugprone-empty-catch): see above
    }
  };
  if (threads > 1)
    if (std::future<void> beside = start_beside(remove); beside.valid()) return beside;
  remove();  // one thread, or none to be had: swept here
  return {};
}

// The fonts opened on another core while the card database loads, when
// `threads` has one: laying out needs them first thing after it (12 ms on
// the bench deck, every edit). Their findings wait for the build's own
// fonts() call. An empty future: they are opened when first asked for.
std::future<void> open_fonts_early(const engine::World& world, infra::Timings* timings, int threads) {
  if (threads <= 1) return {};
  return start_beside([&world, timings] {
    auto span = infra::timed(timings, "fonts", "");
    world.open_fonts();
  });
}

}  // namespace

int build_languages(const BuildArgs& inv, const engine::World& world, const products::BuildOptions& options,
                    std::ostream& out, std::ostream& err) {
  const project::Project& project = world.project();
  if (up_to_date_before_loading(inv, project, options, out)) return 0;
  const int threads = options.print.jobs <= 0 ? default_jobs() : options.print.jobs;
  // (The future waits for the fonts on every way out of this function.)
  std::future<void> fonts_opened = open_fonts_early(world, options.timings, threads);
  SharedBuild shared(inv, world, options.timings);
  std::unique_ptr<engine::World> before;
  if (!inv.changed_since.empty()) {
    before = open_revision(inv, world, err);
    if (!before) return 2;
    shared.before = before.get();
  }
  {
    auto span = infra::timed(options.timings, "load", "");
    shared.source = open_session(inv, world, err);
  }
  if (!shared.source.model) return 1;
  // A shop that cuts another card is refused before anything is built.
  if (check_shops(options.print, shared.source.games, project, err)) return 1;
  const auto selection = model::select_languages(shared.source.games, inv.language, !inv.games.empty());
  if (!selection.error.empty()) {
    fmt::print(err, "kartenwerk: --lang {}: {}\n", inv.language, selection.error);
    return 1;
  }
  // (The future waits for the sweep on every way out of this function.)
  std::future<void> sweep = sweep_leftovers(inv, shared.source.games, options.out_dir, threads);
  int status = 0;
  std::vector<std::unique_ptr<LanguageBuild>> builds;
  std::vector<GameJob> jobs;
  std::set<std::string> seen;
  for (const auto& pass : selection.passes) {
    if (infra::interrupt_signal()) return 1;
    auto b = prepare_pass(shared, pass_options(inv, options, pass.language), pass, err);
    std::vector<const model::Game*> games;
    if (!b || !pass_games(inv, *b, pass, games, err)) {
      status = 1;
      continue;
    }
    for (const auto* game : games) jobs.push_back({b.get(), game, seen.insert(game->id).second});
    builds.push_back(std::move(b));
  }
  // The games of every language are built together, each on as many threads
  // as the others leave free (set_thread_limit): while two games are built
  // at once each mostly runs on one core, and the last one gets them all.
  // What each says comes out in game order, as if they ran one by one.
  OrderedOutput says(out, jobs.size()), warns(err, jobs.size());
  std::vector<int> statuses(jobs.size(), 0);
  shared.games_left.store(jobs.size());
  try {
    parallel_for(jobs.size(), threads, [&](size_t k) {
      if (infra::interrupt_signal()) {
        statuses[k] = 1;
      } else {
        LanguageBuild& b = *jobs[k].language;
        const model::Game& game = *jobs[k].game;
        const products::BuildOptions& pass = b.options;
        const std::string key = build_key(pass, inv, game.id), record = record_name(pass, game.id);
        const infra::BuildCache* cache = pass.incremental.cache;
        // A reprint set depends on the revision too: always made anew.
        if (cache && !pass.incremental.only_cards && inv.changed_since.empty() &&
            infra::up_to_date(*cache, record, key, project))
          say_up_to_date(says.stream(k), game.id, pass);
        else
          statuses[k] = build_game(b, game, key, record, jobs[k].first_of_game, says.stream(k), warns.stream(k));
      }
      shared.games_left.fetch_sub(1);
      says.finish(k);
      warns.finish(k);
    });
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  if (sweep.valid()) sweep.get();
  for (int s : statuses) status = std::max(status, s);
  if (status == 0 && inv.language.empty()) record_games(inv, options, jobs);
  return status;
}

}  // namespace kw::cli
