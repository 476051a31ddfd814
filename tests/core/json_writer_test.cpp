// JSON written as it comes (core/json_writer.h) is the text nlohmann-json's
// dump(indent) gives for the same tree: the TTS saves' bytes must not change
// with the way they are made.
#include "core/json_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace kw {
namespace {

using Json = nlohmann::ordered_json;

std::string dumped(const Json& tree, int indent) {
  return tree.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// Writes `tree` through the writer, member by member.
void write(JsonWriter& w, const Json& tree) {
  if (tree.is_object()) {
    w.begin_object();
    for (const auto& [key, member] : tree.items()) {
      w.key(key);
      write(w, member);
    }
    w.end_object();
  } else if (tree.is_array()) {
    w.begin_array();
    for (const auto& element : tree) write(w, element);
    w.end_array();
  } else if (tree.is_string()) {
    w.value(tree.get_ref<const std::string&>());
  } else if (tree.is_boolean()) {
    w.value(tree.get<bool>());
  } else if (tree.is_number_integer()) {
    w.value(tree.get<long long>());
  } else {
    w.number_text(json_number(tree.get<double>()));
  }
}

std::string written(const Json& tree, int indent) {
  std::string out;
  JsonWriter w(out, indent);
  write(w, tree);
  return out;
}

TEST(JsonWriter, WritesTheTextNlohmannDumpsForTheSameTree) {
  const Json tree = {
      {"plain", "Gandalf"},
      {"quoted", "Er sagte \"Halt!\"\tund ging\\weiter\n"},
      {"umlaut", "Zwölf Kämpfer – Mondfinsternis ✦"},
      {"not utf-8", std::string("ab\xff\xfe"
                                "cd\xc3")},
      {"control", std::string("a\x01"
                              "b\x7f"
                              "c")},
      {"numbers", {0, -7, 1234567890123LL, 0.5, 180.0, 0.713235259, -2.25e-7, 1e21}},
      {"flags", {true, false}},
      {"empty object", Json::object()},
      {"empty array", Json::array()},
      {"nested", {{"a", {{"b", Json::array({Json::object(), Json::array(), "x"})}}}, {"c", Json::array({{1, 2}})}}},
      {"ke\"y with ä", 1},
  };
  for (int indent : {2, 4}) {
    EXPECT_EQ(written(tree, indent), dumped(tree, indent)) << "indent " << indent;
  }
  // A document that is one value, or an empty container.
  for (const Json& single : {Json("only"), Json(42), Json::object(), Json::array(), Json::array({Json::array()})})
    EXPECT_EQ(written(single, 2), dumped(single, 2)) << dumped(single, -1);
}

TEST(JsonWriter, StringsAreEscapedAsNlohmannEscapesThem) {
  for (const std::string s : {"", "plain", "\"", "\\", "\x1f", "\xe2\x82", "ü", "\xf0\x9f\x83\x8f"}) {
    std::string out;
    append_json_string(out, s);
    EXPECT_EQ(out, Json(s).dump(-1, ' ', false, Json::error_handler_t::replace)) << s;
  }
}

}  // namespace
}  // namespace kw
