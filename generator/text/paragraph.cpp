#include "text/paragraph.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kw::text {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-9;
// Knuth–Plass constants, in TeX's units.
constexpr double kLinePenalty = 10;
constexpr double kDoubleHyphenDemerits = 3000;
constexpr double kFinalHyphenDemerits = 5000;
constexpr double kAdjacentFitnessDemerits = 100;
// A justified line that needs more than max_stretch: worse than any line
// within the limit, and worse the more it misses.
constexpr double kRaggedFallbackBadness = 10000;
}  // namespace

void ParagraphModel::finish() {
  const std::size_t n = units.size();
  width_sum_.assign(n + 1, 0);
  stretch_sum_.assign(n + 1, 0);
  shrink_sum_.assign(n + 1, 0);
  gap_sum_.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    gap_sum_[i + 1] = gap_sum_[i] + units[i].gap_stretch;
    width_sum_[i + 1] = width_sum_[i] + units[i].advance;
    stretch_sum_[i + 1] = stretch_sum_[i] + units[i].stretch;
    shrink_sum_[i + 1] = shrink_sum_[i] + units[i].shrink;
  }
  trimmed_.resize(breaks.size());
  for (std::size_t b = 0; b < breaks.size(); ++b) {
    std::size_t e = breaks[b].unit;
    while (e > 0 && units[e - 1].space) --e;
    trimmed_[b] = e;
  }
}

std::size_t ParagraphModel::last_unit(std::size_t from, std::size_t to) const {
  return std::max(trimmed_[to], breaks[from].unit);
}

double ParagraphModel::width(std::size_t from, std::size_t to) const {
  const double w = width_sum_[last_unit(from, to)] - width_sum_[first_unit(from)];
  return breaks[to].kind == BreakKind::Hyphen ? w + breaks[to].hyphen_width : w;
}

double ParagraphModel::stretch(std::size_t from, std::size_t to) const {
  const std::size_t first = first_unit(from), last = last_unit(from, to);
  const double spaces = stretch_sum_[last] - stretch_sum_[first];
  // The gaps between ideographs inside the line: not the one before its first.
  return last > first + 1 ? spaces + (gap_sum_[last] - gap_sum_[first + 1]) : spaces;
}

double ParagraphModel::shrink(std::size_t from, std::size_t to) const {
  return shrink_sum_[last_unit(from, to)] - shrink_sum_[first_unit(from)];
}

LineFit fit_line(const ParagraphModel& m, std::size_t from, std::size_t to, const BreakParams& p) {
  LineFit f;
  const double natural = m.width(from, to);
  const double slack = p.width - natural;
  const bool last = to + 1 == m.breaks.size();
  if (last || !p.justify) {
    // Ragged lines (and a justified paragraph's last line) keep natural spaces.
    if (slack < -kEps) return f;
    f.feasible = true;
    f.ratio = slack / p.ragged_stretch;
    f.badness = last ? 0 : 100 * f.ratio * f.ratio;
    f.fitness = 1;
    return f;
  }
  if (slack >= 0) {
    const double st = m.stretch(from, to);
    f.ratio = st > kEps ? slack / st : (slack < kEps ? 0 : kInf);
  } else {
    const double sh = m.shrink(from, to);
    f.ratio = sh > kEps ? slack / sh : -kInf;
    if (f.ratio < -1 - kEps) return f;
  }
  f.feasible = true;
  if (f.ratio <= 1) {
    f.badness = 100 * std::pow(std::abs(f.ratio), 3);
  } else {
    f.badness = kRaggedFallbackBadness + 1000 * slack * slack;
  }
  f.fitness = f.ratio < -0.5 ? 0 : f.ratio <= 0.5 ? 1 : f.ratio <= 1 ? 2 : 3;
  return f;
}

std::vector<std::optional<BreakSolution>> break_optimal(const ParagraphModel& m, const BreakParams& p,
                                                        std::size_t max_lines) {
  const std::size_t B = m.breaks.size();
  // Every line ends at a different break, so more lines than breaks is moot.
  max_lines = std::min(max_lines, B - 1);
  std::vector<std::optional<BreakSolution>> result(max_lines + 1);
  if (B < 2 || max_lines == 0) return result;
  // State: (break, lines so far, previous line hyphenated, fitness class).
  // Fitness classes only matter for justified text.
  const std::size_t C = p.justify ? 4 : 1;
  const std::size_t K = max_lines + 1;
  auto idx = [&](std::size_t b, std::size_t k, std::size_t h, std::size_t c) { return ((b * K + k) * 2 + h) * C + c; };
  std::vector<double> best(B * K * 2 * C, kInf);
  std::vector<std::size_t> back(best.size(), 0);
  best[idx(0, 0, 0, C == 4 ? 1 : 0)] = 0;

  for (std::size_t j = 1; j < B; ++j) {
    const Breakpoint& bj = m.breaks[j];
    const bool last = j + 1 == B;
    for (std::size_t i = j; i-- > 0;) {
      // Lines only get wider as their start moves back: stop at the first
      // start whose line cannot fit even fully shrunk (hyphen aside).
      const double min_width = m.width(i, j) - (bj.kind == BreakKind::Hyphen ? bj.hyphen_width : 0) -
                               (p.justify && !last ? m.shrink(i, j) : 0);
      if (min_width > p.width + kEps) break;
      const LineFit f = fit_line(m, i, j, p);
      if (!f.feasible) continue;
      const double base = (kLinePenalty + f.badness) * (kLinePenalty + f.badness) + bj.penalty * bj.penalty;
      const std::size_t cj = C == 4 ? static_cast<std::size_t>(f.fitness) : 0;
      const std::size_t hj = bj.flagged ? 1 : 0;
      for (std::size_t k = 0; k + 1 < K; ++k) {
        for (std::size_t h = 0; h < 2; ++h) {
          for (std::size_t c = 0; c < C; ++c) {
            const double prev = best[idx(i, k, h, c)];
            if (prev == kInf) continue;
            double d = base;
            if (h && bj.flagged) d += kDoubleHyphenDemerits;
            if (h && last) d += kFinalHyphenDemerits;
            if (C == 4 && (c > cj ? c - cj : cj - c) > 1) d += kAdjacentFitnessDemerits;
            const std::size_t to = idx(j, k + 1, hj, cj);
            // Strict '<' and a fixed loop order make ties resolve the same way
            // on every run: the output is deterministic.
            if (prev + d < best[to]) {
              best[to] = prev + d;
              back[to] = idx(i, k, h, c);
            }
          }
        }
      }
    }
  }

  const std::size_t state_per_break = K * 2 * C;
  for (std::size_t k = 1; k < K; ++k) {
    double best_d = kInf;
    std::size_t best_s = 0;
    for (std::size_t h = 0; h < 2; ++h)
      for (std::size_t c = 0; c < C; ++c)
        if (best[idx(B - 1, k, h, c)] < best_d) {
          best_d = best[idx(B - 1, k, h, c)];
          best_s = idx(B - 1, k, h, c);
        }
    if (best_d == kInf) continue;
    BreakSolution sol;
    sol.demerits = best_d;
    std::size_t s = best_s;
    while (s / state_per_break != 0) {
      const std::size_t prev = back[s];
      sol.lines.push_back({prev / state_per_break, s / state_per_break});
      s = prev;
    }
    std::reverse(sol.lines.begin(), sol.lines.end());
    result[k] = std::move(sol);
  }
  return result;
}

std::optional<std::vector<LineBreak>> break_greedy(const ParagraphModel& m, const BreakParams& p) {
  std::vector<LineBreak> lines;
  const std::size_t B = m.breaks.size();
  std::size_t i = 0;
  while (i + 1 < B) {
    std::size_t chosen = 0;
    for (std::size_t j = i + 1; j < B; ++j) {
      const Breakpoint& bj = m.breaks[j];
      const bool last = j + 1 == B;
      const double shrink = p.justify && !last ? m.shrink(i, j) : 0;
      if (m.width(i, j) - shrink <= p.width + kEps) chosen = j;
      if (m.width(i, j) - (bj.kind == BreakKind::Hyphen ? bj.hyphen_width : 0) - shrink > p.width + kEps) break;
    }
    if (chosen == 0) return std::nullopt;
    lines.push_back({i, chosen});
    i = chosen;
  }
  return lines;
}

double raggedness(const ParagraphModel& m, const std::vector<LineBreak>& lines, double width) {
  double sum = 0;
  for (std::size_t k = 0; k + 1 < lines.size(); ++k) {
    const double slack = width - m.width(lines[k].from, lines[k].to);
    sum += slack * slack;
  }
  return sum;
}

}  // namespace kw::text
