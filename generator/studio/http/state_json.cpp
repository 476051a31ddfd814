#include "studio/http/state_json.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace kw::studio::http {

namespace {

using nlohmann::json;

// A YAML value as the edit operations take it back (edit_json.h): a
// quoted scalar a string, a plain one (a number, a flag) as JSON reads it.
json value_json(const yaml::Value& v) {
  if (v.is_map()) {
    json out = json::object();
    for (const auto& m : v.map) out[m.key] = value_json(m.value);
    return out;
  }
  if (v.is_list()) {
    json out = json::array();
    for (const auto& e : v.list) out.push_back(value_json(e));
    return out;
  }
  if (!v.quoted) {
    if (v.scalar == "true" || v.scalar == "false") return v.scalar == "true";
    if (auto n = v.as_number()) {
      // A whole number stays one ("0", not "0.0", when it is written back).
      if (v.scalar.find_first_of(".eE") == std::string::npos && std::abs(*n) < 1e15) return static_cast<long long>(*n);
      return *n;
    }
  }
  return v.scalar;
}

// A blank card as [[key, value], ...]: the order its lines are written in.
json blank_json(const std::vector<std::pair<std::string, yaml::Value>>& blank) {
  json out = json::array();
  for (const auto& [key, value] : blank) out.push_back(json::array({key, value_json(value)}));
  return out;
}

json rect(const Rect& r) { return {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}; }

json card_json(const SessionKey& key, const CardView& c) {
  json boxes = json::array(), badges = json::array();
  auto path_json = [](const auto& steps) {
    json path = json::array();
    for (const auto& step : steps) {
      if (const auto* name = std::get_if<std::string>(&step))
        path.push_back(*name);
      else
        path.push_back(std::get<size_t>(step));
    }
    return path;
  };
  for (const auto& b : c.boxes) {
    json box = rect(b.bounds);
    box["name"] = b.name;
    box["text"] = b.text;
    if (b.source) {
      const json path = path_json(b.source->path);
      box["source"] = {{"file", b.source->file},
                       {"path", path},
                       {"box", b.source->box},
                       {"type", b.source->type},
                       {"props", b.source->props}};
    }
    boxes.push_back(box);
  }
  for (const auto& b : c.badges)
    badges.push_back({{"kind", kind_name(b.kind)}, {"error", b.error}, {"message", b.message}});
  json texts = json::array();
  for (const auto& t : c.texts)
    texts.push_back({{"path", t.path},
                     {"value", t.value},
                     {"file", t.file},
                     {"line", t.line},
                     {"column", t.column},
                     {"patch", t.patch},
                     {"why_not", t.why_not},
                     {"add", t.add ? json{{"file", t.add->file},
                                          {"id", t.add->id},
                                          {"source_key", t.add->source_key},
                                          {"source", t.add->source}}
                                   : json()}});
  return {{"stem", c.stem},
          {"card_id", c.card_id},
          {"deck", c.deck},
          {"label", c.label},
          {"fingerprint", c.fingerprint},
          {"url", card_url(key, c)},
          {"full", card_url(key, c) + "&size=full"},
          {"width_px", c.width_px},
          {"height_px", c.height_px},
          {"size", {{"w", c.size.w}, {"h", c.size.h}}},
          {"trim", rect(c.trim)},
          {"safe", rect(c.safe)},
          {"boxes", boxes},
          {"badges", badges},
          {"preflighted", c.preflighted},
          {"entry", c.entry ? json{{"file", c.entry->file},
                                   {"path", path_json(c.entry->path)},
                                   {"index", c.entry->index},
                                   {"id_column", c.entry->id_column},
                                   {"id", c.entry->id},
                                   {"blank", blank_json(c.entry->blank)},
                                   {"blank_row", c.entry->blank_row},
                                   {"blank_error", c.entry->blank_error}}
                            : json()},
          {"texts", texts},
          {"def_id", c.def_id}};
}

}  // namespace

std::string card_url(const SessionKey& key, const CardView& card) {
  return "/cards/" + key.game + "/" + key.language + "/" + (key.variant.empty() ? "-" : key.variant) + "/" + card.stem +
         ".png?v=" + card.fingerprint;
}

std::string before_url(const BeforeAfter& compared, const ChangedCard& card) {
  const SessionKey& key = compared.key;
  return "/before/" + key.game + "/" + key.language + "/" + (key.variant.empty() ? "-" : key.variant) + "/" +
         compared.commit + "/" + card.stem + ".png";
}

std::string before_after_json(const BeforeAfter& compared, const SessionState& now) {
  json changes = json::array();
  for (const auto& c : compared.changes) {
    const CardView* shown = c.kind == "removed" ? nullptr : now.card(c.stem);
    const bool sized = c.width_px > 0 || !shown;
    changes.push_back({{"kind", c.kind},
                       {"stem", c.stem},
                       {"card", c.card},
                       {"what", c.what},
                       {"before", c.before_png ? json(before_url(compared, c)) : json()},
                       {"after", shown && shown->image ? json(card_url(now.key, *shown)) : json()},
                       {"width_px", sized ? c.width_px : shown->width_px},
                       {"height_px", sized ? c.height_px : shown->height_px}});
  }
  const json j = {{"game", compared.key.game},           {"lang", compared.key.language},
                  {"variant", compared.key.variant},     {"revision", compared.revision},
                  {"commit", compared.commit},           {"cards", compared.cards},
                  {"diagnostics", compared.diagnostics}, {"changes", changes}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string card_record(const SessionKey& key, const CardView& card) {
  // Invalid UTF-8 in a file (a text, a diagnostic quotes it) must not throw.
  return card_json(key, card).dump(-1, ' ', false, json::error_handler_t::replace);
}

nlohmann::json state_members(const SessionState& s) {
  json games = json::array();
  for (const auto& [id, name] : s.games) games.push_back({{"id", id}, {"name", name}});
  return {{"game", s.key.game},       {"game_name", s.game_name},   {"lang", s.key.language},
          {"variant", s.key.variant}, {"generation", s.generation}, {"stale", s.stale},
          {"errors", s.errors},       {"warnings", s.warnings},     {"diagnostics", s.diagnostics},
          {"games", games},           {"languages", s.languages},   {"variants", s.variants},
          {"files", s.file_hashes}};
}

std::string state_json(const SessionState& s) {
  json j = state_members(s);
  json cards = json::array();
  for (const auto& c : s.cards) cards.push_back(card_json(s.key, c));
  j["cards"] = std::move(cards);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace kw::studio::http
