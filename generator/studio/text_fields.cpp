#include "studio/text_fields.h"

#include <functional>

#include "model/locale.h"

namespace kw::studio {

namespace {

using Visit = std::function<void(const std::string& path, const model::Value& v, bool in_list)>;

// Every Text-typed scalar under `v`, as declared by `specs`, with its dotted
// path ("good.name", "lines.2"). (model/strings.cpp walks the same way for
// the translatable strings; it keeps its walker private to the model.)
void each_text(const model::Value& v, const std::vector<model::FieldSpec>& specs, const std::string& prefix,
               bool in_list, const Visit& visit);

void each_text_value(const model::Value& v, const model::FieldSpec& spec, const std::string& path, bool in_list,
                     const Visit& visit) {
  switch (spec.type) {
    case model::FieldSpec::Type::Text:
      if (v.is_scalar()) visit(path, v, in_list);
      break;
    case model::FieldSpec::Type::Record:
      each_text(v, spec.fields, path + ".", in_list, visit);
      break;
    case model::FieldSpec::Type::List:
      if (v.is_list() && !spec.element.empty())
        for (size_t i = 0; i < v.list.size(); ++i)
          each_text_value(v.list[i], spec.element.front(), path + "." + std::to_string(i), true, visit);
      break;
    default:
      break;
  }
}

void each_text(const model::Value& v, const std::vector<model::FieldSpec>& specs, const std::string& prefix,
               bool in_list, const Visit& visit) {
  if (!v.is_map()) return;
  for (const auto& [key, member] : v.map)
    for (const auto& spec : specs)
      if (spec.name == key) each_text_value(member, spec, prefix + key, in_list, visit);
}

std::string place_of(const SourceLoc& loc) {
  return loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

}  // namespace

MissingStrings missing_strings(const project::Project& project, const model::Game& game) {
  MissingStrings out;
  if (game.in_source_language() || !game.variant.empty()) return out;
  const std::string file = model::locale_file(game.language, game.id);
  if (!project.exists(file)) return out;
  out.file = file;
  out.source_key = model::source_key(game.source_language);
  for (auto& s : model::data_strings(game))
    if (!s.loc.file.starts_with("data/locales/")) out.by_place.emplace(place_of(s.loc), std::move(s));
  return out;
}

std::vector<TextField> text_fields(const model::Game& game, const model::Deck& deck, const model::Card& card,
                                   const MissingStrings* missing) {
  std::vector<TextField> out;
  const std::string locales = "data/locales/" + game.language + "/";
  const std::string variant_file = "data/variants/" + game.id + "/" + game.variant + ".yaml";
  each_text(card.fields, game.fields_of(deck.id), "", false,
            [&](const std::string& path, const model::Value& v, bool in_list) {
              TextField f;
              f.path = path;
              f.value = v.scalar;
              f.file = v.loc.file;
              f.line = v.loc.line;
              f.column = v.loc.column;
              const std::string& file = v.loc.file;
              if (!game.in_source_language()) {
                const model::SourceString* source = nullptr;
                if (missing && !missing->file.empty() && !file.starts_with(locales))
                  if (auto it = missing->by_place.find(place_of(v.loc)); it != missing->by_place.end())
                    source = &it->second;
                if (source) {
                  f.add = TextField::Addition{missing->file, source->id, missing->source_key, source->text};
                  f.why_not = "not translated into '" + game.language + "' yet: add the translation here (into " +
                              missing->file + ")";
                } else if (!file.starts_with(locales)) {
                  f.why_not = "not translated into '" + game.language + "' yet: `kartenwerk i18n export --lang " +
                              game.language + "` and `i18n import` add it to " + locales;
                }
              } else if (!game.variant.empty()) {
                if (file != variant_file) {
                  f.file = variant_file;
                  f.line = f.column = 0;
                  f.patch = true;  // the page adds a `patch:` of the variant for it
                  if (in_list)
                    f.why_not = "the variant does not change this text; add a patch for it in " + variant_file;
                }
              } else if (!file.starts_with("data/") || file.starts_with("data/locales/") ||
                         file.starts_with("data/variants/") ||
                         !(file.ends_with(".yaml") || file.ends_with(".yml") || file.ends_with(".csv"))) {
                f.why_not = file.empty() ? "this text is not written in a file"
                                         : "this text is read from " + file + ", which the studio does not edit";
              }
              if (f.line == 0 && !f.patch && f.why_not.empty()) f.why_not = "this text has no place in a file";
              out.push_back(std::move(f));
            });
  return out;
}

}  // namespace kw::studio
