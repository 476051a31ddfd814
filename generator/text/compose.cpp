#include "text/compose.h"

#include <algorithm>

#include "core/geometry.h"
#include "core/utf8.h"
#include "text/bidi.h"
#include "text/font_face.h"
#include "text/paragraph_model.h"

namespace kw::text {

namespace {

constexpr double kEps = 1e-6;

struct Piece {
  const FaceRun* run = nullptr;
  std::string text;        // what is shaped and stored in the GlyphRun
  std::size_t offset = 0;  // where `text` starts in the line's text
};

struct PendingGlyph {
  std::uint32_t id = 0;
  double x_em = 0, y_em = 0;    // natural position (before justification), y up
  std::uint32_t cluster = 0;    // byte offset into the piece's text
  std::size_t gaps_before = 0;  // justifiable gaps to the left of this glyph
};

struct PendingIcon {
  std::string name;
  double x_em, w_em, h_em;
  std::size_t gaps_before;
};

// The line's pieces, one per run it touches. Soft hyphens vanish; the
// hyphen of a hyphenated break is shaped with the text before it, so it
// kerns with the last letter. `line_text` gets the pieces' texts one after
// the other: the context each piece is shaped in.
std::vector<Piece> line_pieces(const std::string& text, const std::vector<FaceRun>& runs, std::size_t b0,
                               std::size_t b1, bool hyphenated, std::string& line_text) {
  std::vector<Piece> pieces;
  for (const FaceRun& run : runs) {
    const std::size_t s = std::max(b0, run.begin), e = std::min(b1, run.end);
    if (s >= e) continue;
    Piece piece{&run, {}, 0};
    for (std::size_t i = s; i < e;) {
      const std::size_t at = i;
      if (utf8::next(text, i) != kSoftHyphen) piece.text.append(text, at, i - at);
    }
    pieces.push_back(std::move(piece));
  }
  if (hyphenated) {
    if (pieces.empty() || pieces.back().run->icon) {
      const FaceRun* r = pieces.empty() ? &runs.front() : pieces.back().run;
      pieces.push_back({r, {}, 0});
    }
    pieces.back().text += "-";
  }
  for (Piece& piece : pieces) {
    piece.offset = line_text.size();
    line_text += piece.text;
  }
  return pieces;
}

// The line shaped, with everything at its natural position, in em.
struct NaturalLine {
  std::vector<std::vector<PendingGlyph>> glyphs;  // per piece
  std::vector<PendingIcon> icons;
  std::string text;  // as SetLine::text: icons written as ":name:"
  double width_em = 0;
  std::size_t gaps = 0;  // justifiable: interword spaces, and gaps between ideographs
};

// Places the pieces left to right in visual order; a right-to-left piece's
// glyphs come from HarfBuzz in visual order already.
NaturalLine shape_pieces(const std::vector<Piece>& pieces, const std::string& line_text, const ComposeParams& p) {
  NaturalLine line;
  line.glyphs.resize(pieces.size());
  for (const Piece& piece : pieces) {
    if (!piece.run->icon) {
      line.text += piece.text;
    } else {
      const MarkupIcon* icon = p.markup->icon_at(piece.run->begin);
      line.text += ":" + (icon ? icon->name : std::string()) + ":";
    }
  }
  std::vector<std::uint8_t> levels;
  levels.reserve(pieces.size());
  for (const Piece& piece : pieces) levels.push_back(piece.run->level);
  double pen = 0;
  bool any_cluster = false;
  char32_t previous = 0;  // the first character of the cluster to the left
  // A gap a justified line may widen opens before `cp` when it follows an
  // ideograph (or is one); a space's own gap follows the space.
  auto open_gap = [&](char32_t cp) {
    if (any_cluster && is_interletter_gap(previous, cp)) ++line.gaps;
    previous = cp;
  };
  for (std::size_t k : visual_order(levels)) {
    const Piece& piece = pieces[k];
    const FontFace& face = *piece.run->face;
    if (piece.run->icon) {
      const MarkupIcon* icon = p.markup->icon_at(piece.run->begin);
      const std::string name = icon ? icon->name : std::string();
      const double aspect = p.icon_aspect ? p.icon_aspect(name) : 1.0;
      open_gap(kIconChar);
      line.icons.push_back({name, pen, face.cap_height * aspect, face.cap_height, line.gaps});
      pen += face.cap_height * aspect + p.tracking_em;
      any_cluster = true;
      continue;
    }
    if (piece.text.empty()) continue;
    const auto shaped = shape(*piece.run, line_text, piece.offset, piece.offset + piece.text.size(), p.shape);
    for (std::size_t g = 0; g < shaped.size(); ++g) {
      const ShapedGlyph& sg = shaped[g];
      std::size_t i = sg.cluster;
      const char32_t cp = utf8::next(line_text, i);
      if (g == 0 || shaped[g - 1].cluster != sg.cluster) open_gap(cp);
      line.glyphs[k].push_back(
          {sg.id, pen + sg.x_offset, sg.y_offset, static_cast<std::uint32_t>(sg.cluster - piece.offset), line.gaps});
      pen += sg.x_advance;
      const bool cluster_ends = g + 1 == shaped.size() || shaped[g + 1].cluster != sg.cluster;
      if (cluster_ends) {
        pen += p.tracking_em;  // letter spacing between clusters, as the model counts it
        any_cluster = true;
        if (cp == U' ' || cp == kNoBreakSpace) ++line.gaps;
      }
    }
  }
  line.width_em = pen - (any_cluster ? p.tracking_em : 0);
  return line;
}

// Where the line goes across the box, in em.
struct Placement {
  double left_em = 0;   // start of the line
  double extra_em = 0;  // added to each justifiable space
  double used_em = 0;   // width the line occupies
  bool justified = false;
  bool overflows = false;
};

// Justify all but a paragraph's last line, within max_stretch per gap; a
// line that would need more is set flush at the start instead (never
// letter-spaced, never stretched past the limit). Chinese and Japanese lines
// have no interword spaces: the gaps between their ideographs widen instead.
Placement place_across(const NaturalLine& line, bool last, bool rtl, const ComposeParams& p) {
  Placement at;
  const double width_em = p.width_mm / pt_to_mm(p.size_pt);
  const Align align = physical_align(p.align, rtl);
  if (align == Align::Justify && !last && line.gaps > 0) {
    const double per_gap = (width_em - line.width_em) / static_cast<double>(line.gaps);
    if (per_gap <= p.max_stretch_em + kEps) {
      at.extra_em = per_gap;
      at.justified = true;
    }
  }
  at.used_em = at.justified ? width_em : line.width_em;
  if (align == Align::Center) at.left_em = (width_em - line.width_em) / 2;
  if (align == Align::Right || (align == Align::Justify && !at.justified && rtl)) at.left_em = width_em - line.width_em;
  at.overflows = at.used_em > width_em + kEps;
  if (at.overflows) at.left_em = 0;
  return at;
}

// The glyph runs and icons at their final positions, in mm.
void emit(const std::vector<Piece>& pieces, const NaturalLine& line, const Placement& at, double baseline_mm,
          const ComposeParams& p, ComposedLine& out) {
  const double size_mm = pt_to_mm(p.size_pt);
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (pieces[k].run->icon || line.glyphs[k].empty()) continue;
    const FontFace& face = *pieces[k].run->face;
    page::GlyphRun run;
    run.font = face.input;
    run.face_index = face.face_index;
    run.size_pt = p.size_pt;
    run.color = p.color;
    run.text = pieces[k].text;
    for (const PendingGlyph& g : line.glyphs[k]) {
      const double x = (at.left_em + g.x_em + at.extra_em * static_cast<double>(g.gaps_before)) * size_mm;
      run.glyphs.push_back({g.id, x, baseline_mm - g.y_em * size_mm, g.cluster});
    }
    out.runs.push_back(std::move(run));
  }
  for (const PendingIcon& ic : line.icons) {
    const double x = (at.left_em + ic.x_em + at.extra_em * static_cast<double>(ic.gaps_before)) * size_mm;
    const double h = ic.h_em * size_mm;
    out.icons.push_back({ic.name, Rect{x, baseline_mm - h, ic.w_em * size_mm, h}});
  }
}

}  // namespace

ComposedLine compose_line(const ParagraphModel& m, const std::vector<FaceRun>& runs, bool rtl, LineBreak lb, bool last,
                          double baseline_mm, const ComposeParams& p) {
  const std::size_t u0 = m.first_unit(lb.from), u1 = m.last_unit(lb.from, lb.to);
  const std::size_t b0 = u0 < m.units.size() ? m.units[u0].byte : m.end;
  const std::size_t b1 = u1 < m.units.size() ? m.units[u1].byte : m.end;
  const bool hyphenated = m.breaks[lb.to].kind == BreakKind::Hyphen;

  std::string line_text;
  const std::vector<Piece> pieces = line_pieces(p.markup->text, runs, b0, b1, hyphenated, line_text);
  NaturalLine natural = shape_pieces(pieces, line_text, p);
  const Placement at = place_across(natural, last, rtl, p);

  ComposedLine out;
  emit(pieces, natural, at, baseline_mm, p, out);
  const double size_mm = pt_to_mm(p.size_pt);
  out.overflows = at.overflows;
  out.line.text = std::move(natural.text);
  out.line.justified = at.justified;
  out.line.baseline = baseline_mm;
  out.line.left = at.left_em * size_mm;
  out.line.width = natural.width_em * size_mm;
  out.line.hyphenated = hyphenated;
  out.line.space_adjust = at.extra_em * size_mm;
  out.line.last_of_paragraph = last;
  out.line.rtl = rtl;
  out.used_width_mm = at.used_em * size_mm;
  return out;
}

}  // namespace kw::text
