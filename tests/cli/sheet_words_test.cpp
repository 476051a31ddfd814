// The words printed on print-and-play and board sheets come from
// data/print/sheets.yaml in the game's language: Das Duell's alignment
// sheet and board assembly map in German, English and French, numbers
// written each language's way, counts in their plural forms; a project
// without words gets sheets without text, and a broken template is an error
// at its place in sheets.yaml.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/project_copy.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

struct SheetWords : ::testing::Test {
  test::ProjectCopy project;
  test::Run build(const std::string& args) const {
    // The PnP sheets and the board's; not the shop's package (its CMYK
    // conversion was most of the build's time).
    return kartenwerk("--root " + quoted(project.dir.path()) +
                      " build --game duell --format pdf --skip shop --no-cache --out " +
                      quoted(project.dir.path() / "output") + " " + args);
  }
  std::string text_of(const std::string& pdf) const {
    std::string text;
    test::run_command("pdftotext -layout " + quoted(project.dir.path() / "output" / pdf) + " -", &text);
    return text;
  }
};

TEST_F(SheetWords, EachLanguagesSheetsInItsOwnWords) {
  test::edit(project, "data/print/sheets.yaml", "offset: [0, 0]", "offset: [1.5, -0.25]");
  ASSERT_EQ(build("--lang all").status, 0);
  const std::string de = text_of("duell/pnp/duell-a4-alignment.pdf");
  EXPECT_NE(de.find("Passer-Test A4"), std::string::npos) << de;
  EXPECT_NE(de.find("1,5, y = -0,25 mm"), std::string::npos) << de;
  EXPECT_NE(de.find("Rückseite 1"), std::string::npos) << de;
  const std::string en = text_of("duell/en/pnp/duell-a4-alignment.pdf");
  EXPECT_NE(en.find("Alignment test A4"), std::string::npos) << en;
  EXPECT_NE(en.find("(x = 1.5, y = -0.25 mm)"), std::string::npos) << en;
  EXPECT_NE(en.find("Back 1"), std::string::npos) << en;
  EXPECT_EQ(en.find("Rückseite"), std::string::npos) << en;
  const std::string fr = text_of("duell/fr/pnp/duell-a4-alignment.pdf");
  EXPECT_NE(fr.find("Test de repérage A4"), std::string::npos) << fr;
  EXPECT_NE(fr.find("Verso 1"), std::string::npos) << fr;
  // The board's assembly map, with its counts in each language's forms.
  const std::string board_de = text_of("duell/board/board-a4.pdf");
  EXPECT_NE(board_de.find("Zusammenbau aus"), std::string::npos) << board_de;
  EXPECT_NE(board_de.find("Blättern DIN A4"), std::string::npos) << board_de;
  const std::string board_en = text_of("duell/en/board/board-a4.pdf");
  EXPECT_NE(board_en.find("Assembled from"), std::string::npos) << board_en;
  EXPECT_NE(board_en.find("sheets of A4"), std::string::npos) << board_en;
  EXPECT_NE(board_en.find("How the board comes together"), std::string::npos) << board_en;
  EXPECT_EQ(board_en.find("Spielplan"), std::string::npos) << board_en;
  const std::string board_fr = text_of("duell/fr/board/board-a4.pdf");
  EXPECT_NE(board_fr.find("Assembler le plateau"), std::string::npos) << board_fr;
}

TEST_F(SheetWords, ABrokenTemplateIsAnErrorAtItsPlaceAndNoneMeansNoText) {
  test::edit(project, "data/print/sheets.yaml", "    alignment_back: \"Back {{n}}\"",
             "    alignment_back: \"Back {{number}}\"");
  // Said at the language's words, which is where the templates are.
  const std::string sheets_text = project.read("data/print/sheets.yaml");
  const auto en = sheets_text.find("\n  en:\n");
  ASSERT_NE(en, std::string::npos);
  const int line =
      2 + static_cast<int>(std::count(sheets_text.begin(), sheets_text.begin() + static_cast<long>(en), '\n'));
  test::Run broken = build("--lang en");
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("sheets.yaml:" + std::to_string(line) +
                               ":3: error: the sheet words in en: unknown "
                               "field 'number'"),
            std::string::npos)
      << broken.output;
  EXPECT_FALSE(fs::exists(project.dir.path() / "output/duell/en/pnp"));
  // Without any words: sheets of marks and numbers, no text at all.
  std::string sheets = project.read("data/print/sheets.yaml");
  sheets.erase(sheets.find("\n# The words printed on the alignment sheet"));
  project.write("data/print/sheets.yaml", sheets + "\n");
  ASSERT_EQ(build("").status, 0);
  const std::string bare = text_of("duell/pnp/duell-a4-alignment.pdf");
  EXPECT_EQ(bare.find("Passer"), std::string::npos) << bare;
  EXPECT_NE(bare.find('1'), std::string::npos) << bare;
}

}  // namespace
}  // namespace kw
