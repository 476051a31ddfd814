// docs/reference.md documents every key the loaders accept: each key of
// every table (file kinds and the named tables they refer to), every element
// type and check kind with an example, and every field type.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "docs/file_kinds.h"
#include "docs/json_schema.h"
#include "docs/reference.h"
#include "model/schema.h"
#include "support/test_support.h"

namespace kw {
namespace {

using yaml::Schema;

// Every Record reachable from `s`, each once.
void records(const Schema& s, std::vector<const Schema*>& out) {
  if (s.type == Schema::Type::Record) {
    for (const Schema* r : out)
      if (r == &s) return;
    out.push_back(&s);
    for (const yaml::Key& k : s.keys) records(k.schema, out);
    return;
  }
  for (const Schema& o : s.of) records(o, out);
}

std::vector<const Schema*> all_records() {
  std::vector<const Schema*> out;
  for (const docs::FileKind& k : docs::file_kinds()) records(*k.schema, out);
  for (const docs::NamedTable& t : docs::named_tables()) records(*t.schema, out);
  return out;
}

TEST(Reference, DocumentsEveryKeyOfEveryTableInItsOwnSection) {
  const std::string md = docs::reference_markdown("## Command line\n");
  size_t keys = 0;
  for (const Schema* r : all_records()) {
    // The section of this Record: its heading, then the table of its keys.
    std::string first_row = "| `" + r->keys.front().name + "` |";
    bool found = false;
    for (size_t at = md.find(r->name + "\n\n| key |"); at != std::string::npos;
         at = md.find(r->name + "\n\n| key |", at + 1)) {
      size_t end = md.find("\n\n", md.find("| key |", at));
      std::string section = md.substr(at, end - at);
      bool all = true;
      for (const yaml::Key& k : r->keys) all = all && section.find("| `" + k.name + "` |") != std::string::npos;
      found = found || all;
    }
    EXPECT_TRUE(found) << "no section of '" << r->name << "' with all its keys";
    keys += r->keys.size();
  }
  EXPECT_GT(keys, 150u);  // every file kind's keys, not a few
}

TEST(Reference, HasAnExampleOfEveryElementTypeAndCheckKind) {
  const std::string md = docs::reference_markdown("");
  for (const char* table : {"element", "check"}) {
    const Schema& kinds = *docs::named_table(table).schema;
    ASSERT_GE(kinds.of.size(), 7u) << table;
    for (const Schema& kind : kinds.of) {
      ASSERT_FALSE(kind.example.empty()) << kind.name;
      EXPECT_NE(md.find("- " + kind.example + "\n"), std::string::npos) << kind.name;
      // The example is of its own kind.
      EXPECT_NE(kind.example.find(": " + kind.keys.front().schema.choices.front() + ","), std::string::npos)
          << kind.example;
    }
  }
}

TEST(Reference, NamesEveryFieldTypeAndTheExpressionSyntax) {
  const std::string md = docs::reference_markdown("");
  for (const std::string& type : model::field_type_names())
    EXPECT_NE(md.find("| `" + type + "` |"), std::string::npos) << type;
  for (const char* heading : {"## Field paths", "## Placeholders", "## Conditions: `when:` and `where:`"})
    EXPECT_NE(md.find(heading), std::string::npos) << heading;
  for (const char* op : {"==", "!=", "&&", "\\|\\|", "<="}) EXPECT_NE(md.find(op), std::string::npos) << op;
}

TEST(JsonSchema, EveryFileKindIsAClosedObjectWithTheTablesItRefersTo) {
  for (const docs::FileKind& kind : docs::file_kinds()) {
    auto schema = docs::json_schema(kind);
    EXPECT_EQ(schema["$schema"], "http://json-schema.org/draft-07/schema#") << kind.id;
    EXPECT_EQ(schema["type"], "object") << kind.id;
    EXPECT_EQ(schema["additionalProperties"], false) << kind.id;
    EXPECT_EQ(schema["properties"].size(), kind.schema->keys.size()) << kind.id;
    // Every "$ref" has its definition.
    std::function<void(const nlohmann::ordered_json&)> refs = [&](const nlohmann::ordered_json& j) {
      if (j.is_object()) {
        if (j.contains("$ref")) {
          std::string name = j["$ref"].get<std::string>().substr(std::string("#/definitions/").size());
          EXPECT_TRUE(schema["definitions"].contains(name)) << kind.id << ": " << name;
        }
        for (const auto& [k, v] : j.items()) refs(v);
      } else if (j.is_array()) {
        for (const auto& v : j) refs(v);
      }
    };
    refs(schema);
  }
  auto layout = docs::json_schema(docs::file_kinds()[1]);
  ASSERT_EQ(docs::file_kinds()[1].id, "layout");
  EXPECT_EQ(layout["definitions"]["element"]["anyOf"].size(), docs::named_table("element").schema->of.size());
  // A card may carry its game's own fields: the card's table is open.
  auto cards = docs::json_schema(docs::file_kinds()[0]);
  EXPECT_FALSE(cards["definitions"]["card"].contains("additionalProperties"));
  EXPECT_EQ(cards["definitions"]["card"]["required"], nlohmann::ordered_json::array({"id"}));
}

}  // namespace
}  // namespace kw
