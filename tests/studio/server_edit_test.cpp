// The studio's writes over HTTP on the mini project: an edit with the token
// from the studio's own page changes just the value; every other request
// that would write is refused and the file keeps its bytes.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/files.h"
#include "core/sha256.h"
#include "studio/http/server.h"
#include "studio/http/state_json.h"
#include "studio/http/token.h"
#include "studio/studio.h"
#include "support/loopback.h"
#include "support/mini_project.h"

namespace kw::studio::http {
namespace {

class StudioEdits : public ::testing::Test {
 protected:
  void SetUp() override {
    port_ = server_.bind("127.0.0.1", 0);
    server_.enable_edits(editor_, token_);
    thread_ = std::jthread([this] { server_.run(); });
  }
  void TearDown() override {
    server_.stop();
    thread_.join();
  }
  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }
  std::string origin() const { return "http://" + host(); }
  std::string layout() const { return read_file(mini_.root() / "layouts/mini/card.yaml").value(); }

  // Sends `request` in pieces of `piece` bytes; the status and the body of the answer.
  std::pair<int, std::string> raw(const std::string& request, size_t piece = 1 << 20) const {
    const int fd = test::connect_loopback(port_, std::chrono::seconds(60));
    if (fd < 0) return {-1, ""};
    for (size_t at = 0; at < request.size(); at += piece) {
      const std::string part = request.substr(at, piece);
      ::send(fd, part.data(), part.size(), MSG_NOSIGNAL);
    }
    std::string answer;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<size_t>(n));
    ::close(fd);
    if (answer.size() < 12) return {-1, answer};
    const size_t body = answer.find("\r\n\r\n");
    return {std::stoi(answer.substr(9, 3)), body == std::string::npos ? "" : answer.substr(body + 4)};
  }

  // A POST as the studio's page sends it, with `fields` changed (an empty value leaves a field out).
  std::string post(const std::string& path, const std::string& body,
                   const std::map<std::string, std::string>& fields = {}) const {
    std::map<std::string, std::string> all = {{"Host", host()},
                                              {"Origin", origin()},
                                              {"X-Kartenwerk-Token", token_},
                                              {"Content-Type", "application/json"},
                                              {"Sec-Fetch-Site", "same-origin"}};
    for (auto& [k, v] : fields) all[k] = v;
    std::string out = "POST " + path + " HTTP/1.1\r\nConnection: close\r\n";
    for (auto& [k, v] : all)
      if (!v.empty()) out += k + ": " + v + "\r\n";
    return out + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  }

  std::string move_title(const std::string& hash, const std::string& file = "layouts/mini/card.yaml") const {
    nlohmann::json j = {{"file", file},
                        {"hash", hash},
                        {"ops", {{{"op", "set"}, {"path", {"elements", 2, "box", 1}}, {"value", "42"}}}}};
    return j.dump();
  }

  test::MiniProject mini_;
  Studio studio_{mini_.root()};
  Editor editor_{mini_.root()};
  std::string token_ = make_token();
  Server server_{studio_, {"mini", "de", ""}};
  int port_ = 0;
  std::jthread thread_;
};

TEST_F(StudioEdits, AnEditFromThePageChangesOnlyTheNumberAndUndoRestoresTheFile) {
  const std::string before = layout();
  // The body arrives in pieces, as over a slow connection.
  auto [status, body] = raw(post("/api/edit", move_title(sha256_hex(before))), 7);
  ASSERT_EQ(status, 200) << body;
  std::string want = before;
  want.replace(want.find("box: [5, 40, 49, 10]"), 20, "box: [5, 42, 49, 10]");
  EXPECT_EQ(layout(), want);
  auto answer = nlohmann::json::parse(body);
  EXPECT_EQ(answer["status"], "done");
  EXPECT_EQ(answer["hash"], sha256_hex(want));
  EXPECT_EQ(answer["undo"], 1);

  auto [undone, undo_body] = raw(post("/api/undo", "{}"));
  EXPECT_EQ(undone, 200) << undo_body;
  EXPECT_EQ(layout(), before);
  auto [redone, redo_body] = raw(post("/api/redo", "{}"));
  EXPECT_EQ(redone, 200) << redo_body;
  EXPECT_EQ(layout(), want);
}

// The page's "add a blank card": the state's blank (pairs, `id` first) sent
// back as an insert after the card; the new entry's lines in that order,
// undone byte for byte.
TEST_F(StudioEdits, ABlankCardIsInsertedWithItsKeysInOrderAndUndone) {
  std::string error;
  auto state = nlohmann::json::parse(state_json(*studio_.state({"mini", "de", ""}, error)));
  const auto& entry = state["cards"][2]["entry"];
  nlohmann::json item = entry["blank"];
  ASSERT_EQ(item.size(), 4u) << item.dump();
  EXPECT_EQ(item[0][0], "id");
  EXPECT_EQ(item[3], nlohmann::json::array({"points", 0}));
  item[0][1] = "new-card";
  const std::string file = mini_.root() / "data/games/mini.yaml";
  const std::string before = read_file(file).value();
  nlohmann::json edit = {
      {"file", "data/games/mini.yaml"},
      {"hash", sha256_hex(before)},
      {"ops", {{{"op", "insert"}, {"path", entry["path"]}, {"index", entry["index"].get<int>() + 1}, {"item", item}}}}};
  auto [status, body] = raw(post("/api/edit", edit.dump()));
  ASSERT_EQ(status, 200) << body;
  EXPECT_EQ(read_file(file).value(),
            before + "        - id: new-card\n          name: \"\"\n          region: north\n          points: 0\n");
  auto [undone, undo_body] = raw(post("/api/undo", "{}"));
  EXPECT_EQ(undone, 200) << undo_body;
  EXPECT_EQ(read_file(file).value(), before);
}

// The same for a deck read from a CSV file: the state's blank row (cells by
// column name, a text its column's name) inserted after the card's row;
// every other row keeps its bytes, the new card loads, undo restores the file.
TEST_F(StudioEdits, ABlankRowIsAddedToACsvDeckAndUndone) {
  std::string game = test::MiniProject::game_yaml();
  game = game.substr(0, game.find("      cards:\n")) + "      cards_csv: mini.csv\n";
  mini_.write(mini_.game_file(), game);
  const std::string table = "id,name,region,points\r\nalpha,Éomer,north,11\r\nbeta,\"Nazgûl, der\",south,0\r\n";
  mini_.write("data/games/mini.csv", table);
  studio_.reload();
  std::string error;
  auto state = nlohmann::json::parse(state_json(*studio_.state({"mini", "de", ""}, error)));
  ASSERT_EQ(state["cards"].size(), 3u) << state.dump();  // alpha, beta (one copy each), the back
  const auto& entry = state["cards"][0]["entry"];
  nlohmann::json cells = entry["blank_row"];
  EXPECT_EQ(cells, nlohmann::json::parse(R"([["id", ""], ["name", "name"], ["region", "north"], ["points", "0"]])"));
  EXPECT_TRUE(entry["blank"].empty());
  cells[0][1] = "new-card";
  const std::string file = mini_.root() / "data/games/mini.csv";
  nlohmann::json edit = {{"file", "data/games/mini.csv"},
                         {"hash", sha256_hex(table)},
                         {"ops",
                          {{{"op", "insert_row"},
                            {"row", entry["index"]},
                            {"column", entry["id_column"]},
                            {"old", entry["id"]},
                            {"cells", cells}}}}};
  auto [status, body] = raw(post("/api/edit", edit.dump()));
  ASSERT_EQ(status, 200) << body;
  EXPECT_EQ(
      read_file(file).value(),
      "id,name,region,points\r\nalpha,Éomer,north,11\r\nnew-card,name,north,0\r\nbeta,\"Nazgûl, der\",south,0\r\n");
  studio_.reload({"data/games/mini.csv"});
  auto shown = studio_.state({"mini", "de", ""}, error);
  ASSERT_TRUE(shown) << error;
  EXPECT_FALSE(shown->stale) << shown->diagnostics;
  ASSERT_EQ(shown->cards.size(), 4u);
  EXPECT_EQ(shown->cards[1].card_id, "new-card");
  EXPECT_EQ(shown->cards[1].label, "name");
  // An id that is no longer in that row (the file changed): refused, nothing written.
  edit["hash"] = sha256_hex(read_file(file).value());
  edit["ops"][0]["row"] = 3;
  auto [conflict, conflict_body] = raw(post("/api/edit", edit.dump()));
  EXPECT_EQ(conflict, 409) << conflict_body;
  auto [undone, undo_body] = raw(post("/api/undo", "{}"));
  EXPECT_EQ(undone, 200) << undo_body;
  EXPECT_EQ(read_file(file).value(), table);
}

TEST_F(StudioEdits, TheFileToEditComesWithItsHashOnlyWithTheToken) {
  const std::string get =
      "GET /api/file?path=layouts/mini/card.yaml HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n";
  auto [status, body] = raw(get + "X-Kartenwerk-Token: " + token_ + "\r\n\r\n");
  ASSERT_EQ(status, 200) << body;
  auto j = nlohmann::json::parse(body);
  EXPECT_EQ(j["text"], layout());
  EXPECT_EQ(j["hash"], sha256_hex(layout()));
  EXPECT_EQ(raw(get + "\r\n").first, 403);
  EXPECT_EQ(raw("GET /api/file?path=../../etc/passwd HTTP/1.1\r\nHost: " + host() +
                "\r\nConnection: close\r\nX-Kartenwerk-Token: " + token_ + "\r\n\r\n")
                .first,
            403);
}

TEST_F(StudioEdits, WritesWithoutTheTokenFromAnotherOriginOrOutsideTheProjectAreRefused) {
  const std::string before = layout();
  const std::string edit = move_title(sha256_hex(before));
  struct Case {
    std::string what;
    std::string request;
    int status;
  };
  const std::vector<Case> cases = {
      {"no token", post("/api/edit", edit, {{"X-Kartenwerk-Token", ""}}), 403},
      {"a wrong token", post("/api/edit", edit, {{"X-Kartenwerk-Token", std::string(token_.size(), '0')}}), 403},
      {"another site's page", post("/api/edit", edit, {{"Origin", "http://evil.example"}}), 403},
      {"a page of another port", post("/api/edit", edit, {{"Origin", "http://127.0.0.1:1"}}), 403},
      {"no Origin", post("/api/edit", edit, {{"Origin", ""}}), 403},
      {"cross-site", post("/api/edit", edit, {{"Sec-Fetch-Site", "cross-site"}}), 403},
      {"same-site, not same-origin", post("/api/edit", edit, {{"Sec-Fetch-Site", "same-site"}}), 403},
      {"a DNS name that rebinds", post("/api/edit", edit, {{"Host", "evil.example:" + std::to_string(port_)}}), 403},
      {"a form's body", post("/api/edit", edit, {{"Content-Type", "text/plain"}}), 415},
      {"outside the project", post("/api/edit", move_title(sha256_hex(before), "layouts/../../x.yaml")), 403},
      {"a file that is no layout or data", post("/api/edit", move_title(sha256_hex(before), "fonts/fonts.yaml")), 403},
      {"a stale hash", post("/api/edit", move_title(sha256_hex("older"))), 409},
      {"not JSON", post("/api/edit", "file=x"), 400},
      {"a GET", "GET /api/edit HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n", 405},
      {"a preflight", "OPTIONS /api/edit HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n", 405},
  };
  for (const auto& c : cases) {
    auto [status, body] = raw(c.request);
    EXPECT_EQ(status, c.status) << c.what << ": " << body;
    EXPECT_EQ(layout(), before) << c.what;
  }
  EXPECT_GE(server_.counts().refused_write, 5u);  // the others are refused as every request is (refused_host)
}

// A text typed on the page: set into its box, nothing drawn, nothing written.
TEST_F(StudioEdits, AFitSaysWhetherTheTextFitsAndWritesNothing) {
  std::string error;
  ASSERT_TRUE(studio_.state({"mini", "de", ""}, error)) << error;  // the page has the session open
  const std::string game = read_file(mini_.root() / "data/games/mini.yaml").value();
  auto fit = [&](const std::string& value, const std::map<std::string, std::string>& fields = {}) {
    const nlohmann::json j = {{"game", "mini"},    {"lang", "de"},   {"variant", ""},
                              {"card", "alpha-1"}, {"path", "name"}, {"value", value}};
    return raw(post("/api/fit", j.dump(), fields));
  };
  auto [status, body] = fit("Éomer");
  ASSERT_EQ(status, 200) << body;
  auto j = nlohmann::json::parse(body);
  EXPECT_TRUE(j["fits"].get<bool>()) << j;
  ASSERT_EQ(j["texts"].size(), 1u) << j;  // the title shows the name; the points do not
  EXPECT_EQ(j["texts"][0]["element"], "title");
  EXPECT_EQ(j["texts"][0]["line"], 12);
  EXPECT_EQ(j["texts"][0]["size"].get<double>(), 14.0) << j;  // the largest of [14, 8]
  // Longer: smaller, then not at all (at 8 pt, the smallest), with the typesetter's reason.
  std::tie(status, body) = fit("Éomer, Dritter Marschall der Riddermark");
  j = nlohmann::json::parse(body);
  EXPECT_TRUE(j["fits"].get<bool>()) << j;
  EXPECT_LT(j["texts"][0]["size"].get<double>(), 14.0) << j;
  EXPECT_GE(j["texts"][0]["size"].get<double>(), 8.0) << j;
  std::tie(status, body) = fit(std::string(
      "Éomer, Dritter Marschall der Riddermark, Neffe Théodens, König von Rohan, Herr der Mark und Freund Gondors"));
  j = nlohmann::json::parse(body);
  EXPECT_FALSE(j["fits"].get<bool>()) << j;
  EXPECT_NE(j["texts"][0]["message"].get<std::string>().find("does not fit"), std::string::npos) << j;
  // A card or text the game does not have; no token; not from the studio's page.
  const nlohmann::json other = {{"game", "mini"},  {"lang", "de"},   {"variant", ""},
                                {"card", "omega"}, {"path", "name"}, {"value", "x"}};
  EXPECT_EQ(raw(post("/api/fit", other.dump())).first, 404);
  EXPECT_EQ(fit("x", {{"X-Kartenwerk-Token", ""}}).first, 403);
  EXPECT_EQ(fit("x", {{"Origin", "http://evil.example"}}).first, 403);
  EXPECT_EQ(raw("GET /api/fit HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n").first, 405);
  EXPECT_EQ(read_file(mini_.root() / "data/games/mini.yaml").value(), game);  // nothing written
}

TEST(StudioEditsOff, AServerWithoutEditsRefusesThem) {
  test::MiniProject mini;
  Studio studio{mini.root()};
  Server server{studio, {"mini", "de", ""}};
  const int port = server.bind("127.0.0.1", 0);
  std::jthread thread([&] { server.run(); });
  const int fd = test::connect_loopback(port, std::chrono::seconds(60));
  const std::string host = "127.0.0.1:" + std::to_string(port);
  const std::string request = "POST /api/undo HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host +
                              "\r\nContent-Type: application/json\r\nX-Kartenwerk-Token: x\r\n"
                              "Connection: close\r\nContent-Length: 2\r\n\r\n{}";
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  char buffer[64] = {};
  ASSERT_GT(::recv(fd, buffer, sizeof buffer - 1, 0), 12);
  ::close(fd);
  EXPECT_EQ(std::string(buffer).substr(9, 3), "403");
  server.stop();
}

TEST(StudioToken, IsRandomAndComparedWhole) {
  const std::string a = make_token(), b = make_token();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, b);
  EXPECT_TRUE(same_token(a, a));
  EXPECT_FALSE(same_token(a, b));
  EXPECT_FALSE(same_token(a, a.substr(0, 31)));
  EXPECT_FALSE(same_token("", ""));
}

// Das Duell's case, on the mini game: the layout draws an optional field
// (`motif`) whenever another optional one (`special`) is absent, so a blank
// of the required fields alone would not lay out. The blank borrows what
// the layout needs from the deck's cards (the first that has it), the new
// card lays out and the session does not go stale; a blank whose layout
// needs what no card of the deck has is refused with a sentence.
TEST_F(StudioEdits, ABlankCardBorrowsWhatItsLayoutNeedsFromTheDeck) {
  std::string game = test::replace(test::MiniProject::game_yaml(), "    points: { type: int, required: true }\n",
                                   "    points: { type: int, required: true }\n"
                                   "    motif: { type: art }\n    special: { type: text }\n    extra: { type: art }\n");
  game = test::replace(game, "          copies: 2\n", "          copies: 2\n          motif: mini/emblem.svg\n");
  game = test::replace(game, "          points: 0\n", "          points: 0\n          special: Fluch\n");
  mini_.write(mini_.game_file(), game);
  const std::string card_layout = layout();
  mini_.write("layouts/mini/card.yaml", card_layout +
                                            "  - type: art\n    name: motif\n    when: \"!special\"\n"
                                            "    src: \"{{motif}}\"\n    box: [20, 20, 10, 10]\n");
  studio_.reload();
  std::string error;
  auto shown = studio_.state({"mini", "de", ""}, error);
  ASSERT_TRUE(shown) << error;
  ASSERT_FALSE(shown->stale) << shown->diagnostics;
  auto state = nlohmann::json::parse(state_json(*shown));
  const auto& entry = state["cards"][2]["entry"];
  nlohmann::json item = entry["blank"];
  ASSERT_EQ(item.size(), 5u) << item.dump();
  EXPECT_EQ(item[4], nlohmann::json::array({"motif", "mini/emblem.svg"}))
      << "borrowed from alpha, the first that has one";
  EXPECT_EQ(entry["blank_error"], "");
  item[0][1] = "new-card";
  const std::string file = mini_.root() / "data/games/mini.yaml";
  nlohmann::json edit = {
      {"file", "data/games/mini.yaml"},
      {"hash", sha256_hex(game)},
      {"ops", {{{"op", "insert"}, {"path", entry["path"]}, {"index", entry["index"].get<int>() + 1}, {"item", item}}}}};
  auto [status, body] = raw(post("/api/edit", edit.dump()));
  ASSERT_EQ(status, 200) << body;
  EXPECT_NE(read_file(file).value().find("        - id: new-card\n          name: \"\"\n          region: north\n"
                                         "          points: 0\n          motif: mini/emblem.svg\n"),
            std::string::npos)
      << read_file(file).value();
  studio_.reload({mini_.game_file()});
  shown = studio_.state({"mini", "de", ""}, error);
  ASSERT_TRUE(shown) << error;
  EXPECT_FALSE(shown->stale) << shown->diagnostics;
  EXPECT_EQ(shown->errors, 0) << shown->diagnostics;
  ASSERT_EQ(shown->cards.size(), 5u);
  EXPECT_EQ(shown->cards[3].card_id, "new-card");

  // A blank (north, 0 points) that draws `extra`, which no card has: refused, said.
  mini_.write(mini_.game_file(), game);
  mini_.write("layouts/mini/card.yaml", card_layout +
                                            "  - type: art\n    name: extra\n"
                                            "    when: \"region == 'north' && points == 0\"\n"
                                            "    src: \"{{extra}}\"\n    box: [20, 20, 10, 10]\n");
  studio_.reload();
  shown = studio_.state({"mini", "de", ""}, error);
  ASSERT_TRUE(shown) << error;
  ASSERT_FALSE(shown->stale) << shown->diagnostics;
  state = nlohmann::json::parse(state_json(*shown));
  EXPECT_TRUE(state["cards"][0]["entry"]["blank"].empty()) << state["cards"][0]["entry"].dump();
  EXPECT_NE(state["cards"][0]["entry"]["blank_error"].get<std::string>().find(
                "a blank card of deck 'main' does not lay out ("),
            std::string::npos)
      << state["cards"][0]["entry"].dump();
}

}  // namespace
}  // namespace kw::studio::http
