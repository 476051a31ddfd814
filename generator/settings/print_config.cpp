#include "settings/print_config.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "core/language.h"
#include "core/names.h"
#include "model/value.h"
#include "project/project.h"
#include "settings/settings_schema.h"
#include "yaml/reader.h"

namespace kw::settings {

namespace {

void read_line_style(yaml::Reader& r, LineStyle& style) {
  if (auto w = r.number("width")) style.width = *w;
  if (auto c = r.colour("color")) style.color = *c;
}

// The sheet formats `pnp.sheets` names, in its order (default: all).
std::vector<SheetFormat> chosen_sheets(yaml::Reader& pnp, const std::vector<SheetFormat>& formats) {
  const yaml::Value* list = pnp.find("sheets");
  if (!list) return formats;
  std::vector<SheetFormat> out;
  for (const auto& item : list->list) {
    auto it = std::find_if(formats.begin(), formats.end(), [&](const SheetFormat& f) { return f.id == item.scalar; });
    if (it != formats.end()) {
      out.push_back(*it);
      continue;
    }
    std::vector<std::string> known;
    known.reserve(formats.size());
    for (const auto& f : formats) known.push_back(f.id);
    pnp.error(item.loc, "unknown sheet '" + item.scalar + "'", "known sheets are " + yaml::join_names(known));
  }
  return out;
}

void read_pnp(yaml::Reader& r, const std::vector<SheetFormat>& formats, PnpSettings& pnp) {
  pnp.sheets = chosen_sheets(r, formats);
  if (auto g = r.number("gap")) pnp.gap = *g;
  if (auto m = r.record("marks")) {
    if (auto l = m->number("length")) pnp.mark_length = *l;
    if (auto o = m->number("offset")) pnp.mark_offset = *o;
    read_line_style(*m, pnp.marks);
  }
  if (auto c = r.record("cut_lines")) {
    if (auto e = c->flag("enabled")) pnp.cut_lines = *e;
    read_line_style(*c, pnp.cut);
  }
  if (auto d = r.record("duplex")) {
    if (auto f = d->text("flip")) pnp.flip = *f == "long-edge" ? DuplexFlip::LongEdge : DuplexFlip::ShortEdge;
    if (auto o = d->point("offset")) pnp.duplex_offset = *o;
  }
}

}  // namespace

const SheetWords* PnpSettings::words_for(const std::string& language) const {
  for (std::string tag = language; !tag.empty(); tag = parent_language(tag))
    for (const auto& w : words)
      if (w.language == tag) return &w;
  return words.empty() ? nullptr : &words.front();
}

std::optional<PnpSettings> load_pnp_settings(const project::Project& project, Diagnostics& diags) {
  const std::string file = "data/print/sheets.yaml";
  if (!project.exists(file)) return std::nullopt;
  size_t errors = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;

  PnpSettings pnp;
  pnp.loc = doc->loc;
  yaml::Reader top(*doc, sheets_file_schema(), diags);
  std::vector<SheetFormat> formats;
  top.each("sheets", [&](const std::string& id, const yaml::Value& v) {
    yaml::Reader r(v, sheet_schema(), diags, {"sheet '" + id + "'", {}, {}});
    SheetFormat f;
    f.id = id;
    f.loc = v.key_loc;
    // The id becomes a file name (pnp/<game>-<id>.pdf).
    if (!is_plain_id(id))
      diags.error(v.key_loc, "sheet id '" + id + "' is not a plain id (lower-case letters, digits and '-', at most 64)",
                  {}, "it becomes part of the file name pnp/<game>-<id>.pdf");
    f.name = r.text("name").value_or(id);
    auto w = r.number("width");
    auto h = r.number("height");
    if (w && h) f.size = {*w, *h};
    if (auto m = r.number("margin")) {
      f.margin = *m;
      f.loc = r.find("margin")->loc;
      // A margin that leaves nothing of the paper: no card fits at all.
      if (w && h && 2 * *m >= std::min(*w, *h))
        diags.error(f.loc,
                    fmt::format("the margin of sheet '{}' ({:g} mm on every side) leaves nothing of its {:g} x {:g} mm "
                                "to print on",
                                id, *m, *w, *h));
    }
    formats.push_back(f);  // even when broken, so that pnp.sheets finds its name
  });
  pnp.sheets = formats;
  if (auto r = top.record("pnp")) read_pnp(*r, formats, pnp);
  top.each("words", [&](const std::string& language, const yaml::Value& v) {
    yaml::Reader r(v, sheet_words_schema(), diags, {"sheet words '" + language + "'", {}, {}});
    if (canonical_language(language) != language) {
      diags.error(v.key_loc, "'" + language + "' is no language tag in its canonical spelling", {},
                  "BCP 47: en, de, de-CH, fr, pt-BR, ...");
      return;
    }
    SheetWords w;
    w.language = language;
    w.loc = v.key_loc;
    for (auto [key, field] : std::initializer_list<std::pair<const char*, std::string SheetWords::*>>{
             {"alignment_title", &SheetWords::alignment_title},
             {"alignment", &SheetWords::alignment},
             {"long_edge", &SheetWords::long_edge},
             {"short_edge", &SheetWords::short_edge},
             {"alignment_check", &SheetWords::alignment_check},
             {"alignment_back", &SheetWords::alignment_back},
             {"board_paper", &SheetWords::board_paper},
             {"board_assembly", &SheetWords::board_assembly},
             {"board_turned", &SheetWords::board_turned},
             {"board_upright", &SheetWords::board_upright},
             {"board_check", &SheetWords::board_check},
             {"board_steps", &SheetWords::board_steps}})
      w.*field = r.text(key).value_or("");
    pnp.words.push_back(std::move(w));
  });
  if (diags.error_count() > errors) return std::nullopt;
  return pnp;
}

}  // namespace kw::settings
