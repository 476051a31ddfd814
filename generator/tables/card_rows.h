#pragma once
// A deck's cards or a game table's entries as rows of a spreadsheet and back
// (`kartenwerk table export|import`; the command line only reads and writes
// the files). Export writes the cards as the data writes them (card
// definitions, not their copies); import checks every cell against the
// schema, loads the whole database as it would be, and only then gives the
// new text of the YAML file: rows that did not change keep their text and
// comments, changed rows are written in the style their item had,
// everything else in the file stays as it was.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/card_table.h"
#include "model/model.h"
#include "model/value.h"
#include "project/project.h"
#include "sheet/sheet.h"

namespace kw::tables {

// What a spreadsheet stands for: a deck's `cards:` list or a table's
// `entries:` map, in the YAML file that holds it.
struct Rows {
  std::string what;  // "deck 'gandalf'", "table 'sides'"
  std::string name;  // "gandalf", "sides": the sheet's name, the default file's
  bool table = false;
  std::string file;  // project path of the YAML file
  std::string text;  // its bytes
  model::Value doc;
  const model::Value* holder = nullptr;  // the deck's map, the table's map (in `doc`)
  const model::Value* items = nullptr;   // `cards:` (a list), `entries:` (a map)
  std::vector<model::Column> columns;

  // `holder` and `items` point into `doc`: moved with it, never copied.
  Rows() = default;
  Rows(Rows&&) = default;
  Rows& operator=(Rows&&) = default;
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;

  // The rows as the data writes them: maps with `id` first.
  std::vector<model::Value> written() const;
};

// The rows of `game`'s deck `deck` or table `table` (one of them empty),
// from the file the loader read it from. Nullopt when there are none: an
// unknown deck or table is said in `problem` (one line), what the file
// says against it in `diags` (located).
std::optional<Rows> find_rows(const project::Project& project, const model::Game& game, const std::string& deck,
                              const std::string& table, Diagnostics& diags, std::string& problem);

// The spreadsheet of `rows`: a header of the columns' names, a row per card
// (entry). Nullopt when a row cannot be a cell or the sheet would pass a
// spreadsheet's bounds (errors in `diags`, at the data); notes say what the
// sheet leaves out (per_copy patches).
std::optional<sheet::Grid> export_rows(const Rows& rows, Diagnostics& diags);

// The spreadsheet at `path` (FILE.csv or FILE.xlsx; the command line names
// it), read within the sheet reader's bounds; nullopt with errors in `diags`.
std::optional<sheet::Sheet> read_sheet(const std::string& path, Diagnostics& diags);

struct ImportOutcome {
  enum class Status {
    Refused,      // a row or cell is wrong: `diagnostics`, at the sheet's cells
    DoesNotLoad,  // the rows are right, the game with them is not: `diagnostics`, in `text` as the file
    Unchanged,    // the file already says what the sheet says
    Changed,      // `text` is the file's new text
  };
  Status status = Status::Refused;
  Diagnostics diagnostics;
  std::string text;  // the YAML file with the sheet's rows
  size_t rows = 0, changed = 0, added = 0, removed = 0;
};

// The sheet's rows (`sheet`, read from `path`) in place of `rows` in its
// file, every cell checked as the loader checks the data and the whole
// database loaded with them. Nothing is written. Throws std::logic_error
// when the new text does not read back as the sheet (a bug of ours).
ImportOutcome import_rows(const project::Project& project, const model::Game& game, const Rows& rows,
                          const sheet::Sheet& sheet, const std::string& path);

}  // namespace kw::tables
