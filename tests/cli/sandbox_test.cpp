// End-to-end: hostile projects (SECURITY.md). Each test copies the shipped
// data into a temp dir, breaks one thing and runs the binary (`check` where
// it proves the same as `build`): the exit status, the located message, that
// the outside file's content is never printed, and that nothing was written
// outside the folder a command may write to.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cli/cli.h"
#include "core/files.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// The first line of every outside file: it must never appear in any output.
constexpr const char* kSecret = "SECRET-FIRST-LINE-4f1c";

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    names.insert(fs::relative(entry.path(), dir).generic_string());
  return names;
}

// A copy of the shipped project, and a folder beside it with secrets.
class Shipped {
 public:
  Shipped() {
    for (const char* d : {"data", "layouts", "templates"})
      fs::copy(test::source_root() / d, root() / d, fs::copy_options::recursive);
    // Hard links, not copies: the fonts are large and never written here.
    fs::copy(test::source_root() / "fonts", root() / "fonts",
             fs::copy_options::recursive | fs::copy_options::create_hard_links);
    for (const char* name : {"secret.yaml", "secret.svg", "secret.ttf", "secret.icc"})
      std::ofstream(outside() / name) << kSecret << "\nsecond: line\n";
    before_ = listing(outside());
  }
  const fs::path& root() const { return root_.path(); }
  const fs::path& outside() const { return outside_.path(); }
  // The outside folder as seen from project folder `from` ("../../tmp/x").
  std::string up_from(const std::string& from) const {
    return fs::relative(outside(), fs::weakly_canonical(root() / from)).generic_string();
  }
  void patch(const std::string& relative, const std::string& from, const std::string& to) const {
    std::string text = *read_file(root() / relative);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    fs::remove(root() / relative);  // never write through a hard link
    std::ofstream(root() / relative, std::ios::binary) << text;
  }
  test::Run run(const std::string& args) const { return kartenwerk("--root " + quoted(root()) + " " + args); }
  // Nothing new outside, and the secrets untouched.
  void expect_outside_untouched() const { EXPECT_EQ(listing(outside()), before_); }

 private:
  test::TempDir root_, outside_;
  std::set<std::string> before_;
};

// Refused with exit status 1 and a message matching `located`, quoting no
// byte of the outside file.
void expect_refused(const Shipped& p, const test::Run& r, const std::string& located) {
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(located))) << "wanted /" << located << "/ in\n" << r.output;
  EXPECT_EQ(r.output.find(kSecret), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("second: line"), std::string::npos) << r.output;
  p.expect_outside_untouched();
}

TEST(Sandbox, IncludeWithDotDotIsRefused) {
  Shipped p;
  p.patch("data/cards.yaml", "  - formats.yaml\n", "  - formats.yaml\n  - " + p.up_from("data") + "/secret.yaml\n");
  expect_refused(
      p, p.run("check"),
      R"(data/cards\.yaml:8:5: error: cannot read included file: '\.\./[^']*secret\.yaml' leaves the project)");
}

TEST(Sandbox, IncludeOfAnAbsolutePathIsRefused) {
  Shipped p;
  p.patch("data/cards.yaml", "  - formats.yaml\n",
          "  - formats.yaml\n  - " + (p.outside() / "secret.yaml").string() + "\n");
  expect_refused(p, p.run("check"),
                 R"(data/cards\.yaml:8:5: error: cannot read included file: '/[^']*' is an absolute)");
}

TEST(Sandbox, SymlinkToAFileOutsideIsRefused) {
  Shipped p;
  fs::create_symlink(p.outside() / "secret.yaml", p.root() / "data/games/zz-evil.yaml");
  expect_refused(p, p.run("check"), R"(data/cards\.yaml:8:5: error: .*'data/games/zz-evil\.yaml' leads outside)");
}

TEST(Sandbox, SymlinkedFolderOutsideIsRefused) {
  Shipped p;
  fs::create_directory_symlink(p.outside(), p.root() / "data/shared");
  p.patch("data/cards.yaml", "  - formats.yaml\n", "  - formats.yaml\n  - shared/*.yaml\n");
  expect_refused(p, p.run("check"), R"(data/cards\.yaml:8:5: error: cannot include shared/\*\.yaml: .* leads outside)");
}

TEST(Sandbox, TableArtOutsideIsRefused) {
  Shipped p;
  p.patch("data/games/palantir.yaml", "emblem: palantir/emblem-gondor.svg",
          "emblem: " + p.up_from("templates") + "/secret.svg");
  expect_refused(p, p.run("check --game palantir"),
                 R"(data/games/palantir\.yaml:38:19: error: cannot read template file: .* leaves the project)");
}

TEST(Sandbox, PictureOutsideIsRefusedEvenInADraft) {
  Shipped p;
  p.patch("layouts/monddaemmerung/card.yaml", "      when: \"picture.src\"\n      src: \"{{picture.src}}\"\n",
          "      src: " + p.up_from("templates") + "/secret.svg\n");
  const std::string located =
      R"(layouts/monddaemmerung/card\.yaml:\d+:\d+: error: cannot read picture: .*secret\.svg' leaves the project)";
  expect_refused(p, p.run("check --game monddaemmerung"), located);
  test::TempDir out;
  expect_refused(p, p.run("build --draft --game monddaemmerung --out " + quoted(out.path())), located);
  EXPECT_FALSE(fs::exists(out.path() / "monddaemmerung")) << "nothing written";
}

TEST(Sandbox, FontFileOutsideIsRefusedUnlessAllowed) {
  Shipped p;
  std::string fonts = *read_file(p.root() / "fonts/fonts.yaml");
  const std::string first_font = "EBGaramond12-Italic.otf";
  ASSERT_NE(fonts.find(first_font), std::string::npos);
  p.patch("fonts/fonts.yaml", first_font, p.up_from("fonts/eb-garamond") + "/secret.ttf");
  expect_refused(p, p.run("check"), R"(fonts/fonts\.yaml:\d+:\d+: error: cannot read font file: '\.\./.*' leaves)");
  // Allowed, the folder is read: the file is no font, which is said without its content.
  test::Run allowed = p.run("--allow-read " + quoted(p.outside()) + " check");
  EXPECT_EQ(allowed.output.find("leaves the project"), std::string::npos) << allowed.output;
  EXPECT_EQ(allowed.output.find(kSecret), std::string::npos) << allowed.output;
}

TEST(Sandbox, AllowedFolderIsRead) {
  Shipped p;
  std::ofstream(p.outside() / "shared.yaml") << "# nothing to add\n";
  p.patch("data/cards.yaml", "  - formats.yaml\n", "  - formats.yaml\n  - " + p.up_from("data") + "/shared.yaml\n");
  EXPECT_EQ(p.run("check --game duell").status, 1);
  test::Run r = p.run("--allow-read " + quoted(p.outside()) + " check --game duell");
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST(Sandbox, IccProfileOutsideIsRefused) {
  Shipped p;
  p.patch("data/print/color.yaml", "icc: data/print/icc/kartenwerk-fogra39-300.icc",
          "icc: " + (p.outside() / "secret.icc").string());
  test::TempDir out;
  test::Run r = p.run("build --game duell --color cmyk --format pdf --out " + quoted(out.path()));
  expect_refused(p, r, R"(data/print/color\.yaml:\d+:\d+: error: cannot read the ICC profile: '/.*' is an absolute)");
}

TEST(Sandbox, VariantAndLanguageCannotNamePaths) {
  Shipped p;
  for (const char* args : {"check --variant ../x", "check --variant /x", "i18n export --lang ../x",
                           "i18n export --lang ../../x --game duell", "build --lang ../x"}) {
    test::Run r = p.run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
  }
  p.expect_outside_untouched();
}

TEST(Sandbox, PoLanguageHeaderCannotNameAFolder) {
  Shipped p;
  const fs::path po = p.outside() / "evil.po";
  std::ofstream(po) << "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                       "\"Language: ../../../../x\\n\"\n\"X-Kartenwerk-Game: duell\\n\"\n";
  const auto before = listing(p.root());
  test::Run r = p.run("i18n import " + quoted(po));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(
      std::regex_search(r.output, std::regex(R"(evil\.po:4:2: error: .*Language: '\.\./\.\./\.\./\.\./x' is no)")))
      << r.output;
  EXPECT_EQ(listing(p.root()), before);
  EXPECT_FALSE(fs::exists(p.root() / "../../x"));
}

TEST(Sandbox, ExportStaysInItsFolder) {
  Shipped p;
  test::TempDir out;
  test::Run r = p.run("i18n export --lang en --game duell --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(listing(out.path()), (std::set<std::string>{"en", "en/duell.po"}));
  p.expect_outside_untouched();
}

// ---------------------------------------------------------------- limits

TEST(Limits, AliasBombIsStoppedAtTheAlias) {
  Shipped p;
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'j'; ++c) {
    const char prev = static_cast<char>(c - 1);
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", " : "") + "*" + prev;
    bomb += "]\n";
  }
  std::ofstream(p.root() / "data/games/zz-bomb.yaml") << bomb;
  test::Run r = p.run("check");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output,
      std::regex(R"(data/games/zz-bomb\.yaml:\d+:\d+: error: the YAML expands to more than the limit of 1000000)")))
      << r.output;
  EXPECT_NE(r.output.find("--limit yaml-nodes=N"), std::string::npos) << r.output;
}

TEST(Limits, DeepNestingAndLargeFilesAreStopped) {
  Shipped p;
  std::ofstream(p.root() / "data/games/zz-deep.yaml") << std::string(100, '[') << std::string(100, ']') << "\n";
  test::Run deep = p.run("check");
  EXPECT_EQ(deep.status, 1) << deep.output;
  EXPECT_NE(deep.output.find("zz-deep.yaml:1:65: error: YAML nested deeper than the limit of 64"), std::string::npos)
      << deep.output;
  fs::remove(p.root() / "data/games/zz-deep.yaml");
  test::Run small = p.run("--limit yaml-bytes=1000 check --game duell");
  EXPECT_EQ(small.status, 1) << small.output;
  EXPECT_NE(small.output.find("more than the limit of 1000 for YAML (raise it with --limit yaml-bytes=N)"),
            std::string::npos)
      << small.output;
}

TEST(Limits, WhatEscapesIsAnInternalErrorWithStatus3) {
  std::ostringstream err;
  EXPECT_EQ(cli::guarded([]() -> int { throw std::bad_alloc(); }, err), 3);
  EXPECT_NE(err.str().find("kartenwerk: internal error: out of memory\nThis is a bug in kartenwerk"), std::string::npos)
      << err.str();
  std::ostringstream err2;
  EXPECT_EQ(cli::guarded([]() -> int { throw std::runtime_error("boom"); }, err2), 3);
  EXPECT_NE(err2.str().find("internal error: boom"), std::string::npos);
  EXPECT_EQ(cli::guarded([] { return 1; }, err2), 1);
}

TEST(Limits, LimitOptionIsChecked) {
  for (const char* bad :
       {"yaml-nodes", "yaml-nodes=0", "yaml-nodes=-3", "nodes=5", "yaml-depth=x", "yaml-depth=1001"}) {
    test::Run r = kartenwerk("--root " + quoted(test::source_root()) + " --limit " + bad + " list");
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.output;
  }
  EXPECT_EQ(kartenwerk("--root " + quoted(test::source_root()) +
                       " --limit yaml-nodes=5000000 --limit file-bytes=1000000000 list")
                .status,
            0);
}

// ---------------------------------------------------------------- strict input

TEST(Strict, InvalidUtf8IsLocated) {
  Shipped p;
  p.patch("data/games/duell.yaml", "name: ", "name: \xC3\x28 ");
  test::Run r = p.run("check --game duell");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex(R"(data/games/duell\.yaml:\d+:\d+: error: invalid UTF-8 at byte offset \d+)")))
      << r.output;
}

TEST(Strict, DuplicateKeyInATableIsAnError) {
  Shipped p;
  p.patch("data/games/duell.yaml", "        name: { type: text, required: true }\n",
          "        name: { type: text, required: true }\n        name: { type: text }\n");
  test::Run r = p.run("check --game duell");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex(R"(duell\.yaml:\d+:9: error: key 'name' appears twice in this map \(first at line \d+\))")))
      << r.output;
}

TEST(Strict, LanguageFolderMustBeALanguageCode) {
  Shipped p;
  fs::create_directories(p.root() / "data/locales/EN X");
  test::TempDir out;
  test::Run r = p.run("i18n export --lang all --game duell --out " + quoted(out.path()));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("data/locales/EN X: error: 'EN X' is no language tag"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

TEST(Strict, EmptyDatabaseAndEmptyGameAreErrors) {
  Shipped p;
  fs::remove(p.root() / "data/cards.yaml");
  std::ofstream(p.root() / "data/cards.yaml") << "";
  test::Run empty = p.run("check");
  EXPECT_EQ(empty.status, 1) << empty.output;
  EXPECT_NE(empty.output.find("data/cards.yaml:1:1: error: the card database is empty"), std::string::npos)
      << empty.output;
  test::Run game = p.run("build --game \"\"");
  EXPECT_EQ(game.status, 2) << game.output;
  EXPECT_NE(game.output.find("--game: needs a game id, not an empty word"), std::string::npos) << game.output;
}

}  // namespace
}  // namespace kw
