// Palantír: the characters the rule text names together with their card
// ("Gondor-Ringträger (Elrond / Hexenkönig von Angmar)", "Gondor-Erben
// (Faramir / Gothmog)", ...) or their class ("Frodo und Gollum" among the
// Ringträger). The game declares these bindings as data
// (`meta.characters`); this module checks them against the rule text and
// the deck against them, so a name cannot wander to another card unnoticed.
#include <algorithm>

#include "rules/palantir.h"
#include "rules/support.h"

namespace kw::rules::palantir {

namespace {

// A character as the rule text names it: on one card (region and class) or
// in one class; `side` is the half of the card it stands on.
struct NamedCharacter {
  std::string_view name;
  std::optional<CardKey> card;
  Class cls;
  std::string_view side;  // "good" or "evil"
};

// From the rule text's "Sonderkarten", "Die Karten" and "Die Klassen". The
// text names the evil Gondor-Ringträger twice, differently: both count.
const NamedCharacter kNamed[] = {
    {"Elrond", kSauronsAuge, Class::Ringtraeger, "good"},
    {"Nazgûl-Fürst", kSauronsAuge, Class::Ringtraeger, "evil"},
    {"Hexenkönig von Angmar", kSauronsAuge, Class::Ringtraeger, "evil"},
    {"Thal & Erebor", kBalrog, Class::Streitkraft, "good"},
    {"Rhúnedain", kBalrog, Class::Streitkraft, "evil"},
    {"Faramir", kEowyn, Class::Erbe, "good"},
    {"Gothmog", kEowyn, Class::Erbe, "evil"},
    {"Der Eine Ring", kEinerRing, Class::Artefakt, "good"},
    {"Frodo", std::nullopt, Class::Ringtraeger, "good"},
    {"Gollum", std::nullopt, Class::Ringtraeger, "evil"},
    {"Saruman", std::nullopt, Class::Ringtraeger, "evil"},
};

const NamedCharacter* named(std::string_view name) {
  for (const auto& n : kNamed)
    if (n.name == name) return &n;
  return nullptr;
}

// "Frodo Beutlin" still names Frodo: the name as a whole word of the card's.
bool names(std::string_view card_name, std::string_view character) {
  for (size_t at = card_name.find(character); at != std::string_view::npos; at = card_name.find(character, at + 1)) {
    const size_t end = at + character.size();
    const bool starts = at == 0 || card_name[at - 1] == ' ';
    const bool ends = end == card_name.size() || card_name[end] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

std::string where(const NamedCharacter& n) {
  return n.card ? "the " + to_string(*n.card) + " card's " + std::string(n.side) + " side"
                : "a " + std::string(id(n.cls)) + " card";
}

}  // namespace

// Over 80 lines: each binding of meta.characters checked against the rule text's in one loop, so that every message
// names the binding's own line.
// NOLINTNEXTLINE(readability-function-size)
void check_bindings(const model::Game& game, Diagnostics& out) {
  Sink sink(out, game, "palantir.characters");
  const model::Value* list = info(game, "meta.characters");
  if (!list) {
    sink.error(game.loc, "Palantír needs meta.characters: the characters the rules name with their cards", {},
               "e.g. - { name: Elrond, card: gondor-ringtraeger, side: good }");
    return;
  }
  // The data's bindings against the rule text's.
  std::vector<const NamedCharacter*> declared;
  for (const model::Value& entry : list->list) {
    const model::Value* name = entry.find("name");
    if (!name) {
      sink.error(entry.loc, "a character binding needs a name");
      continue;
    }
    const NamedCharacter* rules = named(name->scalar);
    if (!rules) {
      sink.error(name->loc, "the rules name no character '" + name->scalar + "' with a card or class");
      continue;
    }
    declared.push_back(rules);
    const model::Value* card = entry.find("card");
    const model::Value* cls = entry.find("class");
    const model::Value* side = entry.find("side");
    if (rules->card) {
      const model::Card* def = card ? game.card_definition(card->scalar) : nullptr;
      std::optional<CardKey> key;
      if (def) {
        auto r = region_from_id(text(game, *def, "region"));
        auto c = class_from_id(text(game, *def, "class"));
        if (r && c) key = CardKey{*r, *c};
      }
      if (!card)
        sink.error(entry.loc, name->scalar + " needs the card the rules bind it to: " + to_string(*rules->card));
      else if (!key || *key != *rules->card)
        sink.error(card->loc,
                   "the rules bind " + name->scalar + " to " + where(*rules) + ", not to '" + card->scalar + "'");
    } else if (!cls || cls->scalar != id(rules->cls)) {
      sink.error(cls ? cls->loc : entry.loc,
                 "the rules make " + name->scalar + " a " + std::string(id(rules->cls)) + " card");
    }
    if (side && side->scalar != rules->side)
      sink.error(side->loc, "the rules show " + name->scalar + " on the " + std::string(rules->side) + " side");
  }
  for (const auto& n : kNamed)
    if (n.card && n.name != "Hexenkönig von Angmar" &&
        std::find(declared.begin(), declared.end(), &n) == declared.end())
      sink.error(list->loc, "no binding for " + std::string(n.name) + ", whom the rules name on " + where(n));

  // The deck against the bindings: a bound card shows its character, and a
  // character's name stands on no other card.
  for (const auto& deck : game.decks)
    for (const auto& card : deck.cards) {
      if (card.copy > 1) continue;
      auto r = region_from_id(text(game, card, "region"));
      auto c = class_from_id(text(game, card, "class"));
      if (!r || !c) continue;
      const CardKey key{*r, *c};
      for (std::string_view side : {"good", "evil"}) {
        const std::string path = std::string(side) + ".name";
        const std::string shown = text(game, card, path);
        for (const NamedCharacter* n : declared) {
          const bool here = n->card ? *n->card == key && n->side == side : n->cls == key.cls;
          if (!shown.empty() && names(shown, n->name) && !here)
            sink.error(field_loc(game, card, path),
                       "'" + shown + "' names " + std::string(n->name) + ", whom the rules put on " + where(*n),
                       card.def_id);
        }
      }
      // A bound card must show a name the rules give it (either of the evil
      // Gondor-Ringträger's two).
      for (std::string_view side : {"good", "evil"}) {
        std::vector<const NamedCharacter*> mine;
        for (const NamedCharacter* n : declared)
          if (n->card && *n->card == key && n->side == side) mine.push_back(n);
        if (mine.empty()) continue;
        const std::string path = std::string(side) + ".name";
        const std::string shown = text(game, card, path);
        if (std::none_of(mine.begin(), mine.end(), [&](const NamedCharacter* n) { return names(shown, n->name); }))
          sink.error(field_loc(game, card, path),
                     to_string(key) + "'s " + std::string(side) + " side shows '" + shown + "', but the rules name " +
                         std::string(mine.front()->name) + " there",
                     card.def_id);
      }
    }
}

}  // namespace kw::rules::palantir
