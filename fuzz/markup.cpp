// libFuzzer target: the card text markup parser on arbitrary text, with the
// invariants text/markup.h promises checked.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "text/markup.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto r = kw::text::parse_markup(std::string_view(reinterpret_cast<const char*>(data), size));
  const auto& m = r.markup;
  // The spans cover the text in order, without gaps.
  std::size_t at = 0;
  for (const auto& span : m.spans) {
    if (span.begin != at || span.end < span.begin || span.end > m.text.size()) std::abort();
    at = span.end;
  }
  if (!m.spans.empty() && at != m.text.size()) std::abort();
  for (const auto& icon : m.icons)
    if (icon.offset >= m.text.size()) std::abort();
  for (std::size_t i = 0; i < m.text.size(); i += 7) (void)m.flags_at(i);
  return 0;
}
