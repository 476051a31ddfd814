#pragma once
// The studio's web server (cpp-httplib): the embedded page, the JSON state,
// the card images from memory and the event stream. Routes match fixed
// patterns and look names up in memory; no URL becomes a file path, nothing
// received is executed, requests are small and GET only.
//   GET /                    the page (also /app.js, /app.css)
//   GET /api/state?game=&lang=&variant=
//   GET /cards/<game>/<lang>/<variant or ->/<stem>.png
//   GET /events              text/event-stream of changes
#include <memory>
#include <string>

#include "studio/studio.h"

namespace httplib {
class Server;
}

namespace kw::studio::http {

class Server {
 public:
  // `initial`: the session the page opens with (and fills in what a request leaves out).
  Server(Studio& studio, SessionKey initial);
  ~Server();

  // Binds `host`:`port` (0: any free port); returns the port. Throws
  // std::runtime_error when it cannot.
  int bind(const std::string& host, int port);
  // Serves until stop(); from another thread, or a signal handler's flag.
  void run();
  void stop();

 private:
  void routes();
  bool allowed_host(const std::string& host_header) const;

  Studio& studio_;
  SessionKey initial_;
  std::unique_ptr<httplib::Server> server_;
  bool loopback_ = true;
  int port_ = 0;
};

}  // namespace kw::studio::http
