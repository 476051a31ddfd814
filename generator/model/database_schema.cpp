#include "model/database_schema.h"

#include "model/schema.h"

namespace kw::model {

using namespace yaml;  // the declaration builders: record, key, text, ...

const Schema& format_schema() {
  static const Schema s =
      record("format", {
                           // The ranges keep `check` and `build` in step: a size
                           // the renderer cannot make is refused here, at its line.
                           required_key("width", number(1, kMaxFormatLength), "trim width, mm"),
                           required_key("height", number(1, kMaxFormatLength), "trim height, mm"),
                           required_key("bleed", number(0, kMaxBleed), "bleed on every side, mm"),
                           required_key("safe", number(0, kMaxFormatLength), "safe margin inside the trim, mm"),
                           key("corner_radius", number(0, kMaxFormatLength),
                               "corner radius cut by the die, mm (never drawn); default 0"),
                           key("dpi", number(kMinDpi, kMaxDpi), "raster output resolution; default 300"),
                           key("note", text(), "why this format (free text)"),
                       });
  return s;
}

namespace {

Schema field_type() { return choice(field_type_names(), "field type"); }

}  // namespace

const Schema& field_declaration_schema() {
  static const Schema s =
      record("field declaration",
             {
                 required_key("type", field_type(), "the field's type"),
                 key("required", boolean(), "whether every card (or entry) must set it; default false"),
                 key("table", id(), "ref: the table whose entry it names"),
                 key("allowed", list_of(text()), "id: the values it may take (default: any)"),
                 key("fields", dict_of(read_as("field", "a field declaration"), "field"),
                     "record: its members, declared like this"),
                 key("of", described(one_of({field_type(), dict_of(any())}), "a type name or { type: ..., ... }"),
                     "list: the type of its elements, declared like this"),
                 key("doc", text(), "what the field means"),
             });
  return s;
}

const Schema& field_declarations_schema() {
  static const Schema s = dict_of(
      described(one_of({field_type(), field_declaration_schema()}), "a type name or { type: ..., required: ... }"),
      "field");
  return s;
}

const Schema& table_schema() {
  static const Schema s =
      record("table", {
                          required_key("fields", field_declarations_schema(), "the fields of every entry"),
                          required_key("entries", dict_of(dict_of(any(), "field"), "entry"), "entry id -> its fields"),
                          key("doc", text(), "what the table is"),
                      });
  return s;
}

const Schema& card_keys_schema() {
  static const Schema s =
      record("card",
             {
                 required_key("id", id(), "unique in the game; copies are <id>-1, <id>-2, ..."),
                 key("copies", integer(1), "identical copies of the card (at most the `copies` limit); default 1"),
                 key("per_copy", list_of(dict_of(any(), "field")), "one patch of fields per copy, where copies differ"),
             });
  return s;
}

// A deck's `tabletop:`: templates of its cards' names and texts.
const Schema& tabletop_schema() {
  static const Schema line = described(one_of({text(), list_of(text())}), "a template or a list of them");
  static const Schema s = record(
      "tabletop", {
                      key("name", line,
                          "the card's name: the first template whose {{fields}} are all set (\"{{region.name}} "
                          "{{class.name}}\")"),
                      key("text", line, "the card's text: every template whose {{fields}} are all set, one a line"),
                  });
  return s;
}

// A game's `facts:` (README: Rule facts; rules/facts.h): the vocabulary
// of what its rule sentences state.
const Schema& fact_schema() {
  static const Schema ids = described(one_of({id(), list_of(id())}), "an id or a list of ids");
  static const Schema s = record(
      "fact",
      {
          key("count", integer(0), "kind: a count or threshold (\"5 or more Kings\"); with compare and of"),
          key("points", integer(), "kind: points (\"a trick of 40 points or more\")"),
          key("deal", integer(1), "kind: the cards each player is dealt; with players"),
          key("players", described(one_of({integer(1), list_of(integer(1))}), "N or [min, max]"),
              "kind: the player range (or, with deal: the players it is for)"),
          key("ranking", list_of(id()), "kind: a ranking, highest first (ids of table entries or cards)"),
          key("binding", text(), "kind: a name bound to a card, table entry or deck (with card/entry/deck, field)"),
          key("effect", text(), "kind: a trigger and its effect, where it applies (applies_in, not_in)"),
          key("compare", choice({"exactly", "at_least", "more_than", "at_most", "fewer_than"}, "comparison"),
              "how the number bounds (default exactly)"),
          key("of", id(), "what is counted: a noun of facts: nouns:"),
          key("deck", id(), "count: the deck whose cards it counts; binding: the deck it names"),
          key("where", dict_of(any(), "field"), "count: only cards whose fields equal these (as in checks:)"),
          key("table", id(), "count: the table whose entries it counts; ranking: the table whose entries it ranks"),
          key("card", id(), "binding: the card definition the name is on"),
          key("entry", text(), "binding: the table entry (table.entry) the name is on"),
          key("field", text(), "binding: the field holding the name (default name)"),
          key("roles", dict_of(ids, "role"),
              "effect: what it involves, by role (who, whom, what, from, to, when, ...): ids of cards, table entries, "
              "decks, bindings or terms; its claims may name only these"),
          key("sides", dict_of(text(), "opposite"),
              "effect: the side of each opposite of the phrasing it states (open_hidden: open); its claims may not "
              "say the other"),
          key("rank", dict_of(integer(1), "end"),
              "effect: the ordinal place it states from an end of the phrasing's ranks (highest: 1); its claimed "
              "sentences may not say another"),
          key("negated", boolean(), "effect: its claims state it negated (\"takes no trick\") or not"),
          key("say", dict_of(one_of({text(), dict_of(text(), "language")}), "language or sentence name"),
              "effect: its sentence in each language ({{fact.<id>}} prints it), or named sentences each in every "
              "language (spares: { de: ..., en: ... }, printed by {{fact.<id>.spares}}); {role} prints the role's "
              "names, {role:case} their forms of that case (facts: cases:)"),
          key("applies_in", ids, "effect: the contracts or modes it applies in"),
          key("not_in", ids, "effect: those it does not apply in"),
          key("doc", text(), "what the fact is, in the designer's words"),
      });
  return s;
}

const Schema& rule_text_schema() {
  static const Schema s =
      record("rule text", {
                              key("deck", id(), "a deck whose cards print rules"),
                              key("table", id(), "a table whose entries print rules"),
                              required_key("field", text(), "the text field that prints them"),
                              key("narrative", boolean(),
                                  "prose that tells a story (flavor): only sentences naming a noun of the facts are "
                                  "rule sentences, not every number"),
                          });
  return s;
}

const Schema& facts_schema() {
  static const Schema s = record(
      "facts",
      {
          key("nouns", dict_of(dict_of(text(), "language"), "noun"),
              "what facts count, in each language: { koenig: { de: \"König|Könige|Königen\", en: "
              "\"King|Kings\" } }"),
          key("terms", dict_of(dict_of(text(), "language"), "term"),
              "the game's words for its things, in each language (\"Energie|Energiemarken\"): a rewording "
              "or a translation must not say one for another (\"die Brücke\" where it said \"die Energie\")"),
          key("texts", list_of(rule_text_schema()), "where rules are printed: coverage and free-sentence warnings"),
          key("cases", dict_of(dict_of(dict_of(text(), "case"), "language"), "id"),
              "how a name reads in each case of a language, for {role:case} in a fact's say: { tod: { de: { acc: "
              "\"den Tod\", dat: \"dem Tod\" } } }"),
          key("rules", dict_of(fact_schema(), "fact"), "the facts, by id"),
      });
  return s;
}

namespace {

// How a language words what facts state: the comparisons (the first of each
// list is how {{fact.…}} writes it; all of them are how claims are read).
const Schema& phrasing_schema() {
  static const Schema phrases = described(one_of({text(), list_of(text())}), "a phrase or a list of them");
  static const Schema s = record("phrasing", {
                                                 key("exactly", phrases, "\"{n}\", \"genau {n}\""),
                                                 key("at_least", phrases, "\"{n} or more\", \"at least {n}\""),
                                                 key("more_than", phrases, "\"more than {n}\""),
                                                 key("at_most", phrases, "\"{n} or fewer\", \"at most {n}\""),
                                                 key("fewer_than", phrases, "\"fewer than {n}\""),
                                                 key("range", phrases, "a player range: \"{min} to {max}\""),
                                                 key("ranking", text(), "between the names of a ranking: \" > \""),
                                                 key("negations", list_of(text()),
                                                     "words that negate (\"kein\", \"nicht\", \"never\"): a "
                                                     "reworded claim must negate as its words did"),
                                                 key("opposites", dict_of(list_of(text()), "pair"),
                                                     "pairs of words of opposite sense, each side \"form|form\", "
                                                     "under a key every language shares (first_last: "
                                                     "[\"zuerst|erste\", \"zuletzt|letzte\"]): a rewording or a "
                                                     "translation must not say one for the other"),
                                                 key("ranks",
                                                     record("ranks",
                                                            {
                                                                key("ends", dict_of(text(), "end"),
                                                                    "the words a place counts from, under "
                                                                    "keys every language shares "
                                                                    "(highest: \"höchst\", last: "
                                                                    "\"letzt\"), \"form|form\""),
                                                                key("places", dict_of(text(), "place"),
                                                                    "how far from it (\"2\": "
                                                                    "\"zweit|vor\", \"3\": \"dritt\")"),
                                                            }),
                                                     "ordinal places (\"die dritthöchste Karte\", \"the "
                                                     "second-to-last card\"): a rewording or a translation keeps "
                                                     "the place"),
                                                 key("one", list_of(text()),
                                                     "articles that count one before a counted noun (\"a\", "
                                                     "\"an\"), where the number words do not say so"),
                                                 key("passive",
                                                     record("passive",
                                                            {
                                                                key("auxiliaries", list_of(text()), "\"wird\", \"is\""),
                                                                key("agents", list_of(text()), "\"vom\", \"by\""),
                                                            }),
                                                     "a clause with both names the doer after the agent word "
                                                     "(\"der Balrog wird vom Ring geschlagen\"): who beats whom "
                                                     "is read the other way round"),
                                                 key("conjunctions", list_of(text()),
                                                     "\"und\", \"oder\": where a shared part is left out "
                                                     "(\"Voll- oder Sichelmond\", \"Full or Crescent Moon\")"),
                                             });
  return s;
}

}  // namespace

const Schema& deck_schema() {
  static const Schema s = record(
      "deck", {
                  required_key("id", id(), "unique in the game"),
                  required_key("name", text(), "the deck's name (translatable)"),
                  required_key("layout", id(), "its cards' layout: layouts/<layout>.yaml"),
                  key("back", id(), "the layout of the back (default: no back)"),
                  key("cards", list_of(read_as("card", "a card")), "the cards: { id: ..., copies: N, <card fields> }"),
                  key("cards_csv", text(),
                      "instead of cards: a CSV file (relative to this file) with a row per card: id, copies, "
                      "<card fields> (README: Spreadsheets)"),
                  key("card_fields", field_declarations_schema(), "the deck's own card schema (default: the game's)"),
                  key("product", choice(all_names(kProductNames)), "what the deck is printed as; default cards"),
                  key("file", text(), "booklet: the PDF's name; board: the files' stem"),
                  key("format", id(), "the deck's own format (default: the game's)"),
                  key("tabletop", tabletop_schema(),
                      "what its cards are called in virtual tabletops (README: Tabletop); default: the card's id"),
              });
  return s;
}

const Schema& game_schema() {
  static const Schema s = record(
      "game", {
                  required_key("id", id(), "unique among the games; names output/<id>/"),
                  required_key("name", text(), "the game's name (translatable)"),
                  key("subtitle", text(), "shown under the name (translatable)"),
                  required_key("format", id(), "the card format of its decks (an entry of formats:)"),
                  key("language", text(),
                      "the language its text is written in, a BCP 47 tag (en, en-GB, de, pt-BR, ja, ...); default: "
                      "the database's `language:`"),
                  key("translations", list_of(text()),
                      "the languages it is translated into (BCP 47 tags, each with data/locales/<tag>/<game>.yaml); "
                      "default: the database's `translations:`, else every language with a locale file of the game"),
                  key("rules", id(), "its rules module (default: declared checks only)"),
                  key("profile", id(),
                      "the print-shop profile its default build packages for (data/print/profiles.yaml; default: "
                      "that file's `default:`)"),
                  key("tables", dict_of(table_schema(), "table"), "lookup tables: regions, classes, ..."),
                  required_key("card_fields", field_declarations_schema(), "the schema of its cards"),
                  required_key("decks", list_of(deck_schema()), "its decks, in print order"),
                  key("meta", dict_of(any()), "facts layouts and rules read as game.meta.*"),
                  key("reconstructed", text(), "which values no source gives"),
                  key("checks", list_of(read_as("check", "a check")), "declared checks, run by `kartenwerk check`"),
                  key("facts", facts_schema(), "the facts its rule sentences state (README: Rule facts)"),
                  key("reach", dict_of(integer(), "playable thing"),
                      "how often `check`'s short simulation must see a contract, special or moon kind (default: "
                      "once; README: Play-only mistakes)"),
              });
  return s;
}

const Schema& extend_schema() {
  static const Schema s = record("extend", {
                                               required_key("game", id(), "the id of the game it adds to"),
                                               required_key("decks", list_of(deck_schema()), "the decks it adds"),
                                           });
  return s;
}

const Schema& database_file_schema() {
  static const Schema s = record(
      "database file", {
                           key("kartenwerk", integer(), "the version of the database format"),
                           key("include", list_of(text()), "files to read next, relative to this one ('*' matches)"),
                           key("language", text(),
                               "data/cards.yaml only: the language the games are written in unless a game says "
                               "otherwise (a BCP 47 tag)"),
                           key("translations", list_of(text()),
                               "data/cards.yaml only: the languages the games are translated into unless a game says "
                               "otherwise"),
                           key("formats", dict_of(format_schema(), "format"), "card and page formats by id"),
                           key("phrasing", dict_of(phrasing_schema(), "language"),
                               "how each language states a rule fact (README: Rule facts)"),
                           key("game", game_schema(), "a game"),
                           key("extend", extend_schema(), "decks added to a game defined elsewhere"),
                       });
  return s;
}

const Schema& removal_schema() {
  static const Schema s =
      record("removal", {required_key("where", dict_of(text(), "field"), "card field path -> value to match")});
  return s;
}

const Schema& patch_schema() {
  static const Schema s = record("patch", {
                                              required_key("card", id(), "the card definition to change"),
                                              required_key("set", dict_of(any(), "field"), "the fields to set"),
                                          });
  return s;
}

const Schema& addition_schema() {
  static const Schema s =
      record("addition", {
                             required_key("deck", id(), "the deck it goes into"),
                             required_key("card", read_as("card", "a card"), "the card, as in a deck"),
                         });
  return s;
}

const Schema& variant_schema() {
  static const Schema s = record(
      "variant",
      {
          required_key("game", id(), "the base game's id"),
          key("name", text(), "the variant's name (default: the file name)"),
          key("description", text(), "what the variant changes"),
          key("remove",
              list_of(described(one_of({id(), removal_schema()}), "a card id or { where: { field: value } }")),
              "cards to remove"),
          key("add", list_of(addition_schema()), "cards to add"),
          key("patch", list_of(patch_schema()), "fields of cards to change"),
          key("tables", dict_of(dict_of(dict_of(any(), "field"), "entry"), "table"),
              "table entries to restyle: { table: { entry: { field: value } } }"),
          key("fonts", dict_of(text(), "family"), "font families to swap in every layout: { junicode: garamond }"),
          key("rules", any(), "rule changes the game's rules module reads"),
          key("checks", list_of(read_as("check", "a check")), "declared checks replacing the base game's"),
      });
  return s;
}

const Schema& variant_file_schema() {
  static const Schema s = record("variant file", {required_key("variant", variant_schema(), "the variant")});
  return s;
}

}  // namespace kw::model
