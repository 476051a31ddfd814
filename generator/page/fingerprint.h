#pragma once
// A page's fingerprint: the SHA-256 of everything a renderer reads from it,
// the bytes of the fonts and drawings it holds included (by their hashes).
// Two pages with the same fingerprint paint the same pixels and the same PDF
// operators, so a rendering cached under it can never be stale: a card whose
// data, layout, art, fonts, locale strings or rule values changed in any way
// that reaches the page gets a new fingerprint; a change that does not reach
// it (a comment in the YAML, another card's text) keeps the old one.
#include "page/page.h"
#include "project/input.h"

namespace kw::page {

Sha256 fingerprint(const Page& page);

}  // namespace kw::page
