// The build cache end to end: a small project is built, then one kind of
// input is edited (one test per kind), and the rebuild must render exactly
// the cards the edit reaches (their PNGs and JPEGs change, no other card file
// is even rewritten), must give the files made of all the cards (the game
// PDF, the overview, the PnP sheets, ...) that show the edit new bytes, and
// must leave every file byte-identical to a build of the same input without
// the cache (--no-cache): the cache never serves stale output.
//
// The project is Palantír trimmed to five of its cards (tests/fixtures/
// incremental/), laid out by the shipped layouts, art, fonts and print
// settings: a whole build, every product included, takes a fraction of a
// second where the whole game (56 cards) took several.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "core/files.h"
#include "core/sha256.h"
#include "support/mini_project.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// Every file under `dir` by relative path: its SHA-256 and modification time.
struct FileState {
  std::string sha256;
  fs::file_time_type time;
};
std::map<std::string, FileState> files_under(const fs::path& dir) {
  std::map<std::string, FileState> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[e.path().lexically_relative(dir).generic_string()] = {sha256_hex(*test::output_bytes(e.path())),
                                                                e.last_write_time()};
  return out;
}

// Whether `path` is a card's own file: cards/<stem>.png or meinspiel/<stem>.jpg.
bool is_card_file(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return (path.starts_with("cards/") && ext == ".png") || (path.starts_with("meinspiel/") && ext == ".jpg");
}

constexpr size_t kCards = 11;  // ten cards (five, both copies) and the back

class IncrementalBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path source = test::source_root(), root = root_.path();
    fs::copy(test::fixtures() / "incremental", root, fs::copy_options::recursive);
    fs::copy(source / "data/formats.yaml", root / "data/formats.yaml");
    // Copied, not linked: the tests edit them.
    for (const char* folder : {"data/print", "layouts/palantir", "templates/palantir"}) {
      fs::create_directories(root / folder);
      fs::copy(source / folder, root / folder, fs::copy_options::recursive);
    }
    // Never edited: hard links (the project sandbox refuses symbolic links out of the project).
    fs::copy(source / "fonts", root / "fonts", fs::copy_options::recursive | fs::copy_options::create_hard_links);
    ASSERT_EQ(build(), std::to_string(kCards) + " cards rendered");
  }

  // Builds into out/ with the test's cache; returns the summary of what was
  // rendered ("2 of 11 cards rendered (9 from the cache)", "up to date").
  std::string build(const std::string& extra = "") {
    fs::remove(trace_file());
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --cache " + quoted(cache_.path()) +
                        " --out " + quoted(out_.path()) + " --timings " + quoted(trace_file()) + " " + extra);
    EXPECT_EQ(r.status, 0) << r.output;
    std::smatch m;
    if (std::regex_search(r.output, m, std::regex(R"(palantir: up to date)"))) return "up to date";
    if (std::regex_search(r.output, m, std::regex(R"(files in [^,\n]*, ([^\n]*))"))) return m[1];
    return r.output;
  }

  fs::path trace_file() const { return trace_.path() / "trace.json"; }

  // What the last build's trace says of its layout ("1 laid out, 9 kept":
  // the fronts laid out, and those whose layout the last build kept,
  // engine/layout_store.h), or "" when it took none from the cache.
  std::string layouts() const {
    const auto text = read_file(trace_file());
    if (!text) return "no trace";
    std::smatch m;
    if (std::regex_search(*text, m, std::regex(R"re("name":\s*"layout kept"[^}]*"item":\s*"([^"]*)")re"))) return m[1];
    return "";
  }

  void edit(const std::string& file, const std::string& from, const std::string& to) {
    const fs::path path = root_.path() / file;
    write_file_atomic(path, test::replace(*read_file(path), from, to));
  }

  // Rebuilds after an edit; checks that exactly the cards `changed` (stems)
  // got new bytes in their own files, that no other card file was rewritten,
  // that exactly the files made of all the cards in `reached` got new bytes
  // (a PDF copied from another, backs.pdf, and the shop's CMYK backs keep
  // their bytes while their pages do), and that the output is what a build without the cache
  // gives.
  void expect_rebuild(const std::set<std::string>& changed, const std::set<std::string>& reached) {
    const auto before = files_under(out_.path() / "palantir");
    const std::string summary = build();
    const auto after = files_under(out_.path() / "palantir");
    std::set<std::string> new_bytes, rewritten, new_products;
    for (const auto& [path, state] : after) {
      if (path == "manifest.json") continue;  // it lists every file's hash: new whenever anything is
      ASSERT_TRUE(before.count(path)) << path << " is new";
      const auto& old = before.at(path);
      if (!is_card_file(path)) {
        if (old.sha256 != state.sha256) new_products.insert(path);
        continue;
      }
      if (old.sha256 != state.sha256) new_bytes.insert(path);
      if (old.time != state.time) rewritten.insert(path);
    }
    std::set<std::string> card_files;
    for (const auto& stem : changed) card_files.insert({"cards/" + stem + ".png", "meinspiel/" + stem + ".jpg"});
    EXPECT_EQ(new_bytes, card_files);
    EXPECT_EQ(rewritten, card_files);
    EXPECT_EQ(new_products, reached);
    const std::string expected = std::to_string(changed.size()) + " of " + std::to_string(kCards) +
                                 " cards rendered (" + std::to_string(kCards - changed.size()) + " from the cache)";
    EXPECT_EQ(summary, expected);

    test::TempDir clean;
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --no-cache --out " +
                        quoted(clean.path()));
    ASSERT_EQ(r.status, 0) << r.output;
    const auto fresh = files_under(clean.path() / "palantir");
    ASSERT_EQ(fresh.size(), after.size());
    for (const auto& [path, state] : fresh) {
      if (path == "manifest.json") continue;  // it names the output folder's files, which are the same
      ASSERT_TRUE(after.count(path)) << path;
      EXPECT_EQ(after.at(path).sha256, state.sha256) << path << " differs from a build without the cache";
    }
  }

  test::TempDir root_, cache_, out_, trace_;
};

// The files made of all the cards that show a change of a card's front (the
// TTS face sheet has the back in one cell too).
const std::set<std::string> kFrontProducts = {"palantir.pdf",         "fronts.pdf",          "overview.png",
                                              "meinspiel/fronts.pdf", "pnp/palantir-a4.pdf", "pnp/palantir-letter.pdf",
                                              "tts/palantir-1.jpg"};

TEST_F(IncrementalBuild, NothingChangedIsUpToDateAndTouchingAnOutputRebuildsIt) {
  EXPECT_EQ(build(), "up to date");
  fs::remove(out_.path() / "palantir/cards/03-rohan-hobbit-1.png");
  EXPECT_EQ(build(), "0 of 11 cards rendered (11 from the cache)");
  EXPECT_EQ(layouts(), "0 laid out, 10 kept");
  EXPECT_TRUE(fs::exists(out_.path() / "palantir/cards/03-rohan-hobbit-1.png"));
  EXPECT_EQ(build(), "up to date");
  EXPECT_EQ(build("--no-cache"), "11 cards rendered");
}

// A card file changed by hand in the output (same size, other bytes) is
// noticed by its bytes and written again from the cache: a build takes a
// card file on disk for the card only when its hash matched (or when stat
// says it is still the file whose hash matched, below).
TEST_F(IncrementalBuild, ACardFileChangedByHandIsWrittenAgain) {
  for (const char* file : {"palantir/cards/03-rohan-hobbit-1.png", "palantir/meinspiel/03-rohan-hobbit-1.jpg"}) {
    const fs::path path = out_.path() / file;
    std::string bytes = *read_file(path);
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
    write_file_atomic(path, bytes);
  }
  EXPECT_EQ(build(), "0 of 11 cards rendered (11 from the cache)");
  test::TempDir clean;
  auto r =
      kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --no-cache --out " + quoted(clean.path()));
  ASSERT_EQ(r.status, 0) << r.output;
  for (const char* file : {"palantir/cards/03-rohan-hobbit-1.png", "palantir/meinspiel/03-rohan-hobbit-1.jpg",
                           "palantir/cards/01-gondor-hobbit-1.png"})
    EXPECT_EQ(read_file(out_.path() / file), read_file(clean.path() / file)) << file;
  // The manifest lists the files' hashes as they are on disk.
  const auto manifest = read_file(out_.path() / "palantir/manifest.json");
  ASSERT_TRUE(manifest);
  const std::string png = *read_file(out_.path() / "palantir/cards/03-rohan-hobbit-1.png");
  EXPECT_NE(manifest->find(sha256_hex(png)), std::string::npos);
}

// A card file the last build wrote or checked is taken as it is without
// reading it again while stat says the same of it (inode, size, time:
// card_products.cpp disk_stamp); rewritten in place with the same size,
// other bytes and a later time (a hand edit), it is noticed and written
// again, and the manifest lists it as it is then.
TEST_F(IncrementalBuild, ACardFileRewrittenInPlaceIsNoticedByItsTime) {
  EXPECT_EQ(build("--skip overview,tts"), "0 of 11 cards rendered (11 from the cache)");  // checked, stamped
  const fs::path path = out_.path() / "palantir/cards/03-rohan-hobbit-1.png";
  const std::string good = *read_file(path);
  const auto written = fs::last_write_time(path);
  std::string bytes = good;
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
  {
    std::ofstream in_place(path, std::ios::binary | std::ios::in | std::ios::out);  // the same inode
    in_place.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  fs::last_write_time(path, written + std::chrono::seconds(1));
  EXPECT_EQ(build("--skip overview,tts"), "0 of 11 cards rendered (11 from the cache)");
  EXPECT_EQ(read_file(path), good);
  const auto manifest = read_file(out_.path() / "palantir/manifest.json");
  ASSERT_TRUE(manifest);
  EXPECT_NE(manifest->find(sha256_hex(good)), std::string::npos);
}

// A card's data entry: both copies of that card, and the flavor page that names it.
TEST_F(IncrementalBuild, ACardsDataReRendersBothItsCopies) {
  edit("data/games/palantir.yaml", "good: { name: Pippin }", "good: { name: Pippo }");
  std::set<std::string> reached = kFrontProducts;
  reached.insert("flavor.pdf");
  reached.insert("tts/palantir-playing.json");  // the cards' text in the saved object
  expect_rebuild({"01-gondor-hobbit-1", "02-gondor-hobbit-2"}, reached);
  EXPECT_EQ(layouts(), "2 laid out, 8 kept");  // the edited card's two copies
}

// A build that names no game: the games the last one built are recorded, so
// that with nothing changed it is up to date without loading the card
// database (its trace has no `load` span), as with --game; an edit anywhere
// loads it again.
TEST_F(IncrementalBuild, ABuildOfAllGamesIsUpToDateWithoutLoadingTheData) {
  auto all = [&](const std::string& extra = "") {
    fs::remove(trace_file());
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --cache " + quoted(cache_.path()) + " --out " +
                        quoted(out_.path()) + " --timings " + quoted(trace_file()) + " " + extra);
    EXPECT_EQ(r.status, 0) << r.output;
    return r.output;
  };
  auto loaded = [&] {
    return std::regex_search(read_file(trace_file()).value_or(""), std::regex(R"re("name":\s*"load")re"));
  };
  EXPECT_NE(all().find("palantir: up to date"), std::string::npos);  // the one game, built by SetUp
  EXPECT_TRUE(loaded());                                             // no record of all games yet
  EXPECT_NE(all().find("palantir: up to date"), std::string::npos);
  EXPECT_FALSE(loaded());
  edit("data/games/palantir.yaml", "good: { name: Pippin }", "good: { name: Pippo }");
  EXPECT_NE(all().find("2 of 11 cards rendered"), std::string::npos);
  EXPECT_TRUE(loaded());
  EXPECT_NE(all().find("palantir: up to date"), std::string::npos);
  EXPECT_FALSE(loaded());
  // A card file removed: the record of all games names palantir, whose own
  // record is no longer up to date, so the data is loaded and the file made.
  fs::remove(out_.path() / "palantir/cards/03-rohan-hobbit-1.png");
  EXPECT_NE(all().find("0 of 11 cards rendered"), std::string::npos);
  EXPECT_TRUE(fs::exists(out_.path() / "palantir/cards/03-rohan-hobbit-1.png"));
  // Another variant or draft is another key.
  EXPECT_NE(all("--draft").find("palantir [draft]: "), std::string::npos);
  EXPECT_TRUE(loaded());
}

// The layouts kept for the next build (engine/layout_store.h) damaged in the
// cache: ignored whole, every card laid out again, the files as without the
// cache.
TEST_F(IncrementalBuild, ADamagedLayoutsRecordIsIgnored) {
  size_t damaged = 0;
  for (const auto& e : fs::directory_iterator(cache_.path() / "builds")) {
    std::string bytes = *read_file(e.path());
    if (!bytes.starts_with("kartenwerk layouts 2\n")) continue;
    bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0x01);
    write_file_atomic(e.path(), bytes);
    ++damaged;
  }
  ASSERT_EQ(damaged, 1u);
  edit("data/games/palantir.yaml", "good: { name: Pippin }", "good: { name: Pippo }");
  std::set<std::string> reached = kFrontProducts;
  reached.insert("flavor.pdf");
  reached.insert("tts/palantir-playing.json");
  expect_rebuild({"01-gondor-hobbit-1", "02-gondor-hobbit-2"}, reached);
  EXPECT_EQ(layouts(), "10 laid out, 0 kept");
  EXPECT_EQ(build(), "up to date");
}

// A shared table row (a region's colour): every card of that region, whatever its class.
TEST_F(IncrementalBuild, ATableRowReRendersEveryCardThatRefersToIt) {
  edit("data/games/palantir.yaml", "background: \"#11412d\"", "background: \"#11512d\"");
  std::set<std::string> reached = kFrontProducts;
  reached.insert("flavor.pdf");  // Rohan's page
  expect_rebuild({"03-rohan-hobbit-1", "04-rohan-hobbit-2", "07-rohan-erbe-1", "08-rohan-erbe-2"}, reached);
  EXPECT_EQ(layouts(), "10 laid out, 0 kept");  // the game's tables are every card's input
}

// A layout: the back's (its art is drawn to the trim instead of the bleed).
TEST_F(IncrementalBuild, ALayoutReRendersTheCardsLaidOutByIt) {
  edit("layouts/palantir/back.yaml", "area: bleed", "area: trim");
  expect_rebuild({"00-back"}, {"palantir.pdf", "backs.pdf", "overview.png", "meinspiel/backs.pdf",
                               "pnp/palantir-a4.pdf", "pnp/palantir-letter.pdf", "tts/palantir-1.jpg",
                               "tts/palantir-back.jpg", "tts/palantir-playing.png"});  // the thumbnail shows the back
  EXPECT_EQ(layouts(), "10 laid out, 0 kept");  // any layout file is every card's input
}

// An art file: the hobbit cards draw it, in every region.
TEST_F(IncrementalBuild, AnArtFileReRendersTheCardsThatDrawIt) {
  edit("templates/palantir/class-hobbit.svg", "viewBox=\"0 0 100 100\"", "viewBox=\"0 0 100 110\"");
  expect_rebuild({"01-gondor-hobbit-1", "02-gondor-hobbit-2", "03-rohan-hobbit-1", "04-rohan-hobbit-2"},
                 kFrontProducts);
  EXPECT_EQ(layouts(), "10 laid out, 0 kept");
}

// Print settings (the A4 sheet's margin): no card, only the A4 PnP sheets.
TEST_F(IncrementalBuild, PrintSettingsReRenderNoCard) {
  edit("data/print/sheets.yaml", "margin: 6.35", "margin: 7");
  expect_rebuild({}, {"pnp/palantir-a4.pdf", "pnp/palantir-a4-alignment.pdf"});
}

// A variable of the environment the commands this test runs see, for its
// lifetime (the old value, e.g. ctest's SOURCE_DATE_EPOCH=1700000000, comes
// back after).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// The PDFs of a build whose creation date is `date` ("D:20231114221320Z").
std::set<std::string> pdfs_dated(const fs::path& dir, const std::string& date) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".pdf" &&
        read_file(e.path())->find("/CreationDate (" + date + ")") != std::string::npos)
      out.insert(e.path().lexically_relative(dir).generic_string());
  return out;
}

std::set<std::string> pdfs_under(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".pdf") out.insert(e.path().lexically_relative(dir).generic_string());
  return out;
}

// The date in the PDFs is an input like any file: a build at another
// SOURCE_DATE_EPOCH is not "up to date", renders no card again (a PNG has no
// date), and gives every PDF the new date, in the folder built before and in
// a fresh one served from the same cache.
TEST_F(IncrementalBuild, AnotherSourceDateEpochDatesEveryPdfAnew) {
  const fs::path game = out_.path() / "palantir";
  const auto pdfs = pdfs_under(game);
  ASSERT_GE(pdfs.size(), 5U);
  ASSERT_EQ(pdfs_dated(game, "D:20231114221320Z"), pdfs);  // ctest's SOURCE_DATE_EPOCH=1700000000
  {
    ScopedEnv later("SOURCE_DATE_EPOCH", "1800000000");  // 2027-01-15T08:00:00Z
    EXPECT_EQ(build(), "0 of 11 cards rendered (11 from the cache)");
    EXPECT_EQ(pdfs_dated(game, "D:20270115080000Z"), pdfs);
    EXPECT_EQ(build(), "up to date");

    test::TempDir fresh;
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --cache " + quoted(cache_.path()) +
                        " --out " + quoted(fresh.path()));
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(pdfs_dated(fresh.path() / "palantir", "D:20270115080000Z"), pdfs);
  }
  EXPECT_EQ(build(), "0 of 11 cards rendered (11 from the cache)");
  EXPECT_EQ(pdfs_dated(game, "D:20231114221320Z"), pdfs);
}

// A SOURCE_DATE_EPOCH that is no date is refused before anything is read or
// written, naming the variable.
TEST_F(IncrementalBuild, ASourceDateEpochThatIsNoDateIsRefused) {
  for (const char* bad : {"yesterday", "-5", "1700000000.5", "99999999999999999999"}) {
    ScopedEnv odd("SOURCE_DATE_EPOCH", bad);
    test::TempDir fresh;
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --out " + quoted(fresh.path()));
    EXPECT_EQ(r.status, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("SOURCE_DATE_EPOCH='" + std::string(bad) + "' is not a date"), std::string::npos)
        << r.output;
    EXPECT_TRUE(fs::is_empty(fresh.path())) << bad;
  }
}

// The date is the only thing of the environment an output may show: the
// language and number format of the locale, the time zone, and what the
// programs kartenwerk runs would read (Ghostscript's GS_OPTIONS and GS_LIB:
// it measures the ink that decides whether black overprints) change no byte
// of any file, CMYK included, built without the cache.
TEST_F(IncrementalBuild, TheLocaleTimeZoneAndProgramsEnvironmentChangeNoByte) {
  auto build_into = [&](const fs::path& dir) {
    auto r = kartenwerk("--root " + quoted(root_.path()) + " build --game palantir --no-cache --color cmyk --out " +
                        quoted(dir));
    EXPECT_EQ(r.status, 0) << r.output;
    return files_under(dir / "palantir");
  };
  test::TempDir plain_dir, other_dir;
  const auto plain = build_into(plain_dir.path());
  std::map<std::string, FileState> other;
  {
    ScopedEnv lang("LANG", "de_DE.UTF-8"), all("LC_ALL", "C.UTF-8"), zone("TZ", "Pacific/Kiritimati"),
        gs("GS_OPTIONS", "-dNOSAFER -r7 -dGrayValues=2"), gs_lib("GS_LIB", "/nonexistent");
    other = build_into(other_dir.path());
  }
  ASSERT_EQ(other.size(), plain.size());
  for (const auto& [path, state] : other) {
    if (path == "manifest.json") continue;  // it names the output folder's files, which are the same
    ASSERT_TRUE(plain.count(path)) << path;
    EXPECT_EQ(plain.at(path).sha256, state.sha256) << path << " depends on the environment";
  }
}

}  // namespace
}  // namespace kw
