#include "studio/http/edit_json.h"

#include <nlohmann/json.hpp>

namespace kw::studio::http {

namespace {

using nlohmann::json;

// A list of steps: strings are keys, whole numbers from 0 indexes.
bool read_path(const json& j, yaml::KeyPath& path) {
  if (!j.is_array() || j.empty() || j.size() > kMaxPathSteps) return false;
  for (const json& step : j) {
    if (step.is_string())
      path.emplace_back(step.get<std::string>());
    else if (step.is_number_unsigned())
      path.emplace_back(step.get<size_t>());
    else
      return false;
  }
  return true;
}

bool read_index(const json& op, const char* name, size_t& out) {
  const auto it = op.find(name);
  if (it == op.end() || !it->is_number_unsigned()) return false;
  out = it->get<size_t>();
  return true;
}

bool read_text(const json& op, const char* name, std::string& out) {
  const auto it = op.find(name);
  if (it == op.end() || !it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}

std::optional<EditOp> read_op(const json& j, std::string& error) {
  EditOp op;
  std::string kind;
  if (!j.is_object() || !read_text(j, "op", kind) || !j.contains("path") || !read_path(j["path"], op.path)) {
    error = "each operation needs \"op\" and \"path\" (a list of keys and indexes)";
    return std::nullopt;
  }
  bool ok = true;
  if (kind == "set") {
    op.kind = EditOp::Kind::Set;
    ok = read_text(j, "value", op.value);
  } else if (kind == "remove") {
    op.kind = EditOp::Kind::Remove;
    ok = read_index(j, "index", op.index);
  } else if (kind == "duplicate") {
    op.kind = EditOp::Kind::Duplicate;
    ok = read_index(j, "index", op.index);
    std::string key, value;
    if (ok && read_text(j, "key", key) && read_text(j, "value", value)) op.rename = std::pair{key, value};
  } else if (kind == "move") {
    op.kind = EditOp::Kind::Move;
    ok = read_index(j, "from", op.index) && read_index(j, "to", op.to);
  } else {
    error = "unknown operation '" + kind + "' (set, remove, duplicate, move)";
    return std::nullopt;
  }
  if (!ok) {
    error = "operation '" + kind + "' lacks a value or an index";
    return std::nullopt;
  }
  return op;
}

}  // namespace

std::optional<EditRequest> parse_edit_request(const std::string& body, std::string& error) {
  const json j = json::parse(body, nullptr, false);
  EditRequest r;
  if (j.is_discarded() || !j.is_object() || !read_text(j, "file", r.file) || !read_text(j, "hash", r.hash) ||
      !j.contains("ops") || !j["ops"].is_array()) {
    error = "the edit is not {\"file\", \"hash\", \"ops\": [...]}";
    return std::nullopt;
  }
  if (j["ops"].empty() || j["ops"].size() > kMaxOps) {
    error = "an edit has 1 to " + std::to_string(kMaxOps) + " operations";
    return std::nullopt;
  }
  for (const json& o : j["ops"]) {
    auto op = read_op(o, error);
    if (!op) return std::nullopt;
    r.ops.push_back(std::move(*op));
  }
  return r;
}

std::string edit_result_json(const EditResult& r) {
  const json j = {{"status", status_name(r.status)},
                  {"message", r.message},
                  {"file", r.file},
                  {"hash", r.hash},
                  {"undo", r.undo},
                  {"redo", r.redo}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

int edit_status_code(const EditResult& r) {
  switch (r.status) {
    case EditResult::Status::Done:
    case EditResult::Status::Nothing:
      return 200;
    case EditResult::Status::Refused:
      return 403;
    case EditResult::Status::Conflict:
      return 409;
    case EditResult::Status::Invalid:
      return 400;
  }
  return 400;
}

}  // namespace kw::studio::http
