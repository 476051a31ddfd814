#include "page/page.h"

#include <fmt/format.h>

namespace kw::page {

namespace {

const char* resampling_name(Image::Resampling r) {
  switch (r) {
    case Image::Resampling::Nearest:
      return " nearest";
    case Image::Resampling::Box:
      return " box";
    case Image::Resampling::Smooth:
      break;
  }
  return " smooth";
}

std::string num(double v) {
  return fmt::format("{:.2f}", v + 0.0);  // + 0.0 turns -0 into 0
}

std::string rect(const Rect& r) { return "[" + num(r.x) + " " + num(r.y) + " " + num(r.w) + " " + num(r.h) + "]"; }

std::string paint(const Paint& p) {
  std::string s;
  if (p.fill) s += " fill=" + p.fill->hex();
  if (p.stroke) s += " stroke=" + p.stroke->hex() + " width=" + num(p.stroke_width);
  return s;
}

struct Dumper {
  std::string operator()(const RectShape& r) const {
    return "rect " + rect(r.rect) + (r.corner_radius > 0 ? " r=" + num(r.corner_radius) : "") + paint(r.paint);
  }
  std::string operator()(const PathShape& p) const {
    return "path " + std::to_string(p.commands.size()) + " commands" + paint(p.paint);
  }
  std::string operator()(const SvgArt& a) const {
    std::string file = a.svg ? a.svg->path() : "(none)";
    if (file.starts_with("templates/")) file = file.substr(10);
    return "art " + file + (a.element_id.empty() ? "" : "#" + a.element_id) + " " + rect(a.box);
  }
  std::string operator()(const GlyphRun& g) const {
    const std::string path = g.font ? g.font->path() : "(none)";
    std::string font = path.substr(path.find_last_of('/') + 1);
    return "text \"" + g.text + "\" " + font + " " + num(g.size_pt) + "pt " + g.color.hex() + " " +
           std::to_string(g.glyphs.size()) + " glyphs";
  }
  std::string operator()(const Image& i) const {
    std::string pixels = i.raster ? std::to_string(i.raster->width) + "x" + std::to_string(i.raster->height) : "none";
    return "image " + pixels + " px " + rect(i.source) + " -> " + rect(i.box) +
           (i.corner_radius > 0 ? " r=" + num(i.corner_radius) : "") + resampling_name(i.resampling);
  }
  std::string operator()(const Picture& p) const {
    std::string file = p.file ? p.file->path() : "(none)";
    if (file.starts_with("templates/")) file = file.substr(10);
    return "picture " + file + " " + (*this)(p.image).substr(6) +
           (p.mask == Picture::Mask::Ellipse ? " mask=ellipse" : "") +
           (p.mask_art ? " mask=" + (*this)(*p.mask_art).substr(4) : "") +
           (p.opacity < 1 ? " opacity=" + num(p.opacity) : "");
  }
};

}  // namespace

std::string dump(const Page& page) {
  std::string out = "page " + page.id + " " + num(page.size.w) + "x" + num(page.size.h) + " trim " + rect(page.trim) +
                    " safe " + rect(page.safe) + "\n";
  for (const auto& item : page.items) {
    out += "  " + (item.name.empty() ? std::string("-") : item.name) + ": " + std::visit(Dumper{}, item.shape) +
           " bounds " + rect(item.bounds) + (item.keep_in_safe_area ? " key" : "") +
           (item.clip ? " clip " + rect(*item.clip) : "") + "\n";
  }
  return out;
}

}  // namespace kw::page
