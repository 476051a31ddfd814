// Quoting for PO files and YAML double-quoted scalars: the shared escapes,
// and control characters spelled the way each format reads them.
#include "core/quoted.h"

#include <gtest/gtest.h>

namespace kw {
namespace {

TEST(CQuoted, QuotesBackslashesNewlinesAndTabsAreEscaped) {
  EXPECT_EQ(c_quoted("a \"b\" \\ c\nd\te", ControlEscape::Octal), "\"a \\\"b\\\" \\\\ c\\nd\\te\"");
  EXPECT_EQ(c_quoted("a \"b\" \\ c\nd\te", ControlEscape::Hex), "\"a \\\"b\\\" \\\\ c\\nd\\te\"");
}

TEST(CQuoted, OtherControlCharactersOctalForPoHexForYaml) {
  EXPECT_EQ(c_quoted("x\x1b"
                     "y\x01",
                     ControlEscape::Octal),
            "\"x\\033y\\001\"");
  EXPECT_EQ(c_quoted("x\x1b"
                     "y\x01",
                     ControlEscape::Hex),
            "\"x\\x1by\\x01\"");
}

TEST(CQuoted, Utf8PassesThroughUnchanged) {
  EXPECT_EQ(c_quoted("2\u00a0Argumente · Éowyn", ControlEscape::Hex), "\"2\u00a0Argumente · Éowyn\"");
}

}  // namespace
}  // namespace kw
