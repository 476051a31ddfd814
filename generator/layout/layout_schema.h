#pragma once
// The keys of a layout file (layouts/<game>/<name>.yaml), declared once (see
// yaml/schema.h): the file's own keys, and each element kind's keys, picked
// by the element's `type:`.
#include "yaml/schema.h"

namespace kw::layout {

const yaml::Schema& layout_file_schema();
// One of the element kinds (rect, line, art, text, use, group, sector,
// repeat), each a Record whose `type:` names it (yaml::find_case).
const yaml::Schema& element_schema();

}  // namespace kw::layout
