#include "verify/page_render.h"

#include <fmt/format.h>

#include <stdexcept>
#include <string>

#include "core/files.h"
#include "core/output_files.h"
#include "exporters/print_pdf.h"
#include "exporters/run_program.h"

namespace kw::verify {

namespace fs = std::filesystem;

namespace {

// A binary PPM (P6, maxval 255) as Ghostscript's ppmraw device writes it.
// Hand-read: the format is a three-number header, and no library we link
// reads it.
render::Raster read_ppm(const std::string& bytes, const fs::path& file, double dpi) {
  size_t at = 0;
  auto skip_space = [&] {
    while (at < bytes.size() && (std::isspace(static_cast<unsigned char>(bytes[at])) || bytes[at] == '#')) {
      if (bytes[at] == '#')
        while (at < bytes.size() && bytes[at] != '\n') ++at;
      else
        ++at;
    }
  };
  auto number = [&] {
    skip_space();
    long long v = 0;
    const size_t start = at;
    while (at < bytes.size() && std::isdigit(static_cast<unsigned char>(bytes[at])) && v < 1000000)
      v = v * 10 + (bytes[at++] - '0');
    if (at == start) throw std::runtime_error("Ghostscript wrote no PPM header in " + file.string());
    return static_cast<int>(v);
  };
  if (bytes.compare(0, 2, "P6") != 0) throw std::runtime_error(file.string() + " is no binary PPM");
  at = 2;
  const int w = number(), h = number(), max = number();
  ++at;  // the one whitespace byte after the header
  const size_t pixels = static_cast<size_t>(w) * static_cast<size_t>(h);
  if (max != 255 || w <= 0 || h <= 0 || bytes.size() - at < pixels * 3)
    throw std::runtime_error(fmt::format("{}: a {} x {} PPM of depth {} is cut short", file.string(), w, h, max));
  render::Raster raster;
  raster.width = w;
  raster.height = h;
  raster.dpi = dpi;
  raster.rgba.resize(pixels * 4);
  for (size_t i = 0; i < pixels; ++i) {
    for (size_t c = 0; c < 3; ++c) raster.rgba[i * 4 + c] = static_cast<std::uint8_t>(bytes[at + i * 3 + c]);
    raster.rgba[i * 4 + 3] = 255;
  }
  return raster;
}

}  // namespace

std::vector<render::Raster> render_rgb_pages(const fs::path& pdf, double dpi, bool smooth) {
  ScratchFolder scratch;
  const fs::path pattern = scratch.path() / "page-%d.ppm";
  std::vector<std::string> args{"gs",
                                "-q",
                                "-dSAFER",
                                "-dBATCH",
                                "-dNOPAUSE",
                                "-dUsePDFX3Profile",
                                "-sDEVICE=ppmraw",
                                "-r" + fmt::format("{:g}", dpi)};
  if (smooth) args.insert(args.end(), {"-dNOCACHE", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4"});
  args.insert(args.end(), {"-sOutputFile=" + pattern.string(), pdf.string()});
  exporters::ProgramResult gs = exporters::run_program(args);
  if (gs.status != 0) throw std::runtime_error("Ghostscript could not render " + pdf.string() + ": " + gs.output);
  std::vector<render::Raster> pages;
  for (int n = 1;; ++n) {
    const fs::path file = scratch.path() / ("page-" + std::to_string(n) + ".ppm");
    auto bytes = read_file(file);
    if (!bytes) break;
    pages.push_back(read_ppm(*bytes, file, dpi));
  }
  return pages;
}

std::vector<render::Raster> render_layout_pages(std::span<const page::Page* const> pages, double dpi, bool smooth) {
  if (pages.empty()) return {};
  ScratchFolder scratch;
  const fs::path file = scratch.path() / "layout.pdf";
  exporters::PrintPdf pdf(file, {.title = "reference", .clock = {}});
  for (const page::Page* page : pages) pdf.add(*page);
  pdf.finish();
  return render_rgb_pages(file, dpi, smooth);
}

}  // namespace kw::verify
