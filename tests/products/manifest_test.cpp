// The build manifest: SHA-256 (checked against sha256sum), the input hash
// (what changes it and what does not), and manifest.json's entries.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <functional>
#include <map>
#include <regex>

#include "core/files.h"
#include "core/json_text.h"
#include "core/sha256.h"
#include "products/input_snapshot.h"
#include "products/manifest.h"
#include "project/disk_project.h"
#include "support/mini_project.h"

namespace kw::products {
namespace {

namespace fs = std::filesystem;

std::string sha256sum(const fs::path& file) {
  std::string out;
  EXPECT_EQ(test::run_command("sha256sum '" + file.string() + "'", &out), 0) << out;
  return out.substr(0, 64);
}

TEST(Sha256, KnownVectorsAndFiles) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  test::TempDir dir;
  std::string big(200000, 'x');  // more than one read chunk
  for (size_t i = 0; i < big.size(); i += 7) big[i] = static_cast<char>(i % 251);
  write_file_atomic(dir.path() / "big.bin", big);
  EXPECT_EQ(sha256_file(dir.path() / "big.bin"), sha256_hex(big));
  EXPECT_EQ(sha256_file(dir.path() / "big.bin"), sha256sum(dir.path() / "big.bin"));
  EXPECT_THROW(sha256_file(dir.path() / "none"), std::runtime_error);
  EXPECT_EQ(digest_file(dir.path() / "big.bin").bytes, big.size());
}

// from_hex reads what hex() writes, and nothing else.
TEST(Sha256, FromHexReadsWhatHexWrites) {
  const Sha256 digest = sha256("abc");
  EXPECT_EQ(from_hex(hex(digest)), digest);
  const std::string digits = hex(digest);
  EXPECT_FALSE(from_hex(digits.substr(1)));  // 63 digits
  EXPECT_FALSE(from_hex(digits + "0"));      // 65
  std::string upper = digits;
  upper[0] = 'B';
  EXPECT_FALSE(from_hex(upper));  // upper case is not what hex() writes
  std::string other = digits;
  other[63] = 'g';
  EXPECT_FALSE(from_hex(other));
  EXPECT_FALSE(from_hex(""));
}

TEST(InputSnapshot, HashesTheProjectTreeAndTheOptions) {
  test::MiniProject p;
  // As a build reads it: through a fresh DiskProject of the folder.
  auto snapshot = [&](const std::string& options) { return snapshot_inputs(project::DiskProject(p.root()), options); };
  InputSnapshot a = snapshot("formats=pdf");
  // data/, layouts/, templates/ and the fonts (a hard-linked folder) are read.
  auto has = [&](const std::string& path) {
    return std::any_of(a.files.begin(), a.files.end(), [&](const ManifestEntry& e) { return e.path == path; });
  };
  EXPECT_TRUE(has("data/games/mini.yaml"));
  EXPECT_TRUE(has("layouts/mini/card.yaml"));
  EXPECT_TRUE(has("templates/mini/emblem.svg"));
  EXPECT_TRUE(has("fonts/fonts.yaml"));
  EXPECT_TRUE(std::is_sorted(a.files.begin(), a.files.end(),
                             [](const ManifestEntry& x, const ManifestEntry& y) { return x.path < y.path; }));
  for (const auto& e : a.files)
    if (e.path == "data/games/mini.yaml") {
      EXPECT_EQ(e.sha256, sha256sum(p.root() / e.path));
    }

  // The hash is sha256 of a text anyone can rebuild.
  std::string text = std::string("kartenwerk ") + version() + "\noptions formats=pdf\n";
  for (const auto& e : a.files) text += e.sha256 + "  " + e.path + "\n";
  EXPECT_EQ(a.sha256, sha256_hex(text));

  EXPECT_EQ(snapshot("formats=pdf").sha256, a.sha256);  // stable
  // The same files in memory hash the same: the snapshot sees the project, not the disk.
  EXPECT_EQ(snapshot_inputs(p.project(), "formats=pdf").sha256, a.sha256);
  EXPECT_NE(snapshot("formats=png").sha256, a.sha256);  // options count
  p.write("output/mini/whatever.txt", "not an input");
  EXPECT_EQ(snapshot("formats=pdf").sha256, a.sha256);
  p.write("layouts/mini/back.yaml", "edge_color: \"#000000\"\nelements: []\n");
  EXPECT_NE(snapshot("formats=pdf").sha256, a.sha256);
}

TEST(Manifest, ListsEveryWrittenFileWithSizeAndHash) {
  test::TempDir dir;
  write_file_atomic(dir.path() / "b.pdf", "pdf bytes");
  write_file_atomic(dir.path() / "cards/01-a.png", std::string(1000, 'p'));
  write_file_atomic(dir.path() / "odd \"name\".txt", "x");
  InputSnapshot input;
  input.sha256 = std::string(64, 'a');
  input.options = "formats=png";
  input.files = {{"data/cards.yaml", 12, std::string(64, 'b')}};
  std::vector<fs::path> written = {dir.path() / "b.pdf", dir.path() / "cards/01-a.png", dir.path() / "b.pdf",
                                   dir.path() / "odd \"name\".txt"};
  fs::path m = write_manifest(dir.path(), "mini", "de", input, written);
  EXPECT_EQ(m, dir.path() / "manifest.json");
  std::string json = *read_file(m);
  std::regex entry(R"re(\{"path": "((?:[^"\\]|\\.)*)", "bytes": (\d+), "sha256": "([0-9a-f]{64})"\})re");
  std::vector<std::string> paths;
  for (std::sregex_iterator it(json.begin(), json.end(), entry), end; it != end; ++it) {
    std::string path = (*it)[1];
    paths.push_back(path);
    if (path == "data/cards.yaml") continue;  // an input
    std::string unescaped = std::regex_replace(path, std::regex(R"(\\")"), "\"");
    EXPECT_EQ(std::stoull((*it)[2]), fs::file_size(dir.path() / unescaped)) << path;
    EXPECT_EQ((*it)[3], sha256sum(dir.path() / unescaped)) << path;
  }
  // Sorted, each once, then the inputs.
  EXPECT_EQ(paths, (std::vector<std::string>{"b.pdf", "cards/01-a.png", "odd \\\"name\\\".txt", "data/cards.yaml"}));
  EXPECT_NE(json.find("\"input\": {\"sha256\": \"" + input.sha256 + "\", \"files\": 1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"game\": \"mini\""), std::string::npos);

  // The same files named in other spellings of their folder (a "." or ".."
  // part, a doubled slash; the folder itself given with a trailing slash
  // or a "." part) are the same entries: each once, by its name below it.
  const fs::path sub = dir.path() / "cards";
  const std::vector<fs::path> spelled = {fs::path(dir.path().string() + "/./b.pdf"), sub / ".." / "b.pdf",
                                         fs::path(sub.string() + "//01-a.png"), dir.path() / "odd \"name\".txt"};
  for (const fs::path& folder : {dir.path(), fs::path(dir.path().string() + "/"), dir.path() / "cards" / ".."}) {
    SCOPED_TRACE(folder.string());
    std::string again = *read_file(write_manifest(folder, "mini", "de", input, spelled));
    std::vector<std::string> listed;
    for (std::sregex_iterator it(again.begin(), again.end(), entry), end; it != end; ++it) listed.push_back((*it)[1]);
    EXPECT_EQ(listed, paths);
  }
}

TEST(Manifest, TheInputIsReadBack) {
  test::TempDir dir;
  InputSnapshot input;
  input.sha256 = std::string(64, 'c');
  input.options = "formats=png \"quoted\"";
  write_manifest(dir.path(), "mini", "de", input, {});
  auto read = manifest_input(*read_file(dir.path() / "manifest.json"));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->sha256, input.sha256);
  EXPECT_EQ(read->options, input.options);
  EXPECT_FALSE(manifest_input("not json"));
  EXPECT_FALSE(manifest_input("{\"input\": {\"sha256\": 7}}"));
}

TEST(JsonText, ARecordALineEscapedByNlohmann) {
  nlohmann::ordered_json doc;
  doc["name"] = "Palantír \"a\"\n\x01";
  doc["input"] = {{"sha256", "ab"}, {"files", 2}};
  doc["rows"] = nlohmann::ordered_json::array(
      {{{"a", 1}, {"list", {1, 2}}}, {{"a", 2}, {"list", nlohmann::ordered_json::array()}}});
  doc["none"] = nlohmann::ordered_json::array();
  EXPECT_EQ(json_text(doc),
            "{\n"
            "  \"name\": \"Palantír \\\"a\\\"\\n\\u0001\",\n"
            "  \"input\": {\"sha256\": \"ab\", \"files\": 2},\n"
            "  \"rows\": [\n"
            "    {\"a\": 1,\n"
            "     \"list\": [1, 2]},\n"
            "    {\"a\": 2,\n"
            "     \"list\": []}\n"
            "  ],\n"
            "  \"none\": [\n"
            "  ]\n"
            "}\n");
  // Bytes that are not UTF-8 become U+FFFD rather than an exception.
  EXPECT_EQ(json_text(nlohmann::ordered_json("a\xff")), "\"a\xef\xbf\xbd\"\n");
}

// A record given as fields is the text of the same record as a tree.
TEST(JsonText, ARecordOfFieldsIsWrittenAsItsTreeIs) {
  const std::map<std::string, std::string> fields = {{"good.name", "Pippin \"T\xff\""}, {"a\nb", "1"}}, none;
  auto text = [](const std::function<void(JsonTextWriter&)>& elements) {
    std::string out;
    JsonTextWriter writer([&out](std::string_view t) { out += t; });
    writer.begin_array("cards");
    elements(writer);
    writer.end_array();
    writer.finish();
    return out;
  };
  nlohmann::ordered_json tree = nlohmann::ordered_json::object(), fields_tree = nlohmann::ordered_json::object();
  for (const auto& [k, v] : fields) fields_tree[k] = v;
  tree["card"] = "gondor \u00e9";
  tree["bytes"] = std::uint64_t{18446744073709551615U};
  tree["fields"] = fields_tree;
  tree["layout"] = nlohmann::ordered_json::object();
  const std::string by_fields = text([&](JsonTextWriter& w) {
    w.element({{"card", "gondor \u00e9"},
               {"bytes", std::uint64_t{18446744073709551615U}},
               {"fields", &fields},
               {"layout", &none}});
    w.element({{"path", "x"}});
  });
  const std::string by_tree = text([&](JsonTextWriter& w) {
    w.element(tree);
    w.element(nlohmann::ordered_json{{"path", "x"}});
  });
  EXPECT_EQ(by_fields, by_tree);
  // Made apart (as the manifest's records are, side by side), then written.
  std::string apart;
  JsonTextWriter::record_text(apart, {{"card", "gondor \u00e9"},
                                      {"bytes", std::uint64_t{18446744073709551615U}},
                                      {"fields", &fields},
                                      {"layout", &none}});
  const size_t first = apart.size();
  JsonTextWriter::record_text(apart, {{"path", "x"}});
  const std::string by_text = text([&](JsonTextWriter& w) {
    w.element_text(std::string_view(apart).substr(0, first));
    w.element_text(std::string_view(apart).substr(first));
  });
  EXPECT_EQ(by_text, by_tree);
  EXPECT_NE(by_fields.find("\"layout\": {}"), std::string::npos) << by_fields;
  EXPECT_NE(by_fields.find("T\xef\xbf\xbd"), std::string::npos) << by_fields;  // not UTF-8: U+FFFD
}

// The cards' records are made side by side, a chunk at a time, and
// written in their order: the same text on one thread or several, across
// chunks and windows of chunks, each record asked for once, and read back
// as they were made.
TEST(Manifest, CardRecordsMadeSideBySideAreWrittenInOrder) {
  test::TempDir dir;
  InputSnapshot input;
  input.sha256 = std::string(64, 'd');
  constexpr size_t kCount = 2000;  // 8 chunks of 256: more than one window of 6 chunks at 3 threads
  auto made = [](size_t i) {
    layout::CardRecord r;
    if (i + 2 < kCount) {
      r.card = "card-" + std::to_string(i);
      r.fields["name"] = std::to_string(i * 7919 % 65536);
      if (i % 3 == 0) r.fields["text \"quoted\""] = "x";
    } else {
      r.back_layout = "mini/back-" + std::to_string(i);
    }
    r.stem = std::to_string(i) + "-" + (r.card.empty() ? "back" : r.card);
    r.page = std::string(64, "0123456789abcdef"[i % 16]);
    r.layout["layouts/mini/card.yaml"] = std::string(64, 'e');
    if (i % 2) r.painted["fonts/a.ttf"] = std::string(64, 'f');
    return r;
  };
  std::string texts[2];
  for (const int jobs : {1, 3}) {
    SCOPED_TRACE(jobs);
    const fs::path folder = dir.path() / std::to_string(jobs);
    std::vector<std::atomic<int>> asked(kCount);
    const ManifestCards cards{kCount,
                              [&](size_t i) {
                                asked[i].fetch_add(1);
                                return made(i);
                              },
                              jobs};
    texts[jobs == 1 ? 0 : 1] = *read_file(write_manifest(folder, "mini", "de", input, {}, {}, nullptr, cards));
    for (size_t i = 0; i < kCount; ++i) ASSERT_EQ(asked[i].load(), 1) << "record " << i;
  }
  EXPECT_EQ(texts[0], texts[1]);
  std::string why;
  const auto read = manifest_cards(texts[1], &why);
  ASSERT_TRUE(read) << why;
  ASSERT_EQ(read->size(), kCount);
  for (size_t i = 0; i < kCount; ++i) {
    const layout::CardRecord want = made(i);
    const layout::CardRecord& got = (*read)[i];
    ASSERT_EQ(got.stem, want.stem);
    EXPECT_EQ(got.card, want.card);
    EXPECT_EQ(got.back_layout, want.back_layout);
    EXPECT_EQ(got.page, want.page);
    EXPECT_EQ(got.fields, want.fields);
    EXPECT_EQ(got.layout, want.layout);
    EXPECT_EQ(got.painted, want.painted);
  }
  // No cards: no "cards" member.
  const std::string none = *read_file(write_manifest(dir.path(), "mini", "de", input, {}));
  EXPECT_EQ(none.find("\"cards\""), std::string::npos);
}

}  // namespace
}  // namespace kw::products
