#pragma once
// The studio's web server: the embedded page, the JSON state, the card
// images from memory and the event stream. Routes match fixed patterns and
// look names up in memory; no URL becomes a file path, nothing received is
// executed. Requests are GET or HEAD without bodies, except the page's edits:
//   GET /                    the page (also /app.js, /app.css)
//   GET /api/state?game=&lang=&variant=[&since=]
//                            the state, or what changed since a revision (state_feed.h)
//   GET /cards/<game>/<lang>/<variant or ->/<stem>.png
//   GET /events              text/event-stream of changes
//   GET /tabletop/<game>/<lang>/<variant or ->/<format>.zip
//                            a tabletop's folder of the last build, zipped
//                            (tabletop_download.h; set_output names --out)
//   GET /api/file?path=      a file the page is about to edit, with its hash  } with the token,
//   POST /api/edit           an edit (edit_json.h), /api/undo, /api/redo       } see below
//   POST /api/fit            whether a text being typed fits (text_fit.h)    } (writes nothing)
//   GET /api/changes?game=&lang=&variant=&since=REV
//                            the cards changed since a git revision (before_after.h)
//   GET /before/<game>/<lang>/<variant or ->/<commit>/<stem>.png
//                            a changed card's page before, from that comparison
//
// Edits (enable_edits) are the only requests that change anything, so they
// are held to more than the rest: the X-Kartenwerk-Token field must carry the
// secret the printed URL carries (token.h); a POST must also carry an Origin
// of the studio (checked with the rest below), a Sec-Fetch-Site, if any, of
// "same-origin", and Content-Type application/json (which no form of another
// site can send without a preflight; OPTIONS is refused). What an edit names
// is confined to the project's data/ and layouts/ (editor.h). A body is at
// most kMaxBodyBytes and must arrive within the head's deadline.
//
// Hand-written on poll(2) rather than on cpp-httplib (which served the
// studio before): httplib gives every connection a thread of a fixed pool
// and has no deadline for a request's head, so a few idle connections,
// open event streams or clients sending a header line every few seconds
// took every thread and the page went unanswered. Here one thread reads
// and writes every connection, a connection costs a file descriptor and a
// few kilobytes, and the bounds below hold whatever clients do:
//   - at most `connections` at once; a new one past that closes the oldest
//     connection that is still sending its request (then the oldest event
//     stream, then the oldest answer not being read), so newcomers get in;
//   - a request's head must arrive whole within `head_timeout` (16 KiB,
//     48 fields at most; see request.h), and an answer must make progress
//     within `write_timeout`;
//   - at most `streams` event streams (a new one closes the oldest; the
//     page reconnects) and `stream_backlog` bytes waiting on each;
//   - the page and its scripts are answered on the loop itself; states and
//     card images go to `workers` threads through a queue of `queued_jobs`
//     (full: 503 with Retry-After);
//   - Range headers are not honoured, on purpose (Accept-Ranges: none): every
//     answer is the whole file once.
// Requests must name the studio (host_check.h): Host exactly one of the
// allowed forms, Origin (when sent) a page of the studio, and no request
// made by a page of another site (Sec-Fetch-Site: cross-site), except a
// plain navigation to the page itself.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "studio/editor.h"
#include "studio/http/host_check.h"
#include "studio/studio.h"

namespace kw::studio::http {

struct ServerLimits {
  size_t connections = 64;
  size_t streams = 16;
  std::chrono::milliseconds head_timeout{10000};
  std::chrono::milliseconds write_timeout{30000};
  std::chrono::milliseconds keep_alive{10000};  // a comment on each event stream this often
  size_t queued_jobs = 32;
  size_t workers = 2;
  size_t stream_backlog = 1 << 20;
};

// What the server did to whom, for the log and the tests.
struct ServerCounts {
  std::uint64_t accepted = 0;
  std::uint64_t answered = 0;        // answers sent, every status
  std::uint64_t refused_host = 0;    // 403: Host, Origin or Sec-Fetch-Site
  std::uint64_t refused_write = 0;   // 403: an edit without the token, Origin or JSON
  std::uint64_t evicted = 0;         // closed to make room for a newcomer
  std::uint64_t head_timeouts = 0;   // closed: the head did not arrive in time
  std::uint64_t write_timeouts = 0;  // closed: the answer was not read
  std::uint64_t busy = 0;            // 503: the job queue was full
  std::uint64_t streams_closed = 0;  // event streams closed for a newer one or a backlog
};

class Server {
 public:
  // `initial`: the session the page opens with (and fills in what a request leaves out).
  Server(Studio& studio, SessionKey initial, ServerLimits limits = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds `host`:`port` (0: any free port) and listens; returns the port.
  // Throws std::runtime_error with a sentence for the user when it cannot
  // (the port in use, an address that is not this machine's).
  int bind(const std::string& host, int port);
  // Serves until stop(); call once, after bind().
  void run();
  // From any thread: run() returns soon after.
  void stop();

  // Lets the page edit through `editor` with `token` (make_token()); call before run().
  void enable_edits(Editor& editor, std::string token);
  // Where builds put their files (build --out): the tabletop downloads come
  // from there. Call before run(); unset: "output" under the working folder.
  void set_output(std::filesystem::path out);

  const HostAllowList& allowed() const;
  ServerCounts counts() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kw::studio::http
