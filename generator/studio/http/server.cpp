#include "studio/http/server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "studio/card_renderer.h"
#include "studio/http/assets.h"
#include "studio/http/edit_json.h"
#include "studio/http/request.h"
#include "studio/http/state_feed.h"
#include "studio/http/state_json.h"
#include "studio/http/token.h"
#include "studio/tabletop_download.h"

namespace kw::studio::http {

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxName = 64;
constexpr size_t kMaxRequestBytes = kMaxHeadBytes + kMaxBodyBytes;

struct Response {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::string cache_control = "no-store";
};

Response json_response(int status, std::string body) {
  Response r;
  r.status = status;
  r.body = std::move(body);
  r.content_type = "application/json";
  return r;
}

Response text(int status, const std::string& message) {
  Response r;
  r.status = status;
  r.body = message + "\n";
  return r;
}

const char* reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 415:
      return "Unsupported Media Type";
    case 431:
      return "Request Header Fields Too Large";
    case 501:  // RFC 9112 6.1: a transfer coding the server does not take (request.cpp)
      return "Not Implemented";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Error";
  }
}

// The head of an answer (and its body unless `head_only`). Every answer
// says its length; none is cut into ranges.
std::string serialize(const Response& r, bool head_only, bool keep_alive) {
  std::string out = fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: {}\r\n"
      "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n"
      "Accept-Ranges: none\r\n{}Connection: {}\r\n\r\n",
      r.status, reason(r.status), r.content_type, r.body.size(), r.cache_control,
      r.status == 503 ? "Retry-After: 1\r\n" : "", keep_alive ? "keep-alive" : "close");
  if (!head_only) out += r.body;
  return out;
}

// Game ids, language codes, variant and card names: letters, digits, '-', '_'.
bool plain(const std::string& s) {
  return !s.empty() && s.size() <= kMaxName && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

// "/a/b/c" -> {"a", "b", "c"}; an empty segment stays (and then fails plain()).
std::vector<std::string> segments(const std::string& path) {
  std::vector<std::string> out;
  size_t at = 1;
  while (at <= path.size()) {
    const size_t slash = path.find('/', at);
    out.push_back(path.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  return out;
}

std::string chunk(const std::string& data) { return fmt::format("{:x}\r\n{}\r\n", data.size(), data); }

enum class State {
  Head,       // waiting for (the rest of) a request's head
  Working,    // a worker makes the answer
  Writing,    // sending an answer
  Streaming,  // an event stream
};

struct Conn {
  int fd = -1;
  State state = State::Head;
  std::string in;
  std::string out;
  size_t sent = 0;
  bool close_after = false;
  bool eof = false;          // the client closed its side (it may still read)
  Clock::time_point since;   // Head: since when the head is awaited; Writing: the last progress
  std::uint64_t cursor = 0;  // Streaming: the last event sent
  std::uint64_t order = 0;   // Streaming: when it started (older streams go first)
  size_t pending() const { return out.size() - sent; }
};

struct Job {
  std::uint64_t conn = 0;
  Request request;
};

struct Done {
  std::uint64_t conn = 0;
  std::string bytes;
  bool keep_alive = true;
};

}  // namespace

struct Server::Impl {
  Impl(Studio& s, SessionKey i, ServerLimits l) : studio(s), initial(std::move(i)), limits(l) {}

  Studio& studio;
  SessionKey initial;
  ServerLimits limits;
  HostAllowList allowed;
  int listen_fd = -1;
  int wake_fd = -1;
  int port = 0;
  std::atomic<bool> stopping{false};
  Editor* editor = nullptr;  // set: the page may write (with `token`)
  std::string token;
  std::filesystem::path output = "output";  // set_output
  StateFeed state_feed;                     // /api/state: whole, or what changed since a revision

  mutable std::mutex counts_mutex;
  ServerCounts counts;

  // The loop's own (one thread).
  std::map<std::uint64_t, Conn> conns;
  std::uint64_t next_id = 1;
  std::uint64_t next_stream = 1;
  Clock::time_point next_keep_alive;
  std::deque<std::uint64_t> ready;          // connections back to reading a head, with bytes perhaps waiting
  Clock::time_point listener_paused_until;  // out of file descriptors: accept nothing until then

  // Shared with the workers and the event thread, under `mutex`.
  std::mutex mutex;
  std::condition_variable jobs_cv;
  std::deque<Job> jobs;
  std::vector<Done> done;
  std::vector<Event> events;

  void count(std::uint64_t ServerCounts::*field) {
    std::lock_guard lock(counts_mutex);
    ++(counts.*field);
  }

  void wake() const {
    const std::uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wake_fd, &one, sizeof one);
  }

  // ------------------------------------------------------------ answers

  // The session a request names; nullopt (and a 400 answer) when a value is malformed.
  std::optional<SessionKey> key_of(const Request& req, Response& res) const {
    SessionKey key = initial;
    // Another game opens in its own source language unless a language is named.
    if (const auto* g = req.param("game"); g && *g != initial.game) key.language.clear();
    if (const auto* g = req.param("game")) key.game = *g;
    if (const auto* l = req.param("lang")) key.language = *l;
    if (const auto* v = req.param("variant")) key.variant = *v;
    if (plain(key.game) && (key.language.empty() || plain(key.language)) && (key.variant.empty() || plain(key.variant)))
      return key;
    res = text(400, "malformed game, lang or variant");
    return std::nullopt;
  }

  // The page's writes and the reads of files it is about to edit.
  Response edit(const Request& req) {
    EditResult result;
    if (req.path == "/api/file") {
      const std::string* file = req.param("path");
      if (!file) return text(400, "which file? (?path=data/...)");
      std::string bytes;
      result = editor->read(*file, bytes);
      if (result.status != EditResult::Status::Done)
        return json_response(edit_status_code(result), edit_result_json(result));
      nlohmann::json j = {
          {"file", result.file}, {"hash", result.hash}, {"text", bytes}, {"undo", result.undo}, {"redo", result.redo}};
      return json_response(200, j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    if (req.path == "/api/undo") {
      result = editor->undo();
    } else if (req.path == "/api/redo") {
      result = editor->redo();
    } else {
      std::string error;
      auto request = parse_edit_request(req.body, error);
      if (!request) return text(400, error);
      result = editor->apply(request->file, request->hash, request->ops, request->merge);
    }
    return json_response(edit_status_code(result), edit_result_json(result));
  }

  // A tabletop's folder as a zip: tabletop, game, lang, variant, <format>.zip.
  // The session's state says whether `lang` is the game's source language
  // (whose files have no language folder).
  Response tabletop(const Request& req) {
    const auto parts = segments(req.path);
    const std::string& file = parts.at(4);
    const std::string& game = parts[1];
    const std::string& lang = parts[2];
    const std::string& variant = parts[3];
    if (!plain(game) || !plain(lang) || !plain(variant)) return text(400, "malformed tabletop address");
    std::string error;
    auto state = studio.state({game, lang, variant == "-" ? "" : variant}, error);
    if (!state) return text(404, error);
    const bool source = !state->languages.empty() && state->languages.front() == lang;
    const TabletopRequest request{game, source ? "" : lang, variant == "-" ? "" : variant,
                                  file.substr(0, file.size() - 4)};
    auto zip = tabletop_zip(output, request, error);
    if (!zip) return text(tabletop_folder(output, request, error) ? 404 : 400, error);
    Response res;
    res.body = std::move(*zip);
    res.content_type = "application/zip";
    return res;
  }

  // Whether a text typed on the page fits (text_fit.h): typeset only,
  // nothing written. {"game", "lang", "variant", "card", "path", "value"}
  // -> {"fits", "texts": [{"element", "line", "fits", "size", "max", "min",
  // "message"}], "micros"}.
  Response fit(const Request& req) {
    const auto j = nlohmann::json::parse(req.body, nullptr, false);
    auto field = [&](const char* name) -> std::optional<std::string> {
      if (!j.is_object() || !j.contains(name) || !j[name].is_string()) return std::nullopt;
      return j[name].get<std::string>();
    };
    const auto game = field("game"), lang = field("lang"), variant = field("variant"), card = field("card"),
               path = field("path"), value = field("value");
    if (!game || !lang || !variant || !card || !path || !value)
      return text(400, "a fit is {\"game\", \"lang\", \"variant\", \"card\", \"path\", \"value\"}");
    if (!plain(*game) || !plain(*lang) || (!variant->empty() && !plain(*variant)) || !plain(*card) || path->empty() ||
        path->size() > 256)
      return text(400, "malformed game, lang, variant, card or path");
    const auto start = Clock::now();
    std::string error;
    auto answer = studio.fit({*game, *lang, *variant}, *card, *path, *value, error);
    if (!answer) return text(404, error);
    nlohmann::json texts = nlohmann::json::array();
    for (const auto& t : answer->texts)
      texts.push_back({{"element", t.element},
                       {"line", t.loc.line},
                       {"fits", t.fits},
                       {"size", t.size_pt},
                       {"max", t.max_size_pt},
                       {"min", t.min_size_pt},
                       {"message", t.error}});
    const nlohmann::json out = {
        {"fits", answer->fits},
        {"texts", texts},
        {"micros", std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count()}};
    return json_response(200, out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  }

  // The cards whose page changed since a git revision (?since=, default
  // HEAD), each with its page before (Studio::before_after); since the last
  // build under --out with ?since=last build (Studio::before_after_build).
  Response changes(const Request& req) {
    Response res;
    auto key = key_of(req, res);
    if (!key) return res;
    const std::string* since = req.param("since");
    std::string error;
    const std::string revision = since && !since->empty() ? *since : "HEAD";
    auto compared = revision == kLastBuild ? studio.before_after_build(*key, output, error)
                                           : studio.before_after(*key, revision, error);
    if (!compared) return text(error.starts_with("unknown game") || error.starts_with("game ") ? 404 : 400, error);
    auto now = studio.state(compared->key, error);
    if (!now) return text(404, error);
    return json_response(200, before_after_json(*compared, *now));
  }

  // before, game, lang, variant, commit, stem.png: a page before, from the comparison held.
  Response before_image(const std::vector<std::string>& parts) {
    const std::string& file = parts.at(5);
    const std::string stem = file.substr(0, file.size() - 4);
    const std::string& commit = parts[4];
    // A git commit (40 hex digits), or a build's input hash (64) with ?since=last build.
    if (!plain(parts[1]) || !plain(parts[2]) || !plain(parts[3]) || !plain(stem) ||
        (commit.size() != 40 && commit.size() != 64) || !std::all_of(commit.begin(), commit.end(), [](char c) {
          return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        }))
      return text(400, "malformed address of a page before");
    auto compared = studio.held_before_after({parts[1], parts[2], parts[3] == "-" ? "" : parts[3]}, commit);
    const ChangedCard* card = compared ? compared->find(stem) : nullptr;
    if (!card || !card->before_png)
      return text(404, "no page before of '" + stem + "' in " + parts[1] + " at " + commit.substr(0, 12) +
                           " (compare first: /api/changes)");
    Response res;
    res.body = *card->before_png;
    res.content_type = "image/png";
    return res;
  }

  // What a worker answers: the state, a card's image (both may build), an edit, a fit.
  Response work(const Request& req) {
    if (req.path == "/api/fit") return fit(req);
    if (req.path == "/api/changes") return changes(req);
    if (req.path.starts_with("/before/")) return before_image(segments(req.path));
    if (req.path.starts_with("/api/") && req.path != "/api/state") return edit(req);
    if (req.path == "/api/state") {
      Response res;
      auto key = key_of(req, res);
      if (!key) return res;
      std::string error;
      auto state = studio.state(*key, error);
      if (!state) return text(404, error);
      const std::string* since = req.param("since");
      res.body = state_feed.answer(state, since ? *since : "");
      res.content_type = "application/json";
      return res;
    }
    if (req.path.starts_with("/tabletop/")) return tabletop(req);
    const auto parts = segments(req.path);  // cards, game, lang, variant, stem.png
    const std::string& file = parts.at(4);
    const std::string& game = parts[1];
    const std::string& lang = parts[2];
    const std::string& variant = parts[3];
    const std::string stem = file.substr(0, file.size() - 4);
    if (!plain(game) || !plain(lang) || !plain(variant) || !plain(stem)) return text(400, "malformed card address");
    // The state shown, without waiting for a reload running now; a session
    // not open yet is built.
    const SessionKey key{game, lang, variant == "-" ? "" : variant};
    auto state = studio.shown(key);
    if (state && state->card(stem)) return card_image(req, *state, stem);
    std::string error;
    state = studio.state(key, error);
    if (!state) return text(404, error);
    return card_image(req, *state, stem);
  }

  // A card's image from `state` (the grid's, or the full one rendered now).
  static Response card_image(const Request& req, const SessionState& state, const std::string& stem) {
    const std::string& game = state.key.game;
    const CardView* card = state.card(stem);
    if (!card || !card->image) return text(404, "no card '" + stem + "' in " + game);
    Response res;
    // The large view's: the full resolution, rendered on request (card_renderer.h).
    const std::string* size = req.param("size");
    if (size && *size != "full") return text(400, "size=full or none");
    res.body = size && card->page ? render_full_png(*card->page, state.dpi) : *card->image->png();
    res.content_type = "image/png";
    // The URL names the fingerprint (?v=): the same URL is the same image.
    res.cache_control = req.param("v") ? "max-age=31536000, immutable" : "no-cache";
    return res;
  }

  void worker(const std::stop_token& stop) {
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex);
        jobs_cv.wait(lock, [&] { return stop.stop_requested() || !jobs.empty(); });
        if (stop.stop_requested()) return;
        job = std::move(jobs.front());
        jobs.pop_front();
      }
      Response res;
      try {
        res = work(job.request);
      } catch (const std::exception& e) {
        res = text(500, std::string("internal error: ") + e.what());
      }
      {
        std::lock_guard lock(mutex);
        done.push_back(
            {job.conn, serialize(res, job.request.method == "HEAD", job.request.keep_alive), job.request.keep_alive});
      }
      wake();
    }
  }

  // The studio's changes, handed to the loop as they come.
  void follow_events(const std::stop_token& stop) {
    std::uint64_t cursor = studio.last_event();
    while (!stop.stop_requested() && !stopping) {
      std::vector<Event> fresh = studio.events_after(cursor, std::chrono::milliseconds(250));
      if (fresh.empty()) continue;
      cursor = fresh.back().id;
      {
        std::lock_guard lock(mutex);
        events.insert(events.end(), fresh.begin(), fresh.end());
      }
      wake();
    }
  }

  // ------------------------------------------------------------ the loop

  void close_conn(std::uint64_t id) {
    auto it = conns.find(id);
    if (it == conns.end()) return;
    ::close(it->second.fd);
    conns.erase(it);
  }

  void answer(std::uint64_t id, Conn& c, const Response& res, bool head_only, bool keep_alive) {
    c.out = serialize(res, head_only, keep_alive && !c.eof);
    c.sent = 0;
    c.close_after = !keep_alive || c.eof;
    c.state = State::Writing;
    c.since = Clock::now();
    count(&ServerCounts::answered);
    flush(id, c);
  }

  // Whether a request comes from where the studio's page may: see server.h.
  std::optional<Response> refused(const Request& req) const {
    const std::string* host = req.field("host");
    if (!host || !allowed.host_ok(*host))
      return text(403, "the studio answers only to requests addressed to " +
                           (allowed.authorities().empty() ? std::string("it") : allowed.authorities().front()) +
                           " or another of its own addresses");
    if (const std::string* origin = req.field("origin"); origin && !allowed.origin_ok(*origin))
      return text(403, "the studio answers only to its own pages (Origin: " + *origin + ")");
    const std::string* site = req.field("sec-fetch-site");
    const std::string* mode = req.field("sec-fetch-mode");
    if (site && *site == "cross-site" && !(req.path == "/" && mode && *mode == "navigate"))
      return text(403, "the studio answers no request made by a page of another site");
    return std::nullopt;
  }

  // Whether a request that writes (or reads a file to edit) may: see server.h.
  std::optional<Response> write_refused(const Request& req) const {
    if (!editor) return text(403, "this studio does not edit files");
    const std::string* given = req.field("x-kartenwerk-token");
    if (!given || !same_token(token, *given))
      return text(403, "editing needs the studio's token: open the address `kartenwerk serve` printed");
    if (req.method != "POST") return std::nullopt;
    const std::string* origin = req.field("origin");
    if (!origin) return text(403, "a write must say which page sent it (Origin)");
    const std::string* site = req.field("sec-fetch-site");
    if (site && *site != "same-origin") return text(403, "a write must come from the studio's own page");
    const std::string* type = req.field("content-type");
    if (!type || !type->starts_with("application/json"))
      return text(415, "a write is JSON (Content-Type: application/json)");
    return std::nullopt;
  }

  void dispatch(std::uint64_t id, Conn& c, Request req) {
    if (auto no = refused(req)) {
      count(&ServerCounts::refused_host);
      return answer(id, c, *no, req.method == "HEAD", false);
    }
    // A fit writes nothing, but is the editor's and takes a body: asked as a write is.
    const bool writes =
        req.path == "/api/edit" || req.path == "/api/undo" || req.path == "/api/redo" || req.path == "/api/fit";
    if (writes != (req.method == "POST"))
      return answer(id, c, text(405, writes ? "edits are POSTed" : "only edits are POSTed"), false, req.keep_alive);
    if (writes || req.path == "/api/file") {
      if (auto no = write_refused(req)) {
        count(&ServerCounts::refused_write);
        return answer(id, c, *no, req.method == "HEAD", false);
      }
    }
    const bool head = req.method == "HEAD";
    if (req.path == "/" || req.path == "/app.js" || req.path == "/app.css") {
      const Asset* asset = find_asset(req.path == "/" ? "index.html" : req.path.substr(1));
      if (!asset) return answer(id, c, text(404, "not found"), head, req.keep_alive);
      Response res;
      res.body = std::string(asset->bytes);
      res.content_type = std::string(asset->content_type);
      res.cache_control = "no-cache";
      return answer(id, c, res, head, req.keep_alive);
    }
    if (req.path == "/events") return start_stream(id, c, head);
    const auto parts = segments(req.path);
    const bool card = parts.size() == 5 && parts[0] == "cards" && parts[4].size() > 4 && parts[4].ends_with(".png");
    const bool tabletop =
        parts.size() == 5 && parts[0] == "tabletop" && parts[4].size() > 4 && parts[4].ends_with(".zip");
    const bool before = parts.size() == 6 && parts[0] == "before" && parts[5].size() > 4 && parts[5].ends_with(".png");
    if (req.path != "/api/state" && req.path != "/api/changes" && !card && !tabletop && !before && !writes &&
        req.path != "/api/file")
      return answer(id, c, text(404, "not found"), head, req.keep_alive);
    // A grid image of an open session already rendered is a lookup in
    // memory: answered here, not handed to a worker and back (two thread
    // switches per image, which on a busy machine were most of the time 48
    // new images took). One not rendered yet is painted by a worker.
    if (card && !req.param("size") && plain(parts[1]) && plain(parts[2]) && plain(parts[3])) {
      const std::string stem = parts[4].substr(0, parts[4].size() - 4);
      auto state = studio.shown({parts[1], parts[2], parts[3] == "-" ? "" : parts[3]});
      const CardView* shown = state && plain(stem) ? state->card(stem) : nullptr;
      if (shown && shown->image && shown->image->rendered())
        return answer(id, c, card_image(req, *state, stem), head, req.keep_alive);
    }
    std::unique_lock lock(mutex);
    if (jobs.size() >= limits.queued_jobs) {
      lock.unlock();
      count(&ServerCounts::busy);
      return answer(id, c, text(503, "the studio is busy; try again"), head, req.keep_alive);
    }
    c.state = State::Working;
    jobs.push_back({id, std::move(req)});
    lock.unlock();
    jobs_cv.notify_one();
  }

  void start_stream(std::uint64_t id, Conn& c, bool head) {
    const std::string start =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
        "X-Content-Type-Options: nosniff\r\nAccept-Ranges: none\r\n";
    count(&ServerCounts::answered);
    if (head) {
      c.out = start + "Content-Length: 0\r\nConnection: close\r\n\r\n";
      c.sent = 0;
      c.close_after = true;
      c.state = State::Writing;
      c.since = Clock::now();
      return flush(id, c);
    }
    // The oldest streams give way: a page whose stream closes reconnects.
    size_t open = 0;
    for (const auto& [other, s] : conns) open += s.state == State::Streaming;
    while (open >= limits.streams) {
      auto oldest = conns.end();
      for (auto it = conns.begin(); it != conns.end(); ++it)
        if (it->second.state == State::Streaming && (oldest == conns.end() || it->second.order < oldest->second.order))
          oldest = it;
      if (oldest == conns.end()) break;
      close_conn(oldest->first);
      count(&ServerCounts::streams_closed);
      --open;
    }
    Conn& conn = conns.at(id);
    conn.state = State::Streaming;
    conn.order = next_stream++;
    conn.cursor = studio.last_event();
    conn.in.clear();
    conn.out = start + "Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n" + chunk("retry: 2000\n\n");
    conn.sent = 0;
    conn.since = Clock::now();
    flush(id, conn);
  }

  // Sends what `c` has to send; closes it when done and it should close,
  // or turns to the next request.
  void flush(std::uint64_t id, Conn& c) {
    while (c.pending() > 0) {
      const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.pending(), MSG_NOSIGNAL);
      if (n > 0) {
        c.sent += static_cast<size_t>(n);
        c.since = Clock::now();
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0 && errno == EINTR) continue;
      return close_conn(id);
    }
    if (c.pending() > 0) return;
    c.out.clear();
    c.sent = 0;
    if (c.state != State::Writing) return;
    if (c.close_after) return close_conn(id);
    c.state = State::Head;
    c.since = Clock::now();
    ready.push_back(id);  // a request sent behind this one (pipelined): read by the loop, not here
  }

  // The heads waiting in connections that finished an answer.
  void read_ready() {
    while (!ready.empty()) {
      const std::uint64_t id = ready.front();
      ready.pop_front();
      auto it = conns.find(id);
      if (it == conns.end() || it->second.state != State::Head) continue;
      read_head(id, it->second);
      it = conns.find(id);
      if (it != conns.end() && it->second.state == State::Head && it->second.eof) close_conn(id);
    }
  }

  // Parses a head when a whole one has arrived.
  void read_head(std::uint64_t id, Conn& c) {
    bool too_long = false;
    const size_t end = head_end(c.in, too_long);
    if (too_long) return answer(id, c, text(431, "the request's head is too long"), false, false);
    if (end == 0) return;
    Parsed parsed = parse_request(std::string_view(c.in).substr(0, end));
    if (!parsed.request) {
      c.in.erase(0, end);
      return answer(id, c, text(parsed.status, parsed.why), false, false);
    }
    // A POST's body: wait until all of it is here (under the head's deadline).
    const size_t length = parsed.request->content_length;
    if (c.in.size() - end < length) {
      if (c.eof) return answer(id, c, text(400, "the request's body ended early"), false, false);
      return;
    }
    parsed.request->body = c.in.substr(end, length);
    c.in.erase(0, end + length);
    dispatch(id, c, std::move(*parsed.request));
  }

  void on_readable(std::uint64_t id, Conn& c) {
    char buffer[4096];
    for (;;) {
      if (c.state == State::Head && c.in.size() > kMaxRequestBytes) break;
      const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
      if (n > 0) {
        // A stream's client has nothing to say: what it sends is dropped.
        if (c.state != State::Streaming) c.in.append(buffer, static_cast<size_t>(n));
        if (c.state == State::Head && c.in.size() > kMaxRequestBytes) break;
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 || c.state == State::Streaming) return close_conn(id);  // broken, or a page gone
      c.eof = true;  // the client sent all it will: answer what it asked, then close
      break;
    }
    if (c.state != State::Head) return;
    read_head(id, c);
    auto it = conns.find(id);
    if (it != conns.end() && it->second.state == State::Head && it->second.eof) close_conn(id);
  }

  // A new connection past the limit closes the one least likely to be a
  // page waiting for an answer: see server.h.
  bool make_room() {
    auto pick = [&](State state, auto older) {
      auto best = conns.end();
      for (auto it = conns.begin(); it != conns.end(); ++it)
        if (it->second.state == state && (best == conns.end() || older(it->second, best->second))) best = it;
      return best;
    };
    auto by_time = [](const Conn& a, const Conn& b) { return a.since < b.since; };
    auto by_order = [](const Conn& a, const Conn& b) { return a.order < b.order; };
    auto victim = pick(State::Head, by_time);
    if (victim == conns.end()) victim = pick(State::Streaming, by_order);
    if (victim == conns.end()) victim = pick(State::Writing, by_time);
    if (victim == conns.end()) return false;
    close_conn(victim->first);
    count(&ServerCounts::evicted);
    return true;
  }

  void accept_all() {
    for (;;) {
      const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (errno == EMFILE || errno == ENFILE) {
          if (make_room()) continue;
          // Out of descriptors with none to spare: the waiting connections
          // stay in the backlog a moment, rather than the loop spinning.
          listener_paused_until = Clock::now() + std::chrono::milliseconds(100);
        }
        return;  // EAGAIN: no more now
      }
      count(&ServerCounts::accepted);
      if (conns.size() >= limits.connections && !make_room()) {
        ::close(fd);
        continue;
      }
      const int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      const std::uint64_t id = next_id++;
      Conn& c = conns[id];
      c.fd = fd;
      c.since = Clock::now();
      on_readable(id, c);  // its request is often there already
    }
  }

  void take_done_and_events() {
    std::vector<Done> finished;
    std::vector<Event> fresh;
    {
      std::lock_guard lock(mutex);
      finished.swap(done);
      fresh.swap(events);
    }
    for (auto& d : finished) {
      auto it = conns.find(d.conn);
      if (it == conns.end()) continue;  // gone meanwhile
      Conn& c = it->second;
      c.out = std::move(d.bytes);
      c.sent = 0;
      c.close_after = !d.keep_alive || c.eof;
      c.state = State::Writing;
      c.since = Clock::now();
      count(&ServerCounts::answered);
      flush(d.conn, c);
    }
    if (fresh.empty()) return;
    send_to_streams([&](Conn& c) {
      std::string out;
      for (const auto& e : fresh) {
        if (e.id <= c.cursor) continue;
        out += fmt::format("id: {}\nevent: change\ndata: {}\n\n", e.id, e.json);
        c.cursor = e.id;
      }
      return out;
    });
  }

  template <class Make>
  void send_to_streams(const Make& make) {
    std::vector<std::uint64_t> ids;
    for (const auto& [id, c] : conns)
      if (c.state == State::Streaming) ids.push_back(id);
    for (std::uint64_t id : ids) {
      Conn& c = conns.at(id);
      const std::string data = make(c);
      if (data.empty()) continue;
      if (c.pending() == 0) c.since = Clock::now();
      c.out += chunk(data);
      if (c.pending() > limits.stream_backlog) {  // a page that does not read its stream
        close_conn(id);
        count(&ServerCounts::streams_closed);
        continue;
      }
      flush(id, c);
    }
  }

  // Connections past their deadline are closed.
  void expire(Clock::time_point now) {
    std::vector<std::pair<std::uint64_t, std::uint64_t ServerCounts::*>> late;
    for (const auto& [id, c] : conns) {
      if (c.state == State::Head && now - c.since > limits.head_timeout)
        late.emplace_back(id, &ServerCounts::head_timeouts);
      else if ((c.state == State::Writing || c.state == State::Streaming) && c.pending() > 0 &&
               now - c.since > limits.write_timeout)
        late.emplace_back(id, &ServerCounts::write_timeouts);
    }
    for (const auto& [id, what] : late) {
      close_conn(id);
      count(what);
    }
    if (now >= next_keep_alive) {
      next_keep_alive = now + limits.keep_alive;
      send_to_streams([](Conn&) { return std::string(": keep-alive\n\n"); });
    }
  }

  int poll_timeout(Clock::time_point now) const {
    Clock::time_point next = next_keep_alive;
    for (const auto& [id, c] : conns) {
      if (c.state == State::Head) next = std::min(next, c.since + limits.head_timeout);
      if ((c.state == State::Writing || c.state == State::Streaming) && c.pending() > 0)
        next = std::min(next, c.since + limits.write_timeout);
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
    return static_cast<int>(std::clamp<long long>(ms, 0, 1000));
  }

  void loop() {
    next_keep_alive = Clock::now() + limits.keep_alive;
    std::vector<pollfd> fds;
    std::vector<std::uint64_t> ids;
    while (!stopping) {
      fds.clear();
      ids.clear();
      fds.push_back({wake_fd, POLLIN, 0});
      fds.push_back({listen_fd, static_cast<short>(Clock::now() < listener_paused_until ? 0 : POLLIN), 0});
      for (const auto& [id, c] : conns) {
        short wanted = 0;
        if (c.state == State::Head && c.in.size() <= kMaxRequestBytes && !c.eof) wanted |= POLLIN;
        if (c.state == State::Streaming) wanted |= POLLIN;
        if (c.pending() > 0) wanted |= POLLOUT;
        fds.push_back({c.fd, wanted, 0});
        ids.push_back(id);
      }
      const int n = ::poll(fds.data(), fds.size(), poll_timeout(Clock::now()));
      if (n < 0 && errno != EINTR) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
      if (stopping) break;
      if (fds[0].revents & POLLIN) {
        std::uint64_t value = 0;
        [[maybe_unused]] ssize_t r = ::read(wake_fd, &value, sizeof value);
      }
      take_done_and_events();
      for (size_t i = 2; i < fds.size(); ++i) {
        if (!fds[i].revents) continue;
        auto it = conns.find(ids[i - 2]);
        if (it == conns.end() || it->second.fd != fds[i].fd) continue;  // closed on the way
        Conn& c = it->second;
        if (fds[i].revents & (POLLERR | POLLNVAL)) {
          close_conn(it->first);
          continue;
        }
        if (fds[i].revents & POLLOUT) {
          flush(it->first, c);
          it = conns.find(ids[i - 2]);
          if (it == conns.end()) continue;
        }
        if (fds[i].revents & (POLLIN | POLLHUP)) {
          if (it->second.state == State::Head || it->second.state == State::Streaming)
            on_readable(it->first, it->second);
          else if (fds[i].revents & POLLHUP)
            close_conn(it->first);
        }
      }
      if (fds[1].revents & POLLIN) accept_all();
      read_ready();
      expire(Clock::now());
    }
  }
};

Server::Server(Studio& studio, SessionKey initial, ServerLimits limits)
    : impl_(std::make_unique<Impl>(studio, std::move(initial), limits)) {
  impl_->wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (impl_->wake_fd < 0) throw std::runtime_error(std::string("eventfd: ") + std::strerror(errno));
}

Server::~Server() {
  stop();
  for (auto& [id, c] : impl_->conns) ::close(c.fd);
  if (impl_->listen_fd >= 0) ::close(impl_->listen_fd);
  ::close(impl_->wake_fd);
}

int Server::bind(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (int e = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); e != 0)
    throw std::runtime_error("cannot listen on " + host + ": " + ::gai_strerror(e));
  std::vector<const addrinfo*> candidates;  // IPv4 first: "localhost" is 127.0.0.1 here
  for (const addrinfo* a = found; a; a = a->ai_next)
    if (a->ai_family == AF_INET) candidates.push_back(a);
  for (const addrinfo* a = found; a; a = a->ai_next)
    if (a->ai_family == AF_INET6) candidates.push_back(a);
  int error = EADDRNOTAVAIL;
  for (const addrinfo* a : candidates) {
    const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      error = errno;
      continue;
    }
    // SO_REUSEADDR lets a restarted studio take its port while old
    // connections linger (TIME_WAIT); it never shares a port another
    // program listens on. (SO_REUSEPORT would: then a second studio on a
    // taken port got half the connections, and said nothing.)
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 128) == 0) {
      impl_->listen_fd = fd;
      break;
    }
    error = errno;
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (impl_->listen_fd < 0) {
    if (error == EADDRINUSE)
      throw std::runtime_error(fmt::format(
          "port {} on {} is in use by another program (another studio?); choose another with --port N, or --port 0 "
          "for any free port",
          port, host));
    if (error == EACCES)
      throw std::runtime_error(
          fmt::format("no permission to listen on port {} (ports below 1024 need privileges)", port));
    throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", host, port, std::strerror(error)));
  }
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(impl_->listen_fd, reinterpret_cast<sockaddr*>(&bound), &length);
  char numeric[INET6_ADDRSTRLEN] = {};
  if (bound.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&bound);
    impl_->port = ntohs(in->sin_port);
    ::inet_ntop(AF_INET, &in->sin_addr, numeric, sizeof numeric);
  } else {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&bound);
    impl_->port = ntohs(in6->sin6_port);
    ::inet_ntop(AF_INET6, &in6->sin6_addr, numeric, sizeof numeric);
  }
  impl_->allowed = HostAllowList::for_bound(host, numeric, impl_->port);
  return impl_->port;
}

void Server::run() {
  if (impl_->listen_fd < 0) throw std::runtime_error("the studio's server runs after bind()");
  std::vector<std::jthread> workers;
  for (size_t i = 0; i < std::max<size_t>(1, impl_->limits.workers); ++i)
    workers.emplace_back([this](const std::stop_token& stop) { impl_->worker(stop); });
  std::jthread events([this](const std::stop_token& stop) { impl_->follow_events(stop); });
  auto finish = [&] {
    for (auto& w : workers) w.request_stop();
    {
      std::lock_guard lock(impl_->mutex);  // no worker between its check and its wait
    }
    impl_->jobs_cv.notify_all();
    events.request_stop();
    impl_->studio.stop();  // wakes the event thread's wait
  };
  try {
    impl_->loop();
  } catch (...) {
    finish();
    throw;
  }
  finish();
}

void Server::stop() {
  impl_->stopping = true;
  impl_->studio.stop();  // ends the wait for events
  impl_->wake();
}

void Server::enable_edits(Editor& editor, std::string token) {
  impl_->editor = &editor;
  impl_->token = std::move(token);
}

void Server::set_output(std::filesystem::path out) { impl_->output = std::move(out); }

const HostAllowList& Server::allowed() const { return impl_->allowed; }

ServerCounts Server::counts() const {
  std::lock_guard lock(impl_->counts_mutex);
  return impl_->counts;
}

}  // namespace kw::studio::http
