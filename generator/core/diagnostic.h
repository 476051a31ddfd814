#pragma once
// Diagnostics: problems found in the inputs, each tied to a place in a file.
// Stages collect them instead of throwing, so one run reports every problem.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/enum_names.h"
#include "core/file_name.h"

namespace kw {

// 1-based line and column in a data, layout or template file; 0 = unknown.
struct SourceLoc {
  FileName file;
  int line = 0;
  int column = 0;
  bool known() const { return !file.empty(); }
  std::string str() const;  // "file:line:col" (or less, when unknown)
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

enum class Severity { Error, Warning, Note };
inline constexpr EnumNames<Severity, 3> kSeverityNames{
    {{Severity::Error, "error"}, {Severity::Warning, "warning"}, {Severity::Note, "note"}}};
inline const char* severity_name(Severity s) { return c_name_of(kSeverityNames, s, "error"); }

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;
  std::string card_id;  // the card it concerns, if any
  std::string hint;     // optional second line ("known regions are ...")
  // Who found it, where one report covers several games and checks (the
  // rules engine, `kartenwerk check`): the game's id and the check's name
  // ("palantir.deck", "count", "layout"). Empty for the loader's diagnostics.
  // `= {}` lets aggregate initialisers leave them out without a warning.
  std::string game = {};
  std::string check = {};
  // The languages of the text it was found in, where that matters (a text
  // that does not fit): one finding for every language that shows the same
  // text at the same place (`check` merges them).
  std::vector<std::string> languages = {};
};

class Diagnostics {
 public:
  void error(SourceLoc loc, std::string message, std::string card_id = {}, std::string hint = {});
  void warning(SourceLoc loc, std::string message, std::string card_id = {}, std::string hint = {});
  void note(SourceLoc loc, std::string message, std::string card_id = {}, std::string hint = {});
  void add(Diagnostic d) { items_.push_back(std::move(d)); }
  void append(const Diagnostics& other);

  bool has_errors() const;
  size_t error_count() const;
  size_t count(Severity severity) const;
  bool empty() const { return items_.empty(); }
  size_t size() const { return items_.size(); }
  const std::vector<Diagnostic>& items() const { return items_; }
  std::vector<Diagnostic>::const_iterator begin() const { return items_.begin(); }
  std::vector<Diagnostic>::const_iterator end() const { return items_.end(); }

 private:
  std::vector<Diagnostic> items_;
};

// The text of the files diagnostics point into, so that a report can quote
// the offending line (a project::Project, which read them).
class SourceTexts {
 public:
  virtual std::optional<std::string_view> source_text(const std::string& file) const = 0;

 protected:
  virtual ~SourceTexts() = default;
};

// Where `needle` first occurs in the file of `from`, at or after `from`'s
// line (a YAML value's text may start on the lines below its key, as in a
// block scalar); `from` when the text is not there. Columns count
// characters, as the YAML reader's do.
SourceLoc locate_in_source(const SourceTexts& sources, const SourceLoc& from, std::string_view needle);

// "file:line:col: error: message (card x) [game: check]" followed, when
// `sources` has the file, by the offending source line and a caret under the
// column, and the hint. The bracket names what is known of the game and the check.
std::string format_diagnostic(const Diagnostic& d, const SourceTexts* sources = nullptr);
std::string format_diagnostics(const Diagnostics& ds, const SourceTexts* sources = nullptr);

}  // namespace kw
