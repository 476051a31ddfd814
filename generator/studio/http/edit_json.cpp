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

// A JSON value as a YAML value for a new item: strings stay text (quoted
// where YAML would read them otherwise), numbers and booleans plain.
bool to_yaml(const json& j, yaml::Value& v, int depth) {
  if (depth > 16) return false;
  if (j.is_object()) {
    v.kind = yaml::Value::Kind::Map;
    for (const auto& [key, member] : j.items()) {
      yaml::Value m;
      if (!to_yaml(member, m, depth + 1)) return false;
      v.map.push_back({key, std::move(m)});
    }
  } else if (j.is_array()) {
    v.kind = yaml::Value::Kind::List;
    for (const json& e : j) {
      v.list.emplace_back();
      if (!to_yaml(e, v.list.back(), depth + 1)) return false;
    }
  } else if (j.is_string()) {
    v.kind = yaml::Value::Kind::Scalar;
    v.scalar = j.get<std::string>();
    v.quoted = true;
  } else if (j.is_number() || j.is_boolean()) {
    v.kind = yaml::Value::Kind::Scalar;
    v.scalar = j.dump();
  } else {
    return false;
  }
  return true;
}

bool read_int(const json& op, const char* name, int& out) {
  const auto it = op.find(name);
  if (it == op.end() || !it->is_number_unsigned() || it->get<unsigned long>() > 10'000'000) return false;
  out = static_cast<int>(it->get<unsigned long>());
  return true;
}

// An inserted item: an object, or [[key, value], ...] to keep its keys in
// that order (a blank card's, `id` first: a JSON object's keys come sorted).
bool read_item(const json& j, yaml::Value& item) {
  if (!j.is_array()) return j.is_object() && to_yaml(j, item, 0);
  item.kind = yaml::Value::Kind::Map;
  for (const json& pair : j) {
    yaml::Value member;
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !to_yaml(pair[1], member, 1)) return false;
    item.set(pair[0].get<std::string>(), std::move(member));
  }
  return !item.map.empty();
}

// insert_row: `row`, `column`, `old` as for the other rows, and `cells`:
// [[column name, text], ...] of the new row.
std::optional<EditOp> read_insert_row(const json& j, std::string& error) {
  EditOp op;
  op.kind = EditOp::Kind::InsertRow;
  bool ok = read_int(j, "row", op.line) && read_int(j, "column", op.column) && read_text(j, "old", op.expected) &&
            j.contains("cells") && j["cells"].is_array() && !j["cells"].empty() && j["cells"].size() <= kMaxRowCells;
  for (size_t i = 0; ok && i < j["cells"].size(); ++i) {
    const json& c = j["cells"][i];
    ok = c.is_array() && c.size() == 2 && c[0].is_string() && c[1].is_string() && !c[0].get<std::string>().empty();
    if (ok) op.members.emplace_back(c[0].get<std::string>(), c[1].get<std::string>());
  }
  if (ok) return op;
  error = "operation 'insert_row' needs row, column, old and cells ([[column, text], ...])";
  return std::nullopt;
}

std::optional<EditOp> read_op(const json& j, std::string& error) {
  EditOp op;
  std::string kind;
  if (j.is_object() && read_text(j, "op", kind) && (kind == "set_at" || kind == "set_cell")) {
    op.kind = kind == "set_at" ? EditOp::Kind::SetAt : EditOp::Kind::SetCell;
    if (read_int(j, "line", op.line) && read_int(j, "column", op.column) && read_text(j, "old", op.expected) &&
        read_text(j, "value", op.value))
      return op;
    error = "operation '" + kind + "' needs line, column, old and value";
    return std::nullopt;
  }
  if (j.is_object() && read_text(j, "op", kind) &&
      (kind == "remove_row" || kind == "duplicate_row" || kind == "move_row")) {
    op.kind = kind == "remove_row"      ? EditOp::Kind::RemoveRow
              : kind == "duplicate_row" ? EditOp::Kind::DuplicateRow
                                        : EditOp::Kind::MoveRow;
    int to = 0;
    const bool ok =
        (kind == "move_row" ? read_int(j, "from", op.line) && read_int(j, "to", to) : read_int(j, "row", op.line)) &&
        read_int(j, "column", op.column) && read_text(j, "old", op.expected) &&
        (kind != "duplicate_row" || read_text(j, "value", op.value));
    op.to = static_cast<size_t>(to);
    if (ok) return op;
    error = "operation '" + kind + "' needs " + (kind == "move_row" ? "from, to" : "row") + ", column, old" +
            (kind == "duplicate_row" ? " and value" : "");
    return std::nullopt;
  }
  if (j.is_object() && read_text(j, "op", kind) && kind == "insert_row") return read_insert_row(j, error);
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
  } else if (kind == "set_key" || kind == "remove_key") {
    op.kind = kind == "set_key" ? EditOp::Kind::SetKey : EditOp::Kind::RemoveKey;
    ok = read_text(j, "key", op.key) && !op.key.empty() && (kind == "remove_key" || read_text(j, "value", op.value));
  } else if (kind == "add_entry") {
    op.kind = EditOp::Kind::AddEntry;
    ok = read_text(j, "key", op.key) && !op.key.empty() && j.contains("members") && j["members"].is_array() &&
         !j["members"].empty() && j["members"].size() <= kMaxEntryMembers;
    for (size_t i = 0; ok && i < j["members"].size(); ++i) {
      const json& m = j["members"][i];
      ok = m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string() && !m[0].get<std::string>().empty();
      if (ok) op.members.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
    }
  } else if (kind == "insert") {
    op.kind = EditOp::Kind::Insert;
    op.index = static_cast<size_t>(-1);
    if (j.contains("index")) ok = read_index(j, "index", op.index);
    ok = ok && j.contains("item") && read_item(j["item"], op.item);
  } else {
    error = "unknown operation '" + kind +
            "' (set, set_at, set_cell, set_key, remove_key, add_entry, remove, duplicate, move, insert, remove_row, "
            "duplicate_row, move_row, insert_row)";
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
  if (!j.is_discarded() && j.is_object() && j.contains("merge"))
    r.merge = j["merge"].is_boolean() && j["merge"].get<bool>();
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
