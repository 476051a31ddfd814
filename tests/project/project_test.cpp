// The one door to the inputs: both projects read, hash, list and miss alike.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <thread>
#include <vector>

#include "project/disk_project.h"
#include "project/memory_project.h"
#include "project/path.h"
#include "support/test_support.h"

namespace kw::project {
namespace {

namespace fs = std::filesystem;

// SHA-256 of "abc" (FIPS 180-2, appendix B.1).
constexpr const char* kAbc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

TEST(Input, HashesItsBytes) {
  Input input("data/a.yaml", "abc");
  EXPECT_EQ(hex(input.hash()), kAbc);
  EXPECT_EQ(hex(Input("empty", "").hash()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(input.path(), "data/a.yaml");
  EXPECT_EQ(input.text(), "abc");
}

TEST(Input, DerivedValuesAreMadeOncePerType) {
  Input input("x", "bytes");
  int made = 0;
  auto make = [&] {
    ++made;
    return std::make_shared<std::string>("parsed");
  };
  std::string& a = input.derived<std::string>(make);
  std::string& b = input.derived<std::string>(make);
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(made, 1);
  EXPECT_EQ(input.derived<int>([] { return std::make_shared<int>(7); }), 7);
}

TEST(Path, JoinsAndNormalises) {
  EXPECT_EQ(join("data", "games/x.yaml"), "data/games/x.yaml");
  EXPECT_EQ(join("data/games", "../formats.yaml"), "data/formats.yaml");
  EXPECT_EQ(join("", "./data//cards.yaml"), "data/cards.yaml");
  EXPECT_EQ(join("", ""), "");
  EXPECT_EQ(parent("data/games/x.yaml"), "data/games");
  EXPECT_EQ(parent("x.yaml"), "");
  EXPECT_EQ(file_name("data/games/x.yaml"), "x.yaml");
  EXPECT_EQ(stem("data/games/x.yaml"), "x");
}

// The same files on disk and in memory.
struct Both {
  test::TempDir dir;
  DiskProject disk{dir.path()};
  MemoryProject memory;
  Both() {
    for (const auto& [path, text] : std::vector<std::pair<std::string, std::string>>{{"data/cards.yaml", "abc"},
                                                                                     {"data/games/b.yaml", "b"},
                                                                                     {"data/games/a.yaml", "a"},
                                                                                     {"data/games/Z.yaml", "Z"},
                                                                                     {"data/games/sub/c.yaml", "c"},
                                                                                     {"layouts/card.yaml", "l"}}) {
      write(dir.path() / path, text);
      memory.add(path, text);
    }
  }
  std::vector<const Project*> projects() const { return {&disk, &memory}; }
};

TEST(Project, ReadsHashesAndNamesFilesByProjectPath) {
  Both both;
  for (const Project* p : both.projects()) {
    InputPtr input = p->read("data/cards.yaml");
    ASSERT_TRUE(input);
    EXPECT_EQ(input->path(), "data/cards.yaml");
    EXPECT_EQ(hex(input->hash()), kAbc);
    // Different spellings of one path are one input.
    EXPECT_EQ(p->read("data/games/../cards.yaml"), input);
  }
}

TEST(Project, MissingFilesAndFoldersAreNull) {
  Both both;
  for (const Project* p : both.projects()) {
    EXPECT_EQ(p->read("data/nope.yaml"), nullptr);
    EXPECT_EQ(p->read("data/games"), nullptr);  // a folder is no file
    EXPECT_FALSE(p->exists("data/nope.yaml"));
    EXPECT_TRUE(p->exists("data/games"));
    EXPECT_TRUE(p->exists("data/cards.yaml"));
    EXPECT_TRUE(p->is_directory("data/games"));
    EXPECT_TRUE(p->is_directory(""));
    EXPECT_FALSE(p->is_directory("data/cards.yaml"));
    EXPECT_TRUE(p->list("data/nope").empty());
    EXPECT_EQ(p->read_system("/nonexistent/hyph_xx.dic"), nullptr);
  }
}

TEST(Project, ListsFoldersSortedBytewise) {
  Both both;
  const std::vector<std::string> games = {"Z.yaml", "a.yaml", "b.yaml", "sub"};
  const std::vector<std::string> top = {"data", "layouts"};
  for (const Project* p : both.projects()) {
    EXPECT_EQ(p->list("data/games"), games);
    EXPECT_EQ(p->list(""), top);
  }
}

TEST(Project, QuotesSourceLinesForDiagnostics) {
  MemoryProject p;
  p.add("data/x.yaml", "first\nsecond: oops\n");
  Diagnostics diags;
  diags.error({"data/x.yaml", 2, 9}, "bad");
  EXPECT_EQ(format_diagnostics(diags, &p), "data/x.yaml:2:9: error: bad\n    second: oops\n            ^\n");
  EXPECT_EQ(format_diagnostics(diags), "data/x.yaml:2:9: error: bad\n");
}

TEST(DiskProject, ReadsEachFileOnceAndKeepsIt) {
  test::TempDir dir;
  write(dir.path() / "data/a.yaml", "one");
  DiskProject p(dir.path());
  InputPtr first = p.read("data/a.yaml");
  write(dir.path() / "data/a.yaml", "two");  // changed during the run: the run keeps what it read
  EXPECT_EQ(p.read("data/a.yaml"), first);
  EXPECT_EQ(p.read("data/a.yaml")->text(), "one");
  EXPECT_EQ(DiskProject(dir.path()).read("data/a.yaml")->text(), "two");  // a new run sees the change
  EXPECT_EQ(p.file_on_disk("data/a.yaml"), dir.path() / "data/a.yaml");
}

TEST(DiskProject, HashesAFileWithoutKeepingIt) {
  test::TempDir dir;
  write(dir.path() / "fonts/a.ttf", "abc");
  DiskProject p(dir.path());
  auto digest = p.digest("fonts/a.ttf");
  ASSERT_TRUE(digest);
  EXPECT_EQ(digest->sha256, kAbc);
  EXPECT_EQ(digest->bytes, 3U);
  EXPECT_TRUE(p.inputs_read().empty());  // hashed, not kept: no input of the build yet
  EXPECT_FALSE(p.digest("fonts/missing.ttf"));
  EXPECT_FALSE(p.digest("fonts"));                  // a folder
  EXPECT_EQ(p.read("fonts/a.ttf")->text(), "abc");  // the same bytes read later are read
  EXPECT_EQ(p.inputs_read().size(), 1U);
  // A file read first is hashed from what was read, not from the disk again.
  write(dir.path() / "data/b.yaml", "abc");
  ASSERT_TRUE(p.read("data/b.yaml"));
  write(dir.path() / "data/b.yaml", "changed");
  EXPECT_EQ(p.digest("data/b.yaml")->sha256, kAbc);
}

TEST(DiskProject, AFileThatChangedAfterItWasHashedIsNotRead) {
  test::TempDir dir;
  write(dir.path() / "data/a.yaml", "abc");
  write(dir.path() / "data/gone.yaml", "abc");
  DiskProject p(dir.path());
  ASSERT_TRUE(p.digest("data/a.yaml"));
  ASSERT_TRUE(p.digest("data/gone.yaml"));
  write(dir.path() / "data/a.yaml", "abd");  // same size, other bytes
  fs::remove(dir.path() / "data/gone.yaml");
  // The build would otherwise use bytes its snapshot hash does not name.
  EXPECT_EQ(p.read("data/a.yaml"), nullptr);
  EXPECT_FALSE(p.exists("data/a.yaml"));
  auto why = p.refusal("data/a.yaml");
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("'data/a.yaml' changed on disk while kartenwerk ran"), std::string::npos) << *why;
  EXPECT_EQ(p.read("data/gone.yaml"), nullptr);
  ASSERT_TRUE(p.refusal("data/gone.yaml"));
  EXPECT_NE(p.refusal("data/gone.yaml")->find("changed on disk"), std::string::npos);
  EXPECT_TRUE(p.inputs_read().empty());
}

TEST(Project, HashesThroughReadWhereNothingElseIsKept) {
  MemoryProject p;
  p.add("data/a.yaml", "abc");
  auto digest = p.digest("data/a.yaml");
  ASSERT_TRUE(digest);
  EXPECT_EQ(digest->sha256, kAbc);
  EXPECT_EQ(digest->bytes, 3U);
  EXPECT_FALSE(p.digest("data/none.yaml"));
}

TEST(DiskProject, SystemInputsByAbsolutePath) {
  test::TempDir dir;
  write(dir.path() / "hyph_xx.dic", "UTF-8\n");
  DiskProject p(test::source_root());
  const std::string file = (dir.path() / "hyph_xx.dic").string();
  InputPtr dic = p.read_system(file);
  ASSERT_TRUE(dic);
  EXPECT_EQ(dic->path(), file);
  EXPECT_EQ(p.read_system(file), dic);
}

TEST(DiskProject, ConcurrentReadsAgreeOnOneInput) {
  test::TempDir dir;
  write(dir.path() / "a.svg", "<svg/>");
  DiskProject p(dir.path());
  std::vector<InputPtr> seen(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i) threads.emplace_back([&, i] { seen[i] = p.read("a.svg"); });
  for (auto& t : threads) t.join();
  for (const auto& s : seen) EXPECT_EQ(s, seen[0]);
}

TEST(MemoryProject, HasNoPlaceOnDiskAndServesAddedSystemInputs) {
  MemoryProject p;
  p.add("a.txt", "x");
  EXPECT_EQ(p.file_on_disk("a.txt"), std::nullopt);
  p.add_system("/usr/share/hyphen/hyph_xx.dic", "UTF-8\n");
  EXPECT_TRUE(p.read_system("/usr/share/hyphen/hyph_xx.dic"));
  EXPECT_EQ(p.read("/usr/share/hyphen/hyph_xx.dic"), nullptr);  // not a project file
  p.add("a.txt", "y");                                          // replaced
  EXPECT_EQ(p.read("a.txt")->text(), "y");
  EXPECT_EQ(p.files(), std::vector<std::string>{"a.txt"});
}

struct Counter {
  explicit Counter(const Project& p) : project(&p) { ++made; }
  const Project* project;
  static inline std::atomic<int> made{0};
};

TEST(Project, StateIsOnePerProjectAndMadeFromIt) {
  MemoryProject a, b;
  const int before = Counter::made;
  Counter& first = a.state<Counter>();
  EXPECT_EQ(&a.state<Counter>(), &first);
  EXPECT_EQ(first.project, &a);
  EXPECT_NE(&b.state<Counter>(), &first);
  EXPECT_EQ(Counter::made - before, 2);
}

}  // namespace
}  // namespace kw::project
