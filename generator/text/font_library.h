#pragma once
// The bundled fonts (fonts/fonts.yaml): families, styles, files, fallback order.
// Fonts are loaded from the project's fonts/ folder and nowhere else.
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "yaml/schema.h"

namespace kw::project {
class Project;
}

namespace kw::text {

struct FontFace;  // opaque: FreeType face + HarfBuzz font, owned by the library

// The keys of fonts/fonts.yaml (yaml/schema.h): families (family -> style ->
// font file) and the fallback order.
const yaml::Schema& fonts_file_schema();

class FontLibrary {
 public:
  // Reads `dir`/fonts.yaml of `project` and opens every file it names (font
  // files are relative to `dir`). Problems (missing file, unknown key) are
  // reported to `diags` with file:line:col. Never returns null: with errors
  // the library holds whatever did load. `project` must outlive the library.
  static std::unique_ptr<FontLibrary> load(const project::Project& project, Diagnostics& diags,
                                           const std::string& dir = "fonts");
  ~FontLibrary();

  bool has_family(const std::string& family) const;
  bool has_style(const std::string& family, const std::string& style) const;
  // The face for family/style, or nullptr.
  const FontFace* face(const std::string& family, const std::string& style) const;
  // The face for family/style, or the nearest style the family has (see
  // style_substitutes), or nullptr when the family is unknown.
  const FontFace* closest_face(const std::string& family, const std::string& style) const;
  // Styles to try, best first, when `style` is wanted: "bold-italic" ->
  // bold-italic, bold, semibold, italic, regular.
  static std::vector<std::string> style_substitutes(const std::string& style);
  // Fallback faces in order, for characters the requested face lacks: each
  // fallback family's closest face to `style`.
  std::vector<const FontFace*> fallback_chain(const std::string& style) const;
  std::vector<std::string> families() const;
  // The styles `family` has, in the order of fonts.yaml (none for an unknown family).
  std::vector<std::string> styles(const std::string& family) const;
  // Every style name fonts.yaml may give a family: regular, italic, bold, ...
  static std::vector<std::string> known_styles();
  // The project the fonts came from: the text stage's other inputs
  // (hyphenation dictionaries) and per-build caches are there too.
  const project::Project& project() const;

  struct Impl;

 private:
  explicit FontLibrary(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;

 public:
  const Impl& impl() const { return *impl_; }
};

}  // namespace kw::text
