#include "cli/command_line.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <regex>
#include <stdexcept>

#include "cli/option_checks.h"
#include "core/files.h"
#include "core/limits.h"

namespace kw::cli {

namespace {

constexpr long kMaxJobs = 1024;  // far more threads than cores on any machine we print on
// The alignment sheet's scales reach ±5 mm; corrections add up over a few
// test prints, but a larger offset is a typo (centimetres, a missing dot).
constexpr double kMaxDuplexOffsetMm = 20;
// A hundred million games is hours of play even for the fastest simulator:
// more is a typo.
constexpr long kMaxSimulatedGames = 100'000'000;

const char* kDescription =
    "Renders print-ready card games from the YAML card database (data/cards.yaml),\n"
    "layouts (layouts/), SVG art (templates/) and bundled fonts (fonts/).\n";
const char* kExitStatus =
    "Exit status: 0 on success, 1 when the input has errors, 2 on a wrong command line,\n"
    "3 on an internal error (a bug: please report it).";
const char* kCommandFooter =
    "Global options, before or after the command: --root DIR (the project folder), --allow-read DIR,\n"
    "--limit NAME=N, --help, --version.\n";

void add_games(CLI::App& command, ProjectOptions& inv, const std::string& help) {
  command.add_option("--game", inv.games, help)->type_name("ID[,ID]")->delimiter(',')->check(non_empty("a game id"));
}

void add_variant(CLI::App& command, ProjectOptions& inv, const std::string& help) {
  command.add_option("--variant", inv.variant, help)->type_name("NAME")->check(plain_name());
}

void add_out(CLI::App& command, std::filesystem::path& out_dir, const std::string& help) {
  command.add_option("--out", out_dir, help)->type_name("DIR")->check(non_empty("a folder"));
}

CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& description) {
  CLI::App* command = app.add_subcommand(name, description);
  command->group("Commands");
  command->footer(std::string(kCommandFooter) + kExitStatus);
  return command;
}

// Over 80 lines: one statement per option of `build`, in the order --help lists them.
// NOLINTNEXTLINE(readability-function-size)
void define_build(CLI::App& app, BuildArgs& inv) {
  CLI::App& build = *add_command(app, "build", "render games into the output folder");
  add_games(build, inv, "only these games (default: all)");
  add_out(build, inv.out_dir, "output folder (default: output)");
  build.add_option("--format", inv.formats, "png,jpg,pdf (default: all three)")
      ->type_name("LIST")
      ->delimiter(',')
      ->check(one_of({"png", "jpg", "jpeg", "pdf"}));
  build
      .add_option("--skip", inv.skip,
                  "overview,tts,manifest,pnp,shop: leave out overview.png (made with png),\n"
                  "the TTS sheets (tts/, made with jpg), manifest.json, the print & play\n"
                  "sheets (pnp/, made with pdf) or the shop's package (meinspiel/, ...,\n"
                  "made with pdf) (default: all made)")
      ->type_name("LIST")
      ->delimiter(',')
      ->check(one_of({"overview", "tts", "manifest", "pnp", "shop"}));
  build
      .add_option("--lang", inv.language,
                  "a language (BCP 47 tag): the games written or translated in it;\n"
                  "all: each game in all its languages (default: each in its source language);\n"
                  "a translation goes to <out>/<game>/<lang>/")
      ->type_name("LANG")
      ->check(language_or_all());
  add_variant(build, inv, "a variant (data/variants/<game>/NAME.yaml) into <out>/<game>/NAME/");
  build.add_flag("--force", inv.force, "build even when the rules engine reports errors")->disable_flag_override();
  build.add_flag("--no-cache", inv.no_cache, "render every card again; neither read nor fill the build cache")
      ->disable_flag_override();
  build
      .add_option("--cache", inv.cache_dir,
                  "the build cache folder (default: $KARTENWERK_CACHE, else\n"
                  "$XDG_CACHE_HOME/kartenwerk, else ~/.cache/kartenwerk)")
      ->type_name("DIR");
  build.add_option("--card", inv.only_cards, "only these cards' PNG and JPEG files (card ids; 'back' for the backs)")
      ->type_name("ID,...")
      ->delimiter(',')
      ->check(plain_name());
  build
      .add_option("--changed-since", inv.changed_since,
                  "a reprint set: only the cards whose page changed since this git revision\n"
                  "(kartenwerk diff REV lists them), with their backs, as card files, PnP\n"
                  "sheets and shop files in <out>/<game>/reprint/")
      ->type_name("REV")
      ->check(non_empty("a git revision"));
  build
      .add_flag("--draft", inv.draft,
                "text that does not fit is drawn overflowing with a red marker (a warning,\n"
                "not an error), every card is marked DRAFT, and everything goes to\n"
                "<out>/<game>/draft/ without the shop's package and tts/")
      ->disable_flag_override();
  build.add_flag("--cut-lines", inv.cut_lines, "thin lines along every cut on print-and-play sheets")
      ->disable_flag_override();
  build
      .add_option_function<std::string>(
          "--duplex-offset",
          [&inv](const std::string& xy) {  // checked by number_pair_within
            auto [x, y] = *number_pair(xy);
            inv.duplex_offset = Point{x, y};
          },
          fmt::format("move PnP backs by X (right), Y (down) mm, from -{0:g} to {0:g}, as read\n"
                      "on the alignment sheet (pnp/<game>-<sheet>-alignment.pdf)",
                      kMaxDuplexOffsetMm))
      ->type_name("X,Y")
      ->check(number_pair_within(kMaxDuplexOffsetMm));
  build
      .add_option("-j,--jobs", inv.jobs,
                  fmt::format("render N cards at once (1 to {}; default: all cores); progress\n"
                              "goes to stderr (a bar on a terminal, else plain lines)",
                              kMaxJobs))
      ->type_name("N")
      ->check(whole_number(1, kMaxJobs));
  build
      .add_option_function<std::string>(
          "--color", [&inv](const std::string& c) { inv.color = c == "cmyk" ? ColorSpace::Cmyk : ColorSpace::Rgb; },
          "cmyk: the game's PDF and fronts.pdf, backs.pdf in CMYK\n"
          "with an output intent (data/print/color.yaml); rgb (default)")
      ->type_name("rgb|cmyk")
      ->check(one_of({"rgb", "cmyk"}));
  build
      .add_option("--profile", inv.profile,
                  "the print shop's package to make instead of the game's own (each game's\n"
                  "`profile:`, else data/print/profiles.yaml's default: meinspiel;\n"
                  "drivethrucards, makeplayingcards, thegamecrafter): the files the shop\n"
                  "takes, fitted to its card size, in its colour (CMYK PDF/X where it\n"
                  "asks)")
      ->type_name("NAME")
      ->check(non_empty("a profile name"));
  build
      .add_option("--tabletop", inv.tabletops,
                  "the virtual tabletops to make files for: tts (Tabletop Simulator's\n"
                  "saved objects in tts/), ttpg (Tabletop Playground's templates and\n"
                  "textures in ttpg/), screentop (screentop.gg: sheets and a CSV in\n"
                  "screentop/), playingcards (playingcards.io: an image a card and a\n"
                  "CSV in playingcards/), or none (default: tts)")
      ->type_name("LIST")
      ->delimiter(',')
      ->check(one_of(tabletop_names()));
  build
      .add_option("--tts-url", inv.tts_url,
                  "the https:// address the tts/ folder is uploaded to: the saved objects\n"
                  "point there (default: the folder's own file:/// address)")
      ->type_name("URL")
      ->check(tts_url());
  build
      .add_flag("--fit", inv.fit,
                "fit the cards to a shop card of another shape or size (scaled more than\n"
                "5 %, or shrunk with bands of the edge colour); without it such a\n"
                "profile is refused before anything is built")
      ->disable_flag_override();
  build
      .add_option_function<std::string>(
          "--png", [&inv](const std::string& s) { inv.png = s == "small" ? PngSize::Small : PngSize::Fast; },
          "fast (default): PNG files quickly compressed; small: files about a\n"
          "sixth smaller that take about two and a half times as long to write")
      ->type_name("fast|small")
      ->check(one_of({"fast", "small"}));
  build
      .add_option("--timings", inv.timings_file,
                  "write where the time went to FILE: a trace (Chrome trace-event\n"
                  "JSON) to open in Perfetto (ui.perfetto.dev) or chrome://tracing")
      ->type_name("FILE")
      ->check(non_empty("a file name"));
  build.add_flag("-v,--verbose", inv.verbose, "print each stage's time (count, total, mean, share) to stderr")
      ->disable_flag_override();
}

void define_check(CLI::App& app, CheckArgs& inv) {
  CLI::App& check =
      *add_command(app, "check", "cross-check every deck against its game's rules and parse every layout");
  add_games(check, inv, "only these games (default: all)");
  check.add_option("--format", inv.report_format, "text (default, compiler style) or json")
      ->type_name("text|json")
      ->check(one_of({"text", "json"}));
  add_variant(check, inv, "check a variant (data/variants/<game>/NAME.yaml) instead of the base game");
}

void define_preflight(CLI::App& app, PreflightArgs& inv) {
  CLI::App& preflight = *add_command(app, "preflight", "check the built files of games against a print-shop profile");
  add_games(preflight, inv, "only these games (default: all)");
  preflight
      .add_option("--profile", inv.profile,
                  "a profile of data/print/profiles.yaml (default: the game's `profile:`, else the file's default)")
      ->type_name("NAME")
      ->check(non_empty("a profile name"));
  add_out(preflight, inv.out_dir, "where the games were built (default: output)");
  preflight
      .add_option("--lang", inv.language,
                  "check the files of `build --lang LANG`: <out>/<game>/[<variant>/]LANG/\n"
                  "(default: each game's source language, <out>/<game>/; all: every language)")
      ->type_name("LANG")
      ->check(language_or_all());
  add_variant(preflight, inv, "check the files of `build --variant NAME`: <out>/<game>/NAME/");
  preflight
      .add_option("--separation-maps", inv.separation_maps,
                  "write a picture of each CMYK card's separation cells (where the print differs from the card's\n"
                  "own rendering, and by how much) to DIR/<game>/[<variant>/][<lang>/]<card>.png")
      ->type_name("DIR");
}

void define_list(CLI::App& app, ListArgs& inv) {
  CLI::App& list = *add_command(app, "list", "list games, decks and card counts");
  add_games(list, inv, "only these games (default: all)");
  add_variant(list, inv, "list the games with this variant, as the variant has them");
}

void define_diff(CLI::App& app, DiffArgs& inv) {
  CLI::App& diff = *add_command(
      app, "diff", "list the cards whose page changed since a git revision or the last build, and what changed");
  CLI::Option* rev = diff.add_option("REV", inv.revision,
                                     "a git revision of the project (a commit, tag, branch, HEAD~3; default: HEAD)")
                         ->type_name("REV")
                         ->check(non_empty("a git revision"));
  diff.add_flag("--since-build", inv.since_build,
                "compare with the last build instead of git: its <out>/<game>/[<variant>/][<lang>/]manifest.json")
      ->excludes(rev);
  add_out(diff, inv.out_dir, "where that build put its files, with --since-build (default: output)");
  add_games(diff, inv, "only these games (default: all)");
  diff.add_option("--lang", inv.language, "compare the games in this language (default: each game's source language)")
      ->type_name("LANG")
      ->check(language_tag());
  add_variant(diff, inv, "compare the games with this variant");
  diff.add_option("--format", inv.report_format, "text (default) or json")
      ->type_name("text|json")
      ->check(one_of({"text", "json"}));
}

void define_simulate(CLI::App& app, SimulateArgs& inv) {
  CLI::App& simulate =
      *add_command(app, "simulate", "play whole games by the rules, from the data, and report what a designer weighs");
  simulate.add_option("--game", inv.games, "the game to simulate")
      ->type_name("ID")
      ->expected(1)
      ->required()
      ->check(non_empty("a game id"));
  add_variant(simulate, inv, "simulate a variant (data/variants/<game>/NAME.yaml)");
  simulate.add_option("--games", inv.games_to_play, "games to play per player count (default: 1000)")
      ->type_name("N")
      ->check(whole_number(1, kMaxSimulatedGames));
  simulate.add_option("--seed", inv.seed, "the first seed; the same seed plays the same games (default: 1)")
      ->type_name("S")
      ->check(unsigned_64());
  simulate.add_option("--players", inv.players, "only this player count (default: every count the rules allow)")
      ->type_name("N")
      ->check(whole_number(1, 16));
  simulate.add_option("--format", inv.report_format, "text (default) or json")
      ->type_name("text|json")
      ->check(one_of({"text", "json"}));
}

void define_serve(CLI::App& app, ServeArgs& inv) {
  CLI::App& serve =
      *add_command(app, "serve", "the studio: a web page that shows the cards and updates as files change");
  serve.add_option("--game", inv.games, "the game the page opens with (default: the first)")
      ->type_name("ID")
      ->expected(1)
      ->check(non_empty("a game id"));
  serve.add_option("--lang", inv.language, "the language it opens with (default: the game's source language)")
      ->type_name("LANG")
      ->check(language_tag());
  add_variant(serve, inv, "the variant it opens with (data/variants/<game>/NAME.yaml)");
  serve.add_option("--port", inv.port, "the port (default: 8421; 0: any free one, printed)")
      ->type_name("N")
      ->check(whole_number(0, 65535));
  serve.add_option("--host", inv.host, "the address to listen on (default: 127.0.0.1, this machine only)")
      ->type_name("HOST")
      ->check(non_empty("an address"));
  add_out(serve, inv.out_dir, "where the games were built, for the tabletop downloads (default: output)");
}

void define_i18n(CLI::App& app, I18nArgs& inv) {
  CLI::App& i18n = *add_command(app, "i18n", "translations: status, PO export and import");
  i18n.require_subcommand(1);
  CLI::App& status = *add_command(i18n, "status", "per game and language: missing and stale strings");
  add_games(status, inv, "only these games (default: all)");
  status.add_option("--lang", inv.language, "only this language (default: all)")
      ->type_name("LANG")
      ->check(language_or_all());
  add_variant(status, inv, "only this variant's own strings (default: the games and each of their variants)");
  CLI::App& export_po = *add_command(i18n, "export", "gettext PO files for translators (Poedit, Weblate)");
  add_games(export_po, inv, "only these games (default: all)");
  export_po.add_option("--lang", inv.language, "the target language (a new one starts empty), or all")
      ->type_name("LANG")
      ->required()
      ->check(language_or_all());
  add_variant(export_po, inv,
              "only the strings this variant adds or changes, into <LANG>/<game>.NAME.po\n"
              "(default: <game>.po and one <game>.<variant>.po per variant)");
  add_out(export_po, inv.out_dir, "folder of <LANG>/<game>.po (default: output/i18n)");
  CLI::App& import_po = *add_command(i18n, "import", "merge translated PO files into data/locales/<lang>/<game>.yaml");
  import_po.add_option("FILE.po", inv.files, "PO files (the game and language are read from their headers)")
      ->type_name("FILE.po")
      ->required()
      ->check(non_empty("a file name"));
  add_variant(import_po, inv,
              "the variant of PO files whose header names none (X-Kartenwerk-Variant);\n"
              "into data/locales/<lang>/<game>.NAME.yaml");
}

void define_table(CLI::App& app, TableArgs& inv) {
  CLI::App& table = *add_command(app, "table", "a deck's cards or a game table as a spreadsheet (CSV, xlsx) and back");
  table.require_subcommand(1);
  CLI::App& export_table =
      *add_command(table, "export", "write a deck's cards (a table's entries) as a spreadsheet, a row each");
  CLI::App& import_table = *add_command(
      table, "import", "replace a deck's cards (a table's entries) in its YAML file by a spreadsheet's rows");
  for (CLI::App* command : {&export_table, &import_table}) {
    command->add_option("--game", inv.games, "the game")->type_name("ID")->required()->check(plain_name());
    CLI::Option* deck = command->add_option("--deck", inv.deck, "the deck whose cards are the rows")
                            ->type_name("ID")
                            ->check(plain_name());
    CLI::Option* entries = command->add_option("--table", inv.table, "or the game table whose entries are the rows")
                               ->type_name("NAME")
                               ->check(non_empty("a table name"));
    deck->excludes(entries);  // one of the two is needed: run_table says so
  }
  export_table.add_option("--format", inv.table_format, "csv or xlsx (default: csv)")
      ->type_name("FORMAT")
      ->check(one_of({"csv", "xlsx"}));
  export_table.add_option("--out", inv.table_file, "the file to write (default: output/tables/<game>-<deck>.<format>)")
      ->type_name("FILE")
      ->check(non_empty("a file name"));
  import_table.add_option("FILE", inv.files, "the spreadsheet: FILE.csv or FILE.xlsx")
      ->type_name("FILE.csv|FILE.xlsx")
      ->required()
      ->expected(1)
      ->check(non_empty("a file name"));
}

void define_schema(CLI::App& app, SchemaArgs& inv) {
  CLI::App& schema = *add_command(app, "schema",
                                  "write the JSON Schemas (schema/*.schema.json), the editor mapping\n"
                                  "(.vscode/settings.json) and docs/reference.md from the loader's tables");
  schema.add_option("--out", inv.out_dir, "the kartenwerk checkout to write them into")
      ->type_name("DIR")
      ->required()
      ->check(non_empty("a folder"));
}

void define_new(CLI::App& app, NewArgs& inv) {
  CLI::App& scaffold = *add_command(app, "new",
                                    "scaffold a new game that builds and passes preflight at once: its data,\n"
                                    "a card layout, a back, a rules card and two declared checks, every name\n"
                                    "and text in its language (--lang)");
  scaffold.add_option("GAME", inv.new_game, "the new game's id ([a-z0-9][a-z0-9-]{0,63})")
      ->type_name("GAME")
      ->required()
      ->check(game_id());
  scaffold.add_option("--cards", inv.new_cards, "how many playing cards (1 to 200; default: 32)")
      ->type_name("N")
      ->check(whole_number(1, 200));
  scaffold.add_option("--format", inv.new_format, "a card format of the database (default: meinspiel-59x91)")
      ->type_name("FORMAT")
      ->check(non_empty("a format id"));
  scaffold
      .add_option("--lang", inv.language,
                  "the language the game is written in (BCP 47; its names, comments and texts);\n"
                  "default: data/cards.yaml's `language:`, else en")
      ->type_name("LANG")
      ->check(language_tag());
}

// A command line of each command, for the reference.
const std::vector<std::pair<std::string, std::string>> kExamples = {
    {"build", "kartenwerk build --game palantir --lang en --out output"},
    {"check", "kartenwerk check --game palantir --format json"},
    {"preflight", "kartenwerk preflight --game palantir --profile meinspiel"},
    {"list", "kartenwerk list --game palantir"},
    {"diff", "kartenwerk diff v1.0 --game palantir"},
    {"serve", "kartenwerk serve --game palantir --lang en"},
    {"i18n", "kartenwerk i18n status --lang en"},
    {"i18n status", "kartenwerk i18n status --game palantir --lang en"},
    {"i18n export", "kartenwerk i18n export --game duell --lang fr --out output/i18n"},
    {"i18n import", "kartenwerk i18n import output/i18n/fr/palantir.po"},
    {"simulate", "kartenwerk simulate --game monddaemmerung --games 10000 --seed 1"},
    {"table", "kartenwerk table export --game duell --deck gandalf --format xlsx"},
    {"table export", "kartenwerk table export --game duell --deck gandalf --format csv --out gandalf.csv"},
    {"table import", "kartenwerk table import --game duell --deck gandalf gandalf.csv"},
    {"schema", "kartenwerk schema --out ."},
    {"new", "kartenwerk new zahlenjagd --cards 24 --format poker"},
};

// The command being run, as typed: "", "list", "i18n import".
std::string command_path(const CLI::App& app) {
  std::string path;
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    path += (path.empty() ? "" : " ") + at->get_name();
  }
  return path;
}

const CLI::App& innermost(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return *at;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  return names;
}

// The commands (as paths) that take the option `name`.
void commands_taking(const CLI::App& app, const std::string& name, const std::string& path,
                     std::vector<std::string>& found) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    std::string sub_path = path.empty() ? sub->get_name() : path + " " + sub->get_name();
    if (sub->get_option_no_throw(name)) found.push_back(sub_path);
    commands_taking(*sub, name, sub_path, found);
  }
}

// "--force=1" -> "--force", "-j4" -> "-j".
std::string option_name(const std::string& word) {
  if (word.rfind("--", 0) == 0) return word.substr(0, word.find('='));
  return word.substr(0, 2);
}

// A word of the command line that no command took.
std::string explain_leftover(const CLI::App& app, const std::string& word) {
  std::string command = command_path(app);
  if (word.size() > 1 && word[0] == '-') {
    std::string name = option_name(word);
    std::vector<std::string> owners;
    commands_taking(app, name, "", owners);
    if (owners.empty()) return fmt::format("unknown option {}", name);
    std::string of = fmt::format("an option of {}", fmt::join(owners, ", "));
    // Given before the command that takes it: `kartenwerk --force build`.
    if (std::find(owners.begin(), owners.end(), command) != owners.end())
      return fmt::format("{} goes after the command: kartenwerk {} {}", name, command, name);
    if (command.empty()) return fmt::format("{} goes after a command ({})", name, of);
    return fmt::format("{} does not take {} ({})", command, name, of);
  }
  std::vector<std::string> commands = command_names(innermost(app));
  if (!commands.empty())
    return fmt::format("unknown {}command '{}' (commands: {})", command.empty() ? "" : command + " ", word,
                       fmt::join(commands, ", "));
  return fmt::format("{} takes no argument '{}'", command, word);
}

// CLI11's wording of a missing or surplus value, in ours.
std::string explain_mismatch(const std::string& what) {
  static const std::regex missing(R"(^(\S+): (\d+) required (.*) missing$)");
  static const std::regex count(R"(^(\S+): At (least|Most) (\d+) required but received (\d+)$)");
  static const std::regex flag(R"(^(\S+) was given a disallowed flag override$)");
  std::smatch m;
  if (std::regex_match(what, m, missing))
    return m[2] == "1" ? fmt::format("{} needs a value ({})", m[1].str(), m[3].str())
                       : fmt::format("{} needs {} values ({})", m[1].str(), m[2].str(), m[3].str());
  if (std::regex_match(what, m, count))
    return fmt::format("{} takes {} {} values, not {}", m[1].str(), m[2] == "least" ? "at least" : "at most",
                       m[3].str(), m[4].str());
  if (std::regex_match(what, m, flag))  // CLI11 names a flag without its dashes here
    return fmt::format("{}{} is a flag and takes no value", m[1].str()[0] == '-' ? "" : "--", m[1].str());
  return what;
}

std::string explain(const CLI::App& app, const CLI::ParseError& e) {
  std::vector<std::string> leftovers = app.remaining(true);
  if (!leftovers.empty()) return explain_leftover(app, leftovers.front());
  if (dynamic_cast<const CLI::RequiredError*>(&e) && !command_names(innermost(app)).empty()) {
    std::string command = command_path(app);
    return fmt::format("{} ({})", command.empty() ? "a command is needed" : command + " needs a command",
                       fmt::join(command_names(innermost(app)), ", "));
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) return explain_mismatch(e.what());
  static const std::regex required(R"(^(\S+) is required$)");
  std::smatch m;
  std::string what = e.what();
  if (std::regex_match(what, m, required)) return fmt::format("{} needs {}", command_path(app), m[1].str());
  return what;
}

// Every command and option, into `app` (made with kDescription).
void define_app(CLI::App& app, CommandLine& line, std::string& root) {
  app.get_formatter()->column_width(26);
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.set_help_flag("-h,--help", "show this help");
  app.set_version_flag("--version", fmt::format("kartenwerk {}", version()), "show the version");
  app.add_option("--root", root,
                 "project folder with data/, layouts/, templates/, fonts/\n"
                 "(default: $KARTENWERK_ROOT, else the current folder if it\n"
                 "has data/cards.yaml)")
      ->type_name("DIR")
      ->check(non_empty("a folder"));
  app.add_option("--allow-read", line.global.allow_read,
                 "a folder outside the project its files may name (a shared\n"
                 "font folder); may be given more than once. Any other path\n"
                 "that leaves the project folder is refused (SECURITY.md)")
      ->type_name("DIR")
      ->check(non_empty("a folder"));
  app.add_option_function<std::vector<std::string>>(
         "--limit",
         [&line](const std::vector<std::string>& settings) {
           for (const auto& s : settings) apply_limit(s, line.global.limits);  // checked by the validator
         },
         fmt::format("raise a resource limit (README: Limits); may be given more\n"
                     "than once. yaml-nodes={}, yaml-depth={}, yaml-bytes={},\n"
                     "file-bytes={}, image-pixels={} by default",
                     Limits().yaml_nodes, Limits().yaml_depth, Limits().yaml_bytes, Limits().file_bytes,
                     Limits().image_pixels))
      ->type_name("NAME=N")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            Limits scratch;
            return apply_limit(text, scratch).value_or("");
          },
          ""));
  app.footer(kExitStatus);
  app.require_subcommand(1);
  app.fallthrough();  // --root after the command, too
  define_build(app, line.build);
  define_check(app, line.check);
  define_preflight(app, line.preflight);
  define_list(app, line.list);
  define_diff(app, line.diff);
  define_serve(app, line.serve);
  define_simulate(app, line.simulate);
  define_i18n(app, line.i18n);
  define_table(app, line.table);
  define_schema(app, line.schema);
  define_new(app, line.scaffold);
}

std::string one_line(const std::string& text) {
  std::string out = text;
  std::replace(out.begin(), out.end(), '\n', ' ');
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Text for a Markdown table cell: on one line, '|' escaped (GitHub ends a
// cell at a bare one, in code spans too), "<game>" kept from reading as HTML.
std::string cell(const std::string& text, bool code = false) {
  std::string out;
  for (char c : one_line(text)) {
    if (c == '|')
      out += "\\|";
    else if (!code && c == '<')
      out += "&lt;";
    else if (!code && c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

void describe_options(const CLI::App& command, std::string& out) {
  std::string rows;
  for (const CLI::Option* o : command.get_options()) {
    if (o->get_name() == "--help" || o->get_name() == "-h,--help" ||
        o->get_lnames() == std::vector<std::string>{"help"})
      continue;
    std::string type = o->get_type_name();
    // A positional argument (FILE.po, GAME) is shown as its type name alone.
    std::string names = o->nonpositional() ? o->get_name(false, true) : type;
    if (!o->nonpositional()) type.clear();
    rows +=
        fmt::format("| `{}{}` | {}{} |\n", names, cell(type.empty() || o->get_type_size() == 0 ? "" : " " + type, true),
                    cell(o->get_description()), o->get_required() ? " (required)" : "");
  }
  if (!rows.empty()) out += "| option | what it does |\n|---|---|\n" + rows + "\n";
}

void describe_command(const CLI::App& command, const std::string& path, std::string& out) {
  out += fmt::format("### `kartenwerk {}`\n\n{}.\n\n", path, cell(command.get_description()));
  describe_options(command, out);
  auto example = std::find_if(kExamples.begin(), kExamples.end(), [&](const auto& e) { return e.first == path; });
  if (example == kExamples.end()) throw std::logic_error("no example of 'kartenwerk " + path + "' (command_line.cpp)");
  out += fmt::format("```sh\n{}\n```\n\n", example->second);
  for (const CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; }))
    describe_command(*sub, path + " " + sub->get_name(), out);
}

}  // namespace

std::string command_reference() {
  CLI::App app(kDescription, "kartenwerk");
  CommandLine line;
  std::string root;
  define_app(app, line, root);
  std::string out =
      "## Command line\n\n" + one_line(kDescription) + "\n\nGlobal options, before or after the command:\n\n";
  describe_options(app, out);
  out += one_line(kExitStatus) + "\n\n";
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
    describe_command(*command, command->get_name(), out);
  return out;
}

CommandLine parse_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandLine line;
  CLI::App app(kDescription, "kartenwerk");
  std::string root;
  define_app(app, line, root);

  try {
    app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them last first
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      app.exit(e, out, err);
      line.exit_status = 0;
      return line;
    }
    std::string command = command_path(app);
    fmt::print(err, "kartenwerk: {}\nsee 'kartenwerk {}--help'\n", explain(app, e),
               command.empty() ? "" : command + " ");
    line.exit_status = 2;
    return line;
  }
  const CLI::App& command = *app.get_subcommands().front();
  line.command = command.get_name();
  if (!command.get_subcommands().empty()) {
    line.i18n.subcommand = command.get_subcommands().front()->get_name();
    line.table.subcommand = line.i18n.subcommand;
  }
  if (line.command == "schema") {
    // writes kartenwerk's own files (--out); reads no project
  } else if (app.count("--root")) {
    line.global.root = root;
  } else if (auto found = default_project_root()) {
    line.global.root = *found;
  } else {
    std::error_code ec;
    fmt::print(err,
               "kartenwerk: no project folder: {} has no data/cards.yaml\n"
               "run kartenwerk in a project folder, or name one with --root DIR or $KARTENWERK_ROOT\n",
               std::filesystem::current_path(ec).string());
    line.exit_status = 2;
  }
  return line;
}

}  // namespace kw::cli
