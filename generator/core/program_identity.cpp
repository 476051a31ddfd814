#include "core/program_identity.h"

#include <elf.h>
#include <link.h>

#include <cstring>
#include <string_view>
#include <utility>

#include "core/files.h"

namespace kw {

namespace {

// The NT_GNU_BUILD_ID note of one loaded object, in hex; "" when it has none
// (then its name stands in, which still changes with a new soname).
std::string build_id(const dl_phdr_info& info) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < info.dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info.dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the loader hands the segment's address as an integer
    const char* at = reinterpret_cast<const char*>(info.dlpi_addr + ph.p_vaddr);
    const char* end = at + ph.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) note;
      std::memcpy(&note, at, sizeof note);
      const char* name = at + sizeof note;
      const char* desc = name + ((note.n_namesz + 3) & ~3U);
      const char* next = desc + ((note.n_descsz + 3) & ~3U);
      if (next > end) break;
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
        std::string hex;
        for (unsigned k = 0; k < note.n_descsz; ++k) {
          const auto byte = static_cast<unsigned char>(desc[k]);
          hex += kHex[byte >> 4];
          hex += kHex[byte & 15];
        }
        return hex;
      }
      at = next;
    }
  }
  return {};
}

int add_object(dl_phdr_info* info, size_t, void* data) {
  auto& out = *static_cast<std::string*>(data);
  std::string_view name = info->dlpi_name ? info->dlpi_name : "";
  if (name.empty()) name = "(main)";
  // vdso and the like change per kernel, not per program.
  if (name.find("linux-vdso") != std::string_view::npos) return 0;
  out += std::string(name) + " " + build_id(*info) + "\n";
  return 0;
}

// The instruction sets that choose which code a library runs (pixman's
// compositing, libjpeg-turbo's DCT, libdeflate's checksums) where the
// processor has them. None of them should change a byte, but a cache shared
// by two machines then still serves only what a clean build on this one
// would write.
std::string instruction_sets() {
  std::string out = "cpu";
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  // __builtin_cpu_supports takes only string literals.
  const std::pair<const char*, bool> sets[] = {
      {"ssse3", __builtin_cpu_supports("ssse3") != 0},       {"sse4.1", __builtin_cpu_supports("sse4.1") != 0},
      {"sse4.2", __builtin_cpu_supports("sse4.2") != 0},     {"avx", __builtin_cpu_supports("avx") != 0},
      {"avx2", __builtin_cpu_supports("avx2") != 0},         {"avx512f", __builtin_cpu_supports("avx512f") != 0},
      {"avx512bw", __builtin_cpu_supports("avx512bw") != 0}, {"avx512vl", __builtin_cpu_supports("avx512vl") != 0},
  };
  for (const auto& [name, has] : sets)
    if (has) out += std::string(" ") + name;
#endif
  return out + "\n";
}

}  // namespace

const std::string& program_identity() {
  static const std::string identity = [] {
    std::string out = std::string("kartenwerk ") + version() + "\n";
    dl_iterate_phdr(add_object, &out);
    return out + instruction_sets();
  }();
  return identity;
}

}  // namespace kw
