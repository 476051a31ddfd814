#include "products/shop_pdfs.h"

#include "pdf/pdf_boxes.h"

namespace kw::products {

namespace fs = std::filesystem;

bool fronts_lead(std::span<const layout::CardSide> sides) {
  for (size_t i = 0; i < sides.size(); ++i)
    if (sides[i].front != i) return false;
  return !sides.empty();
}

void write_side_pdfs(const fs::path& game_pdf, std::span<const layout::CardSide> sides, const fs::path& dir,
                     std::vector<fs::path>& written, bool fronts_written) {
  std::vector<int> fronts, backs;
  bool every_back = true;
  for (const auto& s : sides) {
    fronts.push_back(static_cast<int>(s.front));
    if (s.back)
      backs.push_back(static_cast<int>(*s.back));
    else
      every_back = false;
  }
  if (fronts.empty()) return;
  const fs::path& out = dir;
  if (!fronts_written) pdf::copy_pages(game_pdf, fronts, out / "fronts.pdf");
  written.push_back(out / "fronts.pdf");
  if (every_back) {
    pdf::copy_pages(game_pdf, backs, out / "backs.pdf");
    written.push_back(out / "backs.pdf");
  }
}

}  // namespace kw::products
