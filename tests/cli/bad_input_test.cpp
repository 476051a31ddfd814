// The bad-input suite (SECURITY.md, issue 16): one table of hostile or broken
// inputs, each a mutation of a fresh copy of the shipped data. Every case runs
// the binary under strace and asserts
//   - the exit status (1 for bad input, 2 for a bad command line),
//   - the located message (file:line:col, or card and element),
//   - that no byte of a file outside the project is printed,
//   - that no file outside the project copy, the output and cache folders, $TMPDIR and
//     the system's library and configuration folders was opened, created,
//     renamed, linked or removed (the traced system calls, paths resolved by
//     the kernel's answer where it names the file opened),
//   - that the folder of outside files is as it was.
// Claims about `check` run `check`; builds are one small game, PNG only.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <minizip/zip.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

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
    fs::create_directories(tmp());
    for (const char* name : {"secret.yaml", "secret.svg", "secret.ttf", "secret.po"})
      std::ofstream(outside() / name) << kSecret << "\nsecond: line\n";
    fs::create_directories(outside() / "folder");
    std::ofstream(outside() / "folder/x.yaml") << kSecret << "\n";
  }
  fs::path root() const { return base_.path() / "project"; }
  fs::path out() const { return base_.path() / "out"; }
  fs::path cache() const { return base_.path() / "cache"; }
  // The system's temporary folder for the run ($TMPDIR): private scratch
  // files (an xlsx being written, PDF conversions) go there.
  fs::path tmp() const { return base_.path() / "tmp"; }
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
  // A port of 127.0.0.1 this test listens on (so it is taken) until it ends.
  int port() const {
    if (listen_fd_ < 0) {
      listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in addr{};
      addr.sin_family = AF_INET;
      addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      socklen_t length = sizeof addr;
      if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listen_fd_, 4) != 0 ||
          ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &length) != 0)
        throw std::runtime_error("cannot take a port");
      port_ = ntohs(addr.sin_port);
    }
    return port_;
  }
  ~Bad() {
    if (listen_fd_ >= 0) ::close(listen_fd_);
  }
  Bad(const Bad&) = delete;
  Bad& operator=(const Bad&) = delete;

 private:
  test::TempDir base_, outside_;
  mutable int listen_fd_ = -1;
  mutable int port_ = 0;
};

using Mutation = std::function<void(const Bad&)>;

struct Case {
  std::string name;
  Mutation mutate;
  std::string args;  // {out} is the output folder, {outside} the outside folder, {port} a taken port
  int status;
  std::string located;  // a regex the output must match
  // What the run must have left (a file written as text, a folder not made):
  // "" when it did, else what is wrong.
  std::function<std::string(const Bad&)> after;
  bool reads_project = true;  // false: the command reads no project file (`schema`)
  std::string never_touched;  // a regex no traced path may match (a temporary file beside a device)
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

std::string expand(std::string s, const Bad& p) {
  for (const auto& [key, value] :
       {std::pair<std::string, std::string>{"{out}", quoted(p.out())}, {"{outside}", p.outside().string()}}) {
    for (auto at = s.find(key); at != std::string::npos; at = s.find(key)) s.replace(at, key.size(), value);
  }
  if (auto at = s.find("{port}"); at != std::string::npos) s.replace(at, 6, std::to_string(p.port()));
  return s;
}

// The binary run on the project copy as a mutation's step (not traced):
// a first build that fills the cache.
void run_step(const Bad& p, const std::string& args) {
  std::string output;
  const int status =
      test::run_command("cd " + quoted(p.root()) + " && KARTENWERK_CACHE=" + quoted(p.cache()) + " " +
                            test::binary().string() + " --root " + quoted(p.root()) + " " + expand(args, p),
                        &output);
  if (status != 0) throw std::runtime_error("the step '" + args + "' failed: " + output);
}

// A zip file of `parts` (name, bytes), deflated: how an xlsx workbook is made.
void write_zip(const fs::path& file, const std::vector<std::pair<std::string, std::string>>& parts) {
  zipFile zip = zipOpen(file.c_str(), APPEND_STATUS_CREATE);
  if (!zip) throw std::runtime_error("cannot make " + file.string());
  for (const auto& [name, bytes] : parts) {
    zipOpenNewFileInZip(zip, name.c_str(), nullptr, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED, 9);
    zipWriteInFileInZip(zip, bytes.data(), static_cast<unsigned>(bytes.size()));
    zipCloseFileInZip(zip);
  }
  zipClose(zip, nullptr);
}

// A workbook with one sheet of `rows` (its <sheetData> content) and the
// shared strings `strings` (the <sst> content).
void write_xlsx(const fs::path& file, const std::string& rows, const std::string& strings = {}) {
  const std::string ns = "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"";
  write_zip(file, {{"[Content_Types].xml", "<?xml version=\"1.0\"?><Types/>"},
                   {"xl/workbook.xml", "<?xml version=\"1.0\"?><workbook " + ns +
                                           " xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/"
                                           "relationships\"><sheets><sheet name=\"s\" sheetId=\"1\" r:id=\"rId1\"/>"
                                           "</sheets></workbook>"},
                   {"xl/_rels/workbook.xml.rels",
                    "<?xml version=\"1.0\"?><Relationships><Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/>"
                    "</Relationships>"},
                   {"xl/sharedStrings.xml", "<?xml version=\"1.0\"?><sst " + ns + ">" + strings + "</sst>"},
                   {"xl/worksheets/sheet1.xml",
                    "<?xml version=\"1.0\"?><worksheet " + ns + "><sheetData>" + rows + "</sheetData></worksheet>"}});
}

// The header row of duell's gandalf deck and `more` rows after it.
std::string gandalf_rows(const std::string& more) {
  std::string header = "<row r=\"1\">";
  int col = 0;
  for (const char* name : {"id", "copies", "side", "name", "motif", "defence", "attack", "special", "counterpart"})
    header += "<c r=\"" + std::string(1, static_cast<char>('A' + col++)) + "1\" t=\"inlineStr\"><is><t>" + name +
              "</t></is></c>";
  return header + "</row>" + more;
}

// A PNG of `width` x `height` grey pixels.
void write_png(const fs::path& file, int width, int height) {
  auto chunk = [](const std::string& type, const std::string& data) {
    std::string out;
    for (int s = 24; s >= 0; s -= 8) out += static_cast<char>((data.size() >> s) & 0xFF);
    const std::string body = type + data;
    out += body;
    const uLong crc = crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()));
    for (int s = 24; s >= 0; s -= 8) out += static_cast<char>((crc >> s) & 0xFF);
    return out;
  };
  auto be32 = [](std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
                       static_cast<char>(v)};
  };
  std::string raw;
  for (int y = 0; y < height; ++y) raw += '\0' + std::string(static_cast<size_t>(width), '\x80');
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(size, '\0');
  compress2(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
            static_cast<uLong>(raw.size()), 9);
  packed.resize(size);
  std::ofstream(file, std::ios::binary) << std::string("\x89PNG\r\n\x1a\n", 8)
                                        << chunk("IHDR", be32(static_cast<std::uint32_t>(width)) +
                                                             be32(static_cast<std::uint32_t>(height)) +
                                                             std::string("\x08\x00\x00\x00\x00", 5))
                                        << chunk("IDAT", packed) << chunk("IEND", "");
}

// A one-page PDF whose forms fan out: the page draws F1 `fan` times, F1
// draws F2 `fan` times, ... `depth` deep: 8^12 forms from a kilobyte.
void write_fanout_pdf(const fs::path& file, int fan = 8, int depth = 12) {
  std::vector<std::string> objects;
  objects.emplace_back("<< /Type /Catalog /Pages 2 0 R >>");
  objects.emplace_back("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  objects.emplace_back(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 184.252 274.961] /Resources << /XObject << /F1 5 0 R >> >> "
      "/Contents 4 0 R >>");
  std::string eight;
  for (int i = 0; i < fan; ++i) eight += i ? " /F Do" : "/F Do";
  auto stream = [](const std::string& dict, const std::string& data) {
    return "<< " + dict + " /Length " + std::to_string(data.size()) + " >>\nstream\n" + data + "\nendstream";
  };
  objects.push_back(stream("", std::regex_replace(eight, std::regex("/F "), "/F1 ")));
  for (int level = 1; level <= depth; ++level) {
    const std::string next = "/F" + std::to_string(level + 1);
    const std::string resources =
        level < depth ? "/Resources << /XObject << " + next + " " + std::to_string(5 + level) + " 0 R >> >>" : "";
    objects.push_back(
        stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] " + resources,
               level < depth ? std::regex_replace(eight, std::regex("/F "), next + " ") : "0 0 1 1 re f"));
  }
  const std::string pdf = test::pdf_of_objects(objects);
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << pdf;
}

// Every object file of the cache, in name order.
std::vector<fs::path> cache_objects(const Bad& p) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(p.cache() / "objects"))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  if (out.empty()) throw std::runtime_error("the first build left no cache objects");
  return out;
}

// Every build record of the cache, rewritten by `edit` (on its text).
void edit_records(const Bad& p, const std::function<std::string(const std::string&)>& edit) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(p.cache() / "builds")) {
    if (e.path().extension() != ".json") continue;
    const std::string text = *read_file(e.path());
    fs::remove(e.path());
    std::ofstream(e.path()) << edit(text);
    ++n;
  }
  if (n == 0) throw std::runtime_error("the first build left no build record");
}

// Whether two files hold the same bytes ("" when they do).
std::string same_file(const fs::path& a, const fs::path& b) {
  auto x = read_file(a), y = read_file(b);
  if (!x || !y) return "missing: " + (x ? b : a).string();
  return *x == *y ? "" : a.string() + " differs from " + b.string();
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
  auto add = [&](std::string name, Mutation m, std::string args, int status, std::string located) -> Case& {
    c.push_back({std::move(name), std::move(m), std::move(args), status, std::move(located), {}, true, {}});
    return c.back();
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

  // ================================================ issue 27: the new surfaces

  // ------------------------------------------------ writes a project names: shop profiles
  const std::string profiles = "data/print/profiles.yaml";
  const std::string meinspiel_build =
      "build --game duell --profile meinspiel --format png --card g01-glamdring --out {out}";
  const char* kFileName = R"(data/print/profiles\.yaml:\d+:\d+: error: files of profile '[a-z]+': )";
  for (const auto& [what, from, to, why] : std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
           {"DotDot", "fronts: meinspiel/fronts.pdf", "fronts: ../../pwn-shop/fronts.pdf", "has a part '\\.\\.'"},
           {"DotDotInTheMiddle", "fronts: meinspiel/fronts.pdf", "fronts: meinspiel/../../../x.pdf",
            "has a part '\\.\\.'"},
           {"Absolute", "fronts: meinspiel/fronts.pdf", "fronts: /tmp/pwn-shop/fronts.pdf", "is an absolute path"},
           {"Device", "fronts: meinspiel/fronts.pdf", "fronts: /dev/full", "is an absolute path"},
           {"Backslash", "fronts: meinspiel/fronts.pdf", "fronts: 'meinspiel\\..\\..\\x.pdf'",
            "holds a character other than"},
           {"ControlCharacter", "fronts: meinspiel/fronts.pdf", "fronts: \"meinspiel/fr\\x01onts.pdf\"",
            "holds a character other than"},
           {"Hidden", "images: meinspiel", "images: .hidden", "has a part starting with '\\.'"},
           {"ImagesAbsolute", "images: meinspiel", "images: /tmp", "is an absolute path"},
           {"DeckDotDot", "deck: drivethrucards/deck.pdf", "deck: ../deck.pdf", "has a part '\\.\\.'"},
           {"NotAPdf", "deck: drivethrucards/deck.pdf", "deck: drivethrucards/manifest.json", "does not end in \\.pdf"},
           {"TwiceTheSameFile", "fronts: meinspiel/fronts.pdf", "fronts: meinspiel/backs.pdf",
            "names a file named before"},
       }) {
    const std::string a = from, b = to;
    add(
        "ProfileFileName_" + what, [=](const Bad& p) { p.patch(profiles, a, b); }, meinspiel_build, 1,
        std::string(kFileName) + ".*" + why);
  }
  add(
      "ProfileFileNameWithANul",
      [=](const Bad& p) { p.patch(profiles, "fronts: meinspiel/fronts.pdf", "fronts: \"meinspiel/\\0../../x.pdf\""); },
      meinspiel_build, 1, R"(data/print/profiles\.yaml:27:\d+: error: a NUL character)");
  add(
      "ProfileFileNameCheckedByCheck",
      [=](const Bad& p) { p.patch(profiles, "fronts: meinspiel/fronts.pdf", "fronts: ../../pwn-shop/fronts.pdf"); },
      "check --game duell", 1, std::string(kFileName) + ".*has a part");
  add(
      "ProfileFileNameCheckedByPreflight",
      [=](const Bad& p) { p.patch(profiles, "fronts: meinspiel/fronts.pdf", "fronts: /etc/passwd"); },
      "preflight --game duell --profile meinspiel --out {out}", 1, std::string(kFileName) + ".*is an absolute path");
  add(
      "ProfileFolderLinkedOutOfTheOutput",
      [](const Bad& p) {
        fs::create_directories(p.out() / "duell");
        fs::create_directory_symlink(p.outside() / "folder", p.out() / "duell/makeplayingcards");
      },
      "build --game duell --profile makeplayingcards --format png --out {out}", 1,
      R"(makeplayingcards.* is a symbolic link)");
  add(
      "PreflightDoesNotReadThroughALinkInTheOutput",
      [](const Bad& p) {
        fs::create_directories(p.out() / "duell");
        std::ofstream(p.out() / "duell/manifest.json") << "{}";
        std::ofstream(p.outside() / "folder/fronts.pdf") << kSecret;
        fs::create_directory_symlink(p.outside() / "folder", p.out() / "duell/meinspiel");
      },
      "preflight --game duell --profile meinspiel --out {out}", 1,
      R"(meinspiel/fronts\.pdf leads through the symbolic link meinspiel: not read)");
  add(
      "PreflightDoesNotOpenAPipe",
      [](const Bad& p) {
        fs::create_directories(p.out() / "duell/meinspiel");
        std::ofstream(p.out() / "duell/manifest.json") << "{}";
        ::mkfifo((p.out() / "duell/meinspiel/fronts.pdf").c_str(), 0644);
      },
      "preflight --game duell --profile meinspiel --out {out}", 1,
      R"(meinspiel/fronts\.pdf is not a regular file: not read)");
  add(
      "PreflightFormsFanningOut",
      [](const Bad& p) {
        fs::create_directories(p.out() / "duell");
        std::ofstream(p.out() / "duell/manifest.json") << "{}";
        write_fanout_pdf(p.out() / "duell/meinspiel/fronts.pdf");
        write_fanout_pdf(p.out() / "duell/meinspiel/backs.pdf");
      },
      "preflight --game duell --profile meinspiel --out {out}", 1,
      R"(fronts\.pdf: page 1: it draws more than 10000 content streams)");
  add(
      "PreflightFormsNestingDeep",
      [](const Bad& p) {
        // 2^40 forms: few enough per level, but Ghostscript (which renders
        // the pages preflight has read) knows no bound on the nesting.
        fs::create_directories(p.out() / "duell");
        std::ofstream(p.out() / "duell/manifest.json") << "{}";
        write_fanout_pdf(p.out() / "duell/meinspiel/fronts.pdf", 2, 40);
        write_fanout_pdf(p.out() / "duell/meinspiel/backs.pdf", 2, 40);
      },
      "preflight --game duell --profile meinspiel --out {out}", 1,
      R"(fronts\.pdf: page 1: its forms nest deeper than 12 levels; not read further)");
  add(
      "SheetIdNamesAFolder",
      [](const Bad& p) {
        p.patch("data/print/sheets.yaml", "  a4:", "  ../a4:");
        p.patch("data/print/sheets.yaml", "sheets: [a4, letter]", "sheets: [../a4, letter]");
      },
      "check --game duell", 1, R"(data/print/sheets\.yaml:\d+:\d+: error: sheet id '\.\./a4' is not a plain id)");
  for (const auto& [margin, why] : std::vector<std::pair<std::string, std::string>>{
           {"80",
            "sheet 'a4' \\(210 x 297 mm\\) with a margin of 80 mm and 3 mm for crop marks has no room for one "
            "59 x 91 mm card of game 'duell'"},
           {"99.9", "sheet .a4. .* has no room for one 59 x 91 mm card"}}) {
    const std::string m = margin;
    add(
        "PnpMarginLeavesNoRoom_" + std::regex_replace(m, std::regex("[^0-9]"), "_"),
        [m](const Bad& p) { p.patch("data/print/sheets.yaml", "margin: 6.35", "margin: " + m); }, "check --game duell",
        1, R"(data/print/sheets\.yaml:23:13: error: )" + why);
  }
  add(
      "PnpMarginLeavesNothingOfTheSheet",
      [](const Bad& p) {
        p.patch("data/print/sheets.yaml", "width: 210", "width: 150");
        p.patch("data/print/sheets.yaml", "margin: 6.35", "margin: 80");
      },
      "check --game duell", 1,
      R"(data/print/sheets\.yaml:23:13: error: the margin of sheet 'a4' \(80 mm on every side\) leaves nothing of its 150 x 297 mm to print on)");
  add(
      "SchemaOutThroughALink",
      [](const Bad& p) { fs::create_directory_symlink(p.outside() / "folder", p.out() / "schema"); },
      "schema --out {out}", 1, R"(kartenwerk: schema: .*schema is a symbolic link; nothing written)")
      .reads_project = false;
  add(
      "SchemaOutThroughALinkedFile",
      [](const Bad& p) {
        fs::create_directories(p.out() / "docs");
        fs::create_symlink(p.outside() / "secret.yaml", p.out() / "docs/reference.md");
      },
      "schema --out {out}", 1, R"(docs/reference\.md is a symbolic link; nothing written)")
      .reads_project = false;
  add(
      "TableExportOfATableNamedLikeAPath",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "\n    sides:",
                "\n    ../../../../x:\n      fields:\n        n: { type: text }\n      entries:\n        a: { n: b }\n "
                "   sides:");
      },
      "table export --game duell --table ../../../../x", 1,
      R"(table export: '\.\./\.\./\.\./\.\./x' cannot be part of a file name; name the file with --out FILE)");

  // ------------------------------------------------ writes beside devices and pipes
  add(
      "TimingsToDevFull", [](const Bad&) {},
      "build --game duell --format png --card g01-glamdring --timings /dev/full --out {out}", 1,
      R"(--timings: cannot write /dev/full: No space left on device)")
      .never_touched = R"(^/dev/full\.)";
  add(
      "TimingsToDevNull", [](const Bad&) {},
      "build --game duell --format png --card g01-glamdring --timings /dev/null --out {out}", 0,
      R"(duell: \d+ files? in)")
      .never_touched = R"(^/dev/null\.)";
  add(
      "TableExportToDevNull", [](const Bad&) {}, "table export --game duell --deck gandalf --out /dev/null", 0,
      R"(/dev/null: 27 cards of duell/gandalf)")
      .never_touched = R"(^/dev/null\.)";
  add(
      "TableExportToAPipeNobodyReads", [](const Bad& p) { ::mkfifo((p.out() / "pipe").c_str(), 0644); },
      "table export --game duell --deck gandalf --out {out}/pipe", 1, R"(cannot write .*pipe: nobody reads that pipe)")
      .after = [](const Bad& p) {
    return fs::is_fifo(fs::symlink_status(p.out() / "pipe")) ? "" : "the pipe was replaced";
  };
  add(
      "TimingsToAPipeNobodyReads", [](const Bad& p) { ::mkfifo((p.out() / "pipe").c_str(), 0644); },
      "build --game duell --format png --card g01-glamdring --timings {out}/pipe --out {out}", 1,
      R"(--timings: cannot write .*pipe: nobody reads that pipe)")
      .after = [](const Bad& p) {
    return fs::is_fifo(fs::symlink_status(p.out() / "pipe")) ? "" : "the pipe was replaced";
  };

  // ------------------------------------------------ spreadsheets
  auto guarded = [](const std::string& prefix) {
    return [prefix](const Bad& p) {
      auto csv = read_file(p.out() / "g.csv");
      if (!csv) return std::string("no g.csv");
      return csv->find(",\"'" + prefix) != std::string::npos || csv->find(",'" + prefix) != std::string::npos
                 ? std::string()
                 : "the cell is not guarded: " + csv->substr(csv->find('\n') + 1, 200);
    };
  };
  for (const auto& [what, formula] : std::vector<std::pair<std::string, std::string>>{
           {"Equals", "\"=HYPERLINK(\\\"http://evil.example\\\", \\\"x\\\")\""},
           {"Plus", "\"+SUM(1;2)*cmd|' /C calc'!A0\""},
           {"Minus", "\"-2+3+cmd|' /C calc'!A0\""},
           {"At", "\"@SUM(1;2)\""},
           {"Tab", "\"\\t=1+1\""},
           {"CarriageReturn", "\"\\r=1+1\""}}) {
    const std::string f = formula;
    std::string prefix = what == "Tab" ? "\t" : what == "CarriageReturn" ? "\r" : f.substr(1, 1);
    add(
        "CsvExportGuardsFormulas_" + what,
        [f](const Bad& p) { p.patch("data/games/duell.yaml", "name: Glamdring,", "name: " + f + ","); },
        "table export --game duell --deck gandalf --out {out}/g.csv", 0, R"(g\.csv: 27 cards of duell/gandalf)")
        .after = guarded(prefix);
  }
  add(
      "CsvFormulaGuardReadsBackUnchanged",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "name: Glamdring,", "name: \"=HYPERLINK(1)\",");
        run_step(p, "table export --game duell --deck gandalf --out {out}/g.csv");
      },
      "table import --game duell --deck gandalf {out}/g.csv", 0, R"(deck 'gandalf' unchanged \(27 rows\))");
  add(
      "ExportOfADeckWithTheLongestId",
      [](const Bad& p) {
        const std::string id = "gandalf-" + std::string(56, 'a');
        p.patch("data/games/duell.yaml", "    - id: gandalf\n", "    - id: " + id + "\n");
        std::string t = p.text("data/games/duell.yaml");
        t = std::regex_replace(t, std::regex("deck: gandalf,"), "deck: " + id + ",");
        p.write("data/games/duell.yaml", t);
      },
      "table export --game duell --deck gandalf-" + std::string(56, 'a') + " --format xlsx --out {out}/g.xlsx", 0,
      R"(g\.xlsx: 27 cards of duell/gandalf-a+)");
  add(
      "ExportOfACellPastExcelsLimit",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "name: Glamdring,", "name: " + std::string(40000, 'x') + ",");
      },
      "table export --game duell --deck gandalf --format xlsx --out {out}/g.xlsx", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: column 'name' would hold 40000 characters, more than the 32767 a spreadsheet cell holds \(card g01-glamdring\))")
      .after = [](const Bad& p) { return fs::exists(p.out() / "g.xlsx") ? "g.xlsx was written" : ""; };
  add(
      "ExportOfACsvCellPastExcelsLimit",
      [](const Bad& p) {
        p.patch("data/games/duell.yaml", "name: Glamdring,", "name: " + std::string(20000, '\xc3') + ",");
        // A plain find: std::regex's "\xc3{20000}" recursed once per
        // repetition and overflowed the stack under AddressSanitizer.
        std::string t = p.text("data/games/duell.yaml");
        const std::string placeholder(20000, '\xc3');
        const size_t at = t.find(placeholder);
        if (at == std::string::npos)
          ADD_FAILURE() << "the patched name is not in duell.yaml";
        else
          t.replace(at, placeholder.size(), std::string(20000, 'y') + std::string(13000, 'z'));
        p.write("data/games/duell.yaml", t);
      },
      "table export --game duell --deck gandalf --out {out}/g.csv", 1,
      R"(data/games/duell\.yaml:\d+:\d+: error: column 'name' would hold 33000 characters)");
  const std::string import_xlsx = "table import --game duell --deck gandalf {out}/evil.xlsx";
  add(
      "XlsxSharedStringPointedAtByEveryCell",
      [](const Bad& p) {
        // 3 KB on disk: one string of 30,000 characters, 10,000 cells naming it.
        std::string rows;
        for (int r = 2; r < 10002; ++r)
          rows += "<row r=\"" + std::to_string(r) + "\"><c r=\"D" + std::to_string(r) + "\" t=\"s\"><v>0</v></c></row>";
        write_xlsx(p.out() / "evil.xlsx", gandalf_rows(rows), "<si><t>" + std::string(30000, 'x') + "</t></si>");
      },
      import_xlsx, 1,
      R"(evil\.xlsx:\d+:4: error: cannot read the xlsx file: the workbook holds more than 2000000 cells or 268435456 bytes of text)");
  add(
      "XlsxCellsPastTheLimit",
      [](const Bad& p) {
        std::string rows;
        for (int r = 2; r < 4000; ++r)
          rows += "<row r=\"" + std::to_string(r) + "\"><c r=\"XFD" + std::to_string(r) + "\"/></row>";
        write_xlsx(p.out() / "evil.xlsx", gandalf_rows(rows));
      },
      import_xlsx, 1,
      R"(evil\.xlsx:\d+:16384: error: cannot read the xlsx file: the workbook holds more than 2000000 cells)");
  add(
      "XlsxCellLongerThanACellHolds",
      [](const Bad& p) {
        write_xlsx(p.out() / "evil.xlsx", gandalf_rows("<row r=\"2\"><c r=\"D2\" t=\"inlineStr\"><is><t>" +
                                                       std::string(40000, 'x') + "</t></is></c></row>"));
      },
      import_xlsx, 1,
      R"(evil\.xlsx:2:4: error: cannot read the xlsx file: cell D2 holds (40000 characters|more than a cell can))");
  add(
      "XlsxRowPastTheLast",
      [](const Bad& p) {
        write_xlsx(p.out() / "evil.xlsx",
                   gandalf_rows("<row r=\"1048577\"><c r=\"A1048577\" t=\"inlineStr\"><is><t>x</t></is></c></row>"));
      },
      import_xlsx, 1,
      R"(evil\.xlsx: error: cannot read the xlsx file: row '1048577' lies past the last row of a sheet)");
  add(
      "XlsxColumnPastTheLast",
      [](const Bad& p) {
        write_xlsx(p.out() / "evil.xlsx",
                   gandalf_rows("<row r=\"2\"><c r=\"XFE2\" t=\"inlineStr\"><is><t>x</t></is></c></row>"));
      },
      import_xlsx, 1, R"(evil\.xlsx:2:16385: error: cannot read the xlsx file: cell XFE2 lies past the last column)");
  add(
      "XlsxPartInflatingPastTheLimit",
      [](const Bad& p) { write_xlsx(p.out() / "evil.xlsx", gandalf_rows("<!--" + std::string(2000000, ' ') + "-->")); },
      "--limit file-bytes=1000000 " + import_xlsx, 1,
      R"(evil\.xlsx: error: cannot read the xlsx file: xl/worksheets/sheet1\.xml inflates to more than 1000000 bytes)");
  add(
      "XlsxWithEntities",
      [](const Bad& p) {
        write_zip(p.out() / "evil.xlsx", {{"xl/sharedStrings.xml",
                                           "<?xml version=\"1.0\"?><!DOCTYPE sst [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b "
                                           "\"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><sst><si><t>&b;</t></si></sst>"},
                                          {"xl/worksheets/sheet1.xml", "<worksheet><sheetData/></worksheet>"}});
      },
      import_xlsx, 1, R"(evil\.xlsx: error: cannot read the xlsx file: xl/sharedStrings\.xml declares a DTD)");
  add(
      "XlsxNamingAnOutsideFileInItsRelations",
      [](const Bad& p) {
        write_zip(p.out() / "evil.xlsx",
                  {{"xl/workbook.xml", "<workbook><sheets><sheet r:id=\"rId1\" xmlns:r=\"r\"/></sheets></workbook>"},
                   {"xl/_rels/workbook.xml.rels", "<Relationships><Relationship Id=\"rId1\" Target=\"" +
                                                      p.outside().string() + "/secret.yaml\"/></Relationships>"}});
      },
      import_xlsx, 1, R"(evil\.xlsx: error: cannot read the xlsx file: it has no worksheet)");
  add(
      "XlsxThatIsNoZip", [](const Bad& p) { std::ofstream(p.out() / "evil.xlsx") << "PK\x03\x04 not really"; },
      import_xlsx, 1, R"(evil\.xlsx: error: cannot read the xlsx file: it is not an xlsx workbook)");
  add(
      "CsvWithMoreCellsThanATableHas",
      [](const Bad& p) { std::ofstream(p.out() / "evil.csv") << "id,name\n"
                                                             << std::string(2100000, ','); },
      "table import --game duell --deck gandalf {out}/evil.csv", 1,
      R"(evil\.csv:2:\d+: error: the CSV file holds more than 2000000 cells)");

  // ------------------------------------------------ the build cache
  // The game's output folder gone: a build takes the files a build left
  // there by their stamps without reading the cache's objects.
  auto remove_game_output = [](const Bad& p) {
    std::error_code ec;
    fs::remove_all(p.out() / "duell", ec);
  };
  const std::string two_cards = "build --game duell --format png --card g01-glamdring,g02-feindhammer --out {out}";
  auto odd_objects = [&](const std::string& what, const std::function<void(const Bad&, const fs::path&, size_t)>& make,
                         const std::string& why) {
    add(
        "CacheObject_" + what,
        [=](const Bad& p) {
          run_step(p, two_cards);
          const auto objects = cache_objects(p);
          for (size_t i = 0; i < objects.size(); ++i) make(p, objects[i], i);
          // Card files left in the output are taken by their stamps (a
          // build record, not an object) without reading an object: the
          // cards' files go, so the objects are needed.
          remove_game_output(p);
        },
        two_cards, 0, R"(note: build cache .*: object [0-9a-f]{12}… )" + why + R"([^\n]*: removed, rendered again)")
        .after = [two_cards](const Bad& p) {
      run_step(p, two_cards + "/ref --no-cache");
      return same_file(p.out() / "duell/cards/02-g02-feindhammer.png",
                       p.out() / "ref/duell/cards/02-g02-feindhammer.png");
    };
  };
  odd_objects(
      "ASymbolicLinkOutside",
      [](const Bad& p, const fs::path& o, size_t) {
        fs::remove(o);
        fs::create_symlink(p.outside() / "secret.yaml", o);
      },
      "it is a symbolic link");
  odd_objects(
      "APipe",
      [](const Bad&, const fs::path& o, size_t) {
        fs::remove(o);
        ::mkfifo(o.c_str(), 0644);
      },
      "it is not a regular file");
  odd_objects(
      "AFolder",
      [](const Bad&, const fs::path& o, size_t) {
        fs::remove(o);
        fs::create_directory(o);
      },
      "it is not a regular file");
  odd_objects(
      "CutShort",
      [](const Bad&, const fs::path& o, size_t) {
        const std::string bytes = *read_file(o);
        std::ofstream(o, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 100);
      },
      "it has \\d+ bytes where its header says \\d+");
  odd_objects(
      "Garbage", [](const Bad&, const fs::path& o, size_t) { std::ofstream(o, std::ios::trunc) << "garbage"; },
      "it is no object of this cache");
  odd_objects(
      "AByteChanged",
      [](const Bad&, const fs::path& o, size_t) {
        std::string bytes = *read_file(o);
        bytes[bytes.size() - 10] ^= 0x55;
        std::ofstream(o, std::ios::binary | std::ios::trunc) << bytes;
      },
      "its bytes do not match their hash");
  odd_objects(
      "HardLinkedElsewhere",
      [](const Bad& p, const fs::path& o, size_t i) {
        fs::create_hard_link(o, p.out() / ("other-name-" + std::to_string(i)));
      },
      "it has other names");
  add(
      "CacheObjectsSwapped",
      [=](const Bad& p) {
        run_step(p, two_cards);
        const auto objects = cache_objects(p);
        std::vector<std::string> bytes;
        bytes.reserve(objects.size());
        for (const auto& o : objects) bytes.push_back(*read_file(o));
        for (size_t i = 0; i < objects.size(); ++i)
          std::ofstream(objects[i], std::ios::binary | std::ios::trunc) << bytes[(i + 1) % bytes.size()];
        remove_game_output(p);  // as above: the objects are needed
      },
      two_cards, 0, R"(note: build cache .*: object [0-9a-f]{12}… it holds the object of another key)")
      .after = [two_cards](const Bad& p) {
    run_step(p, two_cards + "/ref --no-cache");
    return same_file(p.out() / "duell/cards/01-g01-glamdring.png", p.out() / "ref/duell/cards/01-g01-glamdring.png") +
           same_file(p.out() / "duell/cards/02-g02-feindhammer.png",
                     p.out() / "ref/duell/cards/02-g02-feindhammer.png");
  };
  add(
      "CacheObjectFolderLinkedOutside",
      [=](const Bad& p) {
        run_step(p, two_cards);
        for (const auto& o : cache_objects(p)) {
          const fs::path folder = o.parent_path();
          if (fs::is_symlink(folder)) continue;
          fs::remove_all(folder);
          fs::create_directory_symlink(p.outside() / "folder", folder);
        }
        remove_game_output(p);  // as above: the objects are needed
      },
      two_cards, 0, R"(note: build cache .*: the folder of object [0-9a-f]{12}… is a symbolic link)");
  const std::string whole = "build --game duell --format png --out {out}";
  // A build record's text as `edit` leaves it, and why the cache refuses it.
  struct RecordEdit {
    std::string what;
    std::function<std::string(const Bad&, const std::string&)> edit;
    std::string why;
  };
  const std::vector<RecordEdit> record_edits{
      {"NamingAnOutsideSystemInput",
       [](const Bad& p, const std::string& t) {
         return std::regex_replace(
             t, std::regex("\"system\": \\["),
             "\"system\": [[\"" + (p.outside() / "secret.yaml").string() + "\", \"" + std::string(64, 'a') + "\"],");
       },
       "it names a system input outside kartenwerk's own folders"},
      {"NamingASystemInputByDotDot",
       [](const Bad& p, const std::string& t) {
         return std::regex_replace(t, std::regex("\"system\": \\["),
                                   "\"system\": [[\"/usr/share/hyphen/../../.." +
                                       (p.outside() / "secret.yaml").string() + "\", \"" + std::string(64, 'a') +
                                       "\"],");
       },
       "it names a system input outside"},
      {"NamingAnOutsideOutput",
       [](const Bad& p, const std::string& t) {
         return std::regex_replace(t, std::regex("\"outputs\": \\["),
                                   "\"outputs\": [[\"" + (p.outside() / "secret.yaml").string() + "\", [1, 1, 1]],");
       },
       "it names an output outside the game's folder"},
      {"ANumberWhereAStringBelongs",
       [](const Bad&, const std::string& t) {
         return std::regex_replace(t, std::regex("\"key\": \"[0-9a-f]+\""), "\"key\": 5");
       },
       "its key is not a key"},
      {"NotJson", [](const Bad&, const std::string&) { return std::string("{\"key\": [1, 2"); }, "it is not a record"},
      {"AnExtraMember",
       [](const Bad&, const std::string& t) { return std::regex_replace(t, std::regex("^\\{"), "{\"x\": 1,"); },
       "it is not a record"}};
  for (const auto& [what, edit, why] : record_edits) {
    const auto e = edit;
    add(
        "CacheRecord_" + what,
        [=](const Bad& p) {
          run_step(p, whole);
          edit_records(p, [&](const std::string& t) { return e(p, t); });
        },
        whole, 0, R"(note: build cache .*: the build record of .* is malformed \()" + why);
  }

  // ------------------------------------------------ pictures and scaffolds
  for (const auto& [what, w, h, why] : std::vector<std::tuple<std::string, int, int, std::string>>{
           {"Tall", 1, 40000, "is 1 x 40000 pixels: a side longer than 32767 pixels"},
           {"Wide", 40000, 1, "is 40000 x 1 pixels: a side longer than 32767 pixels"},
           {"JustPastTheSide", 32768, 2, "is 32768 x 2 pixels: a side longer than 32767"},
           {"Thin", 1, 3000, "is 1 x 3000 pixels: one side 1000 or more times the other"},
           {"Flat", 5000, 4, "is 5000 x 4 pixels: one side 1000 or more times the other"}}) {
    const int W = w, H = h;
    add(
        "Picture_" + what,
        [=](const Bad& p) {
          write_png(p.root() / "templates/monddaemmerung/bilder/zz-odd.png", W, H);
          p.patch("data/variants/monddaemmerung/bilder.yaml", "monddaemmerung/bilder/weberin.png",
                  "monddaemmerung/bilder/zz-odd.png");
        },
        "check --game monddaemmerung --variant bilder", 1,
        R"(data/variants/monddaemmerung/bilder\.yaml:18:30: error: picture templates/monddaemmerung/bilder/zz-odd\.png )" +
            why + R"([^\n]*\(card gelb-04\))");
  }
  add(
      "NewWithAFormatTooSmallForTheScaffold",
      [](const Bad& p) {
        p.append("data/formats.yaml",
                 "  zz-tiny:\n    width: 20\n    height: 25\n    bleed: 1\n    safe: 1\n    dpi: 300\n");
      },
      "new zz-tiny --format zz-tiny", 1,
      R"(kartenwerk: new: a game of format 'zz-tiny' made this way does not check clean \(above\); nothing was written)")
      .after = [](const Bad& p) {
    return fs::exists(p.root() / "data/games/zz-tiny.yaml") || fs::exists(p.root() / "layouts/zz-tiny")
               ? "new wrote files"
               : "";
  };
  add(
      "NewWithABoardFormat", [](const Bad&) {}, "new zz-board --format duell-board", 1,
      R"(data/print/sheets\.yaml:\d+:\d+: error: sheet 'a4' .* has no room for one 420 x 297 mm card of game 'zz-board')")
      .after = [](const Bad& p) { return fs::exists(p.root() / "data/games/zz-board.yaml") ? "new wrote files" : ""; };

  // ------------------------------------------------ elsewhere
  auto po_language = [](const std::string& language) {
    return [language](const Bad& p) {
      std::ofstream(p.out() / "evil.po") << "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                                            "\"Language: "
                                         << language
                                         << "\\n\"\n\"X-Kartenwerk-Game: duell\\n\"\n\nmsgctxt "
                                            "\"card.g01-glamdring.name\"\nmsgid \"Glamdring\"\nmsgstr \"Foe-hammer\"\n";
    };
  };
  // A tag in another case than BCP 47's names no second folder (data/locales/EN
  // beside en): import refuses it at the header, spelling it right.
  for (const auto& [code, folder] : std::vector<std::pair<std::string, std::string>>{
           {"EN", "en"}, {"En", "en"}, {"FR", "fr"}, {"PT-br", "pt-BR"}, {"DE", "de"}}) {
    const std::string want = folder, given = code;
    add("PoLanguageCase_" + std::regex_replace(given, std::regex("[^A-Za-z]"), "_"), po_language(given),
        "i18n import {out}/evil.po", 1,
        R"(evil\.po:4:2: error: the PO header's Language: the language ')" + given + "' is spelt '" + want + "'")
        .after = [given](const Bad& p) {
      for (const auto& e : fs::directory_iterator(p.root() / "data/locales"))
        if (e.path().filename() == given) return "data/locales/" + given + " was made";
      return std::string();
    };
  }
  for (const auto& [what, from, to, why] : std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
           {"RawNul", "name: Glamdring,", std::string("name: Glam\0dring,", 17),
            "the control character U\\+0000 \\(NUL\\)"},
           {"EscapedNul", "name: Glamdring,", "name: \"Glam\\0dring\",", "a NUL character \\(\\\\0\\) in a value"},
           {"EscapedHexNul", "name: Glamdring,", "name: \"Glam\\x00dring\",", "a NUL character"},
           {"EscapedUnicodeNul", "name: Glamdring,", "name: \"Glam\\u0000dring\",", "a NUL character"},
           {"RawEscape", "name: Glamdring,", "name: Glam\x1b[2Jdring,", "the control character U\\+001B"},
           {"RawDelete", "name: Glamdring,",
            "name: Glam\x7f"
            "dring,",
            "the control character U\\+007F"},
           {"RawC1", "name: Glamdring,",
            "name: Glam\xc2\x9b"
            "dring,",
            "the control character U\\+009B"},
           {"NulInAKey", "name: Glamdring,", "\"na\\0me\": Glamdring,", "a NUL character"},
           {"NulInALayout", "", "", ""}}) {
    if (what == "NulInALayout") {
      add(
          "Yaml_NulInALayout",
          [](const Bad& p) { p.patch("layouts/duell/card.yaml", "name: ground", std::string("name: gro\0und", 13)); },
          "check --game duell", 1, R"(layouts/duell/card\.yaml:\d+:\d+: error: the control character U\+0000)");
      continue;
    }
    const std::string a = from, b = to;
    add(
        "Yaml_" + what, [=](const Bad& p) { p.patch("data/games/duell.yaml", a, b); }, "check --game duell", 1,
        R"(data/games/duell\.yaml:\d+:\d+: error: )" + why);
  }
  for (const char* seed :
       {"-1", "18446744073709551616", "99999999999999999999999", "1e3", "0x10", "+5", "1.5", "", " 1"})
    add(
        std::string("SimulateSeed_") + std::to_string(c.size()), [](const Bad&) {},
        std::string("simulate --game monddaemmerung --games 1 --seed \"") + seed + "\"", 2,
        R"(--seed: '[^']*' is not a whole number from 0 to 18446744073709551615)");
  add(
      "SimulateSeedLargest", [](const Bad&) {},
      "simulate --game monddaemmerung --games 1 --players 3 --seed 18446744073709551615", 0,
      R"(1 games from seed 18446744073709551615)");

  // ------------------------------------------------ the studio: what a command line can see
  add(
      "ServeOnAPortInUse", [](const Bad&) {}, "serve --game duell --port {port}", 1,
      R"(kartenwerk: serve: port \d+ on 127\.0\.0\.1 is in use by another program)");
  add(
      "ServeOnAnAddressNotOfThisMachine", [](const Bad&) {}, "serve --game duell --host 203.0.113.7 --port 0", 1,
      R"(kartenwerk: serve: cannot listen on 203\.0\.113\.7:0)");
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
  const std::string command =
      "cd " + quoted(p.root()) + " && KARTENWERK_CACHE=" + quoted(p.cache()) + " TMPDIR=" + quoted(p.tmp()) +
      " ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\"" + " strace -f -qq -y -e trace=" + traced +
      " -o " + quoted(log) + " " + test::binary().string() + " --root " + quoted(p.root()) + " " + expand(c.args, p);
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
  if (c.status != 2 && c.reads_project) {
    EXPECT_TRUE(t.read_project) << "the trace shows no read of the project";
  }
  if (c.after) {
    const std::string wrong = c.after(p);
    EXPECT_EQ(wrong, "");
  }
  for (const auto& path : t.paths) {
    const bool allowed = under(path, p.root()) || under(path, p.out()) || under(path, p.cache()) ||
                         under(path, p.tmp()) || under(path, test::binary().parent_path()) || system_path(path);
    EXPECT_TRUE(allowed) << "touched " << path;
    EXPECT_FALSE(under(path, p.outside())) << "touched the outside file " << path;
    if (!c.never_touched.empty()) {
      EXPECT_FALSE(std::regex_search(path, std::regex(c.never_touched))) << "touched " << path;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Suite, BadInput, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<Case>& param) { return param.param.name; });

// The studio on a project with a folder linked outside and links that loop:
// `serve` starts (the watcher does not follow them), answers, and under
// strace neither opens, watches nor lists anything outside the project.
TEST(BadInputStudio, ServeReadsAndWatchesOnlyTheProject) {
  Bad p;
  fs::create_directory_symlink(p.outside() / "folder", p.root() / "data/shared");
  fs::create_directory_symlink(".", p.root() / "data/loop-a");
  fs::create_directory_symlink(".", p.root() / "data/loop-b");
  fs::create_directory_symlink("../..", p.root() / "data/games/up");
  const fs::path log = p.cache().parent_path() / "trace.log", url = p.out() / "url.txt", pids = p.out() / "pid.txt",
                 tracer = p.out() / "strace-pid.txt";
  const std::string traced =
      "open,openat,openat2,creat,truncate,mkdir,mkdirat,rmdir,unlink,unlinkat,rename,renameat,"
      "renameat2,link,linkat,symlink,symlinkat,chmod,fchmodat,chown,fchownat,inotify_add_watch";
  const std::string start =
      "cd " + quoted(p.root()) + " && (KARTENWERK_CACHE=" + quoted(p.cache()) + " TMPDIR=" + quoted(p.tmp()) +
      " ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" strace -f -qq -y -e trace=" + traced + " -o " +
      quoted(log) + " sh -c 'echo $$ > " + quoted(pids) + "; exec " + test::binary().string() + " --root " +
      quoted(p.root()) + " serve --game duell --port 0' > " + quoted(url) + " 2> " + quoted(p.out() / "err.txt") +
      " & echo $! > " + quoted(tracer) + ")";
  ASSERT_EQ(test::run_command(start), 0);
  // The URL line says it listens (the game is built then); patience, not timing.
  std::string line;
  for (int i = 0; i < 1200 && line.find("http://") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    line = read_file(url).value_or("");
  }
  const pid_t serve = static_cast<pid_t>(std::stol(read_file(pids).value_or("0")));
  const pid_t strace = static_cast<pid_t>(std::stol(read_file(tracer).value_or("0")));
  ASSERT_NE(line.find("http://127.0.0.1:"), std::string::npos) << read_file(p.out() / "err.txt").value_or("");
  const int port = std::stoi(line.substr(line.rfind(':') + 1));
  // One state, so the project is read as the page reads it.
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const std::string request =
      "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\nConnection: close\r\n\r\n";
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string answer;
  char buffer[8192];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<size_t>(n));
  ::close(fd);
  EXPECT_TRUE(answer.starts_with("HTTP/1.1 200 OK")) << answer.substr(0, 200);
  ::kill(serve, SIGTERM);
  for (int i = 0; i < 600 && ::kill(strace, 0) == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_NE(::kill(serve, 0), 0) << "serve did not end on SIGTERM";
  EXPECT_EQ(answer.find(kSecret), std::string::npos);
  const Touched t = parse_trace(log, p.root(), p.root());
  ASSERT_FALSE(t.paths.empty());
  EXPECT_TRUE(t.read_project);
  for (const auto& path : t.paths) {
    const bool allowed = under(path, p.root()) || under(path, p.out()) || under(path, p.cache()) ||
                         under(path, p.tmp()) || under(path, test::binary().parent_path()) || system_path(path) ||
                         path == "/bin/sh" || under(path, "/bin");
    EXPECT_TRUE(allowed) << "touched " << path;
    EXPECT_FALSE(under(path, p.outside())) << "touched the outside file " << path;
    EXPECT_EQ(path.find("loop-a/loop-"), std::string::npos) << "followed a loop: " << path;
  }
}

TEST(BadInputSuite, CoversAtLeastAHundredCases) { EXPECT_GE(cases().size(), 100u); }

}  // namespace
}  // namespace kw
