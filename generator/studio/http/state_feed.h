#pragma once
// What GET /api/state answers, remembered for each session so that a page
// holding a recent state is sent only what changed since (a delta): at
// thousands of cards the whole state is megabytes, and the page asks for it
// after every change. Each answer names its revision ("revision"); a page
// asking with `since=<revision>` gets the members of the state but its
// cards as they are now (game, diagnostics, files, switches: small), with
// "since" and, of the cards, only those whose record differs or that are
// new ("cards"), the stems no longer there ("removed") and, when the stems'
// sequence changed, all of it ("order"). Applied to the state of revision
// `since`, a delta gives exactly the full answer. A revision this feed does
// not hold (too old, of another session, of a server since restarted) is
// answered with the full state. Safe from any thread.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "studio/card_view.h"

namespace kw::studio::http {

class StateFeed {
 public:
  // The revisions held for each session (the newest with its cards'
  // records, the others their digests only): a page is at most a few
  // reloads behind.
  static constexpr size_t kRevisionsKept = 8;

  StateFeed();
  ~StateFeed();
  StateFeed(const StateFeed&) = delete;
  StateFeed& operator=(const StateFeed&) = delete;

  // The answer for `state` to a page that holds revision `since` ("": none).
  std::string answer(const std::shared_ptr<const SessionState>& state, const std::string& since);

  struct Revision;

 private:
  // A revision and its cards' records, in its order.
  using Named = std::pair<std::shared_ptr<const Revision>, std::shared_ptr<const std::vector<std::string>>>;
  // The revision of `state`, with its cards serialized: the one it has if
  // it has one (one name per state, whoever asks and when), else a new
  // one, then the newest.
  Named revision_of(const std::shared_ptr<const SessionState>& state);

  const std::string tag_;  // this feed's: a revision of another server is unknown here
  std::mutex mutex_;
  std::uint64_t counter_ = 0;                                         // under mutex_
  std::map<SessionKey, std::deque<std::shared_ptr<Revision>>> held_;  // oldest first; under mutex_
};

}  // namespace kw::studio::http
