#pragma once
// Hand-made pages for the render tests: no card data, just display lists.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <unicode/utf8.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "page/page.h"
#include "support/test_support.h"

namespace kw::render::test {

inline const Color kWhite{255, 255, 255, 255};
inline const Color kRed{255, 0, 0, 255};
inline const Color kBlue{0, 0, 255, 255};
inline const Color kBleed{30, 60, 90, 255};

// A 65 x 97 mm card page (3 mm bleed) with nothing on it.
inline page::Page blank_page(std::string id = "test/card") {
  page::Page p;
  p.id = std::move(id);
  p.size = {65, 97};
  p.trim = {3, 3, 59, 91};
  p.safe = {6, 6, 53, 85};
  p.corner_radius = 3;
  p.edge_color = kBleed;
  return p;
}

inline page::Item rect_item(Rect r, Color fill, std::string name = "rect", Affine t = {}) {
  page::RectShape s;
  s.rect = r;
  s.paint.fill = fill;
  page::Item item;
  item.shape = s;
  item.transform = t;
  item.name = std::move(name);
  item.bounds = t.apply(r);
  return item;
}

// A page filled edge to edge (bleed included) with `background`.
inline page::Page page_with_background(Color background) {
  page::Page p = blank_page();
  p.items.push_back(rect_item({0, 0, 65, 97}, background, "background"));
  return p;
}

// A bundled font's project path (read through test::source_project()).
inline std::string font_path(const std::string& rel = "fonts/eb-garamond/EBGaramond12-Regular.otf") { return rel; }

// Shapes `text` the simple way (one glyph per character, advance widths from
// the font, no kerning): enough for a test, and cluster = byte offset.
inline page::GlyphRun glyph_run(const std::string& text, double size_pt, Point origin, Color color,
                                const std::string& font = font_path()) {
  project::InputPtr input = kw::test::source_project().read(font);
  FT_Library lib = nullptr;
  FT_Face face = nullptr;
  if (!input || FT_Init_FreeType(&lib) ||
      FT_New_Memory_Face(lib, reinterpret_cast<const FT_Byte*>(input->bytes().data()),
                         static_cast<FT_Long>(input->bytes().size()), 0, &face))
    throw std::runtime_error("test cannot open " + font);
  page::GlyphRun run;
  run.font = input;
  run.size_pt = size_pt;
  run.color = color;
  run.text = text;
  double size_mm = size_pt * 25.4 / 72;
  double x = origin.x;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t at = i;
    UChar32 cp = 0;
    U8_NEXT_OR_FFFD(bytes, i, length, cp);
    FT_UInt gid = FT_Get_Char_Index(face, static_cast<FT_ULong>(cp));
    FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE);
    run.glyphs.push_back({gid, x, origin.y, static_cast<std::uint32_t>(at)});
    x += static_cast<double>(face->glyph->advance.x) * size_mm / face->units_per_EM;
  }
  FT_Done_Face(face);
  FT_Done_FreeType(lib);
  return run;
}

inline page::Item glyph_item(page::GlyphRun run, std::string name = "text") {
  page::Item item;
  item.shape = std::move(run);
  item.name = std::move(name);
  item.keep_in_safe_area = true;
  return item;
}

inline page::Item svg_item(const std::string& element, Rect box, const std::string& css) {
  page::SvgArt art;
  static const project::DiskProject fixtures(kw::test::fixtures());
  art.svg = fixtures.read("render/two_shapes.svg");
  art.element_id = element;
  art.box = box;
  art.stylesheet = css;
  page::Item item;
  item.shape = art;
  item.name = "art";
  item.bounds = box;
  return item;
}

// Pixel index of a page-space coordinate at `dpi` on a 65 x 97 mm page
// (which fills 768 x 1146 px at 300 dpi).
inline int px_x(double mm, double dpi = 300) { return static_cast<int>(mm * std::round(65 / 25.4 * dpi) / 65); }
inline int px_y(double mm, double dpi = 300) { return static_cast<int>(mm * std::round(97 / 25.4 * dpi) / 97); }

}  // namespace kw::render::test
