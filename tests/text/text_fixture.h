#pragma once
// Shared by the text tests: the bundled font library, loaded once.
#include <string>

#include "support/test_support.h"
#include "text/font_library.h"
#include "text/typesetter.h"

namespace kw::text::test_util {

inline const FontLibrary& fonts() {
  static const std::unique_ptr<FontLibrary> lib = [] {
    Diagnostics diags;
    return FontLibrary::load(kw::test::source_project(), diags);
  }();
  return *lib;
}

// Lines of a result as "text|" per line, for readable assertions.
inline std::string line_dump(const SetText& t) {
  std::string s;
  for (const SetLine& l : t.lines) s += l.text + "|";
  return s;
}

// German text (the tests' sample paragraphs are), at one size.
inline TextStyle fixed_size(double pt, Align align = Align::Left) {
  TextStyle s;
  s.language = "de";
  s.max_size_pt = s.min_size_pt = pt;
  s.align = align;
  return s;
}

}  // namespace kw::text::test_util
