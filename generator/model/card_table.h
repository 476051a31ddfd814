#pragma once
// A deck's cards as a table: one row per card definition, one column per
// field of the deck's schema. Both ways go through the schema the loader
// uses, so a cell means what the same value means in the YAML:
//   id | copies | <field> | <record>.<member> | <list: "a; b; c"> ...
// Numbers and booleans are checked against their field's type here (the
// message names the cell's column); what validate_fields checks (required
// fields, references, allowed ids) the caller checks on the cards built.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/model.h"
#include "sheet/sheet.h"

namespace kw::model {

struct Column {
  std::string name;                    // "id", "copies", "region", "good.name"
  std::vector<const FieldSpec*> path;  // the field and the record members leading to it; empty for id and copies
};

// The columns for cards of `specs`: id, copies, then every field in the order
// declared, records flattened into dotted names. A field no cell can hold (a
// list of records or of lists) makes `why_not` say so; then the result is empty.
// `with_copies` false: the columns of a table's entries (id, fields).
std::vector<Column> card_columns(const std::vector<FieldSpec>& specs, std::string& why_not, bool with_copies = true);

// The cells of one card as written in the data (a map with id, copies and
// fields), one per column. A list item holding "; " cannot be a cell:
// `why_not` says which; then nullopt. per_copy patches are not part of the row.
std::optional<std::vector<std::string>> card_cells(const Value& card, const std::vector<Column>& columns,
                                                   std::string& why_not);

// The cards of a sheet (its first row the header naming the columns, in any
// order, a subset of `columns` with id required). Each card is a map as a deck
// writes it, its values located at their cells. A cell that is not of its
// column's type is reported ("column 'points': expected a whole number, got
// 'x'") and its card left out; so is an unknown column (at the header).
std::vector<Value> cards_from_sheet(const sheet::Sheet& sheet, const std::vector<Column>& columns, Diagnostics& diags);

}  // namespace kw::model
