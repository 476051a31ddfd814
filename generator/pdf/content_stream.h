#pragma once
// The one interpreter of PDF content streams (in MuPDF's spirit: one
// interpreter feeding several processors). It tokenises a stream with
// libqpdf's ParserCallbacks, keeps the operand stack, the graphics-state
// stack (q, Q, cm; line width, text render mode, fill and stroke colours
// with their colour spaces resolved through the resources) and the text
// state (BT, Tf, Tm, Td, TD, TL, T*, ', "), and then hands every operator to
// a ContentProcessor, which sees the state as it stands after the operator.
//
// Its processors: the preflight reader (pdf_content.cpp), which follows the
// forms, patterns, glyphs and soft masks a page draws and measures what they
// paint, and the press recolourer (exporters/pdf_recolour.cpp), which
// re-emits each stream with its colour operators rewritten. What blends in
// a set of resources (resources_blend) is answered here too, for the CMYK
// export and for flattening.
//
// The work bounds are security hardening against hostile files: a form that
// draws the next one several times, twelve deep, is k^12 streams from a few
// kilobytes. A Budget shared by the streams of one page refuses more.

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDFObjectHandle.hh>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "pdf/pdf_content.h"

namespace kw::pdf {

inline constexpr int kMaxDepth = 12;  // forms drawing forms drawing ...: enough
inline constexpr size_t kMaxStreamsPerPage = 10000;
inline constexpr size_t kMaxOperatorsPerPage = 5'000'000;

// Thrown past those bounds; not a std::exception, so that the skipping of
// malformed operators (which catches those) lets it through.
struct TooMuchWork {
  std::string what;
};

// The work of one page, whatever its forms do. Past the bounds the page is
// not read further (a located error, not a hang).
class Budget {
 public:
  // A content stream begins `depth` resources deep; throws TooMuchWork.
  void begin_stream(int depth);
  void count_operator();

 private:
  size_t streams_ = 0, operators_ = 0;
};

struct GraphicsState {
  Affine ctm;
  double line_width = 1;
  PdfColour fill{ColourFamily::DeviceGray, {0}}, stroke{ColourFamily::DeviceGray, {0}};
  std::string fill_pattern, stroke_pattern;  // the pattern's name, when the colour is one
  int text_render = 0;
};

struct TextState {
  Affine tm, tlm;
  double size = 0;
  double leading = 0;
  std::string font;  // resource name
};

class ContentStream;

// What is done with a stream's operators.
class ContentProcessor {
 public:
  virtual ~ContentProcessor() = default;
  // Every operator, after the interpreter applied it to the state.
  virtual void operate(const std::string& op, ContentStream& stream) = 0;
  // An inline image's data (between ID and EI).
  virtual void inline_image(const QPDFObjectHandle& /*image*/) {}
  // After q pushed the state, after Q popped it (not when nothing was left to pop).
  virtual void saved() {}
  virtual void restored() {}
};

class ContentStream : public QPDFObjectHandle::ParserCallbacks {
 public:
  // A malformed operator (wrong operands) leaves the state as it was.
  // Skip (the reader): the processor does not see it, and an operator the
  // processor cannot take is skipped too, as viewers do. Throw (the
  // rewriter): the processor sees every operator, to write it out again,
  // and its errors reach the caller.
  enum class Malformed { Skip, Throw };

  // `budget` may be null: a caller that visits each stream once only.
  ContentStream(ContentProcessor& processor, const QPDFObjectHandle& resources, const GraphicsState& start,
                Budget* budget, Malformed malformed);

  // Interprets a page's content (its streams joined) or one stream's.
  void run_page(const QPDFObjectHandle& page);
  void run(QPDFObjectHandle stream);

  GraphicsState& state() { return stack_.back(); }
  const TextState& text() const { return text_; }
  std::vector<QPDFObjectHandle>& operands() { return operands_; }
  // The operator's i-th operand as a number; throws std::runtime_error.
  double num(size_t i) const;
  std::string name_operand() const;
  std::vector<double> numbers() const;  // the numeric operands, in order
  const QPDFObjectHandle& resources() const { return resources_; }
  // A resource of a kind ("/Font", "/XObject" ...) by name, or null.
  QPDFObjectHandle resource(const char* kind, const std::string& name) const;
  // The resources of a form, pattern or font, else (PDF 1.1) the stream's.
  QPDFObjectHandle resources_of(const QPDFObjectHandle& dict) const;
  // A colour space by name (a device space, or a resource) as PdfColour::space says it.
  ColourSpace colour_space(const std::string& name) const;

  void handleObject(QPDFObjectHandle obj) override;
  void handleEOF() override {}

 private:
  void apply(const std::string& op);
  bool graphics_state(const std::string& op);
  bool colour(const std::string& op);
  bool text_state(const std::string& op);
  void set_colour(PdfColour& c, std::string& pattern);
  void next_line();
  Affine matrix_operands() const { return {num(0), num(1), num(2), num(3), num(4), num(5)}; }

  ContentProcessor& processor_;
  QPDFObjectHandle resources_;
  Budget* budget_;
  Malformed malformed_;
  std::vector<GraphicsState> stack_;
  TextState text_;
  mutable std::vector<QPDFObjectHandle> operands_;  // qpdf 11: accessors are not const
};

// --- reading objects --------------------------------------------------------

std::string name_of(QPDFObjectHandle o);       // "" unless a name
QPDFObjectHandle dict_of(QPDFObjectHandle o);  // a stream's dictionary, or the object
Affine matrix_of(QPDFObjectHandle m, Affine fallback = {});
double scale_of(const Affine& a);  // the linear scale of a matrix (for widths and sizes)
// A colour space object (a name, or an array), as PdfColour::space says it.
ColourSpace family_of(QPDFObjectHandle cs, int depth = 0);

// What an ExtGState makes blend, in words, in this order: constant alphas
// below 1, a blend mode other than Normal, a soft mask (not /None).
std::vector<std::string> ext_gstate_blends(QPDFObjectHandle ext, const std::string& name);

// True when anything a set of resources can draw blends: an ExtGState (as
// above), an image with a soft mask; forms, patterns and Type 3 fonts
// followed, each once (`seen`). Transparency groups alone, as Cairo writes
// around every group, are not.
bool resources_blend(QPDFObjectHandle resources, std::set<QPDFObjGen>& seen);

}  // namespace kw::pdf
