// libFuzzer target: what the build cache reads back from its folder,
// checked before use (print/cache/): an object file's header and bytes for
// a key, and a build record's JSON for a game folder. Neither may crash,
// throw, or let through what its header or the record's rules refuse.
#include <cstddef>
#include <cstdint>
#include <string>

#include "infra/build_cache.h"
#include "infra/build_record.h"

using kw::infra::BuildCache;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  // The key the input's own header names when it names one (so that the
  // size and hash checks are reached), else one of this program.
  static const std::string magic = "kartenwerk cache object 1\n";
  std::string key = kw::infra::cache_key({"fuzz"});
  if (input.rfind(magic, 0) == 0 && input.size() >= magic.size() + 64) key = input.substr(magic.size(), 64);
  std::string why;
  if (auto content = BuildCache::unpack_object(input, key, why)) {
    // Served only when it is exactly what put() would have written.
    if (BuildCache::object_bytes(key, *content) != input) __builtin_trap();
  } else if (why.empty()) {
    __builtin_trap();
  }
  const std::string problem = kw::infra::record_problem(input, "/out/game");
  (void)problem;
  return 0;
}
