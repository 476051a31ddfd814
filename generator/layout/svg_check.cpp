#include "layout/svg_check.h"

#include <librsvg/rsvg.h>

#include <memory>

namespace kw::layout {

namespace {

struct ParseResult {
  std::optional<std::string> problem;
};

}  // namespace

std::optional<std::string> svg_parse_problem(const project::Input& svg) {
  return svg
      .derived<ParseResult>([&svg] {
        auto result = std::make_shared<ParseResult>();
        GError* error = nullptr;
        // From the bytes, without a base location, as the renderer loads it.
        RsvgHandle* handle =
            rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.bytes().data()), svg.bytes().size(), &error);
        if (handle) {
          g_object_unref(handle);
        } else {
          std::string why = error && error->message ? error->message : "not an SVG document";
          while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();  // libxml2 ends with one
          result->problem = why;
        }
        if (error) g_error_free(error);
        return result;
      })
      .problem;
}

}  // namespace kw::layout
