#include "infra/build_record.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>
#include <system_error>

#include "core/files.h"
#include "core/json_writer.h"

namespace kw::infra {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Size, modification time (nanoseconds) and inode of the regular file
// `file`, not through a link, or null when it is gone or something else. The
// inode too: a file put in place by another name (an edited copy moved over
// it with its old time) is another file.
json stat_of(const fs::path& file) {
  const auto stamp = file_stamp(file);
  if (!stamp) return nullptr;
  return json::array({static_cast<std::uint64_t>(stamp->bytes), stamp->mtime_ns, stamp->inode});
}

bool is_hex64(const json& v) {
  if (!v.is_string()) return false;
  const auto& s = v.get_ref<const std::string&>();
  return s.size() == 64 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// `path` is an absolute, normal path below `dir` (no "..", no ".").
bool below(const std::string& path, const fs::path& dir) {
  const fs::path p(path);
  if (!p.is_absolute() || p.lexically_normal() != p || path.find('\0') != std::string::npos) return false;
  for (const auto& part : p)
    if (part == "..") return false;
  std::string d = dir.lexically_normal().string();
  while (d.size() > 1 && d.back() == '/') d.pop_back();  // "out/duell/" is the folder "out/duell"
  return path.size() > d.size() + 1 && path.compare(0, d.size(), d) == 0 && path[d.size()] == '/';
}

// Why a record is not one this program wrote for `name`, or "" when it is:
// {"key": hex, "system": [[path, hex], ...], "outputs": [[path, [size, ns, inode]], ...]}
// and nothing else; system inputs only of kartenwerk's own folders, outputs
// only below the game's folder (the record's name).
std::string malformed(const json& record, const std::string& name) {
  if (!record.is_object() || record.size() != 3 || !record.contains("key") || !record.contains("system") ||
      !record.contains("outputs"))
    return "it is not a record";
  if (!is_hex64(record["key"])) return "its key is not a key";
  if (!record["system"].is_array()) return "its system inputs are not a list";
  for (const auto& in : record["system"])
    if (!in.is_array() || in.size() != 2 || !in[0].is_string() || !is_hex64(in[1]) ||
        !project::is_system_input_path(in[0].get_ref<const std::string&>()))
      return "it names a system input outside kartenwerk's own folders";
  if (!record["outputs"].is_array() || record["outputs"].empty()) return "its outputs are not a list";
  for (const auto& out : record["outputs"]) {
    if (!out.is_array() || out.size() != 2 || !out[0].is_string() || !out[1].is_array() || out[1].size() != 3 ||
        !out[1][0].is_number_unsigned() || !out[1][1].is_number_integer() || !out[1][2].is_number_unsigned())
      return "an output is not [file, [size, time, inode]]";
    if (!below(out[0].get_ref<const std::string&>(), name)) return "it names an output outside the game's folder";
  }
  return {};
}

}  // namespace

std::string record_problem(const std::string& text, const std::string& name) {
  return malformed(json::parse(text, nullptr, /*allow_exceptions=*/false), name);
}

bool up_to_date(const BuildCache& cache, const std::string& name, const std::string& key,
                const project::Project& project) {
  auto text = cache.record(name);
  if (!text) return false;
  // A record as remember_build writes it starts with its key (dump sorts the
  // members): another key is out of date at once, without parsing and
  // checking the outputs (10,000 paths of a large deck, 20 ms on every
  // build after an edit). Any other text is parsed and checked whole.
  constexpr std::string_view kStart = "{\n \"key\": \"";
  if (text->starts_with(kStart) && text->size() > kStart.size() + key.size() &&
      (*text)[kStart.size() + key.size()] == '"' && text->compare(kStart.size(), key.size(), key) != 0)
    return false;
  json record = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (const std::string why = malformed(record, name); !why.empty()) {
    cache.note("the build record of " + name + " is malformed (" + why + "): ignored");
    return false;
  }
  if (record["key"].get_ref<const std::string&>() != key) return false;
  for (const auto& in : record["system"]) {
    project::InputPtr now = project.read_system(in[0].get<std::string>());
    if (!now || kw::hex(now->hash()) != in[1].get_ref<const std::string&>()) return false;
  }
  for (const auto& out : record["outputs"])
    if (stat_of(fs::path(out[0].get<std::string>())) != out[1]) return false;
  return true;
}

void remember_build(const BuildCache& cache, const std::string& name, const std::string& key,
                    const project::Project& project, std::span<const std::string> written,
                    const std::unordered_map<std::string, FileStamp>& known) {
  // The text a dump(1) of the record as a tree gives (the members sorted),
  // written as it comes: a tree of 10,000 outputs and its dump were half of
  // the time this took at the end of every build of a large deck.
  std::string text;
  JsonWriter out(text, 1);
  out.begin_object().key("key").value(key).key("outputs").begin_array();
  // The working folder, asked once: fs::absolute asks the system for it on
  // each call, and with a relative --out (the default `output`) that and
  // normalising were 20 ms of a one-card edit at 5,000 cards.
  std::string cwd;
  for (const std::string& file : written) {
    const auto it = known.find(file);
    const auto stamp = it != known.end() ? std::optional<FileStamp>(it->second) : file_stamp(file);
    if (!stamp) return;  // a file already gone: remember nothing
    // The products' paths are plain already (the output folder's, made so
    // once): normalising each again was the other half.
    std::string path;
    if (!lexically_plain(file)) {
      path = fs::absolute(file).lexically_normal().string();
    } else if (file.starts_with('/')) {
      path = file;
    } else {
      if (cwd.empty()) cwd = fs::current_path().native();  // absolute and plain, as the system gives it
      path = cwd.ends_with('/') ? cwd + file : cwd + '/' + file;
    }
    out.begin_array().value(path).begin_array();
    out.number_text(std::to_string(stamp->bytes)).number_text(std::to_string(stamp->mtime_ns));
    out.number_text(std::to_string(stamp->inode));
    out.end_array().end_array();
  }
  out.end_array().key("system").begin_array();
  for (const auto& in : project.inputs_read())
    if (project::is_system_input_path(in->path()))
      out.begin_array().value(in->path()).value(kw::hex(in->hash())).end_array();
  out.end_array().end_object();
  cache.set_record(name, text);
}

}  // namespace kw::infra
