#include "print/pdf/pdf_content.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace kw::print {

namespace fs = std::filesystem;

namespace {

constexpr double kPtPerMm = 72.0 / 25.4;

struct GState {
  Affine ctm;
  double line_width = 1;
  std::optional<Color> fill;
  std::string fill_space = "/DeviceGray";
};

struct TextState {
  Affine tm, tlm;
  double size = 0;
  double leading = 0;
  std::string font;  // resource name
};

Color rgb(double r, double g, double b) {
  auto c = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return {c(r), c(g), c(b), 255};
}

Color cmyk(double c, double m, double y, double k) {
  return rgb((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k));
}

double scale_of(const Affine& a) { return std::sqrt(std::abs(a.xx * a.yy - a.xy * a.yx)); }

// The whole analysis of one page: the page's state, shared by the content
// streams it runs (the page's, then those of the forms it draws).
class PageReader {
 public:
  PageReader(PdfPageContent& out, const QPDFObjectHandle::Rectangle& media) : out_(out), media_(media) {}

  void run(QPDFObjectHandle contents_owner, QPDFObjectHandle resources, const Affine& ctm, bool is_page,
           int depth = 0) {
    if (depth > 12) return;  // forms drawing forms drawing ...: enough
    Stream s(*this, resources, depth);
    s.gs.push_back({});
    s.gs.back().ctm = ctm;
    if (is_page)
      QPDFPageObjectHelper(contents_owner).parseContents(&s);
    else
      contents_owner.parseAsContents(&s);
  }

 private:
  // A point in user space -> page millimetres (top-left origin).
  Point page_mm(const Affine& ctm, Point p) const {
    Point d = ctm.apply(p);
    double left = std::min(media_.llx, media_.urx), top = std::max(media_.lly, media_.ury);
    return {(d.x - left) / kPtPerMm, (top - d.y) / kPtPerMm};
  }

  void add_font(const std::string& name, QPDFObjectHandle font) {
    if (!font.isDictionary()) return;
    PdfFont f;
    f.name = font.getKey("/BaseFont").isName() ? font.getKey("/BaseFont").getName().substr(1) : name;
    f.subtype = font.getKey("/Subtype").isName() ? font.getKey("/Subtype").getName() : "";
    QPDFObjectHandle descriptor = font.getKey("/FontDescriptor");
    if (f.subtype == "/Type0") {
      QPDFObjectHandle kids = font.getKey("/DescendantFonts");
      if (kids.isArray() && kids.getArrayNItems() > 0) descriptor = kids.getArrayItem(0).getKey("/FontDescriptor");
    }
    if (f.subtype == "/Type3") {
      f.embedded = true;  // its glyphs are drawings in the file
    } else if (descriptor.isDictionary()) {
      f.embedded = descriptor.hasKey("/FontFile") || descriptor.hasKey("/FontFile2") || descriptor.hasKey("/FontFile3");
    }
    if (std::find(out_.fonts.begin(), out_.fonts.end(), f) == out_.fonts.end()) out_.fonts.push_back(f);
  }

  class Stream : public QPDFObjectHandle::ParserCallbacks {
   public:
    Stream(PageReader& page, QPDFObjectHandle resources, int depth)
        : page_(page), resources_(std::move(resources)), depth_(depth) {}
    std::vector<GState> gs;

    void handleObject(QPDFObjectHandle obj) override {
      if (obj.isInlineImage()) {
        inline_image_ = true;
        return;
      }
      if (!obj.isOperator()) {
        operands_.push_back(obj);
        return;
      }
      std::string op = obj.getOperatorValue();
      try {
        dispatch(op);
      } catch (const std::exception&) {
        // A malformed operator (wrong operands) is skipped, as viewers do.
      }
      operands_.clear();
    }
    void handleEOF() override {}

   private:
    double num(size_t i) const {
      if (i >= operands_.size() || !operands_[i].isNumber()) throw std::runtime_error("operand");
      return operands_[i].getNumericValue();
    }
    Affine matrix_operands() const { return {num(0), num(1), num(2), num(3), num(4), num(5)}; }
    GState& g() { return gs.back(); }

    QPDFObjectHandle resource(const char* kind, const std::string& name) {
      if (!resources_.isDictionary()) return QPDFObjectHandle::newNull();
      QPDFObjectHandle dict = resources_.getKey(kind);
      return dict.isDictionary() ? dict.getKey(name) : QPDFObjectHandle::newNull();
    }

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
        if (stroke) p.line_width_pt = g().line_width * scale_of(g().ctm);
        page_.out_.paths.push_back(p);
      }
      has_path_ = false;
      curved_ = false;
      rects_ = segments_ = 0;
    }

    void set_fill_from_operands() {
      const std::string& space = g().fill_space;
      if (!operands_.empty() && operands_.back().isName()) {  // a pattern
        g().fill.reset();
        return;
      }
      size_t n = operands_.size();
      if (n == 1 && (space == "/DeviceGray" || space == "/CalGray"))
        g().fill = rgb(num(0), num(0), num(0));
      else if (n == 3 && (space == "/DeviceRGB" || space == "/CalRGB"))
        g().fill = rgb(num(0), num(1), num(2));
      else if (n == 4 && space == "/DeviceCMYK")
        g().fill = cmyk(num(0), num(1), num(2), num(3));
      else
        g().fill.reset();
    }

    void show_text(size_t bytes) {
      Affine trm = g().ctm.then_after(text_.tm);
      PdfText t;
      t.origin = page_.page_mm(trm, {0, 0});
      Point ahead = page_.page_mm(trm, {1, 0}), above = page_.page_mm(trm, {0, 1});
      double la = std::hypot(ahead.x - t.origin.x, ahead.y - t.origin.y);
      double lu = std::hypot(above.x - t.origin.x, above.y - t.origin.y);
      if (la > 0) t.advance = {(ahead.x - t.origin.x) / la, (ahead.y - t.origin.y) / la};
      if (lu > 0) t.up = {(above.x - t.origin.x) / lu, (above.y - t.origin.y) / lu};
      t.size_pt = text_.size * scale_of(trm);
      t.color = g().fill;
      QPDFObjectHandle font = resource("/Font", text_.font);
      bool two_byte =
          font.isDictionary() && font.getKey("/Subtype").isName() && font.getKey("/Subtype").getName() == "/Type0";
      t.glyphs = two_byte ? bytes / 2 : bytes;
      if (font.isDictionary()) {
        page_.add_font(text_.font, font);
        t.font = font.getKey("/BaseFont").isName() ? font.getKey("/BaseFont").getName().substr(1) : text_.font;
      }
      page_.out_.texts.push_back(t);
    }

    static size_t string_bytes(QPDFObjectHandle o) {
      if (o.isString()) return o.getStringValue().size();
      size_t n = 0;
      if (o.isArray())
        for (auto item : o.aitems())
          if (item.isString()) n += item.getStringValue().size();
      return n;
    }

    void next_line() {
      text_.tlm = text_.tlm.then_after(Affine::translate(0, -text_.leading));
      text_.tm = text_.tlm;
    }

    void draw_xobject(const std::string& name) {
      QPDFObjectHandle x = resource("/XObject", name);
      if (!x.isStream()) return;
      QPDFObjectHandle dict = x.getDict();
      std::string subtype = dict.getKey("/Subtype").isName() ? dict.getKey("/Subtype").getName() : "";
      if (subtype == "/Image") {
        PdfImage img;
        img.width_px = dict.getKey("/Width").isInteger() ? static_cast<int>(dict.getKey("/Width").getIntValue()) : 0;
        img.height_px = dict.getKey("/Height").isInteger() ? static_cast<int>(dict.getKey("/Height").getIntValue()) : 0;
        add_image(img);
      } else if (subtype == "/Form") {
        Affine m;
        QPDFObjectHandle matrix = dict.getKey("/Matrix");
        if (matrix.isArray() && matrix.getArrayNItems() == 6) {
          double v[6];
          for (int i = 0; i < 6; ++i)
            v[i] = matrix.getArrayItem(i).isNumber() ? matrix.getArrayItem(i).getNumericValue() : 0;
          m = {v[0], v[1], v[2], v[3], v[4], v[5]};
        }
        QPDFObjectHandle res = dict.getKey("/Resources");
        page_.run(x, res.isDictionary() ? res : resources_, g().ctm.then_after(m), false, depth_ + 1);
      }
    }

    void add_image(PdfImage img) {
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
      page_.out_.images.push_back(img);
    }

    void dispatch(const std::string& op) { graphics_state(op) || colour(op) || text(op) || path(op) || image(op); }

    bool graphics_state(const std::string& op) {
      if (op == "q") {
        gs.push_back(gs.back());
      } else if (op == "Q") {
        if (gs.size() > 1) gs.pop_back();
      } else if (op == "cm") {
        g().ctm = g().ctm.then_after(matrix_operands());
      } else if (op == "w") {
        g().line_width = num(0);
      } else if (op == "gs") {
        QPDFObjectHandle ext = operands_.empty() || !operands_[0].isName()
                                   ? QPDFObjectHandle::newNull()
                                   : resource("/ExtGState", operands_[0].getName());
        if (ext.isDictionary() && ext.getKey("/LW").isNumber()) g().line_width = ext.getKey("/LW").getNumericValue();
      } else {
        return false;
      }
      return true;
    }

    bool colour(const std::string& op) {
      if (op == "rg") {
        g().fill = rgb(num(0), num(1), num(2));
        g().fill_space = "/DeviceRGB";
      } else if (op == "g") {
        g().fill = rgb(num(0), num(0), num(0));
        g().fill_space = "/DeviceGray";
      } else if (op == "k") {
        g().fill = cmyk(num(0), num(1), num(2), num(3));
        g().fill_space = "/DeviceCMYK";
      } else if (op == "cs") {
        g().fill_space = colour_space(operands_.empty() || !operands_[0].isName() ? "" : operands_[0].getName());
        g().fill.reset();
      } else if (op == "sc" || op == "scn") {
        set_fill_from_operands();
      } else {
        return false;
      }
      return true;
    }

    // A colour space resource by name, as the device space it amounts to.
    std::string colour_space(std::string space) {
      QPDFObjectHandle named = resource("/ColorSpace", space);
      if (!named.isArray() || named.getArrayNItems() == 0 || !named.getArrayItem(0).isName()) return space;
      std::string family = named.getArrayItem(0).getName();
      if (family != "/ICCBased") return family;
      QPDFObjectHandle stream = named.getArrayItem(1);
      int n = stream.isStream() && stream.getDict().getKey("/N").isInteger()
                  ? static_cast<int>(stream.getDict().getKey("/N").getIntValue())
                  : 0;
      return n == 1 ? "/DeviceGray" : n == 3 ? "/DeviceRGB" : n == 4 ? "/DeviceCMYK" : family;
    }

    bool text(const std::string& op) {
      if (op == "BT") {
        text_.tm = text_.tlm = Affine{};
      } else if (op == "Tf") {
        text_.font = operands_.size() >= 2 && operands_[0].isName() ? operands_[0].getName() : "";
        text_.size = num(1);
      } else if (op == "Tm") {
        text_.tm = text_.tlm = matrix_operands();
      } else if (op == "Td" || op == "TD") {
        if (op == "TD") text_.leading = -num(1);
        text_.tlm = text_.tlm.then_after(Affine::translate(num(0), num(1)));
        text_.tm = text_.tlm;
      } else if (op == "TL") {
        text_.leading = num(0);
      } else if (op == "T*") {
        next_line();
      } else if (op == "Tj" || op == "TJ") {
        if (!operands_.empty()) show_text(string_bytes(operands_.back()));
      } else if (op == "'" || op == "\"") {
        next_line();
        if (!operands_.empty()) show_text(string_bytes(operands_.back()));
      } else {
        return false;
      }
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
        if (!operands_.empty() && operands_[0].isName()) draw_xobject(operands_[0].getName());
      } else if (op == "EI") {
        if (inline_image_) add_inline_image();
        inline_image_ = false;
      } else if (op == "ID") {
        inline_operands_ = operands_;
      } else {
        return false;
      }
      return true;
    }

    void add_inline_image() {
      PdfImage img;
      auto& dict = inline_operands_;  // BI's key/value pairs, as they stood before ID
      for (size_t i = 0; i + 1 < dict.size(); ++i) {
        if (!dict[i].isName() || !dict[i + 1].isInteger()) continue;
        std::string key = dict[i].getName();
        int v = static_cast<int>(dict[i + 1].getIntValue());
        if (key == "/W" || key == "/Width") img.width_px = v;
        if (key == "/H" || key == "/Height") img.height_px = v;
      }
      add_image(img);
    }

    PageReader& page_;
    QPDFObjectHandle resources_;
    int depth_;
    mutable std::vector<QPDFObjectHandle> operands_, inline_operands_;  // qpdf 11: accessors are not const
    TextState text_;
    Rect path_;
    bool has_path_ = false;
    bool curved_ = false;
    int rects_ = 0, segments_ = 0;
    bool inline_image_ = false;
  };

  PdfPageContent& out_;
  QPDFObjectHandle::Rectangle media_;
};

}  // namespace

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
      reader.run(page.getObjectHandle(), page.getAttribute("/Resources", false), Affine{}, true);
      pages.push_back(std::move(content));
    }
    return pages;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot read the content of " + file.string() + ": " + e.what());
  }
}

}  // namespace kw::print
