#include "verify/preflight.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/confine.h"
#include "core/files.h"
#include "core/names.h"
#include "core/quoted.h"
#include "exporters/cmyk.h"
#include "exporters/flatten.h"
#include "exporters/press_colours.h"
#include "model/value.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_content.h"
#include "products/input_snapshot.h"
#include "products/manifest.h"
#include "project/project.h"
#include "render/render.h"
#include "settings/settings_schema.h"
#include "settings/yaml_reader.h"
#include "verify/card_checks.h"
#include "verify/page_render.h"

namespace kw::verify {

namespace fs = std::filesystem;
using checks::add;
using checks::check_pictures;
using checks::check_safe_area;
using checks::expected;
using settings::detail::MapReader;

namespace {

struct ReadPdf {
  std::vector<pdf::PageBoxes> boxes;
  std::vector<pdf::PdfPageContent> content;
};

// Why `name` under the game's folder is not read: it leads through a
// symbolic link (a build writes none there: the file would be elsewhere),
// or is no regular file (a pipe would never end); "" when it is fine.
std::string unreadable(const fs::path& game_dir, const std::string& name) {
  if (auto link = link_below(game_dir, name))
    return name + " leads through the symbolic link " + link->generic_string() + ": not read";
  std::error_code ec;
  const auto status = fs::symlink_status(game_dir / name, ec);
  if (!ec && status.type() != fs::file_type::not_found && status.type() != fs::file_type::regular)
    return name + " is not a regular file: not read";
  return {};
}

std::optional<ReadPdf> read_pdf(const fs::path& game_dir, const std::string& name, const std::string& label,
                                PreflightReport& report) {
  const fs::path file = game_dir / name;
  std::error_code ec;
  if (std::string why = unreadable(game_dir, name); !why.empty()) {
    report.general.push_back({PreflightCheck::Files, why});
    return std::nullopt;
  }
  if (!fs::exists(file, ec)) {
    report.general.push_back({PreflightCheck::Files, label + " is missing (`" + report.build_command + "` makes it)"});
    return std::nullopt;
  }
  try {
    return ReadPdf{pdf::read_page_boxes(file), pdf::read_pdf_content(file)};
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Files, e.what()});
    return std::nullopt;
  }
}

// The shop's PDFs as fronts and backs (page i = card i), whether it takes
// two PDFs or one deck with each card's back and front side by side.
struct ShopPdfs {
  std::optional<ReadPdf> fronts, backs;
  std::optional<ReadPdf> whole;  // the deck PDF as it is
  std::string fronts_name, backs_name;
  bool deck = false, back_first = true;
  size_t front_page(size_t i) const { return deck ? 2 * i + (back_first ? 2 : 1) : i + 1; }
};

void expect_pages(const std::optional<ReadPdf>& pdf, const std::string& label, size_t want, PreflightReport& report) {
  if (pdf && pdf->content.size() != want)
    report.general.push_back({PreflightCheck::Files, label + " has " + std::to_string(pdf->content.size()) +
                                                         " pages for " + std::to_string(want) + " cards"});
}

ShopPdfs read_shop_pdfs(const fs::path& game_dir, const PrintProfile& profile, size_t cards, PreflightReport& report) {
  ShopPdfs out;
  if (!profile.deck_pdf.empty()) {
    out.deck = true;
    out.back_first = profile.deck_back_first;
    out.fronts_name = out.backs_name = profile.deck_pdf;
    auto deck = read_pdf(game_dir, profile.deck_pdf, profile.deck_pdf, report);
    if (!deck) return out;
    expect_pages(deck, profile.deck_pdf, 2 * cards, report);
    out.fronts.emplace();
    out.backs.emplace();
    for (size_t p = 0; p < deck->content.size(); ++p) {
      ReadPdf& side = (p % 2 == 0) == out.back_first ? *out.backs : *out.fronts;
      side.boxes.push_back(deck->boxes[p]);
      side.content.push_back(deck->content[p]);
    }
    out.whole = std::move(deck);
    return out;
  }
  out.fronts_name = profile.fronts_pdf;
  out.backs_name = profile.backs_pdf;
  if (!profile.fronts_pdf.empty()) out.fronts = read_pdf(game_dir, profile.fronts_pdf, profile.fronts_pdf, report);
  if (!profile.backs_pdf.empty()) out.backs = read_pdf(game_dir, profile.backs_pdf, profile.backs_pdf, report);
  expect_pages(out.fronts, profile.fronts_pdf, cards, report);
  expect_pages(out.backs, profile.backs_pdf, cards, report);
  return out;
}

// A card's image for the shop: <images>/<stem>.jpg (the game's own JPEGs),
// or <images>/front|back/<stem>.<format> where the shop counts pixels.
void check_card_image(const fs::path& game_dir, const PrintProfile& profile, const page::Page& page,
                      CardPreflight& card, render::Raster& raster) {
  fs::path rel = profile.images_dir;
  if (profile.image_px) rel /= card.back ? "back" : "front";
  rel /= card.stem + "." + profile.image_format;
  if (std::string why = unreadable(game_dir, rel.generic_string()); !why.empty()) {
    add(card, PreflightCheck::Files, why);
    return;
  }
  auto bytes = read_file(game_dir / rel);
  if (!bytes) {
    add(card, PreflightCheck::Files, rel.generic_string() + " is missing");
    return;
  }
  if (profile.image_format == "png")
    checks::check_png(rel.filename().string(), *bytes, page, profile, card, raster);
  else
    checks::check_jpeg(rel.filename().string(), *bytes, page, profile, card, raster);
  checks::check_image_content(raster, page, rel.generic_string(), card);
}

void check_stale(const fs::path& game_dir, const project::Project& project, PreflightReport& report) {
  if (std::string why = unreadable(game_dir, "manifest.json"); !why.empty()) {
    report.general.push_back({PreflightCheck::Stale, why});
    return;
  }
  auto manifest = read_file(game_dir / "manifest.json");
  if (!manifest) {
    report.general.push_back(
        {PreflightCheck::Stale, "manifest.json is missing: which input made these files is unknown"});
    return;
  }
  auto input = products::manifest_input(*manifest);
  if (!input) {
    report.general.push_back({PreflightCheck::Stale, "manifest.json has no input hash"});
    return;
  }
  products::InputSnapshot now = products::snapshot_inputs(project, input->options);
  if (now.sha256 != input->sha256)
    report.general.push_back({PreflightCheck::Stale,
                              "the files were built from other input than the current data, layouts, art and fonts "
                              "(manifest.json): build again"});
}

// The press condition whose output intent identifier a file names (a
// condition of data/print/color.yaml), else the file's default.
std::optional<exporters::CmykSettings> condition_named(const std::string& identifier, const project::Project& project) {
  Diagnostics diags;
  if (!project.exists("data/print/color.yaml")) return std::nullopt;
  auto doc = model::read_yaml(project, "data/print/color.yaml", diags);
  const model::Value* conditions = doc && doc->is_map() ? doc->find("conditions") : nullptr;
  if (conditions && conditions->is_map())
    for (const auto& [id, v] : conditions->map) {
      Diagnostics ignored;
      auto s = exporters::load_cmyk_settings(project, ignored, id);
      if (s && s->identifier == identifier) return s;
    }
  return exporters::load_cmyk_settings(project, diags);
}

// What the shop PDFs are held to as CMYK files: the profile's press
// condition and PDF/X flavour; or, when the profile asks for RGB but the
// files say they are PDF/X, what they say (the files are checked as what
// they claim to be). nullopt: RGB files, no colour checks.
std::optional<checks::PressCheck> press_check(const PrintProfile& profile, const fs::path& fronts,
                                              const project::Project& project, PreflightReport& report) {
  const auto claim = checks::read_pdfx_claim(fronts);
  const bool cmyk = profile.cmyk_condition.has_value();
  if (!cmyk && claim.version.empty() && !claim.output_intent) return std::nullopt;
  Diagnostics diags;
  auto settings = cmyk ? exporters::load_cmyk_settings(project, diags, *profile.cmyk_condition)
                       : condition_named(claim.identifier, project);
  if (!settings) {
    report.general.push_back({PreflightCheck::Pdfx, "the press condition '" +
                                                        (cmyk ? *profile.cmyk_condition : claim.identifier) +
                                                        "' cannot be read from data/print/color.yaml"});
    return std::nullopt;
  }
  if (cmyk && claim.version.empty())
    report.general.push_back({PreflightCheck::Pdfx, fronts.filename().string() +
                                                        " is no PDF/X file: `kartenwerk build --profile " + profile.id +
                                                        "` makes what the shop takes"});
  checks::PressCheck press;
  press.settings = *settings;
  press.level = profile.pdfx                           ? *profile.pdfx
                : claim.version.starts_with("PDF/X-1") ? exporters::PdfxLevel::X1a
                                                       : exporters::PdfxLevel::X4;
  press.settings.pdfx = press.level;  // what the package was made for: its blends are composed so
  try {
    press.colours = std::make_shared<exporters::PressColours>(press.settings);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Pdfx, e.what()});
    return std::nullopt;
  }
  report.press = press.settings.condition + ", " + exporters::pdfx_name(press.level);
  return press;
}

// A CMYK file's PDF/X requirements (the file's, then each page's, on the
// page's card) and each page's colours. `card_of_page[i]`: the card page i
// shows, if any.
void check_press_file(const ReadPdf& pdf, const fs::path& file, const std::string& label,
                      const checks::PressCheck& press, std::span<const std::optional<size_t>> card_of_page,
                      bool number_pages, PreflightReport& report) {
  const auto pdfx = checks::check_pdfx(file, press.level);
  for (const auto& f : pdfx.file) report.general.push_back({PreflightCheck::Pdfx, label + ": " + f});
  for (size_t i = 0; i < card_of_page.size() && i < pdf.content.size(); ++i) {
    if (!card_of_page[i]) continue;
    CardPreflight& card = report.cards[*card_of_page[i]];
    const std::string where = number_pages ? label + " p. " + std::to_string(i + 1) : label;
    if (i < pdfx.pages.size())
      for (const auto& f : pdfx.pages[i]) add(card, PreflightCheck::Pdfx, where + ": " + f);
    checks::check_colours(pdf.content[i], press, where, card);
  }
}

// Small light text and thin rules knocked out of a rich ground, page by
// page of a CMYK file (`file`): warnings on the card (card_checks.h). A
// page with such text is rendered in CMYK, and the ink printed at the
// letters' edges decides (a keep-away lowers it).
void check_knockouts(const ReadPdf& pdf, const fs::path& file, const std::string& label,
                     const checks::PressCheck& press, std::span<const std::optional<size_t>> card_of_page,
                     std::span<const render::Raster> rasters, bool number_pages, PreflightReport& report) {
  for (size_t i = 0; i < card_of_page.size() && i < pdf.content.size(); ++i) {
    if (!card_of_page[i] || *card_of_page[i] >= rasters.size() || *card_of_page[i] >= report.cards.size()) continue;
    const std::string where = number_pages ? label + " p. " + std::to_string(i + 1) : label;
    CardPreflight predicted;
    checks::check_knockouts(pdf.content[i], rasters[*card_of_page[i]], press, where, predicted);
    const bool text = std::any_of(predicted.warnings.begin(), predicted.warnings.end(),
                                  [](const std::string& w) { return w.find(" light text") != std::string::npos; });
    std::vector<exporters::InkCoverage> printed;
    if (text) {
      try {
        const int page = static_cast<int>(i + 1);
        printed = exporters::render_cmyk_pages(file, checks::kSeparationDpi, page, page);
      } catch (const std::exception&) {
        printed.clear();  // the separations check says why it cannot render the file
      }
    }
    checks::check_knockouts(pdf.content[i], rasters[*card_of_page[i]], press, where, report.cards[*card_of_page[i]],
                            printed.empty() ? nullptr : &printed.front());
  }
}

// The cards as the layout paints them (fitted to the shop's card), written
// to an RGB PDF and rendered by Ghostscript as the shop file is: what the
// separations are compared with (page_render.h). Rendered when first asked
// for; empty, said once, when it cannot be. The pages' blends are composed
// first as the package's are (exporters/flatten.h blends_for_press: for
// PDF/X-1a all, for PDF/X-4 those over near black): the blends composed in
// RGB are the reference, and Ghostscript samples the same pixels of the
// same images on both sides. What stays live is blended by the RIP in CMYK
// and compared with the RGB blend.
class References {
 public:
  explicit References(std::span<const layout::LaidOutCard> cards) : cards_(cards) {}
  std::span<const render::Raster> get(const checks::PressCheck& press, PreflightReport& report) {
    if (done_) return own_;
    done_ = true;
    std::vector<page::Page> composed;
    std::vector<const page::Page*> pages;
    composed.reserve(cards_.size());
    pages.reserve(cards_.size());
    for (const auto& card : cards_) composed.push_back(exporters::blends_for_press(card.page, *press.colours));
    for (const auto& page : composed) pages.push_back(&page);
    try {
      own_ = render_layout_pages(pages, checks::kSeparationDpi);
    } catch (const std::exception& e) {
      report.general.push_back({PreflightCheck::Separations, std::string("the cards' own rendering: ") + e.what()});
    }
    return own_;
  }

 private:
  std::span<const layout::LaidOutCard> cards_;
  std::vector<render::Raster> own_;
  bool done_ = false;
};

// The press checks of a deck PDF: each page against its card, in the
// deck's order (a back, then its front; or the other way round).
// True when they ran (the file is held to a press condition).
bool check_press_deck(const ReadPdf& deck, const fs::path& file, const PrintProfile& profile,
                      std::span<const layout::CardSide> sides, References& references, const project::Project& project,
                      PreflightReport& report) {
  auto press = press_check(profile, file, project, report);
  if (!press) return profile.cmyk_condition.has_value();
  std::vector<std::optional<size_t>> card_of_page;
  for (const auto& side : sides) {
    const std::optional<size_t> front = side.front;
    card_of_page.push_back(profile.deck_back_first ? side.back : front);
    card_of_page.push_back(profile.deck_back_first ? front : side.back);
  }
  check_press_file(deck, file, profile.deck_pdf, *press, card_of_page, true, report);
  const std::span<const render::Raster> rasters = references.get(*press, report);
  check_knockouts(deck, file, profile.deck_pdf, *press, card_of_page, rasters, true, report);
  checks::check_separations(file, profile.deck_pdf, *press, card_of_page, rasters, true, report);
  return true;
}

// The bleed of every page of a shop PDF, rendered as the shop's RIP would:
// what goes to the shop, not the card images beside it. A back on many
// pages is looked at on each (a page of its own may be spoilt).
void check_page_bleeds(const fs::path& file, const std::string& label,
                       std::span<const std::optional<size_t>> card_of_page, std::span<const layout::LaidOutCard> cards,
                       std::span<const render::Raster> rasters, const PrintProfile& profile, PreflightReport& report) {
  std::vector<render::Raster> pages;
  try {
    pages = render_rgb_pages(file, checks::kPageBleedDpi);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Bleed, label + ": " + e.what()});
    return;
  }
  std::map<size_t, render::Raster> drawn;  // cards without an image: their layout, rendered once
  for (size_t i = 0; i < card_of_page.size() && i < pages.size(); ++i) {
    const auto c = card_of_page[i];
    if (!c || *c >= cards.size()) continue;
    const render::Raster* reference = *c < rasters.size() ? &rasters[*c] : nullptr;
    if (!reference || reference->width <= 0) {
      auto [it, fresh] = drawn.try_emplace(*c);
      if (fresh) it->second = render::render_raster(cards[*c].page, checks::kPageBleedDpi);
      reference = &it->second;
    }
    checks::check_page_bleed(pages[i], *reference, cards[*c].page, profile, label + " p. " + std::to_string(i + 1),
                             report.cards[*c]);
  }
}

// Which card each page of the shop's PDFs shows: fronts and backs page i
// card i's front and back; a deck each card's back and front in its order.
struct PageCards {
  std::vector<std::optional<size_t>> fronts, backs, deck;
};
PageCards page_cards(std::span<const layout::CardSide> sides, bool back_first) {
  PageCards out;
  for (const auto& side : sides) {
    const std::optional<size_t> front = side.front;
    out.fronts.push_back(front);
    out.backs.push_back(side.back);
    out.deck.push_back(back_first ? side.back : front);
    out.deck.push_back(back_first ? front : side.back);
  }
  return out;
}

// The press checks of fronts and backs PDFs; true when they ran (the files
// are held to a press condition).
bool check_press_sides(const ShopPdfs& pdfs, const fs::path& game_dir, const PrintProfile& profile,
                       std::span<const layout::CardSide> sides, References& references, const project::Project& project,
                       PreflightReport& report) {
  auto press = pdfs.fronts ? press_check(profile, game_dir / profile.fronts_pdf, project, report) : std::nullopt;
  if (!press) return profile.cmyk_condition.has_value();
  const PageCards on_page = page_cards(sides, profile.deck_back_first);
  const std::span<const render::Raster> rasters = references.get(*press, report);
  check_press_file(*pdfs.fronts, game_dir / profile.fronts_pdf, profile.fronts_pdf, *press, on_page.fronts, true,
                   report);
  check_knockouts(*pdfs.fronts, game_dir / profile.fronts_pdf, profile.fronts_pdf, *press, on_page.fronts, rasters,
                  true, report);
  checks::check_separations(game_dir / profile.fronts_pdf, profile.fronts_pdf, *press, on_page.fronts, rasters, true,
                            report);
  if (pdfs.backs) {
    check_press_file(*pdfs.backs, game_dir / profile.backs_pdf, profile.backs_pdf, *press, on_page.backs, false,
                     report);
    check_knockouts(*pdfs.backs, game_dir / profile.backs_pdf, profile.backs_pdf, *press, on_page.backs, rasters, false,
                    report);
    // Numbered: the back fills every page, and one of them may be spoilt.
    checks::check_separations(game_dir / profile.backs_pdf, profile.backs_pdf, *press, on_page.backs, rasters, true,
                              report);
  }
  return true;
}

// The bleed of every page of the package's PDFs (a deck, or fronts and backs).
void check_pdf_bleeds(const fs::path& game_dir, const PrintProfile& profile, const ShopPdfs& pdfs,
                      std::span<const layout::CardSide> sides, std::span<const layout::LaidOutCard> cards,
                      std::span<const render::Raster> rasters, PreflightReport& report) {
  const PageCards on_page = page_cards(sides, profile.deck_back_first);
  if (pdfs.whole) {
    check_page_bleeds(game_dir / profile.deck_pdf, profile.deck_pdf, on_page.deck, cards, rasters, profile, report);
    return;
  }
  if (pdfs.fronts)
    check_page_bleeds(game_dir / profile.fronts_pdf, profile.fronts_pdf, on_page.fronts, cards, rasters, profile,
                      report);
  if (pdfs.backs)
    check_page_bleeds(game_dir / profile.backs_pdf, profile.backs_pdf, on_page.backs, cards, rasters, profile, report);
}

// The checks a package of this profile gives nothing to: said as not
// checked, never passed.
void note_not_run(const PrintProfile& profile, bool press, PreflightReport& report) {
  const bool pdfs = !profile.deck_pdf.empty() || !profile.fronts_pdf.empty();
  if (profile.images_dir.empty())
    for (auto c : {PreflightCheck::Image, PreflightCheck::Content})
      report.not_run.push_back({c, "the shop takes no card images"});
  if (!pdfs)
    for (auto c : {PreflightCheck::Boxes, PreflightCheck::Text, PreflightCheck::Lines, PreflightCheck::Fonts,
                   PreflightCheck::Marks})
      report.not_run.push_back({c, "the shop takes no PDF"});
  if (!press)
    for (auto c : {PreflightCheck::Colour, PreflightCheck::Ink, PreflightCheck::Black, PreflightCheck::Pdfx,
                   PreflightCheck::Separations})
      report.not_run.push_back({c, pdfs ? "RGB files" : "the shop takes RGB images"});
}

}  // namespace

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

namespace {

// `files:` of a profile. A key given as "" (or left out, for deck) means the
// shop takes no such file.
void read_files(const model::Value& files, const std::string& id, PrintProfile& p, Diagnostics& diags) {
  MapReader f(files, "files of profile '" + id + "'", settings::profile_files_schema(), diags);
  // The names become files `build --profile` writes and `preflight` reads
  // under <out>/<game>/: plain relative paths only (core/names.h), so that
  // none leads out of it ("../x", "/x"), PDFs named .pdf, each file once.
  std::vector<std::string> taken;
  auto name = [&](const char* key, bool pdf) -> std::string {
    auto text = f.text(key);
    if (!text || text->empty()) return {};
    const model::Value& at = *f.find(key);
    std::string why = path_name_problem(*text);
    if (why.empty() && pdf && !text->ends_with(".pdf")) why = "does not end in .pdf";
    if (why.empty() && std::find(taken.begin(), taken.end(), *text) != taken.end()) why = "names a file named before";
    if (!why.empty()) {
      f.error(at, fmt::format("files of profile '{}': {} {} {}", id, key, c_quoted(*text, ControlEscape::Hex), why),
              "a file name under output/<game>/: parts of letters, digits, '-', '_', '.', '+' separated by '/' "
              "(meinspiel/fronts.pdf)");
      return {};
    }
    taken.push_back(*text);
    return *text;
  };
  // Only what the profile names: a shop that takes one deck PDF has no
  // fronts.pdf to look for.
  p.fronts_pdf = name("fronts", true);
  p.backs_pdf = name("backs", true);
  p.images_dir = name("images", false);
  p.deck_pdf = name("deck", true);
  if (p.fronts_pdf.empty() && p.deck_pdf.empty() && p.images_dir.empty())
    f.error(files, "files of profile '" + id + "' name nothing: give fronts and backs, deck, or images");
  if (auto o = f.choice("order", {"back-front", "front-back"})) p.deck_back_first = *o == "back-front";
  if (auto i = f.choice("image_format", {"jpg", "png"})) p.image_format = *i;
}

// `cards:` of a profile: the shop's card sizes by name, each
// {trim: [w, h], pixels: [w, h]} (pixels: of a whole card with bleed, where
// the shop counts pixels).
void read_cards(const model::Value& cards, const std::string& id, PrintProfile& p, Diagnostics& diags) {
  if (!cards.is_map() || cards.map.empty()) {
    diags.error(cards.loc, "cards of profile '" + id + "' must map card names to {trim: [w, h]}");
    return;
  }
  for (const auto& [name, v] : cards.map) {
    settings::detail::MapReader c(v, "card '" + name + "' of profile '" + id + "'", settings::shop_card_schema(),
                                  diags);
    ShopCard card{name, {}, std::nullopt};
    if (auto t = c.numbers("trim", 2, 1, 2000))
      card.trim = {(*t)[0], (*t)[1]};
    else
      c.error(v, "card '" + name + "' of profile '" + id + "' needs 'trim: [width, height]' (mm)");
    if (auto px = c.numbers("pixels", 2, 1, 20000))
      card.pixels = std::pair{static_cast<int>((*px)[0]), static_cast<int>((*px)[1])};
    p.cards.push_back(card);
  }
}

}  // namespace

PrintProfile PrintProfile::for_card(Size game_trim) const {
  PrintProfile p = *this;
  if (cards.empty()) return p;
  // How far apart two sizes are: the larger of the two axes' ratios, in
  // either direction (a card 3 % larger is as far as one 3 % smaller).
  auto distance = [&](const ShopCard& c) {
    return std::max(std::abs(std::log(c.trim.w / game_trim.w)), std::abs(std::log(c.trim.h / game_trim.h)));
  };
  const ShopCard& best = *std::min_element(
      cards.begin(), cards.end(), [&](const ShopCard& a, const ShopCard& b) { return distance(a) < distance(b); });
  p.card_id = best.id;
  p.trim = best.trim;
  if (best.pixels) {
    p.image_px = best.pixels;
    p.bleed = (best.pixels->first / image_dpi * 25.4 - best.trim.w) / 2;
  }
  return p;
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
  settings::detail::MapReader top(*doc, "profiles.yaml", settings::profiles_file_schema(), diags);
  const model::Value* list = top.find("profiles");
  if (!list) return std::nullopt;  // missing or not a map: reported by the reader
  if (list->map.empty()) {
    top.error(*list, "profiles.yaml needs a map 'profiles' with at least one profile");
    return std::nullopt;
  }
  for (const auto& [id, v] : list->map) {
    settings::detail::MapReader r(v, "profile '" + id + "'", settings::profile_schema(), diags);
    PrintProfile p;
    p.id = id;
    p.loc = v.key_loc;
    p.name = r.text("name").value_or(id);
    if (const model::Value* files = r.find("files")) read_files(*files, id, p, diags);
    if (const model::Value* cards = r.find("cards")) read_cards(*cards, id, p, diags);
    if (auto t = r.numbers("trim", 2, 1, 2000)) p.trim = {(*t)[0], (*t)[1]};
    // Where the shop counts pixels, they say the bleed.
    const bool pixels = std::any_of(p.cards.begin(), p.cards.end(), [](const ShopCard& c) { return c.pixels; });
    if (auto b = r.number("bleed", 0, 50, !pixels)) p.bleed = *b;
    if (auto s = r.number("safe", 0, 100, true)) p.safe = *s;
    if (auto d = r.number("image_dpi", 1, 10000)) p.image_dpi = *d;
    if (auto d = r.number("min_image_ppi", 1, 10000)) p.min_image_ppi = *d;
    if (auto c = r.choice("image_color", all_names(settings::kImageColourNames)))
      p.image_color = value_of(settings::kImageColourNames, *c).value_or(settings::ImageColour::Rgb);
    if (auto t = r.number("text_min_pt", 0, 100)) p.text_min_pt = *t;
    if (auto t = r.number("text_min_light_on_dark_pt", 0, 100)) p.text_min_light_on_dark_pt = *t;
    if (auto l = r.number("line_min_pt", 0, 100)) p.line_min_pt = *l;
    if (auto f = r.flag("fonts_embedded")) p.fonts_embedded = *f;
    if (auto m = r.flag("marks")) p.marks_allowed = *m;
    if (const model::Value* b = r.find("bleed_check")) {
      settings::detail::MapReader br(*b, "bleed_check of profile '" + id + "'", settings::bleed_check_schema(), diags);
      if (auto t = br.number("tolerance", 0, 442)) p.bleed_tolerance = *t;
      if (auto c = br.number("coverage", 0, 1)) p.bleed_coverage = *c;
    }
    if (auto c = r.text("color")) p.cmyk_condition = *c == "rgb" ? std::nullopt : std::optional(*c);
    if (auto x = r.choice("pdfx", {"X-4", "X-1a"}))
      p.pdfx = *x == "X-1a" ? exporters::PdfxLevel::X1a : exporters::PdfxLevel::X4;
    if (auto k = r.number("knockout_keep_away", 0, 2)) p.keep_away_pt = *k;
    if (!r.find("trim") && p.cards.empty())
      r.error(v, "profile '" + id + "' needs 'trim: [width, height]' or 'cards:'");
    if (!r.find("trim") && !p.cards.empty()) p.trim = p.cards.front().trim;
    out.profiles.push_back(p);
  }
  out.default_id = top.text("default").value_or(out.profiles.front().id);
  if (!out.find(out.default_id))
    top.error(*top.find("default"), "the default profile '" + out.default_id + "' is not defined");
  if (diags.error_count() > errors) return std::nullopt;
  return out;
}

PreflightReport preflight_game(const model::Game& game, std::span<const layout::LaidOutCard> cards,
                               const fs::path& game_dir, const PrintProfile& profile, const project::Project& project,
                               const std::string& build_command) {
  PreflightReport report;
  report.game = game.id;
  report.profile = &profile;
  report.build_command = build_command.empty() ? "kartenwerk build --profile " + profile.id : build_command;
  // Nothing was built there (no folder, or only the folders of other
  // builds: <game>/<variant>/ holds <game>/<variant>/<lang>/): one finding
  // naming the build, instead of one per file.
  std::error_code ec;
  bool built = fs::exists(game_dir / "manifest.json", ec);
  for (const auto& pdf : {profile.deck_pdf, profile.fronts_pdf, profile.backs_pdf})
    built = built || (!pdf.empty() && fs::exists(game_dir / pdf, ec));
  if (!built) {
    report.general.push_back(
        {PreflightCheck::Files, game_dir.generic_string() + " has no build (`" + report.build_command + "` makes it)"});
    return report;
  }
  std::vector<layout::CardSide> sides;
  try {
    sides = layout::card_sides(game, cards);
  } catch (const std::exception& e) {
    report.general.push_back({PreflightCheck::Files, e.what()});
    return report;
  }
  check_stale(game_dir, project, report);
  ShopPdfs pdfs = read_shop_pdfs(game_dir, profile, sides.size(), report);
  auto& fronts = pdfs.fronts;
  auto& backs = pdfs.backs;

  // One entry per laid-out card: fronts, then backs.
  report.cards.resize(cards.size());
  std::vector<render::Raster> rasters(cards.size());
  for (size_t i = 0; i < cards.size(); ++i) {
    CardPreflight& card = report.cards[i];
    card.stem = cards[i].stem;
    card.back = i >= sides.size();
    if (!profile.images_dir.empty())
      check_card_image(game_dir, profile, cards[i].page, card, rasters[i]);
    else  // a PDF-only package: the card as laid out is what its pages are compared with
      rasters[i] = render::render_raster(cards[i].page, checks::kSeparationDpi);
    check_safe_area(cards[i].page, profile, card);
    check_pictures(cards[i].page, profile, card);
  }
  check_pdf_bleeds(game_dir, profile, pdfs, sides, cards, rasters, report);
  for (size_t i = 0; i < sides.size(); ++i) {
    const size_t f = sides[i].front;
    if (fronts && i < fronts->content.size())
      checks::check_page(fronts->content[i], fronts->boxes[i], cards[f].page,
                         checks::Pixels{&rasters[f], cards[f].page.size}, profile,
                         pdfs.fronts_name + " p. " + std::to_string(pdfs.front_page(i)), report.cards[f]);
    if (!sides[i].back) {
      add(report.cards[f], PreflightCheck::Files, "the card has no back");
      continue;
    }
    const size_t b = *sides[i].back;
    if (backs && i < backs->content.size())
      checks::check_page(backs->content[i], backs->boxes[i], cards[b].page,
                         checks::Pixels{&rasters[b], cards[b].page.size}, profile, pdfs.backs_name, report.cards[b]);
  }
  References references(cards);
  const bool press = pdfs.whole ? check_press_deck(*pdfs.whole, game_dir / profile.deck_pdf, profile, sides, references,
                                                   project, report)
                                : check_press_sides(pdfs, game_dir, profile, sides, references, project, report);
  note_not_run(profile, press, report);
  return report;
}

std::string format_preflight(const PreflightReport& report) {
  const PrintProfile& p = *report.profile;
  std::string out = "preflight " + report.game + " against profile " + p.id + " (" + p.name + ")\n";
  out += fmt::format(
      "  trim {:g} x {:g} mm, bleed {:g} mm, safe {:g} mm, images {:g} dpi, pictures {:g} ppi, text {:g} pt "
      "(light on dark {:g} pt), lines {:g} pt{}\n",
      p.trim.w, p.trim.h, p.bleed, p.safe, p.image_dpi, p.min_image_ppi, p.text_min_pt, p.text_min_light_on_dark_pt,
      p.line_min_pt, p.marks_allowed ? "" : ", no marks");
  std::vector<std::string> files;
  for (const auto& f : {p.fronts_pdf, p.backs_pdf})
    if (!f.empty()) files.push_back(f);
  if (!p.deck_pdf.empty())
    files.push_back(p.deck_pdf + (p.deck_back_first ? " (back, front, ...)" : " (front, back, ...)"));
  if (!p.images_dir.empty())
    files.push_back(p.images_dir + (p.image_px ? "/front|back/<card>." : "/<card>.") + p.image_format +
                    (p.image_px ? fmt::format(" ({} x {} px)", p.image_px->first, p.image_px->second) : ""));
  out += "  files: " + fmt::format("{}", fmt::join(files, ", ")) + "\n";
  if (!p.card_id.empty()) out += "  card: " + p.card_id + "\n";
  if (!report.press.empty()) out += "  colour: CMYK, " + report.press + "\n";
  // Each check is listed as run or as not checked, with why: none passes
  // unlooked-at.
  std::string ran, skipped;
  for (const auto& [check, name] : kPreflightCheckNames) {
    auto why = std::find_if(report.not_run.begin(), report.not_run.end(),
                            [check = check](const auto& n) { return n.check == check; });
    if (why == report.not_run.end())
      ran += " " + std::string(name);
    else
      skipped += fmt::format("{}{} ({})", skipped.empty() ? " " : ", ", name, why->message);
  }
  out += "  checks:" + ran + "\n";
  if (!skipped.empty()) out += "  not checked:" + skipped + "\n";
  for (const auto& sheet : report.sheets) out += "  sheets: " + sheet + "\n";
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
      if (c.content_worst >= 0) measured.push_back(fmt::format("image ΔE {:.1f} at worst", c.content_worst));
      if (c.separations.measured())
        measured.push_back(
            fmt::format("separations ΔE {:.1f} in 95 %, {:.1f} at worst", c.separations.p95, c.separations.worst));
      for (const auto& [file, ppi] : c.pictures) measured.push_back(fmt::format("picture {} {:.0f} ppi", file, ppi));
      for (size_t k = 0; k < measured.size(); ++k) line += (k ? ", " : "") + measured[k];
      out += line + "\n";
    } else {
      out += line + "FAIL\n";
      for (const auto& f : c.findings) out += "      " + std::string(check_name(f.check)) + ": " + f.message + "\n";
    }
    for (const auto& w : c.warnings) out += "      warning: " + w + "\n";
  }
  size_t failed = report.failed_cards();
  out += report.game + ": " + (report.passed() ? "PASS" : "FAIL") + " (" +
         std::to_string(report.cards.size() - failed) + " of " + std::to_string(report.cards.size()) + " cards pass" +
         (report.general.empty() ? "" : ", " + std::to_string(report.general.size()) + " problem(s) with the files") +
         ")\n";
  return out;
}

}  // namespace kw::verify
