#include "pdf/content_stream.h"

#include <qpdf/QPDFPageObjectHelper.hh>

#include <cctype>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace kw::pdf {

using Object = QPDFObjectHandle;

void Budget::begin_stream(int depth) {
  // Deeper than any PDF kartenwerk writes nests its forms: refused, not
  // skipped, so that a page read here is a page read whole (Ghostscript,
  // which preflight runs on the pages read, knows no such bound).
  if (depth > kMaxDepth) throw TooMuchWork{"its forms nest deeper than " + std::to_string(kMaxDepth) + " levels"};
  if (++streams_ > kMaxStreamsPerPage)
    throw TooMuchWork{"it draws more than " + std::to_string(kMaxStreamsPerPage) +
                      " content streams (forms drawing forms, each several times)"};
}

void Budget::count_operator() {
  if (++operators_ > kMaxOperatorsPerPage)
    throw TooMuchWork{"it has more than " + std::to_string(kMaxOperatorsPerPage) +
                      " drawing operators, its forms counted each time they are drawn"};
}

ContentStream::ContentStream(ContentProcessor& processor, const Object& resources, const GraphicsState& start,
                             Budget* budget, Malformed malformed)
    : processor_(processor), resources_(resources), budget_(budget), malformed_(malformed) {
  stack_.push_back(start);
}

void ContentStream::run_page(const Object& page) { QPDFPageObjectHelper(page).parseContents(this); }

void ContentStream::run(Object stream) { stream.parseAsContents(this); }

void ContentStream::handleObject(Object obj) {
  if (obj.isInlineImage()) {
    processor_.inline_image(obj);
    return;
  }
  if (!obj.isOperator()) {
    operands_.push_back(obj);
    return;
  }
  if (budget_) budget_->count_operator();
  const std::string op = obj.getOperatorValue();
  bool applied = true;
  try {
    apply(op);
  } catch (const std::exception&) {
    applied = false;  // the state stays as it was
  }
  if (malformed_ == Malformed::Throw) {
    processor_.operate(op, *this);
  } else if (applied) {
    try {
      processor_.operate(op, *this);
    } catch (const std::exception&) {
      // A malformed operator (wrong operands) is skipped, as viewers do.
    }
  }
  operands_.clear();
}

double ContentStream::num(size_t i) const {
  if (i >= operands_.size() || !operands_[i].isNumber()) throw std::runtime_error("operand");
  return operands_[i].getNumericValue();
}

std::string ContentStream::name_operand() const { return operands_.empty() ? "" : name_of(operands_[0]); }

std::vector<double> ContentStream::numbers() const {
  std::vector<double> v;
  for (auto& o : operands_)
    if (o.isNumber()) v.push_back(o.getNumericValue());
  return v;
}

Object ContentStream::resource(const char* kind, const std::string& name) const {
  Object res = resources_;
  if (!res.isDictionary()) return Object::newNull();
  Object dict = res.getKey(kind);
  return dict.isDictionary() ? dict.getKey(name) : Object::newNull();
}

Object ContentStream::resources_of(const Object& dict) const {
  Object own = Object(dict).getKey("/Resources");  // a copy: qpdf 11's getKey is not const
  return own.isDictionary() ? own : resources_;
}

ColourSpace ContentStream::colour_space(const std::string& name) const {
  Object named = resource("/ColorSpace", name);
  if (!named.isNull()) return family_of(named);
  return name.empty() ? ColourSpace(ColourFamily::Unknown) : ColourSpace::named(name);
}

void ContentStream::apply(const std::string& op) { graphics_state(op) || colour(op) || text_state(op); }

bool ContentStream::graphics_state(const std::string& op) {
  if (op == "q") {
    stack_.push_back(stack_.back());
    processor_.saved();
  } else if (op == "Q") {
    if (stack_.size() > 1) {
      stack_.pop_back();
      processor_.restored();
    }
  } else if (op == "cm") {
    state().ctm = state().ctm.then_after(matrix_operands());
  } else if (op == "w") {
    state().line_width = num(0);
  } else if (op == "Tr") {
    state().text_render = static_cast<int>(num(0));
  } else if (op == "gs") {
    Object ext = resource("/ExtGState", name_operand());
    if (ext.isDictionary() && ext.getKey("/LW").isNumber()) state().line_width = ext.getKey("/LW").getNumericValue();
  } else {
    return false;
  }
  return true;
}

bool ContentStream::colour(const std::string& op) {
  GraphicsState& g = state();
  if (op == "rg" || op == "RG" || op == "g" || op == "G" || op == "k" || op == "K") {
    const bool fill = std::islower(static_cast<unsigned char>(op[0]));
    PdfColour& c = fill ? g.fill : g.stroke;
    c.space = op == "rg" || op == "RG" ? ColourFamily::DeviceRGB
              : op == "k" || op == "K" ? ColourFamily::DeviceCMYK
                                       : ColourFamily::DeviceGray;
    set_colour(c, fill ? g.fill_pattern : g.stroke_pattern);
  } else if (op == "cs" || op == "CS") {
    // Setting a space sets its initial colour: no components stated yet.
    PdfColour& c = op == "cs" ? g.fill : g.stroke;
    c.space = colour_space(name_operand());
    c.values.clear();
    (op == "cs" ? g.fill_pattern : g.stroke_pattern).clear();
  } else if (op == "sc" || op == "scn") {
    set_colour(g.fill, g.fill_pattern);
  } else if (op == "SC" || op == "SCN") {
    set_colour(g.stroke, g.stroke_pattern);
  } else {
    return false;
  }
  return true;
}

void ContentStream::set_colour(PdfColour& c, std::string& pattern) {
  c.values.clear();
  pattern.clear();
  for (auto& o : operands_) {
    if (o.isNumber()) c.values.push_back(o.getNumericValue());
    if (o.isName()) pattern = o.getName();
  }
}

bool ContentStream::text_state(const std::string& op) {
  if (op == "BT") {
    text_.tm = text_.tlm = Affine{};
  } else if (op == "Tf") {
    text_.font = name_operand();
    text_.size = num(1);
  } else if (op == "Tm") {
    text_.tm = text_.tlm = matrix_operands();
  } else if (op == "Td" || op == "TD") {
    if (op == "TD") text_.leading = -num(1);
    text_.tlm = text_.tlm.then_after(Affine::translate(num(0), num(1)));
    text_.tm = text_.tlm;
  } else if (op == "TL") {
    text_.leading = num(0);
  } else if (op == "T*" || op == "'" || op == "\"") {
    next_line();
  } else {
    return false;
  }
  return true;
}

void ContentStream::next_line() {
  text_.tlm = text_.tlm.then_after(Affine::translate(0, -text_.leading));
  text_.tm = text_.tlm;
}

// --- reading objects --------------------------------------------------------

std::string name_of(Object o) { return o.isName() ? o.getName() : ""; }

Object dict_of(Object o) { return o.isStream() ? o.getDict() : o; }

Affine matrix_of(Object m, Affine fallback) {
  if (!m.isArray() || m.getArrayNItems() != 6) return fallback;
  double v[6];
  for (int i = 0; i < 6; ++i) v[i] = m.getArrayItem(i).isNumber() ? m.getArrayItem(i).getNumericValue() : 0;
  return {v[0], v[1], v[2], v[3], v[4], v[5]};
}

double scale_of(const Affine& a) { return std::sqrt(std::abs(a.xx * a.yy - a.xy * a.yx)); }

ColourSpace family_of(Object cs, int depth) {
  if (cs.isName()) return ColourSpace::named(cs.getName());
  if (!cs.isArray() || cs.getArrayNItems() == 0 || !cs.getArrayItem(0).isName() || depth > 4)
    return ColourFamily::Unknown;
  const std::string family = cs.getArrayItem(0).getName();
  if (family == "/ICCBased") {
    Object s = cs.getArrayItem(1);
    long long n = s.isStream() && s.getDict().getKey("/N").isInteger() ? s.getDict().getKey("/N").getIntValue() : 0;
    return n == 1   ? ColourFamily::IccGray
           : n == 3 ? ColourFamily::IccRgb
           : n == 4 ? ColourFamily::IccCmyk
                    : ColourFamily::Icc;
  }
  if ((family == "/Indexed" || family == "/I") && cs.getArrayNItems() > 1) {
    ColourSpace base = family_of(cs.getArrayItem(1), depth + 1);
    ++base.indexed;
    return base;
  }
  return ColourSpace::by_name(family);
}

std::vector<std::string> ext_gstate_blends(Object ext, const std::string& name) {
  std::vector<std::string> found;
  if (!ext.isDictionary()) return found;
  for (const char* key : {"/CA", "/ca"})
    if (ext.getKey(key).isNumber() && ext.getKey(key).getNumericValue() < 1)
      found.push_back("constant alpha " + ext.getKey(key).unparse() + " in " + name);
  Object bm = ext.getKey("/BM");
  if (bm.isArray() && bm.getArrayNItems() > 0) bm = bm.getArrayItem(0);
  if (bm.isName() && bm.getName() != "/Normal" && bm.getName() != "/Compatible")
    found.push_back("blend mode " + bm.getName() + " in " + name);
  if (ext.getKey("/SMask").isDictionary()) found.push_back("soft mask in " + name);
  return found;
}

bool resources_blend(Object res, std::set<QPDFObjGen>& seen) {
  if (!res.isDictionary()) return false;
  auto once = [&](const Object& o) { return !o.isIndirect() || seen.insert(o.getObjGen()).second; };
  if (Object states = res.getKey("/ExtGState"); states.isDictionary())
    for (auto& [name, s] : states.ditems())
      if (!ext_gstate_blends(s, name).empty()) return true;
  if (Object xobjects = res.getKey("/XObject"); xobjects.isDictionary())
    for (auto& [name, x] : xobjects.ditems()) {
      if (!x.isStream() || !once(x)) continue;
      Object d = x.getDict();
      if (d.hasKey("/SMask") && name_of(d.getKey("/SMask")) != "/None") return true;
      if (name_of(d.getKey("/Subtype")) == "/Form" && resources_blend(d.getKey("/Resources"), seen)) return true;
    }
  if (Object patterns = res.getKey("/Pattern"); patterns.isDictionary())
    for (auto& [name, p] : patterns.ditems()) {
      if (!once(p)) continue;
      Object d = dict_of(p);
      if (resources_blend(d.getKey("/Resources"), seen)) return true;
      if (!ext_gstate_blends(d.getKey("/ExtGState"), name).empty()) return true;  // a shading pattern's
    }
  if (Object fonts = res.getKey("/Font"); fonts.isDictionary())
    for (auto& [name, f] : fonts.ditems())
      if (f.isDictionary() && once(f) && resources_blend(f.getKey("/Resources"), seen)) return true;
  return false;
}

}  // namespace kw::pdf
