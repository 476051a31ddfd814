// The text stage's front door: markup in, fitted and positioned glyphs out.
// Parse -> pick faces -> shape once at 1 em -> for each size from the largest
// down: break every paragraph, and take the first size whose lines fit the
// box in both directions.
#include "text/typesetter.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "core/utf8.h"
#include "project/project.h"
#include "text/bidi.h"
#include "text/compose.h"
#include "text/font_face.h"
#include "text/hyphenator.h"
#include "text/language.h"
#include "text/linebreak.h"
#include "text/paragraph_model.h"

namespace kw::text {

namespace {

constexpr double kEps = 1e-6;

std::string fmt(double v, int decimals = 2) {
  std::string s = fmt::format("{:.{}f}", v, decimals);
  while (s.find('.') != std::string::npos && (s.back() == '0' || s.back() == '.')) {
    const bool dot = s.back() == '.';
    s.pop_back();
    if (dot) break;
  }
  return s;
}

struct Paragraph {
  std::vector<FaceRun> runs;
  ParagraphModel model;
  bool rtl = false;
};

// Everything about one call that does not depend on the size.
struct Job {
  const TextStyle* style = nullptr;
  Size box;
  Markup markup;
  const FontFace* base = nullptr;
  std::vector<Paragraph> paragraphs;
  ShapeOptions shape;
  std::map<std::string, double> aspects;
  BaseDirection direction = BaseDirection::FromText;  // of every paragraph
  bool missed_hyphenation = false;  // words to hyphenate but no dictionary (SetResult::missing_dictionary)
};

// Sizes to try, largest first: max, max - step, ... and min itself, computed
// from the step count so that no rounding drift creeps in.
std::vector<double> candidate_sizes(const TextStyle& s) {
  std::vector<double> sizes;
  const double step = s.size_step_pt > 0 ? s.size_step_pt : s.max_size_pt - s.min_size_pt;
  for (int k = 0;; ++k) {
    const double size = std::round((s.max_size_pt - k * step) * 1e6) / 1e6;
    if (size < s.min_size_pt + kEps || step <= 0) break;
    sizes.push_back(size);
  }
  sizes.push_back(s.min_size_pt);
  return sizes;
}

struct Attempt {
  std::optional<SetText> text;
  std::string why;  // when it does not fit
};

// How many lines the box holds at this size (see the header for the vertical
// convention: ascender above the first baseline, descender below the last).
std::size_t lines_that_fit(const Job& job, double size_mm) {
  const double asc = job.base->ascender * size_mm, desc = -job.base->descender * size_mm;
  const double pitch = job.style->line_height * size_mm;
  if (job.box.h + kEps < asc + desc) return 0;
  if (pitch <= 0) return 100000;
  return static_cast<std::size_t>(std::floor((job.box.h - asc - desc) / pitch + kEps)) + 1;
}

// The widest stretch between two break opportunities, for the error message.
std::string widest_piece(const Job& job, double width_em, double size_mm) {
  for (const Paragraph& para : job.paragraphs) {
    const ParagraphModel& m = para.model;
    for (std::size_t b = 0; b + 1 < m.breaks.size(); ++b) {
      if (m.width(b, b + 1) <= width_em + kEps) continue;
      const std::size_t u0 = m.first_unit(b), u1 = m.last_unit(b, b + 1);
      const std::size_t b0 = m.units[u0].byte, b1 = u1 < m.units.size() ? m.units[u1].byte : m.end;
      std::string piece;
      for (std::size_t i = b0; i < b1;) {
        const std::size_t at = i;
        if (utf8::next(job.markup.text, i) != kSoftHyphen) piece.append(job.markup.text, at, i - at);
      }
      return "'" + piece + "' is " + fmt(m.width(b, b + 1) * size_mm) + " mm wide";
    }
  }
  return {};
}

// Width / height of an icon, as read into the job; 1 for a name it never saw.
std::function<double(const std::string&)> aspect_of(const Job& job) {
  return [&job](const std::string& name) {
    auto it = job.aspects.find(name);
    return it == job.aspects.end() ? 1.0 : it->second;
  };
}

// The lines chosen for every paragraph at one size.
struct Chosen {
  std::vector<std::vector<LineBreak>> lines;  // per paragraph
  std::size_t total_lines = 0;
  std::string why;  // set when the paragraphs cannot be broken to fit the box
};

// First fit, paragraph by paragraph. Fails only on a piece wider than the
// box; whether the lines fit its height is for the caller.
Chosen break_greedily(const Job& job, const BreakParams& params, double size_mm) {
  Chosen chosen;
  chosen.lines.resize(job.paragraphs.size());
  for (std::size_t p = 0; p < job.paragraphs.size(); ++p) {
    auto lines = break_greedy(job.paragraphs[p].model, params);
    if (!lines) {
      chosen.why = widest_piece(job, params.width, size_mm) + ", wider than the box (" + fmt(job.box.w) + " mm)";
      return chosen;
    }
    chosen.total_lines += lines->size();
    chosen.lines[p] = std::move(*lines);
  }
  return chosen;
}

// Per paragraph, its best breaks for every line count (the index).
using LineCountOptions = std::vector<std::optional<BreakSolution>>;

// The line count for each paragraph that splits at most `max_lines` lines
// between them with the least total demerits; nullopt when no split fits.
std::optional<std::vector<std::size_t>> least_demerits_split(const std::vector<LineCountOptions>& options,
                                                             std::size_t max_lines) {
  const double inf = std::numeric_limits<double>::infinity();
  // best[t]: least demerits using t lines for the paragraphs so far.
  std::vector<double> best(max_lines + 1, inf);
  std::vector<std::vector<std::size_t>> pick(options.size(), std::vector<std::size_t>(max_lines + 1, 0));
  best[0] = 0;
  for (std::size_t p = 0; p < options.size(); ++p) {
    std::vector<double> next(max_lines + 1, inf);
    for (std::size_t t = 0; t <= max_lines; ++t) {
      if (best[t] == inf) continue;
      for (std::size_t k = 1; k < options[p].size() && t + k <= max_lines; ++k) {
        if (!options[p][k]) continue;
        const double d = best[t] + options[p][k]->demerits;
        if (d < next[t + k]) {
          next[t + k] = d;
          pick[p][t + k] = k;
        }
      }
    }
    best = std::move(next);
  }
  std::size_t t_best = 0;
  for (std::size_t t = 1; t <= max_lines; ++t)
    if (best[t] < inf && (t_best == 0 || best[t] < best[t_best])) t_best = t;
  if (t_best == 0) return std::nullopt;
  std::vector<std::size_t> counts(options.size());
  for (std::size_t p = options.size(), t = t_best; p-- > 0;) {
    counts[p] = pick[p][t];
    t -= counts[p];
  }
  return counts;
}

// Each paragraph's best breaks for every line count, then the split of the
// box's lines between paragraphs with the least total demerits.
Chosen break_optimally(const Job& job, const BreakParams& params, std::size_t max_lines, double size_mm) {
  Chosen chosen;
  std::vector<LineCountOptions> options;
  for (const Paragraph& para : job.paragraphs) {
    options.push_back(break_optimal(para.model, params, max_lines));
    if (std::none_of(options.back().begin(), options.back().end(), [](const auto& o) { return o.has_value(); })) {
      // No line count works at all: some piece is wider than the box, or
      // the paragraph needs more lines than the box holds.
      const std::string wide = widest_piece(job, params.width, size_mm);
      chosen.why = !wide.empty() ? wide + ", wider than the box (" + fmt(job.box.w) + " mm)"
                                 : "the text needs more than the " + std::to_string(max_lines) + " lines the box holds";
      return chosen;
    }
  }
  const auto counts = least_demerits_split(options, max_lines);
  if (!counts) {
    chosen.why = "the text needs more than the " + std::to_string(max_lines) + " lines the box holds (" +
                 fmt(job.box.h) + " mm high)";
    return chosen;
  }
  chosen.lines.resize(job.paragraphs.size());
  for (std::size_t p = 0; p < options.size(); ++p) {
    chosen.lines[p] = options[p][(*counts)[p]]->lines;
    chosen.total_lines += (*counts)[p];
  }
  return chosen;
}

ComposeParams compose_params(const Job& job, double size_pt) {
  const TextStyle& st = *job.style;
  ComposeParams cp;
  cp.markup = &job.markup;
  cp.shape = job.shape;
  cp.size_pt = size_pt;
  cp.width_mm = job.box.w;
  cp.tracking_em = st.tracking_em;
  cp.max_stretch_em = st.max_stretch;
  cp.align = st.align;
  cp.color = st.color;
  cp.icon_aspect = aspect_of(job);
  return cp;
}

// Composes the chosen lines and places the block in the box as valign says.
Attempt place_lines(const Job& job, double size_pt, const Chosen& chosen) {
  Attempt a;
  const TextStyle& st = *job.style;
  const double size_mm = pt_to_mm(size_pt);
  const double asc = job.base->ascender * size_mm, desc = -job.base->descender * size_mm;
  const double pitch = st.line_height * size_mm;
  const double height = asc + static_cast<double>(chosen.total_lines - 1) * pitch + desc;
  double top = 0;
  if (st.valign == VAlign::Middle) top = (job.box.h - height) / 2;
  if (st.valign == VAlign::Bottom) top = job.box.h - height;

  const ComposeParams cp = compose_params(job, size_pt);
  SetText out;
  out.size_pt = size_pt;
  std::size_t line_no = 0;
  for (std::size_t p = 0; p < job.paragraphs.size(); ++p) {
    const std::vector<LineBreak>& lines = chosen.lines[p];
    for (std::size_t k = 0; k < lines.size(); ++k, ++line_no) {
      const double baseline = top + asc + static_cast<double>(line_no) * pitch;
      ComposedLine line = compose_line(job.paragraphs[p].model, job.paragraphs[p].runs, job.paragraphs[p].rtl, lines[k],
                                       k + 1 == lines.size(), baseline, cp);
      if (line.overflows) {
        // Exact reshaping of the line came out wider than the estimate the
        // breaker used (kerning across the break): never clip, try smaller.
        a.why = "line '" + line.line.text + "' is " + fmt(line.line.width) + " mm wide, wider than the box (" +
                fmt(job.box.w) + " mm)";
        return a;
      }
      out.extent.w = std::max(out.extent.w, line.used_width_mm);
      for (auto& r : line.runs) out.runs.push_back(std::move(r));
      for (auto& i : line.icons) out.icons.push_back(std::move(i));
      out.lines.push_back(std::move(line.line));
    }
  }
  out.extent.h = height;
  a.text = std::move(out);
  return a;
}

Attempt attempt(const Job& job, double size_pt) {
  Attempt a;
  const double size_mm = pt_to_mm(size_pt);
  const std::size_t max_lines = lines_that_fit(job, size_mm);
  if (max_lines == 0) {
    a.why = "the box (" + fmt(job.box.h) + " mm high) is lower than one line";
    return a;
  }
  BreakParams params;
  params.width = job.box.w / size_mm;
  params.justify = job.style->align == Align::Justify;
  const Chosen chosen = job.style->breaker == LineBreaker::Greedy ? break_greedily(job, params, size_mm)
                                                                  : break_optimally(job, params, max_lines, size_mm);
  if (!chosen.why.empty()) {
    a.why = chosen.why;
    return a;
  }
  if (chosen.total_lines > max_lines) {
    a.why = "the text needs " + std::to_string(chosen.total_lines) + " lines, the box holds " +
            std::to_string(max_lines) + " (" + fmt(job.box.h) + " mm high)";
    return a;
  }
  return place_lines(job, size_pt, chosen);
}

// The print rules, which do not depend on the text; "" when the style and box keep them.
std::string print_rule_error(const TextStyle& style, Size box) {
  if (style.min_size_pt < style.floor_pt - kEps)
    return "minimum size " + fmt(style.min_size_pt) + " pt is below the print floor of " + fmt(style.floor_pt) + " pt";
  if (!(style.min_size_pt > 0) || style.max_size_pt < style.min_size_pt - kEps)
    return "size range " + fmt(style.min_size_pt) + ".." + fmt(style.max_size_pt) + " pt is empty";
  if (!(box.w > 0) || !(box.h > 0)) return "text box " + fmt(box.w) + " x " + fmt(box.h) + " mm has no area";
  return {};
}

// Reads the aspect of every icon the markup names into the job; "" or the error.
std::string read_icon_aspects(const IconAspect& icon_aspect, Job& job) {
  for (const MarkupIcon& icon : job.markup.icons) {
    if (job.aspects.count(icon.name)) continue;
    std::optional<double> aspect = icon_aspect ? icon_aspect(icon.name) : std::optional<double>(1.0);
    if (!aspect || !(*aspect > 0)) return "unknown icon :" + icon.name + ":";
    job.aspects[icon.name] = *aspect;
  }
  return {};
}

ModelOptions model_options(const Job& job, const project::Project& project) {
  const TextStyle& style = *job.style;
  ModelOptions mo;
  mo.shape = job.shape;
  mo.language = style.language;
  // No language, nothing to hyphenate by: not a missing dictionary.
  mo.hyphenate = style.hyphenate && style.wrap && !style.language.empty();
  mo.hyphenator = mo.hyphenate ? project.state<Hyphenators>().for_language(style.language) : nullptr;
  mo.breakers = &project.state<LineBreakers>();
  mo.wrap = style.wrap;
  mo.tracking_em = style.tracking_em;
  mo.max_stretch_em = style.max_stretch;
  mo.icon_aspect = aspect_of(job);
  return mo;
}

// Paragraphs end at forced line breaks; each is broken on its own. Reads
// them into the job; "" or the error.
std::string read_paragraphs(const FontLibrary& fonts, const ModelOptions& mo, Job& job) {
  const TextStyle& style = *job.style;
  const std::string& text = job.markup.text;
  for (std::size_t begin = 0;;) {
    const std::size_t nl = text.find('\n', begin);
    const std::size_t end = nl == std::string::npos ? text.size() : nl;
    Paragraph para;
    Itemized items = itemize(job.markup, begin, end, fonts, style.family, style.style);
    if (!items.error.empty()) return items.error;
    para.runs = std::move(items.runs);
    if (para.runs.empty()) para.runs.push_back({begin, begin, job.base, job.markup.flags_at(begin), false});
    const BidiParagraph bidi = analyze_bidi(text, begin, end, job.direction);
    para.rtl = bidi.rtl;
    split_runs(text, begin, bidi, para.runs);
    para.model = build_paragraph(job.markup, begin, end, para.runs, mo, &job.missed_hyphenation);
    job.paragraphs.push_back(std::move(para));
    if (nl == std::string::npos) break;
    begin = nl + 1;
  }
  return {};
}

}  // namespace

Align physical_align(Align align, bool rtl) {
  if (align == Align::Start) return rtl ? Align::Right : Align::Left;
  if (align == Align::End) return rtl ? Align::Left : Align::Right;
  return align;
}

Typesetter::Typesetter(const FontLibrary& fonts, IconAspect icon_aspect)
    : fonts_(fonts), icon_aspect_(std::move(icon_aspect)) {}

SetResult Typesetter::set(const std::string& markup, const TextStyle& style, Size box) const {
  SetResult r;
  r.error = print_rule_error(style, box);
  if (!r.error.empty()) return r;

  Job job;
  job.style = &style;
  job.box = box;
  MarkupResult parsed = parse_markup(markup);
  if (!parsed.error.empty()) {
    r.error = parsed.error;
    return r;
  }
  job.markup = std::move(parsed.markup);
  job.base = fonts_.closest_face(style.family, style.style);
  if (!job.base) {
    r.error = "unknown font family '" + style.family + "'";
    return r;
  }
  if (!parse_features(style.features, job.shape.features, r.error)) return r;
  // "und", undetermined, rather than HarfBuzz's default, which is the
  // process's locale: the output must not depend on the machine.
  job.shape.language = hb_language_from_string(style.language.empty() ? "und" : style.language.c_str(), -1);
  if (const auto rtl = language_is_rtl(style.language))
    job.direction = *rtl ? BaseDirection::RightToLeft : BaseDirection::LeftToRight;
  r.error = read_icon_aspects(icon_aspect_, job);
  if (!r.error.empty()) return r;
  r.error = read_paragraphs(fonts_, model_options(job, fonts_.project()), job);
  if (!r.error.empty()) return r;
  // No dictionary is asked of no language: "und" is the game's to declare
  // (the loader says so once), not a dictionary to install.
  if (job.missed_hyphenation && style.language != "und") r.missing_dictionary = style.language;

  std::string why;
  for (double size : candidate_sizes(style)) {
    Attempt a = attempt(job, size);
    if (a.text) {
      r.text = std::move(a.text);
      return r;
    }
    why = a.why;
  }
  r.error = "text does not fit the " + fmt(box.w) + " x " + fmt(box.h) + " mm box at the minimum size " +
            fmt(style.min_size_pt) + " pt: " + why;
  return r;
}

}  // namespace kw::text
