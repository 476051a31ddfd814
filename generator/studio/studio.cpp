#include "studio/studio.h"

#include <nlohmann/json.hpp>

#include <sys/resource.h>
#include <unistd.h>
#include <algorithm>
#include <ctime>
#include <ostream>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/language.h"
#include "model/model.h"
#include "studio/watcher.h"

namespace kw::studio {

namespace {

constexpr size_t kKeptEvents = 256;
constexpr std::chrono::milliseconds kWatchPoll{250};   // how soon the thread notices stop()
constexpr int kJudgeNice = 10;                         // preflight's thread, above the process's own
constexpr std::chrono::milliseconds kJudgeDelay{150};  // from a reload to judging its cards

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

Studio::Studio(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read)
    : workspace_(root, std::move(allowed_read)) {
  judge_ = std::jthread([this](const std::stop_token& stop) { judge_preflight(stop); });
}

Studio::~Studio() {
  stop();
  if (watcher_.joinable()) {
    watcher_.request_stop();
    watcher_.join();
  }
  judge_.request_stop();
  { std::lock_guard lock(judge_mutex_); }  // the judge waits or sees the stop: no lost wake-up
  judge_cv_.notify_all();
  judge_.join();
}

void Studio::watch() {
  auto watcher = std::make_shared<Watcher>(workspace_.project().root());
  auto notes = [this, watcher] {
    for (const auto& note : watcher->take_notes())
      if (log_) *log_ << "kartenwerk studio: watching: " << note << "\n" << std::flush;
  };
  notes();
  watcher_ = std::jthread([this, watcher, notes](const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      std::vector<std::string> changed = watcher->wait(kWatchPoll);
      notes();
      if (!changed.empty() && !stop.stop_requested()) reload(changed);
    }
  });
}

const std::vector<std::string>& Studio::languages_of(const std::string& game) {
  if (languages_stale_) {
    // Data that does not load keeps the languages it last had: the page
    // goes on showing its sessions, stale, with the errors.
    auto loaded = model::load_model(workspace_.project());
    if (loaded.model) {
      languages_.emplace();
      for (const auto& g : loaded.model->games) (*languages_)[g->id] = g->languages();
    }
    languages_stale_ = !loaded.model && !languages_;
    if (!languages_) languages_.emplace();
  }
  static const std::vector<std::string> kNone;
  auto it = languages_->find(game);
  return it == languages_->end() ? kNone : it->second;
}

// A game's languages are its data's, variants files of the project: checked
// against them before a session is made for a URL's values.
std::string Studio::check_key(const SessionKey& key) {
  const project::Project& project = workspace_.project();
  const auto& languages = languages_of(key.game);
  if (auto spelt = canonical_language(key.language); spelt && *spelt != key.language)
    return "'" + key.language + "' is spelt '" + *spelt + "'";
  if (!languages.empty() && !contains(languages, key.language))
    return "game '" + key.game + "' is not in '" + key.language +
           "' (its languages: " + fmt::format("{}", fmt::join(languages, ", ")) + ")";
  if (!key.variant.empty() && !contains(model::available_variants(project, key.game), key.variant))
    return "game '" + key.game + "' has no variant '" + key.variant + "'";
  if (!sessions_.empty()) {  // the games of a loaded model
    const SessionState& any = *sessions_.begin()->second->state();
    bool known = any.games.empty() ||
                 std::any_of(any.games.begin(), any.games.end(), [&](const auto& g) { return g.first == key.game; });
    if (!known) return "unknown game '" + key.game + "'";
  }
  if (sessions_.size() >= kMaxSessions) return "too many open previews (at most " + std::to_string(kMaxSessions) + ")";
  return {};
}

std::shared_ptr<const SessionState> Studio::state(SessionKey key, std::string& error) {
  // Under build_mutex_: a page asks after it wrote a file, and a reload
  // running now may be of that write; the state it then edits must hold it
  // (an older one's file hashes make the next write a conflict).
  std::lock_guard lock(build_mutex_);
  if (key.language.empty()) {
    const auto& languages = languages_of(key.game);
    if (!languages.empty()) key.language = languages.front();
  }
  if (auto shown = asked_for(key)) return shown;
  error = check_key(key);
  if (!error.empty()) return nullptr;
  auto preview = std::make_unique<Preview>(key);
  preview->reload(workspace_);
  auto state = preview->state();
  keep_fitter(key, *preview);
  if (state->cards.empty() && state->games.empty() && !sessions_.empty()) {
    // A game name that no model has: do not keep a session for it.
    error = "unknown game '" + key.game + "'";
    return nullptr;
  }
  {
    std::lock_guard shown(previews_mutex_);
    previews_[key] = preview.get();
  }
  sessions_.emplace(key, std::move(preview));
  asked_for(key);
  want_preflight();
  return state;
}

std::shared_ptr<const SessionState> Studio::asked_for(const SessionKey& key) {
  std::lock_guard lock(previews_mutex_);
  auto it = previews_.find(key);
  if (it == previews_.end()) return nullptr;
  asked_[key] = ++asks_;
  return it->second->state();
}

std::shared_ptr<const SessionState> Studio::shown(const SessionKey& key) const {
  std::lock_guard lock(previews_mutex_);
  auto it = previews_.find(key);
  return it == previews_.end() ? nullptr : it->second->state();
}

std::shared_ptr<const BeforeAfter> Studio::before_after(const SessionKey& key, const std::string& revision,
                                                        std::string& error) {
  if (!plain_revision(revision)) {
    error = "'" + revision.substr(0, 128) + "' is no git revision (a commit, tag, branch, HEAD~3)";
    return nullptr;
  }
  auto shown = state(key, error);
  if (!shown) return nullptr;
  std::lock_guard lock(build_mutex_);
  auto it = sessions_.find(shown->key);
  if (it == sessions_.end()) {
    error = "no open preview of " + key.game;
    return nullptr;
  }
  auto now = it->second->state();
  std::shared_ptr<const project::GitProject> then;
  try {
    then = std::make_shared<const project::GitProject>(workspace_.project().root(), revision, workspace_.project());
  } catch (const project::GitError& e) {
    error = e.what();
    return nullptr;
  }
  {
    std::lock_guard held(compared_mutex_);
    auto c = compared_.find(now->key);
    if (c != compared_.end() && c->second->commit == then->commit() && c->second->generation == now->generation &&
        c->second->revision == revision)
      return c->second;
  }
  const auto start = std::chrono::steady_clock::now();
  auto compared =
      compare_with_revision(workspace_, *now, then, revision, now->dpi, std::thread::hardware_concurrency());
  if (log_) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    *log_ << fmt::format("kartenwerk studio: compared {} with {}: {} card(s) changed in {} ms\n", now->key.game,
                         revision, compared->changes.size(), ms.count())
          << std::flush;
  }
  std::lock_guard held(compared_mutex_);
  compared_[now->key] = compared;
  return compared;
}

std::shared_ptr<const BeforeAfter> Studio::before_after_build(const SessionKey& key,
                                                              const std::filesystem::path& out_dir,
                                                              std::string& error) {
  auto shown = state(key, error);
  if (!shown) return nullptr;
  std::lock_guard lock(build_mutex_);
  auto it = sessions_.find(shown->key);
  if (it == sessions_.end()) {
    error = "no open preview of " + key.game;
    return nullptr;
  }
  auto now = it->second->state();
  // Where build put this edition: a translation in its language's folder.
  std::filesystem::path dir = out_dir / now->key.game;
  if (!now->key.variant.empty()) dir /= now->key.variant;
  const auto& languages = languages_of(now->key.game);
  if (!languages.empty() && now->key.language != languages.front()) dir /= now->key.language;
  const auto start = std::chrono::steady_clock::now();
  auto compared = compare_with_build(workspace_, *now, dir, error);
  if (!compared) return nullptr;
  {
    std::lock_guard held(compared_mutex_);
    auto c = compared_.find(now->key);
    if (c != compared_.end() && c->second->commit == compared->commit && c->second->generation == now->generation &&
        c->second->revision == compared->revision)
      return c->second;
  }
  if (log_) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    *log_ << fmt::format("kartenwerk studio: compared {} with the build in {}: {} card(s) changed in {} ms\n",
                         now->key.game, dir.generic_string(), compared->changes.size(), ms.count())
          << std::flush;
  }
  std::lock_guard held(compared_mutex_);
  compared_[now->key] = compared;
  return compared;
}

std::shared_ptr<const BeforeAfter> Studio::held_before_after(const SessionKey& key, const std::string& commit) const {
  std::lock_guard held(compared_mutex_);
  auto c = compared_.find(key);
  return c != compared_.end() && c->second->commit == commit ? c->second : nullptr;
}

std::vector<std::pair<std::string, std::string>> Studio::games() {
  std::lock_guard lock(build_mutex_);
  std::vector<std::pair<std::string, std::string>> out;
  auto loaded = model::load_model(workspace_.project());
  if (loaded.model)
    for (const auto& g : loaded.model->games) out.emplace_back(g->id, g->name);
  return out;
}

namespace {

// The process's CPU time (every thread), for the log: on a busy machine it
// says what a reload cost where the wall time does not.
long long process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<long long>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

}  // namespace

void Studio::reload(const std::vector<std::string>& changed) {
  const auto start = std::chrono::steady_clock::now();
  const long long cpu_start = process_cpu_ms();
  std::vector<Change> changes;
  {
    std::lock_guard lock(judge_mutex_);
    ++reloading_;  // the judge lets go of the CPU
  }
  {
    std::lock_guard lock(build_mutex_);
    {
      std::unique_lock files(files_mutex_);
      workspace_.refresh(changed);
    }
    languages_stale_ = true;  // the data may declare others now
    // The session asked for last first (the page being looked at, the one
    // just edited), each change told as soon as it is made: the studio
    // opens a session of the first game by itself, and renewing that one
    // first was a third of an edit's wait at 5,000 cards of another game.
    std::vector<std::tuple<std::uint64_t, const SessionKey*, Preview*>> order;
    {
      std::lock_guard asked(previews_mutex_);
      for (auto& [key, preview] : sessions_) order.emplace_back(asked_[key], &key, preview.get());
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
    for (const auto& [asked, key, preview] : order) {
      changes.push_back(preview->reload(workspace_));
      keep_fitter(*key, *preview);
      // Every reload, even one that changed nothing shown: its state is a
      // new revision, and a page not told of it would hold an older one
      // for good.
      publish(changes.back());
    }
  }
  {
    std::lock_guard lock(judge_mutex_);  // one step: wait_for_preflight never sees neither
    --reloading_;
    judge_wanted_ = true;
  }
  judge_cv_.notify_all();
  size_t cards = 0;
  std::string phases;  // of the first session (the one asked for last)
  for (const auto& c : changes) {
    if (phases.empty() && !c.phases.empty())
      for (const auto& [name, ms] : c.phases) phases += fmt::format("{}{} {}", phases.empty() ? " (" : ", ", name, ms);
    cards += c.cards.size();
  }
  if (log_) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    *log_ << fmt::format("kartenwerk studio: reloaded {}{}: {} card(s) changed in {} ms{}, CPU {} ms\n",
                         changed.empty() ? std::string("everything") : changed.front(),
                         changed.size() > 1 ? fmt::format(" and {} more", changed.size() - 1) : "", cards, ms.count(),
                         phases.empty() ? "" : phases + " ms)", process_cpu_ms() - cpu_start)
          << std::flush;
  }
}

void Studio::want_preflight() {
  {
    std::lock_guard lock(judge_mutex_);
    judge_wanted_ = true;
  }
  judge_cv_.notify_all();
}

void Studio::judge_preflight(const std::stop_token& stop) {
  // Linux gives each thread a nice value of its own: this one's work
  // (rendering every new page at 300 dpi) yields to the reloads' and the
  // server's. Not being able to lower it changes nothing else.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kJudgeNice);
  const auto go_on = [&] { return !stop.stop_requested() && reloading_ == 0; };
  for (;;) {
    {
      std::unique_lock lock(judge_mutex_);
      judging_ = false;
      judge_cv_.notify_all();
      judge_cv_.wait(lock, [&] { return stop.stop_requested() || judge_wanted_; });
      if (stop.stop_requested()) return;
      judge_wanted_ = false;
      judging_ = true;
      // The page asks for the new images right after the reload: they go
      // first.
      judge_cv_.wait_for(lock, kJudgeDelay, [&] { return stop.stop_requested(); });
    }
    std::vector<Preview*> open;
    {
      std::lock_guard lock(previews_mutex_);
      for (const auto& [key, preview] : previews_) open.push_back(preview);
    }
    // A pass a reload interrupts ends here; that reload asks for the next.
    for (Preview* preview : open) {
      if (!go_on()) break;
      const auto start = std::chrono::steady_clock::now();
      Change change = preview->judge_preflight(go_on);
      if (!change.badges) continue;
      publish(change);
      if (log_) {
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        *log_ << fmt::format("kartenwerk studio: preflight judged {} in {} ms\n", change.key.game, ms.count())
              << std::flush;
      }
    }
  }
}

void Studio::wait_for_preflight() {
  std::unique_lock lock(judge_mutex_);
  judge_cv_.wait(lock, [&] { return stopping() || (!judge_wanted_ && !judging_ && reloading_ == 0); });
}

void Studio::keep_fitter(const SessionKey& key, const Preview& preview) {
  auto fitter = preview.fitter();
  if (!fitter) return;
  std::lock_guard lock(fitters_mutex_);
  fitters_[key] = std::move(fitter);
}

std::optional<FitAnswer> Studio::fit(const SessionKey& key, const std::string& card_id, const std::string& path,
                                     const std::string& value, std::string& error) {
  std::shared_ptr<const TextFitter> fitter;
  {
    std::lock_guard lock(fitters_mutex_);
    if (auto it = fitters_.find(key); it != fitters_.end()) fitter = it->second;
  }
  if (!fitter) {
    error = "no open preview of " + key.game + " in '" + key.language + "'" +
            (key.variant.empty() ? "" : " with variant '" + key.variant + "'");
    return std::nullopt;
  }
  std::shared_lock files(files_mutex_);
  return fitter->fit(card_id, path, value, error);
}

void Studio::publish(const Change& change) {
  {
    std::lock_guard lock(events_mutex_);
    events_.push_back({++last_event_, change_json(change)});
    if (events_.size() > kKeptEvents) events_.pop_front();
  }
  events_cv_.notify_all();
}

std::vector<Event> Studio::events_after(std::uint64_t after, std::chrono::milliseconds timeout) {
  std::unique_lock lock(events_mutex_);
  events_cv_.wait_for(lock, timeout, [&] { return stopping_ || last_event_ > after; });
  std::vector<Event> out;
  if (stopping_) return out;
  for (const auto& e : events_)
    if (e.id > after) out.push_back(e);
  return out;
}

std::uint64_t Studio::last_event() const {
  std::lock_guard lock(events_mutex_);
  return last_event_;
}

void Studio::stop() {
  {
    std::lock_guard lock(events_mutex_);
    stopping_ = true;
  }
  events_cv_.notify_all();
  { std::lock_guard lock(judge_mutex_); }  // a wait_for_preflight sees it
  judge_cv_.notify_all();
}

bool Studio::stopping() const {
  std::lock_guard lock(events_mutex_);
  return stopping_;
}

std::string change_json(const Change& change) {
  nlohmann::json cards = nlohmann::json::array();
  for (const auto& [stem, fingerprint] : change.cards) cards.push_back({{"stem", stem}, {"fingerprint", fingerprint}});
  nlohmann::json j = {{"game", change.key.game}, {"lang", change.key.language},       {"variant", change.key.variant},
                      {"cards", cards},          {"diagnostics", change.diagnostics}, {"layout", change.layout},
                      {"badges", change.badges}};
  return j.dump();
}

}  // namespace kw::studio
