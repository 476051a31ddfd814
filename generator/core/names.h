#pragma once
// Names that become parts of file paths: checked before they do, so that
// none climbs out of its folder ("../x", "/x"), hides (".x") or clashes with
// another on a case-insensitive disk.
#include <string>
#include <string_view>

namespace kw {

// An id of a game, deck, card or variant: lower-case letters, digits and
// '-', not first; 1 to 64 of them ([a-z0-9][a-z0-9-]{0,63}).
bool is_plain_id(std::string_view id);

// A language code, BCP 47 in the small: a primary subtag of 2 to 8 letters,
// then subtags of 1 to 8 letters and digits after '-' or '_' (de, en,
// pt-BR, zh_Hant).
bool is_language_code(std::string_view code);

// What keeps `path` from being a file name a project may give for a file
// kartenwerk writes (a print shop's file names in data/print/profiles.yaml),
// or "" when nothing does: a relative path of at most 8 parts separated by
// '/', each 1 to 64 of letters, digits, '-', '_', '.', '+', not starting
// with '.' ("meinspiel/fronts.pdf"). So no such name climbs out of its
// folder ("..", "/x"), hides, or holds a NUL, a control character, a
// backslash or a space.
std::string path_name_problem(std::string_view path);

}  // namespace kw
