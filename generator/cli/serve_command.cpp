#include <fmt/ostream.h>

#include <csignal>
#include <ostream>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "studio/editor.h"
#include "studio/http/server.h"
#include "studio/http/token.h"
#include "studio/studio.h"

namespace kw::cli {

namespace {

// The server to stop on Ctrl-C or SIGTERM; a signal handler may only set a
// flag, so a thread watches it.
volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_signal(int) { g_stop = 1; }

// Without --game, the first game; a --game the project does not have is an
// error. With a broken project no game is known: the page shows why.
std::string choose_game(const std::vector<std::pair<std::string, std::string>>& games, std::string& game) {
  if (games.empty()) return game.empty() ? "the card database has errors: start with --game ID to see them" : "";
  if (game.empty()) game = games.front().first;
  std::string known;
  for (const auto& [id, name] : games) {
    if (id == game) return {};
    known += (known.empty() ? "" : ", ") + id;
  }
  return "unknown game '" + game + "' (known games: " + known + ")";
}

}  // namespace

int run_serve(const ServeArgs& inv, std::ostream& out, std::ostream& err) {
  // Without --lang the game opens in its source language.
  studio::SessionKey initial{inv.games.empty() ? "" : inv.games.front(), inv.language, inv.variant};
  try {
    studio::Studio studio(inv.root, inv.allow_read);
    if (std::string e = choose_game(studio.games(), initial.game); !e.empty()) {
      fmt::print(err, "kartenwerk: {}\n", e);
      return 1;
    }
    // Listening first: a port that is taken is said before the game is built.
    studio::http::Server server(studio, initial);
    server.set_output(inv.out_dir);
    // The page writes with the secret only the printed address carries (token.h).
    studio::Editor editor(inv.root);
    const std::string token = studio::http::make_token();
    server.enable_edits(editor, token);
    int port = server.bind(inv.host, inv.port);
    std::string error;
    if (!studio.state(initial, error)) {
      fmt::print(err, "kartenwerk: {}\n", error);
      return 1;
    }
    studio.set_log(&err);
    studio.watch();
    std::string host = inv.host.find(':') != std::string::npos ? "[" + inv.host + "]" : inv.host;
    fmt::print(out, "kartenwerk studio: http://{}:{}/?token={}\n", host, port, token);
    out.flush();  // a test or script waits for this line
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::jthread stopper([&server](const std::stop_token& stop) {
      while (!g_stop && !stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      server.stop();
    });
    server.run();
    return 0;
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: serve: {}\n", e.what());
    return 1;
  }
}

}  // namespace kw::cli
