#pragma once
// The studio without its web server: the sessions the page has opened (one
// Preview per game, language and variant), the workspace they share, a
// background thread that reloads them when the watcher sees files change,
// and the stream of changes the page follows. HTTP handlers only read states
// (shared_ptr snapshots) and wait for events; they never build.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <thread>
#include <vector>

#include "studio/before_after.h"
#include "studio/card_view.h"
#include "studio/preview.h"
#include "studio/workspace.h"

namespace kw::studio {

// An event for the page: a change as JSON text, numbered from 1.
struct Event {
  std::uint64_t id = 0;
  std::string json;
};

class Studio {
 public:
  static constexpr size_t kMaxSessions = 16;  // each holds a game's PNGs in memory

  // `allowed_read`: folders outside `root` its files may name (--allow-read).
  explicit Studio(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read = {});
  ~Studio();
  Studio(const Studio&) = delete;
  Studio& operator=(const Studio&) = delete;

  // Where each reload is reported, one line ("reloaded data/cards.yaml:
  // 2 card(s) changed in 180 ms (load 20, lay out 10, rules 24, render 30,
  // rest 0 ms), CPU 90 ms"); null: nowhere. Set before watch().
  void set_log(std::ostream* log) { log_ = log; }

  // Starts the thread that watches the project and reloads every session.
  // Throws std::runtime_error when the folders cannot be watched.
  void watch();

  // The state of `key`, built on first use (blocking: the first build of a
  // game renders all its cards); a key without a language shows the game in
  // its source language. nullptr with `error` set when the game is not in
  // the language, the variant does not exist, or too many sessions are open.
  std::shared_ptr<const SessionState> state(SessionKey key, std::string& error);

  // The state of `key` (its language named) as its last reload left it,
  // without building or waiting for a reload; null for a session not open.
  // Safe from any thread: the server answers card images with it on its
  // own thread.
  std::shared_ptr<const SessionState> shown(const SessionKey& key) const;

  // Whether text `path` of card `card_id` fits with `value` in session
  // `key` (its language named), typeset only (text_fit.h). Does not wait
  // for a reload: answers from the session's last good one. Nullopt with
  // `error` for a session not open or a card without that text.
  std::optional<FitAnswer> fit(const SessionKey& key, const std::string& card_id, const std::string& path,
                               const std::string& value, std::string& error);

  // Session `key` (opened if need be) compared with git revision
  // `revision` of the project: the cards whose page changed, each with its
  // page before (before_after.h). Kept until the files or the revision's
  // commit change, so asking again is cheap. Null with `error` set for an
  // unknown session or a revision git cannot read.
  std::shared_ptr<const BeforeAfter> before_after(const SessionKey& key, const std::string& revision,
                                                  std::string& error);
  // The same compared with the last build of the session's edition under
  // `out_dir` (<out>/<game>/[<variant>/][<lang>/], a translation's language
  // only): compare_with_build. Null with `error` when there is none.
  std::shared_ptr<const BeforeAfter> before_after_build(const SessionKey& key, const std::filesystem::path& out_dir,
                                                        std::string& error);
  // The comparison before_after last made for session `key` (its language
  // named) against `commit`; null when it holds none.
  std::shared_ptr<const BeforeAfter> held_before_after(const SessionKey& key, const std::string& commit) const;

  // The games of the project's base model (id, name); empty when it does not load.
  std::vector<std::pair<std::string, std::string>> games();

  // Reloads every open session after `changed` (project paths; empty: all)
  // and publishes what changed. The watcher thread calls it; tests may too.
  void reload(const std::vector<std::string>& changed = {});

  // Waits until preflight has judged every card of every open session
  // (or the studio stops); the badges come after the cards' images
  // (Preview::judge_preflight, on a thread of its own). For tests.
  void wait_for_preflight();

  // The events after `after`, waiting up to `timeout` for one; empty on
  // timeout or when the studio stops.
  std::vector<Event> events_after(std::uint64_t after, std::chrono::milliseconds timeout);
  std::uint64_t last_event() const;
  // Wakes every waiting events_after for good (the server is stopping).
  void stop();
  bool stopping() const;

 private:
  void publish(const Change& change);
  std::string check_key(const SessionKey& key);
  // The languages of `game` (its source first) as the data says now; empty
  // for a game the data does not have. Under build_mutex_.
  const std::vector<std::string>& languages_of(const std::string& game);

  std::mutex build_mutex_;  // one build at a time: the workspace is not thread-safe
  // The project's files are read afresh (LiveProject::renew) only under
  // this, exclusively; a fit reads them (inline icons) under it, shared.
  std::shared_mutex files_mutex_;
  // Each open session's text fitter, to answer without build_mutex_.
  std::mutex fitters_mutex_;
  std::map<SessionKey, std::shared_ptr<const TextFitter>> fitters_;
  void keep_fitter(const SessionKey& key, const Preview& preview);
  Workspace workspace_;
  std::map<SessionKey, std::unique_ptr<Preview>> sessions_;  // under build_mutex_
  // The same sessions (never removed), for shown() without build_mutex_.
  mutable std::mutex previews_mutex_;
  std::map<SessionKey, Preview*> previews_;
  // When each session's state was last asked for (a count, under
  // previews_mutex_): a reload renews the page's session first.
  std::map<SessionKey, std::uint64_t> asked_;
  std::uint64_t asks_ = 0;
  // An open session's state, counted as asked for; null when not open.
  std::shared_ptr<const SessionState> asked_for(const SessionKey& key);
  // game -> its languages, read on first need after each reload; under build_mutex_.
  std::optional<std::map<std::string, std::vector<std::string>>> languages_;
  bool languages_stale_ = true;  // read them again on next need; under build_mutex_

  mutable std::mutex compared_mutex_;
  std::map<SessionKey, std::shared_ptr<const BeforeAfter>> compared_;  // each session's last comparison

  mutable std::mutex events_mutex_;
  std::condition_variable events_cv_;
  std::deque<Event> events_;  // the most recent ones
  std::uint64_t last_event_ = 0;
  bool stopping_ = false;

  // Preflight's thread: judges the cards each reload rendered anew, at a
  // lower CPU priority than reloads and never while one runs, so that it
  // does not delay the next image (card_renderer.h).
  void judge_preflight(const std::stop_token& stop);
  void want_preflight();
  std::mutex judge_mutex_;
  std::condition_variable judge_cv_;
  bool judge_wanted_ = false;       // under judge_mutex_
  bool judging_ = false;            // under judge_mutex_: a pass is running
  std::atomic<int> reloading_ = 0;  // reloads running (the judge waits for them); changed under judge_mutex_

  std::ostream* log_ = nullptr;
  std::jthread watcher_;
  std::jthread judge_;  // last: stopped first
};

// A change as the event stream sends it: {"game", "lang", "variant",
// "cards": [{"stem", "fingerprint"}], "diagnostics": bool, "layout": bool,
// "badges": bool (preflight's badges came, nothing else changed)}.
std::string change_json(const Change& change);

}  // namespace kw::studio
