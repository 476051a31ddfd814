// CSV and xlsx grids: cells, their places (row and column as a spreadsheet
// shows them) and the way back.
#include <gtest/gtest.h>
#include <minizip/unzip.h>

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

// The bytes of `name` in the zip file `file` ("" when absent).
std::string member(const std::filesystem::path& file, const char* name) {
  unzFile zip = unzOpen64(file.c_str());
  std::string out;
  if (zip && unzLocateFile(zip, name, 1) == UNZ_OK && unzOpenCurrentFile(zip) == UNZ_OK) {
    char buffer[4096];
    for (int n; (n = unzReadCurrentFile(zip, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<size_t>(n));
    unzCloseCurrentFile(zip);
  }
  if (zip) unzClose(zip);
  return out;
}

// Formula injection: what a spreadsheet would run is written as text, and
// reads back as it was, every prefix and its escapes.
TEST(Csv, CellsASpreadsheetWouldRunAreGuardedAndReadBackUnchanged) {
  const std::vector<std::string> cells = {"=HYPERLINK(\"http://evil.example\",\"x\")",
                                          "+SUM(1;2)*cmd|' /C calc'!A0",
                                          "-2+3+cmd|' /C calc'!A0",
                                          "@SUM(1;2)",
                                          "\t=1+1",
                                          "\r=1+1",
                                          "'=already guarded",
                                          "''-twice",
                                          "'plain apostrophe",
                                          "-3",
                                          "-0.5",
                                          "-",
                                          "=",
                                          "a=b",
                                          "1; -2",
                                          "-1; 2"};
  Grid grid{{"id", "text"}};
  for (size_t i = 0; i < cells.size(); ++i) grid.push_back({"c" + std::to_string(i), cells[i]});
  const std::string csv = write_csv(grid);
  for (const char* written :
       {"\"'=HYPERLINK(", "'+SUM(", "'-2+3", "'@SUM", ",'\t=1+1\n", "\"'\r=1+1\"", "''=already", "'''-twice",
        ",'plain apostrophe\n", ",-3\n", ",-0.5\n", ",'-\n", ",'=\n", ",a=b\n", ",1; -2\n", ",'-1; 2\n"})
    EXPECT_NE(csv.find(written), std::string::npos) << written << " not in\n" << csv;
  Diagnostics d;
  Sheet s = parse(csv, d);
  ASSERT_FALSE(d.has_errors()) << format_diagnostics(d);
  ASSERT_EQ(s.rows.size(), cells.size() + 1);
  for (size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(s.rows[i + 1].cells.at(1).text, cells[i]) << i;
  // A first cell starting with U+FEFF is no byte order mark (found by fuzzing).
  Sheet bom = parse(write_csv({{"\xEF\xBB\xBFid", "x"}}), d);
  EXPECT_EQ(bom.rows.at(0).cells.at(0).text, "\xEF\xBB\xBFid");
  // A guard someone typed in a spreadsheet reads as what it guards.
  Sheet typed = parse("id,t\na,'=1+1\n", d);
  EXPECT_EQ(typed.rows[1].cells[1].text, "=1+1");
}

TEST(Csv, MoreCellsThanATableHasIsAnErrorAtItsRow) {
  Diagnostics d;
  std::string text = "id,t\n" + std::string(kMaxReadCells + 5, ',');
  EXPECT_FALSE(parse_csv(text, "t.csv", d));
  EXPECT_NE(format_diagnostics(d).find("t.csv:2:"), std::string::npos) << format_diagnostics(d);
  EXPECT_NE(format_diagnostics(d).find("more than 2000000 cells"), std::string::npos);
}

TEST(Sheet, CellLengthCountsAsExcelDoes) {
  EXPECT_EQ(cell_length("abc"), 3u);
  EXPECT_EQ(cell_length("Éowyn"), 5u);
  EXPECT_EQ(cell_length("\xF0\x9F\x82\xA1"), 2u);  // U+1F0A1, a playing card: a surrogate pair
}

// Every cell of a written workbook is formatted as text ("@"), so that a
// spreadsheet keeps even an edited "=..." as text; the strings are as given.
TEST(Xlsx, CellsAreTextAndFormulasStayStrings) {
  const Grid grid{{"id", "name"}, {"a", "=HYPERLINK(\"x\")"}, {"b", "+1"}};
  test::TempDir dir;
  const auto file = dir.path() / "t.xlsx";
  std::ofstream(file, std::ios::binary) << write_xlsx(grid, "deck", Clock{});
  Diagnostics d;
  auto s = parse_xlsx(file.string(), "t.xlsx", d);
  ASSERT_TRUE(s) << format_diagnostics(d);
  EXPECT_EQ(s->rows[1].cells[1].text, "=HYPERLINK(\"x\")");
  EXPECT_EQ(s->rows[2].cells[1].text, "+1");
  const std::string listing = member(file, "xl/styles.xml") + member(file, "xl/worksheets/sheet1.xml");
  EXPECT_NE(listing.find("formatCode=\"@\""), std::string::npos) << listing;
  EXPECT_EQ(listing.find("<f>"), std::string::npos) << "a formula was written";
}

TEST(Xlsx, ALongNameIsCutToTheSheetNamesLimit) {
  const Grid grid{{"id"}, {"a"}};
  test::TempDir dir;
  const auto file = dir.path() / "t.xlsx";
  std::ofstream(file, std::ios::binary) << write_xlsx(grid, std::string(64, 'x'), Clock{});
  const std::string book = member(file, "xl/workbook.xml");
  EXPECT_NE(book.find("name=\"" + std::string(31, 'x') + "\""), std::string::npos) << book;
  EXPECT_NO_THROW(write_xlsx(grid, "a[b]:c*d?e/f\\g", Clock{}));
  EXPECT_NO_THROW(write_xlsx(grid, "", Clock{}));
}

TEST(Xlsx, ACellPastTheLimitIsRefusedNotCut) {
  EXPECT_THROW(write_xlsx({{"id"}, {std::string(kMaxCellLength + 1, 'x')}}, "d", Clock{}), std::runtime_error);
  EXPECT_NO_THROW(write_xlsx({{"id"}, {std::string(kMaxCellLength, 'x')}}, "d", Clock{}));
}

// What XML cannot hold as it is goes through OOXML's "_xHHHH_" escapes: a
// carriage return, a control character, and a literal "_x0041_" come back
// as they were written.
TEST(Xlsx, EscapedCharactersReadBackAsTheyWere) {
  const Grid grid{{"id", "text"}, {"a", "\r=1+1"}, {"b", "x\x01y\tz\r\n"}, {"c", "_x0041_ and _x005F_ and _x00"}};
  test::TempDir dir;
  const auto file = dir.path() / "t.xlsx";
  std::ofstream(file, std::ios::binary) << write_xlsx(grid, "deck", Clock{});
  Diagnostics d;
  auto s = parse_xlsx(file.string(), "t.xlsx", d);
  ASSERT_TRUE(s) << format_diagnostics(d);
  EXPECT_EQ(texts(*s), grid);
  EXPECT_EQ(decode_xstring("a_x000D_b_x005F_x0041_c_xZZZZ_"), "a\rb_x0041_c_xZZZZ_");
  EXPECT_EQ(escape_xstring("_x0041_ _x12"), "_x005F_x0041_ _x12");
  EXPECT_EQ(decode_xstring("_xD800_"), "\xEF\xBF\xBD");  // half a surrogate pair
}

TEST(Csv, ANulIsRefusedAtItsRow) {
  Diagnostics d;
  EXPECT_FALSE(parse_csv(std::string("id,t\na,b\0c\n", 11), "t.csv", d));
  EXPECT_NE(format_diagnostics(d).find("t.csv:2: error: the CSV file holds a NUL character (byte 8)"),
            std::string::npos)
      << format_diagnostics(d);
}

}  // namespace
}  // namespace kw::sheet
