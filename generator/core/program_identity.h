#pragma once
// Which program made an output: the version and the GNU build ID of the
// executable and of every shared library loaded (cairo, librsvg, pixman,
// HarfBuzz...), and the processor's instruction sets that libraries choose
// their code by. A build cache keys its entries with it, so a rebuilt
// kartenwerk or an upgraded library never serves renderings made by the old
// one, even when the version number stayed the same.
#include <string>

namespace kw {

// "kartenwerk 0.1.0\n<object> <build id hex>\n...cpu sse4.2 avx2 ...\n";
// computed once.
const std::string& program_identity();

}  // namespace kw
