#include "render/pdf_date_fix.h"

#include <array>

namespace kw::render::detail {

namespace {

struct Rewrite {
  std::string_view from, to;  // equal lengths
};
constexpr std::array<Rewrite, 2> kRewrites{{
    {"   /CreationDate (", " /CreationDate (D:"},
    {"   /ModDate (", " /ModDate (D:"},
}};
// A match needs its pattern plus the digit after it.
constexpr size_t kLongestMatch = 18 + 1;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

void PdfDateFix::write(std::string_view bytes) {
  pending_.append(bytes);
  for (const auto& r : kRewrites) {
    for (size_t pos = pending_.find(r.from); pos != std::string::npos; pos = pending_.find(r.from, pos + 1)) {
      size_t after = pos + r.from.size();
      if (after < pending_.size() && is_digit(pending_[after])) pending_.replace(pos, r.to.size(), r.to);
    }
  }
  // Everything but the last kLongestMatch - 1 bytes is final: any match that
  // starts in it ends within pending_ and has been rewritten above.
  if (pending_.size() >= kLongestMatch) {
    size_t keep = kLongestMatch - 1;
    out_(std::string_view(pending_).substr(0, pending_.size() - keep));
    pending_.erase(0, pending_.size() - keep);
  }
}

void PdfDateFix::flush() {
  if (!pending_.empty()) out_(pending_);
  pending_.clear();
}

}  // namespace kw::render::detail
