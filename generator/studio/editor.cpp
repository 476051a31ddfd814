#include "studio/editor.h"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

#include "core/confine.h"
#include "core/files.h"
#include "core/sha256.h"
#include "sheet/csv_edit.h"

namespace kw::studio {

namespace {

bool plain_part(const std::string& part) {
  return !part.empty() && part != "." && part != ".." && part.size() <= 128 &&
         std::all_of(part.begin(), part.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                  c == '.';
         });
}

EditResult result(EditResult::Status status, std::string file, std::string message = {}) {
  EditResult r;
  r.status = status;
  r.file = std::move(file);
  r.message = std::move(message);
  return r;
}

std::string apply_one(const std::string& text, const EditOp& op, const std::string& file) {
  const bool csv_op = op.kind == EditOp::Kind::SetCell || op.kind == EditOp::Kind::RemoveRow ||
                      op.kind == EditOp::Kind::DuplicateRow || op.kind == EditOp::Kind::MoveRow ||
                      op.kind == EditOp::Kind::InsertRow;
  if (csv_op != file.ends_with(".csv"))
    throw yaml::EditError(
        file +
        ": a CSV file takes cell and row edits (set_cell, remove_row, duplicate_row, move_row, insert_row) "
        "only, and only a CSV file does");
  switch (op.kind) {
    case EditOp::Kind::Set:
      return yaml::set_scalar(text, op.path, op.value, file);
    case EditOp::Kind::Remove:
      return yaml::remove_item(text, op.path, op.index, file);
    case EditOp::Kind::Duplicate:
      return yaml::duplicate_item(text, op.path, op.index, file, op.rename);
    case EditOp::Kind::Move:
      return yaml::move_item(text, op.path, op.index, op.to, file);
    case EditOp::Kind::SetAt: {
      yaml::KeyPath path;
      try {
        path = yaml::path_at(text, op.line, op.column, file);
      } catch (const yaml::EditError& e) {
        throw StaleEdit(e.what());
      }
      if (yaml::scalar_at(text, path, file) != op.expected)
        throw StaleEdit(fmt::format("{}:{}:{}: the value is no longer what the page shows (the file changed?)", file,
                                    op.line, op.column));
      return yaml::set_scalar(text, path, op.value, file);
    }
    case EditOp::Kind::SetCell:
    case EditOp::Kind::RemoveRow:
    case EditOp::Kind::DuplicateRow:
    case EditOp::Kind::MoveRow:
    case EditOp::Kind::InsertRow:
      try {
        if (op.kind == EditOp::Kind::RemoveRow)
          return sheet::remove_csv_row(text, op.line, op.column, op.expected, file);
        if (op.kind == EditOp::Kind::DuplicateRow)
          return sheet::duplicate_csv_row(text, op.line, op.column, op.expected, op.value, file);
        if (op.kind == EditOp::Kind::InsertRow)
          return sheet::insert_csv_row(text, op.line, op.column, op.expected, op.members, file);
        if (op.kind == EditOp::Kind::MoveRow)
          return sheet::move_csv_row(text, op.line, static_cast<int>(op.to), op.column, op.expected, file);
        return sheet::set_csv_cell(text, op.line, op.column, op.expected, op.value, file);
      } catch (const sheet::CsvEditError& e) {
        throw StaleEdit(e.what());
      }
    case EditOp::Kind::Insert:
      return yaml::insert_item(text, op.path, op.index, op.item, file);
    case EditOp::Kind::SetKey:
      return yaml::set_key(text, op.path, op.key, op.value, file);
    case EditOp::Kind::RemoveKey:
      return yaml::remove_key(text, op.path, op.key, file);
    case EditOp::Kind::AddEntry:
      return yaml::add_entry(text, op.path, op.key, op.members, file);
  }
  return text;
}

}  // namespace

const char* status_name(EditResult::Status status) {
  switch (status) {
    case EditResult::Status::Done:
      return "done";
    case EditResult::Status::Refused:
      return "refused";
    case EditResult::Status::Conflict:
      return "conflict";
    case EditResult::Status::Invalid:
      return "invalid";
    case EditResult::Status::Nothing:
      return "nothing";
  }
  return "invalid";
}

Editor::Editor(const std::filesystem::path& root) : root_(real_path(root)) {}

std::optional<std::filesystem::path> Editor::writable(const std::string& file, std::string& why) const {
  why = "'" + file + "' is not a file the studio edits (data/ or layouts/, a .yaml file; a .csv under data/)";
  const bool csv = file.starts_with("data/") && file.ends_with(".csv");
  if (file.empty() || file.size() > 512 || !(file.starts_with("data/") || file.starts_with("layouts/")) ||
      !(file.ends_with(".yaml") || file.ends_with(".yml") || csv))
    return std::nullopt;
  size_t at = 0;
  while (at <= file.size()) {
    const size_t slash = file.find('/', at);
    if (!plain_part(file.substr(at, slash == std::string::npos ? std::string::npos : slash - at))) return std::nullopt;
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  auto path = confined(root_, file);
  if (!path || link_below(root_, file)) {
    why = "'" + file + "' leaves the project folder";
    return std::nullopt;
  }
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(*path, ec);
  if (ec || !std::filesystem::is_regular_file(status)) {
    why = "'" + file + "' is not a file of the project";
    return std::nullopt;
  }
  if (std::filesystem::file_size(*path, ec) > kMaxEditedFile || ec) {
    why = fmt::format("'{}' is larger than the studio edits ({} MiB)", file, kMaxEditedFile >> 20);
    return std::nullopt;
  }
  return path;
}

EditResult Editor::read(const std::string& file, std::string& bytes) const {
  std::string why;
  auto path = writable(file, why);
  if (!path) return result(EditResult::Status::Refused, file, why);
  auto text = read_file(*path);
  if (!text) return result(EditResult::Status::Refused, file, "'" + file + "' cannot be read");
  bytes = std::move(*text);
  EditResult r = result(EditResult::Status::Done, file);
  r.hash = sha256_hex(bytes);
  std::lock_guard lock(mutex_);
  r.undo = undo_.size();
  r.redo = redo_.size();
  return r;
}

EditResult Editor::apply(const std::string& file, const std::string& expected, const std::vector<EditOp>& ops,
                         bool merge) {
  std::lock_guard lock(mutex_);
  std::string why;
  auto path = writable(file, why);
  if (!path) return result(EditResult::Status::Refused, file, why);
  auto before = read_file(*path);
  if (!before) return result(EditResult::Status::Refused, file, "'" + file + "' cannot be read");
  if (sha256_hex(*before) != expected) {
    EditResult r = result(EditResult::Status::Conflict, file,
                          "'" + file + "' changed on disk since the page read it; reload to edit it");
    r.hash = sha256_hex(*before);
    return r;
  }
  std::string after = *before;
  try {
    for (const EditOp& op : ops) after = apply_one(after, op, file);
  } catch (const StaleEdit& e) {
    EditResult r = result(EditResult::Status::Conflict, file, e.what());
    r.hash = sha256_hex(*before);
    return r;
  } catch (const yaml::EditError& e) {
    return result(EditResult::Status::Invalid, file, e.what());
  }
  EditResult r = result(EditResult::Status::Done, file);
  r.hash = sha256_hex(after);
  if (after != *before) {
    write_file_atomic(*path, after);
    if (merge && redo_.empty() && !undo_.empty() && undo_.back().file == file && undo_.back().after == *before)
      undo_.back().after = std::move(after);
    else
      undo_.push_back({file, std::move(*before), std::move(after)});
    if (undo_.size() > kMaxHistory) undo_.erase(undo_.begin());
    redo_.clear();
  }
  r.undo = undo_.size();
  r.redo = redo_.size();
  return r;
}

EditResult Editor::swap(const std::string& file, const std::string& from, const std::string& to) {
  std::string why;
  auto path = writable(file, why);
  if (!path) return result(EditResult::Status::Refused, file, why);
  auto now = read_file(*path);
  if (!now || *now != from) {
    EditResult r = result(EditResult::Status::Conflict, file,
                          "'" + file + "' changed on disk since the edit; it is left as it is");
    r.hash = now ? sha256_hex(*now) : std::string();
    return r;
  }
  write_file_atomic(*path, to);
  EditResult r = result(EditResult::Status::Done, file);
  r.hash = sha256_hex(to);
  return r;
}

EditResult Editor::undo() {
  std::lock_guard lock(mutex_);
  if (undo_.empty()) return result(EditResult::Status::Nothing, "", "nothing to undo");
  Step step = undo_.back();
  EditResult r = swap(step.file, step.after, step.before);
  if (r.status == EditResult::Status::Done) {
    undo_.pop_back();
    redo_.push_back(std::move(step));
  } else if (r.status == EditResult::Status::Conflict) {
    undo_.clear();  // the history no longer describes the files
    redo_.clear();
  }
  r.undo = undo_.size();
  r.redo = redo_.size();
  return r;
}

EditResult Editor::redo() {
  std::lock_guard lock(mutex_);
  if (redo_.empty()) return result(EditResult::Status::Nothing, "", "nothing to redo");
  Step step = redo_.back();
  EditResult r = swap(step.file, step.before, step.after);
  if (r.status == EditResult::Status::Done) {
    redo_.pop_back();
    undo_.push_back(std::move(step));
  } else if (r.status == EditResult::Status::Conflict) {
    undo_.clear();
    redo_.clear();
  }
  r.undo = undo_.size();
  r.redo = redo_.size();
  return r;
}

}  // namespace kw::studio
