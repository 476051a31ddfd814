#include "studio/http/server.h"

#include <httplib.h>

#include <algorithm>
#include <regex>
#include <stdexcept>

#include "studio/http/assets.h"
#include "studio/http/state_json.h"

namespace kw::studio::http {

namespace {

constexpr size_t kMaxPayload = 1024;  // we take no request bodies
constexpr size_t kMaxName = 64;
constexpr std::chrono::seconds kKeepAlive{10};  // an SSE comment this often keeps proxies and timeouts calm
constexpr size_t kThreads = 16;                 // each open page holds one for its event stream

void text(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content(message + "\n", "text/plain; charset=utf-8");
}

// Game ids, language codes, variant and card names: letters, digits, '-', '_'.
bool plain(const std::string& s) {
  return !s.empty() && s.size() <= kMaxName && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

// The session a request names; false (and a 400 answer) when a value is malformed.
bool key_of(const httplib::Request& req, const SessionKey& initial, SessionKey& key, httplib::Response& res) {
  key = initial;
  // Another game opens in its own source language unless a language is named.
  if (req.has_param("game") && req.get_param_value("game") != initial.game) key.language.clear();
  if (req.has_param("game")) key.game = req.get_param_value("game");
  if (req.has_param("lang")) key.language = req.get_param_value("lang");
  if (req.has_param("variant")) key.variant = req.get_param_value("variant");
  if (plain(key.game) && (key.language.empty() || plain(key.language)) && (key.variant.empty() || plain(key.variant)))
    return true;
  text(res, 400, "malformed game, lang or variant");
  return false;
}

void serve_asset(const std::string& name, httplib::Response& res) {
  const Asset* asset = find_asset(name);
  if (!asset) return text(res, 404, "not found");
  res.set_content(std::string(asset->bytes), std::string(asset->content_type));
  res.set_header("Cache-Control", "no-cache");
}

}  // namespace

Server::Server(Studio& studio, SessionKey initial)
    : studio_(studio), initial_(std::move(initial)), server_(std::make_unique<httplib::Server>()) {
  server_->new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  server_->set_payload_max_length(kMaxPayload);
  routes();
}

Server::~Server() { stop(); }

int Server::bind(const std::string& host, int port) {
  loopback_ = host == "127.0.0.1" || host == "localhost" || host == "::1";
  port_ = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (port_ <= 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port));
  return port_;
}

void Server::run() { server_->listen_after_bind(); }

void Server::stop() {
  studio_.stop();  // ends the event streams, which would hold the server's threads
  server_->stop();
}

// On loopback, only requests addressed to loopback: a web page elsewhere
// cannot reach the studio through a DNS name that resolves to 127.0.0.1.
bool Server::allowed_host(const std::string& host) const {
  if (!loopback_) return true;
  const std::string port = ":" + std::to_string(port_);
  return host == "127.0.0.1" + port || host == "localhost" + port || host == "[::1]" + port;
}

void Server::routes() {
  server_->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (allowed_host(req.get_header_value("Host"))) return httplib::Server::HandlerResponse::Unhandled;
    text(res, 403, "the studio answers only to requests for 127.0.0.1 or localhost");
    return httplib::Server::HandlerResponse::Handled;
  });
  server_->Get("/", [](const httplib::Request&, httplib::Response& res) { serve_asset("index.html", res); });
  server_->Get(R"(/(app\.js|app\.css))",
               [](const httplib::Request& req, httplib::Response& res) { serve_asset(req.matches[1], res); });
  server_->Get("/api/state", [this](const httplib::Request& req, httplib::Response& res) {
    SessionKey key;
    if (!key_of(req, initial_, key, res)) return;
    std::string error;
    auto state = studio_.state(key, error);
    if (!state) return text(res, 404, error);
    res.set_content(state_json(*state), "application/json");
    res.set_header("Cache-Control", "no-store");
  });
  server_->Get(
      R"(/cards/([^/]+)/([^/]+)/([^/]+)/([^/]+)\.png)", [this](const httplib::Request& req, httplib::Response& res) {
        const std::string game = req.matches[1], lang = req.matches[2], variant = req.matches[3], stem = req.matches[4];
        if (!plain(game) || !plain(lang) || !plain(variant) || !plain(stem))
          return text(res, 400, "malformed card address");
        std::string error;
        auto state = studio_.state({game, lang, variant == "-" ? "" : variant}, error);
        if (!state) return text(res, 404, error);
        const CardView* card = state->card(stem);
        if (!card || !card->png) return text(res, 404, "no card '" + stem + "' in " + game);
        res.set_content(*card->png, "image/png");
        // The URL names the fingerprint (?v=): the same URL is the same image.
        res.set_header("Cache-Control", req.has_param("v") ? "max-age=31536000, immutable" : "no-cache");
      });
  server_->Get("/events", [this](const httplib::Request&, httplib::Response& res) {
    auto cursor = std::make_shared<std::uint64_t>(studio_.last_event());
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider("text/event-stream", [this, cursor](size_t, httplib::DataSink& sink) {
      std::vector<Event> events = studio_.events_after(*cursor, kKeepAlive);
      if (studio_.stopping()) return false;
      std::string out = events.empty() ? ": keep-alive\n\n" : "";
      for (const auto& e : events) {
        out += "id: " + std::to_string(e.id) + "\nevent: change\ndata: " + e.json + "\n\n";
        *cursor = e.id;
      }
      return sink.write(out.data(), out.size());
    });
  });
  server_->set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) text(res, res.status, res.status == 404 ? "not found" : "bad request");
  });
}

}  // namespace kw::studio::http
