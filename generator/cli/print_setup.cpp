#include "cli/print_setup.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "core/diagnostic.h"
#include "print/products/manifest.h"
#include "print/settings/print_config.h"

namespace kw::cli {

namespace {

// What of the command line changes output, for the manifest's input hash.
std::string options_text(const Invocation& inv, const print::PrintOptions& print) {
  std::string formats;
  for (const auto& f : inv.formats) formats += (formats.empty() ? "" : ",") + f;
  std::string text = "formats=" + (formats.empty() ? std::string("png,jpg,pdf") : formats);
  if (!inv.variant.empty()) text += " variant=" + inv.variant;
  if (inv.color == "cmyk") text += " color=cmyk";
  if (print.pnp) {
    char offset[64];
    std::snprintf(offset, sizeof offset, "%g,%g", print.pnp->duplex_offset.x, print.pnp->duplex_offset.y);
    text += std::string(" cut-lines=") + (print.pnp->cut_lines ? "yes" : "no") + " duplex-offset=" + offset;
  }
  return text;
}

}  // namespace

int setup_print_options(const Invocation& inv, const project::Project& project, print::PrintOptions& print,
                        std::ostream& err) {
  std::optional<Point> offset;
  if (!inv.duplex_offset.empty()) {
    offset = print::parse_offset(inv.duplex_offset);
    if (!offset) {
      err << "kartenwerk: --duplex-offset needs X,Y in millimetres (e.g. 1.5,-0.5), not '" << inv.duplex_offset
          << "'\n";
      return 2;
    }
  }
  if (!inv.jobs.empty()) {
    errno = 0;
    char* end = nullptr;
    long n = std::strtol(inv.jobs.c_str(), &end, 10);
    if (errno || end != inv.jobs.c_str() + inv.jobs.size() || n < 1 || n > 1024) {
      err << "kartenwerk: -j needs a number of threads from 1 to 1024, not '" << inv.jobs << "'\n";
      return 2;
    }
    print.jobs = static_cast<int>(n);
  }
  if (!inv.color.empty() && inv.color != "rgb" && inv.color != "cmyk") {
    err << "kartenwerk: --color is rgb or cmyk, not '" << inv.color << "'\n";
    return 2;
  }
  print.progress = &err;
  print.progress_terminal = ::isatty(STDERR_FILENO) == 1;

  Diagnostics diags;
  print.pnp = print::load_pnp_settings(project, diags);
  if (diags.has_errors()) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  if (print.pnp) {
    if (inv.cut_lines) print.pnp->cut_lines = true;
    if (offset) print.pnp->duplex_offset = *offset;
  }
  if (inv.color == "cmyk") {
    print.cmyk = print::load_cmyk_settings(project, diags);
    if (!print.cmyk) {
      err << format_diagnostics(diags, &project);
      return 1;
    }
  }
  try {
    print.input = print::snapshot_inputs(inv.root, options_text(inv, print));
  } catch (const std::exception& e) {
    err << "kartenwerk: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace kw::cli
