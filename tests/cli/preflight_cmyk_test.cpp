// `kartenwerk preflight` on CMYK shop files: the mini fixture built with
// `--color cmyk` passes a profile that asks for FOGRA39 PDF/X-4, and each
// PDF/X requirement and colour rule, broken in the built file afterwards
// (with qpdf, as a careless export would), is found on the card of the page.
#include <gtest/gtest.h>

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <functional>
#include <regex>

#include "core/files.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;
using test::Run;

// The mini project with a shop profile asking for CMYK PDF/X-4, and a
// near-black text on a light panel (the black rules' case).
struct CmykProject : test::MiniProject {
  CmykProject() {
    for (const char* f :
         {"data/print/sheets.yaml", "data/print/color.yaml", "data/print/icc/kartenwerk-fogra39-300.icc"})
      write(f, *read_file(test::source_root() / f));
    write("data/print/profiles.yaml",
          "default: shop\n"
          "profiles:\n"
          "  shop:\n"
          "    name: A shop printing FOGRA39 PDF/X-4\n"
          "    trim: [59, 91]\n"
          "    bleed: 3\n"
          "    safe: 4\n"
          "    color: fogra39\n"
          "    pdfx: X-4\n");
    write("layouts/mini/card.yaml",
          "edge_color: \"{{region.color}}\"\n"
          "elements:\n"
          "  - { type: rect, name: background, area: bleed, fill: \"{{region.color}}\" }\n"
          "  - { type: text, name: title, text: \"{{name}}\", box: [8, 40, 43, 10], size: 12, color: \"#ffffff\" }\n"
          "  - { type: rect, name: panel, box: [6, 60, 47, 12], fill: \"#f4ecd8\" }\n"
          "  - { type: text, name: rule, text: Schwarz, box: [8, 62, 43, 6], size: 8, color: \"#111111\" }\n");
  }
  Run preflight(const fs::path& out) const {
    return kartenwerk("--root " + quoted(root()) + " preflight --out " + quoted(out));
  }
};

// Built once for all tests (with and without --color cmyk); each test spoils a copy.
class PreflightCmyk : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    project_ = new CmykProject;
    cmyk_ = new test::TempDir;
    rgb_ = new test::TempDir;
    auto b = kartenwerk("--root " + quoted(project_->root()) + " build --color cmyk --out " + quoted(cmyk_->path()));
    ASSERT_EQ(b.status, 0) << b.output;
    // The RGB working copies of a plain build put where the shop's files go.
    auto r = kartenwerk("--root " + quoted(project_->root()) + " build --out " + quoted(rgb_->path()));
    ASSERT_EQ(r.status, 0) << r.output;
    for (const char* side : {"fronts.pdf", "backs.pdf"})
      fs::copy_file(rgb_->path() / "mini" / side, rgb_->path() / "mini/meinspiel" / side,
                    fs::copy_options::overwrite_existing);
  }
  static void TearDownTestSuite() {
    delete rgb_;
    delete cmyk_;
    delete project_;
  }
  // A copy of the CMYK build whose fronts PDF `spoil` has changed.
  static void spoilt_copy(const test::TempDir& to, const std::function<void(QPDF&)>& spoil) {
    fs::copy(cmyk_->path(), to.path(), fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    fs::path fronts = to.path() / "mini/meinspiel/fronts.pdf";
    QPDF pdf;
    pdf.processFile(fronts.c_str());
    spoil(pdf);
    std::string tmp = fronts.string() + ".new";
    QPDFWriter w(pdf, tmp.c_str());
    w.write();
    fs::rename(tmp, fronts);
  }
  static CmykProject* project_;
  static test::TempDir *cmyk_, *rgb_;
};
CmykProject* PreflightCmyk::project_ = nullptr;
test::TempDir* PreflightCmyk::cmyk_ = nullptr;
test::TempDir* PreflightCmyk::rgb_ = nullptr;

// True when `card`'s line says FAIL and a finding of `check` containing
// `text` is listed under it.
bool found(const Run& r, const std::string& card, const std::string& check, const std::string& text) {
  auto start = r.output.find("\n  " + card + " ");
  if (start == std::string::npos) return false;
  auto end = r.output.find("\n  ", start + 1);
  while (end != std::string::npos && r.output.compare(end, 7, "\n      ") == 0) end = r.output.find("\n  ", end + 1);
  std::string block = r.output.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return block.find("FAIL") != std::string::npos && block.find("\n      " + check + ": ") != std::string::npos &&
         block.find(text) != std::string::npos;
}

// Every content stream of the document (pages and forms), rewritten by `edit`.
void edit_streams(QPDF& pdf, const std::function<std::string(const std::string&)>& edit) {
  for (auto& obj : pdf.getAllObjects()) {
    if (!obj.isStream()) continue;
    auto dict = obj.getDict();
    bool form = dict.getKey("/Subtype").isName() && dict.getKey("/Subtype").getName() == "/Form";
    if (!form && (dict.hasKey("/Subtype") || dict.hasKey("/Length1") || dict.hasKey("/N") || dict.hasKey("/Type")))
      continue;
    auto data = obj.getStreamData(qpdf_dl_generalized);
    std::string text(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
    std::string changed = edit(text);
    if (changed != text) obj.replaceStreamData(changed, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
  }
}

TEST_F(PreflightCmyk, TheCmykBuildPassesAsPdfX4) {
  auto r = project_->preflight(cmyk_->path());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("colour: CMYK, FOGRA39 (ISO Coated v2, ISO 12647-2:2004/Amd 1), 300 % total ink, PDF/X-4"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(" marks colour ink black pdfx separations pnp\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("mini: PASS (4 of 4 cards pass)"), std::string::npos) << r.output;
}

TEST_F(PreflightCmyk, AnRgbBuildIsNoPdfX) {
  auto r = project_->preflight(rgb_->path());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("pdfx: meinspiel/fronts.pdf: GTS_PDFXVersion missing"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("pdfx: meinspiel/fronts.pdf: no output intent /GTS_PDFX"), std::string::npos) << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "colour", "p. 1: RGB fill left in a CMYK file (DeviceRGB ")) << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "colour", "RGB text left in a CMYK file")) << r.output;
  EXPECT_TRUE(found(r, "00-back", "colour", "meinspiel/backs.pdf: RGB fill left in a CMYK file")) << r.output;
}

TEST_F(PreflightCmyk, PdfXKeysAndBoxes) {
  test::TempDir out;
  spoilt_copy(out, [](QPDF& pdf) {
    auto info = pdf.getTrailer().getKey("/Info");
    info.removeKey("/GTS_PDFXVersion");
    info.replaceKey("/Trapped", QPDFObjectHandle::newName("/Unknown"));
    pdf.getRoot().removeKey("/Metadata");
    pdf.getRoot().removeKey("/OutputIntents");
    QPDFPageDocumentHelper(pdf).getAllPages()[0].getObjectHandle().removeKey("/TrimBox");
  });
  auto r = project_->preflight(out.path());
  EXPECT_EQ(r.status, 1) << r.output;
  for (const char* finding :
       {"GTS_PDFXVersion missing", "/Trapped is /Unknown, not /True or /False",
        "no XMP metadata (the catalog's /Metadata), which PDF/X-4 requires", "no output intent /GTS_PDFX"})
    EXPECT_NE(r.output.find(std::string("\n  pdfx: meinspiel/fronts.pdf: ") + finding + "\n"), std::string::npos)
        << finding << "\n"
        << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "pdfx", "meinspiel/fronts.pdf p. 1: the page has no TrimBox (or ArtBox)"))
      << r.output;
  EXPECT_EQ(r.output.find("p. 2: the page has no TrimBox"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("backs.pdf: GTS"), std::string::npos) << "the backs are still fine\n" << r.output;
}

TEST_F(PreflightCmyk, RgbInkAndBlackFromFourInks) {
  test::TempDir out;
  spoilt_copy(out, [](QPDF& pdf) {
    // The near-black text's 100 % K made of four inks, on every front.
    edit_streams(pdf, [](const std::string& s) {
      return std::regex_replace(s, std::regex(R"(\b0 0 0 1 k\b)"), "0.75 0.68 0.67 0.9 k");
    });
    // An RGB square and one of 360 % ink on the first front.
    auto page = QPDFPageDocumentHelper(pdf).getAllPages()[0];
    page.addPageContents(
        QPDFObjectHandle::newStream(&pdf, "q 0.2 0.4 0.6 rg 10 10 5 5 re f 0.9 0.9 0.9 0.9 k 20 20 5 5 re f Q\n"),
        false);
  });
  auto r = project_->preflight(out.path());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "colour", "p. 1: RGB fill left in a CMYK file (DeviceRGB 0.2 0.4 0.6)"))
      << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "ink",
                    "p. 1: 1 colour over the ink limit: fill C90 M90 Y90 K90 = 360 %, the "
                    "limit is 300 %"))
      << r.output;
  EXPECT_TRUE(found(r, "01-alpha-1", "black", "text in 4 inks C75 M68 Y67 K90: near-black text must be 100 % K"))
      << r.output;
  EXPECT_TRUE(found(r, "03-beta", "black", "p. 3: text in 4 inks C75 M68 Y67 K90")) << r.output;
  EXPECT_FALSE(found(r, "03-beta", "colour", "RGB")) << "only the first front has RGB\n" << r.output;
}

TEST_F(PreflightCmyk, SeparationsThatDifferFromTheRgbRendering) {
  auto good = project_->preflight(cmyk_->path());
  EXPECT_TRUE(std::regex_search(
      good.output, std::regex(R"(\n  03-beta +ok  .*separations ΔE [0-2]\.\d in 95 %, [0-5]\.\d at worst\n)")))
      << good.output;
  test::TempDir out;
  spoilt_copy(out, [](QPDF& pdf) {
    // The first front's whole page painted over in cyan, as a converter
    // that lost the card's colours would print it.
    auto page = QPDFPageDocumentHelper(pdf).getAllPages()[0];
    page.addPageContents(QPDFObjectHandle::newStream(&pdf, "q 1 0 0 0 k 0 0 500 500 re f Q\n"), false);
  });
  auto r = project_->preflight(out.path());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output,
      std::regex(R"(separations: meinspiel/fronts\.pdf p\. 1: Ghostscript's CMYK rendering differs from )"
                 R"(the card's own rendering \(both through the press profile\) by ΔE2000 [1-9]\d\.\d at )"
                 R"(worst, at \d+, \d+ mm from the page's top left, and [1-9]\d\.\d in 95 % of the 1 mm cells)")))
      << r.output;
  EXPECT_FALSE(found(r, "03-beta", "separations", "")) << r.output;
}

// A shift confined to one motif: a 5 mm square of the first front turned
// from the card's colour to another, 1 % of the card. The card's mean
// hardly moves; its worst cells do, and they are said with their place.
TEST_F(PreflightCmyk, ALocalColourShiftFailsCellByCell) {
  test::TempDir out;
  spoilt_copy(out, [](QPDF& pdf) {
    // 5 mm = 14.17 pt, at 20 mm from the left and 30 mm from the top (the
    // page's content leaves Cairo's matrix: points from the top left).
    auto page = QPDFPageDocumentHelper(pdf).getAllPages()[0];
    page.addPageContents(QPDFObjectHandle::newStream(&pdf, "q 0 0.2 0.9 0 k 56.7 85.04 14.17 14.17 re f Q\n"), false);
  });
  auto r = project_->preflight(out.path());
  EXPECT_EQ(r.status, 1) << r.output;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(r.output, m,
                        std::regex(R"(separations: meinspiel/fronts\.pdf p\. 1: .* by ΔE2000 (\d+\.\d) at )"
                                   R"(worst, at (\d+), (\d+) mm from the page's top left, and (\d+\.\d) in 95 %)")))
      << r.output;
  EXPECT_GT(std::stod(m[1]), 18) << r.output;
  EXPECT_NEAR(std::stod(m[2]), 22.5, 3) << r.output;  // inside the square
  EXPECT_NEAR(std::stod(m[3]), 32.5, 3) << r.output;
  EXPECT_LT(std::stod(m[4]), 10.3) << "95 % of the card is as it was\n" << r.output;
  EXPECT_FALSE(found(r, "03-beta", "separations", "")) << r.output;
}

}  // namespace
}  // namespace kw
