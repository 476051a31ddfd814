#include "impose/sheet_items.h"

namespace kw::impose {

page::Page blank_sheet(const std::string& id, Size size, const Rect& safe, Color ground) {
  page::Page page;
  page.id = id;
  page.size = size;
  page.trim = {0, 0, size.w, size.h};
  page.safe = safe;
  page.edge_color = ground;
  return page;
}

page::Item sheet_item(page::Shape shape, const std::string& name, const Affine& t, const Rect& local,
                      std::optional<Rect> clip) {
  page::Item item;
  item.shape = std::move(shape);
  item.transform = t;
  item.name = name;
  item.bounds = t.apply(local);
  item.clip = clip;
  return item;
}

void push_item(page::Page& page, page::Shape shape, const std::string& name, const Affine& t, const Rect& local,
               std::optional<Rect> clip) {
  page.items.push_back(sheet_item(std::move(shape), name, t, local, clip));
}

std::optional<std::string> push_text(page::Page& page, const std::string& name, const std::string& markup,
                                     const text::TextStyle& style, const Rect& box,
                                     const text::Typesetter& typesetter) {
  auto result = typesetter.set(markup, style, {box.w, box.h});
  if (!result.text) return result.error;
  const Affine t = Affine::translate(box.x, box.y);
  for (auto& run : result.text->runs) push_item(page, std::move(run), name, t, {0, 0, box.w, box.h});
  return std::nullopt;
}

}  // namespace kw::impose
