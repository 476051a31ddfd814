#include "yaml/schema.h"

#include <algorithm>

namespace kw::yaml {

namespace {

Schema of_type(Schema::Type type) {
  Schema s;
  s.type = type;
  return s;
}

Schema ranged(Schema::Type type, std::optional<double> min, std::optional<double> max) {
  Schema s = of_type(type);
  s.min = min;
  s.max = max;
  return s;
}

}  // namespace

Schema any(std::string phrase) {
  Schema s = of_type(Schema::Type::Any);
  s.phrase = std::move(phrase);
  return s;
}
Schema read_as(std::string defined_by, std::string phrase) {
  Schema s = any(std::move(phrase));
  s.defined_by = std::move(defined_by);
  return s;
}
Schema text() { return of_type(Schema::Type::Text); }
Schema id() { return of_type(Schema::Type::Id); }
Schema choice(std::vector<std::string> choices, std::string name) {
  Schema s = of_type(Schema::Type::Text);
  s.choices = std::move(choices);
  s.name = std::move(name);
  return s;
}
Schema number(std::optional<double> min, std::optional<double> max) { return ranged(Schema::Type::Number, min, max); }
Schema integer(std::optional<double> min, std::optional<double> max) { return ranged(Schema::Type::Int, min, max); }
Schema boolean() { return of_type(Schema::Type::Bool); }
Schema colour() { return of_type(Schema::Type::Colour); }

Schema numbers(std::vector<std::string> parts, std::optional<double> min, std::optional<double> max) {
  Schema s = ranged(Schema::Type::Numbers, min, max);
  s.parts = std::move(parts);
  return s;
}
// Coordinates and sizes in millimetres: no card, board or sheet is 10 m
// across, and a number of that size is a typo that would make the renderer
// work on absurd shapes (kMaxLength).
Schema point() { return numbers({"x", "y"}, -kMaxLength, kMaxLength); }
Schema box() { return numbers({"x", "y", "width", "height"}, -kMaxLength, kMaxLength); }

Schema list_of(Schema element) {
  Schema s = of_type(Schema::Type::List);
  s.of.push_back(std::move(element));
  return s;
}

Schema dict_of(Schema value, std::string noun, std::vector<std::string> keys) {
  Schema s = of_type(Schema::Type::Dict);
  s.of.push_back(std::move(value));
  s.noun = std::move(noun);
  s.choices = std::move(keys);
  return s;
}

Schema record(std::string name, std::vector<Key> keys, std::string noun) {
  Schema s = of_type(Schema::Type::Record);
  s.name = std::move(name);
  s.keys = std::move(keys);
  s.noun = std::move(noun);
  return s;
}

Schema one_of(std::vector<Schema> alternatives) {
  Schema s = of_type(Schema::Type::OneOf);
  s.of = std::move(alternatives);
  return s;
}

Schema with_example(Schema s, std::string example) {
  s.example = std::move(example);
  return s;
}

Schema described(Schema s, std::string phrase) {
  s.phrase = std::move(phrase);
  return s;
}

Key key(std::string name, Schema schema, std::string doc) {
  return {std::move(name), std::move(schema), false, std::move(doc)};
}

Key required_key(std::string name, Schema schema, std::string doc) {
  return {std::move(name), std::move(schema), true, std::move(doc)};
}

std::vector<std::string> key_names(const Schema& record) {
  std::vector<std::string> names;
  for (const Key& k : record.keys) names.push_back(k.name);
  return names;
}

const Key* find_key(const Schema& record, const std::string& name) {
  auto it = std::find_if(record.keys.begin(), record.keys.end(), [&](const Key& k) { return k.name == name; });
  return it == record.keys.end() ? nullptr : &*it;
}

const Schema* find_case(const Schema& one_of, const std::string& tag, const std::string& value) {
  for (const Schema& alternative : one_of.of)
    if (const Key* k = find_key(alternative, tag); k && k->schema.choices == std::vector<std::string>{value})
      return &alternative;
  return nullptr;
}

std::vector<std::string> case_names(const Schema& one_of, const std::string& tag) {
  std::vector<std::string> names;
  for (const Schema& alternative : one_of.of)
    if (const Key* k = find_key(alternative, tag); k && k->schema.choices.size() == 1)
      names.push_back(k->schema.choices.front());
  return names;
}

}  // namespace kw::yaml
