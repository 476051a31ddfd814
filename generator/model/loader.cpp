// Loads the card database: data/cards.yaml and the files it includes.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fnmatch.h>

#include "core/language.h"
#include "core/limits.h"
#include "core/names.h"
#include "model/card_table.h"
#include "model/database_schema.h"
#include "model/field_path.h"
#include "model/model.h"
#include "model/schema.h"
#include "model/strings.h"
#include "project/path.h"
#include "project/project.h"
#include "project/sandbox.h"

namespace kw::model {

using Type = FieldSpec::Type;

const TableEntry* Table::find(const std::string& entry_id) const {
  for (const auto& e : entries)
    if (e.id == entry_id) return &e;
  return nullptr;
}

std::string Game::tr(const std::string& id_, const std::string& source) const {
  for (const auto& layer : translated_by)
    for (const Locale* l : {layer.variant, layer.base})
      if (const LocaleEntry* e = l ? l->find(id_) : nullptr; e && !e->text.empty()) return e->text;
  return source;
}

std::vector<std::string> Game::languages() const {
  std::vector<std::string> out = {source_language};
  out.insert(out.end(), translations.begin(), translations.end());
  return out;
}

bool Game::has_language(const std::string& tag) const {
  return tag == source_language || std::find(translations.begin(), translations.end(), tag) != translations.end();
}

const Table* Game::table(const std::string& id_) const {
  for (const auto& t : tables)
    if (t.id == id_) return &t;
  return nullptr;
}

const Deck* Game::deck(const std::string& id_) const {
  for (const auto& d : decks)
    if (d.id == id_) return &d;
  return nullptr;
}

const std::vector<FieldSpec>& Game::fields_of(const std::string& deck_id) const {
  const Deck* d = deck(deck_id);
  return d && !d->card_fields.empty() ? d->card_fields : card_fields;
}

const Card* Game::card_definition(const std::string& def_id) const {
  for (const auto& d : decks)
    for (const auto& c : d.cards)
      if (c.def_id == def_id) return &c;
  return nullptr;
}

size_t Game::card_count() const {
  size_t n = 0;
  for (const auto& d : decks)
    if (d.product == Product::Cards) n += d.cards.size();
  return n;
}

const FieldSpec* Game::card_field(const std::string& path) const {
  const std::vector<FieldSpec>* specs = &card_fields;
  const FieldSpec* found = nullptr;
  for (const auto& part : split_path(path)) {
    auto it = std::find_if(specs->begin(), specs->end(), [&](const FieldSpec& s) { return s.name == part; });
    if (it == specs->end()) return nullptr;
    found = &*it;
    specs = &found->fields;
  }
  return found;
}

const Game* Model::game(const std::string& id) const {
  for (const auto& g : games)
    if (g->id == id) return g.get();
  return nullptr;
}

const CardFormat* Model::format(const std::string& id) const {
  for (const auto& f : formats)
    if (f.id == id) return &f;
  return nullptr;
}

namespace {

// Ids name files and folders of the output (<out>/<game>/, 07-<card>.png,
// 00-back-<deck>.png, data/variants/<game>/): see core/names.h.
bool plain_id(const std::string& id) { return is_plain_id(id); }

std::string not_plain(const std::string& what, const std::string& id) {
  return what + " '" + id + "' is not a plain id (lower-case letters, digits and '-', at most 64): it names files";
}

// Deep merge of a per-copy patch into a card's fields (records merge member-wise).
void merge_into(Value& base, const Value& patch) {
  for (const auto& [k, v] : patch.map) {
    Value* existing = base.find(k);
    if (existing && existing->is_map() && v.is_map())
      merge_into(*existing, v);
    else
      base.set(k, v);
  }
}

class Loader {
 public:
  Loader(const project::Project& project, Diagnostics& diags, std::string variant = {})
      : project_(project), diags_(diags), variant_(std::move(variant)) {}

  std::unique_ptr<Model> run() {
    auto model = std::make_unique<Model>();
    model->project = &project_;
    model_ = model.get();
    const std::string db = "data/cards.yaml";
    if (!project_.exists(db)) {
      diags_.error({db, 0, 0}, project::not_read(project_, db, "card database"));
      return nullptr;
    }
    load_file(db, {});
    // Each from its own `game:` map, unchanged until the variant (a copy
    // of it here was a second tree of every card, 5,000 cards: 10 ms).
    for (Game* game : pending_games_) finish_game(*game, game->info);
    for (auto& game : model_->games) resolve_languages(*game);
    model_->default_language = project_language_.value_or("");
    for (const auto& ext : extensions_) apply_extension(ext);
    if (!variant_.empty()) apply_variant();
    for (auto& game : model_->games) finish_decks(*game);
    for (auto& game : model_->games) check_build_size(*game);
    for (auto& game : model_->games) check_variant_files(*game);
    if (diags_.has_errors()) return nullptr;
    return model;
  }

 private:
  // `file`: a normalised project path, so each file has one name.
  void load_file(const std::string& file, const SourceLoc& included_from) {
    if (!visited_.insert(file).second) {
      diags_.error(included_from, "file included twice: " + file);
      return;
    }
    if (!project_.exists(file)) {
      diags_.error(included_from, project::not_read(project_, file, "included file"));
      return;
    }
    auto doc = read_yaml(project_, file, diags_);
    if (!doc) return;
    // An empty included file adds nothing, but an empty database (a file
    // truncated by a failed copy) would build nothing and say nothing.
    if (doc->is_null() && !included_from.known())
      diags_.error({file, 1, 1}, "the card database is empty (it needs 'include:' or 'game:')");
    if (doc->is_null()) return;
    yaml::Reader r(*doc, database_file_schema(), diags_, {project::file_name(file), {}, {}});
    for (const char* key : {"language", "translations"})
      if (const Value* v = r.find(key); v && included_from.known())
        diags_.error(v->key_loc, std::string("'") + key + "' is the project's default, set in data/cards.yaml only", {},
                     "a game says its own in its `game:` map");
    if (!included_from.known()) {
      project_language_ = read_language(r.find("language"), "the project's language");
      if (r.find("language")) {
        project_language_loc_ = r.find("language")->loc;
        if (!project_language_) project_language_ = "und";  // misspelt, and said so
      }
      project_translations_ = read_languages(r.find("translations"), project_language_.value_or(""));
    }
    r.each("formats", [&](const std::string& id, const Value& f) { load_format(id, f); });
    r.each("phrasing", [&](const std::string& tag, const Value& p) {
      auto canonical = canonical_language(tag);
      if (!canonical)
        diags_.error(p.key_loc, "phrasing: '" + tag + "' is no language tag (BCP 47: de, en, pt-BR)");
      else if (!model_->phrasing.emplace(*canonical, p).second)
        diags_.error(p.key_loc, "phrasing for '" + *canonical + "' given twice");
      if (const Value* opposites = p.find("opposites"))
        for (const auto& [key, pair] : opposites->map)
          if (pair.list.size() != 2)
            diags_.error(pair.loc, "opposites: '" + key + "' is no pair: write [\"one|forms\", \"other|forms\"]");
      if (const Value* ranks = p.find("ranks"); ranks && ranks->find("places"))
        for (const auto& [place, forms] : ranks->find("places")->map)
          if (place.empty() || place.size() > 3 ||
              !std::all_of(place.begin(), place.end(), [](char c) { return c >= '0' && c <= '9'; }) || place == "0" ||
              place == "1")
            diags_.error(forms.key_loc, "ranks: places: '" + place +
                                            "' is no place: the keys are the places from 2 on (\"2\": \"zweit|vor\")");
    });
    if (const Value* game = r.find("game")) load_game(*game, file);
    if (const Value* ext = r.find("extend")) extensions_.push_back(*ext);
    if (const Value* inc = r.find("include"))
      for (const auto& item : inc->list) include(file, item);
  }

  void include(const std::string& file, const Value& item) {
    if (item.scalar.find('*') == std::string::npos)
      return load_file(project::join(project::parent(file), item.scalar), item.loc);
    // "games/*.yaml": every matching file of that folder, in name order.
    const std::string pattern = project::join(project::parent(file), item.scalar);
    const std::string dir = project::parent(pattern);
    std::vector<std::string> matches;  // list() is sorted: name order
    for (const auto& name : project_.list(dir)) {
      if (fnmatch(project::file_name(pattern).c_str(), name.c_str(), 0) != 0) continue;
      const std::string path = project::join(dir, name);
      // A match that is refused (a symbolic link out of the project) is said,
      // not skipped: the designer meant it to be read.
      if (project_.refusal(path))
        diags_.error(item.loc, project::not_read(project_, path, "included file"));
      else if (project_.read(path))
        matches.push_back(path);
    }
    if (auto why = project_.refusal(dir))
      diags_.error(item.loc, "cannot include " + item.scalar + ": " + *why);
    else if (matches.empty())
      diags_.error(item.loc, "no file matches " + item.scalar);
    for (const auto& m : matches) load_file(m, item.loc);
  }

  void load_format(const std::string& id, const Value& v) {
    if (model_->format(id)) {
      diags_.error(v.key_loc, "format '" + id + "' defined twice");
      return;
    }
    yaml::Reader r(v, format_schema(), diags_, {"format '" + id + "'", {}, {}});
    if (!r.ok()) return;
    CardFormat f;
    f.id = id;
    f.width = r.number("width").value_or(0);
    f.height = r.number("height").value_or(0);
    f.bleed = r.number("bleed").value_or(0);
    f.safe = r.number("safe").value_or(0);
    f.corner_radius = r.number("corner_radius").value_or(0);
    f.dpi = r.number("dpi").value_or(300);
    f.note = r.text("note").value_or("");
    f.loc = v.key_loc;
    // The ranges of each number are the schema's; what depends on two of
    // them is checked here, at the key that breaks it.
    const double shorter = std::min(f.width, f.height);
    auto at = [&](const char* key) { return r.find(key) ? r.find(key)->loc : v.loc; };
    if (2 * f.safe >= shorter)
      diags_.error(at("safe"), fmt::format("format '{}': the safe margin {:g} mm leaves nothing of the {:g} mm side",
                                           id, f.safe, shorter));
    if (2 * f.corner_radius > shorter)
      diags_.error(at("corner_radius"),
                   fmt::format("format '{}': corner_radius {:g} mm is more than half the {:g} mm side", id,
                               f.corner_radius, shorter));
    // A page is rendered whole at its dpi (RGBA, 4 bytes a pixel).
    const double px_w = std::ceil((f.width + 2 * f.bleed) / 25.4 * f.dpi);
    const double px_h = std::ceil((f.height + 2 * f.bleed) / 25.4 * f.dpi);
    if (page_pixels(f) > static_cast<double>(limits().page_pixels))
      diags_.error(at(r.find("dpi") ? "dpi" : "width"),
                   fmt::format("format '{}' makes pages of {:.0f} x {:.0f} pixels at {:g} dpi, more than the limit of "
                               "{} pixels a page (raise it with --limit page-pixels=N)",
                               id, px_w, px_h, f.dpi, limits().page_pixels));
    model_->formats.push_back(f);
  }

  void load_game(const Value& v, const std::string& file) {
    yaml::Reader r(v, game_schema(), diags_);
    if (!r.ok()) return;
    auto game = std::make_unique<Game>();
    game->id = r.text("id").value_or("");
    game->name = r.text("name").value_or("");
    game->rules = r.text("rules").value_or("");
    game->format_id = r.text("format").value_or("");
    if (const Value* profile = r.find("profile")) {
      game->profile = profile->scalar;
      game->profile_loc = profile->loc;
    }
    if (const Value* declared = r.find("language")) {
      // Declared, even when misspelt (said by read_language): not "undeclared" too.
      game->language_loc = declared->loc;
      if (auto language = read_language(declared, "game '" + game->id + "': the language"))
        game->source_language = *language;
    }
    if (const Value* translations = r.find("translations")) {
      game->translations_declared = true;
      game->translations = read_languages(translations, r.find("language") ? game->source_language : "")
                               .value_or(std::vector<std::string>{});
    }
    game->info = v;
    game->file = file;
    game->loc = v.loc;
    if (!plain_id(game->id)) diags_.error(r.find("id")->loc, not_plain("game id", game->id));
    for (const auto& g : model_->games)
      if (g->id == game->id) diags_.error(r.find("id")->loc, "game '" + game->id + "' defined twice");
    pending_games_.push_back(game.get());
    model_->games.push_back(std::move(game));
  }

  // A language tag of the data, in the one spelling languages have
  // everywhere (core/language.h); nullopt (and said) when it is none.
  std::optional<std::string> read_language(const Value* v, const std::string& what) {
    if (!v || !v->is_scalar()) return std::nullopt;
    auto canonical = canonical_language(v->scalar);
    if (!canonical) {
      diags_.error(v->loc, what + " '" + v->scalar + "' is no language tag", {},
                   "a BCP 47 tag: en, en-GB, de, de-CH, fr, pt-BR, ja, ar, zh-Hant, ...");
      return std::nullopt;
    }
    if (*canonical != v->scalar) {
      diags_.error(v->loc, what + " '" + v->scalar + "' is spelt '" + *canonical + "'", {},
                   "languages are named one way everywhere (folders, PO headers, output)");
      return std::nullopt;
    }
    return canonical;
  }

  // A list of translations: tags, each once, none the source language.
  std::optional<std::vector<std::string>> read_languages(const Value* v, const std::string& source) {
    if (!v || !v->is_list()) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& item : v->list) {
      auto tag = read_language(&item, "the translation");
      if (!tag) continue;
      if (*tag == source)
        diags_.error(item.loc, "'" + *tag + "' is the language the text is written in, not a translation");
      else if (std::find(out.begin(), out.end(), *tag) != out.end())
        diags_.error(item.loc, "the translation '" + *tag + "' is listed twice");
      else
        out.push_back(*tag);
    }
    return out;
  }

  // A game's languages: its own declaration, else the project's default;
  // translations not declared are those with a locale file of the game.
  // Which locale files belong to no language of the game is said here.
  void resolve_languages(Game& game) {
    if (!game.language_loc.known() && project_language_) {
      game.source_language = *project_language_;
      game.language_loc = project_language_loc_;
    }
    if (!game.language_loc.known())
      diags_.warning(game.loc,
                     "game '" + game.id +
                         "' does not say which language its text is in: words are broken and "
                         "hyphenated by no language's rules, and translations have no source language to name",
                     {},
                     "add `language: <tag>` (en, de, fr, ...) to its game map, or to data/cards.yaml for every game");
    if (!game.translations_declared && project_translations_) {
      game.translations_declared = true;
      for (const auto& t : *project_translations_)
        if (t != game.source_language) game.translations.push_back(t);
    }
    // A language with a locale file of the game: its own strings, or only a
    // variant's (<game>.yaml, <game>.<variant>.yaml).
    std::vector<std::string> with_files;
    for (const auto& lang : project_.list("data/locales"))
      for (const auto& name : project_.list("data/locales/" + lang))
        if (name == game.id + ".yaml" || (name.starts_with(game.id + ".") && name.ends_with(".yaml"))) {
          with_files.push_back(lang);
          break;
        }
    if (!game.translations_declared) {
      for (const auto& lang : with_files)
        if (lang != game.source_language && canonical_language(lang) == lang) game.translations.push_back(lang);
      return;
    }
    for (const auto& lang : with_files) {
      if (game.has_language(lang) || canonical_language(lang) != lang) continue;
      const std::string file = locale_file(lang, game.id);
      diags_.warning({file, 0, 0},
                     lang == game.source_language
                         ? file + " translates game " + game.id + " into " + lang + ", the language it is written in"
                         : file + " translates game " + game.id + " into " + lang +
                               ", which is not one of its translations: it is not used",
                     {},
                     lang == game.source_language ? "remove it, or change the game's `language:`"
                                                  : "add " + lang + " to the game's `translations:`");
    }
  }

  // Games are finished after all files are read, so formats may come later.
  void finish_game(Game& game, const Value& v) {
    game.format = model_->format(game.format_id);
    if (!game.format) {
      std::vector<std::string> ids;
      for (const auto& f : model_->formats) ids.push_back(f.id);
      // With no format at all, the file defining them most likely failed to load (reported above).
      diags_.error(v.find("format")->loc, "unknown format '" + game.format_id + "'", {},
                   ids.empty() ? "no format is defined: a `formats:` map in any data file defines them"
                               : "known formats are " + join_names(ids));
    }
    if (const Value* tables = v.find("tables"); tables && tables->is_map()) load_tables(game, *tables);
    if (const Value* fields = v.find("card_fields"); fields && fields->is_map())
      game.card_fields = parse_field_specs(*fields, diags_);
    check_table_refs(game);
    if (const Value* decks = v.find("decks"); decks && decks->is_list())
      for (const auto& d : decks->list) load_deck(game, d);
  }

  // `extend: { game: id, decks: [...] }` adds decks to a game from another
  // file (e.g. data/flavor/palantir.yaml adds the flavor booklet).
  void apply_extension(const Value& ext) {
    yaml::Reader r(ext, extend_schema(), diags_);
    auto id = r.text("game");
    const Value* decks = r.find("decks");
    if (!id || !decks) return;
    Game* game = nullptr;
    for (auto& g : model_->games)
      if (g->id == *id) game = g.get();
    if (!game) {
      diags_.error(r.find("game")->loc, "extend: unknown game '" + *id + "'");
      return;
    }
    for (const auto& d : decks->list) load_deck(*game, d);
  }

  static double page_pixels(const CardFormat& f) {
    return std::ceil((f.width + 2 * f.bleed) / 25.4 * f.dpi) * std::ceil((f.height + 2 * f.bleed) / 25.4 * f.dpi);
  }

  // The size of what one build of `game` renders in one language: its
  // pages (every copy, a back per deck) and their pixels, against the
  // `pages` and `build-pixels` limits, at the game.
  void check_build_size(const Game& game) {
    double pages = 0, pixels = 0;
    for (const auto& deck : game.decks) {
      const double n = static_cast<double>(deck.cards.size()) + (deck.back_layout.empty() ? 0 : 1);
      pages += n;
      if (deck.format) pixels += n * page_pixels(*deck.format);
    }
    if (pages > static_cast<double>(limits().pages))
      diags_.error(game.loc, fmt::format("game '{}' has {:.0f} pages (cards, copies and backs), more than the limit "
                                         "of {} (raise it with --limit pages=N)",
                                         game.id, pages, limits().pages));
    if (pixels > static_cast<double>(limits().build_pixels))
      diags_.error(game.loc, fmt::format("game '{}' renders {:.0f} pixels in each language, more than the limit of {} "
                                         "(raise it with --limit build-pixels=N)",
                                         game.id, pixels, limits().build_pixels));
  }

  // Once every deck is there: deck formats, positions, card references.
  void finish_decks(Game& game) {
    for (auto& deck : game.decks) {
      deck.format = game.format;
      if (!deck.format_id.empty()) {
        deck.format = model_->format(deck.format_id);
        if (!deck.format) diags_.error(deck.loc, "deck '" + deck.id + "': unknown format '" + deck.format_id + "'");
      }
      // The cards were added one by one: without this, up to half of the
      // vector's room stays empty for the whole build (10,000 cards: 2 MB).
      deck.cards.shrink_to_fit();
      int index = 0;
      for (auto& card : deck.cards) card.index = ++index;
      const auto& schema = deck.card_fields.empty() ? game.card_fields : deck.card_fields;
      for (const auto& card : deck.cards) {
        if (card.copy != 1) continue;
        for (const auto& spec : schema) {
          if (spec.type != Type::Card) continue;
          const Value* v = card.fields.find(spec.name);
          if (v && v->is_scalar() && !game.card_definition(v->scalar))
            diags_.error(v->loc, "unknown card '" + v->scalar + "'", card.def_id);
        }
      }
    }
  }

  // ---------------------------------------------------------------- variants

  // A variant file or folder the sandbox refuses (a symbolic link out of
  // the project) would read as absent: said at the file, whether or not
  // this run asked for the variant.
  void check_variant_files(const Game& game) {
    const std::string dir = "data/variants/" + game.id;
    if (auto why = project_.refusal(dir)) {
      diags_.error({dir, 0, 0}, "cannot read the variants: " + *why);
      return;
    }
    for (const auto& name : project_.list(dir))
      if (auto why = project_.refusal(dir + "/" + name))
        diags_.error({dir + "/" + name, 0, 0}, "cannot read the variant: " + *why);
  }

  void apply_variant() {
    if (!plain_id(variant_)) {  // the command line checks it too; the loader is also a library
      diags_.error({"data/variants", 0, 0}, not_plain("variant", variant_));
      return;
    }
    bool found = false;
    for (auto& game : model_->games) {
      const std::string file = "data/variants/" + game->id + "/" + variant_ + ".yaml";
      if (!project_.exists(file)) continue;
      found = true;
      auto doc = read_yaml(project_, file, diags_);
      if (doc) apply_variant(*game, *doc, file);
    }
    if (!found) {
      std::vector<std::string> known;
      for (const auto& game : model_->games)
        for (const auto& v : available_variants(project_, game->id)) known.push_back(game->id + "/" + v);
      diags_.error({"data/variants", 0, 0}, "no variant '" + variant_ + "'", {},
                   known.empty() ? "there are no variants" : "variants: " + join_names(known));
    }
  }

  void apply_variant(Game& game, const Value& doc, const std::string& file) {
    yaml::Reader top(doc, variant_file_schema(), diags_, {project::file_name(file), {}, {}});
    auto v = top.record("variant");
    if (!v) return;
    if (auto g = v->text("game"); g && *g != game.id)
      diags_.error(v->find("game")->loc,
                   "the variant in " + project::file_name(file) + " must say 'game: " + game.id + "'");
    game.variant = project::stem(file);
    auto name = v->text("name");
    game.variant_name = name && !name->empty() ? *name : game.variant;
    if (const Value* r = v->find("rules")) game.variant_rules = *r;
    // The variant's own declared checks replace the base game's.
    if (const Value* c = v->find("checks")) game.info.set("checks", *c);
    if (const Value* remove = v->find("remove")) variant_remove(game, *remove);
    if (const Value* patch = v->find("patch")) variant_patch(game, *patch);
    v->each("tables", [&](const std::string& table, const Value& entries) { variant_table(game, table, entries); });
    if (const Value* add = v->find("add")) variant_add(game, *add);
    for (const auto& [from, to] : v->text_map("fonts")) game.font_substitutions[from] = to;
    if (const Value* fonts = v->find("fonts"))
      for (const auto& [from, value] : fonts->map) game.font_substitution_locs[from] = {value.key_loc, value.loc};
  }

  // Cards matching a `where:` map (every path equals its value).
  std::vector<std::string> matching(const Game& game, const Value& where) {
    std::vector<std::string> ids;
    for (const auto& deck : game.decks)
      for (const auto& card : deck.cards) {
        bool all = card.copy == 1;
        for (const auto& [path, want] : where.map) {
          const Value* have = lookup(game, card, path);
          all = all && have && have->is_scalar() && have->scalar == want.scalar;
        }
        if (all) ids.push_back(card.def_id);
      }
    return ids;
  }

  bool has_card(const Game& game, const std::string& def_id) { return game.card_definition(def_id) != nullptr; }

  void variant_remove(Game& game, const Value& list) {
    std::map<std::string, SourceLoc> removed;
    for (const auto& item : list.list) {
      std::vector<std::string> ids;
      if (item.is_scalar()) {
        if (removed.count(item.scalar)) {
          diags_.error(item.loc,
                       "card '" + item.scalar + "' removed twice (first at line " +
                           std::to_string(removed[item.scalar].line) + ")",
                       item.scalar);
          continue;
        }
        if (!has_card(game, item.scalar)) {
          diags_.error(item.loc, "no card '" + item.scalar + "' to remove", item.scalar);
          continue;
        }
        ids.push_back(item.scalar);
      } else {
        yaml::Reader r(item, removal_schema(), diags_);
        const Value* where = r.find("where");
        if (!where) continue;
        ids = matching(game, *where);
        if (ids.empty()) diags_.error(where->loc, "'where' matches no card");
      }
      for (const auto& id : ids) {
        removed[id] = item.loc;
        for (auto& deck : game.decks) std::erase_if(deck.cards, [&](const Card& c) { return c.def_id == id; });
        card_ids_[game.id].erase(id);
      }
    }
    // Pages about a removed card (a booklet's `card:` reference) go with it.
    for (auto& deck : game.decks) {
      const auto& schema = deck.card_fields.empty() ? game.card_fields : deck.card_fields;
      std::erase_if(deck.cards, [&](const Card& c) {
        for (const auto& spec : schema)
          if (spec.type == Type::Card)
            if (const Value* ref = c.fields.find(spec.name); ref && removed.count(ref->scalar)) return true;
        return false;
      });
    }
  }

  void variant_patch(Game& game, const Value& list) {
    for (const auto& item : list.list) {
      yaml::Reader r(item, patch_schema(), diags_);
      const Value* id = r.find("card");
      const Value* set = r.find("set");
      if (!id || !set) continue;
      if (!has_card(game, id->scalar)) {
        diags_.error(id->loc, "no card '" + id->scalar + "' to patch", id->scalar);
        continue;
      }
      for (auto& deck : game.decks) {
        const auto& schema = deck.card_fields.empty() ? game.card_fields : deck.card_fields;
        bool checked = false;
        for (auto& card : deck.cards) {
          if (card.def_id != id->scalar) continue;
          if (!checked) {
            ValidationContext ctx{&game, &project_, id->scalar, true};
            if (!validate_fields(*set, schema, ctx, diags_)) break;
            checked = true;
          }
          merge_into(card.fields, *set);
        }
      }
    }
  }

  // `tables: { regions: { gondor: { background: ... } } }`: entries patched field by field.
  void variant_table(Game& game, const std::string& tid, const Value& entries) {
    Table* table = nullptr;
    for (auto& t : game.tables)
      if (t.id == tid) table = &t;
    if (!table) {
      diags_.error(entries.key_loc, "no table '" + tid + "'");
      return;
    }
    const yaml::Schema& entry_patches = yaml::find_key(variant_schema(), "tables")->schema.of.front();
    yaml::each_entry(entries, entry_patches, diags_, {}, [&](const std::string& eid, const Value& patch) {
      auto it =
          std::find_if(table->entries.begin(), table->entries.end(), [&](const TableEntry& e) { return e.id == eid; });
      if (it == table->entries.end()) {
        diags_.error(patch.key_loc, "no entry '" + eid + "' in table '" + tid + "'");
        return;
      }
      ValidationContext ctx{&game, &project_, {}, true};
      if (validate_fields(patch, table->fields, ctx, diags_)) merge_into(it->fields, patch);
    });
  }

  void variant_add(Game& game, const Value& list) {
    for (const auto& item : list.list) {
      yaml::Reader r(item, addition_schema(), diags_);
      const Value* deck_id = r.find("deck");
      const Value* card = r.find("card");
      if (!deck_id || !card) continue;
      Deck* deck = nullptr;
      for (auto& d : game.decks)
        if (d.id == deck_id->scalar) deck = &d;
      if (!deck) {
        std::vector<std::string> ids;
        for (const auto& d : game.decks) ids.push_back(d.id);
        diags_.error(deck_id->loc, "unknown deck '" + deck_id->scalar + "'", {}, "known decks are " + join_names(ids));
        continue;
      }
      load_card(game, *deck, *card);
    }
  }

  void load_tables(Game& game, const Value& tables) {
    const yaml::Schema& dict = yaml::find_key(game_schema(), "tables")->schema;
    yaml::each_entry(tables, dict, diags_, {}, [&](const std::string& id, const Value& t) {
      Table table;
      table.id = id;
      table.loc = t.key_loc;
      yaml::Reader r(t, table_schema(), diags_, {"table '" + id + "'", {}, {}});
      if (const Value* f = r.find("fields")) table.fields = parse_field_specs(*f, diags_);
      r.each("entries", [&](const std::string& eid, const Value& e) { table.entries.push_back({eid, e, e.key_loc}); });
      game.tables.push_back(std::move(table));
    });
    // Entries are validated once every table exists, so tables may refer to each other.
    ValidationContext ctx{&game, &project_, {}, false};
    for (const auto& table : game.tables)
      for (const auto& e : table.entries) validate_fields(e.fields, table.fields, ctx, diags_);
  }

  void check_table_refs(const Game& game) {
    std::vector<const FieldSpec*> stack;
    for (const auto& f : game.card_fields) stack.push_back(&f);
    while (!stack.empty()) {
      const FieldSpec* f = stack.back();
      stack.pop_back();
      if (f->type == Type::Ref && !game.table(f->table))
        diags_.error(f->loc, "field '" + f->name + "' refers to unknown table '" + f->table + "'");
      for (const auto& c : f->fields) stack.push_back(&c);
      for (const auto& c : f->element) stack.push_back(&c);
    }
  }

  void check_layout(const std::string& ref, const SourceLoc& loc, const std::string& what) {
    const std::string file = project::join("layouts", ref + ".yaml");
    if (project_.exists(file)) return;
    std::vector<std::string> known;
    const std::string dir = project::parent(file);
    for (const auto& name : project_.list(dir))
      if (name.ends_with(".yaml"))
        known.push_back(project::join(project::parent(ref), name.substr(0, name.size() - 5)));
    diags_.error(loc, "unknown " + what + " '" + ref + "' (no file layouts/" + ref + ".yaml)", {},
                 known.empty() ? std::string() : "known layouts are " + join_names(known));
  }

  // A `tabletop:` name or text: one template or a list of them.
  static std::vector<Deck::TabletopLine> template_lines(const Value* v) {
    std::vector<Deck::TabletopLine> lines;
    if (!v) return lines;
    if (v->is_scalar()) return {{v->scalar, v->loc}};
    for (const Value& line : v->list) lines.push_back({line.scalar, line.loc});
    return lines;
  }

  void load_deck(Game& game, const Value& v) {
    yaml::Reader r(v, deck_schema(), diags_);
    if (!r.ok()) return;
    Deck deck;
    deck.id = r.text("id").value_or("");
    if (!plain_id(deck.id)) diags_.error(r.find("id")->loc, not_plain("deck id", deck.id));
    deck.name = r.text("name").value_or("");
    if (const Value* name = r.find("name")) deck.name_loc = name->loc;
    deck.layout = r.text("layout").value_or("");
    deck.layout_loc = r.find("layout")->loc;
    deck.loc = v.loc;
    deck.format_id = r.text("format").value_or("");
    deck.file = r.text("file").value_or("");
    // An unknown name is the schema's located error ("unknown product ..."); the deck stays cards.
    if (auto product = r.text("product")) deck.product = value_of(kProductNames, *product).value_or(deck.product);
    if (deck.product == Product::Booklet && deck.file.empty())
      diags_.error(v.loc, "a booklet deck needs 'file:' (the PDF's name)");
    if (const Value* tabletop = r.find("tabletop")) {
      deck.tabletop_name = template_lines(tabletop->find("name"));
      deck.tabletop_text = template_lines(tabletop->find("text"));
    }
    if (const Value* back = r.find("back")) {
      deck.back_layout = back->scalar;
      deck.back_layout_loc = back->loc;
      check_layout(deck.back_layout, deck.back_layout_loc, "back layout");
    }
    check_layout(deck.layout, deck.layout_loc, "layout");
    if (const Value* fields = r.find("card_fields")) deck.card_fields = parse_field_specs(*fields, diags_);
    const Value* cards = r.find("cards");
    const Value* csv = r.find("cards_csv");
    if (cards && csv)
      diags_.error(csv->key_loc, "deck '" + deck.id + "' has both 'cards' and 'cards_csv': give one");
    else if (!cards && !csv)
      diags_.error(v.loc, "deck '" + deck.id + "' needs 'cards:' (a list) or 'cards_csv:' (a CSV file)");
    if (cards)
      for (const auto& c : cards->list) load_card(game, deck, c);
    else if (csv)
      for (const auto& c : cards_of_csv(game, deck, *csv)) load_card(game, deck, c);
    game.decks.push_back(std::move(deck));
  }

  // `cards_csv: cards/x.csv`: the deck's cards from a CSV file beside the
  // YAML, read through the project (so never from outside it), each value
  // located at its cell (file.csv:row:col).
  std::vector<Value> cards_of_csv(const Game& game, const Deck& deck, const Value& name) {
    const std::string file = project::join(project::parent(name.loc.file.str()), name.scalar);
    project::InputPtr input = project_.read(file);
    if (!input) {
      diags_.error(name.loc, project::not_read(project_, file, "card table"));
      return {};
    }
    auto sheet = sheet::parse_csv(input->text(), input->path(), diags_);
    if (!sheet) return {};
    std::string why_not;
    auto columns = card_columns(deck.card_fields.empty() ? game.card_fields : deck.card_fields, why_not);
    if (columns.empty()) {
      diags_.error(name.loc, "deck '" + deck.id + "' cannot read its cards from a CSV file: " + why_not);
      return {};
    }
    return cards_from_sheet(*sheet, columns, diags_);
  }

  void load_card(Game& game, Deck& deck, const Value& v) {
    if (!v.is_map()) {
      diags_.error(v.loc, std::string("a card must be a map, not ") + v.kind_name());
      return;
    }
    const Value* idv = v.find("id");
    std::string id = idv && idv->is_scalar() ? idv->scalar : std::string();
    if (id.empty()) {
      diags_.error(v.loc, "card without 'id'");
      return;
    }
    if (!card_ids_[game.id].insert(id).second) diags_.error(idv->loc, "card id '" + id + "' used twice", id);
    if (!plain_id(id)) diags_.error(idv->loc, not_plain("card id", id), id);

    // Split the card's own keys (card_keys_schema) from its schema fields.
    Value fields;
    fields.kind = Value::Kind::Map;
    fields.loc = v.loc;
    int copies = 1;
    const Value* per_copy = nullptr;
    for (const auto& [k, member] : v.map) {
      const yaml::Key* own = yaml::find_key(card_keys_schema(), k);
      if (!own) {
        fields.map.push_back({k, member});
      } else if (k != "id" && yaml::check_value(member, own->schema, yaml::Label::of_key(k), diags_, id)) {
        if (k == "copies" && static_cast<std::uint64_t>(*member.as_int()) > limits().copies)
          diags_.error(member.loc,
                       fmt::format("'copies' is {}, more than the limit of {} copies of one card (raise it with "
                                   "--limit copies=N)",
                                   member.scalar, limits().copies),
                       id);
        else if (k == "copies")
          copies = static_cast<int>(*member.as_int());
        else
          per_copy = &member;
      }
    }
    ValidationContext ctx{&game, &project_, id, false};
    const auto& schema = deck.card_fields.empty() ? game.card_fields : deck.card_fields;
    bool ok = validate_fields(fields, schema, ctx, diags_);
    if (per_copy && static_cast<int>(per_copy->list.size()) != copies) {
      diags_.error(per_copy->loc,
                   "'per_copy' has " + std::to_string(per_copy->list.size()) + " entries but the card has " +
                       std::to_string(copies) + " copies",
                   id);
      ok = false;
    }
    ValidationContext patch_ctx = ctx;
    patch_ctx.partial = true;
    if (per_copy)
      for (const auto& patch : per_copy->list) ok = validate_fields(patch, schema, patch_ctx, diags_) && ok;
    if (!ok) return;
    auto add_copy = [&](int c, Value copy_fields) {
      Card card;
      card.def_id = id;
      card.id = copies > 1 ? id + "-" + std::to_string(c) : id;
      card.copy = c;
      card.copies = copies;
      card.fields = std::move(copy_fields);
      if (per_copy) merge_into(card.fields, per_copy->list[static_cast<size_t>(c - 1)]);
      card.loc = v.loc;
      card.deck_id = deck.id;
      deck.cards.push_back(std::move(card));
    };
    for (int c = 1; c < copies; ++c) add_copy(c, fields);
    if (copies >= 1) add_copy(copies, std::move(fields));  // the last takes them (copying was a tenth of a load)
  }

  const project::Project& project_;
  Diagnostics& diags_;
  Model* model_ = nullptr;
  std::set<std::string> visited_;
  std::vector<Game*> pending_games_;  // loaded, to be finished once every file is read
  std::vector<Value> extensions_;
  std::string variant_;
  std::map<std::string, std::set<std::string>> card_ids_;
  std::optional<std::string> project_language_;  // data/cards.yaml's `language:`
  SourceLoc project_language_loc_;
  std::optional<std::vector<std::string>> project_translations_;  // ... its `translations:`
};

}  // namespace

std::vector<std::string> available_variants(const project::Project& project, const std::string& game) {
  std::vector<std::string> out;
  for (const auto& name : project.list("data/variants/" + game))
    if (name.ends_with(".yaml")) out.push_back(project::stem(name));
  return out;
}

namespace {

// The translations `game` is shown through in `language`, nearest first
// (core/language.h fallback_chain): each language of the chain that is a
// translation of the game, with its locale files.
std::vector<Game::Translation> translation_layers(const Game& game, const std::string& language,
                                                  const std::vector<Locale>& locales) {
  std::vector<Game::Translation> layers;
  for (const auto& lang : fallback_chain(language, game.translations, game.source_language)) {
    if (lang == game.source_language) break;  // the data itself
    if (lang != language && !game.has_language(lang)) continue;
    layers.push_back({find_locale(locales, lang, game.id),
                      game.variant.empty() ? nullptr : find_locale(locales, lang, game.id, game.variant)});
  }
  return layers;
}

}  // namespace

LoadResult load_model(const project::Project& project, const LoadOptions& options) {
  LoadResult result;
  Loader loader(project, result.diagnostics, options.variant);
  result.model = loader.run();
  if (!result.model) return result;
  Model& model = *result.model;
  for (auto& game : model.games) game->language = game->source_language;
  if (options.language.empty()) return result;
  model.language = options.language;
  // Which games are shown in the language is theirs to say (their
  // translations); the others stay in their source language.
  bool any = false;
  for (const auto& game : model.games)
    any = any || (game->language != options.language && game->has_language(options.language));
  if (!any) return result;
  model.locales = load_locales(project, result.diagnostics);
  // A variant's own strings (those it adds or changes) are translated in its
  // own locale file: which they are, the base game's source text tells.
  std::unique_ptr<Model> base;
  if (!options.variant.empty()) {
    Diagnostics reported;  // the same files were just loaded and reported
    base = Loader(project, reported, "").run();
  }
  for (auto& game : model.games) {
    if (game->language == options.language || !game->has_language(options.language)) continue;
    game->language = options.language;
    game->translated_by = translation_layers(*game, options.language, model.locales);
    const Game* base_game = base && !game->variant.empty() ? base->game(game->id) : nullptr;
    if (!base_game) {
      localize(*game, result.diagnostics);
      continue;
    }
    const auto base_source = source_by_id(*base_game);
    localize(*game, result.diagnostics, &base_source);
  }
  if (result.diagnostics.has_errors()) result.model.reset();
  return result;
}

}  // namespace kw::model
