#pragma once
// Minimal UTF-8 helpers for the text stage: byte offsets are the currency of
// HarfBuzz clusters, ICU UText indices and GlyphRun::cluster alike.
#include <cstddef>
#include <string>
#include <string_view>

namespace kw::text::utf8 {

// Decodes the code point starting at s[i] and advances i past it. Malformed
// input yields U+FFFD and advances one byte, so callers never loop forever.
char32_t next(std::string_view s, std::size_t& i);
// Appends `cp` encoded as UTF-8.
void append(std::string& out, char32_t cp);
std::string encode(char32_t cp);
// "U+00E9"
std::string hex(char32_t cp);

}  // namespace kw::text::utf8
