#include "products/manifest.h"

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/json_text.h"
#include "core/output_files.h"
#include "core/parallel.h"
#include "core/sha256.h"
#include "infra/build_cache.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

using Json = nlohmann::ordered_json;

void write_entries(JsonTextWriter& out, std::string_view key, const std::vector<ManifestEntry>& list) {
  out.begin_array(key);
  for (const auto& e : list)
    out.element({{"path", e.path}, {"bytes", static_cast<std::uint64_t>(e.bytes)}, {"sha256", e.sha256}});
  out.end_array();
}

// A file's digest, from `cache` when a build hashed the file as it is now
// (by what stat says: device, inode, size and modification time in
// nanoseconds, which a file rewritten or moved into place by a staged build
// keeps or changes together), else read from disk (and kept). What a
// one-card edit of a large deck left as it was (the other TTS sheets, the
// side PDFs) is then not read again for the manifest.
FileDigest digest_of(const fs::path& file, const infra::BuildCache* cache) {
  const auto stamp = cache ? file_stamp(file) : std::nullopt;
  if (!stamp) return digest_file(file);
  const std::string key =
      infra::cache_key({"file digest by stat", std::to_string(stamp->device), std::to_string(stamp->inode),
                        std::to_string(stamp->bytes), std::to_string(stamp->mtime_ns)});
  if (auto sha = cache->get(key); sha && sha->size() == 64) return {stamp->bytes, *sha};
  FileDigest digest = digest_file(file);
  cache->put(key, digest.sha256);
  return digest;
}

// The files under `dir` in `written`, sorted, each once, hashed from disk
// unless `known` has them.
std::vector<ManifestEntry> written_entries(const fs::path& dir, std::span<const fs::path> written,
                                           const std::unordered_map<std::string, FileDigest>& known,
                                           const infra::BuildCache* cache) {
  // The products are named dir / "cards" / name: the text after dir's is
  // their name in the manifest. lexically_normal and lexically_relative
  // (each path parsed and built again, twice) only for a path not so
  // plain; for every file they were a third of the manifest's time at
  // 10,000 files.
  std::string prefix = dir.generic_string();
  if (!prefix.empty() && !prefix.ends_with('/')) prefix += '/';
  const fs::path dir_normal = dir.lexically_normal();
  // Each name with where it is in `written`: sorted by name, the first of
  // each name is kept (a set of the names seen, and its string copies,
  // took as long as the rest at 10,000 files).
  struct Name {
    std::string name, text;  // in the manifest; the path (generic)
    size_t at;               // in `written`
    bool operator<(const Name& o) const { return std::tie(name, at) < std::tie(o.name, o.at); }
  };
  std::vector<Name> names;
  names.reserve(written.size());
  for (size_t i = 0; i < written.size(); ++i) {
    const fs::path& p = written[i];
    std::string text = p.generic_string();
    const auto below = plain_below(text, prefix);
    std::string name =
        below ? std::string(*below) : p.lexically_normal().lexically_relative(dir_normal).generic_string();
    names.push_back({std::move(name), std::move(text), i});
  }
  std::sort(names.begin(), names.end());
  std::vector<ManifestEntry> files;
  files.reserve(names.size());
  for (Name& n : names) {
    if (!files.empty() && n.name == files.back().path) continue;
    const auto it = known.find(n.text);
    const FileDigest digest = it != known.end() ? it->second : digest_of(written[n.at], cache);
    files.push_back({std::move(n.name), digest.bytes, digest.sha256});
  }
  return files;
}

// The records' text is made side by side, a chunk of records per task, a
// window of chunks at a time, then written in order. On one thread, the
// records' field hashes and their escaping were most of the manifest at
// 5,000 cards, at the end of the build with the other core idle; one
// record at a time (and so a window here), since the cards of a large game
// as one tree were the largest part of the build's peak of memory.
void write_card_entries(JsonTextWriter& out, const ManifestCards& cards) {
  constexpr size_t kChunk = 256;
  struct Chunk {
    std::string text;
    std::vector<size_t> ends;  // where each record's text ends
  };
  const size_t chunks = (cards.count + kChunk - 1) / kChunk;
  const int jobs = std::max(1, cards.jobs);
  std::vector<Chunk> window(2 * static_cast<size_t>(jobs));
  out.begin_array("cards");
  for (size_t first = 0; first < chunks; first += window.size()) {
    const size_t n = std::min(window.size(), chunks - first);
    parallel_for(n, jobs, [&](size_t c) {
      Chunk& chunk = window[c];
      chunk.text.clear();
      chunk.ends.clear();
      const size_t from = (first + c) * kChunk, to = std::min(cards.count, from + kChunk);
      for (size_t i = from; i < to; ++i) {
        const layout::CardRecord r = cards.record(i);
        const JsonTextWriter::Field side =
            r.card.empty() ? JsonTextWriter::Field{"back", r.back_layout} : JsonTextWriter::Field{"card", r.card};
        if (r.fields.empty())
          JsonTextWriter::record_text(
              chunk.text, {side, {"stem", r.stem}, {"page", r.page}, {"layout", &r.layout}, {"painted", &r.painted}});
        else
          JsonTextWriter::record_text(chunk.text, {side,
                                                   {"stem", r.stem},
                                                   {"page", r.page},
                                                   {"fields", &r.fields},
                                                   {"layout", &r.layout},
                                                   {"painted", &r.painted}});
        chunk.ends.push_back(chunk.text.size());
      }
    });
    for (size_t c = 0; c < n; ++c) {
      const std::string_view text = window[c].text;
      size_t at = 0;
      for (const size_t end : window[c].ends) {
        out.element_text(text.substr(at, end - at));
        at = end;
      }
    }
  }
  out.end_array();
}

// `json[key]` as a map of strings into `out`; false when it is there and
// not one (absent is empty).
bool read_string_map(const Json& json, const char* key, std::map<std::string, std::string>& out) {
  if (!json.contains(key)) return true;
  const Json& map = json[key];
  if (!map.is_object()) return false;
  for (const auto& [k, v] : map.items()) {
    if (!v.is_string()) return false;
    out[k] = v.get<std::string>();
  }
  return true;
}

std::optional<layout::CardRecord> card_entry(const Json& e) {
  auto text = [&e](const char* key) { return e.contains(key) && e[key].is_string(); };
  if (!e.is_object() || !text("stem") || !text("page") || text("card") == text("back")) return std::nullopt;
  layout::CardRecord c;
  (text("card") ? c.card : c.back_layout) = e[text("card") ? "card" : "back"].get<std::string>();
  c.stem = e["stem"].get<std::string>();
  c.page = e["page"].get<std::string>();
  if (!read_string_map(e, "fields", c.fields) || !read_string_map(e, "layout", c.layout) ||
      !read_string_map(e, "painted", c.painted))
    return std::nullopt;
  return c;
}

}  // namespace

fs::path write_manifest(const fs::path& dir, const std::string& game_id, const std::string& language,
                        const InputSnapshot& input, std::span<const fs::path> written,
                        const std::unordered_map<std::string, FileDigest>& known, const infra::BuildCache* cache,
                        const ManifestCards& cards) {
  fs::path out = dir / "manifest.json";
  PendingFile file(out);
  JsonTextWriter manifest([&file](std::string_view text) { file.append(text); });
  manifest.member("generator", std::string("kartenwerk ") + version());
  manifest.member("game", game_id);
  manifest.member("language", language);
  manifest.member("input", {{"sha256", input.sha256}, {"files", input.files.size()}, {"options", input.options}});
  write_entries(manifest, "files", written_entries(dir, written, known, cache));
  write_entries(manifest, "inputs", input.files);
  if (cards.count > 0) write_card_entries(manifest, cards);
  manifest.finish();
  file.commit();
  return out;
}

std::optional<ManifestInput> manifest_input(std::string_view json) {
  Json manifest = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!manifest.is_object() || !manifest.contains("input")) return std::nullopt;
  const Json& input = manifest["input"];
  auto text = [&input](const char* key) { return input.is_object() && input.contains(key) && input[key].is_string(); };
  if (!text("sha256") || !text("options")) return std::nullopt;
  return ManifestInput{input["sha256"].get<std::string>(), input["options"].get<std::string>()};
}

std::map<std::string, std::string> manifest_files(std::string_view json) {
  Json manifest = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  std::map<std::string, std::string> out;
  if (!manifest.is_object() || !manifest.contains("files") || !manifest["files"].is_array()) return out;
  for (const auto& f : manifest["files"])
    if (f.is_object() && f.contains("path") && f["path"].is_string() && f.contains("sha256") && f["sha256"].is_string())
      out[f["path"].get<std::string>()] = f["sha256"].get<std::string>();
  return out;
}

std::optional<std::vector<layout::CardRecord>> manifest_cards(std::string_view json, std::string* why) {
  auto fail = [why](std::string text) {
    if (why) *why = std::move(text);
    return std::nullopt;
  };
  Json manifest = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!manifest.is_object() || !manifest.contains("files"))
    return fail("is not a kartenwerk manifest (no JSON object with \"files\"): build again");
  if (!manifest.contains("cards"))
    return fail("records no cards (a build by an older kartenwerk, or one that wrote no card pages)");
  if (!manifest["cards"].is_array()) return fail("has a malformed \"cards\" (not a list): build again");
  std::vector<layout::CardRecord> out;
  for (const auto& e : manifest["cards"]) {
    auto card = card_entry(e);
    if (!card) return fail("has a malformed card record (number " + std::to_string(out.size() + 1) + "): build again");
    out.push_back(std::move(*card));
  }
  return out;
}

}  // namespace kw::products
