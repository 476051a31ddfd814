#include "text/compose.h"

#include <algorithm>

#include "core/geometry.h"
#include "text/font_face.h"
#include "text/utf8.h"

namespace kw::text {

namespace {

constexpr double kEps = 1e-6;

struct Piece {
  const FaceRun* run = nullptr;
  std::string text;  // what is shaped and stored in the GlyphRun
};

struct PendingGlyph {
  std::uint32_t id = 0;
  double x_em = 0, y_em = 0;  // natural position (before justification), y up
  std::uint32_t cluster = 0;
  std::size_t spaces_before = 0;  // justifiable spaces to the left of this glyph
};

struct PendingIcon {
  std::string name;
  double x_em, w_em, h_em;
  std::size_t spaces_before;
};

// The line's pieces, one per face run it touches. Soft hyphens vanish; the
// hyphen of a hyphenated break is shaped with the text before it, so it
// kerns with the last letter.
std::vector<Piece> line_pieces(const std::string& text, const std::vector<FaceRun>& runs, std::size_t b0,
                               std::size_t b1, bool hyphenated) {
  std::vector<Piece> pieces;
  for (const FaceRun& run : runs) {
    const std::size_t s = std::max(b0, run.begin), e = std::min(b1, run.end);
    if (s >= e) continue;
    Piece piece{&run, {}};
    for (std::size_t i = s; i < e;) {
      const std::size_t at = i;
      if (utf8::next(text, i) != kSoftHyphen) piece.text.append(text, at, i - at);
    }
    pieces.push_back(std::move(piece));
  }
  if (hyphenated) {
    if (pieces.empty() || pieces.back().run->icon) {
      const FaceRun* r = pieces.empty() ? &runs.front() : pieces.back().run;
      pieces.push_back({r, {}});
    }
    pieces.back().text += "-";
  }
  return pieces;
}

// The line shaped, with everything at its natural position, in em.
struct NaturalLine {
  std::vector<std::vector<PendingGlyph>> glyphs;  // per piece
  std::vector<PendingIcon> icons;
  std::string text;  // as SetLine::text: icons written as ":name:"
  double width_em = 0;
  std::size_t spaces = 0;  // justifiable spaces
};

NaturalLine shape_pieces(const std::vector<Piece>& pieces, const ComposeParams& p) {
  NaturalLine line;
  line.glyphs.resize(pieces.size());
  double pen = 0;
  bool any_cluster = false;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Piece& piece = pieces[k];
    const FontFace& face = *piece.run->face;
    if (piece.run->icon) {
      const MarkupIcon* icon = p.markup->icon_at(piece.run->begin);
      const std::string name = icon ? icon->name : std::string();
      const double aspect = p.icon_aspect ? p.icon_aspect(name) : 1.0;
      line.icons.push_back({name, pen, face.cap_height * aspect, face.cap_height, line.spaces});
      pen += face.cap_height * aspect + p.tracking_em;
      any_cluster = true;
      line.text += ":" + name + ":";
      continue;
    }
    if (piece.text.empty()) continue;
    line.text += piece.text;
    const auto shaped = shape(face, piece.text, 0, piece.text.size(), piece.run->flags, p.shape);
    for (std::size_t g = 0; g < shaped.size(); ++g) {
      const ShapedGlyph& sg = shaped[g];
      line.glyphs[k].push_back({sg.id, pen + sg.x_offset, sg.y_offset, sg.cluster, line.spaces});
      pen += sg.x_advance;
      const bool cluster_ends = g + 1 == shaped.size() || shaped[g + 1].cluster != sg.cluster;
      if (cluster_ends) {
        pen += p.tracking_em;  // letter spacing between clusters, as the model counts it
        any_cluster = true;
        std::size_t i = sg.cluster;
        const char32_t cp = utf8::next(piece.text, i);
        if (cp == U' ' || cp == kNoBreakSpace) ++line.spaces;
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

// Justify all but a paragraph's last line, within max_stretch per space; a
// line that would need more is set flush left instead (never letter-spaced,
// never stretched past the limit).
Placement place_across(const NaturalLine& line, bool last, const ComposeParams& p) {
  Placement at;
  const double width_em = p.width_mm / pt_to_mm(p.size_pt);
  if (p.align == Align::Justify && !last && line.spaces > 0) {
    const double per_space = (width_em - line.width_em) / static_cast<double>(line.spaces);
    if (per_space <= p.max_stretch_em + kEps) {
      at.extra_em = per_space;
      at.justified = true;
    }
  }
  at.used_em = at.justified ? width_em : line.width_em;
  if (p.align == Align::Center) at.left_em = (width_em - line.width_em) / 2;
  if (p.align == Align::Right) at.left_em = width_em - line.width_em;
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
      const double x = (at.left_em + g.x_em + at.extra_em * static_cast<double>(g.spaces_before)) * size_mm;
      run.glyphs.push_back({g.id, x, baseline_mm - g.y_em * size_mm, g.cluster});
    }
    out.runs.push_back(std::move(run));
  }
  for (const PendingIcon& ic : line.icons) {
    const double x = (at.left_em + ic.x_em + at.extra_em * static_cast<double>(ic.spaces_before)) * size_mm;
    const double h = ic.h_em * size_mm;
    out.icons.push_back({ic.name, Rect{x, baseline_mm - h, ic.w_em * size_mm, h}});
  }
}

}  // namespace

ComposedLine compose_line(const ParagraphModel& m, const std::vector<FaceRun>& runs, LineBreak lb, bool last,
                          double baseline_mm, const ComposeParams& p) {
  const std::size_t u0 = m.first_unit(lb.from), u1 = m.last_unit(lb.from, lb.to);
  const std::size_t b0 = u0 < m.units.size() ? m.units[u0].byte : m.end;
  const std::size_t b1 = u1 < m.units.size() ? m.units[u1].byte : m.end;
  const bool hyphenated = m.breaks[lb.to].kind == BreakKind::Hyphen;

  const std::vector<Piece> pieces = line_pieces(p.markup->text, runs, b0, b1, hyphenated);
  NaturalLine natural = shape_pieces(pieces, p);
  const Placement at = place_across(natural, last, p);

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
  out.used_width_mm = at.used_em * size_mm;
  return out;
}

}  // namespace kw::text
