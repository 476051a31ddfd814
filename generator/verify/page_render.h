#pragma once
// Every page of a PDF as the eye sees it: rendered to RGB by Ghostscript,
// for the checks that must look at the pixels of what goes to the shop (the
// bleed of each page), not at the card images beside it.
#include <filesystem>
#include <span>
#include <vector>

#include "render/render.h"

namespace kw::verify {

// Every page of `pdf` at `dpi` (its whole MediaBox; CMYK pages through
// Ghostscript's default CMYK profile, or the file's output intent).
// Throws std::runtime_error when Ghostscript cannot render the file.
// `smooth`: anti-aliased (text and graphics, 4 bits), for files whose pages
// paint the same things by other paths than their reference (a PnP sheet
// draws each card through a form placed on the sheet): without it a thin
// line snaps to a pixel on one side of its edge in the one and to the next
// in the other, a whole pixel of 0.5 mm at 50 dpi; with it each pixel shows
// how much of it is covered, alike in both.
std::vector<render::Raster> render_rgb_pages(const std::filesystem::path& pdf, double dpi, bool smooth = false);

// The pages as the layout paints them, written to a PDF in RGB (as the
// render stage writes every PDF) and rendered by Ghostscript like
// render_rgb_pages: the reference a shop PDF's separations are compared
// with (exporters::render_cmyk_pages renders them the same way, without
// anti-aliasing). The same rasteriser on the same paths covers the same
// pixels, a hairline widened alike on both, so what differs between the two
// is colour. Throws std::runtime_error when it cannot be rendered.
std::vector<render::Raster> render_layout_pages(std::span<const page::Page* const> pages, double dpi,
                                                bool smooth = false);

}  // namespace kw::verify
