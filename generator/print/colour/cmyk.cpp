#include "print/colour/cmyk.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
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
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "core/files.h"
#include "model/value.h"
#include "print/colour/run_program.h"
#include "print/output/output_files.h"
#include "print/pdf/pdf_boxes.h"
#include "print/settings/settings_schema.h"
#include "project/project.h"
#include "yaml/reader.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// "0.2 0.2 0.2 rg" -> "0 0 0 0.8 k" (and RG -> K): a neutral colour in black
// ink only. Ghostscript's pdfwrite keeps DeviceCMYK colours as they are,
// whereas DeviceGray would be converted through the ICC profile into a rich
// black. Numbers are held back until the operator that takes them shows
// whether they are a neutral colour.
class NeutralsToBlack : public QPDFObjectHandle::TokenFilter {
 public:
  explicit NeutralsToBlack(double black_up_to) : black_up_to_(black_up_to) {}
  void handleToken(QPDFTokenizer::Token const& token) override {
    auto type = token.getType();
    if (type == QPDFTokenizer::tt_integer || type == QPDFTokenizer::tt_real || type == QPDFTokenizer::tt_space) {
      pending_.push_back(token);
      return;
    }
    if (type == QPDFTokenizer::tt_word && (token.getValue() == "rg" || token.getValue() == "RG")) {
      std::vector<std::string> numbers;
      for (const auto& t : pending_)
        if (t.getType() != QPDFTokenizer::tt_space) numbers.push_back(t.getValue());
      double r = numbers.size() == 3 ? std::strtod(numbers[0].c_str(), nullptr) : -1;
      double g = numbers.size() == 3 ? std::strtod(numbers[1].c_str(), nullptr) : -1;
      double b = numbers.size() == 3 ? std::strtod(numbers[2].c_str(), nullptr) : -1;
      bool neutral = r >= 0 && r == g && g == b;
      // Near black (every channel at most black_up_to, and nearly grey, as
      // #1d1d1b, the screen colour of 100 % K) is black.
      bool black = r >= 0 && std::max({r, g, b}) <= black_up_to_ + 1e-9 &&
                   std::max({r, g, b}) - std::min({r, g, b}) <= 8 / 255.0 + 1e-9;
      if (neutral || black) {
        pending_.clear();  // the three numbers (and the spaces between them)
        double k = black ? 1 : 1 - r;
        write(fmt::format(" 0 0 0 {:.6g} {}", std::clamp(k, 0.0, 1.0), token.getValue() == "rg" ? "k" : "K"));
        return;
      }
    }
    flush();
    writeToken(token);
  }
  void handleEOF() override { flush(); }

 private:
  void flush() {
    for (const auto& t : pending_) writeToken(t);
    pending_.clear();
  }
  std::vector<QPDFTokenizer::Token> pending_;
  double black_up_to_;
};

std::string postscript_string(const std::string& s) {
  std::string out = "(";
  for (char c : s) {
    if (c == '(' || c == ')' || c == '\\') out += '\\';
    out += c;
  }
  return out + ")";
}

}  // namespace

void cmyk_blending(const fs::path& file) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processFile(file.c_str());
  auto fix = [](QPDFObjectHandle dict) {
    if (!dict.isDictionary()) return;
    QPDFObjectHandle group = dict.getKey("/Group");
    if (group.isDictionary() && group.hasKey("/CS")) group.replaceKey("/CS", QPDFObjectHandle::newName("/DeviceCMYK"));
  };
  for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) fix(page.getObjectHandle());
  for (auto& obj : pdf.getAllObjects()) fix(obj.isStream() ? obj.getDict() : obj);
  PendingFile blended(file);
  QPDFWriter w(pdf, blended.temp_path().c_str());
  w.setDeterministicID(true);
  w.write();
  blended.commit();
}

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
  yaml::Reader top(*doc, colour_file_schema(), diags);
  const std::string wanted = id.empty() ? top.text("default").value_or("") : id;
  std::optional<CmykSettings> found;
  std::vector<std::string> known;
  top.each("conditions", [&](const std::string& key, const yaml::Value& v) {
    known.push_back(key);
    if (key != wanted) return;
    yaml::Reader r(v, colour_condition_schema(), diags, {"press condition '" + key + "'", {}, {}});
    CmykSettings s;
    s.id = key;
    s.loc = v.key_loc;
    if (auto icc = r.text("icc")) {
      // Read here, so that a missing profile is said at its line and the
      // profile is an input of the build like any other.
      const bool system = icc->starts_with('/');
      const project::InputPtr profile = system ? project.read_system(*icc) : project.read(*icc);
      const auto on_disk = system ? std::optional<fs::path>(*icc) : project.file_on_disk(*icc);
      s.icc = on_disk.value_or(fs::path(*icc));
      if (!profile || !on_disk)
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
    if (auto rb = r.numbers("rich_black"); rb && rb->size() == 4) std::copy(rb->begin(), rb->end(), s.rich_black.begin());
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
    diags.error({file}, wanted.empty() ? "no press condition named (give `default:`)"
                                       : "unknown press condition '" + wanted + "'",
                {}, known.empty() ? "" : "known press conditions are " + yaml::join_names(known));
    return std::nullopt;
  }
  return found;
}

void neutrals_to_black(const fs::path& in, const fs::path& out, double black_up_to) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processFile(in.c_str());
  std::set<QPDFObjGen> seen;
  auto filter = [&](QPDFObjectHandle stream) {
    if (!stream.isStream() || !seen.insert(stream.getObjGen()).second) return;
    stream.addTokenFilter(std::make_shared<NeutralsToBlack>(black_up_to));
  };
  for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
    QPDFObjectHandle contents = page.getObjectHandle().getKey("/Contents");
    if (contents.isArray()) {
      for (auto s : contents.aitems()) filter(s);
    } else {
      filter(contents);
    }
  }
  for (auto& obj : pdf.getAllObjects()) {
    if (!obj.isStream()) continue;
    QPDFObjectHandle dict = obj.getDict();
    bool form = dict.getKey("/Subtype").isName() && dict.getKey("/Subtype").getName() == "/Form";
    bool tiling = dict.getKey("/PatternType").isInteger() && dict.getKey("/PatternType").getIntValue() == 1;
    if (form || tiling) filter(obj);
  }
  QPDFWriter w(pdf, out.c_str());
  w.setDeterministicID(true);
  w.write();
}

namespace {

// The output intent, as pdfmarks (Ghostscript's PDFX_def.ps, with our profile).
std::string output_intent_ps(const CmykSettings& settings) {
  return "%!\n"
         "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark\n"
         "[{icc_PDFX} <</N 4>> /PUT pdfmark\n"
         "[{icc_PDFX} " +
         postscript_string(settings.icc.string()) +
         " (r) file /PUT pdfmark\n"
         "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark\n"
         "[{OutputIntent_PDFX} <<\n"
         "  /Type /OutputIntent /S /GTS_PDFX\n"
         "  /OutputCondition " +
         postscript_string(settings.condition) +
         "\n"
         "  /OutputConditionIdentifier (Custom) /RegistryName (http://www.color.org)\n"
         "  /Info " +
         postscript_string(settings.condition) +
         "\n"
         "  /DestOutputProfile {icc_PDFX}\n"
         ">> /PUT pdfmark\n"
         "[{Catalog} <</OutputIntents [ {OutputIntent_PDFX} ]>> /PUT pdfmark\n";
}

// Ghostscript's pdfwrite: `source` (after the pdfmarks in `intent`) into
// `out` in CMYK; `pdf` names the file for messages.
void ghostscript_to_cmyk(const fs::path& source, const fs::path& intent, const fs::path& out,
                         const CmykSettings& settings, const fs::path& pdf) {
  ProgramResult gs =
      run_program({"gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dCompatibilityLevel=1.6",
                   "-dOmitID", "-dOmitXMP", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
                   "-sOutputICCProfile=" + settings.icc.string(), "--permit-file-read=" + settings.icc.string(),
                   "-sOutputFile=" + out.string(), intent.string(), source.string()});
  if (gs.status != 0 || !std::ifstream(out))
    throw std::runtime_error("Ghostscript could not convert " + pdf.string() + " to CMYK (exit " +
                             std::to_string(gs.status) + "): " + gs.output);
}

}  // namespace

void convert_to_cmyk(const fs::path& pdf, const CmykSettings& settings) {
  ScratchFolder scratch;
  std::vector<PageBoxes> boxes = read_page_boxes(pdf);
  fs::path source = pdf;
  if (settings.neutrals_to_k) {
    source = scratch.path() / "neutral.pdf";
    try {
      neutrals_to_black(pdf, source, settings.black_up_to);
    } catch (const std::exception& e) {
      throw std::runtime_error("cannot prepare " + pdf.string() + " for CMYK: " + e.what());
    }
  }
  fs::path intent = scratch.path() / "intent.ps";
  write_output(intent, output_intent_ps(settings));
  fs::path converted = scratch.path() / "cmyk.pdf";
  ghostscript_to_cmyk(source, intent, converted, settings, pdf);
  // Transparency is blended in the press's colour space, not in the RGB the
  // PDF was drawn in (blending CMYK in RGB would turn 100 % K into a rich black).
  cmyk_blending(converted);
  // Ghostscript keeps the boxes; set them again all the same (and get a
  // deterministic /ID from qpdf).
  set_page_boxes(converted, boxes);
  // Verified, not assumed: the ink of every page.
  InkCoverage ink = measure_ink(converted, 0, 36);
  if (ink.max_total > settings.ink_limit + 0.5)
    throw std::runtime_error(pdf.string() + " in CMYK carries up to " + std::to_string(std::lround(ink.max_total)) +
                             " % ink, more than the limit of " + std::to_string(std::lround(settings.ink_limit)) +
                             " % (data/print/color.yaml)");
  install_output(converted, pdf);
}

InkCoverage::Pixel InkCoverage::at(int x, int y) const {
  size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  return {cmyk.at(i), cmyk.at(i + 1), cmyk.at(i + 2), cmyk.at(i + 3)};
}

InkCoverage measure_ink(const fs::path& pdf, int page, double dpi) {
  ScratchFolder scratch;
  std::vector<PageBoxes> boxes = read_page_boxes(pdf);
  std::vector<std::string> argv = {"gs",
                                   "-q",
                                   "-dSAFER",
                                   "-dBATCH",
                                   "-dNOPAUSE",
                                   "-sDEVICE=bitcmyk",
                                   "-dGrayValues=256",
                                   "-r" + std::to_string(dpi)};
  if (page > 0) {
    argv.push_back("-dFirstPage=" + std::to_string(page));
    argv.push_back("-dLastPage=" + std::to_string(page));
  }
  argv.push_back("-sOutputFile=" + (scratch.path() / "page-%d.cmyk").string());
  argv.push_back(pdf.string());
  ProgramResult gs = run_program(argv);
  if (gs.status != 0) throw std::runtime_error("Ghostscript could not render " + pdf.string() + ": " + gs.output);
  InkCoverage ink;
  int first = page > 0 ? page : 1, last = page > 0 ? page : static_cast<int>(boxes.size());
  for (int p = first, file = 1; p <= last; ++p, ++file) {
    auto bytes = read_file(scratch.path() / ("page-" + std::to_string(file) + ".cmyk"));
    if (!bytes) throw std::runtime_error("Ghostscript rendered no page " + std::to_string(p) + " of " + pdf.string());
    const Rect& media = boxes.at(static_cast<size_t>(p - 1)).media;
    // Ghostscript's raster width: the page's width in device pixels, rounded.
    int width = static_cast<int>(std::lround(media.w / 25.4 * dpi));
    if (width <= 0 || bytes->size() % (static_cast<size_t>(width) * 4) != 0) {
      // Fall back on the width that divides the data (rounding may differ by one).
      for (int w = width - 2; w <= width + 2; ++w)
        if (w > 0 && bytes->size() % (static_cast<size_t>(w) * 4) == 0) {
          width = w;
          break;
        }
    }
    ink.width = width;
    ink.height = static_cast<int>(bytes->size() / (static_cast<size_t>(width) * 4));
    ink.cmyk.assign(bytes->begin(), bytes->end());
    for (size_t i = 0; i + 3 < bytes->size(); i += 4) {
      int total = static_cast<unsigned char>((*bytes)[i]) + static_cast<unsigned char>((*bytes)[i + 1]) +
                  static_cast<unsigned char>((*bytes)[i + 2]) + static_cast<unsigned char>((*bytes)[i + 3]);
      ink.max_total = std::max(ink.max_total, total * 100.0 / 255);
    }
  }
  return ink;
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

}  // namespace kw::print
