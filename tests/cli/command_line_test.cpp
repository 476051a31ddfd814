// The command line, parsed in-process: every command takes exactly its own
// options, values are checked, and a wrong command line is exit status 2
// with a message naming what is wrong.
#include "cli/command_line.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "core/files.h"
#include "support/test_support.h"

namespace kw::cli {
namespace {

struct Parsed {
  CommandLine line;
  std::string out, err;
  int status() const { return line.exit_status.value_or(-1); }  // -1: a command is to run
};

// Sets (or, with nullptr, unsets) an environment variable for a scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The tests run in the build folder, which is no project: the project folder
// is the source tree, named as a user outside a project would name it.
Parsed parse_here(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Parsed p;
  p.line = parse_command_line(args, out, err);
  p.out = out.str();
  p.err = err.str();
  return p;
}

Parsed parse(const std::vector<std::string>& args) {
  ScopedEnv root("KARTENWERK_ROOT", test::source_root().c_str());
  return parse_here(args);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A wrong command line: status 2, nothing on stdout, and a message on stderr
// naming `culprit`.
void expect_rejected(const std::vector<std::string>& args, const std::string& culprit) {
  std::string shown;
  for (const auto& a : args) shown += " " + a;
  Parsed p = parse(args);
  EXPECT_EQ(p.status(), 2) << shown;
  EXPECT_TRUE(p.out.empty()) << shown << "\n" << p.out;
  EXPECT_TRUE(contains(p.err, "kartenwerk: ")) << shown << "\n" << p.err;
  EXPECT_TRUE(contains(p.err, culprit)) << shown << ": no '" << culprit << "' in\n" << p.err;
}

TEST(CommandLine, EachCommandTakesOnlyItsOwnOptions) {
  expect_rejected({"list", "--force"}, "--force");
  expect_rejected({"list", "--color", "cmyk"}, "--color");
  expect_rejected({"list", "-j", "3"}, "-j");
  expect_rejected({"check", "--cut-lines"}, "--cut-lines");
  expect_rejected({"check", "--out", "x"}, "--out");
  expect_rejected({"check", "--timings", "t.json"}, "--timings");
  expect_rejected({"list", "-v"}, "-v");
  expect_rejected({"preflight", "--verbose"}, "--verbose");
  expect_rejected({"preflight", "--png", "small"}, "--png");
  expect_rejected({"list", "--profile", "meinspiel"}, "--profile");
  expect_rejected({"i18n", "import", "--game", "x", "a.po"}, "--game");
  expect_rejected({"build", "--bogus"}, "--bogus");
  // The message says whose option it is.
  Parsed p = parse({"list", "--force"});
  EXPECT_TRUE(contains(p.err, "list does not take --force (an option of build)")) << p.err;
  EXPECT_TRUE(contains(p.err, "kartenwerk list --help")) << p.err;
  EXPECT_TRUE(contains(parse({"build", "--bogus"}).err, "unknown option --bogus"));
}

TEST(CommandLine, WordsThatAreNoCommandOrArgument) {
  expect_rejected(
      {}, "a command is needed (build, check, preflight, list, diff, serve, simulate, i18n, table, schema, new)");
  expect_rejected({"frob"}, "unknown command 'frob'");
  expect_rejected({"list", "extra"}, "list takes no argument 'extra'");
  expect_rejected({"i18n"}, "i18n needs a command (status, export, import)");
  expect_rejected({"i18n", "translate"}, "unknown i18n command 'translate'");
  expect_rejected({"--force", "build"}, "--force goes after the command: kartenwerk build --force");
  expect_rejected({"--force", "list"}, "list does not take --force (an option of build)");
  expect_rejected({"--profile", "x"}, "--profile goes after a command (an option of build, preflight)");
}

TEST(CommandLine, NewAndSchemaNeedTheirArguments) {
  expect_rejected({"new"}, "new needs GAME");
  expect_rejected({"new", "Spiel"}, "GAME: 'Spiel' is not a game id");
  expect_rejected({"new", "spiel", "--cards", "201"}, "--cards");
  expect_rejected({"schema"}, "schema needs --out");
}

TEST(CommandLine, MissingValuesAndArguments) {
  expect_rejected({"build", "--out"}, "--out needs a value");
  expect_rejected({"list", "--root"}, "--root needs a value");
  expect_rejected({"build", "--duplex-offset", "1"}, "--duplex-offset");
  expect_rejected({"i18n", "export"}, "i18n export needs --lang");
  expect_rejected({"i18n", "import"}, "i18n import needs FILE.po");
  expect_rejected({"build", "--force=yes"}, "--force is a flag and takes no value");
}

TEST(CommandLine, JobsIsAWholeNumberFromOneTo1024) {
  for (const char* bad : {"0", "-1", "1025", "abc", "3.5", "", "99999999999999999999"})
    expect_rejected({"build", "-j", bad}, "--jobs: '" + std::string(bad) + "' is not a whole number from 1 to 1024");
  EXPECT_EQ(parse({"build", "-j", "4"}).line.build.jobs, 4);
  EXPECT_EQ(parse({"build", "-j8"}).line.build.jobs, 8);
  EXPECT_EQ(parse({"build", "--jobs=1024"}).line.build.jobs, 1024);
  EXPECT_EQ(parse({"build"}).line.build.jobs, 0);  // all cores
}

TEST(CommandLine, ColorAndFormatsAreChosenFromTheirLists) {
  expect_rejected({"build", "--color", "cmy"}, "--color: 'cmy' is not one of rgb, cmyk");
  EXPECT_EQ(parse({"build", "--color", "cmyk"}).line.build.color, ColorSpace::Cmyk);
  EXPECT_EQ(parse({"build", "--color=rgb"}).line.build.color, ColorSpace::Rgb);
  EXPECT_EQ(parse({"build"}).line.build.color, ColorSpace::Rgb);

  expect_rejected({"build", "--png", "best"}, "--png: 'best' is not one of fast, small");
  expect_rejected({"list", "--png", "small"}, "--png");
  EXPECT_EQ(parse({"build", "--png", "small"}).line.build.png, PngSize::Small);
  EXPECT_EQ(parse({"build", "--png=fast"}).line.build.png, PngSize::Fast);
  EXPECT_EQ(parse({"build"}).line.build.png, PngSize::Fast);

  expect_rejected({"build", "--format", "png,gif"}, "--format: 'gif' is not one of png, jpg, jpeg, pdf");
  expect_rejected({"build", "--format", "json"}, "--format: 'json'");
  expect_rejected({"check", "--format", "pdf"}, "--format: 'pdf' is not one of text, json");
  expect_rejected({"check", "--format", "text,json"}, "--format");
  EXPECT_EQ(parse({"build", "--format", "png,pdf"}).line.build.formats, (std::vector<std::string>{"png", "pdf"}));
  EXPECT_EQ(parse({"check", "--format", "json"}).line.check.report_format, "json");
  EXPECT_EQ(parse({"check"}).line.check.report_format, "text");
}

TEST(CommandLine, DuplexOffsetIsTwoFiniteMillimetresWithinTwenty) {
  for (const char* bad : {"nan,0", "0,inf", "21,0", "0,-20.5", "a,b", "1,2,3", "1;2", "1", "1,", ",1", "1,2mm"})
    expect_rejected({"build", "--duplex-offset", bad},
                    "--duplex-offset: '" + std::string(bad) + "' is not X,Y: two numbers from -20 to 20");
  // One word: an option after a lone number is not taken as Y.
  expect_rejected({"build", "--duplex-offset", "1", "--out", "o"}, "--duplex-offset: '1' is not X,Y");
  Parsed p = parse({"build", "--duplex-offset", "1.5,-0.5"});
  ASSERT_EQ(p.status(), -1) << p.err;
  ASSERT_TRUE(p.line.build.duplex_offset);
  EXPECT_EQ(*p.line.build.duplex_offset, (Point{1.5, -0.5}));
  p = parse({"build", "--duplex-offset", "-20,20"});
  ASSERT_TRUE(p.line.build.duplex_offset) << p.err;
  EXPECT_EQ(*p.line.build.duplex_offset, (Point{-20, 20}));
  p = parse({"build", "--duplex-offset=-0.25,3", "--force"});
  ASSERT_TRUE(p.line.build.duplex_offset) << p.err;
  EXPECT_EQ(*p.line.build.duplex_offset, (Point{-0.25, 3}));
  EXPECT_FALSE(parse({"build"}).line.build.duplex_offset);
}

TEST(CommandLine, NamesAndLanguagesAreChecked) {
  expect_rejected({"build", "--game", ""}, "--game: needs a game id");
  expect_rejected({"build", "--out", ""}, "--out: needs a folder");
  expect_rejected({"build", "--out="}, "--out needs a value");
  expect_rejected({"build", "--variant", "../palantir"}, "--variant: '../palantir' is not a name");
  expect_rejected({"build", "--variant", ""}, "--variant");
  expect_rejected({"build", "--lang", "e n"}, "--lang: 'e n' is not a language tag");
  expect_rejected({"build", "--lang", "zh_Hant"}, "--lang: 'zh_Hant' is not a language tag");
  expect_rejected({"build", "--lang", "pt-br"}, "--lang: 'pt-br' is spelt 'pt-BR'");
  expect_rejected({"build", "--lang", "x"}, "--lang");
  expect_rejected({"build", "--lang", "de-"}, "--lang");
  expect_rejected({"preflight", "--profile", ""}, "--profile: needs a profile name");
  for (const char* lang : {"de", "en", "pt-BR", "zh-Hant", "all"})
    EXPECT_EQ(parse({"build", "--lang", lang}).line.build.language, lang);
  EXPECT_EQ(parse({"build", "--game", "a,b", "--game", "c"}).line.build.games,
            (std::vector<std::string>{"a", "b", "c"}));
}

TEST(CommandLine, WhatEachCommandGets) {
  Parsed b = parse({"build", "--game", "palantir", "--out", "o", "--lang", "en", "--variant", "v", "--force",
                    "--cut-lines", "--color", "cmyk", "-j", "2"});
  ASSERT_EQ(b.status(), -1) << b.err;
  EXPECT_EQ(b.line.command, "build");
  EXPECT_EQ(b.line.build.out_dir, "o");
  EXPECT_TRUE(b.line.build.force);
  EXPECT_TRUE(b.line.build.cut_lines);
  EXPECT_EQ(b.line.build.variant, "v");
  EXPECT_EQ(b.line.global.root, test::source_root());
  EXPECT_TRUE(b.line.build.timings_file.empty());
  EXPECT_FALSE(b.line.build.verbose);
  Parsed t = parse({"build", "--timings", "t.json", "-v"});
  ASSERT_EQ(t.status(), -1) << t.err;
  EXPECT_EQ(t.line.build.timings_file, "t.json");
  EXPECT_TRUE(t.line.build.verbose);
  EXPECT_TRUE(parse({"build", "--verbose"}).line.build.verbose);
  expect_rejected({"build", "--timings"}, "--timings needs a value");
  expect_rejected({"build", "--timings", ""}, "--timings: needs a file name");

  Parsed p = parse({"preflight", "--profile", "meinspiel", "--out", "built"});
  EXPECT_EQ(p.line.command, "preflight");
  EXPECT_EQ(p.line.preflight.profile, "meinspiel");
  EXPECT_EQ(p.line.preflight.out_dir, "built");
  EXPECT_EQ(parse({"preflight"}).line.preflight.out_dir, "output");

  Parsed i = parse({"i18n", "import", "a.po", "b.po"});
  EXPECT_EQ(i.line.command, "i18n");
  EXPECT_EQ(i.line.i18n.subcommand, "import");
  EXPECT_EQ(i.line.i18n.files, (std::vector<std::string>{"a.po", "b.po"}));
  Parsed e = parse({"i18n", "export", "--lang", "fr", "--out", "po"});
  EXPECT_EQ(e.line.i18n.subcommand, "export");
  EXPECT_EQ(e.line.i18n.language, "fr");

  // --root is global: before or after the command.
  EXPECT_EQ(parse({"--root", "/r", "list"}).line.global.root, "/r");
  EXPECT_EQ(parse({"list", "--root", "/r"}).line.global.root, "/r");
  EXPECT_EQ(parse({"i18n", "status", "--root=/r"}).line.global.root, "/r");
}

TEST(CommandLine, HelpPerCommandAndVersion) {
  Parsed top = parse({"--help"});
  EXPECT_EQ(top.status(), 0);
  for (const char* command : {"build", "check", "preflight", "list", "i18n", "--root", "--version", "Exit status"})
    EXPECT_TRUE(contains(top.out, command)) << command << " not in\n" << top.out;

  Parsed build = parse({"build", "--help"});
  EXPECT_EQ(build.status(), 0);
  EXPECT_TRUE(build.err.empty());
  EXPECT_TRUE(contains(build.out, "Usage: kartenwerk build")) << build.out;
  for (const char* option :
       {"--game", "--out", "--format", "--lang", "--variant", "--force", "--cut-lines", "--duplex-offset", "-j,--jobs",
        "--color", "--profile", "--png", "--timings", "-v,--verbose"})
    EXPECT_TRUE(contains(build.out, option)) << option << " not in\n" << build.out;
  EXPECT_FALSE(contains(build.out, "preflight")) << build.out;

  Parsed list = parse({"list", "-h"});
  EXPECT_EQ(list.status(), 0);
  EXPECT_TRUE(contains(list.out, "--game"));
  EXPECT_FALSE(contains(list.out, "--force")) << list.out;
  EXPECT_FALSE(contains(list.out, "--format")) << list.out;

  Parsed import = parse({"i18n", "import", "--help"});
  EXPECT_TRUE(contains(import.out, "FILE.po")) << import.out;

  Parsed version = parse({"--version"});
  EXPECT_EQ(version.status(), 0);
  EXPECT_EQ(version.out, std::string("kartenwerk ") + kw::version() + "\n");
}

// Outside a project folder, without --root or $KARTENWERK_ROOT, the command
// line says how to name one; it never falls back to the source tree.
TEST(CommandLine, TheProjectFolderIsRootElseTheEnvironmentElseTheCurrentFolder) {
  namespace fs = std::filesystem;
  test::TempDir here;
  const fs::path before = fs::current_path();
  fs::current_path(here.path());
  ScopedEnv unset("KARTENWERK_ROOT", nullptr);

  Parsed none = parse_here({"list"});
  EXPECT_EQ(none.status(), 2);
  EXPECT_TRUE(none.out.empty()) << none.out;
  EXPECT_TRUE(contains(none.err, "kartenwerk: no project folder: " + here.path().string() + " has no data/cards.yaml"))
      << none.err;
  EXPECT_TRUE(contains(none.err, "--root DIR or $KARTENWERK_ROOT")) << none.err;
  EXPECT_EQ(parse_here({"--version"}).status(), 0);  // needs no project
  EXPECT_EQ(parse_here({"build", "--help"}).status(), 0);

  Parsed named = parse_here({"--root", "elsewhere", "list"});
  EXPECT_EQ(named.status(), -1) << named.err;
  EXPECT_EQ(named.line.global.root, "elsewhere");
  {
    ScopedEnv env("KARTENWERK_ROOT", "from-env");
    EXPECT_EQ(parse_here({"list"}).line.global.root, "from-env");
    EXPECT_EQ(parse_here({"--root", "elsewhere", "list"}).line.global.root, "elsewhere");
  }
  fs::create_directories(here.path() / "data");
  std::ofstream(here.path() / "data" / "cards.yaml") << "games: []\n";
  Parsed current = parse_here({"list"});
  EXPECT_EQ(current.status(), -1) << current.err;
  EXPECT_EQ(current.line.global.root, fs::current_path());
  fs::current_path(before);
}

}  // namespace
}  // namespace kw::cli
