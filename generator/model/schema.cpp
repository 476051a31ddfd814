#include "model/schema.h"

#include "project/project.h"

#include <algorithm>
#include <set>

#include "core/color.h"

namespace kw::model {

using Type = FieldSpec::Type;

const char* type_name(Type t) {
  switch (t) {
    case Type::Text:
      return "text";
    case Type::Id:
      return "id";
    case Type::Int:
      return "int";
    case Type::Number:
      return "number";
    case Type::Bool:
      return "bool";
    case Type::Color:
      return "color";
    case Type::Ref:
      return "ref";
    case Type::Record:
      return "record";
    case Type::List:
      return "list";
    case Type::Art:
      return "art";
    case Type::Card:
      return "card";
  }
  return "text";
}

std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}

FieldSpec field(std::string name, Type type, bool required) {
  FieldSpec f;
  f.name = std::move(name);
  f.type = type;
  f.required = required;
  return f;
}

namespace {

const std::vector<std::pair<std::string, Type>> kTypeNames = {
    {"text", Type::Text}, {"id", Type::Id},       {"int", Type::Int},  {"number", Type::Number},
    {"bool", Type::Bool}, {"color", Type::Color}, {"ref", Type::Ref},  {"record", Type::Record},
    {"list", Type::List}, {"art", Type::Art},     {"card", Type::Card}};

std::vector<std::string> type_names() {
  std::vector<std::string> out;
  for (const auto& [n, t] : kTypeNames) out.push_back(n);
  return out;
}

bool parse_type(const Value& v, Type& out, Diagnostics& diags) {
  for (const auto& [n, t] : kTypeNames)
    if (v.is_scalar() && v.scalar == n) {
      out = t;
      return true;
    }
  diags.error(v.loc, "unknown field type '" + v.scalar + "'", {}, "known types are " + join_names(type_names()));
  return false;
}

FieldSpec parse_spec(const std::string& name, const Value& v, Diagnostics& diags) {
  FieldSpec spec;
  spec.name = name;
  spec.loc = v.key_loc.known() ? v.key_loc : v.loc;
  if (v.is_scalar()) {  // shorthand: `name: text`
    parse_type(v, spec.type, diags);
    return spec;
  }
  if (!v.is_map()) {
    diags.error(v.loc, "field '" + name + "' must be a type name or a map with 'type:'");
    return spec;
  }
  static const std::set<std::string> known = {"type", "required", "table", "allowed", "fields", "of", "doc"};
  for (const auto& [k, member] : v.map)
    if (!known.count(k))
      diags.error(member.key_loc, "unknown key '" + k + "' in declaration of field '" + name + "'", {},
                  "known keys are type, required, table, allowed, fields, of, doc");
  const Value* type = v.find("type");
  if (!type) {
    diags.error(v.loc, "field '" + name + "' has no 'type'");
    return spec;
  }
  parse_type(*type, spec.type, diags);
  if (const Value* r = v.find("required")) {
    if (auto b = r->as_bool())
      spec.required = *b;
    else
      diags.error(r->loc, "'required' must be true or false");
  }
  if (const Value* d = v.find("doc")) spec.doc = d->scalar;
  if (const Value* t = v.find("table")) spec.table = t->scalar;
  if (spec.type == Type::Ref && spec.table.empty()) diags.error(v.loc, "ref field '" + name + "' needs 'table:'");
  if (const Value* a = v.find("allowed")) {
    if (!a->is_list()) diags.error(a->loc, "'allowed' must be a list");
    for (const auto& item : a->list) spec.allowed.push_back(item.scalar);
  }
  if (spec.type == Type::Record) {
    const Value* f = v.find("fields");
    if (!f || !f->is_map())
      diags.error(v.loc, "record field '" + name + "' needs a 'fields:' map");
    else
      spec.fields = parse_field_specs(*f, diags);
  }
  if (spec.type == Type::List) {
    const Value* of = v.find("of");
    if (!of)
      diags.error(v.loc, "list field '" + name + "' needs 'of:' (the element type)");
    else
      spec.element.push_back(parse_spec(name + "[]", *of, diags));
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
        diags.error(v.loc, "template file not found: templates/" + file, ctx.card_id);
        return false;
      }
      return true;
    }
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

std::vector<FieldSpec> parse_field_specs(const Value& map, Diagnostics& diags) {
  std::vector<FieldSpec> specs;
  for (const auto& [name, v] : map.map) specs.push_back(parse_spec(name, v, diags));
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
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const FieldSpec& s) { return s.name == key; });
    if (spec == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      diags.error(member.key_loc, "unknown field '" + key + "'", ctx.card_id, "known fields are " + join_names(names));
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
