// Product files a build left in place (products/cached_files.h): a file
// stamped by one build is found by the next without reading it; one changed
// since (by hand, or moved away) is not taken on its stamp; a file whose
// final place already holds the bytes is not staged again; the record of
// stamps survives a round trip and a damaged one is refused.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <thread>

#include "core/files.h"
#include "core/output_files.h"
#include "core/sha256.h"
#include "infra/build_cache.h"
#include "products/cached_files.h"
#include "support/test_support.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;

// A cache key (the cache takes hex keys only).
std::string key(const std::string& name) { return infra::cache_key({name}); }

// A staged build of folder `game` under `root`: writes into stage/, whose
// files end up in out/ (as build_command's staging moves them).
struct Staged {
  fs::path stage, out;
  fs::path staged(const std::string& name) const { return stage / "game" / name; }
  fs::path final(const std::string& name) const { return out / "game" / name; }
  FilesInPlace files(const infra::BuildCache& cache) const { return {&cache, stage, out, stage / "game"}; }
};

// Moves a staged file into place as the build's staging does: a rename
// (stat's time and inode stay), unless the final file holds the same bytes
// already (then that file stays, and its stat).
void commit(const Staged& s, const std::string& name) {
  fs::create_directories(s.final(name).parent_path());
  if (fs::exists(s.final(name)) && read_file(s.final(name)) == read_file(s.staged(name))) {
    fs::remove(s.staged(name));
    return;
  }
  fs::rename(s.staged(name), s.final(name));
}

// A cache and a staged build's folders, in a fresh temporary folder.
struct Scene {
  test::TempDir tmp;
  infra::BuildCache cache{tmp.path() / "cache"};
  Staged s{tmp.path() / "stage", tmp.path() / "out"};
};

// A build that writes `name` with `bytes` (made under `k`), keeps its
// stamps and moves it into place.
void build_once(const Scene& scene, const std::string& k, const std::string& name, const std::string& bytes) {
  const FilesInPlace files = scene.s.files(scene.cache);
  files.write(k, scene.s.staged(name), bytes);
  files.save(true);
  commit(scene.s, name);
}

TEST(FilesInPlace, AFileStampedByOneBuildIsFoundByTheNextWithoutItsBytes) {
  test::TempDir tmp;
  infra::BuildCache cache(tmp.path() / "cache");
  const Staged s{tmp.path() / "stage", tmp.path() / "out"};
  const std::string bytes = "the card's PNG";
  cache.put(key("k1"), bytes);
  {
    const FilesInPlace files = s.files(cache);
    EXPECT_FALSE(files.find(key("k1"), s.staged("a.png")));  // nothing there yet
    const FileDigest digest = files.write(key("k1"), s.staged("a.png"), bytes);
    EXPECT_EQ(digest.sha256, sha256_hex(bytes));
    EXPECT_TRUE(fs::exists(s.staged("a.png")));
    files.save(true);
  }
  commit(s, "a.png");
  {
    const FilesInPlace files = s.files(cache);
    const auto found = files.find(key("k1"), s.staged("a.png"));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->bytes, bytes.size());
    EXPECT_EQ(found->sha256, sha256_hex(bytes));
    EXPECT_FALSE(files.find(key("another key"), s.staged("a.png")));  // stamped for k1 only
    EXPECT_TRUE(files.stamped(key("k1"), s.staged("a.png")));
    EXPECT_FALSE(files.stamped(key("another key"), s.staged("a.png")));
    EXPECT_TRUE(files.recorded(key("k1"), s.staged("a.png")));
    EXPECT_FALSE(files.recorded(key("another key"), s.staged("a.png")));
    EXPECT_FALSE(files.recorded(key("k1"), s.staged("b.png")));
  }
}

// A staged path's final place, however it is spelled, and back; a path
// outside the staging folder stays where it is.
TEST(FilesInPlace, AStagedPathEndsUpInTheFinalFolder) {
  const Scene scene;
  const FilesInPlace files = scene.s.files(scene.cache);
  const fs::path out = scene.s.out, stage = scene.s.stage;
  EXPECT_EQ(files.final_path(stage / "game/cards/a.png"), out / "game/cards/a.png");
  EXPECT_EQ(files.final_path(stage / "game/../game/cards/./a.png"), out / "game/cards/a.png");
  EXPECT_EQ(files.final_path(stage.string() + "//game/a.png"), out / "game/a.png");
  EXPECT_EQ(files.final_path(stage.string() + "x/a.png"), stage.string() + "x/a.png");  // a sibling folder
  EXPECT_EQ(files.final_path(out / "game/a.png"), out / "game/a.png");
  EXPECT_EQ(files.staged_path(out / "game/cards/a.png"), stage / "game/cards/a.png");
  const FilesInPlace unstaged(&scene.cache, "", out, out / "game");  // nothing staged: every path is final
  EXPECT_EQ(unstaged.final_path("/elsewhere/a.png"), "/elsewhere/a.png");
}

// What the build found in place by its stamp it can tell (the build record
// takes those stamps); what it wrote, or found only by reading, it cannot.
TEST(FilesInPlace, TellsTheStampsOfTheFilesItFoundInPlace) {
  const Scene scene;
  {
    const FilesInPlace first = scene.s.files(scene.cache);
    first.write(key("k1"), scene.s.staged("a.png"), "first card");
    first.write(key("k2"), scene.s.staged("b.png"), "second card");
    first.save(true);
    commit(scene.s, "a.png");
    commit(scene.s, "b.png");
  }
  const FilesInPlace files = scene.s.files(scene.cache);
  ASSERT_TRUE(files.find(key("k1"), scene.s.staged("a.png")));
  files.write(key("k3"), scene.s.staged("b.png"), "the second card, edited");
  files.write(key("k4"), scene.s.staged("c.png"), "a new card");
  std::unordered_map<std::string, FileStamp> found;
  files.add_found(found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found.begin()->first, scene.s.final("a.png").string());
  EXPECT_EQ(found.begin()->second, *file_stamp(scene.s.final("a.png")));
}

TEST(FilesInPlace, AFileChangedSinceItsStampIsNotTakenOnIt) {
  const Scene scene;
  const auto& [tmp, cache, s] = scene;
  const std::string bytes = "0123456789";
  cache.put(key("k1"), bytes);
  build_once(scene, key("k1"), "a.png", bytes);
  // The same size, other bytes, a later time: the stamp does not match, and
  // the bytes are not the cache's.
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  write_output(s.final("a.png"), "9876543210");
  {
    const FilesInPlace files = s.files(cache);
    EXPECT_FALSE(files.stamped(key("k1"), s.staged("a.png")));
    // The record still says so (a guess, not looked at); find() looks.
    EXPECT_TRUE(files.recorded(key("k1"), s.staged("a.png")));
    EXPECT_FALSE(files.find(key("k1"), s.staged("a.png")));
  }
  // Put back by hand with the right bytes: found by reading it (and stamped).
  write_output(s.final("a.png"), bytes);
  {
    const FilesInPlace files = s.files(cache);
    EXPECT_TRUE(files.find(key("k1"), s.staged("a.png")));
    files.save(true);
  }
  cache.put(key("k1"), "");  // the cache's copy replaced: only the stamp can tell now
  const FilesInPlace files = s.files(cache);
  EXPECT_TRUE(files.find(key("k1"), s.staged("a.png")));
}

TEST(FilesInPlace, BytesTheFinalFileHoldsAreNotStagedAgain) {
  const Scene scene;
  const auto& [tmp, cache, s] = scene;
  write_output(s.final("sheet.jpg"), "sheet bytes");
  const FilesInPlace files = s.files(cache);
  files.write(key("k"), s.staged("sheet.jpg"), "sheet bytes");
  EXPECT_FALSE(fs::exists(s.staged("sheet.jpg")));
  EXPECT_TRUE(files.find(key("k"), s.staged("sheet.jpg")));
  files.write(key("k2"), s.staged("sheet.jpg"), "other bytes");
  EXPECT_EQ(read_file(s.staged("sheet.jpg")), "other bytes");
}

// A link at the final place is neither found nor read, even to the right bytes.
TEST(FilesInPlace, ALinkInPlaceIsNotTaken) {
  const Scene scene;
  const auto& [tmp, cache, s] = scene;
  const std::string bytes = "the sheet";
  cache.put(key("k"), bytes);
  write_output(tmp.path() / "elsewhere.jpg", bytes);
  fs::create_directories(s.final("x").parent_path());
  fs::create_symlink(tmp.path() / "elsewhere.jpg", s.final("sheet.jpg"));
  const FilesInPlace files = s.files(cache);
  EXPECT_FALSE(files.find(key("k"), s.staged("sheet.jpg")));
  EXPECT_FALSE(files.stamped(key("k"), s.staged("sheet.jpg")));
  files.write(key("k"), s.staged("sheet.jpg"), bytes);  // staged: the move into place refuses the link
  EXPECT_TRUE(fs::exists(s.staged("sheet.jpg")));
}

TEST(FilesInPlace, WithoutACacheNothingIsFound) {
  test::TempDir tmp;
  const Staged s{tmp.path() / "stage", tmp.path() / "out"};
  write_output(s.final("a.png"), "x");
  const FilesInPlace files(nullptr, s.stage, s.out, s.stage / "game");
  EXPECT_FALSE(files.find(key("k"), s.staged("a.png")));
}

TEST(FilesInPlace, TheRecordRoundTripsAndADamagedOneIsRefused) {
  std::map<std::string, FilesInPlace::Stamp> stamps;
  const Sha256 a_bytes = sha256("bytes of a"), b_bytes = sha256("bytes of b");
  stamps["out/game/a.png"] = {FilesInPlace::key_of("key a"), a_bytes, {12, 1700000000123456789LL, 42, 2049}};
  stamps["out/game/tts/b\n.jpg"] = {FilesInPlace::key_of(sha256_hex("key b")), b_bytes, {3, 5, 7, 8}};
  const std::string packed = FilesInPlace::pack(stamps);
  const auto back = FilesInPlace::unpack(packed);
  ASSERT_TRUE(back);
  ASSERT_EQ(back->size(), 2u);
  const auto& a = back->at("out/game/a.png");
  EXPECT_EQ(a.key, FilesInPlace::key_of("key a"));
  EXPECT_NE(a.key, FilesInPlace::key_of("key b"));
  EXPECT_NE(a.key, FilesInPlace::key_of(sha256_hex("key a")));  // a text key never meets a hex one
  EXPECT_EQ(a.sha256, a_bytes);
  EXPECT_EQ(a.file, (FileStamp{12, 1700000000123456789LL, 42, 2049}));
  // A cache key (64 hex digits) is held as the digest it spells.
  EXPECT_EQ(back->at("out/game/tts/b\n.jpg").key, sha256("key b"));
  EXPECT_EQ(back->at("out/game/tts/b\n.jpg").sha256, b_bytes);
  EXPECT_FALSE(FilesInPlace::unpack(packed.substr(0, packed.size() - 1)));
  EXPECT_FALSE(FilesInPlace::unpack(packed + "x"));
  EXPECT_FALSE(FilesInPlace::unpack("not a record"));
  // The record of an older version is refused, not misread; so is one
  // with a byte changed anywhere (it is sealed with its hash).
  std::string older = packed;
  older.replace(older.find(" 4\n"), 3, " 3\n");
  EXPECT_FALSE(FilesInPlace::unpack(older));
  for (size_t at = 0; at < packed.size(); at += 7) {
    std::string damaged = packed;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x20);
    EXPECT_FALSE(FilesInPlace::unpack(damaged)) << at;
  }
}

// A game PDF and its side PDFs, made together (files_in_place): taken as
// they are while each is in place, made again when one is not, and their
// digests given either way.
TEST(FilesInPlace, FilesMadeTogetherAreTakenOnlyWhenEveryOneIsInPlace) {
  const Scene scene;
  const Staged& s = scene.s;
  int made = 0;
  const auto make = [&](std::vector<fs::path>& out) {
    ++made;
    for (const char* name : {"game.pdf", "side/fronts.pdf"}) {
      write_output(s.staged(name), std::string("pdf of ") + name);
      out.push_back(s.staged(name));
    }
  };
  // One build: made, stamped and moved into place; the next: taken.
  const auto build = [&](const std::string& k) {
    std::map<fs::path, FileDigest> known;
    std::vector<fs::path> written;
    const FilesInPlace files = s.files(scene.cache);
    files_in_place(
        files, k, make, [&](const fs::path& f, const FileDigest& d) { known[f] = d; }, written);
    files.save(true);
    for (const char* name : {"game.pdf", "side/fronts.pdf"})
      if (fs::exists(s.staged(name))) commit(s, name);
    EXPECT_EQ(written, (std::vector<fs::path>{s.staged("game.pdf"), s.staged("side/fronts.pdf")}));
    EXPECT_EQ(known.at(s.staged("side/fronts.pdf")).sha256, sha256_hex("pdf of side/fronts.pdf"));
    EXPECT_EQ(known.size(), 2u);
  };
  build(key("deck 1"));
  EXPECT_EQ(made, 1);
  build(key("deck 1"));
  EXPECT_EQ(made, 1);  // nothing staged, nothing read
  build(key("deck 2"));
  EXPECT_EQ(made, 2);  // another deck
  fs::remove(s.final("side/fronts.pdf"));
  build(key("deck 2"));
  EXPECT_EQ(made, 3);  // one of them gone: both made again
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  write_output(s.final("game.pdf"), "changed by hand");
  build(key("deck 2"));
  EXPECT_EQ(made, 4);
  EXPECT_EQ(read_file(s.final("game.pdf")), "pdf of game.pdf");
  // The side PDF made again had the bytes its final place held, so that file
  // stayed: it is the one stamped, and the group is found again.
  build(key("deck 2"));
  EXPECT_EQ(made, 4);
  // Without a cache nothing is kept, so nothing is taken.
  const FilesInPlace none(nullptr, s.stage, s.out, s.stage / "game");
  std::vector<fs::path> written;
  files_in_place(
      none, key("deck 2"), make, [](const fs::path&, const FileDigest&) {}, written);
  EXPECT_EQ(made, 5);
}

// A digest its writer told (wrote(), a PDF hashed as it was joined) is
// taken once instead of reading the file, while stat says of the file what
// it said then; else the file is read.
TEST(FilesInPlace, ADigestToldByItsWriterIsTakenWhileTheFileIsAsItWas) {
  const Scene scene;
  const Staged& s = scene.s;
  const FilesInPlace files = s.files(scene.cache);
  const fs::path pdf = s.staged("game.pdf");
  write_output(pdf, "joined");
  // Told a digest that is not the file's: taken as told, so the file was not read.
  const FileDigest told{6, std::string(64, 'a')};
  files.wrote(pdf, told);
  EXPECT_EQ(files.digest_of(pdf).sha256, told.sha256);
  EXPECT_EQ(files.digest_of(pdf).sha256, sha256_hex("joined"));  // taken once; then read
  // Told, then the file written again: read.
  files.wrote(pdf, told);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  write_output(pdf, "joined again");
  EXPECT_EQ(files.digest_of(pdf).sha256, sha256_hex("joined again"));
  // A size that is not the file's is not kept.
  files.wrote(pdf, {3, std::string(64, 'b')});
  EXPECT_EQ(files.digest_of(pdf).sha256, sha256_hex("joined again"));
}

// Whether the final place holds a made file's bytes is answered by the
// digest the last build stamped it with, while stat says what it said then
// (as find() takes a file), else by reading it.
TEST(FilesInPlace, TheFinalFileIsComparedByItsStampWhileItIsAsStamped) {
  const Scene scene;
  const Staged& s = scene.s;
  build_once(scene, key("deck 1"), "game.pdf", "old bytes");
  const FilesInPlace files = s.files(scene.cache);
  const FileDigest old_bytes{9, sha256_hex("old bytes")}, new_bytes{9, sha256_hex("new bytes")};
  EXPECT_TRUE(files.holds(s.staged("game.pdf"), old_bytes));
  EXPECT_FALSE(files.holds(s.staged("game.pdf"), new_bytes));
  EXPECT_FALSE(files.holds(s.staged("game.pdf"), {8, old_bytes.sha256}));  // another size
  // Bytes changed with stat's size and time put back: the stamp still speaks
  // for the file, and it is not read.
  const fs::path final = s.final("game.pdf");
  const auto time = fs::last_write_time(final);
  {
    std::ofstream(final, std::ios::binary | std::ios::in) << "new bytes";  // the same file, rewritten in place
  }
  fs::last_write_time(final, time);
  EXPECT_EQ(read_file(final), "new bytes");
  EXPECT_TRUE(files.holds(s.staged("game.pdf"), old_bytes));
  // Changed as anyone would (its time moves): read.
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  write_output(final, "new bytes");
  EXPECT_FALSE(files.holds(s.staged("game.pdf"), old_bytes));
  EXPECT_TRUE(files.holds(s.staged("game.pdf"), new_bytes));
  // The final place is not a staged file's own.
  const FilesInPlace in_place(&scene.cache, s.out, fs::path(), s.out / "game");
  EXPECT_FALSE(in_place.holds(final, new_bytes));
}

}  // namespace
}  // namespace kw::products
