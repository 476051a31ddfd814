#pragma once
// Fonts for the tests of right-to-left and Chinese/Japanese text: system
// fonts from Debian packages (scripts/install-deps.sh installs them), copied
// into a memory project, as a designer copies a font into fonts/. The
// shipped games keep their bundled fonts.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "project/memory_project.h"
#include "support/mini_project.h"

namespace kw::test {

struct SystemFont {
  const char* path;
  const char* package;
};

// DejaVu Sans: Latin, Hebrew and Arabic (with its joining forms) in 0.7 MB.
inline constexpr SystemFont kDejaVuSans{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"};
// WenQuanYi Micro Hei: Chinese ideographs, Japanese kana and Latin.
inline constexpr SystemFont kMicroHei{"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"};

// The bytes of `font`; fails the test naming the package when it is missing.
inline std::string system_font_bytes(const SystemFont& font) {
  std::ifstream in(font.path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << font.path << " is missing: install Debian's " << font.package << " (scripts/install-deps.sh)";
    return {};
  }
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// fonts/fonts.yaml with families "sans" (DejaVu Sans), "cjk" (WenQuanYi
// Micro Hei) and the bundled "garamond", the font files copied in; and the
// system's German and English hyphenation dictionaries.
inline void add_script_fonts(project::MemoryProject& project) {
  add_fonts_and_dictionaries(project);
  project.add("fonts/dejavu/DejaVuSans.ttf", system_font_bytes(kDejaVuSans));
  project.add("fonts/wqy/wqy-microhei.ttc", system_font_bytes(kMicroHei));
  project.add("fonts/fonts.yaml",
              "families:\n"
              "  sans: { regular: dejavu/DejaVuSans.ttf }\n"
              "  cjk: { regular: wqy/wqy-microhei.ttc }\n"
              "  garamond: { regular: eb-garamond/EBGaramond12-Regular.otf }\n"
              "fallback: [sans, cjk]\n");
}

}  // namespace kw::test
