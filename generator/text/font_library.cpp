// Loads fonts/fonts.yaml and opens every face it names, once, at start-up.
// Everything later (shaping, metrics, coverage) reads these faces; nothing in
// the text stage ever looks at system fonts.
#include "text/font_library.h"

#include <algorithm>
#include <map>
#include <set>

#include <hb-ft.h>
#include <hb-ot.h>
#include <yaml-cpp/yaml.h>
#include FT_TRUETYPE_TABLES_H

#include "project/path.h"
#include "project/project.h"
#include "text/font_face.h"

namespace kw::text {

FontFace::~FontFace() {
  if (coverage) hb_set_destroy(coverage);
  if (hb) hb_font_destroy(hb);  // drops hb_ft's reference to `ft`
  if (ft) FT_Done_Face(ft);     // drops ours
}

bool FontFace::covers(char32_t cp) const { return coverage && hb_set_has(coverage, cp); }

unsigned FontFace::glyph_of(char32_t cp) const {
  std::lock_guard lock(shape_mutex);
  hb_codepoint_t g = 0;
  return hb_font_get_nominal_glyph(hb, cp, &g) ? g : 0;
}

struct FontLibrary::Impl {
  const project::Project* project = nullptr;
  FT_Library ft = nullptr;
  // Faces are declared after `ft` so they are destroyed before it.
  std::vector<std::unique_ptr<FontFace>> faces;
  std::map<std::string, std::map<std::string, const FontFace*>> families;
  std::vector<std::string> family_order;  // as written in fonts.yaml
  std::vector<std::string> fallback;      // family names, in order

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    faces.clear();
    if (ft) FT_Done_FreeType(ft);
  }
};

namespace {

const std::set<std::string>& known_styles() {
  static const std::set<std::string> s{"regular", "italic", "bold", "semibold", "bold-italic"};
  return s;
}

SourceLoc loc_of(const std::string& file, const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  // yaml-cpp marks are 0-based; diagnostics are 1-based. A null node has pos -1.
  if (m.line < 0) return {file, 0, 0};
  return {file, m.line + 1, m.column + 1};
}

double hb_metric(hb_font_t* font, hb_ot_metrics_tag_t tag, double fallback, double per_em) {
  hb_position_t v = 0;
  if (hb_ot_metrics_get_position(font, tag, &v) && v != 0) return v / per_em;
  return fallback;
}

// Opens one face and reads everything the text stage needs from it. Runs
// single-threaded at load time, so no locking is needed yet.
std::unique_ptr<FontFace> open_face(FT_Library lib, project::InputPtr file, std::string* error) {
  FT_Face ft = nullptr;
  // FreeType reads the face from the bytes as long as it is open: the face
  // keeps the input alive.
  const auto bytes = file->bytes();
  if (FT_Error e = FT_New_Memory_Face(lib, reinterpret_cast<const FT_Byte*>(bytes.data()),
                                      static_cast<FT_Long>(bytes.size()), 0, &ft);
      e != 0) {
    *error = "FreeType cannot open the font (error " + std::to_string(e) + ")";
    return nullptr;
  }
  auto face = std::make_unique<FontFace>();
  face->ft = ft;
  face->input = std::move(file);
  face->face_index = 0;
  if (FT_Select_Charmap(ft, FT_ENCODING_UNICODE) != 0) {
    *error = "the font has no Unicode character map";
    return nullptr;
  }
  // One pixel per font unit: the largest exact scale, so hb_ft's integer
  // positions lose nothing and are later scaled to any size.
  const FT_UShort upem = ft->units_per_EM ? ft->units_per_EM : 1000;
  FT_Set_Char_Size(ft, 0, static_cast<FT_F26Dot6>(upem) * 64, 72, 72);
  face->hb = hb_ft_font_create_referenced(ft);
  // Unhinted outlines and advances: this is print, hinting would only distort
  // the proportions at small pixel sizes we never use.
  hb_ft_font_set_load_flags(face->hb, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
  int xs = 0, ys = 0;
  hb_font_get_scale(face->hb, &xs, &ys);
  face->hb_units_per_em = xs > 0 ? xs : upem;
  const double per_em = face->hb_units_per_em;

  face->coverage = hb_set_create();
  hb_face_collect_unicodes(hb_font_get_face(face->hb), face->coverage);

  face->ascender = hb_metric(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, ft->ascender / double(upem), per_em);
  face->descender = hb_metric(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, ft->descender / double(upem), per_em);
  face->line_gap = hb_metric(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, 0, per_em);

  auto glyph_top = [&](char32_t cp) -> double {
    hb_codepoint_t g = 0;
    hb_glyph_extents_t ext{};
    if (hb_font_get_nominal_glyph(face->hb, cp, &g) && hb_font_get_glyph_extents(face->hb, g, &ext))
      return ext.y_bearing / per_em;
    return 0;
  };
  // OS/2 sCapHeight when the table has it (version >= 2), else measure 'H'.
  face->cap_height = hb_metric(face->hb, HB_OT_METRICS_TAG_CAP_HEIGHT, 0, per_em);
  if (face->cap_height <= 0) face->cap_height = glyph_top(U'H');
  if (face->cap_height <= 0) face->cap_height = 0.7;
  face->x_height = hb_metric(face->hb, HB_OT_METRICS_TAG_X_HEIGHT, 0, per_em);
  if (face->x_height <= 0) face->x_height = glyph_top(U'x');

  hb_codepoint_t hyphen = 0;
  if (hb_font_get_nominal_glyph(face->hb, U'-', &hyphen))
    face->hyphen_advance = hb_font_get_glyph_h_advance(face->hb, hyphen) / per_em;

  hb_tag_t tags[256];
  unsigned count = 256;
  hb_ot_layout_table_get_feature_tags(hb_font_get_face(face->hb), HB_OT_TAG_GSUB, 0, &count, tags);
  face->has_small_caps = std::find(tags, tags + count, HB_TAG('s', 'm', 'c', 'p')) != tags + count;
  return face;
}

}  // namespace

FontLibrary::FontLibrary(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FontLibrary::~FontLibrary() = default;

// Never returns null: a broken fonts.yaml gives an empty (or partial) library
// and errors in `diags`, so callers report every problem in one run.
std::unique_ptr<FontLibrary> FontLibrary::load(const project::Project& project, Diagnostics& diags,
                                               const std::string& dir) {
  auto impl = std::make_unique<Impl>();
  impl->project = &project;
  const std::string yaml_file = project::join(dir, "fonts.yaml");

  if (FT_Init_FreeType(&impl->ft) != 0) {
    diags.error({yaml_file, 0, 0}, "cannot initialise FreeType");
    return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  }

  const project::InputPtr yaml_input = project.read(yaml_file);
  if (!yaml_input) {
    diags.error({yaml_file, 0, 0}, "cannot read the font list");
    return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  }
  YAML::Node root;
  try {
    root = YAML::Load(yaml_input->text());
  } catch (const YAML::Exception& e) {
    SourceLoc loc{yaml_file, e.mark.line >= 0 ? e.mark.line + 1 : 0, e.mark.column >= 0 ? e.mark.column + 1 : 0};
    diags.error(loc, "malformed YAML: " + e.msg);
    return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  }
  if (!root.IsMap()) {
    diags.error(loc_of(yaml_file, root), "the font list must be a mapping with 'families' and 'fallback'");
    return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  }

  for (const auto& kv : root) {
    const std::string key = kv.first.as<std::string>();
    if (key != "families" && key != "fallback")
      diags.error(loc_of(yaml_file, kv.first), "unknown key '" + key + "'", {}, "known keys are families, fallback");
  }

  const YAML::Node families = root["families"];
  if (!families || !families.IsMap()) {
    diags.error(loc_of(yaml_file, families ? families : root), "'families' must map family names to styles");
  } else {
    for (const auto& fam : families) {
      const std::string family = fam.first.as<std::string>();
      if (!fam.second.IsMap()) {
        diags.error(loc_of(yaml_file, fam.second), "family '" + family + "' must map styles to font files");
        continue;
      }
      impl->family_order.push_back(family);
      auto& styles = impl->families[family];
      for (const auto& st : fam.second) {
        const std::string style = st.first.as<std::string>();
        if (!known_styles().count(style)) {
          diags.error(loc_of(yaml_file, st.first), "unknown style '" + style + "' in family '" + family + "'", {},
                      "known styles are regular, italic, bold, semibold, bold-italic");
          continue;
        }
        if (!st.second.IsScalar()) {
          diags.error(loc_of(yaml_file, st.second), "style '" + style + "' must name a font file");
          continue;
        }
        const std::string file = project::join(dir, st.second.as<std::string>());
        project::InputPtr input = project.read(file);
        if (!input) {
          diags.error(loc_of(yaml_file, st.second), "font file not found: " + file);
          continue;
        }
        std::string why;
        auto face = open_face(impl->ft, std::move(input), &why);
        if (!face) {
          diags.error(loc_of(yaml_file, st.second), file + ": " + why);
          continue;
        }
        face->family = family;
        face->style = style;
        styles[style] = face.get();
        impl->faces.push_back(std::move(face));
      }
    }
  }

  const YAML::Node fallback = root["fallback"];
  if (fallback) {
    if (!fallback.IsSequence()) {
      diags.error(loc_of(yaml_file, fallback), "'fallback' must be a list of family names");
    } else {
      for (const auto& f : fallback) {
        const std::string family = f.as<std::string>();
        if (!impl->families.count(family)) {
          diags.error(loc_of(yaml_file, f), "unknown family '" + family + "' in fallback");
          continue;
        }
        impl->fallback.push_back(family);
      }
    }
  }
  return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
}

bool FontLibrary::has_family(const std::string& family) const { return impl_->families.count(family) > 0; }

bool FontLibrary::has_style(const std::string& family, const std::string& style) const {
  return face(family, style) != nullptr;
}

const FontFace* FontLibrary::face(const std::string& family, const std::string& style) const {
  auto f = impl_->families.find(family);
  if (f == impl_->families.end()) return nullptr;
  auto s = f->second.find(style);
  return s == f->second.end() ? nullptr : s->second;
}

const FontFace* FontLibrary::closest_face(const std::string& family, const std::string& style) const {
  for (const std::string& candidate : style_substitutes(style))
    if (const FontFace* f = face(family, candidate)) return f;
  return nullptr;
}

std::vector<std::string> FontLibrary::style_substitutes(const std::string& style) {
  // Keep the weight before the slant: a bold word stays bold even where the
  // family has no bold italic, which is what a reader notices first.
  if (style == "bold-italic") return {"bold-italic", "bold", "semibold", "italic", "regular"};
  if (style == "bold") return {"bold", "semibold", "regular"};
  if (style == "semibold") return {"semibold", "bold", "regular"};
  if (style == "italic") return {"italic", "regular"};
  if (style == "regular") return {"regular"};
  return {style, "regular"};
}

std::vector<const FontFace*> FontLibrary::fallback_chain(const std::string& style) const {
  std::vector<const FontFace*> chain;
  for (const std::string& family : impl_->fallback)
    if (const FontFace* f = closest_face(family, style)) chain.push_back(f);
  return chain;
}

std::vector<std::string> FontLibrary::families() const { return impl_->family_order; }

const project::Project& FontLibrary::project() const { return *impl_->project; }

}  // namespace kw::text
