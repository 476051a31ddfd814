// One CSV cell changed in place: every other byte as it was.
#include "sheet/csv_edit.h"

#include <gtest/gtest.h>

#include "core/diagnostic.h"
#include "sheet/sheet.h"

namespace kw::sheet {
namespace {

const std::string kTable =
    "id,name,text\r\n"
    "a,Pippin,\"Line one\nline two, with \"\"quotes\"\"\"\r\n"
    "\r\n"
    "b,Merry,plain\r\n";

TEST(CsvEdit, ChangesOneCellKeepingQuotesAndLineEnds) {
  EXPECT_EQ(set_csv_cell(kTable, 2, 2, "Pippin", "Peregrin", "t.csv"),
            "id,name,text\r\na,Peregrin,\"Line one\nline two, with \"\"quotes\"\"\"\r\n\r\nb,Merry,plain\r\n");
  // Row 4: the blank row 3 counts, as parse_csv counts it; a comma needs quotes.
  EXPECT_EQ(set_csv_cell(kTable, 4, 3, "plain", "a, b", "t.csv"),
            "id,name,text\r\na,Pippin,\"Line one\nline two, with \"\"quotes\"\"\"\r\n\r\nb,Merry,\"a, b\"\r\n");
  // A quoted cell over two lines, replaced by plain text.
  EXPECT_EQ(set_csv_cell(kTable, 2, 3, "Line one\nline two, with \"quotes\"", "short", "t.csv"),
            "id,name,text\r\na,Pippin,short\r\n\r\nb,Merry,plain\r\n");
}

TEST(CsvEdit, AgreesWithTheReaderOnEveryCell) {
  Diagnostics diags;
  auto sheet = parse_csv(kTable, "t.csv", diags);
  ASSERT_TRUE(sheet);
  for (const auto& row : sheet->rows)
    for (const auto& cell : row.cells) {
      const std::string out = set_csv_cell(kTable, cell.loc.line, cell.loc.column, cell.text, "X,\"y\"", "t.csv");
      auto again = parse_csv(out, "t.csv", diags);
      ASSERT_TRUE(again);
      EXPECT_EQ(again->rows.size(), sheet->rows.size());
      for (const auto& r : again->rows)
        for (const auto& c : r.cells)
          EXPECT_EQ(c.text,
                    c.loc == cell.loc ? "X,\"y\"" : sheet->rows[&r - &again->rows[0]].cells[c.loc.column - 1].text);
    }
}

TEST(CsvEdit, AChangedOrMissingCellIsRefused) {
  EXPECT_THROW(set_csv_cell(kTable, 2, 2, "Merry", "x", "t.csv"), CsvEditError);
  try {
    set_csv_cell(kTable, 9, 1, "", "x", "t.csv");
    FAIL();
  } catch (const CsvEditError& e) {
    EXPECT_STREQ(e.what(), "t.csv:9:1: no such cell in the file");
  }
}

// Whole rows from the studio's card buttons: the row (its quoted lines and
// line end) removed, copied or moved as it is, every other byte kept.
TEST(CsvEdit, RowsAreRemovedCopiedAndMovedWhole) {
  const std::string a = "a,Pippin,\"Line one\nline two, with \"\"quotes\"\"\"\r\n";
  EXPECT_EQ(remove_csv_row(kTable, 2, 1, "a", "t.csv"), "id,name,text\r\n\r\nb,Merry,plain\r\n");
  EXPECT_EQ(duplicate_csv_row(kTable, 2, 1, "a", "a-copy", "t.csv"),
            "id,name,text\r\n" + a + "a-copy" + a.substr(1) + "\r\nb,Merry,plain\r\n");
  EXPECT_EQ(move_csv_row(kTable, 2, 4, 1, "a", "t.csv"), "id,name,text\r\n\r\nb,Merry,plain\r\n" + a);
  EXPECT_EQ(move_csv_row(move_csv_row(kTable, 2, 4, 1, "a", "t.csv"), 4, 2, 1, "a", "t.csv"), kTable);
  // A last row without a line end: the file keeps ending without one.
  const std::string open = "id,name\nx,X\ny,Y";
  EXPECT_EQ(move_csv_row(open, 3, 2, 1, "y", "t.csv"), "id,name\ny,Y\nx,X");
  EXPECT_EQ(remove_csv_row(open, 3, 1, "y", "t.csv"), "id,name\nx,X");
  EXPECT_EQ(duplicate_csv_row(open, 3, 1, "y", "z", "t.csv"), "id,name\nx,X\ny,Y\nz,Y");
  EXPECT_EQ(csv_column(kTable, "name"), 2);
  EXPECT_EQ(csv_column(kTable, "copies"), 0);
  // Another id in the row (the file changed), the header, a row past the end: refused.
  EXPECT_THROW(remove_csv_row(kTable, 2, 1, "b", "t.csv"), CsvEditError);
  EXPECT_THROW(remove_csv_row(kTable, 1, 1, "id", "t.csv"), CsvEditError);
  EXPECT_THROW(move_csv_row(kTable, 2, 9, 1, "a", "t.csv"), CsvEditError);
  EXPECT_THROW(move_csv_row(kTable, 2, 1, 1, "a", "t.csv"), CsvEditError);
}

// A blank card's row: right after its card, each named cell in its
// column as write_csv writes it, the others empty, the file's line end.
TEST(CsvEdit, ANewRowIsWrittenAfterItsCardCellByCell) {
  const std::string a = "a,Pippin,\"Line one\nline two, with \"\"quotes\"\"\"\r\n";
  EXPECT_EQ(
      insert_csv_row(kTable, 2, 1, "a", {{"id", "new-card"}, {"text", "=1+1"}, {"name", "Pippin, the fool"}}, "t.csv"),
      "id,name,text\r\n" + a + "new-card,\"Pippin, the fool\",'=1+1\r\n\r\nb,Merry,plain\r\n");
  const std::string open = "id,name\nx,X\ny,Y";
  EXPECT_EQ(insert_csv_row(open, 2, 1, "x", {{"id", "n"}}, "t.csv"), "id,name\nx,X\nn,\ny,Y");
  EXPECT_EQ(insert_csv_row(open, 3, 1, "y", {{"id", "n"}, {"name", "N"}}, "t.csv"), "id,name\nx,X\ny,Y\nn,N");
  // Its removal gives the file back.
  EXPECT_EQ(remove_csv_row(insert_csv_row(kTable, 4, 1, "b", {{"id", "c"}}, "t.csv"), 5, 1, "c", "t.csv"), kTable);
  // A column the header does not have, another id in the row: refused.
  EXPECT_THROW(insert_csv_row(open, 2, 1, "x", {{"id", "n"}, {"points", "0"}}, "t.csv"), CsvEditError);
  EXPECT_THROW(insert_csv_row(open, 2, 1, "y", {{"id", "n"}}, "t.csv"), CsvEditError);
}

}  // namespace
}  // namespace kw::sheet
