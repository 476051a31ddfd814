#pragma once
// Inline markup of card texts, parsed into plain text plus style spans:
//   **bold**   *italic*   [sc]small capitals[/sc]   :name: inline icon
//   a newline (or the two characters \n) forces a line break
//   U+00A0 no-break space and U+00AD soft hyphen are kept as they are
//   \* \: \[ \\ write the character itself
// Markers toggle, so "***both***" works; an unclosed marker is an error rather
// than a silently half-bold card.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kw::text {

struct StyleFlags {
  bool bold = false;
  bool italic = false;
  bool small_caps = false;
  friend bool operator==(const StyleFlags&, const StyleFlags&) = default;
};

struct MarkupSpan {
  std::size_t begin = 0, end = 0;  // byte range in Markup::text
  StyleFlags flags;
};

struct MarkupIcon {
  std::size_t offset = 0;  // byte offset of its U+FFFC in Markup::text
  std::string name;
};

inline constexpr char32_t kIconChar = 0xFFFC;  // OBJECT REPLACEMENT CHARACTER
inline constexpr char32_t kSoftHyphen = 0x00AD;
inline constexpr char32_t kNoBreakSpace = 0x00A0;

struct Markup {
  std::string text;               // '\n' = forced break, U+FFFC = icon
  std::vector<MarkupSpan> spans;  // cover `text` in order, no gaps; adjacent spans differ
  std::vector<MarkupIcon> icons;  // in text order

  StyleFlags flags_at(std::size_t byte) const;
  const MarkupIcon* icon_at(std::size_t byte) const;
};

struct MarkupResult {
  Markup markup;
  std::string error;  // empty when the markup is well formed
};

MarkupResult parse_markup(std::string_view source);

}  // namespace kw::text
