#pragma once
// The studio's engine for one (game, language, variant): loads the project,
// lays out in draft mode the cards whose inputs changed since the last
// reload (layout_keys.h; the others are taken as laid out then), and renders
// only the cards whose page fingerprint changed since the last good state. A reload that
// fails (YAML syntax, unknown field, missing template) keeps the last good
// cards, marks them stale and carries the diagnostics; the next good reload
// recovers. Knows nothing of HTTP.
#include <memory>
#include <mutex>

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

 private:
  SessionKey key_;
  mutable std::mutex mutex_;
  std::shared_ptr<const SessionState> state_ = std::make_shared<SessionState>();
  std::shared_ptr<const TextFitter> fitter_;
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
