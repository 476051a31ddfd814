#pragma once
// What a YAML file may say, declared as data: every file kind (the card
// database, layouts, locales, declared checks, fonts, print settings) states
// its keys once, each with its type and a one-line description. The reader
// (yaml/reader.h) checks files against these declarations and words every
// problem the same way; `kartenwerk schema` turns the same tables into the
// JSON Schemas of schema/ and the reference docs/reference.md.
#include <optional>
#include <string>
#include <vector>

namespace kw::yaml {

struct Key;

struct Schema {
  enum class Type {
    Any,      // anything; the code that reads it checks it
    Text,     // a scalar, as written
    Id,       // a non-empty scalar naming something
    Number,   // a number (not quoted)
    Int,      // a whole number
    Bool,     // true/false (yes/no)
    Colour,   // "#rrggbb" or "#rrggbbaa"
    Numbers,  // a list of a fixed count of numbers: [x, y], [x, y, width, height]
    List,     // a list; `of` holds its elements' schema
    Record,   // a map with declared keys
    Dict,     // a map of any names (or of `choices`) to values of one schema (`of`)
    OneOf,    // one of the alternatives in `of`
  };
  Type type = Type::Any;
  // Record, Dict: how messages name the map ("ring" -> "ring needs 'center: [x, y]'");
  // Text with choices: what a value is called ("field type" -> "unknown field type 'txt'").
  std::string name;
  // How messages describe a value of this schema ("a whole number"); empty:
  // derived from the type (see phrase() in reader.h).
  std::string phrase;
  std::optional<double> min, max;    // Number, Int, Numbers: the range of every number
  std::vector<std::string> choices;  // Text, Id: the values it may take; Dict: the keys it may have (empty: any)
  std::vector<std::string> parts;    // Numbers: what each number is ("x", "y"); their count is fixed
  std::vector<Key> keys;             // Record: its keys, in the order the reference lists them
  std::vector<Schema> of;            // List, Dict: the one schema of every element; OneOf: the alternatives
  std::string noun = "key";          // Record, Dict: what a key is called in messages ("field", "style")
  // Any: the table its values are read with later, by the code that takes
  // them ("element", "check"); the JSON Schema and the reference point there.
  std::string defined_by;
  // Record: a short YAML example of it, for the reference.
  std::string example;
};

struct Key {
  std::string name;
  Schema schema;
  bool required = false;
  std::string doc;  // one line: what it means, its unit and default
};

// Builders, so that a file kind's table reads as a declaration.
Schema any(std::string phrase = {});
// Anything here; the reading code checks it against the table named
// `defined_by` (a layout's elements: "element"), as JSON Schema does.
Schema read_as(std::string defined_by, std::string phrase);
Schema text();
Schema id();
// A Text that is one of `choices`; `name` is what messages call it ("unknown
// field type 'txt'"), default: its key.
Schema choice(std::vector<std::string> choices, std::string name = {});
Schema number(std::optional<double> min = std::nullopt, std::optional<double> max = std::nullopt);
Schema integer(std::optional<double> min = std::nullopt, std::optional<double> max = std::nullopt);
Schema boolean();
Schema colour();
Schema numbers(std::vector<std::string> parts, std::optional<double> min = std::nullopt,
               std::optional<double> max = std::nullopt);
// The largest coordinate or length in millimetres a project may give (10 m).
inline constexpr double kMaxLength = 10000;
Schema point();  // [x, y]
Schema box();    // [x, y, width, height]
Schema list_of(Schema element);
// A map of names to `value`s; `noun` is what messages call its keys, `keys`
// limits them (empty: any name).
Schema dict_of(Schema value, std::string noun = "entry", std::vector<std::string> keys = {});
Schema record(std::string name, std::vector<Key> keys, std::string noun = "key");
Schema one_of(std::vector<Schema> alternatives);
// The Record with an example for the reference (YAML, as a file writes it).
Schema with_example(Schema s, std::string example);
// The schema with another phrase for messages ("{min: a, max: b}").
Schema described(Schema s, std::string phrase);

Key key(std::string name, Schema schema, std::string doc);
Key required_key(std::string name, Schema schema, std::string doc);

// The names of a Record's keys, in order.
std::vector<std::string> key_names(const Schema& record);
// The declared key `name` of a Record, or nullptr.
const Key* find_key(const Schema& record, const std::string& name);
// The alternative of a OneOf of Records whose key `tag` is declared as the
// single choice `value` (the layout element whose `type:` is "rect").
const Schema* find_case(const Schema& one_of, const std::string& tag, const std::string& value);
// The values `tag` takes over the alternatives of a OneOf of Records.
std::vector<std::string> case_names(const Schema& one_of, const std::string& tag);

}  // namespace kw::yaml
