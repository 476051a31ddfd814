#include "print/settings/print_config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "model/value.h"
#include "print/settings/yaml_reader.h"
#include "project/project.h"

namespace kw::print {

using detail::MapReader;

namespace {

void read_line_style(MapReader& r, LineStyle& style) {
  if (auto w = r.number("width", 0.01, 5)) style.width = *w;
  if (auto c = r.color("color")) style.color = *c;
}

}  // namespace

std::optional<PnpSettings> load_pnp_settings(const project::Project& project, Diagnostics& diags) {
  const std::string file = "data/print/sheets.yaml";
  if (!project.exists(file)) return std::nullopt;
  size_t errors = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;

  PnpSettings pnp;
  pnp.loc = doc->loc;
  MapReader top(*doc, "sheets.yaml", {"sheets", "pnp"}, diags);
  std::vector<SheetFormat> formats;
  if (const model::Value* sheets = top.find("sheets")) {
    if (!sheets->is_map()) {
      top.error(*sheets, "'sheets' must be a map of sheet formats");
    } else {
      for (const auto& [id, v] : sheets->map) {
        MapReader r(v, "sheet '" + id + "'", {"name", "width", "height", "margin"}, diags);
        SheetFormat f;
        f.id = id;
        f.loc = v.key_loc;
        f.name = r.text("name").value_or(id);
        auto w = r.number("width", 10, 2000, true);
        auto h = r.number("height", 10, 2000, true);
        if (w && h) f.size = {*w, *h};
        if (auto m = r.number("margin", 0, 100)) f.margin = *m;
        formats.push_back(f);  // even when broken, so that pnp.sheets finds its name
      }
    }
  } else {
    top.error(*doc, "sheets.yaml declares no 'sheets'");
  }

  if (const model::Value* p = top.find("pnp")) {
    MapReader r(*p, "pnp", {"sheets", "gap", "marks", "cut_lines", "duplex"}, diags);
    if (auto ids = r.words("sheets")) {
      const model::Value* list = r.find("sheets");
      for (size_t i = 0; i < ids->size(); ++i) {
        const std::string& id = (*ids)[i];
        auto it = std::find_if(formats.begin(), formats.end(), [&](const SheetFormat& f) { return f.id == id; });
        if (it == formats.end()) {
          std::vector<std::string> known;
          for (const auto& f : formats) known.push_back(f.id);
          std::string hint;
          for (size_t k = 0; k < known.size(); ++k) hint += (k ? ", " : "") + known[k];
          r.error(list->list[i], "unknown sheet '" + id + "'", "known sheets are " + hint);
        } else {
          pnp.sheets.push_back(*it);
        }
      }
    } else {
      pnp.sheets = formats;
    }
    if (auto g = r.number("gap", 0, 50)) pnp.gap = *g;
    if (const model::Value* m = r.find("marks")) {
      MapReader mr(*m, "pnp.marks", {"length", "offset", "width", "color"}, diags);
      if (auto l = mr.number("length", 0, 50)) pnp.mark_length = *l;
      if (auto o = mr.number("offset", 0, 50)) pnp.mark_offset = *o;
      read_line_style(mr, pnp.marks);
    }
    if (const model::Value* c = r.find("cut_lines")) {
      MapReader cr(*c, "pnp.cut_lines", {"enabled", "width", "color"}, diags);
      if (auto e = cr.flag("enabled")) pnp.cut_lines = *e;
      read_line_style(cr, pnp.cut);
    }
    if (const model::Value* d = r.find("duplex")) {
      MapReader dr(*d, "pnp.duplex", {"flip", "offset"}, diags);
      if (auto f = dr.choice("flip", {"long-edge", "short-edge"}))
        pnp.flip = *f == "long-edge" ? DuplexFlip::LongEdge : DuplexFlip::ShortEdge;
      if (auto o = dr.numbers("offset", 2, -20, 20)) pnp.duplex_offset = {(*o)[0], (*o)[1]};
    }
  } else {
    pnp.sheets = formats;
  }
  if (diags.error_count() > errors) return std::nullopt;
  return pnp;
}

std::optional<Point> parse_offset(const std::string& text) {
  auto comma = text.find(',');
  if (comma == std::string::npos) return std::nullopt;
  auto number = [](const std::string& s) -> std::optional<double> {
    if (s.empty()) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    double d = std::strtod(s.c_str(), &end);
    if (errno || end != s.c_str() + s.size() || !std::isfinite(d)) return std::nullopt;
    return d;
  };
  auto x = number(text.substr(0, comma)), y = number(text.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Point{*x, *y};
}

}  // namespace kw::print
