#include "cli/print_setup.h"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <ostream>

#include "core/diagnostic.h"
#include "print/manifest/input_snapshot.h"
#include "print/settings/print_config.h"

namespace kw::cli {

namespace {

// What of the command line changes output, for the manifest's input hash.
std::string options_text(const Invocation& inv, const print::PrintOptions& print) {
  std::string text =
      inv.formats.empty() ? "formats=png,jpg,pdf" : fmt::format("formats={}", fmt::join(inv.formats, ","));
  if (!inv.variant.empty()) text += " variant=" + inv.variant;
  if (inv.color == ColorSpace::Cmyk) text += " color=cmyk";
  if (inv.png == PngSize::Small) text += " png=small";  // other bytes in every PNG file
  if (print.pnp)
    text += fmt::format(" cut-lines={} duplex-offset={:g},{:g}", print.pnp->cut_lines ? "yes" : "no",
                        print.pnp->duplex_offset.x, print.pnp->duplex_offset.y);
  return text;
}

}  // namespace

int setup_print_options(const Invocation& inv, const project::Project& project, print::PrintOptions& print,
                        std::ostream& err) {
  print.jobs = inv.jobs;  // the command line checked it (1 to 1024, or 0: all cores)
  print.png = inv.png == PngSize::Small ? render::PngCompression::Small : render::PngCompression::Fast;
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
    if (inv.duplex_offset) print.pnp->duplex_offset = *inv.duplex_offset;
  }
  if (inv.color == ColorSpace::Cmyk) {
    print.cmyk = print::load_cmyk_settings(project, diags);
    if (!print.cmyk) {
      err << format_diagnostics(diags, &project);
      return 1;
    }
  }
  try {
    print.input = print::snapshot_inputs(project, options_text(inv, print));
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace kw::cli
