#pragma once
// gettext PO files, so translators can use Poedit, Weblate & co.
// Each string is one entry: msgctxt = its kartenwerk id, msgid = the German
// source, msgstr = the translation; "#, fuzzy" marks a stale translation.
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace kw::i18n {

struct PoEntry {
  std::string context;      // msgctxt: the string id
  std::string source;       // msgid: German
  std::string translation;  // msgstr
  bool fuzzy = false;
  std::string comment;    // "#." extracted comment (where the string is used)
  std::string reference;  // "#:" file:line
};

struct PoFile {
  std::string language;  // from the header's Language:
  std::string game;      // from the header's X-Kartenwerk-Game:
  std::vector<PoEntry> entries;
};

std::string write_po(const PoFile& po);
// Parses a PO file; syntax errors are diagnostics with file:line:col.
PoFile read_po(const std::string& text, const std::string& file_name, Diagnostics& diags);

}  // namespace kw::i18n
