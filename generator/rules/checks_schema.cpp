#include "rules/checks_schema.h"

#include <utility>

namespace kw::rules {

using namespace yaml;  // the declaration builders: record, key, text, ...

namespace {

// A kind of check: its `check:`, the keys every check has, then its own.
// `example` (YAML) goes into docs/reference.md; tests/docs/reference_test.cpp
// fails for a kind without one.
Schema kind(const std::string& name, std::vector<Key> own, std::string example = {}) {
  std::vector<Key> keys = {
      required_key("check", choice({name}, "check"), "the kind of check"),
      key("id", text(), "names the check in findings; default: its kind"),
      key("deck", id(), "only that deck's cards; default: every deck but boards"),
      key("where", dict_of(any("a value, a list of values or ~"), "field"),
          "only cards whose field has the value (a list: any of them; ~: the card does not set it)"),
      key("severity", choice({"error", "warning", "note"}), "default error"),
      key("message", text(), "why the check exists; shown as the hint"),
  };
  for (auto& k : own) keys.push_back(std::move(k));
  return with_example(record("a '" + name + "' check", std::move(keys)), std::move(example));
}

Schema paths() { return described(one_of({text(), list_of(text())}), "a field path or a list of them"); }
Key field_key() {
  return required_key("field", text(), "a card field path (\"class.points\"; \"colours[]\": each element)");
}

Schema expect() {
  return described(
      one_of({integer(), record("expect", {key("min", integer(), "at least"), key("max", integer(), "at most")})}),
      "a whole number or {min: a, max: b}");
}

}  // namespace

const Schema& check_schema() {
  static const Schema s = one_of({
      kind("count",
           {key("per", paths(), "count in every group of equal values"),
            required_key("expect", expect(), "how many cards")},
           R"({ check: count, deck: playing, per: [region, class], expect: 2 })"),
      kind("sum",
           {field_key(), key("per", paths(), "sum in every group of equal values"),
            required_key("expect", expect(), "the total")},
           R"({ check: sum, deck: playing, field: class.points, expect: 240 })"),
      kind("unique", {required_key("fields", paths(), "no two cards share all these values")},
           R"({ check: unique, deck: playing, fields: [region, class, copy] })"),
      kind("allowed",
           {field_key(), required_key("values", list_of(text()), "the values it may take"),
            key("required", boolean(), "every card must set it; default false")},
           R"({ check: allowed, field: colour, values: [red, blue], required: true })"),
      kind("range",
           {field_key(), key("min", number(), "the least value"), key("max", number(), "the largest value"),
            key("required", boolean(), "every card must set it; default false")},
           R"({ check: range, field: number, min: 1, max: 12, severity: warning })"),
      kind("ref",
           {field_key(), key("to", id(), "the deck the named card must be in"),
            key("same", paths(), "fields both cards must agree on")},
           R"({ check: ref, field: partner, to: playing, same: [region] })"),
      kind("covers",
           {required_key("table", id(), "every entry of this table is named"), field_key(),
            key("expect", expect(), "by how many cards; default 1"),
            key("match", dict_of(text(), "card path"), "card path -> entry field that must agree")},
           R"({ check: covers, table: spaces, field: space, expect: 1 })"),
  });
  return s;
}

}  // namespace kw::rules
