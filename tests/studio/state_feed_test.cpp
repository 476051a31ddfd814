// The studio's state answers on the mini project: a delta since a revision
// the page holds, applied to that state, gives exactly the full state now,
// over each kind of change; whatever the feed cannot answer as a delta is
// answered in full.
#include "studio/http/state_feed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "studio/http/state_json.h"
#include "studio/studio.h"
#include "support/mini_project.h"

namespace kw::studio::http {
namespace {

using nlohmann::json;
using test::MiniProject;
using test::replace;

// What the page does with a delta: the cards it names replace or join
// those held, in the delta's order (else the held one, less those removed);
// every other member is the delta's.
json applied(const json& held, const json& delta) {
  std::map<std::string, json> by_stem;
  for (const auto& c : held.at("cards")) by_stem[c.at("stem")] = c;
  for (const auto& c : delta.at("cards")) by_stem[c.at("stem")] = c;
  std::vector<std::string> order;
  if (delta.contains("order")) {
    order = delta.at("order").get<std::vector<std::string>>();
  } else {
    const auto removed = delta.at("removed").get<std::vector<std::string>>();
    for (const auto& c : held.at("cards"))
      if (std::find(removed.begin(), removed.end(), c.at("stem")) == removed.end()) order.push_back(c.at("stem"));
  }
  json out = delta;
  for (const char* key : {"since", "removed", "order"}) out.erase(key);
  out["cards"] = json::array();
  for (const auto& stem : order) out["cards"].push_back(by_stem.at(stem));
  return out;
}

std::vector<std::string> stems_of(const json& cards) {
  std::vector<std::string> out;
  for (const auto& c : cards) out.push_back(c.at("stem"));
  return out;
}

class StudioStateFeed : public ::testing::Test {
 protected:
  // The session's state once preflight has judged it (else its badges
  // would come as a state of their own while a test compares).
  std::shared_ptr<const SessionState> state(const SessionKey& key = {"mini", "de", ""}) {
    std::string error;
    auto s = studio_.state(key, error);
    EXPECT_TRUE(s) << error;
    studio_.wait_for_preflight();
    return studio_.shown(s->key);
  }
  json full(const SessionKey& key = {"mini", "de", ""}) { return json::parse(feed_.answer(state(key), "")); }
  void write_game(const std::string& yaml) {
    mini_.write(mini_.game_file(), yaml);
    studio_.reload({mini_.game_file()});
  }

  // The answer now to a page holding `held`: a delta that gives the full
  // state when applied to `held` (and the full state is the state's JSON
  // with its revision).
  json delta_since(const json& held) {
    auto now = state();
    json delta = json::parse(feed_.answer(now, held.at("revision")));
    json whole = json::parse(feed_.answer(now, ""));
    json expected = json::parse(state_json(*now));
    expected["revision"] = whole["revision"];
    EXPECT_EQ(whole, expected);
    EXPECT_EQ(delta["since"], held.at("revision"));
    EXPECT_EQ(delta["revision"], whole["revision"]);
    EXPECT_EQ(applied(held, delta), whole);
    return delta;
  }

  MiniProject mini_;
  Studio studio_{mini_.root()};
  StateFeed feed_;
};

TEST_F(StudioStateFeed, AnEditedTextSendsOnlyItsCard) {
  json held = full();
  ASSERT_EQ(stems_of(held["cards"]), (std::vector<std::string>{"01-alpha-1", "02-alpha-2", "03-beta", "00-back"}));
  write_game(replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  json delta = delta_since(held);
  EXPECT_EQ(stems_of(delta["cards"]), std::vector<std::string>{"03-beta"});
  EXPECT_EQ(delta["removed"], json::array());
  EXPECT_FALSE(delta.contains("order"));
  EXPECT_NE(delta["files"], held["files"]) << "the file's new hash comes with every delta";
}

TEST_F(StudioStateFeed, AnUnchangedStateIsAnEmptyDeltaOfTheSameRevision) {
  json held = full();
  json delta = delta_since(held);
  EXPECT_EQ(delta["revision"], held["revision"]);
  EXPECT_EQ(delta["cards"], json::array());
}

TEST_F(StudioStateFeed, ACardAddedComesWithTheNewOrder) {
  json held = full();
  write_game(MiniProject::game_yaml() +
             "        - id: gamma\n"
             "          name: Gollum\n"
             "          region: north\n"
             "          points: 3\n");
  json delta = delta_since(held);
  ASSERT_TRUE(delta.contains("order"));
  EXPECT_EQ(delta["order"].size(), held["cards"].size() + 1);
  EXPECT_EQ(delta["removed"], json::array());
  const auto sent = stems_of(delta["cards"]);
  EXPECT_NE(std::find(sent.begin(), sent.end(), "04-gamma"), sent.end()) << delta["order"];
  EXPECT_LT(sent.size(), delta["order"].size()) << "the cards before it are not sent again";
}

TEST_F(StudioStateFeed, ACardRemovedIsNamed) {
  json held = full();
  write_game(replace(MiniProject::game_yaml(), "          copies: 2\n", ""));
  json delta = delta_since(held);
  // The stems number the cards: every one after it is renamed.
  EXPECT_EQ(delta["removed"], json::array({"01-alpha-1", "02-alpha-2", "03-beta"}));
  EXPECT_EQ(delta["order"], json::array({"01-alpha", "02-beta", "00-back"}));
}

TEST_F(StudioStateFeed, CardsReorderedComeWithTheOrder) {
  json held = full();
  const std::string beta =
      "        - id: beta\n"
      "          name: Nazgûl\n"
      "          region: south\n"
      "          points: 0\n";
  write_game(
      replace(replace(MiniProject::game_yaml(), beta, ""), "        - id: alpha\n", beta + "        - id: alpha\n"));
  json delta = delta_since(held);
  EXPECT_EQ(delta["order"], json::array({"01-beta", "02-alpha-1", "03-alpha-2", "00-back"}));
}

TEST_F(StudioStateFeed, ALayoutEditSendsEveryCardOfTheLayout) {
  json held = full();
  const std::string layout = "layouts/mini/card.yaml";
  mini_.write(layout, replace(mini_.text(layout), "box: [5, 40, 49, 10]", "box: [5, 42, 49, 10]"));
  studio_.reload({layout});
  json delta = delta_since(held);
  EXPECT_EQ(stems_of(delta["cards"]), (std::vector<std::string>{"01-alpha-1", "02-alpha-2", "03-beta"}));
}

TEST_F(StudioStateFeed, APageSeveralRevisionsBehindGetsAllItMissed) {
  json held = full();
  const std::string renamed = replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra");
  write_game(renamed);
  json between = full();
  ASSERT_NE(between["revision"], held["revision"]);
  write_game(replace(renamed, "name: Éomer", "name: Eowyn"));
  json delta = delta_since(held);  // compared by the digests held of the older revision
  EXPECT_EQ(stems_of(delta["cards"]), (std::vector<std::string>{"01-alpha-1", "02-alpha-2", "03-beta"}));
  EXPECT_EQ(stems_of(delta_since(between)["cards"]), (std::vector<std::string>{"01-alpha-1", "02-alpha-2"}));
}

TEST_F(StudioStateFeed, ABrokenFileIsADeltaOfItsDiagnostics) {
  json held = full();
  write_game(replace(MiniProject::game_yaml(), "points: 11", "points: elf"));
  json broken = applied(held, delta_since(held));
  EXPECT_TRUE(broken["stale"]);
  EXPECT_NE(broken["diagnostics"], "");
  write_game(MiniProject::game_yaml());
  EXPECT_FALSE(delta_since(broken)["stale"]);
}

TEST_F(StudioStateFeed, WhatItCannotAnswerAsADeltaIsAnsweredInFull) {
  json held = full();
  // Another session: a variant, a language.
  mini_.write("data/variants/mini/dunkel.yaml",
              "variant:\n  game: mini\n  name: Dunkel\n  patch:\n    - card: alpha\n      set: { name: Eomer }\n");
  mini_.write("data/locales/en/mini.yaml",
              "language: en\ngame: mini\nstrings:\n  \"card.beta.name\":\n    de: Nazgûl\n    text: Ringwraith\n");
  studio_.reload();
  for (const SessionKey& key : {SessionKey{"mini", "de", "dunkel"}, SessionKey{"mini", "en", ""}}) {
    json answer = json::parse(feed_.answer(state(key), held["revision"]));
    EXPECT_FALSE(answer.contains("since")) << key.language << "/" << key.variant;
    EXPECT_EQ(answer["variant"], key.variant);
    EXPECT_EQ(answer["lang"], key.language);
    EXPECT_EQ(answer["cards"].size(), held["cards"].size());
  }
  // A revision of another server (one started since), or none it knows.
  StateFeed restarted;
  json other = json::parse(restarted.answer(state(), ""));
  EXPECT_NE(other["revision"], held["revision"]);
  for (const std::string& since : {held["revision"].get<std::string>(), std::string("nonsense")}) {
    json answer = json::parse(restarted.answer(state(), since));
    EXPECT_FALSE(answer.contains("since")) << since;
    EXPECT_EQ(answer["cards"].size(), held["cards"].size());
  }
  // A revision too old to be held.
  for (size_t i = 0; i < StateFeed::kRevisionsKept; ++i) {
    write_game(replace(MiniProject::game_yaml(), "points: 11", "points: " + std::to_string(20 + i)));
    full();
  }
  EXPECT_FALSE(json::parse(feed_.answer(state(), held["revision"])).contains("since"));
}

// A state has one name, whoever asks for it and when: the page holding
// one name while the server answered with another never caught up (the
// studio's edit test failed so in CI, 26 against 27).
TEST_F(StudioStateFeed, AStateAskedAgainAfterANewerOneKeepsItsName) {
  auto first = state();
  const json named = json::parse(feed_.answer(first, ""));
  write_game(replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  const json newer = full();
  ASSERT_NE(newer["revision"], named["revision"]);
  // A request that took the state before the reload answers after it.
  const json late = json::parse(feed_.answer(first, ""));
  EXPECT_EQ(late["revision"], named["revision"]);
  EXPECT_TRUE(late == named) << "the same answer";
  EXPECT_EQ(full()["revision"], newer["revision"]) << "the newest state keeps its name too";
  const json delta = json::parse(feed_.answer(state(), named["revision"]));
  EXPECT_EQ(stems_of(delta["cards"]), std::vector<std::string>{"03-beta"});
}

TEST_F(StudioStateFeed, RequestsAnsweringOneStateAtOnceGiveItOneName) {
  auto now = state();
  constexpr int kRequests = 8;
  for (int round = 0; round < 20; ++round) {
    if (round > 0) {  // a state no request has named yet
      write_game(replace(MiniProject::game_yaml(), "points: 11", "points: " + std::to_string(30 + round)));
      now = state();
    }
    std::vector<std::string> names(kRequests);
    std::vector<std::thread> requests;
    requests.reserve(kRequests);
    for (int i = 0; i < kRequests; ++i)
      requests.emplace_back([&, i] { names[i] = json::parse(feed_.answer(now, "")).at("revision"); });
    for (auto& r : requests) r.join();
    for (const auto& name : names) ASSERT_EQ(name, names.front()) << "round " << round;
    EXPECT_EQ(json::parse(feed_.answer(now, "")).at("revision"), names.front());
  }
}

}  // namespace
}  // namespace kw::studio::http
