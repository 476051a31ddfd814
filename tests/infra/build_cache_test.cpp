// The build cache checks every object before it serves it (build_cache.h):
// what a damaged, swapped, linked or odd object gives is "not there", a
// note, and the object removed; records are read strictly.
#include "infra/build_cache.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/files.h"
#include "core/sha256.h"
#include "infra/build_record.h"
#include "project/memory_project.h"
#include "support/test_support.h"

namespace kw::infra {
namespace {

namespace fs = std::filesystem;

const std::string kKey = cache_key({"a"}), kOther = cache_key({"b"});

TEST(BuildCache, ServesWhatWasPut) {
  test::TempDir dir;
  BuildCache cache(dir.path());
  EXPECT_FALSE(cache.get(kKey));
  cache.put(kKey, "bytes of a card");
  EXPECT_TRUE(cache.contains(kKey));
  EXPECT_EQ(cache.get(kKey), "bytes of a card");
  EXPECT_EQ(*read_file(cache.object_path(kKey)), BuildCache::object_bytes(kKey, "bytes of a card"));
  EXPECT_TRUE(cache.take_notes().empty());
  EXPECT_FALSE(cache.get("../../x"));  // no key: never a path
}

// Each way an object can be wrong: none is served, each is noted and removed.
TEST(BuildCache, RefusesEveryOddObject) {
  test::TempDir dir, outside;
  std::ofstream(outside.path() / "secret") << BuildCache::object_bytes(kKey, "outside");
  struct Odd {
    const char* what;
    std::function<void(const fs::path&)> make;
    const char* note;
  };
  const std::vector<Odd> odd = {
      {"link", [&](const fs::path& f) { fs::create_symlink(outside.path() / "secret", f); }, "is a symbolic link"},
      {"pipe", [](const fs::path& f) { ::mkfifo(f.c_str(), 0600); }, "is not a regular file"},
      {"folder", [](const fs::path& f) { fs::create_directory(f); }, "is not a regular file"},
      {"garbage", [](const fs::path& f) { std::ofstream(f) << "garbage"; }, "no header"},
      {"other key", [](const fs::path& f) { std::ofstream(f) << BuildCache::object_bytes(kOther, "x"); },
       "another key"},
      {"cut short",
       [](const fs::path& f) {
         const std::string b = BuildCache::object_bytes(kKey, "bytes of a card");
         std::ofstream(f) << b.substr(0, b.size() - 3);
       },
       "cut short"},
      {"changed",
       [](const fs::path& f) {
         std::string b = BuildCache::object_bytes(kKey, "bytes of a card");
         b.back() = 'X';
         std::ofstream(f) << b;
       },
       "do not match their hash"},
      {"header of another size",
       [](const fs::path& f) {
         std::string b = BuildCache::object_bytes(kKey, "bytes");
         b.replace(b.find("\n5\n"), 3, "\n99\n");
         std::ofstream(f) << b;
       },
       "where its header says 99"},
      {"hard link",
       [&](const fs::path& f) {
         std::ofstream(outside.path() / "hard") << BuildCache::object_bytes(kKey, "x");
         fs::create_hard_link(outside.path() / "hard", f);
       },
       "other names"},
  };
  for (const auto& o : odd) {
    BuildCache cache(dir.path());
    cache.put(kKey, "bytes of a card");
    const fs::path file = cache.object_path(kKey);
    fs::remove(file);
    o.make(file);
    EXPECT_FALSE(cache.get(kKey)) << o.what;
    const auto notes = cache.take_notes();
    ASSERT_EQ(notes.size(), 1u) << o.what;
    EXPECT_NE(notes[0].find(o.note), std::string::npos) << o.what << ": " << notes[0];
    EXPECT_FALSE(fs::exists(fs::symlink_status(file))) << o.what << " was not removed";
  }
  EXPECT_EQ(*read_file(outside.path() / "secret"), BuildCache::object_bytes(kKey, "outside"));
}

// The digest of an object, from its header: what a build compares a card's
// file on disk with before it reads the object. Only an object of the key,
// whose header agrees with the file's size, through no link.
TEST(BuildCache, GivesAnObjectsDigestFromItsHeader) {
  test::TempDir dir, outside;
  BuildCache cache(dir.path());
  EXPECT_FALSE(cache.digest(kKey));
  cache.put(kKey, "bytes of a card");
  const auto digest = cache.digest(kKey);
  ASSERT_TRUE(digest);
  EXPECT_EQ(digest->sha256, sha256_hex("bytes of a card"));
  EXPECT_EQ(digest->bytes, 15u);
  EXPECT_FALSE(cache.digest("../../x"));
  // Another key's object in its place, a cut or grown one, a link: none.
  const fs::path file = cache.object_path(kKey);
  write_file_atomic(file, BuildCache::object_bytes(kOther, "bytes of a card"));
  EXPECT_FALSE(cache.digest(kKey));
  write_file_atomic(file, BuildCache::object_bytes(kKey, "bytes of a card") + "more");
  EXPECT_FALSE(cache.digest(kKey));
  write_file_atomic(file, BuildCache::object_bytes(kKey, "bytes of a card").substr(0, 40));
  EXPECT_FALSE(cache.digest(kKey));
  write_file_atomic(outside.path() / "object", BuildCache::object_bytes(kKey, "bytes of a card"));
  fs::remove(file);
  fs::create_symlink(outside.path() / "object", file);
  EXPECT_FALSE(cache.digest(kKey));
}

TEST(BuildCache, NeitherReadsNorWritesThroughALinkedFolder) {
  test::TempDir dir, outside;
  BuildCache cache(dir.path());
  cache.put(kKey, "x");
  const fs::path folder = cache.object_path(kKey).parent_path();
  fs::remove_all(folder);
  fs::create_directory_symlink(outside.path(), folder);
  std::ofstream(outside.path() / kKey.substr(2)) << BuildCache::object_bytes(kKey, "outside");
  EXPECT_FALSE(cache.get(kKey));
  EXPECT_FALSE(cache.contains(kKey));
  cache.put(kKey, "y");
  EXPECT_EQ(std::distance(fs::directory_iterator(outside.path()), fs::directory_iterator()), 1);
  fs::remove_all(dir.path() / "objects");
  fs::create_directory_symlink(outside.path(), dir.path() / "objects");
  EXPECT_FALSE(cache.get(kKey));
  cache.put(kKey, "z");
  EXPECT_EQ(std::distance(fs::directory_iterator(outside.path()), fs::directory_iterator()), 1);
  EXPECT_FALSE(cache.take_notes().empty());
}

// Records: only what this program writes is taken; anything else (a type
// where another belongs, files outside the game's folder or kartenwerk's
// own system folders) is ignored with a note, and read nothing.
TEST(BuildRecord, IsReadStrictly) {
  test::TempDir dir, out;
  project::MemoryProject project;
  BuildCache cache(dir.path());
  fs::create_directories(out.path() / "duell");
  const fs::path card = out.path() / "duell/a.png";
  std::ofstream(card) << "png";
  const std::string name = (out.path() / "duell").string();
  remember_build(cache, name, kKey, project, std::vector{card.string()});
  EXPECT_TRUE(up_to_date(cache, name, kKey, project));
  EXPECT_FALSE(up_to_date(cache, name, kOther, project));
  EXPECT_TRUE(cache.take_notes().empty());
  const std::string good = *cache.record(name);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{\"key\": 5, \"system\": [], \"outputs\": []}", "its key is not a key"},
      {"[1, 2]", "it is not a record"},
      {"not json", "it is not a record"},
      {"{\"key\": \"" + kKey + "\", \"system\": [[\"/etc/passwd\", \"" + kKey + "\"]], \"outputs\": [[\"" +
           card.string() + "\", [3, 1, 5]]]}",
       "system input outside"},
      {"{\"key\": \"" + kKey + "\", \"system\": [[\"/usr/share/hyphen/../../../etc/passwd\", \"" + kKey +
           "\"]], \"outputs\": [[\"" + card.string() + "\", [3, 1, 5]]]}",
       "system input outside"},
      {"{\"key\": \"" + kKey + "\", \"system\": [], \"outputs\": [[\"/etc/passwd\", [3, 1, 5]]]}",
       "output outside the game's folder"},
      {"{\"key\": \"" + kKey + "\", \"system\": [], \"outputs\": [[\"" + name + "/../x\", [3, 1, 5]]]}",
       "output outside the game's folder"},
      {"{\"key\": \"" + kKey + "\", \"system\": [], \"outputs\": [[\"" + card.string() + "\", [\"3\", 1, 5]]]}",
       "is not [file, [size, time, inode]]"},
      {"{\"key\": \"" + kKey + "\", \"system\": {}, \"outputs\": []}", "system inputs are not a list"},
  };
  for (const auto& [text, why] : bad) {
    cache.set_record(name, text);
    EXPECT_FALSE(up_to_date(cache, name, kKey, project)) << text;
    const auto notes = cache.take_notes();
    ASSERT_EQ(notes.size(), 1u) << text;
    EXPECT_NE(notes[0].find(why), std::string::npos) << notes[0];
  }
  cache.set_record(name, good);
  EXPECT_TRUE(up_to_date(cache, name, kKey, project));
}

// A cache and a game folder out/duell with a.png in it, whose build record
// is named `name`.
struct GameFolder {
  test::TempDir dir, out;
  project::MemoryProject project;
  BuildCache cache{dir.path()};
  fs::path card = out.path() / "duell/a.png";
  std::string name = (out.path() / "duell").string();
  GameFolder() {
    fs::create_directories(out.path() / "duell/cards");
    std::ofstream(card) << "png";
  }
};

// Outputs named relative to the working folder (a build with the default
// --out output) are recorded by their absolute paths, the same record as
// the same files named absolutely; a name that is not plain is normalised.
TEST(BuildRecord, RelativeOutputsAreRecordedAbsolutely) {
  GameFolder g;
  auto& [dir, out, project, cache, card, name] = g;
  std::ofstream(out.path() / "duell/cards/b.png") << "png too";
  remember_build(cache, name, kKey, project,
                 std::vector{(out.path() / "duell/a.png").string(), (out.path() / "duell/cards/b.png").string()});
  const std::string absolute = *cache.record(name);
  const fs::path before = fs::current_path();
  fs::current_path(out.path());
  remember_build(cache, name, kKey, project, std::vector<std::string>{"duell/a.png", "duell/./cards/../cards/b.png"});
  fs::current_path(before);
  EXPECT_EQ(*cache.record(name), absolute);
  EXPECT_TRUE(up_to_date(cache, name, kKey, project));
}

// A file put in place under its name by another (an edited copy moved over
// it, with the old one's size and time set back) is another file: the
// build is out of date.
TEST(BuildRecord, AFileMovedInPlaceWithTheOldTimeIsOutOfDate) {
  GameFolder g;
  auto& [dir, out, project, cache, card, name] = g;
  const fs::path copy = out.path() / "duell/a.png.edited";
  remember_build(cache, name, kKey, project, std::vector{card.string()});
  ASSERT_TRUE(up_to_date(cache, name, kKey, project));
  std::ofstream(copy) << "PNG";
  fs::last_write_time(copy, fs::last_write_time(card));
  fs::rename(copy, card);
  EXPECT_FALSE(up_to_date(cache, name, kKey, project));
}

// The stamps a build already took of the files it found in place are
// recorded as they are (no stat): the same record when they are what stat
// says, and one that is out of date when the file has changed since.
TEST(BuildRecord, TakesTheStampsTheBuildKnows) {
  GameFolder g;
  auto& [dir, out, project, cache, kept, name] = g;
  const fs::path made = out.path() / "duell/b.png";
  std::ofstream(made) << "png too";
  const std::vector<std::string> files = {kept.string(), made.string()};
  remember_build(cache, name, kKey, project, files);
  const std::string by_stat = *cache.record(name);
  remember_build(cache, name, kKey, project, files, {{kept.string(), *file_stamp(kept)}});
  EXPECT_EQ(*cache.record(name), by_stat);
  EXPECT_TRUE(up_to_date(cache, name, kKey, project));
  FileStamp before = *file_stamp(kept);  // as found before someone wrote the file
  before.bytes += 1;
  remember_build(cache, name, kKey, project, files, {{kept.string(), before}});
  EXPECT_NE(*cache.record(name), by_stat);
  EXPECT_FALSE(up_to_date(cache, name, kKey, project));
}

}  // namespace
}  // namespace kw::infra

namespace kw::infra {
namespace {

// The objects' files in the cache folder.
size_t object_files(const std::filesystem::path& root) {
  size_t n = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root / "objects"))
    n += e.is_regular_file() ? 1 : 0;
  return n;
}

// prune() keeps the folder within its size, least recently used out first,
// without walking it when nothing was put or when the kept estimate says
// there is room.
TEST(BuildCache, PruneKeepsTheFolderWithinItsSizeWalkingItOnlyWhenItMayBeFull) {
  test::TempDir dir;
  const std::string bytes(1000, 'x');
  const auto key = [](int i) { return sha256_hex("object " + std::to_string(i)); };
  const std::uintmax_t object = BuildCache::object_bytes(key(0), bytes).size();
  {
    BuildCache cache(dir.path(), 3 * object);
    EXPECT_EQ(cache.prune(), 0u);  // nothing put, nothing walked
    for (int i = 0; i < 2; ++i) cache.put(key(i), bytes);
    EXPECT_EQ(cache.bytes_put(), 2 * object);
    EXPECT_EQ(cache.prune(), 0u);  // walked: 2 objects, room for 3
  }
  // Objects another process put behind the estimate's back are not seen
  // by a build that puts nothing...
  {
    BuildCache other(dir.path(), 100 * object);
    for (int i = 2; i < 5; ++i) other.put(key(i), bytes);
  }
  BuildCache idle(dir.path(), 3 * object);
  EXPECT_EQ(idle.prune(), 0u);
  EXPECT_EQ(object_files(dir.path()), 5u);
  // ...nor while the estimate (2 objects and what this build put) has room;
  // once it has none, the folder is walked and trimmed to 90 % of its size
  // (2 objects of room for 3), the least recently used first...
  BuildCache one(dir.path(), 3 * object);
  one.put(key(5), bytes);
  EXPECT_EQ(one.prune(), 0u);
  EXPECT_EQ(object_files(dir.path()), 6u);
  BuildCache two(dir.path(), 3 * object);
  two.put(key(6), bytes);
  EXPECT_EQ(two.prune(), 5 * object);
  EXPECT_EQ(object_files(dir.path()), 2u);
  EXPECT_FALSE(two.contains(key(0)));
  EXPECT_TRUE(two.contains(key(6)));
  // ...so that the next build that stores something finds room and does not
  // walk it again (trimmed to the size itself, every build did).
  {
    BuildCache other(dir.path(), 100 * object);
    other.put(key(7), bytes);  // behind the estimate's back: a walk would trim it
  }
  BuildCache three(dir.path(), 3 * object);
  three.put(key(8), bytes);
  EXPECT_EQ(three.prune(), 0u);
  EXPECT_EQ(object_files(dir.path()), 4u);
}

// A build that puts more than max_bytes (a large deck's first build) keeps
// all it put: the folder's limit becomes a quarter more than the most one
// build put, so the next builds (one-card edits) find every object and do
// not walk the folder. A record of an older version (two numbers) still
// reads.
TEST(BuildCache, TheFolderHoldsWhatOneBuildPutAndAQuarterMore) {
  test::TempDir dir;
  const std::string bytes(1000, 'x');
  const auto key = [](int i) { return sha256_hex("object " + std::to_string(i)); };
  const std::uintmax_t object = BuildCache::object_bytes(key(0), bytes).size();
  {
    BuildCache whole(dir.path(), 3 * object);
    for (int i = 0; i < 8; ++i) whole.put(key(i), bytes);
    EXPECT_EQ(whole.prune(), 0u);
  }
  EXPECT_EQ(object_files(dir.path()), 8u);
  {
    // The whole build's objects used in that order, long ago.
    BuildCache cache(dir.path(), 3 * object);
    const auto long_ago = std::filesystem::file_time_type::clock::now() - std::chrono::hours(1);
    for (int i = 0; i < 8; ++i)
      std::filesystem::last_write_time(cache.object_path(key(i)), long_ago + std::chrono::seconds(i));
  }
  {
    BuildCache edit(dir.path(), 3 * object);
    edit.put(key(8), bytes);
    EXPECT_EQ(edit.prune(), 0u);  // 9 objects, room for 10
  }
  EXPECT_EQ(object_files(dir.path()), 9u);
  {
    // Beyond a quarter more, the least recently used go (to 90 % of 10).
    BuildCache edit(dir.path(), 3 * object);
    edit.put(key(9), bytes);
    edit.put(key(10), bytes);
    EXPECT_EQ(edit.prune(), 2 * object);
    EXPECT_FALSE(edit.contains(key(0)));
    EXPECT_FALSE(edit.contains(key(1)));
    EXPECT_TRUE(edit.contains(key(2)));
    EXPECT_TRUE(edit.contains(key(10)));
  }
  EXPECT_EQ(object_files(dir.path()), 9u);
  // An older version's record ("<bytes> <builds>") reads: with room left,
  // the folder is not walked and the record counts on.
  {
    BuildCache cache(dir.path(), 100 * object);
    cache.set_record("objects size", std::to_string(9 * object) + " 1\n");
    cache.put(key(11), bytes);
    EXPECT_EQ(cache.prune(), 0u);
    EXPECT_EQ(cache.record("objects size"), std::to_string(10 * object) + " 2 " + std::to_string(object) + "\n");
  }
  // The most one build put is capped (at kMostPutTimes the size), however
  // large a record says it was: the limit then is 5 objects.
  {
    BuildCache cache(dir.path(), object);
    cache.set_record("objects size", std::to_string(10 * object) + " 0 18446744073709551615\n");
    cache.put(key(12), bytes);
    EXPECT_EQ(cache.prune(), 7 * object);  // 11 objects, trimmed to 90 % of 5
  }
  EXPECT_EQ(object_files(dir.path()), 4u);
}

}  // namespace
}  // namespace kw::infra
