#pragma once
// The studio's HTTP requests, read by our own code (see server.h for why):
// the head of one HTTP/1.x request (request line and header fields), parsed
// strictly and within fixed bounds. GET and HEAD take no body; POST (the
// page's edits, server.h) a body of at most kMaxBodyBytes, its length given
// by Content-Length (no chunked bodies).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kw::studio::http {

// Bounds on what one client may send before it gets an answer.
inline constexpr size_t kMaxHeadBytes = 16 * 1024;  // request line and all header lines
inline constexpr size_t kMaxLineBytes = 8 * 1024;   // one of them
inline constexpr size_t kMaxHeaderFields = 48;
inline constexpr size_t kMaxTargetBytes = 2048;
inline constexpr size_t kMaxBodyBytes = 256 * 1024;  // a POST's body (an edit as JSON)

struct Request {
  std::string method;                                       // "GET", "HEAD", "POST"
  std::string path;                                         // percent-decoded, "/cards/mini/de/-/01-alpha.png"
  std::vector<std::pair<std::string, std::string>> query;   // decoded, in order
  std::vector<std::pair<std::string, std::string>> fields;  // names lower-case, values trimmed
  int minor_version = 1;                                    // HTTP/1.<minor>
  bool keep_alive = true;
  size_t content_length = 0;  // POST: the body's length
  std::string body;           // POST: filled in by the server once it has arrived

  // The first field named `name` (lower-case), or nullptr.
  const std::string* field(std::string_view name) const;
  // The first query parameter named `name`, or nullptr.
  const std::string* param(std::string_view name) const;
};

// What parse_request found: a request, or the status to answer with (400,
// 405, 413, 414, 431, 501, 505) and why.
struct Parsed {
  std::optional<Request> request;
  int status = 0;
  std::string why;
};

// Where the head in `bytes` ends (just after its blank line), or 0 while it
// is incomplete. `too_long` is set when no end is in sight within the bounds
// above (a line or the whole head too long): answer 431 and close.
size_t head_end(std::string_view bytes, bool& too_long);

// Parses one complete head (as head_end delimits it). Line ends are CRLF (a
// bare LF is taken too, a bare CR is not); header fields continued on the
// next line (obsolete folding), a field name with spaces, two Host fields,
// any Transfer-Encoding, a GET or HEAD with a body, a POST without
// Content-Length or with more than kMaxBodyBytes, and methods other than
// GET, HEAD and POST are refused.
Parsed parse_request(std::string_view head);

// %XX decoded (and '+' as a space when `plus_is_space`); nullopt for a
// broken escape or an escaped NUL.
std::optional<std::string> percent_decode(std::string_view s, bool plus_is_space);

}  // namespace kw::studio::http
