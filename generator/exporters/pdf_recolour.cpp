#include "exporters/pdf_recolour.h"

#include "pdf/content_stream.h"  // first: it sets qpdf's POINTERHOLDER_TRANSITION

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "exporters/press_colours.h"
#include "pdf/pdf_content.h"

namespace kw::exporters {

namespace {

using Object = QPDFObjectHandle;
using pdf::name_of;
using pdf::PdfColour;

// Where a stream's colours end up: on the press (Art), or measured as
// lightness by a luminosity soft mask (Mask).
enum class Context { Art, Mask };

std::string number(double v) {
  if (std::abs(v) < 5e-7) return "0";
  std::string s = fmt::format("{:.6f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string cmyk_operands(const Cmyk& c) {
  return number(c.c) + " " + number(c.m) + " " + number(c.y) + " " + number(c.k);
}

double num(Object o) { return o.isNumber() ? o.getNumericValue() : 0; }

bool is_name(Object o, const char* name) { return o.isName() && o.getName() == name; }

using pdf::ColourFamily;
using pdf::pdf_name;

// Whether `o` is the name of the colour space family `f` (only plain names:
// a colour space array is none of the device families).
bool is_space(Object o, ColourFamily f) {
  if (!o.isName()) return false;
  const pdf::ColourSpace space = pdf::ColourSpace::by_name(o.getName());
  return space.is(f);
}

// --- functions of shadings --------------------------------------------------

// Evaluates a PDF function with one input (types 2 and 3, the ones Cairo
// writes; an array of such functions gives one output each).
std::vector<double> evaluate(Object f, double t);

std::vector<double> evaluate_one(Object f, double t) {
  Object dict = f.isStream() ? f.getDict() : f;
  const int type = dict.getKey("/FunctionType").isInteger() ? dict.getKey("/FunctionType").getIntValueAsInt() : -1;
  Object domain = dict.getKey("/Domain");
  if (domain.isArray() && domain.getArrayNItems() >= 2)
    t = std::clamp(t, num(domain.getArrayItem(0)), num(domain.getArrayItem(1)));
  if (type == 2) {
    Object c0 = dict.getKey("/C0"), c1 = dict.getKey("/C1");
    const double n = num(dict.getKey("/N"));
    const size_t size = c0.isArray() ? c0.getArrayNItems() : 1;
    std::vector<double> out(size);
    const double x = std::pow(t, n);
    for (size_t i = 0; i < size; ++i) {
      const double a = c0.isArray() ? num(c0.getArrayItem(static_cast<int>(i))) : 0;
      const double b = c1.isArray() ? num(c1.getArrayItem(static_cast<int>(i))) : 1;
      out[i] = a + x * (b - a);
    }
    return out;
  }
  if (type == 3) {
    Object functions = dict.getKey("/Functions"), bounds = dict.getKey("/Bounds"), encode = dict.getKey("/Encode");
    const int k = functions.getArrayNItems();
    if (k == 0) throw std::runtime_error("a stitching function without functions");
    const double d0 = num(domain.getArrayItem(0)), d1 = num(domain.getArrayItem(1));
    int i = 0;
    while (i < k - 1 && t >= num(bounds.getArrayItem(i))) ++i;
    const double lo = i == 0 ? d0 : num(bounds.getArrayItem(i - 1));
    const double hi = i == k - 1 ? d1 : num(bounds.getArrayItem(i));
    const double e0 = num(encode.getArrayItem(2 * i)), e1 = num(encode.getArrayItem(2 * i + 1));
    const double u = hi > lo ? e0 + (t - lo) / (hi - lo) * (e1 - e0) : e0;
    return evaluate(functions.getArrayItem(i), u);
  }
  throw std::runtime_error("shading function of type " + std::to_string(type) +
                           " (kartenwerk converts types 2 and 3, the ones Cairo writes)");
}

std::vector<double> evaluate(Object f, double t) {
  if (!f.isArray()) return evaluate_one(f, t);
  std::vector<double> out;
  for (const auto& part : f.aitems())
    for (double v : evaluate_one(part, t)) out.push_back(v);
  return out;
}

// The breakpoints of a function over [t0, t1]: the bounds of its stitching,
// where a colour may change abruptly.
void breakpoints(Object f, double t0, double t1, std::vector<double>& out) {
  if (f.isArray()) {
    for (const auto& part : f.aitems()) breakpoints(part, t0, t1, out);
    return;
  }
  Object dict = f.isStream() ? f.getDict() : f;
  if (!dict.getKey("/FunctionType").isInteger() || dict.getKey("/FunctionType").getIntValue() != 3) return;
  Object bounds = dict.getKey("/Bounds");
  if (!bounds.isArray()) return;
  Object encode = dict.getKey("/Encode"), functions = dict.getKey("/Functions");
  std::vector<double> edges{t0};
  for (const auto& b : bounds.aitems()) edges.push_back(num(b));
  edges.push_back(t1);
  for (size_t i = 0; i + 1 < edges.size(); ++i) {
    if (i > 0) out.push_back(edges[i]);
    // Inner stitching, mapped back through this piece's Encode.
    std::vector<double> inner;
    const double e0 = num(encode.getArrayItem(static_cast<int>(2 * i)));
    const double e1 = num(encode.getArrayItem(static_cast<int>(2 * i + 1)));
    breakpoints(functions.getArrayItem(static_cast<int>(i)), std::min(e0, e1), std::max(e0, e1), inner);
    for (double u : inner)
      if (e1 != e0) out.push_back(edges[i] + (u - e0) / (e1 - e0) * (edges[i + 1] - edges[i]));
  }
}

// --- the content stream rewriter --------------------------------------------

// A colour as the content stream asked for it.
struct Requested {
  enum Kind { Inherited, Rgb, Grey, Cmyk, Pattern } kind = Inherited;
  exporters::Rgb rgb;
  double grey = 0;
  exporters::Cmyk cmyk;
  std::string pattern;  // "/Pattern cs /P1 scn" as written
};

// The interpreter's colour (a space of None: what the caller of a form set)
// as one of the kinds this converts. A space set without components yet has
// its initial colour: black, or no pattern.
Requested requested(const PdfColour& c, const std::string& pattern, bool fill) {
  Requested r;
  const auto& n = c.values;
  if (c.space.is(pdf::ColourFamily::None)) return r;
  if (c.space.is(pdf::ColourFamily::DeviceRGB) && (n.size() == 3 || n.empty())) {
    r.kind = Requested::Rgb;
    if (!n.empty()) r.rgb = {n[0], n[1], n[2]};
  } else if (c.space.is(pdf::ColourFamily::DeviceGray) && (n.size() == 1 || n.empty())) {
    r.kind = Requested::Grey;
    if (!n.empty()) r.grey = n[0];
  } else if (c.space.is(pdf::ColourFamily::DeviceCMYK) && (n.size() == 4 || n.empty())) {
    r.kind = Requested::Cmyk;
    r.cmyk = n.empty() ? exporters::Cmyk{0, 0, 0, 1} : exporters::Cmyk{n[0], n[1], n[2], n[3]};
  } else if (c.space.is(pdf::ColourFamily::Pattern) && n.empty()) {
    if (pattern.empty()) return r;
    r.kind = Requested::Pattern;
    r.pattern = "/Pattern " + std::string(fill ? "cs " : "CS ") + pattern + (fill ? " scn" : " SCN");
  } else {
    throw std::runtime_error("a colour in the colour space /" + c.space.name() +
                             " (kartenwerk converts DeviceRGB, DeviceGray, DeviceCMYK and patterns)");
  }
  return r;
}

// What the rewritten stream has set itself (its colours and overprint mode,
// "" or -1: not known), saved and restored with q and Q like the graphics
// state it belongs to.
struct Written {
  std::string fill, stroke;
  int overprint = -1;  // 0: knockout, 1: overprint
};

// Re-emits one content stream as the interpreter reads it, with its colour
// operators held back and written, converted, just before the painting
// operator that uses them.
class ContentRewriter : public pdf::ContentProcessor {
 public:
  ContentRewriter(PressColours& colours, Context context, size_t& colour_count)
      : colours_(colours), context_(context), colour_count_(colour_count) {}

  // A page starts in DeviceGray black; a form inherits its caller's colours.
  static pdf::GraphicsState start(bool page_level) {
    pdf::GraphicsState g;
    if (!page_level) g.fill.space = g.stroke.space = pdf::ColourFamily::None;
    return g;
  }

  void operate(const std::string& op, pdf::ContentStream& stream) override {
    in_ = &stream;
    if (context_ == Context::Mask)
      mask_operator(op);
    else
      art_operator(op);
  }
  void inline_image(const Object& /*image*/) override {
    throw std::runtime_error("an inline image (kartenwerk converts images that are XObjects)");
  }
  void saved() override { written_.push_back(written_.back()); }
  void restored() override { written_.pop_back(); }

  const std::string& output() const { return out_; }
  bool used_overprint() const { return used_overprint_; }

 private:
  void emit_operands() {
    for (auto o : in_->operands()) {  // a copy: qpdf 11's unparse is not const
      out_ += o.unparse();
      out_ += ' ';
    }
  }
  void pass(const std::string& op) {
    emit_operands();
    out_ += op;
    out_ += '\n';
  }

  // In a luminosity mask, a colour is its lightness.
  void mask_operator(const std::string& op) {
    auto n = in_->numbers();
    auto& operands = in_->operands();
    if ((op == "rg" || op == "RG") && n.size() == 3) {
      out_ += number(luminosity({n[0], n[1], n[2]})) + (op == "rg" ? " g\n" : " G\n");
      return;
    }
    if ((op == "cs" || op == "CS") && operands.size() == 1 && is_name(operands[0], "/DeviceRGB")) {
      out_ += op == "cs" ? "/DeviceGray cs\n" : "/DeviceGray CS\n";
      return;
    }
    if ((op == "sc" || op == "scn" || op == "SC" || op == "SCN") && n.size() == 3 && operands.size() == 3) {
      out_ += number(luminosity({n[0], n[1], n[2]})) + " " + op + "\n";
      return;
    }
    if (op == "k" || op == "K") throw std::runtime_error("a CMYK colour in a soft mask");
    pass(op);
  }

  // Colours are held back: the interpreter keeps them, and they are written
  // before the painting operator. Only device spaces and patterns convert.
  bool colour_operator(const std::string& op) {
    if (op == "cs" || op == "CS") {
      auto& operands = in_->operands();
      if (operands.size() != 1 || !operands[0].isName())
        throw std::runtime_error("'" + op + "' without a colour space name");
      const std::string space = name_of(operands[0]);
      if (space != "/DeviceRGB" && space != "/DeviceGray" && space != "/DeviceCMYK" && space != "/Pattern")
        throw std::runtime_error("the named colour space " + space + " (kartenwerk converts device colours)");
      return true;
    }
    return op == "rg" || op == "RG" || op == "g" || op == "G" || op == "k" || op == "K" || op == "sc" || op == "scn" ||
           op == "SC" || op == "SCN";
  }

  void art_operator(const std::string& op) {
    if (colour_operator(op)) return;
    if (path_operator(op)) return;
    if (op == "Tj" || op == "TJ" || op == "'" || op == "\"") {
      if ((op == "Tj" || op == "TJ") && in_->state().text_render == 0) keep_away(op);
      const int mode = in_->state().text_render % 4;
      const bool fill = mode == 0 || mode == 2, stroke = mode == 1 || mode == 2;
      set_colours(fill ? PaintUse::Text : std::optional<PaintUse>{},
                  stroke ? PaintUse::Text : std::optional<PaintUse>{});
    } else if (op == "sh") {
      set_overprint(false);
    } else if (op == "Do") {
      // A form paints with what it sets itself, or inherits ours; an image
      // mask paints in the fill colour.
      set_colours(PaintUse::Area, PaintUse::Area);
      set_overprint(false);
    }
    pass(op);  // q, Q, cm, w, Tr ...: the interpreter applied them to its state
  }

  // Path construction (its extent, as printed) and painting.
  bool path_operator(const std::string& op) {
    auto n = in_->numbers();
    if (op == "m" || op == "l") {
      if (n.size() == 2) extend(n[0], n[1]);
    } else if (op == "c" || op == "v" || op == "y") {
      for (size_t i = 0; i + 1 < n.size(); i += 2) extend(n[i], n[i + 1]);
    } else if (op == "re") {
      if (n.size() == 4) {
        extend(n[0], n[1]);
        extend(n[0] + n[2], n[1] + n[3]);
        extend(n[0], n[1] + n[3]);
        extend(n[0] + n[2], n[1]);
      }
    } else if (op == "f" || op == "F" || op == "f*" || op == "S" || op == "s" || op == "B" || op == "B*" || op == "b" ||
               op == "b*" || op == "n") {
      const bool stroke = op != "f" && op != "F" && op != "f*" && op != "n";
      const bool fill = op != "S" && op != "s" && op != "n";
      if (fill || stroke) paint(fill, stroke);
      pass(op);
      reset_path();
      return true;
    } else {
      return false;
    }
    pass(op);
    return true;
  }

  void extend(double x, double y) {
    Point p = in_->state().ctm.apply(Point{x, y});
    path_min_[0] = std::min(path_min_[0], p.x);
    path_min_[1] = std::min(path_min_[1], p.y);
    path_max_[0] = std::max(path_max_[0], p.x);
    path_max_[1] = std::max(path_max_[1], p.y);
  }
  void reset_path() {
    path_min_ = {kBig, kBig};
    path_max_ = {-kBig, -kBig};
  }
  // The path's smaller side as printed, mm.
  double path_small_side_mm() const {
    if (path_max_[0] < path_min_[0]) return 0;
    return std::min(path_max_[0] - path_min_[0], path_max_[1] - path_min_[1]) * 25.4 / 72;
  }

  void paint(bool fill, bool stroke) {
    const pdf::GraphicsState& g = in_->state();
    const double width_pt = g.line_width * pdf::scale_of(g.ctm);
    const bool area = path_small_side_mm() >= colours_.settings().rich_black_min_mm;
    std::optional<PaintUse> fill_use, stroke_use;
    if (fill) fill_use = area ? PaintUse::Area : PaintUse::SmallFill;
    if (stroke) stroke_use = width_pt <= colours_.settings().thin_line_pt ? PaintUse::Line : PaintUse::SmallFill;
    last_fill_.reset();
    set_colours(fill_use, stroke_use);
    // The grounds text may lie on: areas of one colour, where they are.
    if (fill && area && last_fill_ && colours_.settings().keep_away_pt > 0)
      grounds_.push_back({{path_min_[0], path_min_[1]}, {path_max_[0], path_max_[1]}, *last_fill_});
  }

  // The prepress remedy for small light text knocked out of a ground of
  // much ink (opt-in: a profile's knockout_keep_away): misregistration of
  // any plate of the ground narrows the letters and fringes them with
  // colour. Before the text, its glyphs are stroked keep_away_pt wide on
  // every side in the ground's black with its other inks cut down to
  // kKeepAwayInk in all, knocking out the ground there: a plate off by up
  // to that much shows that dark ink, not a fringe. Only for text below
  // kKeepAwayTextPt, lighter than its ground by 20 L*, on a ground of
  // kKeepAwayGroundInk or more (preflight's knock-out rule, verify/card_checks.h)
  // that this stream painted as an area of one colour (a ground in an image
  // or another form is not known here). PDF allows no q/Q in a text object:
  // what is changed (stroke colour, width, render mode, the text position)
  // is set back by hand; cairo sets the text matrix before every show.
  void keep_away(const std::string& op) {
    const CmykSettings& settings = colours_.settings();
    if (settings.keep_away_pt <= 0 || context_ != Context::Art) return;
    const pdf::GraphicsState& g = in_->state();
    const pdf::TextState& t = in_->text();
    const Affine trm = g.ctm.then_after(t.tm);
    const double size_pt = t.size * pdf::scale_of(trm);
    if (size_pt <= 0 || size_pt >= kKeepAwayTextPt) return;
    const Requested r = requested(g.fill, g.fill_pattern, true);
    if (r.kind != Requested::Rgb && r.kind != Requested::Grey && r.kind != Requested::Cmyk) return;
    const Cmyk own = r.kind == Requested::Cmyk  ? r.cmyk
                     : r.kind == Requested::Rgb ? colours_.convert(r.rgb, PaintUse::Text).cmyk
                                                : colours_.convert_grey(r.grey, PaintUse::Text).cmyk;
    const Point at = trm.apply(Point{0, 0});
    const Ground* ground = nullptr;
    for (auto it = grounds_.rbegin(); it != grounds_.rend() && !ground; ++it)
      if (at.x >= it->min.x && at.x <= it->max.x && at.y >= it->min.y && at.y <= it->max.y) ground = &*it;
    if (!ground || ground->ink.total() * 100 < kKeepAwayGroundInk) return;
    if (colours_.lab_of(own)[0] <= colours_.lab_of(ground->ink)[0] + 20) return;
    // The ground's black kept, its other inks scaled down to the limit.
    Cmyk halo = ground->ink;
    const double others = halo.c + halo.m + halo.y, room = std::max(0.0, kKeepAwayInk / 100 - halo.k);
    if (others > room) {
      const double f = others > 0 ? room / others : 0;
      halo.c *= f, halo.m *= f, halo.y *= f;
    }
    set_overprint(false);
    const std::string stroke = cmyk_operands(halo) + " K";
    out_ += stroke + "\n";
    written_.back().stroke = stroke;
    const double scale = pdf::scale_of(g.ctm);
    out_ += number(2 * settings.keep_away_pt / (scale > 0 ? scale : 1)) + " w\n1 Tr\n";
    emit_operands();
    out_ += op + "\n";
    // Back where the show began, in the state it found.
    out_ += number(t.tm.xx) + " " + number(t.tm.yx) + " " + number(t.tm.xy) + " " + number(t.tm.yy) + " " +
            number(t.tm.x0) + " " + number(t.tm.y0) + " Tm\n0 Tr\n" + number(g.line_width) + " w\n";
  }

  // Writes the colours for this painting operator, and the overprint mode.
  void set_colours(std::optional<PaintUse> fill_use, std::optional<PaintUse> stroke_use) {
    const pdf::GraphicsState& g = in_->state();
    Written& written = written_.back();
    bool overprint = true, any = false;
    auto one = [&](const Requested& r, PaintUse use, std::string& out_state, bool fill) {
      std::string text;
      bool op = false;
      switch (r.kind) {
        case Requested::Inherited:
          return;  // what the caller set (already CMYK)
        case Requested::Pattern:
          text = r.pattern;
          break;
        case Requested::Cmyk:
          text = cmyk_operands(colours_.limit_ink(r.cmyk)) + (fill ? " k" : " K");
          if (fill) last_fill_ = colours_.limit_ink(r.cmyk);
          break;
        case Requested::Rgb:
        case Requested::Grey: {
          PrintColour c = r.kind == Requested::Rgb ? colours_.convert(r.rgb, use) : colours_.convert_grey(r.grey, use);
          text = cmyk_operands(c.cmyk) + (fill ? " k" : " K");
          if (fill) last_fill_ = c.cmyk;
          op = c.overprint;
          ++colour_count_;
          break;
        }
      }
      any = true;
      overprint = overprint && op;
      if (text != out_state) {
        out_ += text;
        out_ += '\n';
        out_state = text;
      }
    };
    if (fill_use) one(requested(g.fill, g.fill_pattern, true), *fill_use, written.fill, true);
    if (stroke_use) one(requested(g.stroke, g.stroke_pattern, false), *stroke_use, written.stroke, false);
    set_overprint(any && overprint);
  }

  void set_overprint(bool on) {
    Written& written = written_.back();
    if (written.overprint == (on ? 1 : 0)) return;
    if (!on && written.overprint == -1 && !used_overprint_) {
      // Nothing in this stream overprinted yet: what the caller set holds
      // (a caller never leaves overprint on across a Do).
      return;
    }
    out_ += on ? "/kwOverprint gs\n" : "/kwKnockout gs\n";
    written.overprint = on ? 1 : 0;
    used_overprint_ = used_overprint_ || on;
  }

  static constexpr double kBig = std::numeric_limits<double>::max();
  // The knock-out rule of preflight (verify/card_checks.h kKnockoutTextPt,
  // kKnockoutGroundInk), and the most ink the keep-away carries: below it.
  static constexpr double kKeepAwayTextPt = 8, kKeepAwayGroundInk = 200, kKeepAwayInk = 180;
  struct Ground {
    Point min, max;  // its extent on the page, pt
    Cmyk ink;
  };
  std::vector<Ground> grounds_;
  std::optional<Cmyk> last_fill_;  // the fill colour set_colours last wrote
  PressColours& colours_;
  Context context_;
  size_t& colour_count_;
  pdf::ContentStream* in_ = nullptr;  // the stream being interpreted
  std::vector<Written> written_{1};
  std::array<double, 2> path_min_{kBig, kBig}, path_max_{-kBig, -kBig};
  std::string out_;
  bool used_overprint_ = false;
};

// --- the walk ---------------------------------------------------------------

class Recolourer {
 public:
  Recolourer(QPDF& pdf, PressColours& colours) : pdf_(pdf), colours_(colours) {}

  RecolourCounts run() {
    for (auto& page : QPDFPageDocumentHelper(pdf_).getAllPages()) {
      Object dict = page.getObjectHandle();
      group(dict, Context::Art);
      Object resources = page.getAttribute("/Resources", false);
      resources_of(resources, Context::Art);
      std::string content;
      {
        ContentRewriter rewriter(colours_, Context::Art, counts_.colours);
        pdf::ContentStream in(rewriter, resources, ContentRewriter::start(true), nullptr,
                              pdf::ContentStream::Malformed::Throw);
        in.run_page(dict);
        content = rewriter.output();
        if (rewriter.used_overprint()) add_overprint_states(resources);
      }
      dict.replaceKey("/Contents", Object::newStream(&pdf_, content));
      ++counts_.streams;
    }
    return counts_;
  }

 private:
  // True when `obj` was seen before in this context; throws when it was seen
  // in the other one (one object cannot be both art and mask).
  bool seen(const Object& obj, Context context) {
    if (!obj.isIndirect()) return false;  // a direct object lives in one place only
    auto [it, inserted] = visited_.emplace(obj.getObjGen(), context);
    if (!inserted && it->second != context)
      throw std::runtime_error(
          fmt::format("object {} is drawn both as art and inside a soft mask", obj.getObjGen().unparse(' ')));
    return !inserted;
  }

  void group(Object dict, Context context) {
    Object g = dict.getKey("/Group");
    if (!g.isDictionary() || !is_name(g.getKey("/S"), "/Transparency")) return;
    if (!g.hasKey("/CS")) return;
    g.replaceKey("/CS", Object::newName(
                            pdf_name(context == Context::Art ? ColourFamily::DeviceCMYK : ColourFamily::DeviceGray)));
    ++counts_.groups;
  }

  void resources_of(Object res, Context context) {
    if (!res.isDictionary()) return;
    if (Object xobjects = res.getKey("/XObject"); xobjects.isDictionary())
      for (auto& [name, x] : xobjects.ditems()) xobject(x, context);
    if (Object patterns = res.getKey("/Pattern"); patterns.isDictionary())
      for (auto& [name, p] : patterns.ditems()) pattern(p, context);
    if (Object shadings = res.getKey("/Shading"); shadings.isDictionary())
      for (auto& [name, s] : shadings.ditems()) shading(s, context);
    if (Object states = res.getKey("/ExtGState"); states.isDictionary())
      for (auto& [name, s] : states.ditems()) ext_gstate(s, context);
    if (Object fonts = res.getKey("/Font"); fonts.isDictionary())
      for (auto& [name, f] : fonts.ditems()) type3_font(f, context);
    if (Object spaces = res.getKey("/ColorSpace"); spaces.isDictionary())
      for (auto& [name, cs] : spaces.ditems())
        if (!is_space(cs, ColourFamily::DeviceCMYK) && !is_space(cs, ColourFamily::DeviceGray))
          throw std::runtime_error("the named colour space " + name + " = " + cs.unparse() +
                                   " (kartenwerk converts device colours)");
  }

  void form_content(Object stream, Object resources, Context context) {
    resources_of(resources, context);
    ContentRewriter rewriter(colours_, context, counts_.colours);
    // Resources (PDF 1.1) are inherited: a form without its own uses its caller's, unknown here.
    pdf::ContentStream in(rewriter, resources, ContentRewriter::start(false), nullptr,
                          pdf::ContentStream::Malformed::Throw);
    Object::parseContentStream(stream, &in);
    if (rewriter.used_overprint()) {
      if (!resources.isDictionary()) {
        resources = Object::newDictionary();
        stream.getDict().replaceKey("/Resources", resources);
      }
      add_overprint_states(resources);
    }
    stream.replaceStreamData(rewriter.output(), Object::newNull(), Object::newNull());
    ++counts_.streams;
  }

  void xobject(Object x, Context context) {
    if (!x.isStream() || seen(x, context)) return;
    Object dict = x.getDict();
    if (is_name(dict.getKey("/Subtype"), "/Form")) {
      group(dict, context);
      form_content(x, dict.getKey("/Resources"), context);
    } else if (is_name(dict.getKey("/Subtype"), "/Image")) {
      image(x, context);
    }
  }

  void pattern(Object p, Context context) {
    if (seen(p, context)) return;
    Object dict = p.isStream() ? p.getDict() : p;
    const int type = dict.getKey("/PatternType").isInteger() ? dict.getKey("/PatternType").getIntValueAsInt() : 0;
    if (type == 1) {
      if (dict.getKey("/PaintType").isInteger() && dict.getKey("/PaintType").getIntValue() == 2)
        throw std::runtime_error("an uncoloured tiling pattern");
      form_content(p, dict.getKey("/Resources"), context);
    } else if (type == 2) {
      shading(dict.getKey("/Shading"), context);
    }
  }

  void ext_gstate(Object s, Context context) {
    if (!s.isDictionary() || seen(s, context)) return;
    Object mask = s.getKey("/SMask");
    if (!mask.isDictionary()) return;
    Object g = mask.getKey("/G");
    // Luminosity masks measure lightness, alpha masks only coverage: either
    // way their colours are no ink, so they become grey.
    if (g.isStream() && !seen(g, Context::Mask)) {
      group(g.getDict(), Context::Mask);
      form_content(g, g.getDict().getKey("/Resources"), Context::Mask);
    }
    Object bc = mask.getKey("/BC");
    if (bc.isArray() && bc.getArrayNItems() == 3)
      mask.replaceKey(
          "/BC", Object::newArray({Object::newReal(
                     luminosity({num(bc.getArrayItem(0)), num(bc.getArrayItem(1)), num(bc.getArrayItem(2))}), 4)}));
  }

  void type3_font(Object f, Context context) {
    if (!f.isDictionary() || !is_name(f.getKey("/Subtype"), "/Type3") || seen(f, context)) return;
    Object procs = f.getKey("/CharProcs");
    if (!procs.isDictionary()) return;
    for (auto& [name, proc] : procs.ditems())
      if (proc.isStream() && !seen(proc, context)) form_content(proc, f.getKey("/Resources"), context);
  }

  // Over 80 lines: check, sample and rewrite one shading; the samples and the stitched function share the cuts and the
  // domain.
  // NOLINTNEXTLINE(readability-function-size)
  void shading(Object sh, Context context) {
    if (seen(sh, context)) return;
    Object dict = sh.isStream() ? sh.getDict() : sh;
    Object cs = dict.getKey("/ColorSpace");
    const int type = dict.getKey("/ShadingType").isInteger() ? dict.getKey("/ShadingType").getIntValueAsInt() : 0;
    if (is_space(cs, ColourFamily::DeviceCMYK) || (is_space(cs, ColourFamily::DeviceGray) && context == Context::Mask))
      return;
    if (!is_space(cs, ColourFamily::DeviceRGB) && !is_space(cs, ColourFamily::DeviceGray))
      throw std::runtime_error("a shading in the colour space " + cs.unparse());
    if (type != 2 && type != 3)
      throw std::runtime_error("a shading of type " + std::to_string(type) +
                               " (kartenwerk converts axial and radial shadings, the ones Cairo writes)");
    const bool grey_in = is_space(cs, ColourFamily::DeviceGray);
    Object function = dict.getKey("/Function");
    double t0 = 0, t1 = 1;
    if (Object d = dict.getKey("/Domain"); d.isArray() && d.getArrayNItems() == 2) {
      t0 = num(d.getArrayItem(0));
      t1 = num(d.getArrayItem(1));
    }
    // Samples: every breakpoint of the original, and 16 steps between two, so
    // that linear pieces in CMYK follow the curve the profile makes of a
    // linear ramp in RGB to well within a ΔE of 1.
    std::vector<double> cuts{t0};
    breakpoints(function, t0, t1, cuts);
    cuts.push_back(t1);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end(), [](double a, double b) { return std::abs(a - b) < 1e-9; }),
               cuts.end());
    struct Sample {
      double t;
      std::vector<double> colour;
    };
    std::vector<std::vector<Sample>> runs;  // one per interval between cuts
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
      std::vector<Sample> run;
      const int steps = 16;
      for (int s = 0; s <= steps; ++s) {
        double t = cuts[i] + (cuts[i + 1] - cuts[i]) * s / steps;
        // Just inside the interval, so a step at a breakpoint stays sharp.
        double at = s == 0 ? t + 1e-9 * (t1 - t0) : s == steps ? t - 1e-9 * (t1 - t0) : t;
        std::vector<double> v = evaluate(function, at);
        Rgb rgb = grey_in ? Rgb{v.at(0), v.at(0), v.at(0)} : Rgb{v.at(0), v.at(1), v.at(2)};
        std::vector<double> out;
        if (context == Context::Mask) {
          out = {luminosity(rgb)};
        } else {
          Cmyk c = colours_.convert(rgb, PaintUse::Blend).cmyk;
          out = {c.c, c.m, c.y, c.k};
        }
        run.push_back({t, out});
      }
      runs.push_back(run);
    }
    Object functions = Object::newArray(), bounds = Object::newArray(), encode = Object::newArray();
    auto values = [](const std::vector<double>& v) {
      Object a = Object::newArray();
      for (double x : v) a.appendItem(Object::newReal(x, 5));
      return a;
    };
    for (size_t r = 0; r < runs.size(); ++r) {
      for (size_t s = 0; s + 1 < runs[r].size(); ++s) {
        Object f = Object::newDictionary();
        f.replaceKey("/FunctionType", Object::newInteger(2));
        f.replaceKey("/Domain", Object::newArray({Object::newInteger(0), Object::newInteger(1)}));
        f.replaceKey("/C0", values(runs[r][s].colour));
        f.replaceKey("/C1", values(runs[r][s + 1].colour));
        f.replaceKey("/N", Object::newInteger(1));
        functions.appendItem(f);
        encode.appendItem(Object::newInteger(0));
        encode.appendItem(Object::newInteger(1));
        if (!(r + 1 == runs.size() && s + 2 == runs[r].size())) bounds.appendItem(Object::newReal(runs[r][s + 1].t, 6));
      }
    }
    Object stitched = Object::newDictionary();
    stitched.replaceKey("/FunctionType", Object::newInteger(3));
    stitched.replaceKey("/Domain", Object::newArray({Object::newReal(t0, 6), Object::newReal(t1, 6)}));
    stitched.replaceKey("/Functions", functions);
    stitched.replaceKey("/Bounds", bounds);
    stitched.replaceKey("/Encode", encode);
    dict.replaceKey("/Function", pdf_.makeIndirectObject(stitched));
    dict.replaceKey("/ColorSpace", Object::newName(pdf_name(context == Context::Mask ? ColourFamily::DeviceGray
                                                                                     : ColourFamily::DeviceCMYK)));
    if (Object bg = dict.getKey("/Background"); bg.isArray()) dict.removeKey("/Background");
    ++counts_.shadings;
  }

  void image(Object img, Context context) {
    Object dict = img.getDict();
    if (dict.getKey("/ImageMask").isBool() && dict.getKey("/ImageMask").getBoolValue()) return;
    Object cs = dict.getKey("/ColorSpace");
    const int bpc =
        dict.getKey("/BitsPerComponent").isInteger() ? dict.getKey("/BitsPerComponent").getIntValueAsInt() : 0;
    const long long width = dict.getKey("/Width").isInteger() ? dict.getKey("/Width").getIntValue() : 0;
    const long long height = dict.getKey("/Height").isInteger() ? dict.getKey("/Height").getIntValue() : 0;
    if (is_space(cs, ColourFamily::DeviceCMYK)) return;
    if (is_space(cs, ColourFamily::DeviceGray)) {
      // Cairo writes an image of greys only (a composed blend over black,
      // exporters/flatten.h) as DeviceGray, which a RIP prints as black ink
      // alone: its black then lies lighter than the rich black around it.
      // Its pixels go through the profile as an RGB image's do.
      if (context == Context::Mask || bpc != 8 || dict.hasKey("/Decode")) return;
      grey_image(img, static_cast<size_t>(width) * static_cast<size_t>(height));
      return;
    }
    if (bpc != 8) throw std::runtime_error("an image of " + std::to_string(bpc) + " bits per component");
    if (dict.hasKey("/Decode")) throw std::runtime_error("an RGB image with a /Decode array");
    if (is_space(cs, ColourFamily::DeviceRGB)) {
      auto data = img.getStreamData(qpdf_dl_all);
      const size_t pixels = static_cast<size_t>(width) * static_cast<size_t>(height);
      if (data->getSize() < pixels * 3) throw std::runtime_error("an RGB image with less data than its size says");
      std::span<const std::uint8_t> rgb(data->getBuffer(), pixels * 3);
      std::string converted;
      if (context == Context::Mask) {
        converted.resize(pixels);
        for (size_t i = 0; i < pixels; ++i)
          converted[i] = static_cast<char>(
              std::lround(luminosity({rgb[i * 3] / 255.0, rgb[i * 3 + 1] / 255.0, rgb[i * 3 + 2] / 255.0}) * 255));
      } else {
        auto cmyk = colours_.convert_pixels(rgb);
        converted.assign(cmyk.begin(), cmyk.end());
      }
      img.replaceStreamData(converted, Object::newNull(), Object::newNull());
      dict.replaceKey("/ColorSpace", Object::newName(pdf_name(context == Context::Mask ? ColourFamily::DeviceGray
                                                                                       : ColourFamily::DeviceCMYK)));
      ++counts_.images;
      return;
    }
    if (cs.isArray() && cs.getArrayNItems() == 4 && is_name(cs.getArrayItem(0), "/Indexed") &&
        is_space(cs.getArrayItem(1), ColourFamily::DeviceRGB)) {
      Object lookup = cs.getArrayItem(3);
      std::string table =
          lookup.isStream()
              ? lookup.getStreamData(qpdf_dl_all)->getSize() > 0
                    ? std::string(reinterpret_cast<const char*>(lookup.getStreamData(qpdf_dl_all)->getBuffer()),
                                  lookup.getStreamData(qpdf_dl_all)->getSize())
                    : std::string()
              : lookup.getStringValue();
      std::vector<std::uint8_t> rgb(table.begin(), table.end());
      rgb.resize(rgb.size() / 3 * 3);
      auto cmyk = colours_.convert_pixels(rgb);
      Object indexed =
          Object::newArray({Object::newName("/Indexed"), Object::newName(pdf_name(ColourFamily::DeviceCMYK)),
                            cs.getArrayItem(2), Object::newString(std::string(cmyk.begin(), cmyk.end()))});
      if (context == Context::Mask) throw std::runtime_error("an indexed image in a soft mask");
      dict.replaceKey("/ColorSpace", indexed);
      ++counts_.images;
      return;
    }
    throw std::runtime_error("an image in the colour space " + cs.unparse());
  }

  void grey_image(Object img, size_t pixels) {
    auto data = img.getStreamData(qpdf_dl_all);
    if (data->getSize() < pixels) throw std::runtime_error("a grey image with less data than its size says");
    std::vector<std::uint8_t> rgb(pixels * 3);
    for (size_t i = 0; i < pixels; ++i) rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = data->getBuffer()[i];
    auto cmyk = colours_.convert_pixels(rgb);
    img.replaceStreamData(std::string(cmyk.begin(), cmyk.end()), Object::newNull(), Object::newNull());
    img.getDict().replaceKey("/ColorSpace", Object::newName(pdf_name(ColourFamily::DeviceCMYK)));
    ++counts_.images;
  }

  void add_overprint_states(Object resources) {
    if (!resources.isDictionary()) return;
    Object states = resources.getKey("/ExtGState");
    if (!states.isDictionary()) {
      states = Object::newDictionary();
      resources.replaceKey("/ExtGState", states);
    }
    if (!overprint_) {
      overprint_ = pdf_.makeIndirectObject(Object::parse("<< /Type /ExtGState /OP true /op true /OPM 1 >>"));
      knockout_ = pdf_.makeIndirectObject(Object::parse("<< /Type /ExtGState /OP false /op false /OPM 1 >>"));
    }
    states.replaceKey("/kwOverprint", *overprint_);
    states.replaceKey("/kwKnockout", *knockout_);
  }

  QPDF& pdf_;
  PressColours& colours_;
  RecolourCounts counts_;
  std::map<QPDFObjGen, Context> visited_;
  std::optional<Object> overprint_, knockout_;
};

}  // namespace

RecolourCounts recolour_for_press(QPDF& pdf, PressColours& colours) { return Recolourer(pdf, colours).run(); }

bool page_has_transparency(QPDF& pdf, size_t page_index) {
  auto pages = QPDFPageDocumentHelper(pdf).getAllPages();
  std::set<QPDFObjGen> seen;
  return pdf::resources_blend(pages.at(page_index).getAttribute("/Resources", false), seen);
}

void strip_inert_transparency(QPDF& pdf) {
  for (auto& obj : pdf.getAllObjects()) {
    Object dict = obj.isStream() ? obj.getDict() : obj;
    if (!dict.isDictionary()) continue;
    if (is_name(dict.getKey("/Type"), "/Page") || (obj.isStream() && is_name(dict.getKey("/Subtype"), "/Form")))
      dict.removeKey("/Group");
    if (is_name(dict.getKey("/Type"), "/ExtGState")) {
      for (const char* key : {"/CA", "/ca"})
        if (Object a = dict.getKey(key); a.isNumber() && a.getNumericValue() >= 1) dict.removeKey(key);
      if (is_name(dict.getKey("/SMask"), "/None")) dict.removeKey("/SMask");
    }
  }
}

}  // namespace kw::exporters
