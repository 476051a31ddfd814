#include "core/binary_record.h"

#include <bit>
#include <limits>

#include "core/sha256.h"

namespace kw {

namespace {

constexpr size_t kHashLine = 65;  // 64 hex digits and '\n'

}  // namespace

void BinaryWriter::u64(std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out_ += static_cast<char>((v >> (8 * i)) & 0xff);
}

void BinaryWriter::u32(std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out_ += static_cast<char>((v >> (8 * i)) & 0xff);
}

void BinaryWriter::f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }

void BinaryWriter::begin_sealed(std::string_view magic) {
  out_ += magic;
  hash_at_ = out_.size();
  out_.append(kHashLine - 1, '0');
  out_ += '\n';
}

std::string BinaryWriter::take_sealed() {
  const std::string hash = sha256_hex(std::string_view(out_).substr(hash_at_ + kHashLine));
  out_.replace(hash_at_, hash.size(), hash);
  return take();
}

std::uint64_t BinaryReader::u64() {
  if (!ok_ || in_.size() - pos_ < 8) return fail();
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= std::uint64_t{static_cast<unsigned char>(in_[pos_ + i])} << (8 * i);
  pos_ += 8;
  return v;
}

std::uint32_t BinaryReader::u32() {
  if (!ok_ || in_.size() - pos_ < 4) return static_cast<std::uint32_t>(fail());
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= std::uint32_t{static_cast<unsigned char>(in_[pos_ + i])} << (8 * i);
  pos_ += 4;
  return v;
}

int BinaryReader::small_int() {
  const long long v = i64();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return static_cast<int>(fail());
  return static_cast<int>(v);
}

double BinaryReader::f64() { return std::bit_cast<double>(u64()); }

size_t BinaryReader::count(size_t min_bytes) {
  const std::uint64_t n = u64();
  if (!ok_ || n > (in_.size() - pos_) / (min_bytes == 0 ? 1 : min_bytes)) return static_cast<size_t>(fail());
  return static_cast<size_t>(n);
}

std::string_view BinaryReader::bytes(size_t n) {
  if (!ok_ || in_.size() - pos_ < n) {
    fail();
    return {};
  }
  const std::string_view out = in_.substr(pos_, n);
  pos_ += n;
  return out;
}

std::optional<std::string_view> sealed_body(std::string_view record, std::string_view magic, std::string* why) {
  auto refuse = [why](const char* text) -> std::optional<std::string_view> {
    if (why) *why = text;
    return std::nullopt;
  };
  if (!record.starts_with(magic) || record.size() < magic.size() + kHashLine ||
      record[magic.size() + kHashLine - 1] != '\n')
    return refuse("it is not such a record");
  const std::string_view body = record.substr(magic.size() + kHashLine);
  if (sha256_hex(body) != record.substr(magic.size(), kHashLine - 1)) return refuse("its bytes do not match its hash");
  return body;
}

}  // namespace kw
