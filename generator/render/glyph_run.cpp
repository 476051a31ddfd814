#include "render/glyph_run.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>

#include <unicode/ustring.h>

#include "render/error.h"
#include "render/font_cache.h"

namespace kw::render::detail {

namespace {

// Cairo rejects a whole call (and poisons the context) for text that is not
// UTF-8, so check first. ICU's conversion, asked only for the length it would
// need, reports malformed input (overlong forms and surrogates included).
bool valid_utf8(std::string_view s) {
  if (s.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) return false;
  UErrorCode status = U_ZERO_ERROR;
  int32_t utf16_length = 0;
  u_strFromUTF8(nullptr, 0, &utf16_length, s.data(), static_cast<int32_t>(s.size()), &status);
  return status != U_INVALID_CHAR_FOUND;
}

bool is_char_start(std::string_view s, size_t pos) {
  return pos == s.size() || (static_cast<unsigned char>(s[pos]) & 0xC0) != 0x80;
}

}  // namespace

std::optional<TextClusters> build_clusters(const page::GlyphRun& run) {
  const auto& glyphs = run.glyphs;
  std::string_view text = run.text;
  if (glyphs.empty() || text.empty() || !valid_utf8(text)) return std::nullopt;

  bool ascending = true, descending = true;
  for (size_t i = 1; i < glyphs.size(); ++i) {
    if (glyphs[i].cluster < glyphs[i - 1].cluster) ascending = false;
    if (glyphs[i].cluster > glyphs[i - 1].cluster) descending = false;
  }
  if (!ascending && !descending) return std::nullopt;

  TextClusters out;
  // Right-to-left runs list glyphs in visual order, so their cluster values
  // fall; cairo's BACKWARD flag says the cluster array (which always walks the
  // text forwards) maps to the glyphs from the end.
  bool backward = !ascending;
  if (backward) out.flags = CAIRO_TEXT_CLUSTER_FLAG_BACKWARD;

  // Walk the glyphs in text order and group equal cluster values.
  std::vector<std::pair<size_t, int>> groups;  // (text start, glyph count)
  for (size_t k = 0; k < glyphs.size(); ++k) {
    const auto& g = glyphs[backward ? glyphs.size() - 1 - k : k];
    if (g.cluster > text.size()) return std::nullopt;
    if (!groups.empty() && groups.back().first == g.cluster)
      ++groups.back().second;
    else
      groups.emplace_back(g.cluster, 1);
  }
  // Text before the first cluster (not covered by any glyph) joins it, so the
  // clusters cover the whole string as cairo requires.
  groups.front().first = 0;
  for (size_t k = 0; k < groups.size(); ++k) {
    size_t start = groups[k].first;
    size_t end = k + 1 < groups.size() ? groups[k + 1].first : text.size();
    if (!is_char_start(text, start) || !is_char_start(text, end)) return std::nullopt;
    out.clusters.push_back({static_cast<int>(end - start), groups[k].second});
  }
  return out;
}

namespace {

// Unhinted, greyscale-antialiased text: raster output then depends only on
// the page and the dpi, not on desktop font settings, and matches the PDF.
// Created once; cairo only reads it (cairo_set_font_options copies).
const cairo_font_options_t* text_options() {
  static const FontOptionsPtr options = [] {
    FontOptionsPtr o(cairo_font_options_create());
    cairo_font_options_set_antialias(o.get(), CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(o.get(), CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(o.get(), CAIRO_HINT_METRICS_OFF);
    return o;
  }();
  return options.get();
}

}  // namespace

void paint_glyph_run(cairo_t* cr, const page::GlyphRun& run) {
  if (run.glyphs.empty() || !(run.size_pt > 0)) return;
  if (!run.font) throw RenderError("text \"" + run.text + "\" has no font");
  FontFacePtr face = font_face(*run.font, run.face_index);
  cairo_set_font_options(cr, text_options());
  cairo_set_font_face(cr, face.get());
  // User space is millimetres; a point is 1/72 inch.
  cairo_set_font_size(cr, run.size_pt * 25.4 / 72.0);
  cairo_set_source_rgba(cr, run.color.rf(), run.color.gf(), run.color.bf(), run.color.af());

  std::vector<cairo_glyph_t> glyphs;
  glyphs.reserve(run.glyphs.size());
  for (const auto& g : run.glyphs) glyphs.push_back({g.id, g.x, g.y});
  int n = static_cast<int>(glyphs.size());

  if (auto clusters = build_clusters(run)) {
    cairo_show_text_glyphs(cr, run.text.data(), static_cast<int>(run.text.size()), glyphs.data(), n,
                           clusters->clusters.data(), static_cast<int>(clusters->clusters.size()), clusters->flags);
  } else {
    cairo_show_glyphs(cr, glyphs.data(), n);
  }
}

}  // namespace kw::render::detail
