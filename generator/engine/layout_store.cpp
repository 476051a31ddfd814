#include "engine/layout_store.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/sha256.h"

namespace kw::engine {

namespace {

// 2: each entry also keeps the files its page paints (the manifest's records).
constexpr std::string_view kMagic = "kartenwerk layouts 2\n";
constexpr size_t kHashLine = 65;  // 64 hex digits and '\n'

// Hand-written rather than JSON: doubles must come back bit for bit (a
// frame's boxes decide the PnP grid), and 5,000 entries must read in
// milliseconds. Every number little-endian, every string length-prefixed.
class Writer {
 public:
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out_ += static_cast<char>((v >> (8 * i)) & 0xff);
  }
  void i64(long long v) { u64(static_cast<std::uint64_t>(v)); }
  void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
  void text(std::string_view s) {
    u64(s.size());
    out_ += s;
  }
  void raw(std::string_view s) { out_ += s; }
  void loc(const SourceLoc& l) {
    text(l.file.str());
    i64(l.line);
    i64(l.column);
  }
  void rect(const Rect& r) {
    for (double v : {r.x, r.y, r.w, r.h}) f64(v);
  }
  std::string take() { return std::move(out_); }
  // What was written so far (the record's header, before its body).
  size_t size() const { return out_.size(); }
  // Overwrites written bytes at `at` (the header's hash, known last).
  void overwrite(size_t at, std::string_view bytes) { out_.replace(at, bytes.size(), bytes); }
  std::string_view written_from(size_t at) const { return std::string_view(out_).substr(at); }

 private:
  std::string out_;
};

// Reads what Writer wrote; any read past the end, or a count larger than
// the bytes left could hold, makes it fail (and every read after it give
// zeros), so a damaged record cannot make it allocate or loop much.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && pos_ == in_.size(); }
  std::uint64_t u64() {
    if (!ok_ || in_.size() - pos_ < 8) return fail();
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t{static_cast<unsigned char>(in_[pos_ + i])} << (8 * i);
    pos_ += 8;
    return v;
  }
  long long i64() { return static_cast<long long>(u64()); }
  int small_int() {
    const long long v = i64();
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return fail();
    return static_cast<int>(v);
  }
  double f64() { return std::bit_cast<double>(u64()); }
  // A count of items each at least `min_bytes` long.
  size_t count(size_t min_bytes) {
    const std::uint64_t n = u64();
    if (n > (in_.size() - pos_) / min_bytes) return fail();
    return n;
  }
  std::string text() {
    const size_t n = count(1);
    if (!ok_) return {};
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  SourceLoc loc() {
    SourceLoc l;
    l.file = text();
    l.line = small_int();
    l.column = small_int();
    return l;
  }
  Rect rect() {
    Rect r;
    r.x = f64();
    r.y = f64();
    r.w = f64();
    r.h = f64();
    return r;
  }

 private:
  int fail() {
    ok_ = false;
    return 0;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

void write_frame(Writer& w, const page::Page& p) {
  w.text(p.id);
  w.f64(p.size.w);
  w.f64(p.size.h);
  w.rect(p.trim);
  w.rect(p.safe);
  w.f64(p.corner_radius);
  w.u64(static_cast<std::uint64_t>(p.edge_color.r) | static_cast<std::uint64_t>(p.edge_color.g) << 8 |
        static_cast<std::uint64_t>(p.edge_color.b) << 16 | static_cast<std::uint64_t>(p.edge_color.a) << 24);
}

page::Page read_frame(Reader& r) {
  page::Page p;
  p.id = r.text();
  p.size.w = r.f64();
  p.size.h = r.f64();
  p.trim = r.rect();
  p.safe = r.rect();
  p.corner_radius = r.f64();
  const std::uint64_t c = r.u64();
  p.edge_color = {static_cast<std::uint8_t>(c & 0xff), static_cast<std::uint8_t>((c >> 8) & 0xff),
                  static_cast<std::uint8_t>((c >> 16) & 0xff), static_cast<std::uint8_t>((c >> 24) & 0xff)};
  return p;
}

void write_finding(Writer& w, const Diagnostic& d) {
  w.u64(static_cast<std::uint64_t>(d.severity));
  w.loc(d.loc);
  for (const std::string* s : {&d.message, &d.card_id, &d.hint, &d.game, &d.check}) w.text(*s);
  w.u64(d.languages.size());
  for (const auto& l : d.languages) w.text(l);
}

Diagnostic read_finding(Reader& r) {
  Diagnostic d;
  const std::uint64_t severity = r.u64();
  if (severity > static_cast<std::uint64_t>(Severity::Note)) r.count(std::numeric_limits<size_t>::max());  // fails
  d.severity = static_cast<Severity>(severity <= 2 ? severity : 0);
  d.loc = r.loc();
  for (std::string* s : {&d.message, &d.card_id, &d.hint, &d.game, &d.check}) *s = r.text();
  for (size_t n = r.count(8); n-- > 0 && r.ok();) d.languages.push_back(r.text());
  return d;
}

void write_entry(Writer& w, const layout::KnownLayouts::Entry& e) {
  w.text(e.fingerprint);
  write_frame(w, e.frame);
  w.u64(e.findings.size());
  for (const auto& d : e.findings) write_finding(w, d);
  w.u64(e.values.size());
  for (const auto& [path, text] : e.values) {
    w.text(path);
    w.u64(text ? 1 : 0);
    if (text) w.text(*text);
  }
  const layout::PaintedFiles& painted = layout::painted_files(e.painted);
  w.u64(painted.size());
  for (const auto& [path, hash] : painted) {
    w.text(path);
    w.text(hash);
  }
}

layout::KnownLayouts::Entry read_entry(Reader& r, layout::PaintedPool& pool) {
  layout::KnownLayouts::Entry e;
  e.fingerprint = r.text();
  e.frame = read_frame(r);
  for (size_t n = r.count(8); n-- > 0 && r.ok();) e.findings.add(read_finding(r));
  for (size_t n = r.count(16); n-- > 0 && r.ok();) {
    std::string path = r.text();
    const std::uint64_t has = r.u64();
    if (has > 1) r.count(std::numeric_limits<size_t>::max());  // fails
    e.values[std::move(path)] = has == 1 ? std::optional<std::string>(r.text()) : std::nullopt;
  }
  layout::PaintedFiles painted;
  for (size_t n = r.count(16); n-- > 0 && r.ok();) {
    std::string path = r.text();
    painted[std::move(path)] = r.text();
  }
  e.painted = pool.share(std::move(painted));
  return e;
}

}  // namespace

std::string layouts_record(const std::string& record_name) { return "layouts " + record_name; }

std::string encode_layouts(const layout::KnownLayouts::Entries& entries, const SystemInputs& system) {
  // The header first and its hash filled in last: the body is not copied
  // behind a header (6 MB at 10,000 cards, at the build's end, when its
  // memory peaks).
  Writer w;
  w.raw(kMagic);
  const size_t hash_at = w.size();
  w.raw(std::string(64, '0') + "\n");
  const size_t body_at = w.size();
  w.u64(system.size());
  for (const auto& [path, hash] : system) {
    w.text(path);
    w.text(hash);
  }
  w.u64(entries.size());
  for (const auto& [key, entry] : entries) {
    w.text(key);
    write_entry(w, *entry);
  }
  w.overwrite(hash_at, kw::sha256_hex(w.written_from(body_at)));
  return w.take();
}

std::optional<DecodedLayouts> decode_layouts(std::string_view bytes, std::string& why) {
  if (!bytes.starts_with(kMagic) || bytes.size() < kMagic.size() + kHashLine || bytes[kMagic.size() + 64] != '\n') {
    why = "it is not a layouts record";
    return std::nullopt;
  }
  const std::string_view body = bytes.substr(kMagic.size() + kHashLine);
  if (kw::sha256_hex(body) != bytes.substr(kMagic.size(), 64)) {
    why = "its bytes do not match its hash";
    return std::nullopt;
  }
  Reader r(body);
  DecodedLayouts out;
  for (size_t n = r.count(16); n-- > 0 && r.ok();) {
    std::string path = r.text();
    std::string hash = r.text();
    if (r.ok() && !project::is_system_input_path(path)) {
      why = "it names a system input outside kartenwerk's own folders";
      return std::nullopt;
    }
    out.system.emplace_back(std::move(path), std::move(hash));
  }
  layout::PaintedPool painted_pool;
  for (size_t n = r.count(16); n-- > 0 && r.ok();) {
    std::string key = r.text();
    auto entry = std::make_shared<const layout::KnownLayouts::Entry>(read_entry(r, painted_pool));
    if (r.ok() && !out.entries.emplace(std::move(key), std::move(entry)).second) {
      why = "it holds a key twice";
      return std::nullopt;
    }
  }
  if (!r.done()) {
    why = "it is truncated or has bytes after its end";
    return std::nullopt;
  }
  return out;
}

layout::KnownLayouts::Entries load_layouts(const infra::BuildCache& cache, const std::string& record,
                                           const project::Project& project) {
  const std::optional<std::string> bytes = cache.record(record);
  if (!bytes) return {};
  std::string why;
  std::optional<DecodedLayouts> decoded = decode_layouts(*bytes, why);
  if (!decoded) {
    const std::string_view prefix = "layouts ";
    const std::string folder = record.starts_with(prefix) ? record.substr(prefix.size()) : record;
    cache.note("the cards' layouts kept for " + folder + " are unusable (" + why + "): every card is laid out again");
    return {};
  }
  for (const auto& [path, hash] : decoded->system) {
    project::InputPtr now = project.read_system(path);
    if (!now || kw::hex(now->hash()) != hash) return {};  // a dictionary changed: every card may set differently
  }
  return std::move(decoded->entries);
}

void save_layouts(const infra::BuildCache& cache, const std::string& record,
                  const layout::KnownLayouts::Entries& entries, const project::Project& project) {
  SystemInputs system;
  for (const auto& in : project.inputs_read())
    if (project::is_system_input_path(in->path())) system.emplace_back(in->path(), kw::hex(in->hash()));
  cache.set_record(record, encode_layouts(entries, system));
}

}  // namespace kw::engine
