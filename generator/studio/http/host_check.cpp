#include "studio/http/host_check.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <algorithm>

namespace kw::studio::http {

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

bool is_loopback(const std::string& numeric) { return numeric.starts_with("127.") || numeric == "::1"; }
bool is_wildcard(const std::string& numeric) { return numeric == "0.0.0.0" || numeric == "::"; }

// "host:port", with an IPv6 address in brackets.
std::string authority(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

// The numeric addresses of this machine's interfaces, as inet_ntop writes
// them (link-local IPv6 addresses need a zone, which no Host field carries:
// left out).
std::vector<std::string> interface_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return out;
  for (const ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr) continue;
    char text[INET6_ADDRSTRLEN] = {};
    if (a->ifa_addr->sa_family == AF_INET) {
      const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
      if (::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) out.emplace_back(text);
    } else if (a->ifa_addr->sa_family == AF_INET6) {
      const auto* in6 = reinterpret_cast<const sockaddr_in6*>(a->ifa_addr);
      if (IN6_IS_ADDR_LINKLOCAL(&in6->sin6_addr)) continue;
      if (::inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text)) out.emplace_back(text);
    }
  }
  ::freeifaddrs(list);
  return out;
}

}  // namespace

HostAllowList::HostAllowList(std::vector<std::string> authorities) : authorities_(std::move(authorities)) {
  for (auto& a : authorities_) a = lowered(a);
}

HostAllowList HostAllowList::for_bound(const std::string& given, const std::string& numeric, int port) {
  std::vector<std::string> hosts;
  if (is_loopback(numeric)) {
    hosts = {numeric, "localhost"};
  } else if (is_wildcard(numeric)) {
    hosts = interface_addresses();
    hosts.emplace_back("localhost");
  } else {
    hosts = {numeric};
  }
  // The name the user gave --host (a machine name on the local network):
  // the user chose it, so a page addressed by it is theirs.
  if (!given.empty() && !is_wildcard(given) && given != numeric) {
    // A numeric spelling other than the system's own (127.1) is no name.
    in_addr v4{};
    in6_addr v6{};
    const bool numeric_given = ::inet_aton(given.c_str(), &v4) != 0 || ::inet_pton(AF_INET6, given.c_str(), &v6) == 1;
    if (!numeric_given && given.back() != '.') hosts.push_back(given);
  }
  std::vector<std::string> out;
  for (const auto& h : hosts) {
    // Port 80 is the default: browsers leave it out of the Host field.
    for (std::string a :
         {authority(h, port), port == 80 ? authority(h, port).substr(0, authority(h, port).rfind(':')) : std::string()})
      if (!a.empty() && std::find(out.begin(), out.end(), a) == out.end()) out.push_back(std::move(a));
  }
  return HostAllowList(std::move(out));
}

bool HostAllowList::host_ok(std::string_view host) const {
  const std::string h = lowered(host);
  return std::find(authorities_.begin(), authorities_.end(), h) != authorities_.end();
}

bool HostAllowList::origin_ok(std::string_view origin) const {
  if (!origin.starts_with("http://")) return false;
  return host_ok(origin.substr(7));
}

}  // namespace kw::studio::http
