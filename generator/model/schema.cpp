#include "model/schema.h"

#include "project/project.h"
#include "project/sandbox.h"

#include <algorithm>
#include <set>

#include "core/color.h"
#include "model/database_schema.h"

namespace kw::model {

using Type = FieldSpec::Type;

namespace {

// What each type is, for the reference (docs/reference.md); the names are kFieldTypeNames'.
struct TypeDoc {
  Type type;
  const char* doc;
};

const std::vector<TypeDoc> kTypeDocs = {
    {Type::Text, "translatable text, with markup (`**bold**`, `:icon:`) where a layout sets it"},
    {Type::Id, "a name that is not translated; `allowed: [...]` limits it"},
    {Type::Int, "a whole number"},
    {Type::Number, "a number"},
    {Type::Bool, "true or false"},
    {Type::Color, "a colour \"#rrggbb\" or \"#rrggbbaa\""},
    {Type::Ref, "an entry of a table of the game (`table: regions`); paths lead into it: `region.name`"},
    {Type::Record, "a map of its own `fields:`"},
    {Type::List, "a list of values of the type `of:`"},
    {Type::Art, "an SVG under templates/, optionally `#element-id`"},
    {Type::Card, "the id of another card of the game"},
    {Type::Picture, "a PNG, JPEG or WebP under templates/ for an `image` element (checked where it is placed)"},
};

// The type a declaration names; the name itself was checked against
// field_type_names() by the reader of the declaration.
Type type_named(const std::string& name) { return value_of(kFieldTypeNames, name).value_or(Type::Text); }

FieldSpec parse_spec(const std::string& name, const Value& v, Diagnostics& diags) {
  FieldSpec spec;
  spec.name = name;
  spec.loc = v.key_loc.known() ? v.key_loc : v.loc;
  if (v.is_scalar()) {  // shorthand: `name: text`
    spec.type = type_named(v.scalar);
    return spec;
  }
  yaml::Reader r(v, field_declaration_schema(), diags,
                 {"field '" + name + "'", "in declaration of field '" + name + "'", {}});
  if (!v.is_map()) return spec;
  spec.type = type_named(r.text("type").value_or("text"));
  spec.required = r.flag("required").value_or(false);
  spec.doc = r.text("doc").value_or("");
  spec.table = r.text("table").value_or("");
  spec.allowed = r.words("allowed").value_or(std::vector<std::string>{});
  if (spec.type == Type::Ref && spec.table.empty()) diags.error(v.loc, "ref field '" + name + "' needs 'table:'");
  if (spec.type == Type::Record) {
    if (const Value* f = r.find("fields"))
      spec.fields = parse_field_specs(*f, diags);
    else
      diags.error(v.loc, "record field '" + name + "' needs a 'fields:' map");
  }
  if (spec.type == Type::List) {
    if (const Value* of = r.find("of"))
      spec.element.push_back(parse_spec(name + "[]", *of, diags));
    else
      diags.error(v.loc, "list field '" + name + "' needs 'of:' (the element type)");
  }
  return spec;
}

std::string singular(const FieldSpec& spec) {
  // Messages speak of the field: "unknown region 'gondr'".
  auto pos = spec.name.find_last_of('.');
  return pos == std::string::npos ? spec.name : spec.name.substr(pos + 1);
}

bool validate_value(const Value& v, const FieldSpec& spec, const ValidationContext& ctx, Diagnostics& diags) {
  auto wrong = [&](const std::string& expected) {
    diags.error(v.loc, "field '" + spec.name + "' must be " + expected + ", not " + v.kind_name(), ctx.card_id);
    return false;
  };
  switch (spec.type) {
    case Type::Text:
      if (!v.is_scalar()) return wrong("text");
      return true;
    case Type::Id:
      if (!v.is_scalar() || v.scalar.empty()) return wrong("an identifier");
      if (!spec.allowed.empty() &&
          std::find(spec.allowed.begin(), spec.allowed.end(), v.scalar) == spec.allowed.end()) {
        diags.error(v.loc, "'" + v.scalar + "' is not allowed for field '" + spec.name + "'", ctx.card_id,
                    "allowed values are " + join_names(spec.allowed));
        return false;
      }
      return true;
    case Type::Int:
      if (!v.as_int()) return wrong("a whole number");
      return true;
    case Type::Number:
      if (!v.as_number()) return wrong("a number");
      return true;
    case Type::Bool:
      if (!v.as_bool()) return wrong("true or false");
      return true;
    case Type::Color:
      if (!v.is_scalar() || !Color::parse(v.scalar)) return wrong("a colour like \"#a72608\"");
      return true;
    case Type::Ref: {
      if (!v.is_scalar()) return wrong("the id of an entry of table '" + spec.table + "'");
      const Table* table = ctx.game ? ctx.game->table(spec.table) : nullptr;
      if (!table) {
        diags.error(spec.loc, "field '" + spec.name + "' refers to unknown table '" + spec.table + "'");
        return false;
      }
      if (!table->find(v.scalar)) {
        std::vector<std::string> ids;
        for (const auto& e : table->entries) ids.push_back(e.id);
        diags.error(v.loc, "unknown " + singular(spec) + " '" + v.scalar + "'", ctx.card_id,
                    "known " + table->id + " are " + join_names(ids));
        return false;
      }
      return true;
    }
    case Type::Card:
      // Existence is checked once every deck is loaded (cards may refer ahead).
      if (!v.is_scalar() || v.scalar.empty()) return wrong("the id of a card definition");
      return true;
    case Type::Art: {
      if (!v.is_scalar()) return wrong("the path of an SVG file under templates/");
      std::string file = v.scalar.substr(0, v.scalar.find('#'));
      if (ctx.project && !ctx.project->exists("templates/" + file)) {
        diags.error(v.loc, project::not_read(*ctx.project, "templates/" + file, "template file"), ctx.card_id);
        return false;
      }
      return true;
    }
    case Type::Picture:
      // Read by the layout's image element, which tells a missing file apart
      // by mode: an error in a build, a placeholder in a draft.
      if (!v.is_scalar() || v.scalar.empty()) return wrong("the path of a PNG, JPEG or WebP file under templates/");
      return true;
    case Type::Record:
      if (!v.is_map()) return wrong("a map");
      return validate_fields(v, spec.fields, ctx, diags);
    case Type::List: {
      if (!v.is_list()) return wrong("a list");
      bool ok = true;
      for (const auto& item : v.list) ok = validate_value(item, spec.element.front(), ctx, diags) && ok;
      return ok;
    }
  }
  return true;
}

}  // namespace

std::vector<std::string> field_type_names() { return all_names(kFieldTypeNames); }

std::vector<std::pair<std::string, std::string>> field_type_docs() {
  std::vector<std::pair<std::string, std::string>> out;
  out.reserve(std::size(kTypeDocs));
  for (const TypeDoc& t : kTypeDocs) out.emplace_back(name_of(kFieldTypeNames, t.type), t.doc);
  return out;
}

std::vector<FieldSpec> parse_field_specs(const Value& map, Diagnostics& diags) {
  std::vector<FieldSpec> specs;
  yaml::each_entry(map, field_declarations_schema(), diags, {},
                   [&](const std::string& name, const Value& v) { specs.push_back(parse_spec(name, v, diags)); });
  return specs;
}

bool validate_fields(const Value& value, const std::vector<FieldSpec>& specs, const ValidationContext& ctx,
                     Diagnostics& diags) {
  if (!value.is_map()) {
    diags.error(value.loc, std::string("expected a map, found ") + value.kind_name(), ctx.card_id);
    return false;
  }
  bool ok = true;
  std::set<std::string> seen;
  for (const auto& [key, member] : value.map) {
    if (!seen.insert(key).second) {
      diags.error(member.key_loc, "field '" + key + "' appears twice", ctx.card_id);
      ok = false;
      continue;
    }
    // (captured by name: clang 14 cannot capture a structured binding)
    auto spec = std::find_if(specs.begin(), specs.end(), [&name = key](const FieldSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      std::vector<std::string> names;
      names.reserve(specs.size());
      for (const auto& s : specs) names.push_back(s.name);
      yaml::report_unknown(diags, member.key_loc, key, names, "field", {}, ctx.card_id);
      ok = false;
      continue;
    }
    if (member.is_null() && !spec->required) continue;  // `evil:` left empty means absent
    ok = validate_value(member, *spec, ctx, diags) && ok;
  }
  if (!ctx.partial)
    for (const auto& spec : specs)
      if (spec.required && (!value.find(spec.name) || value.find(spec.name)->is_null())) {
        diags.error(value.loc, "missing required field '" + spec.name + "'", ctx.card_id);
        ok = false;
      }
  return ok;
}

}  // namespace kw::model
