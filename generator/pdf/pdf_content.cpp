#include "pdf/pdf_content.h"

#include "pdf/content_stream.h"  // first: it sets qpdf's POINTERHOLDER_TRANSITION

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

namespace kw::pdf {

namespace fs = std::filesystem;

namespace {

constexpr double kPtPerMm = 72.0 / 25.4;
using Object = QPDFObjectHandle;

// Where a content stream is drawn: its place in the chain of resources, and
// whether what it paints is a soft mask or lands elsewhere than its bounds say.
struct Context {
  std::string inside;
  int depth = 0;
  bool soft_mask = false, indirect = false;
  Context nested(const std::string& what, bool mask = false, bool moved = false) const {
    return {what + (inside.empty() ? "" : " (" + inside + ")"), depth + 1, soft_mask || mask, indirect || moved};
  }
};

Color rgb(double r, double g, double b) {
  auto c = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return {c(r), c(g), c(b), 255};
}

Color cmyk(double c, double m, double y, double k) {
  return rgb((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k));
}

// The colour as 8-bit RGB, when it is a plain grey, RGB or CMYK.
std::optional<Color> approx(const PdfColour& c) {
  const auto& v = c.values;
  const ColourSpace& s = c.space;
  if (v.size() == 1 && (s.is(ColourFamily::DeviceGray) || s.is(ColourFamily::CalGray) || s.is(ColourFamily::IccGray)))
    return rgb(v[0], v[0], v[0]);
  if (v.size() == 3 && c.rgb() && s.indexed == 0) return rgb(v[0], v[1], v[2]);
  if (v.size() == 4 && c.cmyk()) return cmyk(v[0], v[1], v[2], v[3]);
  return std::nullopt;
}

// The colours at the ends of a shading's functions: exponential functions
// (type 2) give C0 and C1, stitching functions (type 3) their parts'. Along
// such a function the ink is linear, so its ends bound it.
void function_ends(Object f, std::vector<std::vector<double>>& out, int depth = 0) {
  if (depth > 8) return;
  if (f.isArray()) {
    for (const auto& item : f.aitems()) function_ends(item, out, depth + 1);
    return;
  }
  Object d = dict_of(f);
  if (!d.isDictionary() || !d.getKey("/FunctionType").isInteger()) return;
  long long type = d.getKey("/FunctionType").getIntValue();
  if (type == 3) function_ends(d.getKey("/Functions"), out, depth + 1);
  if (type != 2) return;
  for (const char* key : {"/C0", "/C1"}) {
    std::vector<double> v;
    Object c = d.getKey(key);
    if (c.isArray())
      for (auto item : c.aitems()) v.push_back(item.isNumber() ? item.getNumericValue() : 0);
    else
      v.push_back(std::string(key) == "/C0" ? 0 : 1);
    out.push_back(v);
  }
}

// The most ink on one pixel of an 8-bit CMYK image, percent; -1 when its
// data cannot be decoded.
double image_max_ink(Object image) {
  Object d = image.getDict();
  long long w = d.getKey("/Width").isInteger() ? d.getKey("/Width").getIntValue() : 0;
  long long h = d.getKey("/Height").isInteger() ? d.getKey("/Height").getIntValue() : 0;
  double lo[4] = {0, 0, 0, 0}, hi[4] = {1, 1, 1, 1};
  Object decode = d.getKey("/Decode");
  if (decode.isArray() && decode.getArrayNItems() == 8)
    for (int i = 0; i < 4; ++i) {
      lo[i] = decode.getArrayItem(2 * i).isNumber() ? decode.getArrayItem(2 * i).getNumericValue() : 0;
      hi[i] = decode.getArrayItem(2 * i + 1).isNumber() ? decode.getArrayItem(2 * i + 1).getNumericValue() : 1;
    }
  try {
    auto data = image.getStreamData(qpdf_dl_all);
    const size_t n = static_cast<size_t>(std::max(0LL, w * h));
    if (data->getSize() < n * 4) return -1;
    const unsigned char* p = data->getBuffer();
    double most = 0;
    for (size_t i = 0; i < n; ++i, p += 4) {
      double total = 0;
      for (int c = 0; c < 4; ++c) total += lo[c] + (hi[c] - lo[c]) * p[c] / 255.0;
      most = std::max(most, total);
    }
    return most * 100;
  } catch (const std::exception&) {
    return -1;
  }
}

void add_once(std::vector<std::string>& list, const std::string& what) {
  if (std::find(list.begin(), list.end(), what) == list.end()) list.push_back(what);
}

// The whole analysis of one page: the page's state, shared by the content
// streams it runs (the page's, then those of the forms, patterns, glyphs
// and soft masks it draws).
class PageReader {
 public:
  PageReader(PdfPageContent& out, const QPDFObjectHandle::Rectangle& media) : out_(out), media_(media) {}

  void run(const Object& contents_owner, const Object& resources, const GraphicsState& start, bool is_page,
           const Context& ctx = {}) {
    budget_.begin_stream(ctx.depth);
    Stream s(*this, resources, ctx, start);
    if (is_page)
      s.in.run_page(contents_owner);
    else
      s.in.run(contents_owner);
  }

 private:
  // A point in user space -> page millimetres (top-left origin).
  Point page_mm(const Affine& ctm, Point p) const {
    Point d = ctm.apply(p);
    double left = std::min(media_.llx, media_.urx), top = std::max(media_.lly, media_.ury);
    return {(d.x - left) / kPtPerMm, (top - d.y) / kPtPerMm};
  }

  void add_font(const std::string& name, Object font) {
    if (!font.isDictionary()) return;
    PdfFont f;
    f.name = font.getKey("/BaseFont").isName() ? font.getKey("/BaseFont").getName().substr(1) : name;
    f.subtype = name_of(font.getKey("/Subtype"));
    Object descriptor = font.getKey("/FontDescriptor");
    if (f.subtype == "/Type0") {
      Object kids = font.getKey("/DescendantFonts");
      if (kids.isArray() && kids.getArrayNItems() > 0) descriptor = kids.getArrayItem(0).getKey("/FontDescriptor");
    }
    if (f.subtype == "/Type3") {
      f.embedded = true;  // its glyphs are drawings in the file
    } else if (descriptor.isDictionary()) {
      f.embedded = descriptor.hasKey("/FontFile") || descriptor.hasKey("/FontFile2") || descriptor.hasKey("/FontFile3");
    }
    if (std::find(out_.fonts.begin(), out_.fonts.end(), f) == out_.fonts.end()) out_.fonts.push_back(f);
  }

  void add_paint(const std::string& what, const PdfColour& colour, const std::string& inside) {
    std::string key = what + "|" + colour.space.name() + "|" + inside + "|";
    for (double v : colour.values) key += std::to_string(v) + " ";
    if (paints_seen_.insert(key).second) out_.paints.push_back({what, colour, inside});
  }

  // Each pattern, glyph procedure, soft mask and image is followed once per
  // place it is drawn from (`key`): a back's pattern fills many paths.
  bool first_time(const Object& o, const std::string& key) {
    if (!o.isIndirect()) return true;
    return followed_.insert(o.getObjGen().unparse(' ') + "|" + key).second;
  }

  double ink_of(const Object& image) {
    const std::string key = image.getObjGen().unparse(' ');
    auto found = ink_.find(key);
    if (found != ink_.end()) return found->second;
    return ink_[key] = image_max_ink(image);
  }

  // What one content stream paints, as the interpreter reads it.
  class Stream : public ContentProcessor {
   public:
    Stream(PageReader& page, const Object& resources, Context ctx, const GraphicsState& start)
        : in(*this, resources, start, &page.budget_, ContentStream::Malformed::Skip),
          page_(page),
          ctx_(std::move(ctx)),
          base_(start.ctm) {}
    ContentStream in;

    void operate(const std::string& op, ContentStream& /*stream*/) override { dispatch(op); }
    void inline_image(const Object& /*image*/) override { inline_image_ = true; }

   private:
    double num(size_t i) const { return in.num(i); }
    std::string name_operand() const { return in.name_operand(); }
    GraphicsState& g() { return in.state(); }
    Object resource(const char* kind, const std::string& name) const { return in.resource(kind, name); }
    Object resources_of(const Object& dict) const { return in.resources_of(dict); }

    void extend(Point p) {
      Point m = page_.page_mm(g().ctm, p);
      if (!has_path_) {
        path_ = {m.x, m.y, 0, 0};
        has_path_ = true;
        return;
      }
      double l = std::min(path_.x, m.x), t = std::min(path_.y, m.y);
      double r = std::max(path_.right(), m.x), b = std::max(path_.bottom(), m.y);
      path_ = {l, t, r - l, b - t};
    }

    void paint(bool stroke, bool fill) {
      if (has_path_ && (stroke || fill)) {
        PdfPath p;
        p.bounds = path_;
        p.stroked = stroke;
        p.filled = fill;
        p.straight = !curved_;
        p.rectangle = rects_ == 1 && segments_ == 0;
        p.inside = ctx_.inside;
        p.indirect = ctx_.indirect;
        if (stroke) {
          p.line_width_pt = g().line_width * scale_of(g().ctm);
          p.stroke = g().stroke;
        }
        page_.out_.paths.push_back(p);
        if (fill) painted("fill", g().fill, g().fill_pattern);
        if (stroke) painted("stroke", g().stroke, g().stroke_pattern);
      }
      has_path_ = false;
      curved_ = false;
      rects_ = segments_ = 0;
    }

    // A colour used to paint: a pattern is followed, any other recorded.
    void painted(const std::string& what, const PdfColour& colour, const std::string& pattern) {
      if (colour.space.is(ColourFamily::Pattern))
        follow_pattern(pattern);
      else
        page_.add_paint(what, colour, ctx_.inside);
    }

    // A tiling pattern's cell is drawn in pattern space, which the pattern
    // matrix maps onto the default space of the stream that uses it.
    void follow_pattern(const std::string& name) {
      Object pattern = resource("/Pattern", name);
      Object dict = dict_of(pattern);
      if (!dict.isDictionary() || !page_.first_time(pattern, ctx_.inside)) return;
      const std::string where = "pattern " + name;
      long long type = dict.getKey("/PatternType").isInteger() ? dict.getKey("/PatternType").getIntValue() : 0;
      if (type == 1 && pattern.isStream()) {
        GraphicsState start;
        start.ctm = base_.then_after(matrix_of(dict.getKey("/Matrix")));
        page_.run(pattern, resources_of(dict), start, false, ctx_.nested(where, false, true));
      } else if (type == 2) {
        shading(dict.getKey("/Shading"), ctx_.nested(where).inside);
      }
    }

    void shading(const Object& sh, const std::string& inside) {
      Object d = dict_of(sh);
      if (!d.isDictionary()) return;
      PdfColour c;
      c.space = family_of(d.getKey("/ColorSpace"));
      std::vector<std::vector<double>> ends;
      function_ends(d.getKey("/Function"), ends);
      if (ends.empty()) page_.add_paint("shading", c, inside);
      for (auto& v : ends) {
        c.values = v;
        page_.add_paint("shading", c, inside);
      }
    }

    void show_text(size_t bytes) {
      const TextState& ts = in.text();
      Affine trm = g().ctm.then_after(ts.tm);
      PdfText t;
      t.origin = page_.page_mm(trm, {0, 0});
      Point ahead = page_.page_mm(trm, {1, 0}), above = page_.page_mm(trm, {0, 1});
      double la = std::hypot(ahead.x - t.origin.x, ahead.y - t.origin.y);
      double lu = std::hypot(above.x - t.origin.x, above.y - t.origin.y);
      if (la > 0) t.advance = {(ahead.x - t.origin.x) / la, (ahead.y - t.origin.y) / la};
      if (lu > 0) t.up = {(above.x - t.origin.x) / lu, (above.y - t.origin.y) / lu};
      t.size_pt = ts.size * scale_of(trm);
      t.color = approx(g().fill);
      t.fill = g().fill;
      t.inside = ctx_.inside;
      t.indirect = ctx_.indirect;
      Object font = resource("/Font", ts.font);
      const std::string subtype = font.isDictionary() ? name_of(font.getKey("/Subtype")) : "";
      t.glyphs = subtype == "/Type0" ? bytes / 2 : bytes;
      if (font.isDictionary()) {
        page_.add_font(ts.font, font);
        t.font = font.getKey("/BaseFont").isName() ? font.getKey("/BaseFont").getName().substr(1) : ts.font;
      }
      page_.out_.texts.push_back(t);
      painted("text", g().fill, g().fill_pattern);
      if (subtype == "/Type3") follow_type3(font, trm);
    }

    // A Type 3 font's glyphs are content streams in glyph space: the font
    // matrix, then the text's size and matrix, then the CTM.
    void follow_type3(Object font, const Affine& trm) {
      const TextState& ts = in.text();
      Object procs = font.getKey("/CharProcs");
      if (!procs.isDictionary()) return;
      GraphicsState start = g();
      start.ctm = trm.then_after(Affine::scale(ts.size, ts.size))
                      .then_after(matrix_of(font.getKey("/FontMatrix"), {0.001, 0, 0, 0.001, 0, 0}));
      const std::string size_key = std::to_string(std::lround(scale_of(start.ctm) * 1e4));
      if (!page_.first_time(font, ctx_.inside + "|" + size_key)) return;
      for (auto [glyph, proc] : procs.ditems())
        if (proc.isStream())
          page_.run(proc, resources_of(font), start, false,
                    ctx_.nested("Type 3 glyph " + glyph + " of font " + ts.font, false, true));
    }

    static size_t string_bytes(Object o) {
      if (o.isString()) return o.getStringValue().size();
      size_t n = 0;
      if (o.isArray())
        for (auto item : o.aitems())
          if (item.isString()) n += item.getStringValue().size();
      return n;
    }

    void draw_xobject(const std::string& name) {
      Object x = resource("/XObject", name);
      if (!x.isStream()) return;
      Object dict = x.getDict();
      std::string subtype = name_of(dict.getKey("/Subtype"));
      if (subtype == "/Image") {
        draw_image(name, x);
      } else if (subtype == "/Form") {
        GraphicsState start = g();  // a form inherits the graphics state
        start.ctm = g().ctm.then_after(matrix_of(dict.getKey("/Matrix")));
        page_.run(x, resources_of(dict), start, false, ctx_.nested("form " + name));
      } else if (subtype == "/PS") {
        add_once(page_.out_.forbidden, "PostScript XObject " + name);
      }
    }

    static int int_of(Object o) { return o.isInteger() ? static_cast<int>(o.getIntValue()) : 0; }

    void draw_image(const std::string& name, Object x) {
      Object dict = x.getDict();
      PdfImage img;
      img.width_px = int_of(dict.getKey("/Width"));
      img.height_px = int_of(dict.getKey("/Height"));
      img.soft_mask = ctx_.soft_mask;
      if (dict.getKey("/ImageMask").isBool() && dict.getKey("/ImageMask").getBoolValue()) {
        painted("image mask", g().fill, g().fill_pattern);
      } else {
        img.colour_space = family_of(dict.getKey("/ColorSpace"));
        page_.add_paint("image", {img.colour_space, {}}, ctx_.inside);
        if ((img.colour_space.is(ColourFamily::DeviceCMYK) || img.colour_space.is(ColourFamily::IccCmyk)) &&
            int_of(dict.getKey("/BitsPerComponent")) == 8)
          img.max_ink = page_.ink_of(x);
      }
      add_image(img, ctx_.inside);
      Object mask = dict.getKey("/SMask");
      if (mask.isStream()) {
        // Mapped onto the same unit square: its resolution is its own.
        PdfImage m;
        m.width_px = int_of(mask.getDict().getKey("/Width"));
        m.height_px = int_of(mask.getDict().getKey("/Height"));
        m.soft_mask = true;
        m.colour_space = family_of(mask.getDict().getKey("/ColorSpace"));
        add_image(m, ctx_.nested("soft mask of image " + name).inside);
        add_once(page_.out_.transparency, "image " + name + " with a soft mask");
      }
      if (int_of(dict.getKey("/SMaskInData")) > 0) add_once(page_.out_.transparency, "image " + name + " with alpha");
    }

    void add_image(PdfImage img, const std::string& inside) {
      // An image fills the unit square of the current space.
      Point corners[4] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
      double l = 1e300, t = 1e300, r = -1e300, b = -1e300;
      for (Point c : corners) {
        Point m = page_.page_mm(g().ctm, c);
        l = std::min(l, m.x);
        r = std::max(r, m.x);
        t = std::min(t, m.y);
        b = std::max(b, m.y);
      }
      img.bounds = {l, t, r - l, b - t};
      double w_in = std::hypot(g().ctm.xx, g().ctm.yx) / 72, h_in = std::hypot(g().ctm.xy, g().ctm.yy) / 72;
      double dx = w_in > 0 ? img.width_px / w_in : 0, dy = h_in > 0 ? img.height_px / h_in : 0;
      img.dpi = std::min(dx, dy);
      img.inside = inside;
      img.indirect = ctx_.indirect;
      page_.out_.images.push_back(img);
    }

    void dispatch(const std::string& op) { graphics_state(op) || text(op) || path(op) || image(op); }

    bool graphics_state(const std::string& op) {
      // q, Q, cm, w and an ExtGState's line width are the interpreter's.
      if (op == "gs") {
        ext_gstate(name_operand());
      } else if (op == "sh") {
        shading(resource("/Shading", name_operand()), ctx_.inside);
      } else {
        return false;
      }
      return true;
    }

    // An ExtGState: what blends, what PDF/X forbids, and its soft mask's
    // group, drawn in the space current when it is set.
    void ext_gstate(const std::string& name) {
      Object ext = resource("/ExtGState", name);
      if (!ext.isDictionary()) return;
      auto& out = page_.out_;
      for (const auto& what : ext_gstate_blends(ext, name)) add_once(out.transparency, what);
      Object tr = ext.getKey("/TR"), tr2 = ext.getKey("/TR2");
      if ((!tr.isNull() && name_of(tr) != "/Identity") || (!tr2.isNull() && name_of(tr2) != "/Default"))
        add_once(out.forbidden, "transfer function in " + name);
      Object mask = ext.getKey("/SMask");
      if (!mask.isDictionary()) return;  // /None
      Object group = mask.getKey("/G");
      if (!group.isStream() || !page_.first_time(group, ctx_.inside)) return;
      GraphicsState start;
      start.ctm = g().ctm.then_after(matrix_of(group.getDict().getKey("/Matrix")));
      page_.run(group, resources_of(group.getDict()), start, false, ctx_.nested("soft mask " + name, true, true));
    }

    // The text state (and the next line of ' and ") is the interpreter's.
    bool text(const std::string& op) {
      if (op != "Tj" && op != "TJ" && op != "'" && op != "\"") return false;
      if (!in.operands().empty()) show_text(string_bytes(in.operands().back()));
      return true;
    }

    bool path(const std::string& op) {
      if (op == "m" || op == "l") {
        extend({num(0), num(1)});
        ++segments_;
      } else if (op == "c") {
        extend({num(0), num(1)});
        extend({num(2), num(3)});
        extend({num(4), num(5)});
        curved_ = true;
      } else if (op == "v" || op == "y") {
        extend({num(0), num(1)});
        extend({num(2), num(3)});
        curved_ = true;
      } else if (op == "re") {
        extend({num(0), num(1)});
        extend({num(0) + num(2), num(1) + num(3)});
        ++rects_;
      } else if (op == "S" || op == "s") {
        paint(true, false);
      } else if (op == "f" || op == "F" || op == "f*") {
        paint(false, true);
      } else if (op == "B" || op == "B*" || op == "b" || op == "b*") {
        paint(true, true);
      } else if (op == "n") {
        paint(false, false);
      } else {
        return false;
      }
      return true;
    }

    // Placed images and forms: Do, and inline images (BI ... ID ... EI).
    bool image(const std::string& op) {
      if (op == "Do") {
        auto& operands = in.operands();
        if (!operands.empty() && operands[0].isName()) draw_xobject(operands[0].getName());
      } else if (op == "EI") {
        if (inline_image_) add_inline_image();
        inline_image_ = false;
      } else if (op == "ID") {
        inline_operands_ = in.operands();
      } else {
        return false;
      }
      return true;
    }

    void add_inline_image() {
      PdfImage img;
      bool mask = false;
      auto& dict = inline_operands_;  // BI's key/value pairs, as they stood before ID
      for (size_t i = 0; i + 1 < dict.size(); ++i) {
        if (!dict[i].isName()) continue;
        std::string key = dict[i].getName();
        Object v = dict[i + 1];
        if (key == "/W" || key == "/Width") img.width_px = int_of(v);
        if (key == "/H" || key == "/Height") img.height_px = int_of(v);
        if (key == "/IM" || key == "/ImageMask") mask = v.isBool() && v.getBoolValue();
        if ((key == "/CS" || key == "/ColorSpace") && v.isName()) img.colour_space = in.colour_space(v.getName());
        if ((key == "/CS" || key == "/ColorSpace") && v.isArray()) img.colour_space = family_of(v);
      }
      if (mask) {
        img.colour_space = ColourFamily::None;
        painted("image mask", g().fill, g().fill_pattern);
      } else {
        page_.add_paint("image", {img.colour_space, {}}, ctx_.inside);
      }
      img.soft_mask = ctx_.soft_mask;
      add_image(img, ctx_.inside);
    }

    PageReader& page_;
    Context ctx_;
    Affine base_;  // the CTM where the stream starts: the space its patterns are placed in
    std::vector<Object> inline_operands_;
    Rect path_;
    bool has_path_ = false;
    bool curved_ = false;
    int rects_ = 0, segments_ = 0;
    bool inline_image_ = false;
  };

  PdfPageContent& out_;
  QPDFObjectHandle::Rectangle media_;
  Budget budget_;
  std::set<std::string> paints_seen_, followed_;
  std::map<std::string, double> ink_;
};

}  // namespace

ColourSpace ColourSpace::by_name(std::string_view text) {
  const std::string_view bare = text.substr(text.empty() ? 0 : 1);
  if (auto family = value_of(kColourFamilyNames, bare)) return *family;
  ColourSpace other(ColourFamily::Other);
  other.other = bare;
  return other;
}

ColourSpace ColourSpace::named(std::string_view text) {
  if (text == "/RGB") return ColourFamily::DeviceRGB;
  if (text == "/CMYK") return ColourFamily::DeviceCMYK;
  if (text == "/G") return ColourFamily::DeviceGray;
  return by_name(text);
}

std::string ColourSpace::name() const {
  std::string out;
  for (int i = 0; i < indexed; ++i) out += "Indexed ";
  return out + (family == ColourFamily::Other ? other : std::string(name_of(kColourFamilyNames, family)));
}

bool PdfColour::rgb() const {
  const ColourFamily f = space.family;
  return space.indexed <= 1 && (f == ColourFamily::DeviceRGB || f == ColourFamily::CalRGB || f == ColourFamily::IccRgb);
}

bool PdfColour::cmyk() const { return space.is(ColourFamily::DeviceCMYK) || space.is(ColourFamily::IccCmyk); }

std::vector<PdfPageContent> read_pdf_content(const fs::path& file) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(file.c_str());
    std::vector<PdfPageContent> pages;
    for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
      PdfPageContent content;
      auto media = page.getMediaBox().getArrayAsRectangle();
      content.size = {std::abs(media.urx - media.llx) / kPtPerMm, std::abs(media.ury - media.lly) / kPtPerMm};
      PageReader reader(content, media);
      try {
        reader.run(page.getObjectHandle(), page.getAttribute("/Resources", false), GraphicsState{}, true);
      } catch (const TooMuchWork& w) {
        throw std::runtime_error("page " + std::to_string(pages.size() + 1) + ": " + w.what + "; not read further");
      }
      pages.push_back(std::move(content));
    }
    return pages;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot read the content of " + file.string() + ": " + e.what());
  }
}

}  // namespace kw::pdf
