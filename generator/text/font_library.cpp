// Loads fonts/fonts.yaml and opens every face it names, once, at start-up.
// Everything later (shaping, metrics, coverage) reads these faces; nothing in
// the text stage ever looks at system fonts.
#include "text/font_library.h"

#include <algorithm>
#include <map>
#include <set>

#include <hb-ft.h>
#include <hb-ot.h>
#include FT_TRUETYPE_TABLES_H

#include "project/path.h"
#include "project/project.h"
#include "project/sandbox.h"
#include "text/font_face.h"
#include "yaml/reader.h"

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
  std::string dir;  // project path of the fonts folder
  // Faces are declared after `ft` so they are destroyed before it.
  std::vector<std::unique_ptr<FontFace>> faces;
  std::map<std::string, std::map<std::string, const FontFace*>> families;
  std::vector<std::string> family_order;                        // as written in fonts.yaml
  std::map<std::string, std::vector<std::string>> style_order;  // per family, as written
  std::vector<std::string> fallback;                            // family names, in order

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    faces.clear();
    if (ft) FT_Done_FreeType(ft);
  }
};

namespace {

// A family: style -> font file (under fonts/).
const yaml::Schema& family_schema() {
  static const yaml::Schema s =
      yaml::dict_of(yaml::text(), "style", {"regular", "italic", "bold", "semibold", "bold-italic"});
  return s;
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

// Opens the font file a style names (relative to fonts/); nullptr after
// reporting why not.
FontFace* open_style(FontLibrary::Impl& impl, const yaml::Value& name, Diagnostics& diags) {
  const std::string file = project::join(impl.dir, name.scalar);
  project::InputPtr input = impl.project->read(file);
  if (!input) {
    diags.error(name.loc, project::not_read(*impl.project, file, "font file"));
    return nullptr;
  }
  std::string why;
  auto face = open_face(impl.ft, std::move(input), &why);
  if (!face) {
    diags.error(name.loc, file + ": " + why);
    return nullptr;
  }
  impl.faces.push_back(std::move(face));
  return impl.faces.back().get();
}

}  // namespace

const yaml::Schema& fonts_file_schema() {
  static const yaml::Schema s =
      yaml::record("fonts.yaml", {
                                     yaml::required_key("families", yaml::dict_of(family_schema(), "family"),
                                                        "family name -> { style: font file under fonts/ }"),
                                     yaml::key("fallback", yaml::list_of(yaml::text()),
                                               "families tried in order for characters the requested one lacks"),
                                 });
  return s;
}

FontLibrary::FontLibrary(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FontLibrary::~FontLibrary() = default;

// Never returns null: a broken fonts.yaml gives an empty (or partial) library
// and errors in `diags`, so callers report every problem in one run.
std::unique_ptr<FontLibrary> FontLibrary::load(const project::Project& project, Diagnostics& diags,
                                               const std::string& dir) {
  auto impl = std::make_unique<Impl>();
  impl->project = &project;
  impl->dir = dir;
  const std::string yaml_file = project::join(dir, "fonts.yaml");

  if (FT_Init_FreeType(&impl->ft) != 0) {
    diags.error({yaml_file, 0, 0}, "cannot initialise FreeType");
    return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  }

  auto doc = yaml::read_yaml(project, yaml_file, diags);
  if (!doc) return std::unique_ptr<FontLibrary>(new FontLibrary(std::move(impl)));
  yaml::Reader r(*doc, fonts_file_schema(), diags, {"fonts.yaml", {}, {}});
  r.each("families", [&](const std::string& family, const yaml::Value& styles) {
    impl->family_order.push_back(family);
    auto& faces = impl->families[family];
    yaml::each_entry(styles, family_schema(), diags, {"family '" + family + "'", "in family '" + family + "'", {}},
                     [&](const std::string& style, const yaml::Value& file) {
                       if (FontFace* face = open_style(*impl, file, diags)) {
                         face->family = family;
                         face->style = style;
                         faces[style] = face;
                         impl->style_order[family].push_back(style);
                       }
                     });
  });
  if (const yaml::Value* fallback = r.find("fallback"))
    for (const auto& f : fallback->list) {
      if (!impl->families.count(f.scalar)) {
        diags.error(f.loc, "unknown family '" + f.scalar + "' in fallback");
        continue;
      }
      impl->fallback.push_back(f.scalar);
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

std::vector<std::string> FontLibrary::styles(const std::string& family) const {
  auto f = impl_->style_order.find(family);
  return f == impl_->style_order.end() ? std::vector<std::string>{} : f->second;
}

std::vector<std::string> FontLibrary::known_styles() { return family_schema().choices; }

const project::Project& FontLibrary::project() const { return *impl_->project; }

}  // namespace kw::text
