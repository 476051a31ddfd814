// CSV and xlsx grids: cells, their places (row and column as a spreadsheet
// shows them) and the way back.
#include <gtest/gtest.h>

#include <fstream>

#include "sheet/sheet.h"
#include "support/test_support.h"

namespace kw::sheet {
namespace {

Sheet parse(const std::string& text, Diagnostics& diags) {
  auto s = parse_csv(text, "t.csv", diags);
  return s ? *s : Sheet{};
}

std::vector<std::vector<std::string>> texts(const Sheet& s) {
  std::vector<std::vector<std::string>> out;
  for (const auto& r : s.rows) {
    out.emplace_back();
    for (const auto& c : r.cells) out.back().push_back(c.text);
  }
  return out;
}

TEST(Csv, QuotesCommasAndLineBreaksInCells) {
  Diagnostics d;
  Sheet s = parse("id,text\na,\"one, two\"\nb,\"say \"\"hi\"\"\nand go\"\n", d);
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(texts(s),
            (std::vector<std::vector<std::string>>{{"id", "text"}, {"a", "one, two"}, {"b", "say \"hi\"\nand go"}}));
}

TEST(Csv, RowsKeepTheirSpreadsheetNumbersAcrossBlankRowsAndCrLf) {
  Diagnostics d;
  Sheet s = parse("\xEF\xBB\xBFid,n\r\na,1\r\n\r\n,\r\nb, 2 \r\n", d);
  EXPECT_FALSE(d.has_errors());
  ASSERT_EQ(s.rows.size(), 3u);
  EXPECT_EQ(s.rows[0].cells[0].text, "id");  // the byte order mark is no part of it
  EXPECT_EQ(s.rows[2].number, 5);
  EXPECT_EQ(s.rows[2].cells[1].loc.str(), "t.csv:5:2");
  EXPECT_EQ(s.rows[2].cells[1].text, " 2 ");  // spaces are kept: a text cell is as written
}

TEST(Csv, AQuoteThatDoesNotCloseIsAnErrorAtItsRow) {
  Diagnostics d;
  EXPECT_FALSE(parse_csv("id,t\na,\"open\nb,c\n", "t.csv", d));
  ASSERT_TRUE(d.has_errors());
  EXPECT_NE(format_diagnostics(d).find("t.csv:"), std::string::npos);
  EXPECT_NE(format_diagnostics(d).find("cannot read the CSV file"), std::string::npos);
}

TEST(Csv, TextThatIsNotUtf8IsRefused) {
  Diagnostics d;
  EXPECT_FALSE(parse_csv("id,t\na,K\xf6nig\n", "t.csv", d));
  EXPECT_NE(format_diagnostics(d).find("t.csv:2: error: the CSV file is not UTF-8 text (byte 8)"), std::string::npos)
      << format_diagnostics(d);
}

TEST(Csv, WrittenCellsReadBackTheSame) {
  const Grid grid{{"id", "text", "n"}, {"a", "one, two", " x"}, {"b", "say \"hi\"\nand go", ""}};
  const std::string csv = write_csv(grid);
  EXPECT_EQ(csv, "id,text,n\na,\"one, two\",\" x\"\nb,\"say \"\"hi\"\"\nand go\",\n");
  Diagnostics d;
  EXPECT_EQ(texts(parse(csv, d)), grid);
}

TEST(Xlsx, WrittenCellsReadBackTheSameAndTheBytesAreStable) {
  const Grid grid{{"id", "name", "n"}, {"a", "Éowyn & Merry <3", "007"}, {"b", "", "1; 0"}};
  const std::string bytes = write_xlsx(grid, "deck", Clock{});
  EXPECT_EQ(bytes, write_xlsx(grid, "deck", Clock{}));
  test::TempDir dir;
  const auto file = dir.path() / "t.xlsx";
  std::ofstream(file, std::ios::binary) << bytes;
  Diagnostics d;
  auto s = parse_xlsx(file.string(), "t.xlsx", d);
  ASSERT_TRUE(s) << format_diagnostics(d);
  EXPECT_EQ(texts(*s), (std::vector<std::vector<std::string>>{
                           {"id", "name", "n"}, {"a", "Éowyn & Merry <3", "007"}, {"b", "", "1; 0"}}));
  EXPECT_EQ(s->rows[2].cells[2].loc.str(), "t.xlsx:3:3");
}

TEST(Xlsx, AFileThatIsNoWorkbookIsAnError) {
  test::TempDir dir;
  const auto file = dir.path() / "t.xlsx";
  std::ofstream(file) << "id,name\n";
  Diagnostics d;
  EXPECT_FALSE(parse_xlsx(file.string(), "t.xlsx", d));
  EXPECT_NE(format_diagnostics(d).find("t.xlsx: error: cannot read the xlsx file: it is not an xlsx workbook"),
            std::string::npos)
      << format_diagnostics(d);
}

}  // namespace
}  // namespace kw::sheet
