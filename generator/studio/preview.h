#pragma once
// The studio's engine for one (game, language, variant): loads the project,
// lays out in draft mode the cards whose inputs changed since the last
// reload (engine/layout_keys.h; the others are taken as laid out then), and renders
// only the cards whose page fingerprint changed since the last good state. A reload that
// fails (YAML syntax, unknown field, missing template) keeps the last good
// cards, marks them stale and carries the diagnostics; the next good reload
// recovers. Knows nothing of HTTP.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "layout/game_layout.h"
#include "studio/card_view.h"
#include "studio/text_fit.h"
#include "studio/workspace.h"

namespace kw::studio {

class Preview {
 public:
  explicit Preview(SessionKey key) : key_(std::move(key)) {}

  // Builds the state again from `workspace`'s files. Returns what changed
  // compared with the previous state. Not concurrent with itself.
  Change reload(Workspace& workspace);

  // The current state (never null; empty before the first reload). Safe from
  // any thread, concurrently with reload.
  std::shared_ptr<const SessionState> state() const;

  // The text fitter of the last good reload (null before one): answers
  // "does this text fit" while the page types (text_fit.h). Safe from any
  // thread, concurrently with reload.
  std::shared_ptr<const TextFitter> fitter() const;

  // Judges preflight for the current state's cards not judged yet
  // (card_renderer.h: a reload renders only the grid's images), each at
  // the game's resolution, one after another while `go_on()` says so, and
  // puts the badges into the state (a new one, the same cards). Returns
  // what changed (Change::badges) — nothing when no card was left or none
  // got its badges. Safe from any thread, concurrently with reload, but
  // not with itself.
  Change judge_preflight(const std::function<bool()>& go_on);
  // Whether the current state has a card preflight has not judged yet.
  bool preflight_pending() const;

 private:
  SessionKey key_;
  mutable std::mutex mutex_;
  std::shared_ptr<const SessionState> state_ = std::make_shared<SessionState>();
  std::shared_ptr<const TextFitter> fitter_;
  // Preflight's badges by page fingerprint, judged for the current state
  // or a recent one (so a reload that raced with judging loses nothing),
  // and the profile they were judged with (the last reload's). Under mutex_.
  std::map<std::string, std::vector<Badge>> preflight_;
  std::shared_ptr<const verify::PrintProfile> profile_;
  // Puts the badges preflight_ holds into `state`'s cards not judged yet;
  // whether it put any. Under mutex_.
  bool add_preflight(SessionState& state) const;
  layout::CardMemo memo_;  // the cards the last reload laid out; only reload() touches it
  // The rules' findings of the last good reload, under the key of the files
  // the model was loaded from: an edit of a layout, a template or a picture
  // (a drag on the page) does not judge the same data again. Only reload()
  // touches them.
  std::string rules_key_;
  Diagnostics rules_findings_;
};

// The differences between two states of one session.
Change compare(const SessionState& before, const SessionState& after);

}  // namespace kw::studio
