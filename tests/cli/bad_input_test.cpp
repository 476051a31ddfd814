// The bad-input suite (SECURITY.md, issue 16): one table of hostile or broken
// inputs, each a mutation of a fresh copy of the shipped data. Every case runs
// the binary under strace and asserts
//   - the exit status (1 for bad input, 2 for a bad command line),
//   - the located message (file:line:col, or card and element),
//   - that no byte of a file outside the project is printed,
//   - that no file outside the project copy, the output and cache folders and
//     the system's library and configuration folders was opened, created,
//     renamed, linked or removed (the traced system calls, paths resolved by
//     the kernel's answer where it names the file opened),
//   - that the folder of outside files is as it was.
// Claims about `check` run `check`; builds are one small game, PNG only.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "core/files.h"
#include "support/test_support.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::quoted;

constexpr const char* kSecret = "SECRET-FIRST-LINE-9b2e";

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    names.insert(fs::relative(entry.path(), dir).generic_string());
  return names;
}

// A project copy (data/ copied, the rest hard linked), an output and a cache
// folder beside it, and a folder of outside files elsewhere.
class Bad {
 public:
  Bad() {
    fs::create_directories(root());
    for (const char* d : {"data"}) fs::copy(test::source_root() / d, root() / d, fs::copy_options::recursive);
    for (const char* d : {"layouts", "templates", "fonts"})
      fs::copy(test::source_root() / d, root() / d, fs::copy_options::recursive | fs::copy_options::create_hard_links);
    fs::create_directories(out());
    fs::create_directories(cache());
    for (const char* name : {"secret.yaml", "secret.svg", "secret.ttf", "secret.po"})
      std::ofstream(outside() / name) << kSecret << "\nsecond: line\n";
    fs::create_directories(outside() / "folder");
    std::ofstream(outside() / "folder/x.yaml") << kSecret << "\n";
  }
  fs::path root() const { return base_.path() / "project"; }
  fs::path out() const { return base_.path() / "out"; }
  fs::path cache() const { return base_.path() / "cache"; }
  const fs::path& outside() const { return outside_.path(); }
  // The outside folder as a relative path from project folder `from`.
  std::string up(const std::string& from) const {
    return fs::relative(outside(), fs::weakly_canonical(root() / from)).generic_string();
  }
  std::string text(const std::string& relative) const { return *read_file(root() / relative); }
  void write(const std::string& relative, const std::string& text) const {
    const fs::path p = root() / relative;
    fs::create_directories(p.parent_path());
    fs::remove(p);  // never write through a hard link into the source tree
    std::ofstream(p, std::ios::binary) << text;
  }
  // Replaces the first `from` in a project file (the case fails if absent).
  void patch(const std::string& relative, const std::string& from, const std::string& to) const {
    std::string t = text(relative);
    const auto at = t.find(from);
    if (at == std::string::npos) throw std::runtime_error("no '" + from + "' in " + relative);
    t.replace(at, from.size(), to);
    write(relative, t);
  }
  // Replaces the rest of the line from the first `from` on.
  void patch_line(const std::string& relative, const std::string& from, const std::string& to) const {
    std::string t = text(relative);
    const auto at = t.find(from);
    if (at == std::string::npos) throw std::runtime_error("no '" + from + "' in " + relative);
    t.replace(at, t.find('\n', at) - at, to);
    write(relative, t);
  }
  void append(const std::string& relative, const std::string& more) const { write(relative, text(relative) + more); }
  void link(const fs::path& target, const std::string& relative) const {
    fs::remove(root() / relative);
    fs::create_symlink(target, root() / relative);
  }

 private:
  test::TempDir base_, outside_;
};

using Mutation = std::function<void(const Bad&)>;

struct Case {
  std::string name;
  Mutation mutate;
  std::string args;  // {out} is the output folder, {outside} the outside folder
  int status;
  std::string located;  // a regex the output must match
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

std::string expand(std::string s, const Bad& p) {
  for (const auto& [key, value] :
       {std::pair<std::string, std::string>{"{out}", quoted(p.out())}, {"{outside}", p.outside().string()}}) {
    for (auto at = s.find(key); at != std::string::npos; at = s.find(key)) s.replace(at, key.size(), value);
  }
  return s;
}

// ---------------------------------------------------------------- the trace

// What the traced process touched: every path of an open or a change, made
// absolute (the kernel's own name of the opened file where strace -y gives it).
struct Touched {
  std::vector<std::string> paths;
  bool read_project = false;
};

std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char c = s[++i];
      if (c >= '0' && c <= '7') {  // octal escape
        int v = c - '0';
        for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k) v = v * 8 + s[++i] - '0';
        out += static_cast<char>(v);
      } else if (c == 'x' && i + 2 < s.size()) {
        out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
        i += 2;
      } else {
        out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
      }
    } else {
      out += s[i];
    }
  }
  return out;
}

Touched parse_trace(const fs::path& log, const fs::path& cwd, const fs::path& project) {
  Touched t;
  std::ifstream in(log);
  std::string line;
  // Arguments: an optional directory fd (decoded by -y as 3</path>) and a string.
  static const std::regex arg(R"re((?:(AT_FDCWD|\d+<([^>]*)>),\s*)?"((?:[^"\\]|\\.)*)")re");
  static const std::regex result(R"re(=\s*\d+<([^>]*)>\s*$)re");
  while (std::getline(in, line)) {
    const auto open = line.find('(');
    if (open == std::string::npos) continue;
    for (std::sregex_iterator it(line.begin() + static_cast<long>(open), line.end(), arg), end; it != end; ++it) {
      fs::path p = unescape((*it)[3].str());
      if (p.is_relative()) p = ((*it)[2].matched ? fs::path((*it)[2].str()) : cwd) / p;
      t.paths.push_back(p.lexically_normal().string());
    }
    std::smatch m;
    if (std::regex_search(line, m, result)) t.paths.push_back(unescape(m[1].str()));
  }
  const std::string prefix = project.string() + "/data/";
  for (const auto& p : t.paths)
    if (p.rfind(prefix, 0) == 0) t.read_project = true;
  return t;
}

bool under(const std::string& path, const fs::path& dir) {
  const std::string d = dir.lexically_normal().string();
  return path == d || path.rfind(d + "/", 0) == 0;
}

// The system's folders a process may read: libraries, locale and font
// configuration, /proc and /dev. Writes there would still show as an error of
// the system, not as our file.
bool system_path(const std::string& p) {
  for (const char* dir : {"/usr", "/lib", "/lib64", "/etc", "/proc", "/sys", "/dev", "/var/cache/fontconfig"})
    if (under(p, dir)) return true;
  return false;
}

// ---------------------------------------------------------------- the cases

std::string bomb() {
  std::string b = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'j'; ++c) {
    b += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) b += std::string(i ? ", " : "") + "*" + static_cast<char>(c - 1);
    b += "]\n";
  }
  return b;
}

const char* kBombAt = R"(:\d+:\d+: error: the YAML expands to more than the limit of 1000000 values)";
const char* kUtf8 = R"(:\d+:\d+: error: invalid UTF-8 at byte offset \d+)";
const char* kTwice = R"(:\d+:\d+: error: key '[^']+' appears twice in this map)";

// Over 80 lines: one line per hostile input, the table of cases the test runs.
// NOLINTNEXTLINE(readability-function-size)
std::vector<Case> cases() {
  std::vector<Case> c;
  auto add = [&](std::string name, Mutation m, std::string args, int status, std::string located) {
    c.push_back({std::move(name), std::move(m), std::move(args), status, std::move(located)});
  };
  const std::string include = "  - formats.yaml\n";

  // ------------------------------------------------ reads anywhere
  add(
      "IncludeDotDot",
      [=](const Bad& p) { p.patch("data/cards.yaml", include, include + "  - " + p.up("data") + "/secret.yaml\n"); },
      "check --game duell", 1,
      R"(data/cards\.yaml:8:5: error: cannot read included file: '\.\./.*' leaves the project)");
  add(
      "IncludeAbsolute",
      [=](const Bad& p) {
        p.patch("data/cards.yaml", include, include + "  - " + (p.outside() / "secret.yaml").string() + "\n");
      },
      "check --game duell", 1,
      R"(data/cards\.yaml:8:5: error: cannot read included file: '/.*' is an absolute path outside)");
  add(
      "IncludeDotDotInTheMiddle",
      [=](const Bad& p) {
        p.patch("data/cards.yaml", include, include + "  - games/../" + p.up("data") + "/secret.yaml\n");
      },
      "check --game duell", 1, R"(data/cards\.yaml:8:5: error: cannot read included file: .* leaves the project)");
  add(
      "IncludeSymlinkToAFile", [=](const Bad& p) { p.link(p.outside() / "secret.yaml", "data/games/zz-evil.yaml"); },
      "check --game duell", 1, R"(data/cards\.yaml:8:5: error: .*'data/games/zz-evil\.yaml' leads outside)");
  add(
      "IncludeGlobThroughASymlinkedFolder",
      [=](const Bad& p) {
        fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/shared");
        p.patch("data/cards.yaml", include, include + "  - shared/*.yaml\n");
      },
      "check --game duell", 1, R"(data/cards\.yaml:8:5: error: cannot include shared/\*\.yaml: .* leads outside)");
  add(
      "IncludeOfTheSymlinkedFolderItself",
      [=](const Bad& p) {
        fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/shared");
        p.patch("data/cards.yaml", include, include + "  - shared/x.yaml\n");
      },
      "check --game duell", 1, R"(data/cards\.yaml:8:5: error: cannot read included file: .* leads outside)");
  add(
      "IncludeFileUrl",
      [=](const Bad& p) { p.patch("data/cards.yaml", include, include + "  - file:///etc/passwd\n"); },
      "check --game duell", 1, R"(data/cards\.yaml:8:5: error: )");
  for (const auto& [game, file, from] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"duell", "layouts/duell/card.yaml", "src: duell/icon-defence.svg"},
           {"gelfdrakkar", "layouts/gelfdrakkar/card.yaml", "src: gelfdrakkar/sex.svg#m"},
           {"duell", "layouts/duell/back-gandalf.yaml", "src: "},
           {"hoher-rat", "layouts/hoher-rat/card.yaml", "src: "},
           {"monddaemmerung", "layouts/monddaemmerung/card.yaml", "src: "},
           {"palantir", "layouts/palantir/back.yaml", "src: "}}) {
    const std::string at = std::regex_replace(file, std::regex(R"(\.)"), R"(\.)");
    const std::string g = game, f = file, s = from;
    add(
        "ArtSrcDotDot_" + std::regex_replace(f.substr(8), std::regex("[^a-z]"), "_"),
        [=](const Bad& p) { p.patch_line(f, s, "src: " + p.up("templates") + "/secret.svg"); }, "check --game " + g, 1,
        at + R"(:\d+:\d+: error: cannot read template file: 'templates/\.\./.*secret\.svg' leaves the project)");
  }
  add(
      "ArtSrcAbsolute",
      [=](const Bad& p) {
        p.patch("layouts/duell/card.yaml", "src: duell/icon-defence.svg",
                "src: " + (p.outside() / "secret.svg").string());
      },
      "check --game duell", 1,
      R"(layouts/duell/card\.yaml:\d+:\d+: error: template file not found: templates//.*secret\.svg)");
  add(
      "ArtSrcSymlink",
      [=](const Bad& p) {
        p.link(p.outside() / "secret.svg", "templates/duell/zz-evil.svg");
        p.patch("layouts/duell/card.yaml", "src: duell/icon-defence.svg", "src: duell/zz-evil.svg");
      },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: .*zz-evil\.svg' leads outside)");
  add(
      "ArtSrcSymlinkedTemplateFolder",
      [=](const Bad& p) {
        fs::create_directory_symlink(p.outside() / "folder", p.root() / "templates/zz");
        p.patch("layouts/duell/card.yaml", "src: duell/icon-defence.svg", "src: zz/x.svg");
      },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: .*zz/x\.svg' leads outside)");
  add(
      "ArtSrcElementOfAnOutsideFile",
      [=](const Bad& p) {
        p.patch("layouts/duell/card.yaml", "src: duell/icon-defence.svg",
                "src: " + p.up("templates") + "/secret.svg#x");
      },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: .* leaves the project)");
  // A file librsvg cannot parse: `check` reads it as the renderer would.
  add(
      "ArtSvgNotParseable",
      [=](const Bad& p) {
        p.write("templates/duell/zz-broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><g>");
        p.patch("layouts/duell/card.yaml", "src: duell/icon-defence.svg", "src: duell/zz-broken.svg");
      },
      "check --game duell", 1,
      R"(layouts/duell/card\.yaml:\d+:\d+: error: SVG art templates/duell/zz-broken\.svg cannot be read: )");
  add(
      "TableArtSvgNotParseable",
      [=](const Bad& p) {
        p.write("templates/duell/zz-broken.svg", "not svg at all");
        p.patch("data/games/duell.yaml", "frame: duell/frame-gandalf.svg", "frame: duell/zz-broken.svg");
      },
      "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: SVG art templates/duell/zz-broken\.svg cannot be read: )");
  add(
      "TableArtDotDot",
      [=](const Bad& p) {
        p.patch("data/games/duell.yaml", "frame: duell/frame-gandalf.svg",
                "frame: " + p.up("templates") + "/secret.svg");
      },
      "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: cannot read template file: .* leaves the project)");
  add(
      "TableArtAbsolute",
      [=](const Bad& p) {
        p.patch("data/games/duell.yaml", "frame: duell/frame-gandalf.svg",
                "frame: " + (p.outside() / "secret.svg").string());
      },
      "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: template file not found: templates//.*secret\.svg)");
  add(
      "TableArtSymlink",
      [=](const Bad& p) {
        p.link(p.outside() / "secret.svg", "templates/duell/zz-evil.svg");
        p.patch("data/games/duell.yaml", "frame: duell/frame-gandalf.svg", "frame: duell/zz-evil.svg");
      },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: cannot read template file: .* leads outside)");
  add(
      "TableArtOfPalantir",
      [=](const Bad& p) {
        p.patch("data/games/palantir.yaml", "emblem: palantir/emblem-gondor.svg",
                "emblem: " + p.up("templates") + "/secret.svg");
      },
      "check --game palantir", 1,
      R"(data/games/palantir\.yaml:38:19: error: cannot read template file: .* leaves the project)");
  add(
      "FontFileDotDot",
      [=](const Bad& p) {
        p.patch("fonts/fonts.yaml", "eb-garamond/EBGaramond12-Italic.otf", p.up("fonts") + "/secret.ttf");
      },
      "check --game duell", 1, R"(fonts/fonts\.yaml:\d+:\d+: error: cannot read font file: '\.\./.*' leaves)");
  add(
      "FontFileAbsolute",
      [=](const Bad& p) {
        p.patch("fonts/fonts.yaml", "eb-garamond/EBGaramond12-Italic.otf", (p.outside() / "secret.ttf").string());
      },
      "check --game duell", 1,
      R"(fonts/fonts\.yaml:\d+:\d+: error: cannot read font file: '/.*' is an absolute path outside)");
  add(
      "FontFileSymlink",
      [=](const Bad& p) { p.link(p.outside() / "secret.ttf", "fonts/eb-garamond/EBGaramond12-Italic.otf"); },
      "check --game duell", 1, R"(fonts/fonts\.yaml:\d+:\d+: error: cannot read font file: .* leads outside)");
  add(
      "FontsYamlSymlink", [=](const Bad& p) { p.link(p.outside() / "secret.yaml", "fonts/fonts.yaml"); },
      "check --game duell", 1, R"(fonts/fonts\.yaml: error: .* leads outside)");
  add(
      "LayoutFileSymlink", [=](const Bad& p) { p.link(p.outside() / "secret.yaml", "layouts/duell/card.yaml"); },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: unknown layout 'duell/card')");
  add(
      "LayoutFolderSymlink",
      [=](const Bad& p) {
        fs::remove_all(p.root() / "layouts/duell");
        fs::create_directory_symlink(p.outside() / "folder", p.root() / "layouts/duell");
      },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: unknown layout 'duell/card')");
  add(
      "LocaleFileSymlink", [=](const Bad& p) { p.link(p.outside() / "secret.yaml", "data/locales/en/duell.yaml"); },
      "check --game duell", 1, R"(data/locales/en/duell\.yaml: error: cannot read the translations: .*leads outside)");
  add(
      "LocaleFolderSymlink",
      [=](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/locales/sv"); },
      "check --game duell", 1, R"(data/locales/sv: error: cannot read the translations: .*leads outside)");
  add(
      "VariantFileSymlink",
      [=](const Bad& p) { p.link(p.outside() / "secret.yaml", "data/variants/palantir/zz-evil.yaml"); },
      "check --game palantir", 1,
      R"(data/variants/palantir/zz-evil\.yaml: error: cannot read the variant: .*leads outside)");
  add(
      "VariantFolderSymlink",
      [=](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/variants/duell"); },
      "check --game duell", 1, R"(data/variants/duell: error: cannot read the variants: .*leads outside)");
  add(
      "VariantOptionDotDot", [](const Bad&) {}, "check --variant ../x", 2, R"(--variant)");
  add(
      "VariantOptionAbsolute", [](const Bad&) {}, "check --variant {outside}/secret", 2, R"(--variant)");
  add(
      "VariantOptionHidden", [](const Bad&) {}, "list --variant .x", 2, R"(--variant)");
  add(
      "AllowReadStillRefusesOtherFolders",
      [=](const Bad& p) { p.patch("data/cards.yaml", include, include + "  - " + p.up("data") + "/secret.yaml\n"); },
      "--allow-read {out} check --game duell", 1,
      R"(data/cards\.yaml:8:5: error: cannot read included file: .* leaves the project)");

  // ------------------------------------------------ writes anywhere
  auto po = [](const std::string& header) {
    return [header](const Bad& p) {
      std::ofstream(p.out() / "evil.po") << "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                                         << header << "\n";
    };
  };
  add("PoLanguageDotDot", po("\"Language: ../../../../x\\n\"\n\"X-Kartenwerk-Game: duell\\n\""),
      "i18n import {out}/evil.po", 1, R"(evil\.po:4:2: error: .*Language: '\.\./\.\./\.\./\.\./x' is no)");
  add("PoLanguageAbsolute", po("\"Language: /tmp/x\\n\"\n\"X-Kartenwerk-Game: duell\\n\""), "i18n import {out}/evil.po",
      1, R"(evil\.po:4:2: error: .*Language: '/tmp/x' is no)");
  add("PoLanguageEmpty", po("\"Language: \\n\"\n\"X-Kartenwerk-Game: duell\\n\""), "i18n import {out}/evil.po", 1,
      R"(evil\.po:\d+:\d+: error: the PO header needs a target language)");
  add("PoGameDotDot", po("\"Language: fr\\n\"\n\"X-Kartenwerk-Game: ../../x\\n\""), "i18n import {out}/evil.po", 1,
      R"(evil\.po:\d+:\d+: error: the PO header names no known game \(X-Kartenwerk-Game: \.\./\.\./x\))");
  add(
      "PoTargetSymlinkOutside",
      [=](const Bad& p) {
        po("\"Language: sv\\n\"\n\"X-Kartenwerk-Game: duell\\n\"")(p);
        fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/locales/sv");
      },
      "i18n import {out}/evil.po", 1, R"(data/locales/sv: error: cannot read the translations: .*leads outside)");
  add(
      "ExportLangDotDot", [](const Bad&) {}, "i18n export --lang ../x --out {out}", 2, R"(--lang)");
  add(
      "ExportLangAbsolute", [](const Bad&) {}, "i18n export --lang /tmp/x --out {out}", 2, R"(--lang)");
  add(
      "ExportIntoASymlinkedFolder",
      [](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.out() / "en"); },
      "i18n export --lang en --game duell --out {out}", 1, R"(en.*(leads|leaves|outside))");
  add(
      "BuildLangDotDot", [](const Bad&) {}, "build --lang ../x --out {out}", 2, R"(--lang)");
  add(
      "BuildVariantSlash", [](const Bad&) {}, "build --variant a/b --out {out}", 2, R"(--variant)");
  add(
      "BuildIntoASymlinkedGameFolder",
      [](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.out() / "duell"); },
      "build --game duell --format png --card g01-glamdring --out {out}", 1, R"(duell.* is a symbolic link)");
  add(
      "BuildOverASymlinkedFile",
      [](const Bad& p) {
        // Replaced by the new file (rename replaces the link), its target
        // neither read nor written.
        fs::create_directories(p.out() / "duell/cards");
        fs::create_symlink(p.outside() / "secret.yaml", p.out() / "duell/cards/01-g01-glamdring.png");
      },
      "build --game duell --format png --card g01-glamdring --out {out}", 0, R"(duell: \d+ files? in)");
  add(
      "BuildWithASymlinkedStagingFolder",
      [](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.out() / ".kartenwerk-staging"); },
      "build --game duell --format png --card g01-glamdring --out {out}", 1,
      R"(\.kartenwerk-staging.* is a symbolic link)");

  // ------------------------------------------------ YAML alias bombs, depth, sizes
  for (const auto& [file, game] :
       std::vector<std::pair<std::string, std::string>>{{"data/games/zz-bomb.yaml", "duell"},
                                                        {"data/locales/en/zz-bomb.yaml", "duell"},
                                                        {"data/variants/palantir/zz-bomb.yaml", "palantir"}}) {
    const std::string f = file;
    add(
        "AliasBomb_" + std::regex_replace(f, std::regex("[^a-z]"), "_"), [f](const Bad& p) { p.write(f, bomb()); },
        "check --game " + game, 1, std::regex_replace(f, std::regex(R"(\.)"), R"(\.)") + kBombAt);
  }
  add(
      "AliasBombInAGameFile",
      [](const Bad& p) {
        p.append("data/games/duell.yaml", "x-bomb:\n" + std::regex_replace(bomb(), std::regex("^|\n(?=.)"), "$&  "));
      },
      "check --game duell", 1, std::string(R"(data/games/duell\.yaml)") + kBombAt);
  add(
      "AliasBombInALayout",
      [](const Bad& p) {
        p.append("layouts/duell/card.yaml", "x-bomb:\n" + std::regex_replace(bomb(), std::regex("^|\n(?=.)"), "$&  "));
      },
      "check --game duell", 1, std::string(R"(layouts/duell/card\.yaml)") + kBombAt);
  add(
      "AliasBombInFonts",
      [](const Bad& p) {
        p.append("fonts/fonts.yaml", "x-bomb:\n" + std::regex_replace(bomb(), std::regex("^|\n(?=.)"), "$&  "));
      },
      "check --game duell", 1, std::string(R"(fonts/fonts\.yaml)") + kBombAt);
  add(
      "AliasBombInFormats",
      [](const Bad& p) {
        p.append("data/formats.yaml", "x-bomb:\n" + std::regex_replace(bomb(), std::regex("^|\n(?=.)"), "$&  "));
      },
      "check --game duell", 1, std::string(R"(data/formats\.yaml)") + kBombAt);
  add(
      "PoUnknownStringId",
      [](const Bad& p) {
        std::ofstream(p.out() / "evil.po") << "msgid \"\"\nmsgstr \"\"\n\"Language: en\\n\"\n\"X-Kartenwerk-Game: "
                                              "duell\\n\"\n\nmsgctxt \"card.nope.name\"\nmsgid \"a\"\nmsgstr \"b\"\n";
      },
      "i18n import {out}/evil.po", 1, R"(evil\.po:\d+:\d+: error: unknown string id 'card\.nope\.name')");
  add(
      "DeepNesting",
      [](const Bad& p) { p.write("data/games/zz-deep.yaml", std::string(100, '[') + std::string(100, ']') + "\n"); },
      "check --game duell", 1, R"(zz-deep\.yaml:1:65: error: YAML nested deeper than the limit of 64)");
  add(
      "DeepNestingOverLines",
      [](const Bad& p) {
        std::string deep = "# deep\nx:\n";
        for (int i = 0; i < 100; ++i) deep += std::string(2 * static_cast<size_t>(i), ' ') + "- \n";
        p.write("data/games/zz-deep.yaml", deep);
      },
      // The map is level 1, the list opened on line 3 level 2: level 65, one
      // too many, opens on line 66 at its dash.
      "check --game duell", 1, R"(zz-deep\.yaml:66:127: error: YAML nested deeper than the limit of 64)");
  add(
      "DeepNestingThroughAliases",
      [](const Bad& p) {
        std::string deep = "a0: &a0 [x]\n";
        for (int i = 1; i < 70; ++i)
          deep += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*a" + std::to_string(i - 1) + "]\n";
        p.write("data/games/zz-deep.yaml", deep);
      },
      "check --game duell", 1,
      R"(zz-deep\.yaml:\d+:\d+: error: this alias nests the YAML deeper than the limit of 64)");
  add(
      "YamlBytesLimit", [](const Bad&) {}, "--limit yaml-bytes=1000 check --game duell", 1,
      R"(: error: .*more than the limit of 1000 for YAML \(raise it with --limit yaml-bytes=N\))");
  add(
      "FileBytesLimit", [](const Bad&) {}, "--limit file-bytes=1000 check --game duell", 1,
      R"(: error: .*more than the limit of 1000 .*--limit file-bytes=N)");
  add(
      "HugeYamlFile",
      [](const Bad& p) { p.write("data/games/zz-huge.yaml", "# " + std::string(17u << 20, 'x') + "\n"); },
      "check --game duell", 1,
      R"(zz-huge\.yaml:1:1: error: the file has \d+ bytes, more than the limit of 16777216 for YAML)");

  // ------------------------------------------------ silently accepted inputs
  for (const auto& [file, from, to, game] : std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
           {"data/games/duell.yaml", "name: ", "name: \xC3\x28 ", "duell"},
           {"data/cards.yaml", "kartenwerk: 1", "kartenwerk: 1 # \xFF", "duell"},
           {"data/formats.yaml", "note: ", "note: \xE2\x82 ", "duell"},
           {"layouts/duell/card.yaml", "name: ground", "name: ground\xC0\xAF", "duell"},
           {"data/locales/en/duell.yaml", "text: ", "text: \xED\xA0\x80 ", "duell"},
           {"data/variants/palantir/mondschein.yaml", "name: ", "name: \xF8\x88\x80\x80\x80 ", "palantir"},
           {"fonts/fonts.yaml", "families:", "families: # \x80", "duell"},
           {"data/boards/duell.yaml", "\n", "\n# \xC3\n", "duell"}}) {
    const std::string f = file, a = from, b = to;
    add(
        "InvalidUtf8_" + std::regex_replace(f, std::regex("[^a-z]"), "_"), [=](const Bad& p) { p.patch(f, a, b); },
        "check --game " + game, 1, std::regex_replace(f, std::regex(R"(\.)"), R"(\.)") + kUtf8);
  }
  add(
      "InvalidUtf8InAPoFile",
      [](const Bad& p) {
        std::ofstream(p.out() / "evil.po")
            << "msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"X-Kartenwerk-Game: duell\\n\"\n\nmsgctxt "
               "\"card.g01-glamdring.name\"\nmsgid \"Glamdring\"\nmsgstr \"\xC3\x28\"\n";
      },
      "i18n import {out}/evil.po", 1, R"(evil\.po:\d+:\d+: error: .*UTF-8)");
  for (const auto& [file, from, to, game] : std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
           {"data/games/duell.yaml", "        name: { type: text, required: true }\n",
            "        name: { type: text, required: true }\n        name: { type: text }\n", "duell"},
           {"data/games/duell.yaml", "          name: Gandalf\n",
            "          name: Gandalf\n          name: Mithrandir\n", "duell"},
           {"data/games/duell.yaml", "name: Glamdring,", "name: Glamdring, name: Orcrist,", "duell"},
           {"data/formats.yaml", "    dpi: 300\n", "    dpi: 300\n    dpi: 600\n", "duell"},
           {"layouts/duell/card.yaml", "    name: ground\n", "    name: ground\n    name: ground2\n", "duell"},
           {"data/locales/en/duell.yaml", "    text: \"Whip of Flame\"\n",
            "    text: \"Whip of Flame\"\n    text: \"Whip\"\n", "duell"},
           {"data/variants/palantir/mondschein.yaml", "    junicode: garamond\n",
            "    junicode: garamond\n    junicode: cardo\n", "palantir"},
           {"fonts/fonts.yaml", "    regular: cardo/Cardo104s.ttf\n",
            "    regular: cardo/Cardo104s.ttf\n    regular: cardo/Cardob101.ttf\n", "duell"},
           {"data/cards.yaml", "kartenwerk: 1\n", "kartenwerk: 1\nkartenwerk: 2\n", "duell"}}) {
    const std::string f = file, a = from, b = to;
    add(
        "DuplicateKey_" + std::to_string(c.size()) + "_" + std::regex_replace(f, std::regex("[^a-z]"), "_"),
        [=](const Bad& p) { p.patch(f, a, b); }, "check --game " + game, 1,
        std::regex_replace(f, std::regex(R"(\.)"), R"(\.)") + kTwice);
  }
  add(
      "DuplicateCardId",
      [](const Bad& p) { p.patch("data/games/duell.yaml", "id: g02-feindhammer", "id: g01-glamdring"); },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: .*g01-glamdring.*(twice|again|duplicate))");
  add(
      "EmptyCardsYaml", [](const Bad& p) { p.write("data/cards.yaml", ""); }, "check", 1,
      R"(data/cards\.yaml:1:1: error: the card database is empty)");
  add(
      "CardsYamlOnlyComments", [](const Bad& p) { p.write("data/cards.yaml", "# nothing\n"); }, "check", 1,
      R"(data/cards\.yaml:\d+:\d+: error: the card database is empty)");
  add(
      "EmptyGameOption", [](const Bad&) {}, "build --game \"\" --out {out}", 2,
      R"(--game: needs a game id, not an empty word)");
  add(
      "EmptyCardOption", [](const Bad&) {}, "build --game duell --card \"\" --out {out}", 2, R"(--card)");
  add(
      "UnknownGame", [](const Bad&) {}, "check --game nope", 1, R"(nope)");
  add(
      "UnknownLocaleId",
      [](const Bad& p) {
        p.append("data/locales/en/duell.yaml", "  \"card.nope.name\":\n    de: \"x\"\n    text: \"y\"\n");
      },
      "check --game duell", 0, R"(data/locales/en/duell\.yaml:\d+:\d+: warning: unknown string id 'card\.nope\.name')");
  add(
      "LocaleListWhereTextBelongs",
      [](const Bad& p) { p.patch("data/locales/en/duell.yaml", "text: \"Whip of Flame\"", "text: [Whip, Flame]"); },
      "check --game duell", 1, R"(data/locales/en/duell\.yaml:\d+:\d+: error: )");
  add(
      "LocaleMapWhereTextBelongs",
      [](const Bad& p) { p.patch("data/locales/en/duell.yaml", "text: \"Whip of Flame\"", "text: { a: b }"); },
      "check --game duell", 1, R"(data/locales/en/duell\.yaml:\d+:\d+: error: )");
  add(
      "LocaleWrongLanguage",
      [](const Bad& p) { p.patch("data/locales/en/duell.yaml", "language: en", "language: fr"); }, "check --game duell",
      1, R"(data/locales/en/duell\.yaml:\d+:\d+: error: )");
  add(
      "LocaleBadLanguageFolder", [](const Bad& p) { fs::create_directories(p.root() / "data/locales/EN X"); },
      "check --game duell", 1, R"(data/locales/EN X: error: 'EN X' is no language tag)");
  add(
      "CardListWhereTextBelongs",
      [](const Bad& p) { p.patch("data/games/duell.yaml", "name: Glamdring,", "name: [Glam, dring],"); },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: )");
  add(
      "CardIdWithSlash", [](const Bad& p) { p.patch("data/games/duell.yaml", "id: g01-glamdring", "id: ../g01"); },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: .*'\.\./g01')");
  add(
      "GameIdWithSlash", [](const Bad& p) { p.patch("data/games/duell.yaml", "  id: duell", "  id: ../duell"); },
      "check", 1, R"(data/games/duell\.yaml:\d+:\d+: error: .*'\.\./duell')");
  for (const char* offset : {"1e300,-1e300", "nan,0", "0,inf", "21,0", "0,-20.5", "1", "1,2,3", "a,b", ",", "0x10,0"}) {
    add(
        std::string("DuplexOffset_") + std::to_string(c.size()), [](const Bad&) {},
        std::string("build --game duell --duplex-offset ") + offset + " --out {out}", 2, R"(--duplex-offset)");
  }
  for (const char* jobs : {"0", "-1", "100000", "x", "1e3"})
    add(
        std::string("Jobs_") + std::to_string(c.size()), [](const Bad&) {},
        std::string("build --game duell -j ") + jobs + " --out {out}", 2, R"(-j|--jobs)");
  for (const char* limit : {"yaml-nodes=0", "yaml-depth=1001", "nope=3", "pages", "page-pixels=-1", "copies=x"})
    add(
        std::string("LimitOption_") + std::to_string(c.size()), [](const Bad&) {},
        std::string("--limit ") + limit + " check --game duell", 2, R"(--limit)");
  add(
      "UnknownFormatOption", [](const Bad&) {}, "build --game duell --format gif --out {out}", 2, R"(--format)");
  add(
      "UnknownColorOption", [](const Bad&) {}, "build --game duell --color lab --out {out}", 2, R"(--color)");

  // ------------------------------------------------ geometry check must refuse
  const std::string formats = "data/formats.yaml";
  for (const auto& [from, to, what] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"    dpi: 300\n    note: >-\n      Meinspiel", "    dpi: 1000000\n    note: >-\n      Meinspiel", "dpi"},
           {"    dpi: 300\n    note: >-\n      Meinspiel", "    dpi: 1\n    note: >-\n      Meinspiel", "dpi"},
           {"    dpi: 300\n    note: >-\n      Meinspiel", "    dpi: -300\n    note: >-\n      Meinspiel", "dpi"},
           {"    dpi: 300\n    note: >-\n      Meinspiel", "    dpi: .nan\n    note: >-\n      Meinspiel", "dpi"},
           {"    bleed: 3            # document", "    bleed: 1000            # document", "bleed"},
           {"    bleed: 3            # document", "    bleed: .inf            # document", "bleed"},
           {"    width: 59\n", "    width: 10000\n", "width"},
           {"    width: 59\n", "    width: -59\n", "width"},
           {"    height: 91\n", "    height: .nan\n", "height"},
           {"    safe: 4             # text", "    safe: -4             # text", "safe"},
           {"    corner_radius: 5", "    corner_radius: -5", "corner_radius"},
           {"    corner_radius: 5", "    corner_radius: .nan", "corner_radius"},
           {"    corner_radius: 5", "    corner_radius: 40", "corner_radius"}}) {
    const std::string a = from, b = to;
    add(
        "Format_" + what + "_" + std::to_string(c.size()), [=](const Bad& p) { p.patch(formats, a, b); },
        "check --game duell", 1, R"(data/formats\.yaml:\d+:\d+: error: .*)" + what);
  }
  add(
      "BoardTenMetres", [](const Bad& p) { p.patch("data/formats.yaml", "    width: 420\n", "    width: 10000\n"); },
      "check --game duell", 1, R"(data/formats\.yaml:\d+:\d+: error: .*width)");
  add(
      "BoardDpiTooHighForItsSize",
      [](const Bad& p) {
        p.patch("data/formats.yaml", "    dpi: 150\n    note: >-\n      Das Duell",
                "    dpi: 2400\n    note: >-\n      Das Duell");
      },
      "check --game duell", 1, R"(data/formats\.yaml:\d+:\d+: error: .*pixels.*--limit page-pixels=N)");
  add(
      "PagePixelsLimit", [](const Bad&) {}, "--limit page-pixels=100000 check --game duell", 1,
      R"(data/formats\.yaml:\d+:\d+: error: .*pixels.*--limit page-pixels=N)");
  add(
      "BuildPixelsLimit", [](const Bad&) {}, "--limit build-pixels=10000000 check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: game 'duell' renders \d+ pixels.*--limit build-pixels=N)");
  add(
      "PagesLimit", [](const Bad&) {}, "--limit pages=10 check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: .*pages.*--limit pages=N)");
  add(
      "CopiesLimit", [](const Bad& p) { p.patch("data/games/gelfdrakkar.yaml", "copies: 2", "copies: 5000"); },
      "check --game gelfdrakkar", 1, R"(data/games/gelfdrakkar\.yaml:\d+:\d+: error: .*5000.*--limit copies=N)");
  add(
      "CopiesLimitLowered", [](const Bad&) {}, "--limit copies=1 check --game gelfdrakkar", 1,
      R"(data/games/gelfdrakkar\.yaml:\d+:\d+: error: .*--limit copies=N)");
  add(
      "CopiesNegative", [](const Bad& p) { p.patch("data/games/gelfdrakkar.yaml", "copies: 2", "copies: -2"); },
      "check --game gelfdrakkar", 1, R"(data/games/gelfdrakkar\.yaml:\d+:\d+: error: )");
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{{"box: [5.9, 5.2, 5.2, 5.2]", "box: [5.9, 5.2, -5.2, 5.2]"},
                                                        {"box: [5.9, 5.2, 5.2, 5.2]", "box: [5.9, 5.2, .nan, 5.2]"},
                                                        {"box: [5.9, 5.2, 5.2, 5.2]", "box: [1e300, 5.2, 5.2, 5.2]"},
                                                        {"box: [5.9, 5.2, 5.2, 5.2]", "box: [5.9, .inf, 5.2, 5.2]"},
                                                        {"stroke_width: 0.3", "stroke_width: -0.3"},
                                                        {"stroke_width: 0.3", "stroke_width: 1e300"},
                                                        {"size: [8, 6]", "size: [8, -6]"},
                                                        {"size: [8, 6]", "size: [1e9, 6]"},
                                                        {"line_height: 1.12", "line_height: -1"},
                                                        {"tracking: 0.04", "tracking: 1e300"},
                                                        {"from: [23.5, 37.6]", "from: [.nan, 37.6]"}}) {
    const std::string a = from, b = to;
    add(
        "LayoutGeometry_" + std::to_string(c.size()), [=](const Bad& p) { p.patch("layouts/duell/card.yaml", a, b); },
        "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: )");
  }
  add(
      "RectNegativeCornerRadius",
      [](const Bad& p) {
        p.patch("layouts/duell/card.yaml", "  - type: line\n    name: special-rule",
                "  - type: rect\n    name: zz\n    box: [1, 1, 5, 5]\n    corner_radius: -2\n  - type: line\n    name: "
                "special-rule");
      },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: .*corner_radius)");

  // ------------------------------------------------ errors at the user's place
  add(
      "MarkupUnclosedBoldInCardText",
      [](const Bad& p) { p.patch("data/games/duell.yaml", "Bis zum Ende", "Bis zum **Ende"); }, "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: text of element 'special-text'[^\n]*markup: unclosed \*\*[\s\S]*hint: set by the layout element at layouts/duell/card\.yaml)");
  add(
      "MarkupUnclosedSmallCaps",
      [](const Bad& p) { p.patch("data/games/duell.yaml", "Bis zum Ende", "Bis zum [sc]Ende"); }, "check --game duell",
      1,
      R"(data/games/duell\.yaml:\d+:\d+: error: text of element 'special-text'[^\n]*markup[\s\S]*hint: set by the layout element at layouts/duell/card\.yaml)");
  add(
      "UnknownIconInCardText",
      [](const Bad& p) { p.patch("data/games/duell.yaml", "Bis zum Ende", "Bis zum :nope: Ende"); },
      "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: text of element 'special-text'[^\n]*unknown icon :nope:[\s\S]*hint: set by the layout element at layouts/duell/card\.yaml)");
  add(
      "OverflowingCardText",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "Bis zum Ende",
                std::string(60, 'x') + " " + std::string(40, ' ') +
                    "Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis "
                    "zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum Ende Bis zum "
                    "Ende Bis zum Ende Bis zum Ende Bis zum Ende");
      },
      "check --game duell", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: text of element 'special-text'[^\n]*does not fit[\s\S]*hint: set by the layout element at layouts/duell/card\.yaml)");
  add(
      "MarkupErrorInATranslation",
      [](const Bad& p) {
        p.patch("data/locales/en/duell.yaml", "text: \"Whip of Flame\"", "text: \"Whip **of Flame\"");
      },
      "check --game duell", 1,
      R"(data/locales/en/duell\.yaml:\d+:\d+: error: text of element 'name': markup: unclosed[^\n]*\(language en\))");
  add(
      "UnknownIconInATranslation",
      [](const Bad& p) {
        p.patch("data/locales/en/duell.yaml", "text: \"Whip of Flame\"", "text: \"Whip :nope: of Flame\"");
      },
      "check --game duell", 1, R"(data/locales/en/duell\.yaml:\d+:\d+: error: .*nope)");
  add(
      "VariantFontSwapToAnUnknownFamily",
      [](const Bad& p) { p.patch("data/variants/palantir/mondschein.yaml", "junicode: garamond", "junicode: nofont"); },
      "check --game palantir", 1,
      R"(^(?![\s\S]*error:[^\n]*nofont[\s\S]*error:[^\n]*nofont)[\s\S]*data/variants/palantir/mondschein\.yaml:\d+:\d+: error: the variant swaps in font family 'nofont')");
  add(
      "VariantFontSwapOfAnUnknownFamily",
      [](const Bad& p) { p.patch("data/variants/palantir/mondschein.yaml", "junicode: garamond", "nofont: garamond"); },
      "check --game palantir", 1, R"(data/variants/palantir/mondschein\.yaml:\d+:\d+: error: [^\n]*nofont)");
  add(
      "VariantPatchOfAnUnknownCard",
      [](const Bad& p) { p.patch("data/variants/palantir/mondschein.yaml", "card: gondor-artefakt", "card: nope"); },
      "check --game palantir", 1, R"(data/variants/palantir/mondschein\.yaml:\d+:\d+: error: [^\n]*nope)");
  add(
      "SvgUnknownElementInALayout",
      [](const Bad& p) {
        p.patch("layouts/gelfdrakkar/card.yaml", "src: gelfdrakkar/sex.svg#m", "src: gelfdrakkar/sex.svg#nope");
      },
      "check --game gelfdrakkar", 1, R"(layouts/gelfdrakkar/card\.yaml:\d+:\d+: error: [^\n]*#nope)");
  add(
      "SvgUnknownElementInATable",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "frame: duell/frame-gandalf.svg", "frame: duell/frame-gandalf.svg#nope");
      },
      "check --game duell", 1, R"(data/games/duell\.yaml:\d+:\d+: error: [^\n]*#nope)");
  add(
      "UnknownFieldInALayout",
      [](const Bad& p) { p.patch("layouts/duell/card.yaml", "text: \"{{name}}\"", "text: \"{{nope}}\""); },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: [^\n]*nope)");
  add(
      "UnknownFontInALayout",
      [](const Bad& p) {
        p.patch("layouts/duell/card.yaml", "font: { family: junicode, style: semibold }",
                "font: { family: nope, style: semibold }");
      },
      "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: [^\n]*nope)");
  // Art librsvg cannot parse: refused while laying out, at the src: line,
  // naming the card, before anything is rendered or written.
  add(
      "BrokenSvgInABuildIsRefusedAtItsSrc", [](const Bad& p) { p.write("templates/duell/icon-defence.svg", "<svg"); },
      "build --game duell --format png --card g01-glamdring --force --out {out}", 1,
      R"(layouts/duell/card\.yaml:\d+:\d+: error: SVG art templates/duell/icon-defence\.svg cannot be read: [^\n]* \(card g01-glamdring\))");
  return c;
}

class BadInput : public testing::TestWithParam<Case> {};

TEST_P(BadInput, IsRefusedAtItsPlaceAndTouchesNothingOutside) {
  const Case& c = GetParam();
  Bad p;
  c.mutate(p);
  const auto outside_before = listing(p.outside());
  const fs::path log = p.cache().parent_path() / "trace.log";
  const std::string traced =
      "open,openat,openat2,creat,truncate,mkdir,mkdirat,rmdir,unlink,unlinkat,rename,renameat,"
      "renameat2,link,linkat,symlink,symlinkat,chmod,fchmodat,chown,fchownat";
  // LeakSanitizer cannot run under ptrace: a sanitizer build (make asan)
  // keeps AddressSanitizer and UBSan on, without the leak check, here.
  const std::string command = "cd " + quoted(p.root()) + " && KARTENWERK_CACHE=" + quoted(p.cache()) +
                              " ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\"" +
                              " strace -f -qq -y -e trace=" + traced + " -o " + quoted(log) + " " +
                              test::binary().string() + " --root " + quoted(p.root()) + " " + expand(c.args, p);
  test::Run r;
  r.status = test::run_command(command, &r.output);

  EXPECT_EQ(r.status, c.status) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(c.located))) << "wanted /" << c.located << "/ in\n" << r.output;
  EXPECT_EQ(r.output.find(kSecret), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("second: line"), std::string::npos) << r.output;
  EXPECT_EQ(listing(p.outside()), outside_before);

  const Touched t = parse_trace(log, p.root(), p.root());
  ASSERT_FALSE(t.paths.empty()) << "strace wrote no trace: " << r.output;
  // Status 2 is the command line, refused before the project is read.
  if (c.status != 2) {
    EXPECT_TRUE(t.read_project) << "the trace shows no read of the project";
  }
  for (const auto& path : t.paths) {
    const bool allowed = under(path, p.root()) || under(path, p.out()) || under(path, p.cache()) ||
                         under(path, test::binary().parent_path()) || system_path(path);
    EXPECT_TRUE(allowed) << "touched " << path;
    EXPECT_FALSE(under(path, p.outside())) << "touched the outside file " << path;
  }
}

INSTANTIATE_TEST_SUITE_P(Suite, BadInput, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<Case>& param) { return param.param.name; });

TEST(BadInputSuite, CoversAtLeastAHundredCases) { EXPECT_GE(cases().size(), 100u); }

}  // namespace
}  // namespace kw
