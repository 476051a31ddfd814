#include "print/colour/cmyk.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFTokenizer.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <stdexcept>

#include "core/files.h"
#include "model/value.h"
#include "print/pdf/pdf_boxes.h"
#include "print/settings/settings_schema.h"
#include "project/project.h"
#include "yaml/reader.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

// Runs `argv` (no shell), returns its exit status; stdout and stderr are
// collected into `output`.
int run(const std::vector<std::string>& argv, std::string& output) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  }
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::dup2(fds[1], 2);
    ::close(fds[0]);
    ::close(fds[1]);
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    std::string msg = "cannot run " + argv[0] + ": " + std::strerror(errno) + "\n";
    ssize_t ignored = ::write(2, msg.data(), msg.size());
    (void)ignored;
    ::_exit(127);
  }
  ::close(fds[1]);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) output.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A scratch folder, removed with everything in it.
class Scratch {
 public:
  Scratch() {
    static std::atomic<int> counter{0};
    path_ =
        fs::temp_directory_path() / ("kartenwerk-cmyk-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

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
        char value[32];
        std::snprintf(value, sizeof value, "%.6g", std::clamp(k, 0.0, 1.0));
        write(std::string(" 0 0 0 ") + value + (token.getValue() == "rg" ? " k" : " K"));
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
  std::string tmp = file.string() + ".blend";
  QPDFWriter w(pdf, tmp.c_str());
  w.setDeterministicID(true);
  w.write();
  fs::rename(tmp, file);
}

std::optional<CmykSettings> load_cmyk_settings(const project::Project& project, Diagnostics& diags) {
  const std::string file = "data/print/color.yaml";
  if (!project.exists(file)) {
    diags.error({file}, "no colour settings for --color cmyk (data/print/color.yaml is missing)");
    return std::nullopt;
  }
  size_t errors = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;
  yaml::Reader top(*doc, colour_file_schema(), diags);
  auto r = top.record("cmyk");
  if (!r) return std::nullopt;
  CmykSettings s;
  s.loc = r->value().loc;
  if (auto icc = r->text("icc")) {
    // Ghostscript opens the profile by its path; reading it here checks that
    // it is there and makes it an input of the build like any other.
    const bool system = icc->starts_with('/');
    const project::InputPtr profile = system ? project.read_system(*icc) : project.read(*icc);
    const auto on_disk = system ? std::optional<fs::path>(*icc) : project.file_on_disk(*icc);
    s.icc = on_disk.value_or(fs::path(*icc));
    if (!profile || !on_disk)
      r->error(r->find("icc")->loc, "ICC profile " + s.icc.string() + " does not exist",
               "Debian's libgs-common installs Ghostscript's profiles under /usr/share/color/icc/ghostscript/");
  }
  s.condition = r->text("condition").value_or(s.icc.filename().string());
  if (auto n = r->flag("neutrals_to_k")) s.neutrals_to_k = *n;
  if (auto b = r->colour("black_up_to")) s.black_up_to = std::max({b->r, b->g, b->b}) / 255.0;
  if (auto l = r->number("ink_limit")) s.ink_limit = *l;
  if (diags.error_count() > errors) return std::nullopt;
  return s;
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

void convert_to_cmyk(const fs::path& pdf, const CmykSettings& settings) {
  Scratch scratch;
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
  // The output intent, as pdfmarks (Ghostscript's PDFX_def.ps, with our profile).
  fs::path intent = scratch.path() / "intent.ps";
  {
    std::ofstream ps(intent);
    ps << "%!\n"
       << "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark\n"
       << "[{icc_PDFX} <</N 4>> /PUT pdfmark\n"
       << "[{icc_PDFX} " << postscript_string(settings.icc.string()) << " (r) file /PUT pdfmark\n"
       << "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark\n"
       << "[{OutputIntent_PDFX} <<\n"
       << "  /Type /OutputIntent /S /GTS_PDFX\n"
       << "  /OutputCondition " << postscript_string(settings.condition) << "\n"
       << "  /OutputConditionIdentifier (Custom) /RegistryName (http://www.color.org)\n"
       << "  /Info " << postscript_string(settings.condition) << "\n"
       << "  /DestOutputProfile {icc_PDFX}\n"
       << ">> /PUT pdfmark\n"
       << "[{Catalog} <</OutputIntents [ {OutputIntent_PDFX} ]>> /PUT pdfmark\n";
  }
  fs::path converted = scratch.path() / "cmyk.pdf";
  std::string output;
  int status = run({"gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dCompatibilityLevel=1.6",
                    "-dOmitID", "-dOmitXMP", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
                    "-sOutputICCProfile=" + settings.icc.string(), "--permit-file-read=" + settings.icc.string(),
                    "-sOutputFile=" + converted.string(), intent.string(), source.string()},
                   output);
  if (status != 0 || !fs::exists(converted))
    throw std::runtime_error("Ghostscript could not convert " + pdf.string() + " to CMYK (exit " +
                             std::to_string(status) + "): " + output);
  // Transparency is blended in the press's colour space, not in the RGB that
  // cairo declared (blending CMYK in RGB would turn 100 % K into a rich black).
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
  fs::path tmp = pdf.string() + ".tmp-cmyk-" + std::to_string(::getpid());
  fs::copy_file(converted, tmp, fs::copy_options::overwrite_existing);
  fs::rename(tmp, pdf);
}

InkCoverage::Pixel InkCoverage::at(int x, int y) const {
  size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  return {cmyk.at(i), cmyk.at(i + 1), cmyk.at(i + 2), cmyk.at(i + 3)};
}

InkCoverage measure_ink(const fs::path& pdf, int page, double dpi) {
  Scratch scratch;
  std::vector<PageBoxes> boxes = read_page_boxes(pdf);
  std::string output;
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
  int status = run(argv, output);
  if (status != 0) throw std::runtime_error("Ghostscript could not render " + pdf.string() + ": " + output);
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
