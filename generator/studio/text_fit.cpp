#include "studio/text_fit.h"

#include <algorithm>
#include <cctype>

namespace kw::studio {

namespace {

// The scalar at dotted `path` of `fields` ("good.name", "lines.2"), or nullptr.
model::Value* scalar_at(model::Value& fields, const std::string& path) {
  model::Value* v = &fields;
  size_t at = 0;
  while (v && at <= path.size()) {
    const size_t dot = path.find('.', at);
    const std::string step = path.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
    if (v->is_map()) {
      v = v->find(step);
    } else if (v->is_list() && !step.empty() && step.size() < 6 && std::all_of(step.begin(), step.end(), [](char c) {
                 return std::isdigit(static_cast<unsigned char>(c));
               })) {
      const size_t i = std::stoul(step);
      v = i < v->list.size() ? &v->list[i] : nullptr;
    } else {
      v = nullptr;
    }
    if (dot == std::string::npos) break;
    at = dot + 1;
  }
  return v && v->is_scalar() ? v : nullptr;
}

}  // namespace

TextFitter::TextFitter(engine::Loaded loaded, const model::Game& game, std::shared_ptr<const text::FontLibrary> fonts,
                       std::string language)
    : loaded_(std::move(loaded)),
      game_(game),
      fonts_(std::move(fonts)),
      compiler_(std::make_unique<engine::GameCompiler>(*loaded_.model, game_, *fonts_)),
      language_(std::move(language)) {}

std::optional<FitAnswer> TextFitter::fit(const std::string& card_id, const std::string& path, const std::string& value,
                                         std::string& error) const {
  for (const auto& deck : game_.decks) {
    if (deck.product != model::Product::Cards) continue;
    for (const auto& card : deck.cards) {
      if (card.id != card_id) continue;
      model::Card typed = card;
      model::Value* field = scalar_at(typed.fields, path);
      if (!field) {
        error = "card '" + card_id + "' has no text '" + path + "'";
        return std::nullopt;
      }
      field->scalar = value;
      field->quoted = true;
      Diagnostics ignored;  // the layout was loaded, and its problems reported, by the reload
      const layout::LayoutDef* def = compiler_->layouter().definition(deck.layout, ignored);
      if (!def) {
        error = "the layout of card '" + card_id + "' does not load";
        return std::nullopt;
      }
      const auto context = compiler_->context(language_);
      FitAnswer answer;
      answer.texts = compiler_->layouter().fit_texts(*def, game_, typed, path, language_, context.rule_values);
      answer.fits = std::all_of(answer.texts.begin(), answer.texts.end(), [](const auto& t) { return t.fits; });
      return answer;
    }
  }
  error = "no card '" + card_id + "' in " + game_.id;
  return std::nullopt;
}

}  // namespace kw::studio
