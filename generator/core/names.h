#pragma once
// Names that become parts of file paths: checked before they do, so that
// none climbs out of its folder ("../x", "/x"), hides (".x") or clashes with
// another on a case-insensitive disk.
#include <string_view>

namespace kw {

// An id of a game, deck, card or variant: lower-case letters, digits and
// '-', not first; 1 to 64 of them ([a-z0-9][a-z0-9-]{0,63}).
bool is_plain_id(std::string_view id);

// A language code, BCP 47 in the small: a primary subtag of 2 to 8 letters,
// then subtags of 1 to 8 letters and digits after '-' or '_' (de, en,
// pt-BR, zh_Hant).
bool is_language_code(std::string_view code);

}  // namespace kw
