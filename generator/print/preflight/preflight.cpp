#include "print/preflight/preflight.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/files.h"
#include "model/value.h"
#include "print/colour/press_colours.h"
#include "print/manifest/input_snapshot.h"
#include "print/manifest/manifest.h"
#include "print/pdf/pdf_boxes.h"
#include "print/pdf/pdf_content.h"
#include "print/preflight/card_checks.h"
#include "print/settings/yaml_reader.h"
#include "project/project.h"

namespace kw::print {

namespace fs = std::filesystem;
using detail::MapReader;
using preflight::add;
using preflight::check_safe_area;
using preflight::expected;

namespace {

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

void check_stale(const fs::path& game_dir, const project::Project& project, PreflightReport& report) {
  auto manifest = read_file(game_dir / "manifest.json");
  if (!manifest) {
    report.general.push_back(
        {PreflightCheck::Stale, "manifest.json is missing: which input made these files is unknown"});
    return;
  }
  auto input = manifest_input(*manifest);
  if (!input) {
    report.general.push_back({PreflightCheck::Stale, "manifest.json has no input hash"});
    return;
  }
  InputSnapshot now = snapshot_inputs(project, input->options);
  if (now.sha256 != input->sha256)
    report.general.push_back({PreflightCheck::Stale,
                              "the files were built from other input than the current data, layouts, art and fonts "
                              "(manifest.json): build again"});
}

// The press condition whose output intent identifier a file names (a
// condition of data/print/color.yaml), else the file's default.
std::optional<CmykSettings> condition_named(const std::string& identifier, const project::Project& project) {
  Diagnostics diags;
  if (!project.exists("data/print/color.yaml")) return std::nullopt;
  auto doc = model::read_yaml(project, "data/print/color.yaml", diags);
  const model::Value* conditions = doc && doc->is_map() ? doc->find("conditions") : nullptr;
  if (conditions && conditions->is_map())
    for (const auto& [id, v] : conditions->map) {
      Diagnostics ignored;
      auto s = load_cmyk_settings(project, ignored, id);
      if (s && s->identifier == identifier) return s;
    }
  return load_cmyk_settings(project, diags);
}

// What the shop PDFs are held to as CMYK files: the profile's press
// condition and PDF/X flavour; or, when the profile asks for RGB but the
// files say they are PDF/X, what they say (the files are checked as what
// they claim to be). nullopt: RGB files, no colour checks.
std::optional<preflight::PressCheck> press_check(const PrintProfile& profile, const fs::path& fronts,
                                                 const project::Project& project, PreflightReport& report) {
  const auto claim = preflight::read_pdfx_claim(fronts);
  const bool cmyk = profile.color != "rgb";
  if (!cmyk && claim.version.empty() && !claim.output_intent) return std::nullopt;
  Diagnostics diags;
  auto settings = cmyk ? load_cmyk_settings(project, diags, profile.color) : condition_named(claim.identifier, project);
  if (!settings) {
    report.general.push_back({PreflightCheck::Pdfx, "the press condition '" +
                                                        (cmyk ? profile.color : claim.identifier) +
                                                        "' cannot be read from data/print/color.yaml"});
    return std::nullopt;
  }
  preflight::PressCheck press;
  press.settings = *settings;
  press.level = profile.pdfx ? *profile.pdfx : claim.version.starts_with("PDF/X-1") ? PdfxLevel::X1a : PdfxLevel::X4;
  try {
    press.colours = std::make_shared<PressColours>(press.settings);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Pdfx, e.what()});
    return std::nullopt;
  }
  report.press = press.settings.condition + ", " + pdfx_name(press.level);
  return press;
}

// A CMYK file's PDF/X requirements (the file's, then each page's, on the
// page's card) and each page's colours. `card_of_page[i]`: the card page i
// shows, if any.
void check_press_file(const ReadPdf& pdf, const fs::path& file, const std::string& label,
                      const preflight::PressCheck& press, std::span<const std::optional<size_t>> card_of_page,
                      bool number_pages, PreflightReport& report) {
  const auto pdfx = preflight::check_pdfx(file, press.level);
  for (const auto& f : pdfx.file) report.general.push_back({PreflightCheck::Pdfx, label + ": " + f});
  for (size_t i = 0; i < card_of_page.size() && i < pdf.content.size(); ++i) {
    if (!card_of_page[i]) continue;
    CardPreflight& card = report.cards[*card_of_page[i]];
    const std::string where = number_pages ? label + " p. " + std::to_string(i + 1) : label;
    if (i < pdfx.pages.size())
      for (const auto& f : pdfx.pages[i]) add(card, PreflightCheck::Pdfx, where + ": " + f);
    preflight::check_colours(pdf.content[i], press, where, card);
  }
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
    case PreflightCheck::Colour:
      return "colour";
    case PreflightCheck::Ink:
      return "ink";
    case PreflightCheck::Black:
      return "black";
    case PreflightCheck::Pdfx:
      return "pdfx";
    case PreflightCheck::Separations:
      return "separations";
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
                 "text_min_light_on_dark_pt", "line_min_pt", "fonts_embedded", "marks", "bleed_check", "color", "pdfx"},
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
    if (auto c = r.text("color")) p.color = *c;
    if (auto x = r.choice("pdfx", {"X-4", "X-1a"})) p.pdfx = *x == "X-1a" ? PdfxLevel::X1a : PdfxLevel::X4;
    if (!r.find("trim")) r.error(v, "profile '" + id + "' needs 'trim: [width, height]'");
    out.profiles.push_back(p);
  }
  out.default_id = top.text("default").value_or(out.profiles.front().id);
  if (!out.find(out.default_id))
    top.error(*top.find("default"), "the default profile '" + out.default_id + "' is not defined");
  if (diags.error_count() > errors) return std::nullopt;
  return out;
}

PreflightReport preflight_game(const model::Game& game, std::span<const layout::LaidOutCard> cards,
                               const fs::path& game_dir, const PrintProfile& profile, const project::Project& project) {
  PreflightReport report;
  report.game = game.id;
  report.profile = &profile;
  std::vector<layout::CardSide> sides;
  try {
    sides = layout::card_sides(game, cards);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Files, e.what()});
    return report;
  }
  check_stale(game_dir, project, report);
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
      preflight::check_jpeg(jpeg.filename().string(), *bytes, cards[i].page, profile, card, rasters[i]);
    else
      add(card, PreflightCheck::Files,
          (fs::path(profile.images_dir) / (card.stem + ".jpg")).generic_string() + " is missing");
    check_safe_area(cards[i].page, profile, card);
  }
  for (size_t i = 0; i < sides.size(); ++i) {
    const size_t f = sides[i].front;
    if (fronts && i < fronts->content.size())
      preflight::check_page(fronts->content[i], fronts->boxes[i], cards[f].page,
                            preflight::Pixels{&rasters[f], cards[f].page.size}, profile,
                            profile.fronts_pdf + " p. " + std::to_string(i + 1), report.cards[f]);
    if (!sides[i].back) {
      add(report.cards[f], PreflightCheck::Files, "the card has no back");
      continue;
    }
    const size_t b = *sides[i].back;
    if (backs && i < backs->content.size())
      preflight::check_page(backs->content[i], backs->boxes[i], cards[b].page,
                            preflight::Pixels{&rasters[b], cards[b].page.size}, profile, profile.backs_pdf,
                            report.cards[b]);
  }
  if (auto press = fronts ? press_check(profile, game_dir / profile.fronts_pdf, project, report) : std::nullopt) {
    std::vector<std::optional<size_t>> front_cards, back_cards;
    for (const auto& side : sides) {
      front_cards.push_back(side.front);
      back_cards.push_back(side.back);
    }
    check_press_file(*fronts, game_dir / profile.fronts_pdf, profile.fronts_pdf, *press, front_cards, true, report);
    preflight::check_separations(game_dir / profile.fronts_pdf, profile.fronts_pdf, *press, front_cards, rasters, true,
                                 report);
    if (backs) {
      check_press_file(*backs, game_dir / profile.backs_pdf, profile.backs_pdf, *press, back_cards, false, report);
      preflight::check_separations(game_dir / profile.backs_pdf, profile.backs_pdf, *press, back_cards, rasters, false,
                                   report);
    }
  }
  return report;
}

std::string format_preflight(const PreflightReport& report) {
  const PrintProfile& p = *report.profile;
  std::string out = "preflight " + report.game + " against profile " + p.id + " (" + p.name + ")\n";
  out += fmt::format(
      "  trim {:g} x {:g} mm, bleed {:g} mm, safe {:g} mm, images {:g} dpi, text {:g} pt (light on "
      "dark {:g} pt), lines {:g} pt{}\n",
      p.trim.w, p.trim.h, p.bleed, p.safe, p.image_dpi, p.text_min_pt, p.text_min_light_on_dark_pt, p.line_min_pt,
      p.marks_allowed ? "" : ", no marks");
  out += "  files: " + p.fronts_pdf + ", " + p.backs_pdf + ", " + p.images_dir + "/<card>.jpg\n";
  if (!report.press.empty()) out += "  colour: CMYK, " + report.press + "\n";
  out += std::string("  checks: files stale boxes image bleed safe-area text lines fonts resolution marks") +
         (report.press.empty() ? "" : " colour ink black pdfx separations") + "\n";
  for (const auto& f : report.general) out += "  " + std::string(check_name(f.check)) + ": " + f.message + "\n";
  size_t width = 0;
  for (const auto& c : report.cards) width = std::max(width, c.stem.size());
  for (const auto& c : report.cards) {
    std::string line = "  " + c.stem + std::string(width + 2 - c.stem.size(), ' ');
    if (c.ok()) {
      line += "ok  ";
      std::vector<std::string> measured;
      if (c.min_text_pt > 0) measured.push_back(fmt::format("text >= {:.2f} pt", c.min_text_pt));
      if (c.min_line_pt > 0) measured.push_back(fmt::format("lines >= {:.2f} pt", c.min_line_pt));
      if (c.separation_delta_e >= 0) measured.push_back(fmt::format("separations ΔE {:.1f}", c.separation_delta_e));
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
