#pragma once
// Reads a layout's elements, each against its kind's declared keys
// (layout_schema.h); internal to load_layout.
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "layout/layout_def.h"
#include "yaml/reader.h"

namespace kw::layout {

class ElementReader {
 public:
  ElementReader(const text::FontLibrary* fonts, Diagnostics& diags) : fonts_(fonts), diags_(diags) {}

  // The elements of a list; those with problems are reported and left out.
  std::vector<Element> elements(const yaml::Value& list);

  // The components `use` elements name, where they name them (checked once
  // every component is read).
  const std::vector<std::pair<std::string, SourceLoc>>& component_refs() const { return component_refs_; }

 private:
  std::optional<Element> element(const yaml::Value& v);
  ElementCommon common(yaml::Reader& r);
  std::optional<Condition> condition(yaml::Reader& r, const std::string& key);

  Element rect(yaml::Reader& r, ElementCommon c);
  Element line(yaml::Reader& r, ElementCommon c);
  Element art(yaml::Reader& r, ElementCommon c);
  Element image(yaml::Reader& r, ElementCommon c);
  Element text(yaml::Reader& r, ElementCommon c);
  Element use(yaml::Reader& r, ElementCommon c);
  Element group(yaml::Reader& r, ElementCommon c);
  Element sector(yaml::Reader& r, ElementCommon c);
  Element repeat(yaml::Reader& r, ElementCommon c);

  void box(yaml::Reader& r, Boxed& b);
  void stroke(yaml::Reader& r, std::string& colour, double& width);
  void turn(yaml::Reader& r, Turned& t);
  void font(yaml::Reader& r, TextSpec& f);
  void size(yaml::Reader& r, TextSpec& f);
  void source(yaml::Reader& r, RepeatSpec& spec);
  void item_name(yaml::Reader& r, RepeatSpec& spec);
  void placement(yaml::Reader& r, Placement& p);

  const text::FontLibrary* fonts_;
  Diagnostics& diags_;
  std::vector<std::pair<std::string, SourceLoc>> component_refs_;
};

}  // namespace kw::layout
