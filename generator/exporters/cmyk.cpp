#include "exporters/cmyk.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFTokenizer.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/files.h"
#include "core/output_files.h"
#include "core/sha256.h"
#include "exporters/pdf_recolour.h"
#include "exporters/pdfx.h"
#include "exporters/press_colours.h"
#include "exporters/run_program.h"
#include "model/value.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_content.h"
#include "project/project.h"
#include "settings/settings_schema.h"
#include "yaml/reader.h"

namespace kw::exporters {

namespace fs = std::filesystem;

const char* pdfx_name(PdfxLevel level) { return level == PdfxLevel::X1a ? "PDF/X-1a:2001" : "PDF/X-4"; }

std::optional<CmykSettings> load_cmyk_settings(const project::Project& project, Diagnostics& diags,
                                               const std::string& id) {
  const std::string file = "data/print/color.yaml";
  if (!project.exists(file)) {
    diags.error({file}, "no colour settings for CMYK print files (data/print/color.yaml is missing)");
    return std::nullopt;
  }
  size_t errors = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;
  yaml::Reader top(*doc, settings::colour_file_schema(), diags);
  const std::string wanted = id.empty() ? top.text("default").value_or("") : id;
  std::optional<CmykSettings> found;
  std::vector<std::string> known;
  top.each("conditions", [&](const std::string& key, const yaml::Value& v) {
    known.push_back(key);
    if (key != wanted) return;
    yaml::Reader r(v, settings::colour_condition_schema(), diags, {"press condition '" + key + "'", {}, {}});
    CmykSettings s;
    s.id = key;
    s.loc = v.key_loc;
    if (auto icc = r.text("icc")) {
      // Read here, so that a missing profile is said at its line and the
      // profile is an input of the build like any other. Through the project
      // like every path a project file names: one outside it (a system
      // profile folder) needs --allow-read.
      const project::InputPtr profile = project.read(*icc);
      const auto on_disk = project.file_on_disk(*icc);
      s.icc = on_disk.value_or(fs::path(*icc));
      if (auto why = project.refusal(*icc))
        r.error(r.find("icc")->loc, "cannot read the ICC profile: " + *why);
      else if (!profile || !on_disk)
        r.error(r.find("icc")->loc, "ICC profile " + *icc + " does not exist",
                "scripts/make-icc-profiles.sh makes the profiles under data/print/icc/");
    }
    s.condition = r.text("name").value_or(s.icc.filename().string());
    s.identifier = r.text("identifier").value_or("Custom");
    if (auto reg = r.text("registry")) s.registry = *reg;
    if (auto n = r.flag("neutrals_to_k")) s.neutrals_to_k = *n;
    if (auto d = r.number("near_black")) s.near_black_delta_e = *d;
    if (auto t = r.number("thin_line")) s.thin_line_pt = *t;
    if (auto m = r.number("rich_black_min")) s.rich_black_min_mm = *m;
    if (auto rb = r.numbers("rich_black"); rb && rb->size() == 4)
      std::copy(rb->begin(), rb->end(), s.rich_black.begin());
    if (auto o = r.flag("overprint_black")) s.overprint_black = *o;
    if (auto l = r.number("ink_limit")) s.ink_limit = *l;
    if (auto f = r.number("flatten_dpi")) s.flatten_dpi = *f;
    const double rich = s.rich_black[0] + s.rich_black[1] + s.rich_black[2] + s.rich_black[3];
    if (rich > s.ink_limit + 1e-9)
      r.error(r.find("rich_black") ? r.find("rich_black")->loc : s.loc,
              fmt::format("the rich black carries {:g} % ink, more than the ink limit of {:g} %", rich, s.ink_limit));
    found = s;
  });
  if (diags.error_count() > errors) return std::nullopt;
  if (!found) {
    diags.error(
        {file},
        wanted.empty() ? "no press condition named (give `default:`)" : "unknown press condition '" + wanted + "'", {},
        known.empty() ? "" : "known press conditions are " + yaml::join_names(known));
    return std::nullopt;
  }
  return found;
}

namespace {

// Ghostscript renders page `page` (1-based) of `pdf` in CMYK at `dpi`: the
// raw pixels, 4 bytes each, and the raster's size.
struct CmykRaster {
  int width = 0, height = 0;
  std::string pixels;
};

// PDF/X-1a knows no transparency: a page that blends is drawn by Ghostscript
// into one CMYK image at the condition's flatten_dpi, which replaces the
// page's content (its boxes stay). The CMYK values come through unchanged:
// Ghostscript renders DeviceCMYK to a CMYK device through the same profile.
void flatten_transparent_pages(QPDF& pdf, const fs::path& rendered_from, const CmykSettings& settings) {
  auto pages = QPDFPageDocumentHelper(pdf).getAllPages();
  std::vector<pdf::PageBoxes> boxes = pdf::read_page_boxes(rendered_from);
  for (size_t i = 0; i < pages.size(); ++i) {
    if (!page_has_transparency(pdf, i)) continue;
    InkCoverage raster = measure_ink(rendered_from, static_cast<int>(i + 1), settings.flatten_dpi);
    std::string data(raster.cmyk.begin(), raster.cmyk.end());
    QPDFObjectHandle image = QPDFObjectHandle::newStream(&pdf, data);
    QPDFObjectHandle d = image.getDict();
    d.replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    d.replaceKey("/Subtype", QPDFObjectHandle::newName("/Image"));
    d.replaceKey("/Width", QPDFObjectHandle::newInteger(raster.width));
    d.replaceKey("/Height", QPDFObjectHandle::newInteger(raster.height));
    d.replaceKey("/ColorSpace", QPDFObjectHandle::newName(pdf::pdf_name(pdf::ColourFamily::DeviceCMYK)));
    d.replaceKey("/BitsPerComponent", QPDFObjectHandle::newInteger(8));
    d.replaceKey("/Interpolate", QPDFObjectHandle::newBool(false));
    const Rect& media = boxes.at(i).media;
    const double w = media.w / 25.4 * 72, h = media.h / 25.4 * 72;
    QPDFObjectHandle page = pages[i].getObjectHandle();
    QPDFObjectHandle media_box = page.getKey("/MediaBox");
    const double x0 = media_box.isArray() ? media_box.getArrayItem(0).getNumericValue() : 0;
    const double y0 = media_box.isArray() ? media_box.getArrayItem(1).getNumericValue() : 0;
    QPDFObjectHandle resources = QPDFObjectHandle::newDictionary();
    resources.replaceKey("/XObject", QPDFObjectHandle::newDictionary({{"/kwFlat", image}}));
    page.replaceKey("/Resources", resources);
    page.replaceKey("/Contents",
                    QPDFObjectHandle::newStream(
                        &pdf, fmt::format("q {:.4f} 0 0 {:.4f} {:.4f} {:.4f} cm /kwFlat Do Q\n", w, h, x0, y0)));
    page.removeKey("/Group");
  }
}

void write_pdf(QPDF& pdf, const fs::path& out, PdfxLevel level) {
  QPDFWriter w(pdf, out.c_str());
  w.setDeterministicID(true);
  w.forcePDFVersion(pdfx_version(level));
  if (level == PdfxLevel::X1a) w.setObjectStreamMode(qpdf_o_disable);  // PDF 1.3 has none
  w.write();
}

}  // namespace

namespace {

// One conversion of `pdf` into `scratch`, as `settings` say; the converted
// file's path. `name`: the file as errors say it.
fs::path convert_once(const fs::path& pdf, const CmykSettings& settings, const std::string& hash,
                      const fs::path& scratch, const std::string& name) {
  fs::path x4 = scratch / "x4.pdf";
  try {
    PressColours colours(settings);
    QPDF doc;
    doc.setSuppressWarnings(true);
    doc.processFile(pdf.c_str());
    recolour_for_press(doc, colours);
    mark_pdfx(doc, settings, PdfxLevel::X4, hash);
    write_pdf(doc, x4, PdfxLevel::X4);
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot convert " + name + " to CMYK: " + e.what());
  }
  if (settings.pdfx != PdfxLevel::X1a) return x4;
  fs::path x1a = scratch / "x1a.pdf";
  QPDF doc;
  doc.setSuppressWarnings(true);
  doc.processFile(x4.c_str());
  flatten_transparent_pages(doc, x4, settings);
  strip_inert_transparency(doc);
  mark_pdfx(doc, settings, PdfxLevel::X1a, hash);
  write_pdf(doc, x1a, PdfxLevel::X1a);
  return x1a;
}

std::string over_the_limit(const std::string& name, const CmykSettings& settings, double ink) {
  return name + " in CMYK carries up to " + std::to_string(std::lround(ink)) + " % ink, more than the limit of " +
         std::to_string(std::lround(settings.ink_limit)) + " % (data/print/color.yaml, press condition " + settings.id +
         ")";
}

// `pdf` converted into `scratch` and its ink checked (see convert_to_cmyk):
// the converted file and what was measured.
std::pair<fs::path, CmykResult> convert_checked(const fs::path& pdf, const CmykSettings& settings,
                                                const fs::path& scratch, const std::string& name) {
  const std::string hash = sha256_file(pdf);
  CmykResult result;
  fs::path converted = convert_once(pdf, settings, hash, scratch, name);
  // Verified, not assumed: the ink of every page, as printed (overprint
  // included: black text overprinting a dark ground adds its 100 % K to it).
  InkCoverage ink = measure_ink(converted, 0, 36);
  if (ink.max_total > settings.ink_limit + 0.5 && settings.overprint_black) {
    // Where overprinting black would go over the limit, black knocks out
    // instead: fringes are the lesser evil than ink that does not dry.
    CmykSettings knockout = settings;
    knockout.overprint_black = false;
    const fs::path again = scratch / "knockout";
    fs::create_directories(again);
    const fs::path second = convert_once(pdf, knockout, hash, again, name);
    InkCoverage second_ink = measure_ink(second, 0, 36);
    if (second_ink.max_total <= settings.ink_limit + 0.5) {
      result.note = fmt::format(
          "black knocks out instead of overprinting: overprinted it would carry {:.0f} % ink, "
          "over the limit of {:.0f} %",
          ink.max_total, settings.ink_limit);
      converted = second;
      ink = second_ink;
    }
  }
  if (ink.max_total > settings.ink_limit + 0.5) throw std::runtime_error(over_the_limit(name, settings, ink.max_total));
  result.max_ink = ink.max_total;
  return {converted, result};
}

}  // namespace

CmykResult convert_to_cmyk(const fs::path& pdf, const CmykSettings& settings) {
  ScratchFolder scratch;
  auto [converted, result] = convert_checked(pdf, settings, scratch.path(), pdf.string());
  install_output(converted, pdf);
  return result;
}

CmykPart convert_part_to_cmyk(std::string_view pdf, const CmykSettings& settings, const std::string& name) {
  ScratchFolder scratch;
  const fs::path part = scratch.path() / "part.pdf";
  write_file_atomic(part, pdf);
  auto [converted, result] = convert_checked(part, settings, scratch.path(), name);
  // The output intent and the XMP packet are the document's (mark_cmyk_pdf,
  // after the join); the joiner takes a part whose catalog holds its pages only.
  QPDF doc;
  doc.setSuppressWarnings(true);
  doc.processFile(converted.c_str());
  QPDFObjectHandle root = doc.getRoot();
  root.removeKey("/OutputIntents");
  root.removeKey("/Metadata");
  QPDFWriter w(doc);
  w.setOutputMemory();
  w.setDeterministicID(true);
  w.setObjectStreamMode(qpdf_o_disable);  // the joiner reads a classic cross-reference table
  w.write();
  std::shared_ptr<Buffer> buffer(w.getBufferSharedPointer());
  return {std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize()), result};
}

void mark_cmyk_pdf(const fs::path& pdf, const CmykSettings& settings) {
  ScratchFolder scratch;
  const fs::path marked = scratch.path() / "marked.pdf";
  try {
    QPDF doc;
    doc.setSuppressWarnings(true);
    doc.processFile(pdf.c_str());
    mark_pdfx(doc, settings, settings.pdfx, sha256_file(pdf));
    write_pdf(doc, marked, settings.pdfx);
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot mark " + pdf.string() + " as " + pdfx_name(settings.pdfx) + ": " + e.what());
  }
  install_output(marked, pdf);
}

InkCoverage::Pixel InkCoverage::at(int x, int y) const {
  size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  return {cmyk.at(i), cmyk.at(i + 1), cmyk.at(i + 2), cmyk.at(i + 3)};
}

namespace {

// A page Ghostscript rendered (`bytes`, 4 bytes a pixel) of a page `media_w`
// mm wide at `dpi`.
InkCoverage read_rendered(const std::string& bytes, double media_w, double dpi) {
  // Ghostscript's raster width: the page's width in device pixels, rounded.
  int width = static_cast<int>(std::lround(media_w / 25.4 * dpi));
  if (width <= 0 || bytes.size() % (static_cast<size_t>(width) * 4) != 0) {
    // Fall back on the width that divides the data (rounding may differ by one).
    for (int w = width - 2; w <= width + 2; ++w)
      if (w > 0 && bytes.size() % (static_cast<size_t>(w) * 4) == 0) {
        width = w;
        break;
      }
  }
  InkCoverage ink;
  ink.width = width;
  ink.height = static_cast<int>(bytes.size() / (static_cast<size_t>(width) * 4));
  ink.cmyk.assign(bytes.begin(), bytes.end());
  for (size_t i = 0; i + 3 < bytes.size(); i += 4) {
    int total = static_cast<unsigned char>(bytes[i]) + static_cast<unsigned char>(bytes[i + 1]) +
                static_cast<unsigned char>(bytes[i + 2]) + static_cast<unsigned char>(bytes[i + 3]);
    ink.max_total = std::max(ink.max_total, total * 100.0 / 255);
  }
  return ink;
}

// Pages `first` to `last` (1-based) rendered in CMYK, one Ghostscript run.
std::vector<InkCoverage> render_pages(const fs::path& pdf, int first, int last, double dpi) {
  ScratchFolder scratch;
  std::vector<pdf::PageBoxes> boxes = pdf::read_page_boxes(pdf);
  std::vector<std::string> argv = {"gs",
                                   "-q",
                                   "-dSAFER",
                                   "-dBATCH",
                                   "-dNOPAUSE",
                                   "-sDEVICE=bitcmyk",
                                   "-dGrayValues=256",
                                   "-r" + std::to_string(dpi),
                                   "-dFirstPage=" + std::to_string(first),
                                   "-dLastPage=" + std::to_string(last),
                                   "-sOutputFile=" + (scratch.path() / "page-%d.cmyk").string(),
                                   pdf.string()};
  ProgramResult gs = run_program(argv);
  if (gs.status != 0) throw std::runtime_error("Ghostscript could not render " + pdf.string() + ": " + gs.output);
  std::vector<InkCoverage> pages;
  for (int p = first, file = 1; p <= last; ++p, ++file) {
    auto bytes = read_file(scratch.path() / ("page-" + std::to_string(file) + ".cmyk"));
    if (!bytes) throw std::runtime_error("Ghostscript rendered no page " + std::to_string(p) + " of " + pdf.string());
    pages.push_back(read_rendered(*bytes, boxes.at(static_cast<size_t>(p - 1)).media.w, dpi));
  }
  return pages;
}

}  // namespace

InkCoverage measure_ink(const fs::path& pdf, int page, double dpi) {
  const int first = page > 0 ? page : 1, last = page > 0 ? page : pdf::pdf_page_count(pdf);
  std::vector<InkCoverage> pages = render_pages(pdf, first, last, dpi);
  InkCoverage ink = pages.back();
  for (const auto& p : pages) ink.max_total = std::max(ink.max_total, p.max_total);
  return ink;
}

std::vector<InkCoverage> render_cmyk_pages(const fs::path& pdf, double dpi, int first, int last) {
  return render_pages(pdf, first, last > 0 ? last : pdf::pdf_page_count(pdf), dpi);
}

bool has_output_intent(const fs::path& file) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processFile(file.c_str());
  QPDFObjectHandle intents = pdf.getRoot().getKey("/OutputIntents");
  if (!intents.isArray()) return false;
  for (auto intent : intents.aitems())
    if (intent.isDictionary() && intent.getKey("/DestOutputProfile").isStream()) return true;
  return false;
}

}  // namespace kw::exporters
