#include "cli/cli.h"

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/files.h"

namespace kw::cli {

namespace {

const char* kUsage =
    "usage: kartenwerk [--root DIR] <command> [options]\n"
    "\n"
    "Renders print-ready card games from the YAML card database (data/cards.yaml),\n"
    "layouts (layouts/), SVG art (templates/) and bundled fonts (fonts/).\n"
    "\n"
    "commands:\n"
    "  build   render games into the output folder\n"
    "          --game ID[,ID]     only these games (default: all)\n"
    "          --out DIR          output folder (default: output)\n"
    "          --format LIST      png,jpg,pdf (default: all three)\n"
    "          --force            build even when the rules engine reports errors\n"
    "          --variant NAME     a variant (data/variants/<game>/NAME.yaml) into\n"
    "                             output/<game>/NAME/\n"
    "          --lang LANG        de (default), en, ... or all: every language;\n"
    "                             a translation goes to output/<game>/<lang>/\n"
    "          --cut-lines        thin lines along every cut on print-and-play sheets\n"
    "          --duplex-offset X,Y  move PnP backs by X (right), Y (down) mm, as read\n"
    "                             on the alignment sheet (pnp/<game>-<sheet>-alignment.pdf)\n"
    "          -j N, --jobs N     render N cards at once (default: all cores); progress\n"
    "                             goes to stderr (a bar on a terminal, else plain lines)\n"
    "          --color rgb|cmyk   cmyk: the game's PDF and meinspiel/fronts.pdf, backs.pdf\n"
    "                             in CMYK with an output intent (data/print/color.yaml)\n"
    "  check   cross-check every deck against its game's rules\n"
    "          --game ID[,ID]     only these games\n"
    "          --format text|json\n"
    "          --variant NAME     check a variant instead of the base game\n"
    "  preflight  check the built files of games against a print-shop profile\n"
    "          --game ID[,ID]     only these games\n"
    "          --profile NAME     a profile of data/print/profiles.yaml (default: its default)\n"
    "          --out DIR          where the games were built (default: output)\n"
    "  list    list games, decks and card counts\n"
    "  i18n status [--lang LANG]  per game and language: missing and stale strings\n"
    "  i18n export --lang LANG [--out DIR]  gettext PO files (default output/i18n/LANG/<game>.po)\n"
    "  i18n import FILE.po...     merge PO translations into data/locales/<lang>/<game>.yaml\n"
    "\n"
    "options:\n"
    "  --root DIR     project folder with data/, layouts/, templates/, fonts/\n"
    "                 (default: $KARTENWERK_ROOT, else the current folder if it\n"
    "                 has data/cards.yaml, else the source tree)\n"
    "  --help, -h     show this help\n"
    "  --version      show the version\n"
    "\n"
    "Exit status: 0 on success, 1 when the input has errors, 2 on a wrong command line.\n";

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  OptionSpec spec;
  spec.with_value = {"--root",    "--game", "--out",  "--format",  "--lang", "--duplex-offset",
                     "--variant", "-j",     "--jobs", "--profile", "--color"};
  spec.flags = {"--help", "-h", "--version", "--force", "--cut-lines"};
  ParsedArgs parsed = parse_args(args, spec);
  if (!parsed.error.empty()) {
    err << "kartenwerk: " << parsed.error << "\n"
        << "try 'kartenwerk --help'\n";
    return 2;
  }
  if (parsed.has("--version")) {
    out << "kartenwerk " << version() << "\n";
    return 0;
  }
  if (parsed.has("--help") || parsed.has("-h") || parsed.positional.empty()) {
    (parsed.positional.empty() && !parsed.has("--help") && !parsed.has("-h") ? err : out) << kUsage;
    return parsed.positional.empty() && !parsed.has("--help") && !parsed.has("-h") ? 2 : 0;
  }
  const std::string& command = parsed.positional[0];
  if (parsed.positional.size() > 1 && command != "i18n") {
    err << "kartenwerk: unexpected argument '" << parsed.positional[1] << "'\n";
    return 2;
  }
  Invocation inv;
  inv.root = parsed.value("--root") ? std::filesystem::path(*parsed.value("--root")) : default_project_root();
  inv.games = parsed.list("--game");
  inv.out_dir = parsed.value("--out").value_or("output");
  inv.formats = parsed.list("--format");
  inv.force = parsed.has("--force");
  inv.cut_lines = parsed.has("--cut-lines");
  inv.duplex_offset = parsed.value("--duplex-offset").value_or("");
  inv.jobs = parsed.value("-j").value_or(parsed.value("--jobs").value_or(""));
  inv.profile = parsed.value("--profile").value_or("");
  inv.color = parsed.value("--color").value_or("");
  inv.language = parsed.value("--lang").value_or("");
  inv.variant = parsed.value("--variant").value_or("");
  if (command == "i18n") {
    if (parsed.positional.size() > 1) inv.subcommand = parsed.positional[1];
    inv.files.assign(parsed.positional.begin() + std::min<size_t>(2, parsed.positional.size()),
                     parsed.positional.end());
    return run_i18n(inv, out, err);
  }
  if (command == "build") return run_build(inv, out, err);
  if (command == "list") return run_list(inv, out, err);
  if (command == "check") return run_check(inv, out, err);
  if (command == "preflight") return run_preflight(inv, out, err);
  err << "kartenwerk: unknown command '" << command << "'\n"
      << "try 'kartenwerk --help'\n";
  return 2;
}

}  // namespace kw::cli
