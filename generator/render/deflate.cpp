#include "render/deflate.h"

#include <isa-l/igzip_lib.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <stdexcept>

namespace kw::render {

namespace {

constexpr int kLevel = 2;
// Its hash table and a token buffer of 4k tokens (86 kB). The buffer sets
// how long a deflate block can be, and on our cards shorter blocks (each
// with its own Huffman codes) made smaller files: against zlib's level 3
// (the fast mode's setting before ISA-L) ISA-L's default of 64k tokens
// made the five games' card files 8.5 % and the bench deck's 11 % larger,
// 4k tokens 7.5 % and 9.4 %, for 0.1 ms a card more (README, "PNG and JPEG
// encoding"); fewer tokens cost more time than they save bytes.
constexpr std::uint32_t kLevelBuffer = ISAL_DEF_LVL2_REQ + ISAL_DEF_LVL2_TOKEN_SIZE * 4 * IGZIP_K;

// ISA-L's assembly leaves the upper halves of the AVX registers in use
// (no vzeroupper on its way out, which compilers add to their own AVX
// code); every SSE instruction after it then paid for that until the next
// vzeroupper. Shrinking the TTS cells with the box filter (SSE) right after
// a card's PNG took 6.2 ms a card instead of 2.2. So each call into ISA-L
// is followed by one.
#if defined(__x86_64__)
__attribute__((target("avx"))) void zero_upper() { _mm256_zeroupper(); }
#endif
void clear_upper_vector_state() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx")) zero_upper();
#endif
}

}  // namespace

struct FastDeflate::State {
  isal_zstream z{};
  std::unique_ptr<std::uint8_t[]> level_buf = std::make_unique_for_overwrite<std::uint8_t[]>(kLevelBuffer);
};

FastDeflate::FastDeflate() : state_(std::make_unique<State>()) {
  isal_zstream& z = state_->z;
  isal_deflate_init(&z);
  z.level = kLevel;
  z.level_buf = state_->level_buf.get();
  z.level_buf_size = kLevelBuffer;
  z.gzip_flag = IGZIP_DEFLATE;  // raw: the caller writes any wrapper
}

FastDeflate::~FastDeflate() = default;

void FastDeflate::add(const std::uint8_t* in, size_t size, End end, std::string& out, size_t& used) {
  if (size > 0x80000000u) throw std::runtime_error("deflate: more than 2 GiB at once");
  isal_zstream& z = state_->z;
  z.next_in = const_cast<std::uint8_t*>(in);  // ISA-L only reads it
  z.avail_in = static_cast<std::uint32_t>(size);
  z.end_of_stream = end == End::Final ? 1 : 0;
  z.flush = end == End::Sync ? SYNC_FLUSH : NO_FLUSH;
  for (;;) {
    const size_t room = make_room(out, used);
    z.next_out = reinterpret_cast<std::uint8_t*>(out.data() + used);
    z.avail_out = static_cast<std::uint32_t>(room);
    const int status = isal_deflate(&z);
    clear_upper_vector_state();
    if (status != COMP_OK) throw std::runtime_error("deflate: ISA-L failed");
    used += room - z.avail_out;
    // Done when the input is used up and, for an ending, the ending is
    // written (ISA-L says so by leaving room, as zlib does).
    if (end == End::Final ? z.internal_state.state == ZSTATE_END : z.avail_in == 0 && z.avail_out != 0) return;
  }
}

size_t make_room(std::string& out, size_t used) {
  constexpr size_t kRoom = 65536;
  if (out.size() - used < kRoom) out.resize(std::max(out.size() * 2, used + kRoom));
  return std::min<size_t>(out.size() - used, 0x7FFFFFFF);
}

std::string deflate_fast(const std::uint8_t* data, size_t size) {
  FastDeflate deflate;
  std::string out;
  size_t used = 0;
  deflate.add(data, size, FastDeflate::End::Final, out, used);
  out.resize(used);
  return out;
}

bool inflate_raw(std::string_view deflated, std::uint8_t* out, size_t size) {
  if (deflated.size() > 0xFFFFFFFFu || size > 0xFFFFFFFFu) return false;
  inflate_state s;
  isal_inflate_init(&s);
  s.crc_flag = ISAL_DEFLATE;                                                                      // raw, no checksum
  s.next_in = const_cast<std::uint8_t*>(reinterpret_cast<const std::uint8_t*>(deflated.data()));  // only read
  s.avail_in = static_cast<std::uint32_t>(deflated.size());
  s.next_out = out;
  s.avail_out = static_cast<std::uint32_t>(size);
  // One byte too many in the output would not fit: a stream that holds more
  // stops with its output full and not finished.
  const int status = isal_inflate(&s);
  clear_upper_vector_state();
  // Nothing after the stream either (ISA-L may have read ahead into its
  // bit buffer: whole bytes of it are input it did not use).
  return status == ISAL_DECOMP_OK && s.block_state == ISAL_BLOCK_FINISH && s.avail_out == 0 && s.avail_in == 0 &&
         s.read_in_length < 8;
}

}  // namespace kw::render
