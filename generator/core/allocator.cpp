#include "core/allocator.h"

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace kw {

void tune_allocator(int threads) {
#if defined(__GLIBC__)
  constexpr int kKeep = 16 << 20;
  mallopt(M_MMAP_THRESHOLD, kKeep);
  mallopt(M_TRIM_THRESHOLD, kKeep);
  mallopt(M_ARENA_MAX, std::max(1, threads / 4));
#else
  (void)threads;
#endif
}

}  // namespace kw
