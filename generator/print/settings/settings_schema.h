#pragma once
// The keys of the print settings files of data/print/, declared once (see
// yaml/schema.h).
#include "yaml/schema.h"

namespace kw::print {

const yaml::Schema& sheets_file_schema();  // data/print/sheets.yaml: sheet formats and print-and-play sheets
const yaml::Schema& sheet_schema();        // an entry of `sheets:`
const yaml::Schema& colour_file_schema();       // data/print/color.yaml: press conditions
const yaml::Schema& colour_condition_schema();  // one press condition of color.yaml

}  // namespace kw::print
