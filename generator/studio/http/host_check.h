#pragma once
// Which requests the studio answers: those addressed to it by a name it was
// told or a numeric address it listens on, spelled exactly, and not sent
// by a page of another site. A page elsewhere can make the browser send
// requests to 127.0.0.1 through a DNS name that resolves there (DNS
// rebinding): the Host field then names that name, and the request is
// refused. Other spellings of an address (127.1, 2130706433, 0x7f.1,
// 0177.0.0.1, "localhost." with its trailing dot) are refused too: no
// browser writes them for a page of the studio, and each is a way around a
// check that compares less strictly.
#include <string>
#include <string_view>
#include <vector>

namespace kw::studio::http {

class HostAllowList {
 public:
  // `authorities`: the exact "host:port" forms to answer to, lower-case
  // (e.g. "127.0.0.1:8421", "localhost:8421", "[::1]:8421").
  explicit HostAllowList(std::vector<std::string> authorities = {});

  // The allow-list for a server bound to `numeric` (the address as the
  // system gives it back: "127.0.0.1", "::1", "0.0.0.0", "192.168.1.5")
  // on `port`, started with --host `given`: loopback addresses answer as
  // themselves and as localhost; a wildcard address as every address of
  // this machine's interfaces and localhost; another address as itself and
  // as the name it was given.
  static HostAllowList for_bound(const std::string& given, const std::string& numeric, int port);

  // Whether a Host field's value names the studio (compared without regard
  // to case, nothing else forgiven).
  bool host_ok(std::string_view host) const;
  // Whether an Origin field names a page of the studio ("http://" and an
  // allowed authority). An absent Origin is the caller's business; "null"
  // is refused.
  bool origin_ok(std::string_view origin) const;

  const std::vector<std::string>& authorities() const { return authorities_; }

 private:
  std::vector<std::string> authorities_;
};

}  // namespace kw::studio::http
