#pragma once
// How the C library's allocator treats a build's large, short-lived blocks
// (card rasters of 3.5 MB, TTS cells of 665 kB), set once before a build
// starts its threads.
namespace kw {

// glibc's defaults hand every block above a moving threshold back to the
// kernel and trim the heap whenever its top is free: a build then faults in
// and zeroes every card raster anew (10,000 cards: 37 s of system time in a
// 71 s build). Blocks below 16 MB stay in the heap and the heap is trimmed
// only above 16 MB free, which keeps the pages in use; one arena per four
// threads keeps what that retains from growing with the thread count
// (10,000 cards, -j2: 50 s wall, 2.5 s system time, 144 MB peak). No effect
// on other C libraries.
void tune_allocator(int threads);

}  // namespace kw
