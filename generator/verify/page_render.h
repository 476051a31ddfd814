#pragma once
// Every page of a PDF as the eye sees it: rendered to RGB by Ghostscript,
// for the checks that must look at the pixels of what goes to the shop (the
// bleed of each page), not at the card images beside it.
#include <filesystem>
#include <vector>

#include "render/render.h"

namespace kw::verify {

// Every page of `pdf` at `dpi` (its whole MediaBox; CMYK pages through
// Ghostscript's default CMYK profile, or the file's output intent).
// Throws std::runtime_error when Ghostscript cannot render the file.
std::vector<render::Raster> render_rgb_pages(const std::filesystem::path& pdf, double dpi);

}  // namespace kw::verify
