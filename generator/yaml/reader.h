#pragma once
// Reads YAML maps against their declarations (yaml/schema.h). Every file kind
// goes through here, so every problem is reported where it is written
// (file:line:col) and worded the same way:
//   unknown key 'colour' for a text element        hint: did you mean 'color'? known keys are ...
//   ring needs 'center: [x, y]'                     (a required key is missing; hint: the key's description)
//   'width' must be a number, not text
//   'ink_limit' must be between 100 and 400, not 500
//   unknown severity 'fatal'                        hint: severity is one of error, warning, note
//
// A map is checked when it is read: a Reader checks its own keys and their
// values (scalars, numbers, lists of them; nested maps for being maps), and
// nested maps are checked when the code reads them (record(), each()), so
// problems come out in the order of the file.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/diagnostic.h"
#include "core/geometry.h"
#include "yaml/schema.h"
#include "yaml/value.h"

namespace kw::yaml {

// How messages name the map being read.
struct Context {
  std::string subject;  // "ring", "sheet 'a4'": "<subject> needs 'center: [x, y]'"; default: the schema's name
  std::string in;       // "in ring", "for a text element": "unknown key 'spin' in ring"; default: "in <subject>"
  std::string card;     // the card the problems concern, if any
};

// How messages name one value: "'width'" (a key), "style 'bold'" (an entry
// of a map of names), "an item of 'features'"; `word` is the bare name for
// "unknown <word> 'value'".
struct Label {
  std::string text;
  std::string word;
  static Label of_key(const std::string& key) { return {"'" + key + "'", key}; }
};

// "a, b, c" — for hints listing known names.
std::string join_names(const std::vector<std::string>& names);
// The name of `names` that `name` is most likely a typo of, or "" when none is close.
std::string closest_name(const std::string& name, const std::vector<std::string>& names);
// How messages describe a value of `s`: "a number", "[x, y]", "true or false".
std::string phrase(const Schema& s);

// "unknown <noun> '<name>' <in>", hint "did you mean '<closest>'? known <noun>s are ...".
void report_unknown(Diagnostics& diags, const SourceLoc& at, const std::string& name,
                    const std::vector<std::string>& known, const std::string& noun, const std::string& in,
                    const std::string& card = {});

// Checks one value against `s`: scalars for their type, choices and range;
// numbers and lists item by item; maps (Record, Dict) for being maps only.
// Reports every problem; true when there was none.
bool check_value(const Value& v, const Schema& s, const Label& label, Diagnostics& diags, const std::string& card = {});

using EntryFn = std::function<void(const std::string& key, const Value& value)>;

// Calls `fn` for every entry of `map`, a Dict, in the order of the file, after
// checking the entry (its key against the Dict's choices, once only, and its
// value); entries with problems are reported and skipped.
void each_entry(const Value& map, const Schema& dict, Diagnostics& diags, const Context& context, const EntryFn& fn);

class Reader {
 public:
  // Checks that `map` is a map with only the keys `record` declares, each
  // once, every required one present and every value of its type.
  // `map` and `record` must outlive the reader (it keeps references).
  Reader(const Value& map, const Schema& record, Diagnostics& diags, Context context = {});
  Reader(Value&&, const Schema&, Diagnostics&, Context = {}) = delete;
  Reader(const Value&, Schema&&, Diagnostics&, Context = {}) = delete;

  bool ok() const { return ok_; }  // no problem reported by this reader
  const Value& value() const { return map_; }
  const Context& context() const { return context_; }

  // A member that is present, not null (`key:` left empty) and well-formed; else nullptr.
  const Value* find(const std::string& key) const;
  bool has(const std::string& key) const { return find(key) != nullptr; }

  // Typed members: nullopt when absent or not well-formed (already reported).
  std::optional<std::string> text(const std::string& key) const;
  std::optional<double> number(const std::string& key) const;
  std::optional<long long> integer(const std::string& key) const;
  std::optional<bool> flag(const std::string& key) const;
  std::optional<Color> colour(const std::string& key) const;
  std::optional<std::vector<double>> numbers(const std::string& key) const;
  std::optional<Point> point(const std::string& key) const;
  std::optional<Rect> rect(const std::string& key) const;
  // A list of scalars; nullopt when absent.
  std::optional<std::vector<std::string>> words(const std::string& key) const;

  // A nested Record (or the Record alternative of a OneOf), checked now;
  // nullopt when absent or not a map. Its subject defaults to its schema's
  // name, else "<subject>.<key>".
  std::optional<Reader> record(const std::string& key, Context context = {});
  // Every entry of a nested Dict (see each_entry).
  void each(const std::string& key, const EntryFn& fn, Context context = {});
  // A nested Dict of text, as a map (entries with problems reported and left out).
  std::map<std::string, std::string> text_map(const std::string& key);

  // A problem the reading code finds, reported like the reader's own.
  void error(const SourceLoc& at, std::string message, std::string hint = {});

 private:
  void check_members();
  const Key* declared(const std::string& key) const;
  Context nested(const std::string& key, const Schema& schema, Context context) const;

  const Value& map_;
  const Schema& schema_;
  Diagnostics& diags_;
  Context context_;
  bool ok_ = true;
  std::set<std::string> bad_;  // members reported as not well-formed
};

}  // namespace kw::yaml
