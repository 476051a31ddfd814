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

// Written a record at a time (the manifest of a large game), the pieces are
// the whole text's bytes, handed on in pieces of about a megabyte, and a
// record's wrapped member is still aligned right after a piece ends.
TEST(JsonText, WrittenARecordAtATimeIsTheSameText) {
  Json doc = {{"generator", "kartenwerk"}, {"input", {{"files", 3}, {"options", "x"}}}};
  Json records = Json::array();
  for (int i = 0; i < 30000; ++i)
    records.push_back({{"path", "cards/" + std::to_string(i) + ".png"}, {"a", {i}}, {"b", {i, i}}});
  doc["files"] = records;
  doc["none"] = Json::array();
  doc["last"] = "ü";

  std::vector<std::string> pieces;
  JsonTextWriter writer([&pieces](std::string_view text) { pieces.emplace_back(text); });
  writer.member("generator", doc["generator"]);
  writer.member("input", doc["input"]);
  writer.begin_array("files");
  for (const auto& r : records) writer.element(r);
  writer.end_array();
  writer.member("none", doc["none"]);
  writer.member("last", doc["last"]);
  writer.finish();

  std::string whole;
  for (const auto& p : pieces) {
    EXPECT_LT(p.size(), JsonTextWriter::kFlushBytes + 200);
    whole += p;
  }
  EXPECT_GT(pieces.size(), 2u);
  EXPECT_EQ(whole, json_text(doc));
  EXPECT_NE(whole.find("    {\"path\": \"cards/29999.png\",\n     \"a\": [29999],\n     \"b\": [29999, 29999]}\n  ],"),
            std::string::npos);
}

}  // namespace
}  // namespace kw
