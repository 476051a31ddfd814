#pragma once
// gettext PO files, so translators can use Poedit, Weblate & co.
// Each string is one entry: msgctxt = its kartenwerk id, msgid = the source
// text (in the game's source language), msgstr = the translation; "#, fuzzy"
// marks a stale translation. Strings with the same source text share one
// entry (see catalog.h, to_po).
//
// Plural entries (msgid_plural with msgstr[0..n]) are read and written
// without loss, but kartenwerk strings have a single form (numbers in card
// text are written out), so importing one is refused (see merge_po).
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::i18n {

struct PoEntry {
  std::string context;      // msgctxt: the string id
  int line = 0;             // where its msgstr starts in the file read (0: not known)
  std::string source;       // msgid: the source text
  std::string translation;  // msgstr (of an entry without plural forms)
  bool fuzzy = false;
  std::vector<std::string> flags;                // "#," flags besides fuzzy ("icu-message-format")
  std::optional<std::string> previous_source;    // "#| msgid": the source a fuzzy translation was made from
  std::string comment;                           // "#." extracted comments (where the string is used), one per line
  std::string reference;                         // "#:" file:line references, separated by spaces
  std::string translator_comment;                // "# " comments, one per line
  std::optional<std::string> source_plural;      // msgid_plural: set for an entry with plural forms
  std::vector<std::string> plural_translations;  // its msgstr[0], msgstr[1], ...
};

struct PoFile {
  std::string language;         // from the header's Language:
  std::string source_language;  // X-Source-Language: the game's (msgid is in it)
  std::string game;             // from the header's X-Kartenwerk-Game:
  // From X-Kartenwerk-Variant: the variant whose own strings the file holds
  // (data/variants/<game>/<variant>.yaml); empty for the base game.
  std::string variant;
  std::vector<PoEntry> entries;
};

std::string write_po(const PoFile& po);
// Parses a PO file (with GNU gettext's libgettextpo). Problems are
// diagnostics at file:line:col; a file that is too large, not UTF-8 or not
// text at all is refused before parsing.
PoFile read_po(const std::string& text, const std::string& file_name, Diagnostics& diags);

}  // namespace kw::i18n
