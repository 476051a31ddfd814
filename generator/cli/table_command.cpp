// `kartenwerk table export|import`: the command line of tables/card_rows.h,
// which turns a deck's cards (a game table's entries) into a spreadsheet and
// back; here the files are read and written and what happened is said.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"
#include "core/confine.h"
#include "core/files.h"
#include "core/names.h"
#include "project/overlay_project.h"
#include "sheet/sheet.h"
#include "tables/card_rows.h"

namespace kw::cli {

namespace fs = std::filesystem;

namespace {

int export_table(const TableArgs& inv, const model::Game& game, const tables::Rows& rows, const Clock& clock,
                 std::ostream& out, std::ostream& err) {
  Diagnostics diags;
  const auto grid = tables::export_rows(rows, diags);
  err << format_diagnostics(diags);
  if (!grid) {
    fmt::print(err, "kartenwerk: table export: nothing written\n");
    return 1;
  }
  const std::string format = inv.table_format.empty() ? "csv" : inv.table_format;
  // The default file's name is made of the game's id and the deck's or
  // table's name: it must stay in output/tables/.
  std::optional<fs::path> file = fs::path(inv.table_file);
  if (inv.table_file.empty()) {
    const std::string name = game.id + "-" + rows.name + "." + format;
    file = is_plain_id(rows.name) ? confined(fs::path("output") / "tables", name) : std::nullopt;
    if (!file) {
      fmt::print(err, "kartenwerk: table export: '{}' cannot be part of a file name; name the file with --out FILE\n",
                 rows.name);
      return 1;
    }
  }
  const std::string bytes = format == "xlsx" ? sheet::write_xlsx(*grid, rows.name, clock) : sheet::write_csv(*grid);
  try {
    write_file_atomic(*file, bytes);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: {} {} of {}/{}\n", file->string(), grid->size() - 1, rows.table ? "entries" : "cards", game.id,
             rows.name);
  return 0;
}

int import_table(const TableArgs& inv, const project::Project& project, const model::Game& game,
                 const tables::Rows& rows, std::ostream& out, std::ostream& err) {
  const std::string& path = inv.files.front();
  Diagnostics read;
  const auto sheet = tables::read_sheet(path, read);
  using Status = tables::ImportOutcome::Status;
  tables::ImportOutcome outcome;
  if (sheet) outcome = tables::import_rows(project, game, rows, *sheet, path);
  read.append(outcome.diagnostics);
  switch (outcome.status) {
    case Status::Refused:
      err << format_diagnostics(read, &project);
      fmt::print(err, "kartenwerk: table import: {} not changed\n", rows.file);
      return 1;
    case Status::DoesNotLoad: {
      const project::OverlayProject after(project, rows.file, outcome.text);
      fmt::print(err, "kartenwerk: table import: with these rows the game does not load:\n");
      err << format_diagnostics(read, &after);
      fmt::print(err, "kartenwerk: table import: {} not changed\n", rows.file);
      return 1;
    }
    case Status::Unchanged:
      err << format_diagnostics(read, &project);
      fmt::print(out, "{}: {} unchanged ({} rows)\n", rows.file, rows.what, outcome.rows);
      return 0;
    case Status::Changed:
      break;
  }
  err << format_diagnostics(read, &project);
  const auto target = confined(inv.root, rows.file);
  if (!target) {
    fmt::print(err, "kartenwerk: table import: {} leaves the project folder; not changed\n", rows.file);
    return 1;
  }
  try {
    write_file_atomic(*target, outcome.text);
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  fmt::print(out, "{}: {}: {} rows ({} changed, {} added, {} removed)\n", rows.file, rows.what, outcome.rows,
             outcome.changed, outcome.added, outcome.removed);
  return 0;
}

}  // namespace

int run_table(const TableArgs& inv, std::ostream& out, std::ostream& err) {
  const auto world = open_world(inv, err);
  if (!world) return 2;
  Session s = open_session(inv, *world, err);
  if (!s.model) return 1;
  if (s.games.size() != 1) {
    fmt::print(err, "kartenwerk: table: name one game with --game ID\n");
    return 2;
  }
  if (inv.deck.empty() == inv.table.empty()) {
    fmt::print(err, "kartenwerk: table {}: name the rows: --deck ID or --table NAME\n", inv.subcommand);
    return 2;
  }
  const model::Game& game = *s.games.front();
  Diagnostics diags;
  std::string problem;
  auto rows = tables::find_rows(world->project(), game, inv.deck, inv.table, diags, problem);
  err << format_diagnostics(diags, &world->project());
  if (!problem.empty()) fmt::print(err, "kartenwerk: table: {}\n", problem);
  if (!rows) return 1;
  if (inv.subcommand == "export") return export_table(inv, game, *rows, world->clock(), out, err);
  return import_table(inv, world->project(), game, *rows, out, err);
}

}  // namespace kw::cli
