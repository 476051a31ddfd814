#pragma once
// Every translatable string of a game: its data (cards, tables, the game),
// the literal text of its layouts, and the words its rules engine prints.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "i18n/po.h"
#include "model/locale.h"
#include "model/model.h"

namespace kw::i18n {

struct CatalogEntry {
  std::string id;
  std::string source;  // in the game's source language
  SourceLoc loc;
  // For the translator (PO "#." lines): what each {{…}} placeholder of the
  // source stands for; empty when it has none.
  std::string note;
};

// The translator's note for `source`: one line per distinct {{…}} placeholder
// saying what it stands for (a rules value with its value now, a field of the
// card, a field of a table entry the card names), then that they stay as they are.
std::string placeholder_note(const std::string& source, const std::map<std::string, std::string>& rule_values);

// Built from the model in the game's source language. Layout files that fail to parse are
// reported to `diags` and skipped.
std::vector<CatalogEntry> catalog(const model::Model& source, const model::Game& game, Diagnostics& diags);

// The strings of a variant's catalog (`variant`, made from the model with
// the variant applied) that the variant adds or changes: those whose id the
// base game's catalog lacks or whose source text differs from it. Only these go
// into the variant's locale file and PO; the rest are the base game's.
std::vector<CatalogEntry> variant_strings(const std::vector<CatalogEntry>& variant,
                                          const std::vector<CatalogEntry>& base);

struct Status {
  size_t total = 0;
  std::vector<const CatalogEntry*> missing;  // no translation
  std::vector<const CatalogEntry*> stale;    // translated from another source text
  std::vector<std::string> unused;           // ids in the locale that no longer exist
};
Status status(const std::vector<CatalogEntry>& entries, const model::Locale* locale);

// PO export of a game's catalog in `language` (translations from `locale`).
// References in the PO are project paths (file:line:col of each source).
PoFile to_po(const std::vector<CatalogEntry>& entries, const model::Locale* locale, const std::string& language,
             const std::string& game);
// Merges a PO file's translations into `locale` (msgctxt ids the catalog
// knows; an empty msgstr leaves the string untranslated). Unknown ids and
// plural entries are errors; an entry whose msgid is not the catalog's source
// text (another variant's PO, or the text changed since the export) is skipped
// with a warning, so no translation is recorded as made from a text it was
// not made from. Returns the number of strings set.
size_t merge_po(const PoFile& po, const std::vector<CatalogEntry>& entries, model::Locale& locale,
                const std::string& po_file, Diagnostics& diags);

// What a translator can break that the PO format does not see, found before
// anything is imported and reported at the entry's msgstr line (PoEntry::line)
// of `po_file`: markup that does not parse (an unclosed **) and a {{…}} that
// names no field of `game` are errors; a {{…}} of the source left out, or a
// field the source does not use, a warning.
void check_translations(const PoFile& po, const std::string& po_file, const model::Game& game, Diagnostics& diags);

}  // namespace kw::i18n
