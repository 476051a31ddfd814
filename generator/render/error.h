#pragma once
// The render stage reports failures (missing art or font, a broken SVG, a
// cairo or codec error) as exceptions: by the time a page reaches an exporter
// the inputs were checked, so a failure here is exceptional and must stop the
// output file from being written, never leave a silently blank card.
#include <stdexcept>
#include <string>

namespace kw::render {

class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kw::render
