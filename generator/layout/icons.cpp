#include "layout/icons.h"

#include <librsvg/rsvg.h>

#include "project/project.h"

namespace kw::layout {

project::InputPtr find_icon(const model::Model& model, const model::Game& game, const std::string& name) {
  if (name.empty() || name.find('/') != std::string::npos || name.find("..") != std::string::npos) return nullptr;
  for (const std::string& candidate :
       {"templates/" + game.id + "/icons/" + name + ".svg", "templates/" + game.id + "/" + name + ".svg",
        "templates/icons/" + name + ".svg"})
    if (project::InputPtr svg = model.project->read(candidate)) return svg;
  return nullptr;
}

text::IconAspect icon_aspect_for(const model::Model& model, const model::Game& game) {
  return [&model, &game](const std::string& name) -> std::optional<double> {
    project::InputPtr svg = find_icon(model, game, name);
    if (!svg) return std::nullopt;
    GError* error = nullptr;
    RsvgHandle* handle =
        rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg->bytes().data()), svg->bytes().size(), &error);
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
