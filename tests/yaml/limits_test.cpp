// The YAML reader under hostile input: aliases expanded against a budget,
// nesting and size limits, invalid UTF-8 and keys given twice, each a
// located error, and the shipped data read as yaml-cpp read it before the
// reader took libyaml's events.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "core/files.h"
#include "core/limits.h"
#include "support/test_support.h"
#include "yaml/value.h"

namespace kw::yaml {
namespace {

// The limits of a test, set back afterwards.
class WithLimits {
 public:
  explicit WithLimits(const Limits& limits) : saved_(kw::limits()) { set_limits(limits); }
  ~WithLimits() { set_limits(saved_); }

 private:
  Limits saved_;
};

std::string parse_error(const std::string& text) {
  Diagnostics diags;
  auto v = parse_yaml_string(text, "f.yaml", diags);
  EXPECT_FALSE(v) << "parsed without error";
  return format_diagnostics(diags);
}

TEST(YamlLimits, AliasesExpandWithinTheBudget) {
  Diagnostics diags;
  auto v = parse_yaml_string("a: &x { k: 1, l: [2, 3] }\nb: *x\nc: *x\n", "f.yaml", diags);
  ASSERT_TRUE(v) << format_diagnostics(diags);
  ASSERT_EQ(v->map.size(), 3u);
  EXPECT_EQ(v->map[2].value.find("l")->list[1].scalar, "3");
  EXPECT_EQ(v->map[2].value.key_loc.line, 3);
  EXPECT_EQ(v->map[2].value.loc.line, 1);  // an alias's value points at the anchored text
}

TEST(YamlLimits, AliasBombStopsAtTheAliasThatBreaksTheBudget) {
  Limits small;
  small.yaml_nodes = 1000;
  WithLimits with(small);
  const std::string bomb =
      "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n";
  // 11 + 111 values so far; the 8th *b on line 3 passes 1000.
  EXPECT_NE(parse_error(bomb).find("f.yaml:3:36: error: the YAML expands to more than the limit of 1000 values here"),
            std::string::npos)
      << parse_error(bomb);
}

TEST(YamlLimits, DepthCountsExpandedAliases) {
  Limits shallow;
  shallow.yaml_depth = 4;
  WithLimits with(shallow);
  EXPECT_NE(parse_error("[[[[[1]]]]]").find("f.yaml:1:5: error: YAML nested deeper than the limit of 4 levels"),
            std::string::npos);
  EXPECT_NE(parse_error("a: &a [[[1]]]\nb: [*a]\n").find("f.yaml:2:5: error: this alias nests the YAML deeper"),
            std::string::npos)
      << parse_error("a: &a [[[1]]]\nb: [*a]\n");
}

TEST(YamlLimits, LargeFileIsRefused) {
  Limits tiny;
  tiny.yaml_bytes = 10;
  WithLimits with(tiny);
  EXPECT_NE(parse_error("a: 12345678901\n").find("f.yaml:1:1: error: the file has 15 bytes, more than the limit of 10"),
            std::string::npos);
}

TEST(YamlStrict, InvalidUtf8IsLocatedByByteOffset) {
  EXPECT_NE(parse_error("a: ok\nb: Süd \xFF\n").find("f.yaml:2:8: error: invalid UTF-8 at byte offset 14"),
            std::string::npos)
      << parse_error("a: ok\nb: Süd \xFF\n");
  EXPECT_NE(parse_error("a: \xC0\xAF").find("invalid UTF-8 at byte offset 3"), std::string::npos);  // overlong '/'
  EXPECT_NE(parse_error("a: \xED\xA0\x80").find("byte offset 3"), std::string::npos);               // a surrogate
  EXPECT_NE(parse_error("a: \xE2\x82").find("byte offset 3"), std::string::npos);                   // cut off
  Diagnostics fine;
  EXPECT_TRUE(parse_yaml_string("a: \xF0\x9F\x82\xA1 Ökö €\n", "f.yaml", fine));
}

// NUL and other control characters (YAML's c-printable): refused where they
// are, raw in the file or escaped in a double-quoted value.
TEST(YamlStrict, ControlCharactersAreRefusedWhereTheyAre) {
  EXPECT_NE(
      parse_error(std::string("a: ok\nb: x\0y\n", 13)).find("f.yaml:2:5: error: the control character U+0000 (NUL)"),
      std::string::npos)
      << parse_error(std::string("a: ok\nb: x\0y\n", 13));
  for (const char* raw : {"a: \x01\n", "a: \x1b[2J\n", "a: x\x7f\n", "a: \xc2\x80\n", "a: \xc2\x9f\n",
                          "a: \xef\xbf\xbe\n", "# \x07 in a comment\n"})
    EXPECT_NE(parse_error(raw).find("error: the control character U+"), std::string::npos) << raw;
  for (const char* escaped : {"a: \"x\\0y\"\n", "a: \"x\\x00\"\n", "a: \"\\u0000\"\n", "\"k\\0\": 1\n"})
    EXPECT_NE(parse_error(escaped).find("error: a NUL character (\\0) in a value"), std::string::npos) << escaped;
  Diagnostics fine;  // tab, CR LF, NEL, no-break space and a byte order mark are text
  EXPECT_TRUE(
      parse_yaml_string("\xef\xbb\xbf"
                        "a: \"x\ty\"\r\nb: c\xc2\x85 d\xc2\xa0"
                        "e\n",
                        "f.yaml", fine))
      << format_diagnostics(fine);
}

TEST(YamlStrict, KeyTwiceAtAnyLevelIsAnError) {
  EXPECT_NE(parse_error("a: 1\nb:\n  c: 2\n  c: 3\n")
                .find("f.yaml:4:3: error: key 'c' appears twice in this map "
                      "(first at line 3)"),
            std::string::npos)
      << parse_error("a: 1\nb:\n  c: 2\n  c: 3\n");
  EXPECT_NE(parse_error("- { x: 1, x: 2 }\n").find("f.yaml:1:11: error: key 'x' appears twice"), std::string::npos);
}

TEST(YamlStrict, EmptyDocumentIsNull) {
  Diagnostics diags;
  auto v = parse_yaml_string("# only a comment\n", "f.yaml", diags);
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->is_null());
  EXPECT_EQ(v->loc.str(), "f.yaml:1:1");
}

TEST(YamlStrict, NullsScalarsAndKeysAsBefore) {
  Diagnostics diags;
  auto v = parse_yaml_string("a:\nb: ~\nc: 'q'\nd: plain\n", "f.yaml", diags);
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->find("a")->is_null());
  EXPECT_EQ(v->find("a")->loc.str(), "f.yaml:1:1");  // a null value points at its key
  EXPECT_TRUE(v->find("b")->is_null());
  EXPECT_TRUE(v->find("c")->quoted);
  EXPECT_FALSE(v->find("d")->quoted);
}

// The tree yaml-cpp's YAML::Load gives (the reader before libyaml's events),
// locations left out: line and column of an alias differ on purpose.
std::string dump(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Scalar:
      return (n.Tag() == "!" ? "'" : "") + n.Scalar();
    case YAML::NodeType::Sequence: {
      std::string out = "[";
      for (const auto& item : n) out += dump(item) + ",";
      return out + "]";
    }
    case YAML::NodeType::Map: {
      std::string out = "{";
      for (const auto& kv : n) out += kv.first.Scalar() + ":" + dump(kv.second) + ",";
      return out + "}";
    }
    default:
      return "~";
  }
}

std::string dump(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Scalar:
      return (v.quoted ? "'" : "") + v.scalar;
    case Value::Kind::List: {
      std::string out = "[";
      for (const auto& item : v.list) out += dump(item) + ",";
      return out + "]";
    }
    case Value::Kind::Map: {
      std::string out = "{";
      for (const auto& m : v.map) out += m.key + ":" + dump(m.value) + ",";
      return out + "}";
    }
    default:
      return "~";
  }
}

// Every shipped YAML file reads as YAML::Load read it: the event-based
// reader changes no game.
TEST(YamlLimits, ShippedFilesReadAsBefore) {
  int files = 0;
  for (const char* dir : {"data", "layouts", "fonts"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::source_root() / dir)) {
      if (entry.path().extension() != ".yaml") continue;
      const std::string text = *read_file(entry.path());
      Diagnostics diags;
      auto v = parse_yaml_string(text, entry.path().string(), diags);
      ASSERT_TRUE(v) << format_diagnostics(diags);
      EXPECT_EQ(dump(*v), dump(YAML::Load(text))) << entry.path();
      ++files;
    }
  EXPECT_GT(files, 20);
}

// Each construct a project may use reads as yaml-cpp read it: which scalars
// are nothing, which are text that is never a number (quoted, block, the
// tag "!"), anchors, flow and block collections, complex keys, documents.
TEST(YamlLimits, EveryConstructReadsAsYamlCppReadIt) {
  for (const char* text : {
           "a: |\n  line one\n  line two\nb: >\n  folded\n  text\nc: |-\n  kept\n",
           "a: !!str 5\nb: ! 6\nc: !!int 7\nd: '8'\ne: \"9\"\nf: !!null ''\ng: !!str\n",
           "a: ~\nb: null\nc: Null\nd: NULL\ne:\nf: ''\ng: \"\"\nh: nULL\ni: '~'\n",
           "- &x {a: 1, b: [2, 3]}\n- *x\n- [*x, *x]\n- &y\n- *y\n",
           "a: [1, {b: 2}, [3], []]\nc: {d: e, f: [g], h: {}}\n",
           "? complex\n: value\n? [x, y]\n: z\n",
           "a: multi\n  line plain\n\n  with a break\nb: 'quoted\n  folded'\n",
           "a: 'it''s'\nb: \"tab\\tx \\u00e9\"\n",
           "---\na: 1\n...\n---\nb: 2\n",
           "%YAML 1.1\n---\na: 1\n",
           "a:\n- 1\n- 2\nb: x\n",
           "- - a\n  - b\n- c\n-\n- - \n",
           "a: -1.5e3\nb: 0x1F\nc: yes\nd: .inf\ne: 1_000\n",
           "a: http://x.y/z#frag\nb: c:d\nc: x # comment\n",
           "\"quoted key\": 1\n'single': 2\n? |\n  block key\n: 3\n",
           "\xef\xbb\xbf\x61: Süd – Nord\r\nb: c\r\n",  // a byte order mark, then "a: "
           "[a, b]\n",
           // YAML 1.1's other line breaks are text, as for yaml-cpp (and YAML 1.2)
           "a: x\xe2\x80\xa8y\nb: 1\n",
           "a: x\xc2\x85y \xe2\x80\xa9z\nb: 1\n",
           "a: x\ry\nb: 1\n",
           "a: \"q\xe2\x80\xa8r\"\n",
           "a: |\n  l1\xe2\x80\xa9l2\n",
           "a: |\r\n  l1\r\n  l2\r\nb: 2\r\n",
           "a: \"\xee\x80\x80\xe2\x80\xa8\"\n",  // the first private use character, and an LS
           "plain text\n",
           "",
       }) {
    Diagnostics diags;
    auto v = parse_yaml_string(text, "f.yaml", diags);
    ASSERT_TRUE(v) << text << format_diagnostics(diags);
    EXPECT_EQ(dump(*v), dump(YAML::Load(text))) << text;
  }
}

// A line separator inside a text moves no line or column after it.
TEST(YamlStrict, ALineSeparatorInATextIsNoLineBreak) {
  Diagnostics diags;
  auto v = parse_yaml_string("a: x\xe2\x80\xa8y\nb: 1\n", "f.yaml", diags);
  ASSERT_TRUE(v) << format_diagnostics(diags);
  EXPECT_EQ(v->find("a")->scalar, "x\xe2\x80\xa8y");
  EXPECT_EQ(v->find("b")->loc.str(), "f.yaml:2:4");
  EXPECT_NE(parse_error("a: x\xe2\x80\xa8y [\nb: [1\n").find("f.yaml:3:1: error: YAML syntax error"), std::string::npos)
      << parse_error("a: x\xe2\x80\xa8y [\nb: [1\n");
}

// A syntax error says what libyaml expected, where, and where the
// construct it was in starts; columns count characters, not bytes.
TEST(YamlStrict, ASyntaxErrorSaysWhatWasExpectedAndWhereTheConstructStarts) {
  const std::string flow = parse_error("a: 1\nbäume: [1, 2\nc: 3\n");
  EXPECT_NE(flow.find("f.yaml:3:2: error: YAML syntax error: did not find expected ',' or ']' (while parsing a flow "
                      "sequence that starts at line 2, column 8)"),
            std::string::npos)
      << flow;
  const std::string indent = parse_error("a:\n  b: 1\n c: 2\n");
  EXPECT_NE(indent.find("f.yaml:3:2: error: YAML syntax error:"), std::string::npos) << indent;
  EXPECT_NE(parse_error("a: \"open\n").find("found unexpected end of stream"), std::string::npos);
  EXPECT_NE(parse_error("a: *nowhere\n").find("f.yaml:1:4: error: alias of an unknown anchor"), std::string::npos)
      << parse_error("a: *nowhere\n");
  Diagnostics diags;  // the second document is never read, as before
  EXPECT_TRUE(parse_yaml_string("a: 1\n---\n[unclosed\n", "f.yaml", diags)) << format_diagnostics(diags);
}

}  // namespace
}  // namespace kw::yaml
