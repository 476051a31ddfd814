// gettext PO files: written and read back without loss.
#include <gtest/gtest.h>

#include "i18n/po.h"

namespace kw::i18n {
namespace {

TEST(Po, RoundTripKeepsQuotesNewlinesAndMarkup) {
  PoFile po;
  po.language = "fr";
  po.game = "palantir";
  po.entries = {
      {"card.a.text", "Er sagte \"Halt!\"\nund ging.", "Il dit « Halte ! »\net partit.", false, "", "data/x.yaml:3:5"},
      {"card.b.text", "**Fett** und *kursiv*, \\* und {{rules.points}}",
       "**Gras** et *italique*, \\* et {{rules.points}}", true, "", ""},
      {"card.c.text", "Tab\there, backslash \\ end\n", "", false, "", ""},
      {"card.d.name", "Éowyn", "Éowyn", false, "", ""},
  };
  std::string text = write_po(po);
  Diagnostics diags;
  PoFile back = read_po(text, "x.po", diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(back.language, "fr");
  EXPECT_EQ(back.game, "palantir");
  ASSERT_EQ(back.entries.size(), po.entries.size());
  for (size_t i = 0; i < po.entries.size(); ++i) {
    EXPECT_EQ(back.entries[i].context, po.entries[i].context);
    EXPECT_EQ(back.entries[i].source, po.entries[i].source);
    EXPECT_EQ(back.entries[i].translation, po.entries[i].translation);
    EXPECT_EQ(back.entries[i].fuzzy, po.entries[i].fuzzy);
    EXPECT_EQ(back.entries[i].reference, po.entries[i].reference);
  }
  // Written as gettext tools do: multi-line strings as continuation lines.
  EXPECT_NE(text.find("msgid \"\"\n\"Er sagte \\\"Halt!\\\"\\n\"\n\"und ging.\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("#, fuzzy\nmsgctxt \"card.b.text\""), std::string::npos) << text;
}

TEST(Po, SyntaxErrorsHaveLines) {
  Diagnostics diags;
  read_po("msgid \"\"\nmsgstr \"\"\n\nmsgctxt \"a\"\nmsgid \"x\nmsgstr \"y\"\nwhat is this\n", "bad.po", diags);
  ASSERT_EQ(diags.error_count(), 2u) << format_diagnostics(diags);
  EXPECT_EQ(diags.items()[0].loc.line, 5);
  EXPECT_EQ(diags.items()[1].loc.line, 7);
}

}  // namespace
}  // namespace kw::i18n
