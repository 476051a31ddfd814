#include "studio/http/request.h"

#include <algorithm>
#include <span>

namespace kw::studio::http {

namespace {

bool is_token_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool is_token(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_token_char); }

// A field value's characters: visible ASCII, bytes of UTF-8 (obs-text), space and tab.
bool is_value_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7F);
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The lines of a head (without their ends), or nullopt for a bare CR.
std::optional<std::vector<std::string_view>> lines_of(std::string_view head) {
  std::vector<std::string_view> lines;
  while (!head.empty()) {
    const size_t lf = head.find('\n');
    if (lf == std::string_view::npos) return std::nullopt;  // head_end delimits whole lines
    std::string_view line = head.substr(0, lf);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find('\r') != std::string_view::npos) return std::nullopt;
    lines.push_back(line);
    head.remove_prefix(lf + 1);
  }
  return lines;
}

Parsed refuse(int status, std::string why) { return {std::nullopt, status, std::move(why)}; }

// "a, b" of a field such as Connection, lower-case.
bool lists_token(std::string_view value, std::string_view token) {
  while (!value.empty()) {
    const size_t comma = value.find(',');
    if (lowered(trimmed(value.substr(0, comma))) == token) return true;
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

// The readers of a head's parts below fill in a Request; each returns the
// refusal when its part is malformed, nullopt when it was read.
using Refusal = std::optional<Parsed>;

// The query of the address (after its '?'): name=value pairs split at '&'.
Refusal read_query(std::string_view query, Request& r) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    if (!pair.empty()) {
      const size_t eq = pair.find('=');
      auto name = percent_decode(pair.substr(0, eq), true);
      auto value = percent_decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
      if (!name || !value) return refuse(400, "a broken %-escape in the query");
      r.query.emplace_back(std::move(*name), std::move(*value));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

// The request line: METHOD SP target SP HTTP/1.x, single spaces.
Refusal read_request_line(std::string_view line, Request& r) {
  const size_t sp1 = line.find(' ');
  const size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return refuse(400, "the request line is not METHOD TARGET VERSION");
  const std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1),
                         version = line.substr(sp2 + 1);
  if (!is_token(method)) return refuse(400, "a malformed method");
  if (version.size() != 8 || !version.starts_with("HTTP/") || version[6] != '.' || version[5] < '0' ||
      version[5] > '9' || version[7] < '0' || version[7] > '9')
    return refuse(400, "a malformed HTTP version");
  if (version[5] != '1') return refuse(505, "only HTTP/1.0 and HTTP/1.1 are spoken here");
  r.minor_version = version[7] - '0';
  if (target.size() > kMaxTargetBytes) return refuse(414, "the address is too long");
  if (target.empty() || target.front() != '/') return refuse(400, "the address must start with '/'");
  for (char c : target)
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F || c == '#' || static_cast<unsigned char>(c) >= 0x80)
      return refuse(400, "the address holds a character it may not");
  r.method = std::string(method);
  const size_t question = target.find('?');
  auto path = percent_decode(target.substr(0, question), false);
  if (!path) return refuse(400, "a broken %-escape in the address");
  r.path = std::move(*path);
  if (question == std::string_view::npos) return std::nullopt;
  return read_query(target.substr(question + 1), r);
}

// The header fields, one a line: name ":" OWS value OWS.
Refusal read_fields(std::span<const std::string_view> lines, Request& r) {
  size_t hosts = 0, lengths = 0;
  for (const std::string_view field : lines) {
    if (field.empty()) return refuse(400, "an empty line inside the head");
    if (field.front() == ' ' || field.front() == '\t')
      return refuse(400, "a header field folded over two lines (obsolete line folding)");
    const size_t colon = field.find(':');
    if (colon == std::string_view::npos || !is_token(field.substr(0, colon)))
      return refuse(400, "a malformed header field");
    const std::string_view value = trimmed(field.substr(colon + 1));
    if (!std::all_of(value.begin(), value.end(), is_value_char))
      return refuse(400, "a header field holds a control character");
    if (r.fields.size() == kMaxHeaderFields) return refuse(431, "too many header fields");
    std::string name = lowered(field.substr(0, colon));
    if (name == "host") ++hosts;
    if (name == "content-length") {
      ++lengths;
      if (value.empty() || value.size() > 9 || value.find_first_not_of("0123456789") != std::string_view::npos)
        return refuse(400, "a malformed Content-Length");
      r.content_length = std::stoul(std::string(value));
      if (r.content_length > kMaxBodyBytes) return refuse(413, "the request's body is too large");
    }
    if (name == "transfer-encoding") return refuse(501, "the studio takes no chunked request bodies");
    r.fields.emplace_back(std::move(name), std::string(value));
  }
  if (hosts > 1) return refuse(400, "more than one Host field");
  if (hosts == 0 && r.minor_version >= 1) return refuse(400, "an HTTP/1.1 request without Host");
  if (lengths > 1) return refuse(400, "more than one Content-Length field");
  return std::nullopt;
}

}  // namespace

const std::string* Request::field(std::string_view name) const {
  for (const auto& [n, v] : fields)
    if (n == name) return &v;
  return nullptr;
}

const std::string* Request::param(std::string_view name) const {
  for (const auto& [n, v] : query)
    if (n == name) return &v;
  return nullptr;
}

size_t head_end(std::string_view bytes, bool& too_long) {
  too_long = false;
  size_t line_start = 0;
  for (size_t i = 0; i < bytes.size() && i < kMaxHeadBytes; ++i) {
    if (bytes[i] != '\n') continue;
    const size_t length = i - line_start;  // with a CR before the LF, if any
    if (length > kMaxLineBytes) break;
    // An empty line (LF or CRLF alone) ends the head; empty lines before the
    // request line are skipped by the parser.
    const bool empty = length == 0 || (length == 1 && bytes[line_start] == '\r');
    if (empty && line_start > 0) {
      std::string_view before = bytes.substr(0, line_start);
      // Only blank lines so far: keep waiting for the request line.
      if (before.find_first_not_of("\r\n") != std::string_view::npos) return i + 1;
    }
    line_start = i + 1;
  }
  const size_t scanned = std::min(bytes.size(), kMaxHeadBytes);
  too_long = bytes.size() >= kMaxHeadBytes || scanned - line_start > kMaxLineBytes;
  return 0;
}

std::optional<std::string> percent_decode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      const char c = static_cast<char>(hi * 16 + lo);
      if (c == '\0') return std::nullopt;
      out += c;
      i += 2;
    } else {
      out += plus_is_space && s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

Parsed parse_request(std::string_view head) {
  auto lines = lines_of(head);
  if (!lines) return refuse(400, "a bare CR in the request head");
  size_t at = 0;
  while (at < lines->size() && (*lines)[at].empty()) ++at;  // blank lines before a request are allowed
  if (at == lines->size()) return refuse(400, "no request line");
  if (lines->back().empty()) lines->pop_back();  // the blank line that ends the head

  Request r;
  if (auto refused = read_request_line((*lines)[at], r)) return std::move(*refused);
  if (auto refused = read_fields(std::span(*lines).subspan(at + 1), r)) return std::move(*refused);
  if (r.method != "GET" && r.method != "HEAD" && r.method != "POST")
    return refuse(405, "the studio answers GET, HEAD and POST only");
  if (r.method != "POST" && r.content_length > 0) return refuse(400, "a GET or HEAD request with a body");
  if (r.method == "POST" && !r.field("content-length")) return refuse(411, "a POST without Content-Length");
  const std::string* connection = r.field("connection");
  if (r.minor_version == 0)
    r.keep_alive = connection && lists_token(*connection, "keep-alive");
  else
    r.keep_alive = !(connection && lists_token(*connection, "close"));
  return {std::move(r), 0, {}};
}

}  // namespace kw::studio::http
