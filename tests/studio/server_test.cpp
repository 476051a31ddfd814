// The studio's web server in-process on a free port, on the mini project:
// the state JSON, card PNGs, the page, and what it refuses.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "render/png.h"
#include "studio/http/server.h"
#include "studio/studio.h"
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
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return {-1, ""};
    std::string request =
        "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) + "\r\nConnection: close\r\n\r\n";
    ::send(fd, request.data(), request.size(), 0);
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

TEST_F(StudioServer, ACardIsAPngOfTheFormatsPixelSize) {
  auto state = nlohmann::json::parse(client_->Get("/api/state")->body);
  auto res = client_->Get(state["cards"][0]["url"].get<std::string>());
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Type"), "image/png");
  auto raster = render::decode_png(res->body);
  EXPECT_EQ(raster.width, 768);
  EXPECT_EQ(raster.height, 1146);
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

}  // namespace
}  // namespace kw::studio::http
