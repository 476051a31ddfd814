#pragma once
// Whether an item of the display list paints anything translucent, answered
// from the item itself: the alpha of its colours and pixels, a picture's
// opacity or mask, what layout resolved for SVG art (SvgArt::blends). What
// flattening for PDF/X-1a needs to know, without drawing the item to ask.
#include "page/page.h"

namespace kw::page {

// True when painting `item` can lay down anything translucent (alpha below
// 1, a soft mask, a blend mode); false for an item that paints nothing.
bool translucent(const Item& item);

}  // namespace kw::page
