#pragma once
// The keys of the card database's files, declared once (see yaml/schema.h):
// data/cards.yaml and every file it includes (formats, games, `extend:`
// files) and the variants under data/variants/. The loader reads the files
// against these tables; the fields of a game's cards are the game's own
// declaration (card_fields), checked by validate_fields (schema.h).
#include "yaml/schema.h"

namespace kw::model {

// The bounds of a card format (data/formats.yaml), in mm and dots per inch:
// the largest page is a 2 m board, the largest bleed a finger's width; below
// 36 dpi nothing is legible, above 2400 no printer resolves. How many pixels
// a page may have is the `page-pixels` limit (core/limits.h).
inline constexpr double kMaxFormatLength = 2000;
inline constexpr double kMaxBleed = 25;
inline constexpr double kMinDpi = 36;
inline constexpr double kMaxDpi = 2400;

// data/cards.yaml and every file it includes: kartenwerk, include, formats, game, extend.
const yaml::Schema& database_file_schema();
const yaml::Schema& format_schema();     // an entry of `formats:`
const yaml::Schema& game_schema();       // `game:`
const yaml::Schema& deck_schema();       // an item of a game's `decks:`
const yaml::Schema& table_schema();      // an entry of a game's `tables:`
const yaml::Schema& facts_schema();      // a game's `facts:` (rules/facts.h)
const yaml::Schema& fact_schema();       // an entry of its `rules:`
const yaml::Schema& rule_text_schema();  // an item of its `texts:`
// `card_fields:` and a table's `fields:`: field name -> a type name or its
// declaration (the long form, field_declaration_schema).
const yaml::Schema& field_declarations_schema();
const yaml::Schema& field_declaration_schema();
const yaml::Schema& card_keys_schema();  // a card's own keys (id, copies, per_copy)
const yaml::Schema& extend_schema();     // `extend:`

// data/variants/<game>/<variant>.yaml: `variant:` and what it holds.
const yaml::Schema& variant_file_schema();
const yaml::Schema& variant_schema();
const yaml::Schema& removal_schema();   // an item of `remove:` that is a map
const yaml::Schema& patch_schema();     // an item of `patch:`
const yaml::Schema& addition_schema();  // an item of `add:`

}  // namespace kw::model
