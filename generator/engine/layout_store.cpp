#include "engine/layout_store.h"

#include <cstdint>
#include <cstring>

#include "core/binary_record.h"
#include "core/sha256.h"

namespace kw::engine {

namespace {

// 2: each entry also keeps the files its page paints (the manifest's records).
constexpr std::string_view kMagic = "kartenwerk layouts 2\n";

// A record of our own (core/binary_record.h), with what a layout holds
// beyond numbers and strings: places and rectangles. Doubles come back bit
// for bit (a frame's boxes decide the PnP grid).
void write_loc(BinaryWriter& w, const SourceLoc& l) {
  w.text(l.file.str());
  w.i64(l.line);
  w.i64(l.column);
}
void write_rect(BinaryWriter& w, const Rect& r) {
  for (double v : {r.x, r.y, r.w, r.h}) w.f64(v);
}
SourceLoc read_loc(BinaryReader& r) {
  SourceLoc l;
  l.file = r.text();
  l.line = r.small_int();
  l.column = r.small_int();
  return l;
}
Rect read_rect(BinaryReader& r) {
  Rect out;
  out.x = r.f64();
  out.y = r.f64();
  out.w = r.f64();
  out.h = r.f64();
  return out;
}

void write_frame(BinaryWriter& w, const page::Page& p) {
  w.text(p.id);
  w.f64(p.size.w);
  w.f64(p.size.h);
  write_rect(w, p.trim);
  write_rect(w, p.safe);
  w.f64(p.corner_radius);
  w.u64(static_cast<std::uint64_t>(p.edge_color.r) | static_cast<std::uint64_t>(p.edge_color.g) << 8 |
        static_cast<std::uint64_t>(p.edge_color.b) << 16 | static_cast<std::uint64_t>(p.edge_color.a) << 24);
}

page::Page read_frame(BinaryReader& r) {
  page::Page p;
  p.id = r.text();
  p.size.w = r.f64();
  p.size.h = r.f64();
  p.trim = read_rect(r);
  p.safe = read_rect(r);
  p.corner_radius = r.f64();
  const std::uint64_t c = r.u64();
  p.edge_color = {static_cast<std::uint8_t>(c & 0xff), static_cast<std::uint8_t>((c >> 8) & 0xff),
                  static_cast<std::uint8_t>((c >> 16) & 0xff), static_cast<std::uint8_t>((c >> 24) & 0xff)};
  return p;
}

void write_finding(BinaryWriter& w, const Diagnostic& d) {
  w.u64(static_cast<std::uint64_t>(d.severity));
  write_loc(w, d.loc);
  for (const std::string* s : {&d.message, &d.card_id, &d.hint, &d.game, &d.check}) w.text(*s);
  w.u64(d.languages.size());
  for (const auto& l : d.languages) w.text(l);
}

Diagnostic read_finding(BinaryReader& r) {
  Diagnostic d;
  const std::uint64_t severity = r.u64();
  if (severity > static_cast<std::uint64_t>(Severity::Note)) r.count(std::numeric_limits<size_t>::max());  // fails
  d.severity = static_cast<Severity>(severity <= 2 ? severity : 0);
  d.loc = read_loc(r);
  for (std::string* s : {&d.message, &d.card_id, &d.hint, &d.game, &d.check}) *s = r.text();
  for (size_t n = r.count(8); n-- > 0 && r.ok();) d.languages.push_back(r.text());
  return d;
}

void write_entry(BinaryWriter& w, const layout::KnownLayouts::Entry& e) {
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

layout::KnownLayouts::Entry read_entry(BinaryReader& r, layout::PaintedPool& pool) {
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
  BinaryWriter w;
  w.begin_sealed(kMagic);
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
  return w.take_sealed();
}

std::optional<DecodedLayouts> decode_layouts(std::string_view bytes, std::string& why) {
  const auto body = sealed_body(bytes, kMagic, &why);
  if (!body) {
    if (why.starts_with("it is not")) why = "it is not a layouts record";
    return std::nullopt;
  }
  BinaryReader r(*body);
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
