// libFuzzer target: the PO reader (libgettextpo) on arbitrary bytes, through
// i18n::read_po as `kartenwerk i18n import` calls it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/diagnostic.h"
#include "i18n/po.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kw::Diagnostics diags;
  auto po = kw::i18n::read_po(std::string(reinterpret_cast<const char*>(data), size), "fuzz.po", diags);
  (void)po;
  return 0;
}
