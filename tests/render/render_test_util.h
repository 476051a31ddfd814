#pragma once
// Hand-made pages for the render tests: no card data, just display lists.
#include <ft2build.h>
#include FT_FREETYPE_H

#include <cmath>
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

inline std::string font_path(const std::string& rel = "fonts/eb-garamond/EBGaramond12-Regular.otf") {
  return (kw::test::source_root() / rel).string();
}

// Shapes `text` the simple way (one glyph per character, advance widths from
// the font, no kerning): enough for a test, and cluster = byte offset.
inline page::GlyphRun glyph_run(const std::string& text, double size_pt, Point origin, Color color,
                                  const std::string& font = font_path()) {
  FT_Library lib = nullptr;
  FT_Face face = nullptr;
  if (FT_Init_FreeType(&lib) || FT_New_Face(lib, font.c_str(), 0, &face))
    throw std::runtime_error("test cannot open " + font);
  page::GlyphRun run;
  run.font_file = font;
  run.size_pt = size_pt;
  run.color = color;
  run.text = text;
  double size_mm = size_pt * 25.4 / 72;
  double x = origin.x;
  for (size_t i = 0; i < text.size();) {
    // Decode one UTF-8 character.
    auto c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? c : c & (0xFF >> (n + 1));
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    FT_UInt gid = FT_Get_Char_Index(face, cp);
    FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE);
    run.glyphs.push_back({gid, x, origin.y, static_cast<std::uint32_t>(i)});
    x += static_cast<double>(face->glyph->advance.x) * size_mm / face->units_per_EM;
    i += n;
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
  art.file = (kw::test::fixtures() / "render" / "two_shapes.svg").string();
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
