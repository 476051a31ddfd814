// libFuzzer target: the studio's own request reading (studio/http/
// request.h: where a head ends, the request line, header fields, the
// query) and its allow-list of addresses (host_check.h), on any bytes, with
// the invariants the server relies on.
#include <cstddef>
#include <cstdint>
#include <string>

#include "studio/http/host_check.h"
#include "studio/http/request.h"

using namespace kw::studio::http;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  bool too_long = false;
  const size_t end = head_end(input, too_long);
  if (end > input.size() || end > kMaxHeadBytes) __builtin_trap();
  if (too_long && end != 0) __builtin_trap();
  // The head as the server would hand it over, or the whole input.
  const Parsed parsed = parse_request(end ? std::string_view(input).substr(0, end) : std::string_view(input));
  if (parsed.request) {
    const Request& r = *parsed.request;
    if (r.method != "GET" && r.method != "HEAD" && r.method != "POST") __builtin_trap();
    if (r.content_length > kMaxBodyBytes || (r.method != "POST" && r.content_length != 0)) __builtin_trap();
    if (r.path.empty() || r.path.front() != '/') __builtin_trap();
    if (r.path.find('\0') != std::string::npos) __builtin_trap();
    if (r.fields.size() > kMaxHeaderFields) __builtin_trap();
    for (const auto& [name, value] : r.fields)
      for (char c : name)
        if (c >= 'A' && c <= 'Z') __builtin_trap();
    if (r.minor_version == 1 && !r.field("host")) __builtin_trap();
    static const HostAllowList loopback = HostAllowList::for_bound("127.0.0.1", "127.0.0.1", 8421);
    if (const std::string* host = r.field("host"); host && loopback.host_ok(*host)) {
      // Only the exact forms pass.
      std::string h;
      for (char c : *host) h += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      if (h != "127.0.0.1:8421" && h != "localhost:8421") __builtin_trap();
    }
  } else if (parsed.status < 400 || parsed.status > 505 || parsed.why.empty()) {
    __builtin_trap();
  }
  (void)percent_decode(input, true);
  // The input as a --host and a Host field.
  const HostAllowList named = HostAllowList::for_bound(input, "192.0.2.1", 80);
  (void)named.host_ok(input);
  (void)named.origin_ok(input);
  return 0;
}
