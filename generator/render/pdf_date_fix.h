#pragma once
// Cairo 1.16 writes the document dates without the "D:" prefix PDF asks for
// ("/CreationDate (20250101000000Z)"): pdfinfo copes, but PDF/A checkers and
// some print-shop preflights flag it, and cairo has no way to pass the prefix
// in. This filter sits between cairo and the output and rewrites
//     "   /CreationDate (2..."  ->  " /CreationDate (D:2..."
// (and likewise /ModDate): two spaces of indentation become "D:", so every
// byte offset in the file, and with it the cross-reference table, stays
// valid. Dates that already carry "D:" (newer cairo) don't match and pass
// unchanged. Internal to the render stage.
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace kw::render::detail {

class PdfDateFix {
 public:
  using Out = std::function<void(std::string_view)>;
  explicit PdfDateFix(Out out) : out_(std::move(out)) {}
  // Passes `bytes` on, holding back a few bytes in case a pattern spans the
  // boundary to the next write.
  void write(std::string_view bytes);
  // Passes on what was held back; call once cairo has finished.
  void flush();

 private:
  Out out_;
  std::string pending_;
};

}  // namespace kw::render::detail
