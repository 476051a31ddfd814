#include "i18n/catalog.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/language.h"
#include "core/quoted.h"
#include "layout/layout_def.h"
#include "model/field_path.h"
#include "model/strings.h"
#include "rules/registry.h"
#include "rules/rules.h"
#include "text/markup.h"

namespace kw::i18n {

std::string placeholder_note(const std::string& source, const std::map<std::string, std::string>& rule_values) {
  std::string note;
  std::set<std::string> seen;
  for (size_t at = source.find("{{"); at != std::string::npos; at = source.find("{{", at + 2)) {
    const size_t end = source.find("}}", at + 2);
    if (end == std::string::npos) break;
    std::string name = source.substr(at + 2, end - at - 2);
    const bool counted = name.find(',') != std::string::npos;  // {{n, plural, one {…} other {…}}}
    name = name.substr(0, name.find(','));
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty() || !seen.insert(name + (counted ? "," : "")).second) continue;
    if (counted) {
      note += "{{" + name +
              ", plural, …}}: a count; give one form per plural category of your language in "
              "`category {text}` (# is the number)\n";
      continue;
    }
    note += "{{" + name + "}}: ";
    if (model::is_rules_path(name)) {
      note += "filled in by the game's rules";
      const std::string* v = model::rules_value(rule_values, name);
      if (v && !v->empty() && v->size() <= 40 && v->find('\n') == std::string::npos)
        note += " (now \"" + *v + "\")";
      else if (v && v->find('\n') != std::string::npos)
        note += " (several lines)";
    } else if (auto dot = name.find('.'); dot != std::string::npos) {
      note += "the " + name.substr(dot + 1) + " of the card's " + name.substr(0, dot) + ", filled in per card";
    } else {
      note += "the card's " + name + ", filled in per card";
    }
    note += "\n";
  }
  if (!note.empty()) note += "Keep each {{…}} as it is; it may move within the sentence.";
  return note;
}

std::vector<CatalogEntry> catalog(const model::Model& source, const model::Game& game, Diagnostics& diags) {
  std::vector<CatalogEntry> out;
  for (const auto& s : model::data_strings(game)) out.push_back({s.id, s.text, s.loc, {}});
  std::set<std::string> layouts;
  for (const auto& deck : game.decks)
    for (const auto* id : {&deck.layout, &deck.back_layout})
      if (!id->empty() && layouts.insert(*id).second)
        if (auto def = layout::load_layout(*source.project, *id, nullptr, diags))
          for (const auto& s : layout::layout_strings(*def)) out.push_back({s.id, s.text, s.loc, {}});
  if (const auto* module = rules::find_rules_module(game.rules); module && module->words)
    for (const auto& [id, german] : module->words()) out.push_back({id, german, {}, {}});
  const rules::RuleValues values = rules::rule_values(source, game);
  for (auto& e : out) e.note = placeholder_note(e.source, values);
  return out;
}

std::vector<CatalogEntry> variant_strings(const std::vector<CatalogEntry>& variant,
                                          const std::vector<CatalogEntry>& base) {
  std::map<std::string, std::string> base_german;
  for (const auto& e : base) base_german.emplace(e.id, e.source);
  std::vector<CatalogEntry> out;
  for (const auto& e : variant)
    if (model::is_variant_string(e.id, e.source, base_german)) out.push_back(e);
  return out;
}

Status status(const std::vector<CatalogEntry>& entries, const model::Locale* locale) {
  Status st;
  st.total = entries.size();
  std::set<std::string> known;
  for (const auto& e : entries) {
    known.insert(e.id);
    const model::LocaleEntry* t = locale ? locale->find(e.id) : nullptr;
    if (!t || t->text.empty())
      st.missing.push_back(&e);
    else if (t->source != e.source)
      st.stale.push_back(&e);
  }
  if (locale)
    for (const auto& [id, entry] : locale->strings)
      if (!known.count(id)) st.unused.push_back(id);
  return st;
}

PoFile to_po(const std::vector<CatalogEntry>& entries, const model::Locale* locale, const std::string& language,
             const std::string& game) {
  PoFile po;
  po.language = language;
  po.game = game;
  // A source text used more than once (the same sentence on four cards, a
  // layout's literal text on every card) is one entry: the first id, every
  // place. Uses already translated differently stay entries of their own,
  // so an export never merges translations a translator kept apart.
  std::map<std::pair<std::string, std::string>, size_t> shared;  // source, translation -> index in po.entries
  for (const auto& e : entries) {
    const model::LocaleEntry* t = locale ? locale->find(e.id) : nullptr;
    const std::string translation = t ? t->text : std::string();
    const bool fuzzy = t && !t->text.empty() && t->source != e.source;
    auto [first, fresh] = shared.emplace(std::make_pair(e.source, translation), po.entries.size());
    if (!fresh) {
      PoEntry& same = po.entries[first->second];
      if (e.loc.known()) same.reference += (same.reference.empty() ? "" : " ") + e.loc.str();
      same.comment += (same.comment.empty() ? "" : "\n") + ("also " + e.id);
      same.fuzzy = same.fuzzy || fuzzy;
      continue;
    }
    PoEntry p;
    p.context = e.id;
    p.source = e.source;
    p.translation = translation;
    p.fuzzy = fuzzy;
    // What the translation was made from, so a PO editor shows what changed.
    if (fuzzy && t && !t->source.empty()) p.previous_source = t->source;
    // Locations are project paths, so PO files do not depend on where the project lives.
    if (e.loc.known()) p.reference = e.loc.str();
    p.comment = e.note;
    // A text with a count gives its forms inline (ICU's plural syntax, which
    // Weblate, Crowdin and Lokalise check): which ones this language needs.
    if (e.source.find(", plural,") != std::string::npos) {
      std::string categories;
      for (const auto& c : plural_categories(language)) categories += (categories.empty() ? "" : ", ") + c;
      p.comment += (p.comment.empty() ? "" : "\n") + ("The plural forms " + language + " needs: " + categories);
      p.flags.emplace_back("icu-message-format");
    }
    po.entries.push_back(std::move(p));
  }
  return po;
}

size_t merge_po(const PoFile& po, const std::vector<CatalogEntry>& entries, model::Locale& locale,
                const std::string& po_file, Diagnostics& diags) {
  std::map<std::string, const CatalogEntry*> by_id;
  std::map<std::string, std::vector<const CatalogEntry*>> by_source;  // source text -> its uses
  for (const auto& e : entries) {
    by_id[e.id] = &e;
    by_source[e.source].push_back(&e);
  }
  // Ids with an entry of their own: a shared entry does not translate them.
  std::set<std::string> own;
  for (const auto& p : po.entries) own.insert(p.context);
  size_t set = 0;
  for (const auto& p : po.entries) {
    auto it = by_id.find(p.context);
    const std::string whose = "game " + po.game + (po.variant.empty() ? "" : " variant " + po.variant);
    if (it == by_id.end()) {
      diags.error({po_file, p.line, p.line > 0 ? 1 : 0}, "unknown string id '" + p.context + "' (msgctxt) for " + whose,
                  {}, po.variant.empty() ? "" : "a variant's PO holds only the strings it adds or changes");
      continue;
    }
    if (p.source != it->second->source && !p.source_plural) {
      // The translation was made from another source text: another
      // variant's text under the same id, or the source changed since the
      // export. Recording it as a translation of today's text would hide that.
      diags.warning(
          {po_file, 0, 0},
          "'" + p.context + "': the PO's source text (msgid) is not the text of " + whose + " now; not imported", {},
          "export the PO again (the entry comes out fuzzy with the new source text); "
          "a variant's PO names its variant in X-Kartenwerk-Variant");
      continue;
    }
    if (p.source_plural) {
      // One id, one text: a form per count cannot be stored, and picking one
      // (msgstr[0]? [1]?) would be wrong for some count in some language.
      diags.error({po_file, p.line, p.line > 0 ? 1 : 0},
                  "'" + p.context + "' has plural forms (msgid_plural), but kartenwerk strings have one", {},
                  "translate it with a single msgid/msgstr pair; a count's forms go inside the text "
                  "({{n, plural, one {…} other {…}}}, README: Translations)");
      continue;
    }
    if (p.translation.empty()) continue;
    // One entry for a text used more than once translates every use that has
    // no entry of its own.
    for (const CatalogEntry* use : by_source[it->second->source]) {
      if (use->id != p.context && own.count(use->id)) continue;
      auto& entry = locale.strings[use->id];
      entry.text = p.translation;
      // A reviewed entry records the source text it now translates; a fuzzy
      // one keeps the text it was made from (none if new), so it stays stale.
      if (!p.fuzzy) entry.source = use->source;
      ++set;
    }
  }
  return set;
}

namespace {

// The names of the {{…}} placeholders of `text`, each once.
std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> out;
  for (size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at + 2)) {
    const size_t end = text.find_first_of(",}", at + 2);
    if (end == std::string::npos) break;
    std::string name = text.substr(at + 2, end - at - 2);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty()) out.insert(name);
  }
  return out;
}

}  // namespace

void check_translations(const PoFile& po, const std::string& po_file, const model::Game& game, Diagnostics& diags) {
  for (const auto& p : po.entries) {
    if (p.translation.empty()) continue;
    const SourceLoc at{po_file, p.line, p.line > 0 ? 1 : 0};
    if (auto parsed = text::parse_markup(p.translation); !parsed.error.empty())
      diags.error(at, "'" + p.context + "': " + parsed.error, {},
                  "**bold**, *italic*, [sc]small caps[/sc], :icon:, \\n; a * or : meant as text is \\* or \\:");
    const auto want = placeholders(p.source), have = placeholders(p.translation);
    for (const auto& name : want)
      if (!have.count(name))
        diags.warning(at, "'" + p.context + "': the translation leaves out {{" + name + "}}, which the source has");
    // A placeholder of its own is the translator's choice when the card has
    // that field; a name the game does not know would only fail at check.
    for (const auto& name : have) {
      if (want.count(name)) continue;
      const bool known = model::is_rules_path(name) || model::is_known_path(game, name);
      if (known)
        diags.warning(at, "'" + p.context + "': the translation has {{" + name + "}}, which the source does not");
      else
        diags.error(at, "'" + p.context + "': the translation has {{" + name + "}}, which is no field of game " +
                            game.id + " (the source has " +
                            (want.empty() ? std::string("none")
                                          : "{{" + *want.begin() + "}}" + (want.size() > 1 ? ", …" : "")) +
                            ")");
    }
  }
}

}  // namespace kw::i18n
