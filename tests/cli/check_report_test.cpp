// The report of `kartenwerk check`: text with a summary line, and JSON read
// back with nlohmann-json.
#include "cli/check_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace kw::cli {
namespace {

Diagnostic finding(Severity severity, std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.game = "palantir";
  d.check = "palantir.deck";
  d.card_id = "gondor-hobbit";
  d.loc = {"data/games/p.yaml", 2, 5};
  d.message = std::move(message);
  d.hint = "every region and class is there twice";
  return d;
}

TEST(CheckReport, TextEndsWithTheCountsBySeverity) {
  Diagnostics ds;
  ds.add(finding(Severity::Error, "Gondor-Hobbit is there 1 time, needs 2"));
  ds.add(finding(Severity::Warning, "a warning"));
  EXPECT_EQ(format_report_text(ds),
            "data/games/p.yaml:2:5: error: Gondor-Hobbit is there 1 time, needs 2 (card gondor-hobbit) "
            "[palantir: palantir.deck]\n"
            "hint: every region and class is there twice\n"
            "data/games/p.yaml:2:5: warning: a warning (card gondor-hobbit) [palantir: palantir.deck]\n"
            "hint: every region and class is there twice\n"
            "1 error, 1 warning, 0 notes\n");
  EXPECT_EQ(format_report_text({}), "0 errors, 0 warnings, 0 notes\n");
}

TEST(CheckReport, JsonHasEveryFieldInAFixedOrder) {
  Diagnostics ds;
  ds.add(finding(Severity::Note, "quote \" backslash \\ newline \n tab \t bell \x07 del \x7f Ä"));
  Diagnostic loader;  // a diagnostic without game, check, card or place
  loader.message = "fonts.yaml missing";
  ds.add(loader);
  std::string text = format_report_json(ds);
  ASSERT_EQ(text.back(), '\n');
  auto json = nlohmann::ordered_json::parse(text);

  std::vector<std::string> keys;
  for (const auto& [key, value] : json.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"findings", "summary"}));
  ASSERT_EQ(json["findings"].size(), 2u);
  const auto& f = json["findings"][0];
  keys.clear();
  for (const auto& [key, value] : f.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"severity", "game", "check", "card", "file", "line", "column", "message",
                                            "hint"}));
  EXPECT_EQ(f["severity"], "note");
  EXPECT_EQ(f["game"], "palantir");
  EXPECT_EQ(f["check"], "palantir.deck");
  EXPECT_EQ(f["card"], "gondor-hobbit");
  EXPECT_EQ(f["file"], "data/games/p.yaml");
  EXPECT_EQ(f["line"], 2);
  EXPECT_EQ(f["column"], 5);
  EXPECT_EQ(f["message"], "quote \" backslash \\ newline \n tab \t bell \x07 del \x7f Ä");  // round trip
  EXPECT_EQ(f["hint"], "every region and class is there twice");
  const auto& l = json["findings"][1];
  EXPECT_EQ(l["severity"], "error");
  EXPECT_EQ(l["game"], "");
  EXPECT_EQ(l["file"], "");
  EXPECT_EQ(l["line"], 0);
  EXPECT_EQ(json["summary"], (nlohmann::ordered_json{{"errors", 1}, {"warnings", 0}, {"notes", 1}}));
  // Control characters are escaped; UTF-8 passes through.
  EXPECT_NE(text.find(R"(newline \n tab \t bell \u0007)"), std::string::npos) << text;
  EXPECT_NE(text.find("Ä"), std::string::npos) << text;

  EXPECT_EQ(format_report_json({}), "{\"findings\":[],\"summary\":{\"errors\":0,\"warnings\":0,\"notes\":0}}\n");
}

TEST(CheckReport, InvalidUtf8DoesNotThrow) {
  Diagnostics ds;
  ds.add(finding(Severity::Error, "bad byte \xff here"));
  std::string text;
  ASSERT_NO_THROW(text = format_report_json(ds));
  EXPECT_EQ(nlohmann::json::parse(text)["findings"][0]["message"], "bad byte \xef\xbf\xbd here");
}

}  // namespace
}  // namespace kw::cli
