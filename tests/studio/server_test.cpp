// The studio's web server in-process on a free port, on the mini project:
// the state JSON, card PNGs, the page, and what it refuses.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <thread>

#include "render/png.h"
#include "studio/http/server.h"
#include "studio/studio.h"
#include "support/loopback.h"
#include "support/mini_project.h"

namespace kw::studio::http {
namespace {

class StudioServer : public ::testing::Test {
 protected:
  void SetUp() override {
    port_ = server_.bind("127.0.0.1", 0);
    thread_ = std::jthread([this] { server_.run(); });
    client_.emplace("127.0.0.1", port_);
    client_->set_read_timeout(std::chrono::seconds(60));  // the first state renders the game
  }
  void TearDown() override {
    server_.stop();
    thread_.join();
  }

  // A request sent as raw bytes, so no client library tidies the path: the
  // status code of the answer and its body.
  std::pair<int, std::string> raw_get(const std::string& target) const {
    return raw("GET " + target + " HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n");
  }
  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }
  // Any bytes as a request; the status and the whole answer (read until the server closes).
  std::pair<int, std::string> raw(const std::string& request) const {
    const int fd = test::connect_loopback(port_, std::chrono::seconds(60));
    if (fd < 0) return {-1, ""};
    ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string answer;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<size_t>(n));
    ::close(fd);
    if (answer.size() < 12) return {-1, answer};
    return {std::stoi(answer.substr(9, 3)), answer};
  }

  test::MiniProject mini_;
  Studio studio_{mini_.root()};
  Server server_{studio_, {"mini", "de", ""}};
  int port_ = 0;
  std::jthread thread_;
  std::optional<httplib::Client> client_;
};

TEST_F(StudioServer, StateJsonListsTheCardsWithGeometryAndUrls) {
  auto res = client_->Get("/api/state");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body;
  auto j = nlohmann::json::parse(res->body);
  EXPECT_EQ(j["game"], "mini");
  EXPECT_EQ(j["stale"], false);
  ASSERT_EQ(j["cards"].size(), 4u);
  const auto& beta = j["cards"][2];
  EXPECT_EQ(beta["stem"], "03-beta");
  EXPECT_EQ(beta["label"], "Nazgûl");
  EXPECT_DOUBLE_EQ(beta["size"]["w"].get<double>(), 65);
  EXPECT_DOUBLE_EQ(beta["trim"]["x"].get<double>(), 3);
  EXPECT_DOUBLE_EQ(beta["safe"]["x"].get<double>(), 7);
  EXPECT_FALSE(beta["boxes"].empty());
  EXPECT_EQ(beta["url"], "/cards/mini/de/-/03-beta.png?v=" + beta["fingerprint"].get<std::string>());
}

// The grid's image at 150 dpi; the large view's (`full`) at the format's
// 300 dpi, as the state's width_px and height_px say.
TEST_F(StudioServer, ACardIsAPngForTheGridAndOneOfTheFormatsPixelSize) {
  auto state = nlohmann::json::parse(client_->Get("/api/state")->body);
  const auto& card = state["cards"][0];
  auto res = client_->Get(card["url"].get<std::string>());
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Type"), "image/png");
  auto raster = render::decode_png(res->body);
  EXPECT_EQ(raster.width, 384);
  EXPECT_EQ(raster.height, 573);
  EXPECT_EQ(card["full"], card["url"].get<std::string>() + "&size=full");
  auto full = client_->Get(card["full"].get<std::string>());
  ASSERT_TRUE(full);
  ASSERT_EQ(full->status, 200);
  auto large = render::decode_png(full->body);
  EXPECT_EQ(large.width, 768);
  EXPECT_EQ(large.height, 1146);
  EXPECT_EQ(card["width_px"], 768);
  EXPECT_EQ(card["height_px"], 1146);
  EXPECT_EQ(client_->Get(card["url"].get<std::string>() + "&size=huge")->status, 400);
}

TEST_F(StudioServer, ServesThePageFromMemory) {
  auto page = client_->Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<script src=\"/app.js\">"), std::string::npos);
  for (const char* asset : {"/app.js", "/app.css"}) {
    auto res = client_->Get(asset);
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200) << asset;
  }
  EXPECT_EQ(client_->Get("/index.html")->status, 404);  // only the names the page uses
}

TEST_F(StudioServer, PathTraversalNeverReachesAFile) {
  ASSERT_EQ(client_->Get("/api/state")->status, 200);
  for (const char* target :
       {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/cards/..%2f..%2fetc%2fpasswd",
        "/cards/mini/de/-/..%2f..%2f..%2fetc%2fpasswd.png", "/cards/mini/de/-/%2e%2e.png", "/app.js/../../etc/passwd",
        "/..%5c..%5cetc%5cpasswd", "/cards/mini/de/-/../../../../etc/passwd.png", "/data/cards.yaml",
        "/cards/mini/de/-/03-beta.png/../../../data/cards.yaml"}) {
    auto [status, body] = raw_get(target);
    EXPECT_TRUE(status == 404 || status == 400) << target << " -> " << status;
    EXPECT_EQ(body.find("root:"), std::string::npos) << target;
    EXPECT_EQ(body.find("kartenwerk: 1"), std::string::npos) << target;
  }
}

TEST_F(StudioServer, UnknownGamesLanguagesAndCardsAre404WithAMessage) {
  ASSERT_EQ(client_->Get("/api/state")->status, 200);
  auto lang = client_->Get("/api/state?lang=xx");
  ASSERT_TRUE(lang);
  EXPECT_EQ(lang->status, 404);
  EXPECT_EQ(lang->body, "game 'mini' is not in 'xx' (its languages: de)\n");
  auto game = client_->Get("/cards/maxi/de/-/01-alpha-1.png");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->status, 404);
  EXPECT_EQ(game->body, "unknown game 'maxi'\n");
  auto card = client_->Get("/cards/mini/de/-/99-nope.png");
  ASSERT_TRUE(card);
  EXPECT_EQ(card->status, 404);
  EXPECT_EQ(card->body, "no card '99-nope' in mini\n");
  EXPECT_EQ(client_->Get("/api/state?variant=a%20b")->status, 400);
}

TEST_F(StudioServer, TakesNoRequestBodiesAndOnlyRequestsForLoopback) {
  auto post = client_->Post("/api/state", std::string(4096, 'x'), "text/plain");
  ASSERT_TRUE(post);
  EXPECT_GE(post->status, 400);
  httplib::Headers rebinding = {{"Host", "evil.example:" + std::to_string(port_)}};
  auto res = client_->Get("/api/state", rebinding);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 403);
}

TEST_F(StudioServer, TheEventStreamNamesTheChangedCard) {
  ASSERT_EQ(client_->Get("/api/state")->status, 200);
  std::string received;
  httplib::Client events("127.0.0.1", port_);
  std::jthread listener([&] {
    events.Get("/events", [&](const char* data, size_t length) {
      received.append(data, length);
      return received.find("03-beta") == std::string::npos;  // stop reading once it came
    });
  });
  // The stream is open once the server counts its cursor; a reload before
  // that would be missed, so wait for the first keep-alive-free moment.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  mini_.write(mini_.game_file(), test::replace(test::MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  studio_.reload({mini_.game_file()});
  listener.join();
  EXPECT_NE(received.find("event: change"), std::string::npos) << received;
  EXPECT_NE(received.find("\"stem\":\"03-beta\""), std::string::npos) << received;
}

// A page holding a state asks for what changed since (state_feed.h): the
// delta names the card an edit changed; a revision the server never gave
// is answered with the whole state.
TEST_F(StudioServer, TheStateSinceARevisionIsWhatChanged) {
  const auto first = nlohmann::json::parse(client_->Get("/api/state")->body);
  const std::string revision = first.at("revision");
  mini_.write(mini_.game_file(), test::replace(test::MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  studio_.reload({mini_.game_file()});
  const auto delta = nlohmann::json::parse(client_->Get("/api/state?since=" + revision)->body);
  EXPECT_EQ(delta.at("since"), revision);
  EXPECT_NE(delta.at("revision"), revision);
  std::vector<std::string> sent;
  for (const auto& c : delta.at("cards")) sent.push_back(c.at("stem"));
  EXPECT_NE(std::find(sent.begin(), sent.end(), "03-beta"), sent.end()) << delta.at("cards").dump();
  const auto whole = nlohmann::json::parse(client_->Get("/api/state?since=somewhere-else-1")->body);
  EXPECT_FALSE(whole.contains("since"));
  EXPECT_EQ(whole.at("cards").size(), first.at("cards").size());
}

// DNS rebinding and other sites' pages: each spelling of the address but
// the exact ones is refused, before anything is looked up.
TEST_F(StudioServer, AnswersOnlyToItsOwnAddressSpelledExactly) {
  const std::string port = std::to_string(port_);
  const std::vector<std::string> spellings = {"127.1:" + port,
                                              "2130706433:" + port,
                                              "0x7f000001:" + port,
                                              "0177.0.0.1:" + port,
                                              "127.0.0.1.:" + port,
                                              "localhost.:" + port,
                                              "rebind.evil.example:" + port,
                                              "rebind.evil.example",
                                              "[::1]:" + port,
                                              "127.0.0.1:" + std::to_string(port_ + 1),
                                              "127.0.0.1"};
  for (const std::string& bad : spellings) {
    auto [status, answer] = raw("GET /api/state HTTP/1.1\r\nHost: " + bad + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status, 403) << bad;
    EXPECT_EQ(answer.find("\"cards\""), std::string::npos) << bad;
  }
  for (const std::string& good : std::vector<std::string>{host(), "localhost:" + port}) {
    auto [status, answer] = raw("GET / HTTP/1.1\r\nHost: " + good + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status, 200) << good;
  }
  // HTTP/1.0 without a Host names nothing.
  EXPECT_EQ(raw("GET / HTTP/1.0\r\n\r\n").first, 403);
}

TEST_F(StudioServer, RefusesRequestsMadeByPagesOfOtherSites) {
  auto get = [&](const std::string& fields) {
    return raw("GET /api/state HTTP/1.1\r\nHost: " + host() + "\r\n" + fields + "Connection: close\r\n\r\n").first;
  };
  EXPECT_EQ(get("Origin: http://rebind.evil.example\r\n"), 403);
  EXPECT_EQ(get("Origin: null\r\n"), 403);
  EXPECT_EQ(get("Origin: https://" + host() + "\r\n"), 403);
  EXPECT_EQ(get("Sec-Fetch-Site: cross-site\r\n"), 403);
  EXPECT_EQ(get("Origin: http://" + host() + "\r\nSec-Fetch-Site: same-origin\r\n"), 200);
  // A link from elsewhere may open the page itself, and nothing more.
  EXPECT_EQ(raw("GET / HTTP/1.1\r\nHost: " + host() +
                "\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n")
                .first,
            200);
}

// 2,000 overlapping ranges of a card: one whole answer, never 2,000 copies.
TEST_F(StudioServer, RangesAreNotServedPiecewise) {
  auto state = nlohmann::json::parse(client_->Get("/api/state")->body);
  const std::string url = state["cards"][0]["url"].get<std::string>();
  const size_t png = client_->Get(url)->body.size();
  std::string ranges = "bytes=0-";
  for (int i = 0; i < 2000; ++i) ranges += ",0-" + std::to_string(png);
  auto [status, answer] =
      raw("GET " + url + " HTTP/1.1\r\nHost: " + host() + "\r\nRange: " + ranges + "\r\nConnection: close\r\n\r\n");
  // The Range field alone is larger than a head may be: refused whole.
  EXPECT_EQ(status, 431);
  auto one = raw("GET " + url + " HTTP/1.1\r\nHost: " + host() + "\r\nRange: bytes=0-10,0-10,0-10,5-20,0-\r\n" +
                 "Connection: close\r\n\r\n");
  EXPECT_EQ(one.first, 200);
  EXPECT_NE(one.second.find("Accept-Ranges: none"), std::string::npos);
  EXPECT_NE(one.second.find("Content-Length: " + std::to_string(png) + "\r\n"), std::string::npos);
  EXPECT_LT(one.second.size(), png + 1024);
}

TEST_F(StudioServer, APortThatIsTakenIsSaid) {
  Server second(studio_, {"mini", "de", ""});
  try {
    second.bind("127.0.0.1", port_);
    FAIL() << "a second server took port " << port_;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("port " + std::to_string(port_) + " on 127.0.0.1 is in use"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(client_->Get("/")->status, 200);  // the first one still answers
}

TEST_F(StudioServer, PipelinedRequestsAreAnsweredInOrder) {
  std::string requests;
  for (int i = 0; i < 20; ++i) requests += "GET /app.css HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
  requests += "GET /nope HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n";
  auto [status, answer] = raw(requests);
  EXPECT_EQ(status, 200);
  size_t oks = 0;
  for (size_t at = answer.find("HTTP/1.1 200 OK"); at != std::string::npos; at = answer.find("HTTP/1.1 200 OK", at + 1))
    ++oks;
  EXPECT_EQ(oks, 20u);
  EXPECT_NE(answer.find("HTTP/1.1 404 Not Found"), std::string::npos);
}

}  // namespace
}  // namespace kw::studio::http
