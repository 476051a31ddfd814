#pragma once
// The studio's writes: minimal text edits (yaml/edit.h) of the project's data
// and layout files, asked for by the page, with undo and redo. Nothing here
// knows HTTP; the server checks who asks (token, Origin, Host) before it
// calls in.
//
// What a page may name is confined: a relative path of plain names under
// data/ or layouts/, ending in .yaml or .yml (or .csv under data/: a card
// table, whose cells only are edited), no "." or ".." part, no
// symbolic link on the way, an existing regular file no larger than
// kMaxEditedFile. Every write is atomic (core/files.h: a temporary sibling,
// then rename), and only happens when the file still has the bytes the page
// read (their SHA-256): a file changed on disk since (an editor, `git
// checkout`) is never overwritten.
//
// Undo and redo restore whole files byte for byte: each edit keeps the
// file's bytes before and after it, and is undone only while the file still
// holds the bytes it wrote.
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "yaml/edit.h"

namespace kw::studio {

inline constexpr size_t kMaxEditedFile = 4 << 20;
inline constexpr size_t kMaxHistory = 200;

// One change of one file the page asks for.
struct EditOp {
  // SetAt: the scalar that starts at `line`:`column` (as the page's state
  // located it), which must still read `expected`; Insert: `item` into the
  // list at `path` before `index` (past the end: appended).
  // SetCell: the cell of a CSV file at row `line`, column `column`, which
  // must still read `expected`. SetKey, RemoveKey: key `key` of the map at
  // `path` (a layout element's `size`, `color`, `align`, `when`) set to
  // `value` (added when absent) or removed. AddEntry: member `key` of
  // the block map at `path` (a locale file's `strings`) added with the
  // scalars `members` (yaml::add_entry).
  // RemoveRow, DuplicateRow, MoveRow: row `line` of a CSV card table (its
  // cell at `column` must still read `expected`, the card's id) removed,
  // copied after itself with that cell set to `value`, moved to row `to`;
  // InsertRow: a new row after it, its cells `members` (column name, text).
  enum class Kind {
    Set,
    SetAt,
    Remove,
    Duplicate,
    Move,
    Insert,
    SetCell,
    SetKey,
    RemoveKey,
    AddEntry,
    RemoveRow,
    DuplicateRow,
    MoveRow,
    InsertRow
  };
  Kind kind = Kind::Set;
  yaml::KeyPath path;                                         // the scalar (Set) or the list (the others)
  std::string value;                                          // Set, SetAt: the new text
  size_t index = 0, to = 0;                                   // Remove, Duplicate, Move, Insert
  std::optional<std::pair<std::string, std::string>> rename;  // Duplicate: the key to set on the copy
  int line = 0, column = 0;                                   // SetAt, SetCell
  std::string expected;                                       // SetAt, SetCell
  yaml::Value item;                                           // Insert
  std::string key;                                            // SetKey, RemoveKey, AddEntry
  std::vector<std::pair<std::string, std::string>> members;   // AddEntry; InsertRow: its cells
};

// A SetAt whose value is no longer what the page saw: the file changed.
struct StaleEdit : yaml::EditError {
  using yaml::EditError::EditError;
};

// What an edit, an undo or a redo did, or why it did nothing.
struct EditResult {
  enum class Status { Done, Refused, Conflict, Invalid, Nothing };
  Status status = Status::Done;
  std::string message;  // why not, for the page (names the file, never its content)
  std::string file;     // the file written (or refused)
  std::string hash;     // its bytes' SHA-256 now (Conflict: what is on disk)
  size_t undo = 0, redo = 0;
};

class Editor {
 public:
  explicit Editor(const std::filesystem::path& root);

  // Where the project file `file` lies on disk, or nullopt with `why` set
  // when a page may not write it (see above).
  std::optional<std::filesystem::path> writable(const std::string& file, std::string& why) const;

  // The file's bytes and their hash, for a page that is about to edit it.
  EditResult read(const std::string& file, std::string& bytes) const;

  // Applies `ops` in order to `file`, whose bytes the page read had SHA-256
  // `expected`; writes the result once. `merge`: one undo step with the last
  // edit when that was of the same file and nothing came between (typing).
  EditResult apply(const std::string& file, const std::string& expected, const std::vector<EditOp>& ops,
                   bool merge = false);

  EditResult undo();
  EditResult redo();

 private:
  struct Step {
    std::string file;
    std::string before, after;
  };
  // Writes `to` over `file` if it still holds `from`'s bytes.
  EditResult swap(const std::string& file, const std::string& from, const std::string& to);

  std::filesystem::path root_;
  mutable std::mutex mutex_;  // one write at a time; the history
  std::vector<Step> undo_, redo_;
};

const char* status_name(EditResult::Status status);

}  // namespace kw::studio
