#include "studio/preview.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <set>
#include <thread>

#include "core/sha256.h"
#include "engine/compile.h"
#include "layout/overlaps.h"
#include "model/model.h"
#include "model/strings.h"
#include "studio/badges.h"
#include "studio/card_renderer.h"
#include "studio/laid_out_cards.h"

namespace kw::studio {

namespace {

// Loads the model for `key`; its game, or an error naming the known games.
const model::Game* load_game(const engine::World& world, const SessionKey& key, const std::string& language,
                             engine::Loaded& loaded) {
  loaded = engine::load(world, {.language = language, .variant = key.variant});
  if (!loaded.model) return nullptr;
  const model::Game* game = loaded.model->game(key.game);
  if (!game || game->variant != key.variant) {
    loaded.diagnostics.error(
        {}, fmt::format("no game '{}'{}", key.game, key.variant.empty() ? "" : " with variant '" + key.variant + "'"));
    return nullptr;
  }
  return game;
}

// The rules judge the data in its source language (rules::check_shown), a
// translation's texts what they claim; a translation also says how
// complete it is.
Diagnostics rules_findings(const engine::World& world, const SessionKey& key, const engine::Loaded& loaded,
                           const model::Game& game) {
  if (game.in_source_language()) return engine::judge(*loaded.model, game);
  engine::Loaded source;
  const model::Game* source_game = load_game(world, key, game.source_language, source);
  Diagnostics out = source_game ? engine::judge(*source.model, *source_game) : Diagnostics{};
  out.append(engine::judge(*loaded.model, game));
  if (game.translation) out.append(model::translation_summary({*game.translation}));
  return out;
}

// A state that failed: the last good cards, stale, with the new diagnostics.
std::shared_ptr<SessionState> failed(const SessionKey& key, const SessionState& before, const Diagnostics& diags,
                                     const project::Project& project) {
  auto next = std::make_shared<SessionState>(before);
  next->key = key;
  next->generation = before.generation + 1;
  next->stale = true;
  next->diagnostics = format_diagnostics(diags, &project);
  next->errors = diags.error_count();
  next->warnings = diags.count(Severity::Warning);
  return next;
}

// Times the phases of a reload, one after another, for the log.
class Phases {
 public:
  explicit Phases(std::vector<std::pair<std::string, long long>>& out) : out_(out) {}
  void done(const char* name) {
    const auto now = std::chrono::steady_clock::now();
    out_.emplace_back(name, std::chrono::duration_cast<std::chrono::milliseconds>(now - last_).count());
    last_ = now;
  }

 private:
  std::vector<std::pair<std::string, long long>>& out_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// The key of what the rules judge: the session and every file the project
// has read since it was renewed, by content (called right after the model
// loaded: its data, locale and variant files). The rules read the model
// only (engine::judge).
std::string rules_key(const project::Project& project, const SessionKey& key) {
  std::string all = key.game + '\n' + key.language + '\n' + key.variant + '\n';
  for (const auto& input : project.inputs_read()) all += input->path() + '\n' + sha256_hex(input->text()) + '\n';
  return sha256_hex(all);
}

// What the rules found last, kept by Preview between reloads.
struct RulesMemo {
  std::string& key;
  Diagnostics& findings;
};

// The next state; a good one also gives its session's text fitter.
std::shared_ptr<SessionState> build(Workspace& workspace, const SessionKey& key, const SessionState& before,
                                    layout::CardMemo& memo, RulesMemo rules,
                                    std::shared_ptr<const TextFitter>& fitter_out, Phases& phases) {
  const project::Project& project = workspace.project();
  // The studio writes no dated file: the fixed clock; the fonts are the
  // workspace's (kept across reloads).
  const engine::World world(project, Clock{});
  engine::Loaded loaded;
  const model::Game* game = load_game(world, key, key.language, loaded);
  const std::string judged = rules_key(project, key);
  Diagnostics diags = std::move(loaded.diagnostics);
  const text::FontLibrary* fonts = game ? workspace.fonts(diags) : nullptr;
  if (!game || !fonts) return failed(key, before, diags, project);
  // The fitter keeps the model, fonts and layouts this reload lays out with.
  auto fitter = std::make_shared<TextFitter>(std::move(loaded), *game, workspace.shared_fonts(), key.language);
  phases.done("load");
  // The rules read the model only (as the layout does, from several threads
  // in a build): they judge on the other core while the cards are laid out.
  // Run one after the other, they took half of an edit's reload at 5,000
  // cards. Declared after everything they read: a return before get() waits
  // for them here.
  std::future<Diagnostics> judging;
  if (judged != rules.key)
    judging = std::async(std::launch::async,
                         [&world, &key, &fitter, game] { return rules_findings(world, key, fitter->loaded(), *game); });
  LaidOutCards cards =
      lay_out_cards(project, fitter->compiler(), key.language, diags, &memo, workspace.shared_changes());
  phases.done("lay out");
  if (diags.has_errors()) return failed(key, before, diags, project);
  Diagnostics overlaps, layout_findings;  // each card's overlap badge apart from its overflow badge
  for (const auto& d : diags) (d.check == layout::kOverlapCheck ? overlaps : layout_findings).add(d);
  add_badges(layout_findings, Badge::Kind::Overflow, cards.views);
  add_badges(overlaps, Badge::Kind::Overlap, cards.views);
  if (judging.valid()) {
    rules.findings = judging.get();
    rules.key = judged;
  }
  const Diagnostics& findings = rules.findings;
  add_badges(findings, Badge::Kind::Rules, cards.views);
  for (const auto& d : findings)
    if (d.check == "translation") diags.add(d);
  phases.done("rules");
  render_cards(cards.pages, cards.views, before, game->format->dpi);  // each image painted when the page asks
  phases.done("render");
  auto next = std::make_shared<SessionState>();
  next->key = key;
  next->game_name = game->name;
  next->generation = before.generation + 1;
  next->diagnostics = format_diagnostics(diags, &project);
  next->errors = diags.error_count();
  next->warnings = diags.count(Severity::Warning);
  next->dpi = game->format->dpi;
  next->laid_out = memo.laid_out;
  next->cards = std::move(cards.views);
  for (const auto& card : next->cards) {
    std::set<std::string> files;
    for (const auto& t : card.texts) files.insert(t.file);
    for (const auto& b : card.boxes)
      if (b.source) files.insert(b.source->file);
    if (card.entry) files.insert(card.entry->file);
    for (const auto& file : files)
      if (!file.empty() && !next->file_hashes.contains(file))
        if (auto input = project.read(file)) next->file_hashes[file] = sha256_hex(input->text());
  }
  for (const auto& g : fitter->loaded().model->games) next->games.emplace_back(g->id, g->name);
  next->languages = game->languages();
  next->variants = model::available_variants(project, key.game);
  fitter_out = std::move(fitter);
  phases.done("rest");
  return next;
}

}  // namespace

Change Preview::reload(Workspace& workspace) {
  std::shared_ptr<const SessionState> before = state();
  std::shared_ptr<SessionState> next;
  std::shared_ptr<const TextFitter> fitter;
  std::vector<std::pair<std::string, long long>> times;
  Phases phases(times);
  try {
    next = build(workspace, key_, *before, memo_, {rules_key_, rules_findings_}, fitter, phases);
  } catch (const std::exception& e) {  // a renderer's error: report it like the terminal would
    Diagnostics diags;
    diags.error({}, e.what());
    next = failed(key_, *before, diags, workspace.project());
  }
  Change change = compare(*before, *next);
  change.phases = std::move(times);
  auto profile = std::make_shared<const verify::PrintProfile>(workspace.profile());
  std::lock_guard lock(mutex_);
  add_preflight(*next);  // what judge_preflight found while this reload ran
  state_ = std::move(next);
  profile_ = std::move(profile);
  if (fitter) fitter_ = std::move(fitter);
  return change;
}

bool Preview::add_preflight(SessionState& state) const {
  bool added = false;
  for (auto& card : state.cards) {
    if (card.preflighted) continue;
    auto it = preflight_.find(card.fingerprint);
    if (it == preflight_.end()) continue;
    card.badges.insert(card.badges.end(), it->second.begin(), it->second.end());
    card.preflighted = added = true;
  }
  return added;
}

Change Preview::judge_preflight(const std::function<bool()>& go_on) {
  std::shared_ptr<const SessionState> shown;
  std::shared_ptr<const verify::PrintProfile> profile;
  std::vector<const CardView*> todo;
  {
    std::lock_guard lock(mutex_);
    shown = state_;
    profile = profile_;
    for (const auto& card : shown->cards)
      if (!card.preflighted && card.page && !preflight_.contains(card.fingerprint)) todo.push_back(&card);
  }
  Change change;
  change.key = key_;
  if (!profile) return change;
  std::map<std::string, std::vector<Badge>> judged;
  for (const CardView* card : todo) {
    if (!go_on()) break;
    if (!judged.contains(card->fingerprint))
      judged.emplace(card->fingerprint, studio::judge_preflight(*card->page, *profile, shown->dpi));
  }
  std::lock_guard lock(mutex_);
  preflight_.merge(judged);
  auto next = std::make_shared<SessionState>(*state_);
  if (!add_preflight(*next)) return change;
  // Badges of pages no longer shown are forgotten (a reload running now
  // started from this state or a later one: it shows none of them either).
  std::set<std::string> shown_now;
  for (const auto& card : next->cards) shown_now.insert(card.fingerprint);
  std::erase_if(preflight_, [&](const auto& entry) { return !shown_now.contains(entry.first); });
  state_ = std::move(next);
  change.badges = true;
  return change;
}

bool Preview::preflight_pending() const {
  std::lock_guard lock(mutex_);
  return std::any_of(state_->cards.begin(), state_->cards.end(), [](const CardView& c) { return !c.preflighted; });
}

std::shared_ptr<const SessionState> Preview::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

std::shared_ptr<const TextFitter> Preview::fitter() const {
  std::lock_guard lock(mutex_);
  return fitter_;
}

Change compare(const SessionState& before, const SessionState& after) {
  Change change;
  change.key = after.key;
  change.diagnostics = before.diagnostics != after.diagnostics || before.stale != after.stale;
  if (before.cards.size() != after.cards.size()) change.layout = true;
  for (size_t i = 0; i < after.cards.size(); ++i) {
    const CardView& a = after.cards[i];
    if (i < before.cards.size() && before.cards[i].stem != a.stem) change.layout = true;
    if (i >= before.cards.size() || before.cards[i].fingerprint != a.fingerprint)
      change.cards.emplace_back(a.stem, a.fingerprint);
  }
  return change;
}

}  // namespace kw::studio
