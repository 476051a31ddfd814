#pragma once
// Shaped glyph runs. Internal to the render stage.
#include <cairo.h>

#include <optional>
#include <vector>

#include "page/page.h"

namespace kw::render::detail {

// The cluster map cairo_show_text_glyphs needs so that PDF text can be
// extracted and searched: consecutive glyphs that share Glyph::cluster form a
// cluster covering the bytes up to the next cluster's start.
struct TextClusters {
  std::vector<cairo_text_cluster_t> clusters;
  cairo_text_cluster_flags_t flags = cairo_text_cluster_flags_t(0);
};

// nullopt when the run cannot be mapped (no text, invalid UTF-8, clusters that
// are neither ascending nor descending, or that split a character): the glyphs
// are then painted without text rather than putting cairo into an error state.
std::optional<TextClusters> build_clusters(const page::GlyphRun& run);

// Paints the run's glyphs (positions in the current user space, mm).
void paint_glyph_run(cairo_t* cr, const page::GlyphRun& run);

}  // namespace kw::render::detail
