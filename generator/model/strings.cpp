#include "model/strings.h"

#include <fmt/format.h>

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
  // A deck's name (on a board's sheets, a booklet's title): a plain string
  // of the deck, localized in place like a field.
  for (auto& deck : game.decks) {
    if (deck.name.empty()) continue;
    Value name;
    name.kind = Value::Kind::Scalar;
    name.scalar = deck.name;
    name.loc = deck.name_loc;
    fn("deck." + deck.id + ".name", name, true);
    // Written back only when localized: data_strings reads the game through
    // here while other threads read it too (the studio's rules beside its
    // layout), and even an equal write would race with them.
    if (name.scalar != deck.name) deck.name = name.scalar;
    if (!(name.loc == deck.name_loc)) deck.name_loc = name.loc;
  }
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

const LocaleEntry* applied_translation(const Game& game, const std::string& id, const std::string& text) {
  for (const auto& layer : game.translated_by)
    for (const Locale* locale : {layer.variant, layer.base})
      if (const LocaleEntry* e = locale ? locale->find(id) : nullptr; e && e->text == text) return e;
  return nullptr;
}

std::map<std::string, std::string> source_by_id(const Game& game) {
  std::map<std::string, std::string> out;
  for (auto& s : data_strings(game)) out.emplace(std::move(s.id), std::move(s.text));
  return out;
}

bool is_variant_string(const std::string& id, const std::string& text,
                       const std::map<std::string, std::string>& base_source) {
  auto it = base_source.find(id);
  return it == base_source.end() || it->second != text;
}

namespace {

// A locale file whose strings record their source text under another
// language than the game's was made for another game, or before the game's
// language was declared: said once per file, at its first such string.
void check_source_keys(const Game& game, Diagnostics& diags) {
  const std::string want = source_key(game.source_language);
  for (const auto& layer : game.translated_by)
    for (const Locale* locale : {layer.base, layer.variant}) {
      if (!locale) continue;
      size_t wrong = 0;
      const LocaleEntry* first = nullptr;
      for (const auto& [id, e] : locale->strings)
        if (!e.source_key.empty() && e.source_key != want && e.source_key != "source") {
          ++wrong;
          if (!first || e.source_key_loc.line < first->source_key_loc.line) first = &e;
        }
      if (!first) continue;
      diags.error(first->source_key_loc,
                  fmt::format("{} of {} strings record their source text as '{}', but game {} is written in '{}'",
                              wrong, locale->strings.size(), first->source_key, game.id, game.source_language),
                  {},
                  game.source_language == "und"
                      ? "declare the game's language (`language:` in its game file), or write `source:`"
                      : "write each as { " + want + ": <source text>, text: <translation> } (or `source:`)");
    }
}

// Which counts a string adds to: missing when the text shown is in another
// language (not only a more general form of the one asked for).
void count(TranslationStatus::Counts& c, const LocaleEntry* e, const std::string& text, bool same_language) {
  ++c.total;
  if (!e) {
    if (!same_language) ++c.missing;
  } else if (e->source.empty()) {
    ++c.unrecorded;
  } else if (e->source != text) {
    ++c.stale;
  }
}

}  // namespace

void localize(Game& game, Diagnostics& diags, const std::map<std::string, std::string>* base_source) {
  check_source_keys(game, diags);
  TranslationStatus status;
  status.game = game.id;
  status.language = game.language;
  status.variant = game.variant;
  status.file = locale_file(game.language, game.id);
  if (!game.variant.empty()) status.variant_file = locale_file(game.language, game.id, game.variant);
  if (!game.translated_by.empty()) {
    status.file_exists = game.translated_by.front().base != nullptr;
    status.variant_file_exists = game.translated_by.front().variant != nullptr;
  }
  // A string found nowhere shows the source text: still the language asked
  // for when that is a more general form of it ("de" text in "de-CH").
  const std::string& lang = game.language;
  const std::string& source = game.source_language;
  const bool source_is_same = lang.starts_with(source + "-") || source.starts_with(lang + "-");
  std::set<std::string> used;
  each_string(game, [&](const std::string& id, Value& v, bool listed) {
    used.insert(id);
    // A variant's own string is never looked up in the base game's file: its
    // source text differs from the one the base translation was made from.
    const bool own = base_source && is_variant_string(id, v.scalar, *base_source);
    const LocaleEntry* found = nullptr;
    for (const auto& layer : game.translated_by) {
      const Locale* from = own ? layer.variant : layer.base;
      if (const LocaleEntry* e = from ? from->find(id) : nullptr; e && !e->text.empty()) {
        found = e;
        break;
      }
    }
    if (listed) count(own ? status.own : status.base, found, v.scalar, source_is_same);
    if (!found) return;
    v.scalar = found->text;
    // Problems found later in the text (it does not fit, an unknown icon)
    // point at the translation, not at the source text it replaced.
    if (found->text_loc.known()) v.loc = found->text_loc;
  });
  if (const Value* name = game.info.find("name")) game.name = name->scalar;
  game.translation = std::move(status);
  // A translation of a text the data does not have (a typo in its id, a
  // card since removed) would never be shown: said, not ignored. Layout and
  // rules texts are checked where they are used; a variant removes cards on
  // purpose, so only the base game is asked.
  const Locale* own_file = game.translated_by.empty() ? nullptr : game.translated_by.front().base;
  if (!own_file || !game.variant.empty()) return;
  for (const auto& [id, entry] : own_file->strings) {
    const bool data_id =
        id.starts_with("card.") || id.starts_with("table.") || id.starts_with("game.") || id.starts_with("deck.");
    if (data_id && !used.count(id))
      diags.warning(entry.loc, "unknown string id '" + id + "': game " + game.id + " has no such text", {},
                    "a typo, or the text of a card or table entry since removed? i18n status lists the ids");
  }
}

namespace {

std::string counts_text(const TranslationStatus::Counts& c) {
  std::vector<std::string> parts;
  if (c.missing) parts.push_back(fmt::format("{} of {} strings missing", c.missing, c.total));
  if (c.stale) parts.push_back(fmt::format("{} stale", c.stale));
  if (c.unrecorded) parts.push_back(fmt::format("{} without the source text they translate", c.unrecorded));
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

Diagnostics translation_summary(const std::vector<TranslationStatus>& statuses) {
  // game, language -> the base game's counts and each variant's own.
  struct Line {
    const TranslationStatus* base = nullptr;
    std::vector<const TranslationStatus*> variants;
  };
  std::map<std::pair<std::string, std::string>, Line> lines;
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& s : statuses) {
    auto key = std::make_pair(s.game, s.language);
    auto [it, fresh] = lines.try_emplace(key);
    if (fresh) order.push_back(key);
    if (s.variant.empty() || !it->second.base) {
      if (s.variant.empty()) it->second.base = &s;
    }
    if (!s.variant.empty()) it->second.variants.push_back(&s);
  }
  Diagnostics out;
  for (const auto& key : order) {
    const Line& line = lines[key];
    std::string text, file, hint;
    if (!line.base) {
      // One variant's build: the game as that variant shows it, its own
      // strings and the base game's it keeps, in one count.
      const TranslationStatus& v = *line.variants.front();
      TranslationStatus::Counts all = v.base;
      all.total += v.own.total;
      all.missing += v.own.missing;
      all.stale += v.own.stale;
      all.unrecorded += v.own.unrecorded;
      text = counts_text(all);
      if (!text.empty()) text = "variant " + v.variant + ": " + text;
      file = v.own.complete() ? v.file : v.variant_file;
      if (!(v.own.complete() ? v.file_exists : v.variant_file_exists)) hint = file + " does not exist yet";
    } else {
      const TranslationStatus* base = line.base;
      text = counts_text(base->base);
      // Where the line points: the base game's file, or the one variant's
      // file when only its own strings are wanting.
      file = base->file;
      if (!text.empty() && !base->file_exists) hint = file + " does not exist yet";
      std::set<std::string> said;
      for (const auto* v : line.variants) {
        if (v->own.complete() || !said.insert(v->variant).second) continue;
        if (text.empty() && said.size() == 1) {
          file = v->variant_file;
          if (!v->variant_file_exists) hint = file + " does not exist yet";
        } else if (said.size() > 1) {
          file = base->file;
        }
        text += (text.empty() ? "" : "; ") + ("variant " + v->variant + ": " + counts_text(v->own));
      }
    }
    if (text.empty()) continue;
    if (!hint.empty())
      hint += ": kartenwerk i18n export --game " + key.first + " --lang " + key.second +
              " writes the PO file to translate, i18n import makes it";
    Diagnostic d;
    d.severity = Severity::Warning;
    d.loc = {file, 0, 0};
    d.hint = hint;
    d.message = key.second + ": " + text + " — kartenwerk i18n status --game " + key.first + " --lang " + key.second;
    d.game = key.first;
    d.check = "translation";
    out.add(std::move(d));
  }
  return out;
}

}  // namespace kw::model
