#pragma once
// The loaded card database: formats, games, their tables, card schema, decks
// and cards. Immutable after loading; every part remembers its source location.
// Game knowledge lives in the YAML, never here: this is a generic container.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/enum_names.h"
#include "core/geometry.h"
#include "model/locale.h"
#include "model/value.h"

namespace kw::project {
class Project;
}

namespace kw::model {

// A physical card format (trim size, bleed, safe margin, corners, resolution).
struct CardFormat {
  std::string id;
  double width = 0, height = 0;  // trim, mm
  double bleed = 0;              // on every side, mm
  double safe = 0;               // safe margin inside the trim, mm
  double corner_radius = 0;      // mm (cut by the die, never drawn)
  double dpi = 300;              // raster output resolution
  std::string note;              // why this format (free text)
  SourceLoc loc;

  Size page_size() const { return {width + 2 * bleed, height + 2 * bleed}; }
  Rect trim_rect() const { return {bleed, bleed, width, height}; }
  Rect safe_rect() const { return trim_rect().inset(safe); }
};

// The declared type of a card or table field.
struct FieldSpec {
  enum class Type { Text, Id, Int, Number, Bool, Color, Ref, Record, List, Art, Card, Picture };
  std::string name;
  Type type = Type::Text;
  bool required = false;
  std::string table;                 // Ref: the table it points into (Card: points at a card definition)
  std::vector<std::string> allowed;  // Id: the permitted values (empty = any)
  std::vector<FieldSpec> fields;     // Record: its members
  std::vector<FieldSpec> element;    // List: exactly one spec, the element type
  std::string doc;
  SourceLoc loc;
};
// The types' names in a declaration (`type: int`).
inline constexpr EnumNames<FieldSpec::Type, 12> kFieldTypeNames{{
    {FieldSpec::Type::Text, "text"},
    {FieldSpec::Type::Id, "id"},
    {FieldSpec::Type::Int, "int"},
    {FieldSpec::Type::Number, "number"},
    {FieldSpec::Type::Bool, "bool"},
    {FieldSpec::Type::Color, "color"},
    {FieldSpec::Type::Ref, "ref"},
    {FieldSpec::Type::Record, "record"},
    {FieldSpec::Type::List, "list"},
    {FieldSpec::Type::Art, "art"},
    {FieldSpec::Type::Card, "card"},
    {FieldSpec::Type::Picture, "picture"},
}};
inline const char* type_name(FieldSpec::Type t) { return c_name_of(kFieldTypeNames, t, "text"); }

struct TableEntry {
  std::string id;
  Value fields;  // a map, validated against Table::fields
  SourceLoc loc;
};

// A lookup table of a game (regions, classes, colours...): cards refer to its
// entries by id and layouts read their fields through the reference.
struct Table {
  std::string id;
  std::vector<FieldSpec> fields;
  std::vector<TableEntry> entries;
  SourceLoc loc;
  const TableEntry* find(const std::string& entry_id) const;
};

struct Deck;

// One physical card: a card definition's copy, with per-copy fields merged in.
struct Card {
  std::string id;      // unique in the game: "<def>-<copy>" when the definition has copies > 1
  std::string def_id;  // the card definition's id as written in the data
  int copy = 1;        // 1-based
  int copies = 1;
  int index = 1;  // 1-based position in its deck (a booklet's page number)
  Value fields;   // the card's fields (a map)
  SourceLoc loc;  // where the definition starts
  std::string deck_id;
};

// What a deck is printed as: cards (card files, the game's PDF), a booklet
// (one PDF named `file`, a page per card, e.g. flavor texts) or a board
// (each card a board in board/: full size, preview, tiled sheets; `file` is
// the files' stem, default "board"). The names are the YAML's `product:`.
enum class Product { Cards, Booklet, Board };
inline constexpr EnumNames<Product, 3> kProductNames{
    {{Product::Cards, "cards"}, {Product::Booklet, "booklet"}, {Product::Board, "board"}}};

struct Deck {
  std::string id;
  std::string name;  // translatable: string id deck.<id>.name
  SourceLoc name_loc;
  std::string layout;  // "palantir/card" -> layouts/palantir/card.yaml
  SourceLoc layout_loc;
  std::string back_layout;  // may be empty: no back for this deck
  SourceLoc back_layout_loc;
  // A deck may declare its own card schema (e.g. rule reference cards have a
  // title and a text, not the playing cards' fields); empty = the game's.
  std::vector<FieldSpec> card_fields;
  Product product = Product::Cards;
  std::string file;
  std::string format_id;               // empty: the game's format
  const CardFormat* format = nullptr;  // resolved: the deck's or the game's
  std::vector<Card> cards;             // expanded copies, in data order
  // What its cards are called on a virtual tabletop (`tabletop:`): lines of
  // `{{...}}` templates for a card's name and its text
  // (products/tabletop_cards.h); empty: the card's id, no text.
  struct TabletopLine {
    std::string text;
    SourceLoc loc;
  };
  std::vector<TabletopLine> tabletop_name, tabletop_text;
  SourceLoc loc;
};

// Values lookup() makes up for a card ("copy", "id", "index"), interned by
// their text so that the pointers it returns live as long as the game.
// Thread-safe (cards are laid out in parallel).
class SyntheticValues {
 public:
  const Value* intern(const std::string& text) const;

 private:
  mutable std::mutex mutex_;
  mutable std::map<std::string, Value> values_;  // node-based: pointers stay valid
};

struct Game {
  std::string id;
  std::string name;
  std::string rules;  // rules module id (empty: generic checks only)
  std::string format_id;
  const CardFormat* format = nullptr;
  // The print-shop profile (data/print/profiles.yaml) its default build
  // packages for; empty: the profiles' default. Checked by build and
  // preflight, which read the profiles.
  std::string profile;
  SourceLoc profile_loc;
  Value info;  // the whole `game:` map, readable by layouts as game.*
  std::vector<Table> tables;
  std::vector<FieldSpec> card_fields;
  std::vector<Deck> decks;
  std::string file;  // the project file that declares it ("data/games/palantir.yaml")
  SourceLoc loc;
  // Its languages, all BCP 47 tags in canonical form (core/language.h): the
  // one its data is written in (the game's `language:`, else the database's;
  // "und", undetermined, when neither says) and the ones it is translated
  // into (`translations:`, else every language with a locale file of it).
  std::string source_language = "und";
  std::vector<std::string> translations;
  bool translations_declared = false;  // listed in the data, not found from the locale files
  SourceLoc language_loc;              // where the source language is declared (unknown: nowhere)
  // The language its text is in now: the source, or one of the translations
  // the model was loaded in (LoadOptions::language).
  std::string language = "und";
  // The strings that replaced the data's text, nearest first: the
  // language's own, then each more general language's ("de-CH", then "de"),
  // each with the strings its variant adds or changes. Empty in the source.
  struct Translation {
    const Locale* base = nullptr;     // data/locales/<lang>/<game>.yaml (null: none yet)
    const Locale* variant = nullptr;  // data/locales/<lang>/<game>.<variant>.yaml (null: none)
  };
  std::vector<Translation> translated_by;
  std::optional<TranslationStatus> translation;  // set when translated_by was applied
  // The source language first, then the translations.
  std::vector<std::string> languages() const;
  bool has_language(const std::string& tag) const;
  bool in_source_language() const { return language == source_language; }

  // A variant (data/variants/<game>/<variant>.yaml) applied on load: cards
  // added, removed and patched, tables restyled, fonts swapped, and rule
  // changes its rules module reads (e.g. Palantír's `without_classes`).
  std::string variant;  // its id (file name); empty: the base game
  std::string variant_name;
  Value variant_rules;                                    // the variant's `rules:` map (null when none)
  std::map<std::string, std::string> font_substitutions;  // layout family -> family
  // Where the variant names each swap: the layout family's key and the
  // family swapped in, for errors at the variant's line (layout module).
  std::map<std::string, std::pair<SourceLoc, SourceLoc>> font_substitution_locs;
  std::shared_ptr<const SyntheticValues> synthetic = std::make_shared<SyntheticValues>();

  // A fixed word printed by code (the rules engine's reference texts) or a
  // layout's literal text: the translation of `id` ("rules.palantir.points")
  // in the game's language (the variant's own first, then the nearest
  // language's), else `source`, the text as written.
  std::string tr(const std::string& id, const std::string& source) const;

  const Table* table(const std::string& id) const;
  const Deck* deck(const std::string& id) const;
  // The first copy of the card definition `def_id`, in any deck.
  const Card* card_definition(const std::string& def_id) const;
  size_t card_count() const;  // physical cards: decks printed as cards (not booklets or boards)
  // The schema of a card field path ("good.name"), or nullptr.
  const FieldSpec* card_field(const std::string& path) const;
  // The schema the cards of deck `deck_id` follow (the deck's own, else the game's).
  const std::vector<FieldSpec>& fields_of(const std::string& deck_id) const;
};

struct Model {
  // Where it was loaded from: layouts/, templates/ and fonts/ are read through
  // it too. Outlives the model.
  const project::Project* project = nullptr;
  // The language it was loaded in (LoadOptions::language): empty, every game
  // in its source language; else the games that have it are translated.
  std::string language;
  // data/cards.yaml's `language:`: the source language of games that do not
  // say theirs (empty: not given).
  std::string default_language;
  std::vector<Locale> locales;  // every locale file of the project (loaded with its languages)
  std::vector<CardFormat> formats;
  // How each language words rule facts (`phrasing:` of any data file, by
  // BCP 47 tag; README: Rule facts): read by rules/fact_text.h.
  std::map<std::string, Value> phrasing;
  std::vector<std::unique_ptr<Game>> games;

  const Game* game(const std::string& id) const;
  const CardFormat* format(const std::string& id) const;
};

struct LoadResult {
  std::unique_ptr<Model> model;  // null when there were errors
  Diagnostics diagnostics;
};

// Loads the project's data/cards.yaml and everything it includes. Reports every
// problem found (syntax, unknown or missing fields, wrong types, unknown
// references, missing layout or template files), not only the first.
struct LoadOptions {
  // "en": the text of every game translated into English is replaced from
  // data/locales/en/ (and the languages it falls back to); the other games
  // keep their source text (Game::has_language tells them apart). Empty:
  // every game in its source language.
  std::string language;
  std::string variant;  // "scharfes-spiel": data/variants/<game>/scharfes-spiel.yaml
};
// The variants a game has (file names under data/variants/<game>/).
std::vector<std::string> available_variants(const project::Project& project, const std::string& game);
// The model keeps a pointer to `project`, which must outlive it.
LoadResult load_model(const project::Project& project, const LoadOptions& options = {});

// Reads a field of a card through the game's schema: "region.name" follows
// the reference `region` into its table entry; "copy", "copies" and "id" are
// the card's own; "game.x" reads the game's info. nullptr when absent.
const Value* lookup(const Game& game, const Card& card, const std::string& path);

}  // namespace kw::model

namespace kw::model {
// True when `path` names a field the game's schema declares (following
// references into tables), whether or not a particular card sets it.
// `deck_id` picks the schema of that deck (empty: the game's).
bool is_known_path(const Game& game, const std::string& path, const std::string& deck_id = {});
}  // namespace kw::model
