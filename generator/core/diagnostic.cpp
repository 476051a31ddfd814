#include "core/diagnostic.h"

#include <algorithm>
#include <fstream>

namespace kw {

std::string SourceLoc::str() const {
  std::string s = file;
  if (line > 0) {
    s += ":" + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
  }
  return s;
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

void Diagnostics::error(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Error, std::move(loc), std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::warning(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Warning, std::move(loc), std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::note(SourceLoc loc, std::string message, std::string card_id, std::string hint) {
  items_.push_back({Severity::Note, std::move(loc), std::move(message), std::move(card_id), std::move(hint)});
}
void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}
bool Diagnostics::has_errors() const { return error_count() > 0; }
size_t Diagnostics::error_count() const {
  return static_cast<size_t>(
      std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

namespace {
std::string read_line(const std::string& file, int line) {
  std::ifstream in(file);
  std::string text;
  for (int i = 0; i < line && std::getline(in, text); ++i) {
  }
  return in ? text : std::string();
}
}  // namespace

std::string format_diagnostic(const Diagnostic& d, bool with_source) {
  std::string out;
  if (d.loc.known()) out += d.loc.str() + ": ";
  out += severity_name(d.severity);
  out += ": " + d.message;
  if (!d.card_id.empty()) out += " (card " + d.card_id + ")";
  out += "\n";
  if (with_source && d.loc.known() && d.loc.line > 0) {
    std::string src = read_line(d.loc.file, d.loc.line);
    if (!src.empty()) {
      out += "    " + src + "\n";
      if (d.loc.column > 0) {
        // Columns count characters (UTF-8 sequences); keep tabs so the caret
        // lines up under tab-indented sources.
        std::string pad;
        int column = 1;
        for (size_t i = 0; i < src.size() && column < d.loc.column; ++i) {
          unsigned char c = static_cast<unsigned char>(src[i]);
          if ((c & 0xC0) == 0x80) continue;
          pad += c == '\t' ? '\t' : ' ';
          ++column;
        }
        out += "    " + pad + "^\n";
      }
    }
  }
  if (!d.hint.empty()) out += "hint: " + d.hint + "\n";
  return out;
}

std::string format_diagnostics(const Diagnostics& ds, bool with_source) {
  std::string out;
  for (const auto& d : ds.items()) out += format_diagnostic(d, with_source);
  return out;
}

}  // namespace kw
