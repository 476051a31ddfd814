// Writing PO files. libgettextpo has a writer (po_file_write), but it wraps
// every string at 79 columns, while ours keep one line per text line as
// `kartenwerk i18n export` always wrote them (translators' diffs and our
// tests depend on those bytes), and it cannot write to memory. So this small
// writer stays; what it writes, libgettextpo reads back (see po_reader.cpp).
#include "i18n/po.h"

#include <fmt/format.h>

#include "core/quoted.h"

namespace kw::i18n {

namespace {

// A C-style quoted PO string; text with newlines is split after each "\n"
// into continuation lines, as gettext tools write it.
std::string po_string(const std::string& s) {
  auto quote = [](std::string_view part) { return c_quoted(part, ControlEscape::Octal); };
  if (s.find('\n') == std::string::npos || s.find('\n') == s.size() - 1) return quote(s);
  std::string out = "\"\"";
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    size_t end = nl == std::string::npos ? s.size() : nl + 1;
    out += "\n" + quote(s.substr(start, end - start));
    start = end;
  }
  return out;
}

// Lines of PO text each behind `prefix` ("#| " for a previous msgid).
std::string prefixed(const std::string& prefix, const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    const size_t nl = text.find('\n', start);
    const size_t end = nl == std::string::npos ? text.size() : nl;
    out += prefix + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

// Comment lines: `prefix` and a space before each line of `text` ("#" alone
// for an empty line, as gettext writes it).
std::string comment_lines(const std::string& prefix, const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    out += prefix;
    if (!line.empty()) out += " " + line;
    out += "\n";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string write_entry(const PoEntry& e) {
  std::string out = "\n";
  if (!e.translator_comment.empty()) out += comment_lines("#", e.translator_comment);
  if (!e.comment.empty()) out += comment_lines("#.", e.comment);
  if (!e.reference.empty()) out += "#: " + e.reference + "\n";
  std::vector<std::string> flags = e.flags;
  if (e.fuzzy) flags.insert(flags.begin(), "fuzzy");
  for (size_t i = 0; i < flags.size(); ++i) out += (i ? ", " : "#, ") + flags[i] + (i + 1 == flags.size() ? "\n" : "");
  if (e.previous_source) out += prefixed("#| ", "msgid " + po_string(*e.previous_source));
  out += "msgctxt " + po_string(e.context) + "\n";
  out += "msgid " + po_string(e.source) + "\n";
  if (!e.source_plural) return out + "msgstr " + po_string(e.translation) + "\n";
  out += "msgid_plural " + po_string(*e.source_plural) + "\n";
  if (e.plural_translations.empty()) return out + "msgstr[0] \"\"\n";
  for (size_t i = 0; i < e.plural_translations.size(); ++i)
    out += fmt::format("msgstr[{}] ", i) + po_string(e.plural_translations[i]) + "\n";
  return out;
}

}  // namespace

std::string write_po(const PoFile& po) {
  std::string out;
  const std::string what = po.variant.empty() ? po.game : po.game + " variant " + po.variant;
  out += "# kartenwerk strings of " + what + ", " + po.source_language + " source, " + po.language + " translation.\n";
  if (!po.variant.empty())
    out += "# Only the strings the variant adds or changes; the others are translated with the base game.\n";
  out += "msgid \"\"\nmsgstr \"\"\n";
  out += "\"Project-Id-Version: kartenwerk " + po.game + "\\n\"\n";
  out += "\"Language: " + po.language + "\\n\"\n";
  out += "\"MIME-Version: 1.0\\n\"\n";
  out += "\"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  out += "\"Content-Transfer-Encoding: 8bit\\n\"\n";
  // gettext's template values: a PO editor fills them in when the translator
  // saves, and `msgfmt --check` takes a file with them (without them it warns).
  out += "\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"\n";
  out += "\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"\n";
  out += "\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n";
  out += "\"X-Kartenwerk-Game: " + po.game + "\\n\"\n";
  if (!po.variant.empty()) out += "\"X-Kartenwerk-Variant: " + po.variant + "\\n\"\n";
  out += "\"X-Source-Language: " + po.source_language + "\\n\"\n";
  for (const auto& e : po.entries) out += write_entry(e);
  return out;
}

}  // namespace kw::i18n
