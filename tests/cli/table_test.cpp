// End-to-end: `kartenwerk table export|import` and decks that read their
// cards from a CSV file (cards_csv), on a copy of the shipped games: what a
// game author sees — the YAML file's bytes, the sheet's cells, the located
// messages and the exit status.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <tuple>

#include "core/files.h"
#include "sheet/sheet.h"
#include "support/project_copy.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::quoted;

struct Table : test::ProjectCopy {
  test::Run run(const std::string& args) const { return test::kartenwerk("--root " + quoted(dir.path()) + " " + args); }
  fs::path file(const std::string& name) const { return dir.path() / name; }
  // Replaces the first `from` in the project file `relative` by `to`.
  void patch(const std::string& relative, const std::string& from, const std::string& to) const {
    std::string text = read(relative);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    write(relative, text);
  }
};

std::string slurp(const fs::path& p) { return read_file(p).value_or("<missing>"); }

// The lines of `a` and `b` that differ, as "-old\n+new\n" (files of equal line count).
std::string changed_lines(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string l, r, out;
  while (std::getline(x, l) && std::getline(y, r))
    if (l != r) out += "-" + l + "\n+" + r + "\n";
  return out;
}

TEST(Table, CsvRoundTripLeavesTheYamlByteIdentical) {
  Table p;
  // Flow-style cards (duell), and block-style cards with comments, records
  // and per_copy patches (palantir). (Palantír's reference cards carry
  // `claims:`, a list of records no spreadsheet cell holds.)
  for (auto [game, deck, yaml] : {std::tuple{"duell", "gandalf", "data/games/duell.yaml"},
                                  std::tuple{"palantir", "playing", "data/games/palantir.yaml"}}) {
    const std::string before = p.read(yaml);
    const fs::path csv = p.file(std::string(deck) + ".csv");
    auto ex = p.run(fmt::format("table export --game {} --deck {} --out {}", game, deck, quoted(csv)));
    ASSERT_EQ(ex.status, 0) << ex.output;
    auto im = p.run(fmt::format("table import --game {} --deck {} {}", game, deck, quoted(csv)));
    ASSERT_EQ(im.status, 0) << im.output;
    EXPECT_NE(im.output.find("unchanged"), std::string::npos) << im.output;
    EXPECT_EQ(p.read(yaml), before) << deck;
  }
}

TEST(Table, ExportHasIdCopiesAndTheSchemaAsColumnsCardsInOrder) {
  Table p;
  auto ex = p.run("table export --game palantir --deck playing --out " + quoted(p.file("p.csv")));
  ASSERT_EQ(ex.status, 0) << ex.output;
  const std::string csv = slurp(p.file("p.csv"));
  EXPECT_TRUE(
      csv.starts_with("id,copies,region,class,good.name,good.epithet,evil.name,evil.epithet,special,"
                      "ring.half,ring.art,ring.verse\n"
                      "gondor-hobbit,2,gondor,hobbit,Pippin,,Bergtroll,,,,,\n"))
      << csv;
  EXPECT_NE(csv.find("\nrhovanion-hobbit,2,rhovanion,hobbit,Bilbo,,Bilbo,vom Ring verdorben,,,,\n"), std::string::npos);
  // Lists are "a; b" cells; numbers and booleans as the schema types them.
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("g.csv"))).status, 0);
  EXPECT_NE(slurp(p.file("g.csv"))
                .find("\ng01-glamdring,,gandalf,Glamdring,g-schwert,1; 1; 1; 0,0; 0; 1; 1,,"
                      "b01-flammenpeitsche,true\n"),
            std::string::npos);
}

TEST(Table, AnEditedCellChangesExactlyThatField) {
  Table p;
  const std::string before = p.read("data/games/palantir.yaml");
  ASSERT_EQ(p.run("table export --game palantir --deck playing --out " + quoted(p.file("p.csv"))).status, 0);
  std::string csv = slurp(p.file("p.csv"));
  const std::string row = "rohan-hobbit,2,rohan,hobbit,Merry,";
  ASSERT_NE(csv.find(row), std::string::npos);
  csv.replace(csv.find(row), row.size(), "rohan-hobbit,2,rohan,hobbit,\"Merry, der Große\",");
  std::ofstream(p.file("p.csv")) << csv;
  auto im = p.run("table import --game palantir --deck playing " + quoted(p.file("p.csv")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_NE(im.output.find("1 changed, 0 added, 0 removed"), std::string::npos) << im.output;
  // One line of the file changed, and in it only that name.
  EXPECT_EQ(
      changed_lines(before, p.read("data/games/palantir.yaml")),
      "-        - { id: rohan-hobbit, region: rohan, class: hobbit, good: { name: Merry }, evil: { name: Lotho }, "
      "copies: 2 }\n"
      "+        - { id: rohan-hobbit, region: rohan, class: hobbit, good: { name: \"Merry, der Große\" }, evil: { "
      "name: Lotho }, copies: 2 }\n");
  // The game still loads, and a new export is the edited sheet.
  ASSERT_EQ(p.run("table export --game palantir --deck playing --out " + quoted(p.file("again.csv"))).status, 0);
  EXPECT_EQ(slurp(p.file("again.csv")), csv);
}

TEST(Table, AddedRemovedAndReorderedRowsKeepTheOtherCardsText) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("g.csv"))).status, 0);
  std::string csv = slurp(p.file("g.csv"));
  // Drop g02, add a card at the end.
  const auto g02 = csv.find("g02-feindhammer");
  csv.erase(g02, csv.find('\n', g02) + 1 - g02);
  csv += "g28-neu,2,gandalf,Neue Karte,g-stab,1; 0; 0; 0,0; 0; 0; 1,,,true\n";
  std::ofstream(p.file("g.csv")) << csv;
  auto im = p.run("table import --game duell --deck gandalf " + quoted(p.file("g.csv")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_NE(im.output.find("deck 'gandalf': 27 rows (0 changed, 1 added, 1 removed)"), std::string::npos) << im.output;
  const std::string after = p.read("data/games/duell.yaml");
  EXPECT_EQ(after.find("g02-feindhammer"), std::string::npos);
  EXPECT_NE(after.find("        - { id: g28-neu, copies: 2, side: gandalf, name: Neue Karte, motif: g-stab, defence: "
                       "[1, 0, 0, 0], attack: [0, 0, 0, 1], reconstructed: true }\n    - id: balrog\n"),
            std::string::npos)
      << after;
  // The comments above the trance card and the specials stay.
  EXPECT_NE(after.find("        # 21: the trance, no strength points at all\n        - { id: g21-trance"),
            std::string::npos);
  EXPECT_EQ(before.substr(before.find("    - id: balrog")), after.substr(after.find("    - id: balrog")));
}

TEST(Table, ASheetSavedByASpreadsheetProgramReadsAsTheSameCards) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("g.csv"))).status, 0);
  // Excel's "CSV UTF-8": a byte order mark, CRLF line ends, TRUE for true,
  // every cell quoted, and the columns in another order.
  std::istringstream in(slurp(p.file("g.csv")));
  std::string line, csv = "\xEF\xBB\xBF";
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    size_t start = 0;
    for (size_t comma; (comma = line.find(',', start)) != std::string::npos; start = comma + 1)
      cells.push_back(line.substr(start, comma - start));
    cells.push_back(line.substr(start));
    std::swap(cells[1], cells[3]);
    for (size_t i = 0; i < cells.size(); ++i)
      csv += (i ? ",\"" : "\"") + (cells[i] == "true" ? std::string("TRUE") : cells[i]) + "\"";
    csv += "\r\n";
  }
  std::ofstream(p.file("excel.csv"), std::ios::binary) << csv;
  auto im = p.run("table import --game duell --deck gandalf " + quoted(p.file("excel.csv")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_NE(im.output.find("deck 'gandalf' unchanged (27 rows)"), std::string::npos) << im.output;
  EXPECT_EQ(p.read("data/games/duell.yaml"), before);
}

TEST(Table, TheCommandNeedsADeckOrATable) {
  Table p;
  auto r = p.run("table export --game duell");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("name the rows: --deck ID or --table NAME"), std::string::npos) << r.output;
  r = p.run("table export --game duell --deck gandalf --table sides");
  EXPECT_EQ(r.status, 2) << r.output;
  r = p.run("table export --game duell --deck gandolf");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("game 'duell' has no deck 'gandolf' (decks: gandalf, balrog"), std::string::npos) << r.output;
}

TEST(Table, BadCellsAreLocatedWithTheColumnNameAndNothingIsWritten) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("g.csv"))).status, 0);
  std::string csv = slurp(p.file("g.csv"));
  const std::string row = "g02-feindhammer,,gandalf,Feindhammer,g-schwert,0; 0; 1; 1,1; 1; 1; 0,,";
  ASSERT_NE(csv.find(row), std::string::npos);
  csv.replace(csv.find(row), row.size(), "g02-feindhammer,x,gandalf,Feindhammer,g-schwert,0; zwei; 1; 1,1; 1; 1; 0,,");
  const std::string row3 = "g03-grauer-pilger,,gandalf,Grauer Pilger,g-stab,";
  csv.replace(csv.find(row3), row3.size(), "g03-grauer-pilger,,gandalf,Grauer Pilger,g-stabb,");
  std::ofstream(p.file("g.csv")) << csv;
  auto im = p.run("table import --game duell --deck gandalf " + quoted(p.file("g.csv")));
  EXPECT_EQ(im.status, 1) << im.output;
  const std::string f = p.file("g.csv").string();
  EXPECT_NE(im.output.find(f + ":3:2: error: column 'copies': expected a whole number, got 'x'"), std::string::npos)
      << im.output;
  EXPECT_NE(im.output.find(f + ":3:6: error: column 'defence', item 2: expected a whole number, got 'zwei'"),
            std::string::npos)
      << im.output;
  EXPECT_NE(im.output.find(f + ":4:5: error: column 'motif': unknown motif 'g-stabb'"), std::string::npos) << im.output;
  EXPECT_NE(im.output.find("data/games/duell.yaml not changed"), std::string::npos) << im.output;
  EXPECT_EQ(p.read("data/games/duell.yaml"), before);
}

TEST(Table, UnknownColumnsAndTwiceUsedIdsAreErrors) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("g.csv"))).status, 0);
  std::string csv = slurp(p.file("g.csv"));
  csv.replace(csv.find("reconstructed"), 13, "reconstructd");
  std::ofstream(p.file("bad-header.csv")) << csv;
  auto im = p.run("table import --game duell --deck gandalf " + quoted(p.file("bad-header.csv")));
  EXPECT_EQ(im.status, 1);
  EXPECT_NE(im.output.find("bad-header.csv:1:10: error: unknown column 'reconstructd'"), std::string::npos)
      << im.output;
  EXPECT_NE(im.output.find("did you mean 'reconstructed'?"), std::string::npos);
  // A Balrog card's id in the Gandalf deck; the same id twice.
  csv = slurp(p.file("g.csv")) + "b01-flammenpeitsche,,gandalf,X,g-stab,0; 0; 0; 0,0; 0; 0; 0,,,true\n" +
        "g01-glamdring,,gandalf,X,g-stab,0; 0; 0; 0,0; 0; 0; 0,,,true\n";
  std::ofstream(p.file("ids.csv")) << csv;
  im = p.run("table import --game duell --deck gandalf " + quoted(p.file("ids.csv")));
  EXPECT_EQ(im.status, 1);
  EXPECT_NE(im.output.find("ids.csv:29:1: error: card id 'b01-flammenpeitsche' is a card of deck 'balrog' already"),
            std::string::npos)
      << im.output;
  EXPECT_NE(im.output.find("ids.csv:30:1: error: id 'g01-glamdring' used twice (first at " +
                           p.file("ids.csv").string() + ":2:1)"),
            std::string::npos)
      << im.output;
  EXPECT_EQ(p.read("data/games/duell.yaml"), before);
}

TEST(Table, AGameTablesEntriesRoundTripAndAnEditChangesOneLine) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  // sides: block-style entries; motifs: one line each.
  for (const char* table : {"sides", "motifs"}) {
    const fs::path csv = p.file(std::string(table) + ".csv");
    ASSERT_EQ(p.run(fmt::format("table export --game duell --table {} --out {}", table, quoted(csv))).status, 0);
    auto im = p.run(fmt::format("table import --game duell --table {} {}", table, quoted(csv)));
    ASSERT_EQ(im.status, 0) << im.output;
    EXPECT_EQ(p.read("data/games/duell.yaml"), before);
  }
  EXPECT_TRUE(slurp(p.file("sides.csv")).starts_with("id,name,colour,background,ink,"));
  std::string csv = slurp(p.file("sides.csv"));
  csv.replace(csv.find("gandalf,Gandalf,"), 16, "gandalf,Gandalf der Graue,");
  std::ofstream(p.file("sides.csv")) << csv;
  auto im = p.run("table import --game duell --table sides " + quoted(p.file("sides.csv")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_EQ(changed_lines(before, p.read("data/games/duell.yaml")),
            "-          name: Gandalf\n+          name: Gandalf der Graue\n");
}

TEST(Table, RemovingATableEntryCardsUseIsRefusedWithNothingWritten) {
  Table p;
  const std::string before = p.read("data/games/duell.yaml");
  ASSERT_EQ(p.run("table export --game duell --table motifs --out " + quoted(p.file("m.csv"))).status, 0);
  std::string csv = slurp(p.file("m.csv"));
  const auto at = csv.find("g-adler,");
  csv.erase(at, csv.find('\n', at) + 1 - at);
  std::ofstream(p.file("m.csv")) << csv;
  auto im = p.run("table import --game duell --table motifs " + quoted(p.file("m.csv")));
  EXPECT_EQ(im.status, 1);
  EXPECT_NE(im.output.find("with these rows the game does not load"), std::string::npos) << im.output;
  EXPECT_NE(im.output.find("error: unknown motif 'g-adler' (card g07-gwaihir)"), std::string::npos) << im.output;
  EXPECT_EQ(p.read("data/games/duell.yaml"), before);
}

TEST(Table, XlsxExportIsDeterministicAndRoundTrips) {
  Table p;
  const std::string before = p.read("data/games/palantir.yaml");
  ASSERT_EQ(p.run("table export --game palantir --deck playing --format xlsx --out " + quoted(p.file("a.xlsx"))).status,
            0);
  ASSERT_EQ(p.run("table export --game palantir --deck playing --format xlsx --out " + quoted(p.file("b.xlsx"))).status,
            0);
  const std::string xlsx = slurp(p.file("a.xlsx"));
  EXPECT_TRUE(xlsx.starts_with("PK"));
  EXPECT_EQ(xlsx, slurp(p.file("b.xlsx")));
  auto im = p.run("table import --game palantir --deck playing " + quoted(p.file("a.xlsx")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_EQ(p.read("data/games/palantir.yaml"), before);

  // A workbook with one cell changed (as a spreadsheet program would save it).
  Diagnostics diags;
  auto sheet = sheet::parse_xlsx(p.file("a.xlsx").string(), "a.xlsx", diags);
  ASSERT_TRUE(sheet) << format_diagnostics(diags);
  sheet::Grid grid;
  for (const auto& row : sheet->rows) {
    grid.emplace_back();
    for (const auto& cell : row.cells) grid.back().push_back(cell.text);
  }
  ASSERT_EQ(grid[0][0], "id");
  ASSERT_EQ(grid[2][0], "rohan-hobbit");
  ASSERT_EQ(grid[2][6], "Lotho");
  grid[2][6] = "Lotho Sackheim-Beutlin";
  std::ofstream(p.file("c.xlsx"), std::ios::binary) << sheet::write_xlsx(grid, "playing", Clock{});
  im = p.run("table import --game palantir --deck playing " + quoted(p.file("c.xlsx")));
  ASSERT_EQ(im.status, 0) << im.output;
  EXPECT_EQ(
      changed_lines(before, p.read("data/games/palantir.yaml")),
      "-        - { id: rohan-hobbit, region: rohan, class: hobbit, good: { name: Merry }, evil: { name: Lotho }, "
      "copies: 2 }\n"
      "+        - { id: rohan-hobbit, region: rohan, class: hobbit, good: { name: Merry }, evil: { name: Lotho "
      "Sackheim-Beutlin }, copies: 2 }\n");
  // A bad cell of an xlsx file is located like a CSV one.
  grid[3][1] = "zwei";
  std::ofstream(p.file("d.xlsx"), std::ios::binary) << sheet::write_xlsx(grid, "playing", Clock{});
  im = p.run("table import --game palantir --deck playing " + quoted(p.file("d.xlsx")));
  EXPECT_EQ(im.status, 1);
  EXPECT_NE(
      im.output.find(p.file("d.xlsx").string() + ":4:2: error: column 'copies': expected a whole number, got 'zwei'"),
      std::string::npos)
      << im.output;
}

// The Gandalf deck with its cards in data/games/gandalf.csv instead.
void move_cards_to_csv(Table& p) {
  ASSERT_EQ(p.run("table export --game duell --deck gandalf --out " + quoted(p.file("data/games/gandalf.csv"))).status,
            0);
  std::string yaml = p.read("data/games/duell.yaml");
  const auto from = yaml.find("      cards:\n", yaml.find("    - id: gandalf\n"));
  const auto to = yaml.find("    - id: balrog\n");
  yaml.replace(from, to - from, "      cards_csv: gandalf.csv\n");
  p.write("data/games/duell.yaml", yaml);
}

TEST(Table, ADeckReadsItsCardsFromACsvFile) {
  Table p;
  auto base = p.run("check --game duell");
  move_cards_to_csv(p);
  auto list = p.run("list --game duell");
  ASSERT_EQ(list.status, 0) << list.output;
  EXPECT_NE(list.output.find("gandalf       27 cards (27 different)"), std::string::npos) << list.output;
  auto check = p.run("check --game duell");
  EXPECT_EQ(check.status, base.status) << check.output;
  // The same findings as with the cards in the YAML (the counts line).
  EXPECT_EQ(check.output.substr(check.output.rfind("errors,") - 2),
            base.output.substr(base.output.rfind("errors,") - 2));
  // Export and import refuse such a deck: its CSV file is the place to edit.
  auto ex = p.run("table export --game duell --deck gandalf --out " + quoted(p.file("x.csv")));
  EXPECT_EQ(ex.status, 1);
  EXPECT_NE(ex.output.find("reads its cards from gandalf.csv (cards_csv): edit that file"), std::string::npos)
      << ex.output;
}

TEST(Table, BadCellsOfACsvBackedDeckAreLocatedInTheCsv) {
  Table p;
  move_cards_to_csv(p);
  p.patch("data/games/gandalf.csv", "g02-feindhammer,,gandalf,Feindhammer,g-schwert,0; 0; 1; 1",
          "g02-feindhammer,,gandalf,Feindhammer,g-schwert,0; 0; eins; 1");
  p.patch("data/games/gandalf.csv", "g04-stab-des-istar,,gandalf,", "g04-stab-des-istar,,gandolf,");
  auto check = p.run("check --game duell");
  EXPECT_EQ(check.status, 1);
  EXPECT_NE(check.output.find("data/games/gandalf.csv:3:6: error: column 'defence', item 3: expected a whole number, "
                              "got 'eins'"),
            std::string::npos)
      << check.output;
  EXPECT_NE(check.output.find("data/games/gandalf.csv:5:3: error: unknown side 'gandolf'"), std::string::npos)
      << check.output;
  auto build = p.run("build --game duell --out " + quoted(p.file("out")));
  EXPECT_EQ(build.status, 1);
  EXPECT_FALSE(fs::exists(p.file("out/duell")));
}

TEST(Table, ACsvPathLeavingTheProjectIsRefused) {
  Table p;
  test::TempDir outside;
  std::ofstream(outside.path() / "secret.csv") << "SECRET-CSV-LINE\n";
  move_cards_to_csv(p);
  const std::string up = fs::relative(outside.path(), fs::weakly_canonical(p.file("data/games"))).generic_string();
  p.patch("data/games/duell.yaml", "cards_csv: gandalf.csv", "cards_csv: " + up + "/secret.csv");
  auto check = p.run("check --game duell");
  EXPECT_EQ(check.status, 1);
  EXPECT_TRUE(std::regex_search(
      check.output,
      std::regex(
          R"(data/games/duell\.yaml:\d+:18: error: cannot read card table: '\.\./[^']*secret\.csv' leaves the project)")))
      << check.output;
  EXPECT_EQ(check.output.find("SECRET-CSV-LINE"), std::string::npos);
  p.patch("data/games/duell.yaml", "cards_csv: " + up + "/secret.csv",
          "cards_csv: " + (outside.path() / "secret.csv").string());
  check = p.run("check --game duell");
  EXPECT_EQ(check.status, 1);
  EXPECT_NE(check.output.find("is an absolute"), std::string::npos) << check.output;
}

TEST(Table, ADeckNeedsCardsOrCardsCsvNotBoth) {
  Table p;
  p.patch("data/games/duell.yaml", "      back: duell/back-gandalf\n",
          "      back: duell/back-gandalf\n      cards_csv: gandalf.csv\n");
  auto check = p.run("check --game duell");
  EXPECT_EQ(check.status, 1);
  EXPECT_NE(check.output.find("error: deck 'gandalf' has both 'cards' and 'cards_csv': give one"), std::string::npos)
      << check.output;
}

}  // namespace
}  // namespace kw
