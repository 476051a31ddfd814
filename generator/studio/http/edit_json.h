#pragma once
// The JSON of the studio's write requests and answers (server.h):
//   POST /api/edit  {"file": "data/games/x.yaml", "hash": "<sha256 of the bytes read>",
//                    "ops": [{"op": "set", "path": ["game", "decks", 0, "cards", 3, "name"], "value": "Peregrin"},
//                            {"op": "remove", "path": [...the list...], "index": 2},
//                            {"op": "duplicate", "path": [...], "index": 2, "key": "id", "value": "b-2"},
//                            {"op": "move", "path": [...], "from": 2, "to": 0},
//                            {"op": "set_at", "line": 12, "column": 30, "old": "Pippin", "value": "Peregrin"},
//                            {"op": "set_cell", "line": 4, "column": 2, "old": "Merry", "value": "Meriadoc"},
//                            {"op": "insert", "path": [...the list...], "index": 3, "item": {"id": "x", ...}},
//                            {"op": "add_entry", "path": ["strings"], "key": "card.x.name",
//                             "members": [["de", "Merry"], ["text", "Merry"]]}],
//                   "merge": false}
//   answer          {"status": "done", "file", "hash", "undo": 3, "redo": 0, "message"}
// Bounded: at most kMaxOps operations, kMaxPathSteps steps a path.
#include <string>
#include <vector>

#include "studio/editor.h"

namespace kw::studio::http {

inline constexpr size_t kMaxOps = 64;
inline constexpr size_t kMaxPathSteps = 32;
inline constexpr size_t kMaxEntryMembers = 8;  // add_entry: the scalars of the new member
inline constexpr size_t kMaxRowCells = 16384;  // insert_row: a spreadsheet's columns

struct EditRequest {
  std::string file;
  std::string hash;
  std::vector<EditOp> ops;
  bool merge = false;  // one undo step with the previous edit (typing)
};

// The request in `body`, or an empty optional with `error` set (a sentence for the page).
std::optional<EditRequest> parse_edit_request(const std::string& body, std::string& error);

// The answer's body, and its HTTP status (200, 400, 403, 409).
std::string edit_result_json(const EditResult& r);
int edit_status_code(const EditResult& r);

}  // namespace kw::studio::http
