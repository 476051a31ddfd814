#include "model/languages.h"

#include <algorithm>
#include <map>

#include "model/schema.h"

namespace kw::model {

LanguageSelection select_languages(const std::vector<const Game*>& games, const std::string& request, bool named) {
  LanguageSelection out;
  LanguagePass source;
  std::map<std::string, std::vector<std::string>> translated;  // tag -> games, sorted by tag
  std::vector<std::string> lacking;
  for (const Game* game : games) {
    if (request.empty() || request == "all" || request == game->source_language) source.games.push_back(game->id);
    if (request == "all") {
      for (const auto& t : game->translations) translated[t].push_back(game->id);
    } else if (!request.empty() && request != game->source_language) {
      if (game->has_language(request))
        translated[request].push_back(game->id);
      else
        lacking.push_back(game->id + " (" + join_names(game->languages()) + ")");
    }
  }
  if (named && !lacking.empty()) {
    out.error = (lacking.size() == 1 ? "game " : "games ") + join_names(lacking) +
                (lacking.size() == 1 ? " is" : " are") + " not in " + request +
                " (a game is in its `language:` and in its translations: those its `translations:` lists, else "
                "those data/locales/<tag>/ has a file of it for; i18n export --lang " +
                request + " starts one)";
    return out;
  }
  if (!source.games.empty()) out.passes.push_back(std::move(source));
  for (auto& [tag, ids] : translated) out.passes.push_back({tag, std::move(ids)});
  if (out.passes.empty() && !games.empty()) {
    std::vector<std::string> all = languages_of(games);
    out.error = "no game is in '" + request + "' (languages: " + join_names(all) + ")";
  }
  return out;
}

std::string language_folder(const Game& source_game, const std::string& language) {
  return language.empty() || language == source_game.source_language ? std::string() : language;
}

std::vector<std::string> languages_of(const std::vector<const Game*>& games) {
  std::vector<std::string> out;
  auto add = [&](const std::string& tag) {
    if (std::find(out.begin(), out.end(), tag) == out.end()) out.push_back(tag);
  };
  for (const Game* g : games) add(g->source_language);
  for (const Game* g : games)
    for (const auto& t : g->translations) add(t);
  return out;
}

}  // namespace kw::model
