#include "print/preflight/preflight.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "core/files.h"
#include "model/value.h"
#include "print/pdf/pdf_boxes.h"
#include "print/pdf/pdf_content.h"
#include "print/products/print_products.h"
#include "print/settings/yaml_reader.h"
#include "project/project.h"
#include "render/jpeg.h"

namespace kw::print {

namespace fs = std::filesystem;
using detail::MapReader;

namespace {

constexpr double kBoxTolerance = 0.01;   // mm
constexpr double kSafeTolerance = 0.01;  // mm
constexpr double kCutTolerance = 1.5;    // mm the cut may stray into the card (print-specs.md)

std::string fmt(const char* format, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, a);
  return buf;
}
std::string fmt(const char* format, double a, double b) {
  char buf[96];
  std::snprintf(buf, sizeof buf, format, a, b);
  return buf;
}
std::string mm(double v) { return fmt("%.2f", v); }
std::string box_text(const Rect& r) { return "[" + mm(r.x) + " " + mm(r.y) + " " + mm(r.w) + " x " + mm(r.h) + "]"; }

bool same_box(const Rect& a, const Rect& b) {
  return std::abs(a.x - b.x) <= kBoxTolerance && std::abs(a.y - b.y) <= kBoxTolerance &&
         std::abs(a.w - b.w) <= kBoxTolerance && std::abs(a.h - b.h) <= kBoxTolerance;
}

bool intersects(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

bool inside(const Rect& outer, Point p) {
  return p.x >= outer.x && p.x <= outer.right() && p.y >= outer.y && p.y <= outer.bottom();
}

double channel(std::uint8_t v) {
  double c = v / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double luminance(const Color& c) { return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b); }
double distance(const Color& a, const Color& b) {
  double dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
  return std::sqrt(dr * dr + dg * dg + db * db);
}

// The geometry the profile asks for.
struct Expected {
  Rect media, trim, safe;
};
Expected expected(const PrintProfile& p) {
  Rect media{0, 0, p.trim.w + 2 * p.bleed, p.trim.h + 2 * p.bleed};
  Rect trim{p.bleed, p.bleed, p.trim.w, p.trim.h};
  return {media, trim, trim.inset(p.safe)};
}

// A rendered card (the JPEG), sampled in page millimetres.
struct Pixels {
  const render::Raster* raster = nullptr;
  Size page;
  std::optional<Color> at(Point mm) const {
    if (!raster || raster->width <= 0) return std::nullopt;
    int x = static_cast<int>(mm.x / page.w * raster->width), y = static_cast<int>(mm.y / page.h * raster->height);
    if (x < 0 || y < 0 || x >= raster->width || y >= raster->height) return std::nullopt;
    return raster->pixel(x, y);
  }
};

// The ground behind a text: what is not the text's own colour in the box its
// glyphs roughly cover (half an em per glyph, 0.7 em high).
std::optional<Color> ground_of(const PdfText& t, const Pixels& pixels) {
  if (!t.color) return std::nullopt;
  double em = t.size_pt * 25.4 / 72;
  double length = std::max(em, static_cast<double>(t.glyphs) * 0.5 * em), height = 0.7 * em;
  double r = 0, g = 0, b = 0;
  int n = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 6; ++j) {
      double a = length * (i + 0.5) / 16, u = height * (j + 0.5) / 6;
      auto c = pixels.at({t.origin.x + t.advance.x * a + t.up.x * u, t.origin.y + t.advance.y * a + t.up.y * u});
      if (!c || distance(*c, *t.color) < 80) continue;
      r += c->r;
      g += c->g;
      b += c->b;
      ++n;
    }
  if (n < 5) return std::nullopt;
  auto avg = [n](double v) { return static_cast<std::uint8_t>(std::lround(v / n)); };
  return Color{avg(r), avg(g), avg(b), 255};
}

void add(CardPreflight& card, PreflightCheck check, const std::string& message) {
  for (const auto& f : card.findings)
    if (f.check == check && f.message == message) return;  // the same back on many pages: once
  card.findings.push_back({check, message});
}

// The checks of one PDF page (a card's front, or a page of its back).
void check_page(const PdfPageContent& content, const PageBoxes& boxes, const page::Page& page, const Pixels& pixels,
                const PrintProfile& profile, const std::string& where, CardPreflight& card) {
  Expected want = expected(profile);
  if (!same_box(boxes.media, want.media))
    add(card, PreflightCheck::Boxes,
        where + ": MediaBox " + box_text(boxes.media) + " mm, not " + box_text(want.media));
  if (!same_box(boxes.trim, want.trim))
    add(card, PreflightCheck::Boxes, where + ": TrimBox " + box_text(boxes.trim) + " mm, not " + box_text(want.trim));
  if (!same_box(boxes.bleed, want.media))
    add(card, PreflightCheck::Boxes,
        where + ": BleedBox " + box_text(boxes.bleed) + " mm, not " + box_text(want.media));

  // Text sizes.
  const PdfText* smallest = nullptr;
  double smallest_limit = 0;
  size_t small = 0;
  for (const auto& t : content.texts) {
    if (!inside(boxes.trim, t.origin)) continue;  // outside the trim: see marks
    double limit = profile.text_min_pt;
    bool light = false;
    if (t.color) {
      auto ground = ground_of(t, pixels);
      Color behind = ground ? *ground : page.edge_color;
      light = luminance(*t.color) > luminance(behind);
      if (light) limit = std::max(limit, profile.text_min_light_on_dark_pt);
    }
    if (card.min_text_pt == 0 || t.size_pt < card.min_text_pt) card.min_text_pt = t.size_pt;
    if (t.size_pt + 1e-6 < limit) {
      ++small;
      if (!smallest || t.size_pt < smallest->size_pt) {
        smallest = &t;
        smallest_limit = limit;
      }
    }
  }
  if (smallest) {
    bool light = smallest_limit > profile.text_min_pt;
    add(card, PreflightCheck::Text,
        where + ": " + std::to_string(small) + (small == 1 ? " text" : " texts") +
            " too small: " + fmt("%.2f pt", smallest->size_pt) + " (" + smallest->font + ") at " +
            fmt("%.1f, %.1f mm", smallest->origin.x, smallest->origin.y) + ", the minimum is " +
            fmt("%g pt", smallest_limit) + (light ? " for light text on a dark ground" : ""));
  }

  // Line widths, images, marks.
  const PdfPath* thinnest = nullptr;
  size_t thin = 0;
  for (const auto& p : content.paths) {
    bool on_card = intersects(p.bounds.inset(-1e-3), boxes.trim);
    if (!on_card) {
      // Art may run into the bleed; a printer's mark may not: a straight
      // stroked line wholly outside the trim is a crop or registration mark.
      // (A colour bar changes the bleed's colour: the bleed check finds it.)
      if (p.stroked && p.straight && !profile.marks_allowed)
        add(card, PreflightCheck::Marks,
            where + ": a line wholly outside the trim from " + fmt("%.1f, %.1f", p.bounds.x, p.bounds.y) + " to " +
                fmt("%.1f, %.1f mm", p.bounds.right(), p.bounds.bottom()) + " (a crop or registration mark?)");
      continue;
    }
    if (!p.stroked) continue;
    if (card.min_line_pt == 0 || p.line_width_pt < card.min_line_pt) card.min_line_pt = p.line_width_pt;
    if (p.line_width_pt + 1e-6 < profile.line_min_pt) {
      ++thin;
      if (!thinnest || p.line_width_pt < thinnest->line_width_pt) thinnest = &p;
    }
  }
  if (thinnest)
    add(card, PreflightCheck::Lines,
        where + ": " + std::to_string(thin) + (thin == 1 ? " line" : " lines") +
            " too thin: " + fmt("%.2f pt", thinnest->line_width_pt) + " at " +
            fmt("%.1f, %.1f mm", thinnest->bounds.x, thinnest->bounds.y) + ", the minimum is " +
            fmt("%g pt", profile.line_min_pt));
  for (const auto& t : content.texts)
    if (!inside(boxes.trim, t.origin) && !profile.marks_allowed)
      add(card, PreflightCheck::Marks,
          where + ": text outside the trim at " + fmt("%.1f, %.1f mm", t.origin.x, t.origin.y) + " (a file name?)");
  for (const auto& img : content.images) {
    if (!intersects(img.bounds, boxes.trim)) {
      if (!profile.marks_allowed)
        add(card, PreflightCheck::Marks,
            where + ": an image wholly outside the trim at " + fmt("%.1f, %.1f mm", img.bounds.x, img.bounds.y));
      continue;
    }
    if (img.dpi + 0.5 < profile.image_dpi)
      add(card, PreflightCheck::Resolution,
          where + ": an image of " + std::to_string(img.width_px) + " x " + std::to_string(img.height_px) +
              " px placed at " + fmt("%.1f x %.1f mm", img.bounds.w, img.bounds.h) + " has " +
              fmt("%.0f dpi", img.dpi) + ", the minimum is " + fmt("%g dpi", profile.image_dpi));
  }
  if (profile.fonts_embedded)
    for (const auto& f : content.fonts)
      if (!f.embedded) add(card, PreflightCheck::Fonts, where + ": font " + f.name + " is not embedded");
}

// The JPEG of a card: size, density, colour; its bleed.
void check_jpeg(const fs::path& file, const std::string& bytes, const page::Page& page, const PrintProfile& profile,
                CardPreflight& card, render::Raster& raster) {
  Expected want = expected(profile);
  int w = mm_to_px_count(want.media.w, profile.image_dpi), h = mm_to_px_count(want.media.h, profile.image_dpi);
  render::JpegInfo info;
  try {
    info = render::jpeg_info(bytes);
    raster = render::decode_jpeg(bytes);
  } catch (const std::exception& e) {
    add(card, PreflightCheck::Image, file.filename().string() + ": " + e.what());
    return;
  }
  std::string name = file.filename().string();
  if (info.width != w || info.height != h)
    add(card, PreflightCheck::Image,
        name + ": " + std::to_string(info.width) + " x " + std::to_string(info.height) + " px, not " +
            std::to_string(w) + " x " + std::to_string(h) + " (" + fmt("%g dpi", profile.image_dpi) + ")");
  if (info.density_unit != 1 || std::abs(info.x_density - profile.image_dpi) > 0.5)
    add(card, PreflightCheck::Image,
        name + ": the file says " + std::to_string(info.x_density) + (info.density_unit == 1 ? " dpi" : " (no dpi)") +
            ", not " + fmt("%g dpi", profile.image_dpi));
  if (profile.image_color == "rgb" &&
      (info.components != 3 || (info.color_space != "YCbCr" && info.color_space != "RGB")))
    add(card, PreflightCheck::Image, name + ": colour " + info.color_space + ", not RGB");

  // Bleed: each side's strip, from the page edge to the trim, must be the
  // card's edge colour, or else continue what the card shows at its edge:
  // along the side, in eight pieces, the bleed's mean colour must match the
  // mean of the band inside the trim that the cutting tolerance may expose
  // (textured or multicoloured edges run on into the bleed).
  const double sx = raster.width / page.size.w, sy = raster.height / page.size.h;
  const int bx = static_cast<int>(std::floor(want.trim.x * sx)), by = static_cast<int>(std::floor(want.trim.y * sy));
  const int ex = std::max(1, static_cast<int>(std::lround(kCutTolerance * sx)));
  const int ey = std::max(1, static_cast<int>(std::lround(kCutTolerance * sy)));
  const int W = raster.width, H = raster.height;
  struct Box {
    int x0, y0, x1, y1;
  };
  struct Side {
    const char* name;
    Box bleed, edge;  // the strip in the bleed, the band inside the trim
    bool horizontal;  // runs along x
  };
  Side sides[] = {{"top", {0, 0, W, by}, {bx, by, W - bx, by + ey}, true},
                  {"bottom", {0, H - by, W, H}, {bx, H - by - ey, W - bx, H - by}, true},
                  {"left", {0, 0, bx, H}, {bx, by, bx + ex, H - by}, false},
                  {"right", {W - bx, 0, W, H}, {W - bx - ex, by, W - bx, H - by}, false}};
  auto mean = [&](Box b) {
    double r = 0, g = 0, bl = 0;
    size_t n = 0;
    for (int y = std::max(0, b.y0); y < std::min(H, b.y1); ++y)
      for (int x = std::max(0, b.x0); x < std::min(W, b.x1); ++x) {
        Color c = raster.pixel(x, y);
        r += c.r;
        g += c.g;
        bl += c.b;
        ++n;
      }
    auto avg = [n](double v) { return static_cast<std::uint8_t>(n ? std::lround(v / static_cast<double>(n)) : 0); };
    return Color{avg(r), avg(g), avg(bl), 255};
  };
  for (const auto& side : sides) {
    const Box& s = side.bleed;
    size_t total = 0, good = 0;
    for (int y = std::max(0, s.y0); y < std::min(H, s.y1); ++y)
      for (int x = std::max(0, s.x0); x < std::min(W, s.x1); ++x) {
        ++total;
        if (distance(raster.pixel(x, y), page.edge_color) <= profile.bleed_tolerance) ++good;
      }
    if (total == 0) continue;
    double share = static_cast<double>(good) / static_cast<double>(total);
    if (share + 1e-9 >= profile.bleed_coverage) continue;
    // Not the edge colour: does it continue the card's edge, piece by piece?
    constexpr int pieces = 8;
    std::string worst;
    double worst_distance = -1;
    for (int k = 0; k < pieces; ++k) {
      Box b = s, e = side.edge;
      if (side.horizontal) {
        int from = bx + (W - 2 * bx) * k / pieces, to = bx + (W - 2 * bx) * (k + 1) / pieces;
        b.x0 = e.x0 = from;
        b.x1 = e.x1 = to;
      } else {
        int from = by + (H - 2 * by) * k / pieces, to = by + (H - 2 * by) * (k + 1) / pieces;
        b.y0 = e.y0 = from;
        b.y1 = e.y1 = to;
      }
      Color in_bleed = mean(b), at_edge = mean(e);
      double d = distance(in_bleed, at_edge);
      if (d > worst_distance) {
        worst_distance = d;
        worst = "piece " + std::to_string(k + 1) + "/" + std::to_string(pieces) + " averages " + in_bleed.hex() +
                " in the bleed but " + at_edge.hex() + " at the card's edge";
      }
    }
    if (worst_distance > profile.bleed_tolerance)
      add(card, PreflightCheck::Bleed,
          name + ": the " + side.name + " bleed is neither the edge colour " + page.edge_color.hex() + " (" +
              fmt("%.0f%%", 100 * share) + " of it) nor does it continue the card's edge (" + worst + ")");
  }
}

// Text and key elements inside the profile's safe area (the display list).
void check_safe_area(const page::Page& page, const PrintProfile& profile, CardPreflight& card) {
  Rect safe = expected(profile).safe;
  for (const auto& item : page.items) {
    bool text = std::holds_alternative<page::GlyphRun>(item.shape);
    if (!text && !item.keep_in_safe_area) continue;
    const Rect& b = item.bounds;
    if (safe.contains(b, kSafeTolerance)) continue;
    double worst = std::max({safe.x - b.x, b.right() - safe.right(), safe.y - b.y, b.bottom() - safe.bottom()});
    const char* side = worst == safe.x - b.x               ? "left"
                       : worst == b.right() - safe.right() ? "right"
                       : worst == safe.y - b.y             ? "top"
                                                           : "bottom";
    add(card, PreflightCheck::SafeArea,
        std::string(text ? "text" : "key element") + " '" + item.name + "' reaches " + fmt("%.2f mm", worst) +
            " past the safe area (" + side + ")");
  }
}

struct ReadPdf {
  std::vector<PageBoxes> boxes;
  std::vector<PdfPageContent> content;
};

std::optional<ReadPdf> read_pdf(const fs::path& file, const std::string& label, PreflightReport& report) {
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    report.general.push_back({PreflightCheck::Files, label + " is missing (build the game first)"});
    return std::nullopt;
  }
  try {
    return ReadPdf{read_page_boxes(file), read_pdf_content(file)};
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Files, e.what()});
    return std::nullopt;
  }
}

void check_stale(const fs::path& game_dir, const fs::path& root, PreflightReport& report) {
  auto manifest = read_file(game_dir / "manifest.json");
  if (!manifest) {
    report.general.push_back(
        {PreflightCheck::Stale, "manifest.json is missing: which input made these files is unknown"});
    return;
  }
  std::smatch m;
  std::regex input(R"re("input": \{"sha256": "([0-9a-f]{64})", "files": \d+, "options": "((?:[^"\\]|\\.)*)"\})re");
  if (!std::regex_search(*manifest, m, input)) {
    report.general.push_back({PreflightCheck::Stale, "manifest.json has no input hash"});
    return;
  }
  std::string options = std::regex_replace(m[2].str(), std::regex(R"(\\(.))"), "$1");
  InputSnapshot now = snapshot_inputs(root, options);
  if (now.sha256 != m[1].str())
    report.general.push_back({PreflightCheck::Stale,
                              "the files were built from other input than the current data, layouts, art and fonts "
                              "(manifest.json): build again"});
}

}  // namespace

const char* check_name(PreflightCheck c) {
  switch (c) {
    case PreflightCheck::Files:
      return "files";
    case PreflightCheck::Stale:
      return "stale";
    case PreflightCheck::Boxes:
      return "boxes";
    case PreflightCheck::Image:
      return "image";
    case PreflightCheck::Bleed:
      return "bleed";
    case PreflightCheck::SafeArea:
      return "safe-area";
    case PreflightCheck::Text:
      return "text";
    case PreflightCheck::Lines:
      return "lines";
    case PreflightCheck::Fonts:
      return "fonts";
    case PreflightCheck::Resolution:
      return "resolution";
    case PreflightCheck::Marks:
      return "marks";
  }
  return "?";
}

const PrintProfile* PrintProfiles::find(const std::string& id) const {
  for (const auto& p : profiles)
    if (p.id == id) return &p;
  return nullptr;
}

size_t PreflightReport::failed_cards() const {
  return static_cast<size_t>(std::count_if(cards.begin(), cards.end(), [](const CardPreflight& c) { return !c.ok(); }));
}

bool PreflightReport::has(PreflightCheck c) const {
  auto is = [c](const PreflightFinding& f) { return f.check == c; };
  if (std::any_of(general.begin(), general.end(), is)) return true;
  for (const auto& card : cards)
    if (std::any_of(card.findings.begin(), card.findings.end(), is)) return true;
  return false;
}

std::optional<PrintProfiles> load_print_profiles(const project::Project& project, Diagnostics& diags) {
  const std::string file = "data/print/profiles.yaml";
  if (!project.exists(file)) {
    diags.error({file}, "no print profiles (data/print/profiles.yaml is missing)");
    return std::nullopt;
  }
  size_t errors = diags.error_count();
  auto doc = model::read_yaml(project, file, diags);
  if (!doc) return std::nullopt;
  PrintProfiles out;
  MapReader top(*doc, "profiles.yaml", {"default", "profiles"}, diags);
  const model::Value* list = top.find("profiles");
  if (!list || !list->is_map() || list->map.empty()) {
    top.error(list ? *list : *doc, "profiles.yaml needs a map 'profiles' with at least one profile");
    return std::nullopt;
  }
  for (const auto& [id, v] : list->map) {
    MapReader r(v, "profile '" + id + "'",
                {"name", "files", "trim", "bleed", "safe", "image_dpi", "image_color", "text_min_pt",
                 "text_min_light_on_dark_pt", "line_min_pt", "fonts_embedded", "marks", "bleed_check"},
                diags);
    PrintProfile p;
    p.id = id;
    p.loc = v.key_loc;
    p.name = r.text("name").value_or(id);
    if (const model::Value* files = r.find("files")) {
      MapReader f(*files, "files of profile '" + id + "'", {"fronts", "backs", "images"}, diags);
      if (auto s = f.text("fronts", true)) p.fronts_pdf = *s;
      if (auto s = f.text("backs", true)) p.backs_pdf = *s;
      if (auto s = f.text("images", true)) p.images_dir = *s;
    }
    if (auto t = r.numbers("trim", 2, 1, 2000)) p.trim = {(*t)[0], (*t)[1]};
    if (auto b = r.number("bleed", 0, 50, true)) p.bleed = *b;
    if (auto s = r.number("safe", 0, 100, true)) p.safe = *s;
    if (auto d = r.number("image_dpi", 1, 10000)) p.image_dpi = *d;
    if (auto c = r.choice("image_color", {"rgb", "any"})) p.image_color = *c;
    if (auto t = r.number("text_min_pt", 0, 100)) p.text_min_pt = *t;
    if (auto t = r.number("text_min_light_on_dark_pt", 0, 100)) p.text_min_light_on_dark_pt = *t;
    if (auto l = r.number("line_min_pt", 0, 100)) p.line_min_pt = *l;
    if (auto f = r.flag("fonts_embedded")) p.fonts_embedded = *f;
    if (auto m = r.flag("marks")) p.marks_allowed = *m;
    if (const model::Value* b = r.find("bleed_check")) {
      MapReader br(*b, "bleed_check of profile '" + id + "'", {"tolerance", "coverage"}, diags);
      if (auto t = br.number("tolerance", 0, 442)) p.bleed_tolerance = *t;
      if (auto c = br.number("coverage", 0, 1)) p.bleed_coverage = *c;
    }
    if (!r.find("trim")) r.error(v, "profile '" + id + "' needs 'trim: [width, height]'");
    out.profiles.push_back(p);
  }
  out.default_id = top.text("default").value_or(out.profiles.front().id);
  if (!out.find(out.default_id))
    top.error(*top.find("default"), "the default profile '" + out.default_id + "' is not defined");
  if (diags.error_count() > errors) return std::nullopt;
  return out;
}

PreflightReport preflight_game(const model::Game& game, std::span<const LaidOutCard> cards, const fs::path& game_dir,
                               const PrintProfile& profile, const fs::path& project_root) {
  PreflightReport report;
  report.game = game.id;
  report.profile = &profile;
  std::vector<CardSide> sides;
  try {
    sides = card_sides(game, cards);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Files, e.what()});
    return report;
  }
  check_stale(game_dir, project_root, report);
  auto fronts = read_pdf(game_dir / profile.fronts_pdf, profile.fronts_pdf, report);
  auto backs = read_pdf(game_dir / profile.backs_pdf, profile.backs_pdf, report);
  auto pages_of = [&](const std::optional<ReadPdf>& pdf, const std::string& label) {
    if (pdf && pdf->content.size() != sides.size())
      report.general.push_back({PreflightCheck::Files, label + " has " + std::to_string(pdf->content.size()) +
                                                           " pages for " + std::to_string(sides.size()) + " cards"});
  };
  pages_of(fronts, profile.fronts_pdf);
  pages_of(backs, profile.backs_pdf);

  // One entry per laid-out card: fronts, then backs.
  report.cards.resize(cards.size());
  std::vector<render::Raster> rasters(cards.size());
  for (size_t i = 0; i < cards.size(); ++i) {
    CardPreflight& card = report.cards[i];
    card.stem = cards[i].stem;
    card.back = i >= sides.size();
    fs::path jpeg = game_dir / profile.images_dir / (card.stem + ".jpg");
    if (auto bytes = read_file(jpeg))
      check_jpeg(jpeg, *bytes, cards[i].page, profile, card, rasters[i]);
    else
      add(card, PreflightCheck::Files,
          (fs::path(profile.images_dir) / (card.stem + ".jpg")).generic_string() + " is missing");
    check_safe_area(cards[i].page, profile, card);
  }
  for (size_t i = 0; i < sides.size(); ++i) {
    const size_t f = sides[i].front;
    if (fronts && i < fronts->content.size())
      check_page(fronts->content[i], fronts->boxes[i], cards[f].page, Pixels{&rasters[f], cards[f].page.size}, profile,
                 profile.fronts_pdf + " p. " + std::to_string(i + 1), report.cards[f]);
    if (!sides[i].back) {
      add(report.cards[f], PreflightCheck::Files, "the card has no back");
      continue;
    }
    const size_t b = *sides[i].back;
    if (backs && i < backs->content.size())
      check_page(backs->content[i], backs->boxes[i], cards[b].page, Pixels{&rasters[b], cards[b].page.size}, profile,
                 profile.backs_pdf, report.cards[b]);
  }
  return report;
}

std::string format_preflight(const PreflightReport& report) {
  const PrintProfile& p = *report.profile;
  std::string out = "preflight " + report.game + " against profile " + p.id + " (" + p.name + ")\n";
  out += "  trim " + fmt("%g x %g mm", p.trim.w, p.trim.h) + ", bleed " + fmt("%g mm", p.bleed) + ", safe " +
         fmt("%g mm", p.safe) + ", images " + fmt("%g dpi", p.image_dpi) + ", text " + fmt("%g pt", p.text_min_pt) +
         " (light on dark " + fmt("%g pt", p.text_min_light_on_dark_pt) + "), lines " + fmt("%g pt", p.line_min_pt) +
         (p.marks_allowed ? "" : ", no marks") + "\n";
  out += "  files: " + p.fronts_pdf + ", " + p.backs_pdf + ", " + p.images_dir + "/<card>.jpg\n";
  out += "  checks: files stale boxes image bleed safe-area text lines fonts resolution marks\n";
  for (const auto& f : report.general) out += "  " + std::string(check_name(f.check)) + ": " + f.message + "\n";
  size_t width = 0;
  for (const auto& c : report.cards) width = std::max(width, c.stem.size());
  for (const auto& c : report.cards) {
    std::string line = "  " + c.stem + std::string(width + 2 - c.stem.size(), ' ');
    if (c.ok()) {
      line += "ok  ";
      std::vector<std::string> measured;
      if (c.min_text_pt > 0) measured.push_back("text >= " + fmt("%.2f pt", c.min_text_pt));
      if (c.min_line_pt > 0) measured.push_back("lines >= " + fmt("%.2f pt", c.min_line_pt));
      for (size_t k = 0; k < measured.size(); ++k) line += (k ? ", " : "") + measured[k];
      out += line + "\n";
    } else {
      out += line + "FAIL\n";
      for (const auto& f : c.findings) out += "      " + std::string(check_name(f.check)) + ": " + f.message + "\n";
    }
  }
  size_t failed = report.failed_cards();
  out += report.game + ": " + (report.passed() ? "PASS" : "FAIL") + " (" +
         std::to_string(report.cards.size() - failed) + " of " + std::to_string(report.cards.size()) + " cards pass" +
         (report.general.empty() ? "" : ", " + std::to_string(report.general.size()) + " problem(s) with the files") +
         ")\n";
  return out;
}

}  // namespace kw::print
