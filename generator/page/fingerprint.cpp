#include "page/fingerprint.h"

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace kw::page {

namespace {

// Appends fields as fixed-width bytes (doubles by their bit patterns, strings
// length-prefixed), so that no two different pages serialise alike.
class Writer {
 public:
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out_ += static_cast<char>((v >> (8 * i)) & 0xFF);
  }
  void num(double v) { u64(std::bit_cast<std::uint64_t>(v + 0.0)); }  // + 0.0: -0 and 0 paint alike
  void flag(bool b) { out_ += b ? '\1' : '\0'; }
  void text(std::string_view s) {
    u64(s.size());
    out_ += s;
  }
  void tag(char t) { out_ += t; }
  void color(const Color& c) {
    out_ += static_cast<char>(c.r);
    out_ += static_cast<char>(c.g);
    out_ += static_cast<char>(c.b);
    out_ += static_cast<char>(c.a);
  }
  void point(const Point& p) {
    num(p.x);
    num(p.y);
  }
  void rect(const Rect& r) {
    num(r.x);
    num(r.y);
    num(r.w);
    num(r.h);
  }
  void affine(const Affine& a) {
    for (double v : {a.xx, a.yx, a.xy, a.yy, a.x0, a.y0}) num(v);
  }
  void hash(const Sha256& h) { out_.append(reinterpret_cast<const char*>(h.data()), h.size()); }
  void input(const project::InputPtr& in) {
    flag(in != nullptr);
    if (in) hash(in->hash());
  }
  void paint(const Paint& p) {
    flag(p.fill.has_value());
    if (p.fill) color(*p.fill);
    flag(p.stroke.has_value());
    if (p.stroke) color(*p.stroke);
    num(p.stroke_width);
  }
  const std::string& bytes() const { return out_; }

 private:
  std::string out_;
};

struct ShapeWriter {
  Writer& w;
  void operator()(const RectShape& r) const {
    w.tag('R');
    w.rect(r.rect);
    w.num(r.corner_radius);
    w.paint(r.paint);
  }
  void operator()(const PathShape& p) const {
    w.tag('P');
    w.u64(p.commands.size());
    for (const PathCommand& c : p.commands) {
      w.tag(static_cast<char>(c.op));
      for (const Point& pt : c.p) w.point(pt);
    }
    w.paint(p.paint);
  }
  void operator()(const SvgArt& a) const {
    w.tag('S');
    w.input(a.svg);
    w.text(a.element_id);
    w.rect(a.box);
    w.text(a.stylesheet);
  }
  void operator()(const GlyphRun& g) const {
    w.tag('G');
    w.input(g.font);
    w.u64(static_cast<std::uint64_t>(g.face_index));
    w.num(g.size_pt);
    w.color(g.color);
    w.u64(g.glyphs.size());
    for (const Glyph& glyph : g.glyphs) {
      w.u64(glyph.id);
      w.num(glyph.x);
      w.num(glyph.y);
      w.u64(glyph.cluster);
    }
    w.text(g.text);
  }
  void operator()(const Image& i) const {
    w.tag('I');
    w.flag(i.raster != nullptr);
    if (i.raster) {
      w.u64(static_cast<std::uint64_t>(i.raster->width));
      w.u64(static_cast<std::uint64_t>(i.raster->height));
      w.num(i.raster->dpi);
      const auto& px = i.raster->rgba;
      w.hash(kw::sha256({reinterpret_cast<const char*>(px.data()), px.size()}));
    }
    w.rect(i.source);
    w.rect(i.box);
    w.num(i.corner_radius);
    w.tag(static_cast<char>(i.resampling));
  }
  void operator()(const Picture& p) const {
    w.tag('Q');
    (*this)(p.image);
    w.input(p.file);
    w.tag(static_cast<char>(p.mask));
    w.flag(p.mask_art.has_value());
    if (p.mask_art) (*this)(*p.mask_art);
    w.num(p.opacity);
  }
};

}  // namespace

Sha256 fingerprint(const Page& page) {
  Writer w;
  w.text("kartenwerk page 1");  // the serialisation's own version
  w.text(page.id);
  w.num(page.size.w);
  w.num(page.size.h);
  w.rect(page.trim);
  w.rect(page.safe);
  w.num(page.corner_radius);
  w.color(page.edge_color);
  w.u64(page.items.size());
  for (const Item& item : page.items) {
    std::visit(ShapeWriter{w}, item.shape);
    w.affine(item.transform);
    w.text(item.name);
    w.flag(item.keep_in_safe_area);
    w.rect(item.bounds);
    w.flag(item.clip.has_value());
    if (item.clip) w.rect(*item.clip);
  }
  return kw::sha256(w.bytes());
}

}  // namespace kw::page
