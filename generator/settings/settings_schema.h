#pragma once
// The keys of the print settings files of data/print/, declared once (see
// yaml/schema.h).
#include "core/enum_names.h"
#include "yaml/schema.h"

namespace kw::settings {

// The colour space a shop takes uploaded images in (a profile's `image_color:`).
enum class ImageColour { Rgb, Any };
inline constexpr EnumNames<ImageColour, 2> kImageColourNames{{{ImageColour::Rgb, "rgb"}, {ImageColour::Any, "any"}}};

const yaml::Schema& sheets_file_schema();
const yaml::Schema& sheet_words_schema();       // data/print/sheets.yaml: sheet formats and print-and-play sheets
const yaml::Schema& sheet_schema();             // an entry of `sheets:`
const yaml::Schema& colour_file_schema();       // data/print/color.yaml: press conditions
const yaml::Schema& colour_condition_schema();  // one press condition of color.yaml
const yaml::Schema& profiles_file_schema();     // data/print/profiles.yaml: print-shop profiles
const yaml::Schema& profile_schema();           // an entry of `profiles:`
const yaml::Schema& profile_files_schema();     // a profile's `files:`
const yaml::Schema& shop_card_schema();         // an entry of a profile's `cards:`
const yaml::Schema& bleed_check_schema();       // a profile's `bleed_check:`

}  // namespace kw::settings
