// The studio's "what changed" view over HTTP on the mini project kept in a
// git repository: GET /api/changes lists the cards whose page changed since
// a revision (as `kartenwerk diff` does) with their images before and now;
// the image before is the card as the studio drew it at that revision, pixel
// for pixel; what is no revision, or no repository, is refused with a
// sentence.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/files.h"
#include "render/png.h"
#include "studio/http/server.h"
#include "studio/studio.h"
#include "support/loopback.h"
#include "support/mini_project.h"

namespace kw::studio::http {
namespace {

class StudioBeforeAfter : public ::testing::Test {
 protected:
  void SetUp() override {
    port_ = server_.bind("127.0.0.1", 0);
    thread_ = std::jthread([this] { server_.run(); });
  }
  void TearDown() override {
    server_.stop();
    thread_.join();
  }

  void git(const std::string& args) const {
    std::string out;
    ASSERT_EQ(test::run_command("git -C " + test::quoted(mini_.root()) +
                                    " -c user.name=Test -c user.email=test@example.org -c commit.gpgsign=false " + args,
                                &out),
              0)
        << out;
  }
  void commit_all() const {
    git("init -q");
    git("add -A");
    git("commit -q -m first");
  }

  // GET `path`: the status and the body.
  std::pair<int, std::string> get(const std::string& path) const {
    const int fd = test::connect_loopback(port_, std::chrono::seconds(60));
    if (fd < 0) return {-1, ""};
    const std::string request =
        "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) + "\r\nConnection: close\r\n\r\n";
    ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string answer;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<size_t>(n));
    ::close(fd);
    if (answer.size() < 12) return {-1, answer};
    const size_t body = answer.find("\r\n\r\n");
    return {std::stoi(answer.substr(9, 3)), body == std::string::npos ? "" : answer.substr(body + 4)};
  }

  std::string png_of(const std::string& stem) {
    std::string error;
    auto state = studio_.state({"mini", "de", ""}, error);
    EXPECT_TRUE(state) << error;
    const CardView* card = state ? state->card(stem) : nullptr;
    return card && card->image ? *card->image->png() : std::string();
  }

  test::MiniProject mini_;
  Studio studio_{mini_.root()};
  Server server_{studio_, {"mini", "de", ""}};
  int port_ = 0;
  std::jthread thread_;
};

TEST_F(StudioBeforeAfter, AChangedCardComesWithItsImageAtTheRevision) {
  commit_all();
  const std::string was = png_of("03-beta");
  ASSERT_FALSE(was.empty());
  mini_.write(mini_.game_file(), test::replace(mini_.text(mini_.game_file()), "name: Nazgûl", "name: Nazgûl-Fürst"));
  studio_.reload({mini_.game_file()});
  const std::string now = png_of("03-beta");
  ASSERT_NE(now, was);

  auto [status, body] = get("/api/changes?game=mini&since=HEAD");
  ASSERT_EQ(status, 200) << body;
  const auto j = nlohmann::json::parse(body);
  EXPECT_EQ(j["revision"], "HEAD");
  EXPECT_EQ(j["commit"].get<std::string>().size(), 40u);
  EXPECT_EQ(j["cards"], 4);  // three cards and their back
  ASSERT_EQ(j["changes"].size(), 1u) << body;
  const auto& c = j["changes"][0];
  EXPECT_EQ(c["kind"], "changed");
  EXPECT_EQ(c["stem"], "03-beta");
  EXPECT_EQ(c["what"][0], "fields name");
  // Now: the session's image; before: the card as the studio drew it then, pixel for pixel.
  auto [after_status, after] = get(c["after"].get<std::string>());
  ASSERT_EQ(after_status, 200);
  EXPECT_EQ(after, now);
  auto [before_status, before] = get(c["before"].get<std::string>());
  ASSERT_EQ(before_status, 200) << before;
  const render::Raster then = render::decode_png(before), drawn = render::decode_png(was),
                       current = render::decode_png(now);
  EXPECT_EQ(then.width, drawn.width);
  EXPECT_EQ(then.height, drawn.height);
  EXPECT_TRUE(then.rgba == drawn.rgba) << "the page before is the card as it was";
  EXPECT_FALSE(then.rgba == current.rgba);

  // Undone on disk: nothing changed since HEAD.
  mini_.write(mini_.game_file(), test::MiniProject::game_yaml());
  studio_.reload({mini_.game_file()});
  auto [again, nothing] = get("/api/changes?game=mini");
  ASSERT_EQ(again, 200) << nothing;
  EXPECT_EQ(nlohmann::json::parse(nothing)["changes"].size(), 0u) << nothing;
}

TEST_F(StudioBeforeAfter, AddedAndRemovedCardsHaveOneSide) {
  commit_all();
  mini_.write(mini_.game_file(), test::replace(mini_.text(mini_.game_file()), "id: beta", "id: gamma"));
  studio_.reload({mini_.game_file()});
  auto [status, body] = get("/api/changes?game=mini&lang=de&since=HEAD");
  ASSERT_EQ(status, 200) << body;
  const auto j = nlohmann::json::parse(body);
  std::map<std::string, nlohmann::json> by_kind;
  for (const auto& c : j["changes"]) by_kind[c["kind"]] = c;
  ASSERT_TRUE(by_kind.contains("added") && by_kind.contains("removed")) << body;
  EXPECT_TRUE(by_kind["added"]["before"].is_null());
  EXPECT_TRUE(by_kind["added"]["after"].is_string());
  EXPECT_TRUE(by_kind["removed"]["after"].is_null());
  ASSERT_TRUE(by_kind["removed"]["before"].is_string());
  EXPECT_EQ(get(by_kind["removed"]["before"].get<std::string>()).first, 200);
}

TEST_F(StudioBeforeAfter, WhatIsNoRevisionIsRefusedWithASentence) {
  auto [no_repo, why] = get("/api/changes?game=mini");
  EXPECT_EQ(no_repo, 400);
  EXPECT_NE(why.find("not in a git repository"), std::string::npos) << why;
  commit_all();
  auto [unknown, message] = get("/api/changes?game=mini&since=v9.9");
  EXPECT_EQ(unknown, 400);
  EXPECT_NE(message.find("unknown git revision 'v9.9'"), std::string::npos) << message;
  auto [option, refused] = get("/api/changes?game=mini&since=--output%3D%2Ftmp%2Fx");
  EXPECT_EQ(option, 400);
  EXPECT_NE(refused.find("is no git revision"), std::string::npos) << refused;
  EXPECT_EQ(get("/api/changes?game=nope").first, 404);
  // An image before that was never compared, or a malformed one.
  EXPECT_EQ(get("/before/mini/de/-/" + std::string(40, 'a') + "/03-beta.png").first, 404);
  EXPECT_EQ(get("/before/mini/de/-/../03-beta.png").first, 400);
  EXPECT_EQ(get("/before/mini/de/-/HEAD/03-beta.png").first, 400);
}

}  // namespace
}  // namespace kw::studio::http
