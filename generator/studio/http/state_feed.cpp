#include "studio/http/state_feed.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "studio/http/state_json.h"

namespace kw::studio::http {

namespace {

using nlohmann::json;

// A card record's digest, compared where the record itself is no longer
// held (a page more than one revision behind).
struct Digest {
  size_t hash = 0;
  size_t size = 0;
  bool operator==(const Digest&) const = default;
};

Digest digest_of(std::string_view record) { return {std::hash<std::string_view>{}(record), record.size()}; }

std::string random_tag() {
  std::random_device device;
  std::uniform_int_distribution<std::uint32_t> any;
  return fmt::format("{:08x}{:08x}", any(device), any(device));
}

// Whether `held` and `state` are the same state object (also when `held` expired).
bool same_state(const std::weak_ptr<const SessionState>& held, const std::shared_ptr<const SessionState>& state) {
  return !held.owner_before(state) && !state.owner_before(held);
}

// `members` as a JSON object's text, with "cards": `records` (each a card's JSON text) added.
std::string with_cards(const json& members, const std::vector<const std::string*>& records) {
  std::string out = members.dump(-1, ' ', false, json::error_handler_t::replace);
  size_t size = out.size() + 16;
  for (const auto* r : records) size += r->size() + 1;
  out.reserve(size);
  out.pop_back();  // its closing brace
  out += members.empty() ? "\"cards\":[" : ",\"cards\":[";
  for (size_t i = 0; i < records.size(); ++i) {
    if (i > 0) out += ',';
    out += *records[i];
  }
  out += "]}";
  return out;
}

}  // namespace

struct StateFeed::Revision {
  std::string name;
  std::uint64_t generation = 0;  // the state's (reloads counted): the order of the revisions held
  std::weak_ptr<const SessionState> state;
  std::vector<std::string> stems;                                      // in the state's order
  std::unordered_map<std::string, std::pair<Digest, size_t>> by_stem;  // each card's digest and index
  // Held by the newest revision only: the cards' records, by index, and
  // the state, whose cards equal to the next state's give their records.
  std::shared_ptr<const std::vector<std::string>> records;
  std::shared_ptr<const SessionState> kept;
};

StateFeed::StateFeed() : tag_(random_tag()) {}
StateFeed::~StateFeed() = default;

StateFeed::Named StateFeed::revision_of(const std::shared_ptr<const SessionState>& state) {
  // The newest revision held, with its state and records (taken here: a
  // newer one drops them from it).
  std::shared_ptr<const Revision> last;
  std::shared_ptr<const SessionState> last_state;
  std::shared_ptr<const std::vector<std::string>> last_records;
  {
    std::lock_guard lock(mutex_);
    auto& held = held_[state->key];
    if (!held.empty() && held.back()->kept && held.back()->records) {
      last = held.back();
      last_state = last->kept;
      last_records = last->records;
    }
  }
  auto made = std::make_shared<Revision>();
  made->state = state;
  made->kept = state;
  made->generation = state->generation;
  auto records = std::make_shared<std::vector<std::string>>();
  records->reserve(state->cards.size());
  made->stems.reserve(state->cards.size());
  for (const auto& card : state->cards) {
    // Serializing thousands of cards is most of the time: an equal card's record is taken.
    const std::string* same = nullptr;
    if (last) {
      auto it = last->by_stem.find(card.stem);
      if (it != last->by_stem.end() && last_state->cards[it->second.second] == card)
        same = &(*last_records)[it->second.second];
    }
    records->push_back(same ? *same : card_record(state->key, card));
    made->stems.push_back(card.stem);
    made->by_stem.try_emplace(card.stem, digest_of(records->back()), records->size() - 1);
  }
  std::lock_guard lock(mutex_);
  auto& held = held_[state->key];
  // Another request may have named this very state while this one
  // serialized it (the page's refresh and another page's, or two of the
  // page's own): the state keeps that name. A second name made the page,
  // holding one, and the server, answering with the other, disagree for
  // good about a state they both had.
  for (const auto& r : held)
    if (same_state(r->state, state)) return {r, r->records ? r->records : std::move(records)};
  made->name = fmt::format("{}-{}", tag_, ++counter_);
  if (held.empty() || held.back()->generation <= state->generation) {
    // The newest: it keeps the records, for the next state to take from.
    for (auto& r : held) {
      r->records.reset();
      r->kept.reset();
    }
    made->records = records;
    held.push_back(made);
  } else {
    // A state older than the newest held (a request that took it before a
    // reload and named it after): in its place, and the newest keeps its
    // records, else every later answer for the newest serialized it anew.
    made->kept.reset();
    auto at = std::find_if(held.begin(), held.end(), [&](const auto& r) { return r->generation > state->generation; });
    held.insert(at, made);
  }
  while (held.size() > kRevisionsKept) held.pop_front();
  return {std::move(made), std::move(records)};
}

std::string StateFeed::answer(const std::shared_ptr<const SessionState>& state, const std::string& since) {
  std::shared_ptr<const Revision> old, now;
  std::shared_ptr<const std::vector<std::string>> old_records, records;
  {
    std::lock_guard lock(mutex_);
    for (const auto& r : held_[state->key]) {
      if (!since.empty() && r->name == since) {
        old = r;
        old_records = r->records;
      }
      if (same_state(r->state, state)) {
        now = r;
        records = r->records;
      }
    }
  }
  // Serialized once per state however many pages ask, and again only when
  // a newer state took the records of this one (a request that began
  // before the reload): under the name it has.
  if (!records) std::tie(now, records) = revision_of(state);
  json members = state_members(*state);
  members["revision"] = now->name;
  std::vector<const std::string*> sent;
  if (!old) {
    sent.reserve(records->size());
    for (const auto& r : *records) sent.push_back(&r);
    return with_cards(members, sent);
  }
  members["since"] = old->name;
  for (size_t i = 0; i < now->stems.size(); ++i) {
    const std::string& record = (*records)[i];
    auto it = old->by_stem.find(now->stems[i]);
    const bool same = it != old->by_stem.end() && (old_records ? (*old_records)[it->second.second] == record
                                                               : it->second.first == digest_of(record));
    if (!same) sent.push_back(&record);
  }
  json removed = json::array();
  for (const auto& stem : old->stems)
    if (!now->by_stem.contains(stem)) removed.push_back(stem);
  members["removed"] = std::move(removed);
  if (old->stems != now->stems) members["order"] = now->stems;
  return with_cards(members, sent);
}

}  // namespace kw::studio::http
