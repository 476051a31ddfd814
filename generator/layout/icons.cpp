#include "layout/icons.h"

#include <librsvg/rsvg.h>

namespace kw::layout {

namespace fs = std::filesystem;

std::optional<fs::path> find_icon(const model::Model& model, const model::Game& game, const std::string& name) {
  if (name.empty() || name.find('/') != std::string::npos || name.find("..") != std::string::npos) return std::nullopt;
  for (const fs::path& candidate :
       {model.templates_dir() / game.id / "icons" / (name + ".svg"), model.templates_dir() / game.id / (name + ".svg"),
        model.templates_dir() / "icons" / (name + ".svg")})
    if (fs::exists(candidate)) return candidate;
  return std::nullopt;
}

text::IconAspect icon_aspect_for(const model::Model& model, const model::Game& game) {
  return [&model, &game](const std::string& name) -> std::optional<double> {
    auto file = find_icon(model, game, name);
    if (!file) return std::nullopt;
    GError* error = nullptr;
    RsvgHandle* handle = rsvg_handle_new_from_file(file->c_str(), &error);
    if (!handle) {
      if (error) g_error_free(error);
      return std::nullopt;
    }
    std::optional<double> aspect;
    double w = 0, h = 0;
    gboolean has_w = FALSE, has_h = FALSE, has_vb = FALSE;
    RsvgLength lw{}, lh{};
    RsvgRectangle vb{};
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) && w > 0 && h > 0) {
      aspect = w / h;
    } else {
      rsvg_handle_get_intrinsic_dimensions(handle, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
      if (has_vb && vb.width > 0 && vb.height > 0) aspect = vb.width / vb.height;
    }
    g_object_unref(handle);
    return aspect;
  };
}

}  // namespace kw::layout
