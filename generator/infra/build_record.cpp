#include "infra/build_record.h"

#include <nlohmann/json.hpp>

#include <system_error>

namespace kw::infra {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Size and modification time (nanoseconds) of `file`, or null when it is gone.
json stat_of(const fs::path& file) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec) return nullptr;
  const auto time = fs::last_write_time(file, ec);
  if (ec) return nullptr;
  return json::array({size, static_cast<long long>(time.time_since_epoch().count())});
}

bool system_inputs_unchanged(const json& inputs, const project::Project& project) {
  if (!inputs.is_array()) return false;
  for (const auto& in : inputs) {
    if (!in.is_array() || in.size() != 2 || !in[0].is_string() || !in[1].is_string()) return false;
    project::InputPtr now = project.read_system(in[0].get<std::string>());
    if (!now || kw::hex(now->hash()) != in[1].get<std::string>()) return false;
  }
  return true;
}

bool outputs_unchanged(const json& outputs) {
  if (!outputs.is_array() || outputs.empty()) return false;
  for (const auto& out : outputs) {
    if (!out.is_array() || out.size() != 2 || !out[0].is_string()) return false;
    if (stat_of(fs::path(out[0].get<std::string>())) != out[1]) return false;
  }
  return true;
}

}  // namespace

bool up_to_date(const BuildCache& cache, const std::string& name, const std::string& key,
                const project::Project& project) {
  auto text = cache.record(name);
  if (!text) return false;
  json record = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!record.is_object() || record.value("key", std::string()) != key) return false;
  return system_inputs_unchanged(record["system"], project) && outputs_unchanged(record["outputs"]);
}

void remember_build(const BuildCache& cache, const std::string& name, const std::string& key,
                    const project::Project& project, const std::vector<fs::path>& written) {
  json record;
  record["key"] = key;
  record["system"] = json::array();
  for (const auto& in : project.inputs_read())
    if (fs::path(in->path()).is_absolute()) record["system"].push_back({in->path(), kw::hex(in->hash())});
  record["outputs"] = json::array();
  for (const auto& file : written) {
    json stat = stat_of(file);
    if (stat.is_null()) return;  // a file already gone: remember nothing
    record["outputs"].push_back({fs::absolute(file).string(), stat});
  }
  cache.set_record(name, record.dump(1));
}

}  // namespace kw::infra
