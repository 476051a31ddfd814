#pragma once
// UTF-8 on ICU's UTF-8 macros, for every stage that reads text: byte offsets are
// the currency of HarfBuzz clusters, ICU UText indices and GlyphRun::cluster
// alike.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kw::utf8 {

// Decodes the code point starting at s[i] and advances i past it. A malformed
// sequence gives nullopt and advances past it (at least one byte, as ICU
// delimits it), so callers never loop forever.
std::optional<char32_t> decode(std::string_view s, std::size_t& i);
// The same for text already checked (or where a stand-in will do): a
// malformed sequence reads as U+FFFD.
char32_t next(std::string_view s, std::size_t& i);
// The byte offset of the first malformed sequence, or npos for valid UTF-8.
std::size_t first_invalid(std::string_view s);
// Appends `cp` encoded as UTF-8 (U+FFFD for a surrogate or a value past U+10FFFF).
void append(std::string& out, char32_t cp);
std::string encode(char32_t cp);
// "U+00E9"
std::string hex(char32_t cp);

}  // namespace kw::utf8
