#pragma once
// A paragraph reduced to what line breaking needs, in em of the text size so
// that one model serves every size the fitting tries; and the two breakers
// that choose where its lines end.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace kw::text {

// One code point of the paragraph.
struct Unit {
  std::size_t byte = 0;  // offset in the markup text
  double advance = 0;    // em, including tracking
  double stretch = 0;    // em a justified line may add after it (interword spaces)
  double shrink = 0;     // em a justified line may take from it
  bool space = false;    // a space: dropped where a line ends on it
  // em a justified line may add before it, when it is not the line's first:
  // between ideographs (is_interletter_gap), which have no interword spaces
  double gap_stretch = 0;
};

enum class BreakKind {
  Start,     // the paragraph's beginning (breaks[0])
  Space,     // after interword space
  Hyphen,    // inside a word: dictionary point or soft hyphen; a '-' is added
  Explicit,  // after a hyphen or dash already in the text
  Other,     // any other UAX #14 opportunity (after '/', before an icon...)
  End,       // the paragraph's end (breaks.back())
};

struct Breakpoint {
  std::size_t unit = 0;  // the next line starts at this unit
  BreakKind kind = BreakKind::Space;
  double hyphen_width = 0;  // em added to the line ending here (Hyphen only)
  double penalty = 0;       // Knuth–Plass penalty for breaking here
  bool flagged = false;     // a hyphenated break: two in a row cost extra
};

struct ParagraphModel {
  std::size_t begin = 0, end = 0;  // byte range in the markup text
  std::vector<Unit> units;
  std::vector<Breakpoint> breaks;  // sorted; front() is Start, back() is End

  // Must be called once units and breaks are final.
  void finish();
  // The units a line from break `from` to break `to` shows: [first, last).
  std::size_t first_unit(std::size_t from) const { return breaks[from].unit; }
  std::size_t last_unit(std::size_t from, std::size_t to) const;
  // Natural width in em of that line, including a hyphen when `to` adds one.
  double width(std::size_t from, std::size_t to) const;
  double stretch(std::size_t from, std::size_t to) const;
  double shrink(std::size_t from, std::size_t to) const;

 private:
  std::vector<double> width_sum_, stretch_sum_, shrink_sum_, gap_sum_;  // prefix sums, size units+1
  std::vector<std::size_t> trimmed_;                                    // per break: end without trailing spaces
};

// A line from break index `from` to break index `to`.
struct LineBreak {
  std::size_t from = 0, to = 0;
  friend bool operator==(const LineBreak&, const LineBreak&) = default;
};

struct BreakParams {
  double width = 0;           // em
  bool justify = false;       // stretch/shrink interword space; else ragged
  double ragged_stretch = 2;  // em of slack a ragged line tolerates at badness 100
};

// How well a line fits, Knuth–Plass style.
struct LineFit {
  bool feasible = false;  // fits at all (width, with at most full shrink)
  double ratio = 0;       // adjustment ratio: >1 needs more stretch than allowed
  double badness = 0;
  int fitness = 1;  // 0 tight, 1 decent, 2 loose, 3 very loose
};
LineFit fit_line(const ParagraphModel& m, std::size_t from, std::size_t to, const BreakParams& p);

struct BreakSolution {
  double demerits = 0;
  std::vector<LineBreak> lines;
};

// Knuth–Plass: the breaks minimising total demerits over the whole paragraph,
// for each possible number of lines. Result[k] is the best solution with
// exactly k lines (k = 0 .. max_lines), or nullopt. Knowing every line count
// lets the fitting trade a slightly worse paragraph for one line less when the
// box is short. A justified line needing more stretch than allowed is still
// feasible but costs more than any acceptable line (it is then set ragged).
std::vector<std::optional<BreakSolution>> break_optimal(const ParagraphModel& m, const BreakParams& p,
                                                        std::size_t max_lines);

// First fit: each line takes as much as fits. Kept to measure the paragraph
// breaker against; nullopt when a piece between breaks is wider than the box.
std::optional<std::vector<LineBreak>> break_greedy(const ParagraphModel& m, const BreakParams& p);

// Sum over all lines but the last of (width - line width)^2, in em^2.
double raggedness(const ParagraphModel& m, const std::vector<LineBreak>& lines, double width);

}  // namespace kw::text
