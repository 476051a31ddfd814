#pragma once
// Where each element box of a card is written in its layout file, for
// dragging it on the page: the `box: [x, y, w, h]` of the element of that
// name (in the layout's `elements:` or one of its `components:`), found in
// the file as written. Only an element whose name occurs once in the file
// and whose box is a list of four numbers can be moved; the page then sets
// the numbers that changed (yaml/edit.h), nothing else.
#include <map>
#include <optional>
#include <string>

#include "project/project.h"
#include "studio/card_view.h"

namespace kw::studio {

class ElementSources {
 public:
  explicit ElementSources(const project::Project& project) : project_(project) {}

  // The box of element `name` in layout `layout_id` ("palantir/card"), or
  // nullopt when it cannot be moved from the page.
  std::optional<BoxSource> find(const std::string& layout_id, const std::string& name);

 private:
  const project::Project& project_;
  // layout id -> element name -> its box (nullopt: the name is not unique or has no plain box)
  std::map<std::string, std::map<std::string, std::optional<BoxSource>>> layouts_;
};

}  // namespace kw::studio
