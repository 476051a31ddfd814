#pragma once
// The build cache's records of our own (kept layouts, the files left in
// place, where a PDF join stood): written and read by this program only, so
// no format of anyone else's fits what they hold. Hand-written rather than
// JSON: doubles must come back bit for bit and ten thousand entries must
// read in milliseconds. Every number is little-endian and fixed-width,
// every string length-prefixed.
//
// A sealed record is a magic line, the hex SHA-256 of the body and a line
// break, then the body: a record damaged anywhere is refused whole, never
// half read (its numbers decide offsets and shared objects in files we
// write).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kw {

class BinaryWriter {
 public:
  void u64(std::uint64_t v);
  void u32(std::uint32_t v);
  void i64(long long v) { u64(static_cast<std::uint64_t>(v)); }
  void f64(double v);
  void text(std::string_view s) {  // its length, then its bytes
    u64(s.size());
    out_ += s;
  }
  void raw(std::string_view s) { out_ += s; }
  void reserve(size_t bytes) { out_.reserve(bytes); }
  // A sealed record: the magic line and room for the hash now, the body
  // after it, the hash filled in by take_sealed() (the body is not copied
  // behind a header: records of 10,000 cards are megabytes, written at the
  // build's end, when its memory peaks).
  void begin_sealed(std::string_view magic);
  std::string take_sealed();
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
  size_t hash_at_ = 0;
};

// Reads what BinaryWriter wrote. Any read past the end, or a count larger
// than the bytes left could hold, makes it fail (and every read after it
// give zeros), so a damaged record cannot make it allocate or loop much.
class BinaryReader {
 public:
  explicit BinaryReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && pos_ == in_.size(); }  // all read, and well
  std::uint64_t u64();
  std::uint32_t u32();
  long long i64() { return static_cast<long long>(u64()); }
  int small_int();  // an i64 that fits an int
  double f64();
  // A count of items each at least `min_bytes` long.
  size_t count(size_t min_bytes);
  std::string_view bytes(size_t n);  // the next `n` bytes
  std::string_view text_view() { return bytes(count(1)); }
  std::string text() { return std::string(text_view()); }

 private:
  std::uint64_t fail() {
    ok_ = false;
    return 0;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// The body of a record sealed with `magic` (BinaryWriter::begin_sealed);
// nullopt, with `why` set when given ("it is not a … record", "its bytes do
// not match its hash"), when it is not one or was damaged.
std::optional<std::string_view> sealed_body(std::string_view record, std::string_view magic,
                                            std::string* why = nullptr);

}  // namespace kw
