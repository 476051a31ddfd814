// The layout of the JSON files print writes (core/json_text.h): a line per
// top-level member and per element of a top-level array, everything deeper
// on one line but for a member holding an array, nlohmann-json's escapes.
#include "core/json_text.h"

#include <gtest/gtest.h>

namespace kw {
namespace {

using Json = nlohmann::ordered_json;

TEST(JsonText, OneRecordPerLine) {
  const Json doc = {
      {"files", {{{"path", "cards/a.png"}, {"bytes", 12}}, {{"path", "x\ty \"ü\""}, {"bytes", -3}}}},
      {"nested", {{"m", {{"z", {3}}, {"q", "\x7f"}}}, {"k", {1, 2}}, {"f", 3.5}, {"n", nullptr}, {"t", true}}},
      {"none", Json::array()},
      {"big", {{{"y", 18446744073709551615ull}, {"bad", std::string("\xff\x41")}, {"o", Json::object()}}}}};
  EXPECT_EQ(json_text(doc),
            "{\n"
            "  \"files\": [\n"
            "    {\"path\": \"cards/a.png\", \"bytes\": 12},\n"
            "    {\"path\": \"x\\ty \\\"ü\\\"\", \"bytes\": -3}\n"
            "  ],\n"
            "  \"nested\": {\"m\": {\"z\": [3], \"q\": \"\x7f\"},\n"
            "             \"k\": [1, 2], \"f\": 3.5, \"n\": null, \"t\": true},\n"
            "  \"none\": [\n"
            "  ],\n"
            "  \"big\": [\n"
            "    {\"y\": 18446744073709551615, \"bad\": \"\xef\xbf\xbd"
            "A\", \"o\": {}}\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(json_text(Json::object()), "{\n}\n");
  EXPECT_EQ(json_text(Json{1, {{"a", {1}}, {"b", {2}}}, "s"}), "[1, {\"a\": [1],\n     \"b\": [2]}, \"s\"]\n");
}

}  // namespace
}  // namespace kw
