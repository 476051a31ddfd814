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

}  // namespace

ComposedLine compose_line(const ParagraphModel& m, const std::vector<FaceRun>& runs, LineBreak lb, bool last,
                          double baseline_mm, const ComposeParams& p) {
  ComposedLine out;
  const std::string& text = p.markup->text;
  const std::size_t u0 = m.first_unit(lb.from), u1 = m.last_unit(lb.from, lb.to);
  const std::size_t b0 = u0 < m.units.size() ? m.units[u0].byte : m.end;
  const std::size_t b1 = u1 < m.units.size() ? m.units[u1].byte : m.end;
  const bool hyphenated = m.breaks[lb.to].kind == BreakKind::Hyphen;

  // The line's pieces, one per face run it touches. Soft hyphens vanish; the
  // hyphen of a hyphenated break is shaped with the text before it, so it
  // kerns with the last letter.
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

  // Natural positions, in em.
  std::vector<std::vector<PendingGlyph>> glyphs(pieces.size());
  struct PendingIcon {
    std::string name;
    double x_em, w_em, h_em;
    std::size_t spaces_before;
  };
  std::vector<PendingIcon> icons;
  double pen = 0;
  std::size_t spaces = 0;
  bool any_cluster = false;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Piece& piece = pieces[k];
    const FontFace& face = *piece.run->face;
    if (piece.run->icon) {
      const MarkupIcon* icon = p.markup->icon_at(piece.run->begin);
      const std::string name = icon ? icon->name : std::string();
      const double aspect = p.icon_aspect ? p.icon_aspect(name) : 1.0;
      icons.push_back({name, pen, face.cap_height * aspect, face.cap_height, spaces});
      pen += face.cap_height * aspect + p.tracking_em;
      any_cluster = true;
      out.line.text += ":" + name + ":";
      continue;
    }
    if (piece.text.empty()) continue;
    out.line.text += piece.text;
    const auto shaped = shape(face, piece.text, 0, piece.text.size(), piece.run->flags, p.shape);
    for (std::size_t g = 0; g < shaped.size(); ++g) {
      const ShapedGlyph& sg = shaped[g];
      glyphs[k].push_back({sg.id, pen + sg.x_offset, sg.y_offset, sg.cluster, spaces});
      pen += sg.x_advance;
      const bool cluster_ends = g + 1 == shaped.size() || shaped[g + 1].cluster != sg.cluster;
      if (cluster_ends) {
        pen += p.tracking_em;  // letter spacing between clusters, as the model counts it
        any_cluster = true;
        std::size_t i = sg.cluster;
        const char32_t cp = utf8::next(piece.text, i);
        if (cp == U' ' || cp == kNoBreakSpace) ++spaces;
      }
    }
  }
  const double natural_em = pen - (any_cluster ? p.tracking_em : 0);
  const double size_mm = pt_to_mm(p.size_pt);
  const double width_em = p.width_mm / size_mm;

  // Justify all but a paragraph's last line, within max_stretch per space; a
  // line that would need more is set flush left instead (never letter-spaced,
  // never stretched past the limit).
  double extra_em = 0;
  if (p.align == Align::Justify && !last && spaces > 0) {
    const double per_space = (width_em - natural_em) / static_cast<double>(spaces);
    if (per_space <= p.max_stretch_em + kEps) {
      extra_em = per_space;
      out.line.justified = true;
    }
  }
  const double used_em = out.line.justified ? width_em : natural_em;
  double left_em = 0;
  if (p.align == Align::Center) left_em = (width_em - natural_em) / 2;
  if (p.align == Align::Right) left_em = width_em - natural_em;
  out.overflows = used_em > width_em + kEps;
  if (out.overflows) left_em = 0;

  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (pieces[k].run->icon || glyphs[k].empty()) continue;
    const FontFace& face = *pieces[k].run->face;
    page::GlyphRun run;
    run.font = face.input;
    run.face_index = face.face_index;
    run.size_pt = p.size_pt;
    run.color = p.color;
    run.text = pieces[k].text;
    for (const PendingGlyph& g : glyphs[k]) {
      const double x = (left_em + g.x_em + extra_em * static_cast<double>(g.spaces_before)) * size_mm;
      run.glyphs.push_back({g.id, x, baseline_mm - g.y_em * size_mm, g.cluster});
    }
    out.runs.push_back(std::move(run));
  }
  for (const PendingIcon& ic : icons) {
    const double x = (left_em + ic.x_em + extra_em * static_cast<double>(ic.spaces_before)) * size_mm;
    const double h = ic.h_em * size_mm;
    out.icons.push_back({ic.name, Rect{x, baseline_mm - h, ic.w_em * size_mm, h}});
  }
  out.line.baseline = baseline_mm;
  out.line.left = left_em * size_mm;
  out.line.width = natural_em * size_mm;
  out.line.hyphenated = hyphenated;
  out.line.space_adjust = extra_em * size_mm;
  out.line.last_of_paragraph = last;
  out.used_width_mm = used_em * size_mm;
  return out;
}

}  // namespace kw::text
