#include "model/strings.h"

#include <functional>
#include <map>
#include <set>

namespace kw::model {

namespace {

using Visit = std::function<void(const std::string& path, Value& value)>;

// Calls `visit` for every Text-typed value under `v` (declared by `specs`),
// with its dotted path ("good.name", "ring.verse", "lines.2").
void each_text(Value& v, const std::vector<FieldSpec>& specs, const std::string& prefix, const Visit& visit);

void each_text_value(Value& v, const FieldSpec& spec, const std::string& path, const Visit& visit) {
  if (v.is_null()) return;
  switch (spec.type) {
    case FieldSpec::Type::Text:
      if (v.is_scalar() && !v.scalar.empty()) visit(path, v);
      break;
    case FieldSpec::Type::Record:
      each_text(v, spec.fields, path + ".", visit);
      break;
    case FieldSpec::Type::List:
      if (v.is_list() && !spec.element.empty())
        for (size_t i = 0; i < v.list.size(); ++i)
          each_text_value(v.list[i], spec.element.front(), path + "." + std::to_string(i), visit);
      break;
    default:
      break;
  }
}

void each_text(Value& v, const std::vector<FieldSpec>& specs, const std::string& prefix, const Visit& visit) {
  if (!v.is_map()) return;
  for (auto& [key, member] : v.map)
    for (const auto& spec : specs)
      if (spec.name == key) each_text_value(member, spec, prefix + key, visit);
}

// The game-level text the database declares (see game_keys in loader.cpp).
const char* const kGameTextFields[] = {"name", "subtitle"};

// For every card path: do all copies of a definition carry the same text?
// Then one id serves them all ("card.<definition>.<path>"), else each copy
// has its own ("card.<card>.<path>").
std::map<std::string, bool> shared_paths(Game& game) {
  std::map<std::string, std::string> first;  // def + path -> text
  std::map<std::string, bool> shared;
  for (auto& deck : game.decks)
    for (auto& card : deck.cards)
      each_text(card.fields, game.fields_of(deck.id), "", [&](const std::string& path, Value& v) {
        std::string key = card.def_id + "." + path;
        auto [it, inserted] = first.emplace(key, v.scalar);
        if (inserted)
          shared[key] = true;
        else if (it->second != v.scalar)
          shared[key] = false;
      });
  return shared;
}

template <typename Fn>
void each_string(Game& game, Fn fn) {
  for (const char* f : kGameTextFields)
    if (Value* v = game.info.find(f); v && v->is_scalar() && !v->scalar.empty()) fn("game." + std::string(f), *v, true);
  for (auto& table : game.tables)
    for (auto& entry : table.entries)
      each_text(entry.fields, table.fields, "", [&](const std::string& path, Value& v) {
        fn("table." + table.id + "." + entry.id + "." + path, v, true);
      });
  auto shared = shared_paths(game);
  for (auto& deck : game.decks)
    for (auto& card : deck.cards)
      each_text(card.fields, game.fields_of(deck.id), "", [&](const std::string& path, Value& v) {
        bool one = shared[card.def_id + "." + path];
        // Copies that share a text share its id: listed once, translated each.
        fn("card." + (one ? card.def_id : card.id) + "." + path, v, !(one && card.copy > 1));
      });
}

}  // namespace

std::vector<SourceString> data_strings(const Game& game) {
  std::vector<SourceString> out;
  Game& mutable_game = const_cast<Game&>(game);  // each_string only reads here
  each_string(mutable_game, [&](const std::string& id, Value& v, bool listed) {
    if (listed) out.push_back({id, v.scalar, v.loc});
  });
  return out;
}

std::map<std::string, std::string> german_by_id(const Game& game) {
  std::map<std::string, std::string> out;
  for (auto& s : data_strings(game)) out.emplace(std::move(s.id), std::move(s.text));
  return out;
}

bool is_variant_string(const std::string& id, const std::string& text,
                       const std::map<std::string, std::string>& base_german) {
  auto it = base_german.find(id);
  return it == base_german.end() || it->second != text;
}

void localize(Game& game, const Locale* locale, const std::string& language, Diagnostics& diags,
              const VariantTranslation* variant) {
  std::set<std::string> used;
  each_string(game, [&](const std::string& id, Value& v, bool listed) {
    used.insert(id);
    // A variant's own string is never looked up in the base game's file: its
    // German differs from the one the base translation was made from.
    const bool own = variant && is_variant_string(id, v.scalar, variant->base_german);
    const Locale* from = own ? variant->locale : locale;
    const std::string file = from ? from->file : locale_file(language, game.id, own ? game.variant : std::string());
    const std::string what = own ? " (variant " + game.variant + ")" : "";
    const LocaleEntry* e = from ? from->find(id) : nullptr;
    if (!e || e->text.empty()) {
      if (listed)
        diags.warning(v.loc,
                      "no " + language + " text for '" + id + "'" + what + "; using the German \"" + v.scalar + "\"",
                      {}, (from ? "add it to " : "add ") + file);
      return;
    }
    if (listed && e->source != v.scalar)
      diags.warning(
          e->loc,
          e->source.empty()
              ? language + " text for '" + id + "'" + what +
                    " records no German it was made from, so a change of the German goes unnoticed"
              : "stale " + language + " text for '" + id + "'" + what + ": the German changed to \"" + v.scalar + "\"",
          {},
          e->source.empty() ? "write it as { de: <the German>, text: <the translation> }"
                            : "translate the new German and set `de:` to it (i18n export marks it fuzzy)");
    v.scalar = e->text;
    // Problems found later in the text (it does not fit, an unknown icon)
    // point at the translation, not at the German it replaced.
    if (e->text_loc.known()) v.loc = e->text_loc;
  });
  if (const Value* name = game.info.find("name")) game.name = name->scalar;
  // A translation of a text the data does not have (a typo in its id, a
  // card since removed) would never be shown: said, not ignored. Layout and
  // rules texts are checked where they are used; a variant removes cards on
  // purpose, so only the base game is asked.
  if (!locale || !game.variant.empty()) return;
  for (const auto& [id, entry] : locale->strings) {
    const bool data_id = id.starts_with("card.") || id.starts_with("table.") || id.starts_with("game.");
    if (data_id && !used.count(id))
      diags.warning(entry.loc, "unknown string id '" + id + "': game " + game.id + " has no such text", {},
                    "a typo, or the text of a card or table entry since removed? i18n status lists the ids");
  }
}

}  // namespace kw::model
