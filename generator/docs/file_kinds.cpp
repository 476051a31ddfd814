#include "docs/file_kinds.h"

#include <stdexcept>

#include "layout/layout_schema.h"
#include "model/database_schema.h"
#include "model/locale.h"
#include "rules/checks_schema.h"
#include "settings/settings_schema.h"
#include "text/font_library.h"

namespace kw::docs {

const std::vector<FileKind>& file_kinds() {
  static const std::vector<FileKind> kinds = {
      {"cards",
       "Card database",
       {"data/cards.yaml", "data/formats.yaml", "data/games/*.yaml", "data/flavor/*.yaml", "data/boards/*.yaml"},
       &model::database_file_schema(),
       "data/cards.yaml and every file it includes: formats, games, `extend:` files"},
      {"layout",
       "Layout",
       {"layouts/*/*.yaml"},
       &layout::layout_file_schema(),
       "where things go on a card, back, booklet page or board, in millimetres from the trim's top-left corner"},
      {"variant",
       "Variant",
       {"data/variants/*/*.yaml"},
       &model::variant_file_schema(),
       "an overlay on a base game: cards removed, added and patched, tables restyled, fonts swapped"},
      {"locale", "Locale", {"data/locales/*/*.yaml"}, &model::locale_file_schema(), "a game's strings in one language"},
      {"profiles",
       "Print-shop profiles",
       {"data/print/profiles.yaml"},
       &settings::profiles_file_schema(),
       "what `build --profile` makes for a shop and `preflight` checks"},
      {"sheets",
       "Print-and-play sheets",
       {"data/print/sheets.yaml"},
       &settings::sheets_file_schema(),
       "the paper formats and how print-and-play sheets are laid out"},
      {"color",
       "Press conditions",
       {"data/print/color.yaml"},
       &settings::colour_file_schema(),
       "the CMYK output profiles of `build --color cmyk` and the print shops"},
      {"fonts", "Fonts", {"fonts/fonts.yaml"}, &text::fonts_file_schema(), "the font families layouts may name"},
  };
  return kinds;
}

const std::vector<NamedTable>& named_tables() {
  static const std::vector<NamedTable> tables = {
      {"element", &layout::element_schema(), false, "a layout element; its `type:` says which kind"},
      {"check", &rules::check_schema(), false, "a declared check; its `check:` says which kind"},
      {"card", &model::card_keys_schema(), true,
       "a card: its own keys below, and the fields its game (or deck) declares in `card_fields:`"},
      {"field", &model::field_declarations_schema().of.front(), false,
       "a field of `card_fields:` or of a table's `fields:`: a type name, or the long form"},
  };
  return tables;
}

const NamedTable& named_table(const std::string& name) {
  for (const NamedTable& t : named_tables())
    if (t.name == name) return t;
  throw std::logic_error("no named table '" + name + "' (docs/file_kinds.cpp)");
}

}  // namespace kw::docs
