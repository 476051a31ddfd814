#pragma once
// The keys of a declared check (a game's `checks:`, see generic_checks.h),
// declared once (yaml/schema.h): one Record per kind, picked by `check:`.
#include "yaml/schema.h"

namespace kw::rules {

// One of the kinds count, sum, unique, allowed, range, ref, covers; each a
// Record whose `check:` names it (yaml::find_case).
const yaml::Schema& check_schema();

}  // namespace kw::rules
