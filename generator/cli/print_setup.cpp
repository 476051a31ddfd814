#include "cli/print_setup.h"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <ostream>

#include "core/diagnostic.h"
#include "products/input_snapshot.h"
#include "products/shop_package.h"
#include "settings/print_config.h"
#include "verify/preflight.h"

namespace kw::cli {

namespace {

// What of the command line changes output, for the manifest's input hash.
std::string options_text(const BuildArgs& inv, const products::PrintOptions& print) {
  std::string text =
      inv.formats.empty() ? "formats=png,jpg,pdf" : fmt::format("formats={}", fmt::join(inv.formats, ","));
  if (!inv.variant.empty()) text += " variant=" + inv.variant;
  if (inv.color == ColorSpace::Cmyk) text += " color=cmyk";
  if (!inv.profile.empty()) text += " profile=" + inv.profile;
  if (inv.png == PngSize::Small) text += " png=small";  // other bytes in every PNG file
  if (!inv.tabletops.empty()) text += fmt::format(" tabletop={}", fmt::join(inv.tabletops, ","));
  if (!inv.tts_url.empty()) text += " tts-url=" + inv.tts_url;
  if (print.pnp)
    text += fmt::format(" cut-lines={} duplex-offset={:g},{:g}", print.pnp->cut_lines ? "yes" : "no",
                        print.pnp->duplex_offset.x, print.pnp->duplex_offset.y);
  return text;
}

// A shop's package for each game, chosen by the same profile method
// (PrintProfile::for_card) that `preflight --profile` checks against.
class ProfileShop : public products::ShopChooser {
 public:
  ProfileShop(verify::PrintProfile profile, std::optional<exporters::CmykSettings> cmyk)
      : profile_(std::move(profile)), cmyk_(std::move(cmyk)) {}

  products::ShopPackage package_for(Size game_trim) const override {
    const verify::PrintProfile p = profile_.for_card(game_trim);
    products::ShopPackage shop;
    shop.id = p.id;
    shop.card = {.trim = p.trim, .bleed = p.bleed, .safe = p.safe, .corner_radius = 0};
    shop.card_name = p.card_id;
    shop.fronts_pdf = p.fronts_pdf;
    shop.backs_pdf = p.backs_pdf;
    shop.deck_pdf = p.deck_pdf;
    shop.deck_back_first = p.deck_back_first;
    shop.images_dir = p.image_px ? p.images_dir : "";  // else the game's own JPEGs are the images
    shop.image_format = p.image_format;
    shop.image_px = p.image_px;
    shop.cmyk = cmyk_;
    return shop;
  }

 private:
  verify::PrintProfile profile_;
  std::optional<exporters::CmykSettings> cmyk_;
};

// build --profile NAME: the profile and its press condition.
int setup_shop(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
               std::ostream& err) {
  Diagnostics diags;
  auto profiles = verify::load_print_profiles(project, diags);
  if (!profiles) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  const verify::PrintProfile* profile = profiles->find(inv.profile);
  if (!profile) {
    std::vector<std::string> known;
    for (const auto& p : profiles->profiles) known.push_back(p.id);
    fmt::print(err, "kartenwerk: unknown profile '{}' (profiles: {})\n", inv.profile, fmt::join(known, ", "));
    return 2;
  }
  std::optional<exporters::CmykSettings> cmyk;
  if (profile->cmyk_condition) {
    cmyk = exporters::load_cmyk_settings(project, diags, *profile->cmyk_condition);
    if (!cmyk) {
      err << format_diagnostics(diags, &project);
      return 1;
    }
    cmyk->pdfx = profile->pdfx.value_or(exporters::PdfxLevel::X4);
  }
  print.shop = std::make_shared<ProfileShop>(*profile, std::move(cmyk));
  return 0;
}

}  // namespace

int setup_print_options(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
                        std::ostream& err) {
  print.jobs = inv.jobs;  // the command line checked it (1 to 1024, or 0: all cores)
  print.png = inv.png == PngSize::Small ? render::PngCompression::Small : render::PngCompression::Fast;
  print.progress = &err;
  print.progress_terminal = ::isatty(STDERR_FILENO) == 1;

  Diagnostics diags;
  print.pnp = settings::load_pnp_settings(project, diags);
  if (diags.has_errors()) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  if (print.pnp) {
    if (inv.cut_lines) print.pnp->cut_lines = true;
    if (inv.duplex_offset) print.pnp->duplex_offset = *inv.duplex_offset;
  }
  if (inv.color == ColorSpace::Cmyk) {
    print.cmyk = exporters::load_cmyk_settings(project, diags);
    if (!print.cmyk) {
      err << format_diagnostics(diags, &project);
      return 1;
    }
  }
  if (!inv.profile.empty())
    if (int status = setup_shop(inv, project, print, err)) return status;
  try {
    print.input = products::snapshot_inputs(project, options_text(inv, print));
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace kw::cli
