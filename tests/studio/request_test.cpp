// The studio's own HTTP request reading (studio/http/request.h) and the
// allow-list of addresses it answers to (host_check.h): what gets through and
// what is refused with which status.
#include <gtest/gtest.h>

#include <string>

#include "studio/http/host_check.h"
#include "studio/http/request.h"

namespace kw::studio::http {
namespace {

Parsed parse(const std::string& head) {
  bool too_long = false;
  const size_t end = head_end(head, too_long);
  EXPECT_FALSE(too_long) << head;
  EXPECT_EQ(end, head.size()) << head;
  return parse_request(head.substr(0, end));
}

TEST(StudioRequest, ReadsAGetWithItsQueryDecoded) {
  Parsed p = parse("GET /api/state?game=duell&lang=pt%2DBR&variant=a+b HTTP/1.1\r\nHost: 127.0.0.1:8421\r\n\r\n");
  ASSERT_TRUE(p.request) << p.why;
  EXPECT_EQ(p.request->method, "GET");
  EXPECT_EQ(p.request->path, "/api/state");
  ASSERT_TRUE(p.request->param("lang"));
  EXPECT_EQ(*p.request->param("lang"), "pt-BR");
  EXPECT_EQ(*p.request->param("variant"), "a b");
  EXPECT_EQ(*p.request->field("host"), "127.0.0.1:8421");
  EXPECT_TRUE(p.request->keep_alive);
}

TEST(StudioRequest, TakesBareLineFeedsAndConnectionClose) {
  Parsed p = parse("HEAD / HTTP/1.1\nHost: localhost:1\nConnection: close\n\n");
  ASSERT_TRUE(p.request) << p.why;
  EXPECT_EQ(p.request->method, "HEAD");
  EXPECT_FALSE(p.request->keep_alive);
}

TEST(StudioRequest, AnIncompleteHeadIsWaitedFor) {
  bool too_long = true;
  EXPECT_EQ(head_end("GET / HTTP/1.1\r\nHost: a\r\n", too_long), 0u);
  EXPECT_FALSE(too_long);
  // Blank lines before a request are skipped, not the end of a head.
  EXPECT_EQ(head_end("\r\n\r\n", too_long), 0u);
  EXPECT_FALSE(too_long);
}

TEST(StudioRequest, HeadsPastTheirBoundsAreTooLong) {
  bool too_long = false;
  EXPECT_EQ(head_end("GET /" + std::string(kMaxLineBytes + 10, 'a'), too_long), 0u);
  EXPECT_TRUE(too_long);  // one line without end
  std::string many = "GET / HTTP/1.1\r\n";
  while (many.size() < kMaxHeadBytes + 10) many += "X-A: b\r\n";
  EXPECT_EQ(head_end(many, too_long), 0u);
  EXPECT_TRUE(too_long);  // the whole head without end
}

TEST(StudioRequest, RefusesWhatTheStudioDoesNotTake) {
  const std::string host = "Host: 127.0.0.1:1\r\n";
  struct Bad {
    std::string head;
    int status;
  };
  std::string fields = "GET / HTTP/1.1\r\n" + host;
  for (size_t i = 0; i <= kMaxHeaderFields; ++i) fields += "X-" + std::to_string(i) + ": y\r\n";
  const std::vector<Bad> bad = {
      {"POST / HTTP/1.1\r\n" + host + "\r\n", 411},  // a POST says its body's length
      {"POST / HTTP/1.1\r\n" + host + "Content-Length: " + std::to_string(kMaxBodyBytes + 1) + "\r\n\r\n", 413},
      {"POST / HTTP/1.1\r\n" + host + "Content-Length: 99999999999\r\n\r\n", 400},
      {"DELETE / HTTP/1.1\r\n" + host + "\r\n", 405},
      {"OPTIONS / HTTP/1.1\r\n" + host + "\r\n", 405},  // no CORS preflight is ever granted
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 5\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: -1\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 0\r\nContent-Length: 0\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n", 501},
      {"GET / HTTP/2.0\r\n" + host + "\r\n", 505},
      {"GET / HTTX/1.1\r\n" + host + "\r\n", 400},
      {"GET /  HTTP/1.1\r\n" + host + "\r\n", 400},
      {"GET x HTTP/1.1\r\n" + host + "\r\n", 400},
      {"GET /a%zz HTTP/1.1\r\n" + host + "\r\n", 400},
      {"GET /a%00b HTTP/1.1\r\n" + host + "\r\n", 400},
      {"GET /?a=%0 HTTP/1.1\r\n" + host + "\r\n", 400},
      {"GET /" + std::string(kMaxTargetBytes, 'a') + " HTTP/1.1\r\n" + host + "\r\n", 414},
      {"GET / HTTP/1.1\r\n\r\n", 400},                                  // no Host
      {"GET / HTTP/1.1\r\n" + host + host + "\r\n", 400},               // two
      {"GET / HTTP/1.1\r\n" + host + "X-A: b\r\n c\r\n\r\n", 400},      // folded
      {"GET / HTTP/1.1\r\n" + host + "X A: b\r\n\r\n", 400},            // a space in a name
      {"GET / HTTP/1.1\r\n" + host + "X-A : b\r\n\r\n", 400},           // before the colon
      {"GET / HTTP/1.1\r\n" + host + "X-A: a\x01" + "b\r\n\r\n", 400},  // a control
      {"GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400},                    // a bare CR
      {fields + "\r\n", 431},
  };
  for (const auto& b : bad) {
    Parsed p = parse_request(b.head);
    EXPECT_FALSE(p.request) << b.head;
    EXPECT_EQ(p.status, b.status) << b.head << " (" << p.why << ")";
    EXPECT_FALSE(p.why.empty());
  }
}

TEST(StudioRequest, APostSaysItsBodysLength) {
  Parsed p = parse_request("POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 12\r\n\r\n");
  ASSERT_TRUE(p.request) << p.why;
  EXPECT_EQ(p.request->method, "POST");
  EXPECT_EQ(p.request->content_length, 12u);
}

TEST(StudioRequest, PercentDecoding) {
  EXPECT_EQ(percent_decode("a%2Fb%2e", false), "a/b.");
  EXPECT_EQ(percent_decode("a+b", false), "a+b");
  EXPECT_EQ(percent_decode("a+b", true), "a b");
  EXPECT_EQ(percent_decode("%", false), std::nullopt);
  EXPECT_EQ(percent_decode("%4", false), std::nullopt);
  EXPECT_EQ(percent_decode("%00", false), std::nullopt);
}

TEST(StudioHosts, LoopbackAnswersToItsOwnSpellingsOnly) {
  const HostAllowList v4 = HostAllowList::for_bound("127.0.0.1", "127.0.0.1", 8421);
  for (const char* ok : {"127.0.0.1:8421", "localhost:8421", "LOCALHOST:8421"}) EXPECT_TRUE(v4.host_ok(ok)) << ok;
  for (const char* no : {"127.1:8421",
                         "127.0.1:8421",
                         "2130706433:8421",
                         "0x7f000001:8421",
                         "0x7f.0.0.1:8421",
                         "0177.0.0.1:8421",
                         "017700000001:8421",
                         "127.0.0.1.:8421",
                         "localhost.:8421",
                         "127.0.0.2:8421",
                         "[::1]:8421",
                         "[::ffff:127.0.0.1]:8421",
                         "[::ffff:7f00:1]:8421",
                         "127.0.0.1:8422",
                         "127.0.0.1",
                         "127.0.0.1:08421",
                         "127.0.0.1:8421 ",
                         "evil.example:8421",
                         "rebind.evil.example",
                         "localhost.evil.example:8421",
                         "127.0.0.1.nip.io:8421",
                         "",
                         "127.0.0.1:8421@evil.example",
                         "user@127.0.0.1:8421",
                         "0.0.0.0:8421",
                         "[::]:8421",
                         "127.0.0.1:8421/",
                         "127.0.0.1%00:8421"})
    EXPECT_FALSE(v4.host_ok(no)) << no;
  EXPECT_TRUE(v4.origin_ok("http://127.0.0.1:8421"));
  EXPECT_TRUE(v4.origin_ok("http://localhost:8421"));
  for (const char* no : {"null", "http://evil.example", "http://rebind.evil.example:8421", "https://127.0.0.1:8421",
                         "http://127.0.0.1:8421/", "http://127.1:8421", "file://", "http://[::1]:8421", ""})
    EXPECT_FALSE(v4.origin_ok(no)) << no;
}

TEST(StudioHosts, OtherSpellingsOfLoopbackGivenAsHostAreNoNames) {
  // `serve --host 127.1` listens on 127.0.0.1: it answers as 127.0.0.1, not as 127.1.
  for (const char* given : {"127.1", "2130706433", "0x7f000001", "0177.0.0.1", "127.0.0.1."}) {
    const HostAllowList list = HostAllowList::for_bound(given, "127.0.0.1", 9000);
    EXPECT_TRUE(list.host_ok("127.0.0.1:9000")) << given;
    EXPECT_FALSE(list.host_ok(std::string(given) + ":9000")) << given;
  }
  const HostAllowList v6 = HostAllowList::for_bound("::1", "::1", 9000);
  EXPECT_TRUE(v6.host_ok("[::1]:9000"));
  EXPECT_TRUE(v6.host_ok("localhost:9000"));
  EXPECT_FALSE(v6.host_ok("127.0.0.1:9000"));
  EXPECT_FALSE(v6.host_ok("[0:0:0:0:0:0:0:1]:9000"));
}

TEST(StudioHosts, AnAddressOfTheNetworkAnswersAsItselfAndTheNameGiven) {
  const HostAllowList lan = HostAllowList::for_bound("studio.lan", "192.168.1.5", 8421);
  EXPECT_TRUE(lan.host_ok("192.168.1.5:8421"));
  EXPECT_TRUE(lan.host_ok("studio.lan:8421"));
  EXPECT_FALSE(lan.host_ok("localhost:8421"));  // not listening on loopback
  EXPECT_FALSE(lan.host_ok("studio.lan.:8421"));
  EXPECT_FALSE(lan.host_ok("evil.example:8421"));
  const HostAllowList port80 = HostAllowList::for_bound("127.0.0.1", "127.0.0.1", 80);
  EXPECT_TRUE(port80.host_ok("127.0.0.1"));  // the default port: browsers leave it out
  EXPECT_TRUE(port80.host_ok("localhost:80"));
}

}  // namespace
}  // namespace kw::studio::http
