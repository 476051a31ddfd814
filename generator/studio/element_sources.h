#pragma once
// Where each element box of a card is written in its layout file, for
// dragging it on the page: the `box: [x, y, w, h]` of the element of that
// name (in the layout's `elements:` or one of its `components:`), found in
// the file as written. A name written more than once (in two components)
// is told apart by where its element starts, as the layouter recorded it
// on the page's items. Only an element whose box is a list of four numbers
// can be moved; the page then sets the numbers that changed (yaml/edit.h),
// nothing else.
#include <map>
#include <optional>
#include <string>

#include "project/project.h"
#include "studio/card_view.h"

namespace kw::studio {

class ElementSources {
 public:
  explicit ElementSources(const project::Project& project) : project_(project) {}

  // The box of element `name` in layout `layout_id` ("palantir/card"),
  // written at `line`:`column` of the file (0: not known; then only a name
  // written once is found), or nullopt when it cannot be moved from the page.
  std::optional<BoxSource> find(const std::string& layout_id, const std::string& name, int line = 0, int column = 0);

  // One layout file's elements with a name.
  struct Elements {
    std::map<std::string, std::optional<BoxSource>> by_name;  // nullopt: the name is not unique, or no plain box
    std::map<std::pair<int, int>, std::pair<std::string, std::optional<BoxSource>>> by_place;  // line, column
  };

 private:
  const project::Project& project_;
  std::map<std::string, Elements> layouts_;  // by layout id
};

}  // namespace kw::studio
