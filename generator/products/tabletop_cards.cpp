#include "products/tabletop_cards.h"

#include <optional>
#include <stdexcept>

#include "layout/entry_path.h"
#include "layout/expression.h"
#include "model/field_path.h"
#include "text/markup.h"

namespace kw::products {

namespace {

using RuleValues = std::map<std::string, std::string>;

bool prints_cards(const model::Deck& deck) { return deck.product == model::Product::Cards; }

// `line` for `card`; nullopt when a field it names is unset (the line is
// left out). Throws on an unknown field or a malformed template.
std::optional<std::string> fill(const model::Game& game, const RuleValues* rule_values, const model::Deck& deck,
                                const model::Card& card, const model::Deck::TabletopLine& line) {
  bool unset = false;
  const layout::Resolver resolve = [&](const std::string& path) -> std::optional<std::string> {
    if (!model::is_known_path(game, path, deck.id)) return std::nullopt;
    const model::Value* v = model::lookup(game, card, path);
    std::string text = v ? layout::value_text(*v) : std::string();
    if (text.empty()) unset = true;
    return text;
  };
  const layout::ExprResult result = layout::interpolate(line.text, resolve, game.language);
  if (!result.ok())
    throw std::runtime_error(line.loc.str() + ": deck '" + deck.id + "', tabletop \"" + line.text + "\", card " +
                             card.id + ": " + result.error);
  if (unset) return std::nullopt;
  if (result.value.find("{{") == std::string::npos) return result.value;
  // The card's text names the rules' texts (and only those, as in layouts).
  const layout::Resolver rules = [&](const std::string& path) -> std::optional<std::string> {
    const std::string* v = rule_values ? model::rules_value(*rule_values, path) : nullptr;
    if (!v) return std::nullopt;
    return *v;
  };
  const layout::ExprResult inner = layout::interpolate(result.value, rules, game.language);
  if (!inner.ok())
    throw std::runtime_error(line.loc.str() + ": deck '" + deck.id + "', tabletop \"" + line.text + "\", card " +
                             card.id + ": " + inner.error +
                             " (card text may refer to {{rules.…}} and {{fact.…}} only)");
  return inner.value;
}

TabletopCard card_names(const model::Game& game, const RuleValues* rule_values, const model::Deck& deck,
                        const model::Card& card) {
  TabletopCard named;
  // Every line is filled, also after the one that wins: a misspelt field
  // is found on the first card, not only on a card that reaches it.
  for (const auto& line : deck.tabletop_name) {
    auto text = fill(game, rule_values, deck, card, line);
    if (text && named.name.empty()) named.name = *text;
  }
  if (named.name.empty()) named.name = card.id;
  for (const auto& line : deck.tabletop_text) {
    if (auto text = fill(game, rule_values, deck, card, line)) named.text += (named.text.empty() ? "" : "\n") + *text;
  }
  return named;
}

// The markup's text with each styled stretch wrapped in `open`/`close`
// (empty: no tags) and each icon as :name:.
template <class Tags>
std::string rewrite(const std::string& source, Tags tags) {
  text::MarkupResult parsed = text::parse_markup(source);
  if (!parsed.error.empty()) return source;  // the card's own layout reports it
  const text::Markup& m = parsed.markup;
  std::string out;
  size_t icon = 0;
  for (const text::MarkupSpan& span : m.spans) {
    const auto [open, close] = tags(span.flags);
    out += open;
    for (size_t i = span.begin; i < span.end; ++i) {
      if (icon < m.icons.size() && m.icons[icon].offset == i) {
        out += ":" + m.icons[icon].name + ":";
        i += 2;  // U+FFFC is three bytes in UTF-8
        ++icon;
      } else {
        out += m.text[i];
      }
    }
    out += close;
  }
  return out;
}

}  // namespace

std::string TabletopCards::key() const {
  std::string text;
  for (const auto& deck : decks) {
    text += deck.id + "\t" + deck.name + "\n";
    for (size_t front : deck.fronts) text += cards.at(front).name + "\t" + cards.at(front).text + "\n";
  }
  return text;
}

TabletopCards tabletop_cards(const model::Game& game, const RuleValues* rule_values) {
  TabletopCards result;
  for (const model::Deck& deck : game.decks) {
    if (!prints_cards(deck)) continue;
    TabletopDeck named{deck.id, deck.name, {}};
    for (const model::Card& card : deck.cards) {
      named.fronts.push_back(result.cards.size());
      result.cards.push_back(card_names(game, rule_values, deck, card));
    }
    result.decks.push_back(std::move(named));
  }
  return result;
}

std::string tts_bbcode(const std::string& markup) {
  return rewrite(markup, [](const text::StyleFlags& f) {
    std::string open = std::string(f.bold ? "[b]" : "") + (f.italic ? "[i]" : "");
    std::string close = std::string(f.italic ? "[/i]" : "") + (f.bold ? "[/b]" : "");
    return std::pair{open, close};
  });
}

std::string plain_text(const std::string& markup) {
  return rewrite(markup, [](const text::StyleFlags&) { return std::pair{std::string(), std::string()}; });
}

}  // namespace kw::products
